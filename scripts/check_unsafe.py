#!/usr/bin/env python3
"""scripts/check_unsafe.py: unsafe code only where C is.

    check_unsafe.py [--list] [SOURCES_DIR]

Lists, per module of SOURCES_DIR (default: Sources), each use of unsafe code in its Swift files,
and exits 1 when one lies outside the places allowed below. `make lint` runs it.

What counts as a use (comments and string literals are skipped): any word containing `unsafe`
in any case (`Unsafe…Pointer`, `withUnsafe…`, `unsafeBitCast`, `nonisolated(unsafe)`, the
`unsafe` keyword), `Unmanaged`, `@unchecked`, and the calls that hand out a pointer or read
through one: `withUTF8`, `withContiguous…StorageIfAvailable`, `baseAddress`, `pointee`,
`OpaquePointer`, `assumingMemoryBound`, `bindMemory`, `memcmp`/`memchr`/`memcpy`/`memmove`/
`memset`.

The rule: pointers, unmanaged references and unchecked sendability live where a C library is
called, or in a building block whose safe API holds them in:
- HTTPServer: libmicrohttpd.
- Sharding: shards and per-thread rows on cache lines of their own, references read without
  reference counting.
- Cryptography: libcrypto and getrandom(2).
- The storage backends: SQLite and libpq (the StorageSQLite and StoragePostgreSQL modules).
- One documented type each where the module may import nothing of ours (ALLOWED_FILES).

Everything else uses safe APIs: Span, FileHandle, the types above. (A C function called with
`&value`, Swift's pointer to one value for the length of the call, is not listed.)

--list prints every use, allowed ones included.
"""
import os
import re
import sys

# Modules whose whole source may hold unsafe code, with the reason.
ALLOWED_MODULES = {
    "HTTPServer": "libmicrohttpd's C interface",
    "Sharding": "shards and rows on cache lines of their own; references read unretained",
    "Cryptography": "libcrypto and getrandom(2)",
    "StorageSQLite": "SQLite's C interface",
    "StoragePostgreSQL": "libpq's C interface",
}

# Folders of a module that may hold unsafe code, with the reason (none today).
ALLOWED_FOLDERS: dict = {}

# Single files allowed, with the reason.
ALLOWED_FILES = {
    "QuickActionsClient/Transport/InlineDelegateQueue.swift":
        "restates OperationQueue's own @unchecked Sendable, as Swift asks a subclass to; it adds no state",
    "QuickActionsClient/Support/LockedState.swift":
        "LockedState, the client's one lock-guarded box (the library builds for iOS 17, before Synchronization's Mutex)",
    "QuickActions/Text/StringBytes.swift":
        "StringBytes, the domain's one door to a string's UTF-8 in place (the domain imports nothing of ours)",
}

PATTERN = re.compile(
    r"[A-Za-z_]*[Uu]nsafe[A-Za-z_]*"
    r"|\bUnmanaged\b|@unchecked\b"
    r"|\bwithUTF8\b|\bwithContiguous(?:Mutable)?StorageIfAvailable\b"
    r"|\bbaseAddress\b|\bpointee\b|\bOpaquePointer\b|\bassumingMemoryBound\b|\bbindMemory\b"
    r"|\bmem(?:cmp|chr|cpy|move|set)\b"
)


STRING_OPENER = re.compile(r'(#*)("""|")')


def strip(text, string_fill=" "):
    """`text` with comments and the contents of string literals blanked (newlines kept, so
    line numbers hold). Handles nested block comments, raw strings (#"…"#), multi-line
    strings and interpolations (whose code is kept and checked). A string literal's characters
    become `string_fill` (a space unless given), so a caller can tell a line of a string from a
    line of comment."""
    out = []
    i = 0
    n = len(text)
    # A stack of open string literals: (hashes, multiline, depth of interpolation parentheses).
    strings = []

    def blank(chunk, fill=" "):
        out.append("".join("\n" if c == "\n" else fill for c in chunk))

    while i < n:
        if strings and strings[-1][2] is None:
            hashes, multiline, _ = strings[-1]
            closer = ('"""' if multiline else '"') + "#" * hashes
            if text.startswith(closer, i):
                blank(closer, string_fill)
                strings.pop()
                i += len(closer)
                continue
            if text.startswith("\\" + "#" * hashes + "(", i):
                opener = "\\" + "#" * hashes + "("
                blank(opener, string_fill)
                strings[-1] = (hashes, multiline, 1)
                i += len(opener)
                continue
            if text[i] == "\\" and hashes == 0:
                blank(text[i:i + 2], string_fill)
                i += 2
                continue
            blank(text[i], string_fill)
            i += 1
            continue
        # Code (top level, or inside an interpolation).
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(text[i:end])
            i = end
            continue
        if text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(text[i:j])
            i = j
            continue
        match = STRING_OPENER.match(text, i)
        if match and (match.group(1) or text[i] == '"'):
            hashes, quote = len(match.group(1)), match.group(2)
            blank(match.group(0), string_fill)
            strings.append((hashes, quote == '"""', None))
            i += len(match.group(0))
            continue
        if strings:
            hashes, multiline, depth = strings[-1]
            if text[i] == "(":
                strings[-1] = (hashes, multiline, depth + 1)
            elif text[i] == ")":
                strings[-1] = (hashes, multiline, None if depth == 1 else depth - 1)
                if depth == 1:
                    blank(")", string_fill)
                    i += 1
                    continue
        out.append(text[i])
        i += 1
    return "".join(out)


def allowance(relative):
    """Why `relative` (a path under the sources, with its module first) may hold unsafe code, or None."""
    module = relative.split("/", 1)[0]
    if module in ALLOWED_MODULES:
        return ALLOWED_MODULES[module]
    for folder, reason in ALLOWED_FOLDERS.items():
        if relative.startswith(folder + "/"):
            return reason
    return ALLOWED_FILES.get(relative)


def main(argv):
    show_all = "--list" in argv
    paths = [a for a in argv if not a.startswith("--")]
    root = paths[0] if paths else "Sources"
    uses = {}  # module -> [(relative path, line number, word, line, reason)]
    for directory, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(directory, name)
            relative = os.path.relpath(path, root).replace(os.sep, "/")
            with open(path, encoding="utf-8") as handle:
                original = handle.read()
            code = strip(original).split("\n")
            lines = original.split("\n")
            reason = allowance(relative)
            for number, line in enumerate(code, 1):
                for match in PATTERN.finditer(line):
                    uses.setdefault(relative.split("/", 1)[0], []).append(
                        (relative, number, match.group(0), lines[number - 1].strip(), reason))

    refused = [use for found in uses.values() for use in found if use[4] is None]
    print(f"unsafe code by module ({root}):")
    for module in sorted(uses):
        found = uses[module]
        bad = sum(1 for use in found if use[4] is None)
        reasons = sorted({use[4] for use in found if use[4]})
        where = "; ".join(reasons) if reasons else ""
        status = f"{bad} NOT ALLOWED" if bad else "allowed"
        print(f"  {module:<24} {len(found):>4}  {status}{': ' + where if where else ''}")
        if show_all:
            for relative, number, word, line, _ in found:
                print(f"      {relative}:{number}: {word}: {line}")
    if refused:
        print(f"\n{len(refused)} use(s) of unsafe code outside the allowed places (see scripts/check_unsafe.py):", file=sys.stderr)
        for relative, number, word, line, _ in refused:
            print(f"{root}/{relative}:{number}: {word}: {line}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
