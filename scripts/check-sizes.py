#!/usr/bin/env python3
"""scripts/check-sizes.py: no hand-written Swift file over 400 lines, no function over 60.

    scripts/check-sizes.py [--list] [PATH...]

Reads every Swift file under PATH (default: Sources, Tests, fuzz and Package.swift, from the
repository's root) and exits 1, one line per problem, when:
- a file has more than MAX_FILE_LINES lines (every line counts, as `wc -l` counts them). Files
  under Sources/<module>/Generated/ are made by scripts (embed-openapi.sh, embed-preview.sh)
  and are not checked.
- a function has more than MAX_FUNCTION_LINES lines of body.

What a function is: a `func`, `init`, `deinit` or `subscript` with a body, a computed property
or property observers (`var name: Type { … }`), and a closure stored as a function
(`let name = { … }` or `var name: (A) -> B = { … }`). A closure passed as an argument, and a
function declared inside another, are part of the function that holds them.

What counts as a line of body: the lines strictly between the line of the body's `{` and the
line of its `}`, less the blank ones and those holding only comments (doc comments included).
A line of a multi-line string literal counts. Braces in comments and strings are skipped
(check_unsafe.py's reader, which knows nested block comments, raw and multi-line strings and
interpolations).

--list prints every file and function over half its limit, largest first.
Standard library only; `make lint` runs it (target check-architecture).
"""
import bisect
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_unsafe import strip  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 60
DEFAULT_PATHS = ["Sources", "Tests", "fuzz", "Package.swift"]
GENERATED = re.compile(r"^Sources/[^/]+/Generated/")

# A declaration that may have a body. Group "kind" says which; "name" is its name where it has one.
DECLARATION = re.compile(
    r"\b(?P<kind>func)\s+(?P<name>[A-Za-z_][A-Za-z0-9_]*|[-+*/%<>=!&|^~?.]+)"
    r"|(?<![.\w])(?P<init>init|deinit|subscript)\b(?=\s*[?!]?\s*[(<{])"
    r"|\b(?P<var>var|let)\s+(?P<property>[A-Za-z_][A-Za-z0-9_]*)\b"
    r"|\b(?P<type>class|struct|enum|extension|actor|protocol)\s+"
    r"(?!(?:func|var|let|init|subscript|static|override|final)\b)(?P<typename>[A-Za-z_][A-Za-z0-9_.]*)"
)
# What may come before `var`/`let` on its line for it to declare a property (not `if let x {`).
MODIFIERS = {
    "public", "private", "fileprivate", "internal", "package", "open", "static", "class", "final", "override",
    "lazy", "weak", "unowned", "nonisolated", "mutating", "nonmutating", "dynamic", "required", "convenience",
}
PROPERTY_PREFIX = re.compile(r"^(?:\s*(?:@[A-Za-z_]+(?:\([^)]*\))?|[a-z]+(?:\([a-z]+\))?))*\s*$")
# Words that begin another declaration or statement: seen at the start of a line of a signature,
# outside its parentheses and before any `{`, they mean the declaration had no body (a protocol
# requirement, a declaration without a body).
NEXT_DECLARATION = re.compile(
    r"(?:func|init|deinit|subscript|var|let|case|class|struct|enum|extension|actor|protocol|typealias|import|"
    r"public|private|fileprivate|internal|package|static|override|mutating|nonmutating|nonisolated|"
    r"if|guard|for|while|return|switch|do|defer|throw)\b|[@#}]"
)
# After a property's name: an optional type, `=`, then the closure's `{` and nothing else.
STORED_CLOSURE = re.compile(r"^\s*(?::[^=]*)?=\s*\{$")


def matching_brace(code, open_index):
    """Index of the `}` closing the `{` at open_index in stripped code, or None."""
    depth = 0
    for index in range(open_index, len(code)):
        character = code[index]
        if character == "{":
            depth += 1
        elif character == "}":
            depth -= 1
            if depth == 0:
                return index
    return None


def body_start(code, start, kind):
    """Index of the `{` that opens the body of the declaration whose keyword or name ends at
    `start`, or None when it has none. Parentheses and brackets (parameters, types, default
    values) are skipped. A property's `{` must be on its first line: right after its type (a
    computed property, observers) or right after its `=` (a stored closure)."""
    depth = 0
    index = start
    line_start = False
    while index < len(code):
        character = code[index]
        if character in "([":
            depth += 1
        elif character in ")]":
            depth -= 1
            if depth < 0:
                return None
        elif depth == 0:
            if character == "{":
                if kind == "property" and "=" in code[start:index] and not STORED_CLOSURE.search(code[start:index + 1]):
                    return None
                return index
            if character == "}":
                return None
            if character == "\n" and kind == "property":
                return None
        if character == "\n":
            line_start = True
        elif line_start and not character.isspace():
            line_start = False
            if depth == 0 and NEXT_DECLARATION.match(code, index):
                return None
        index += 1
    return None


def functions(code):
    """(name, line of the declaration, index of `{`, index of `}`) for each function in stripped code."""
    found = []
    types = []  # (name, open, close)
    newlines = [index for index, character in enumerate(code) if character == "\n"]
    for match in DECLARATION.finditer(code):
        if match.group("type"):
            open_index = body_start(code, match.end(), "type")
            close = matching_brace(code, open_index) if open_index is not None else None
            if close is not None:
                types.append((match.group("typename"), open_index, close))
            continue
        kind = "property" if match.group("var") else "function"
        if kind == "property":
            line_begin = code.rfind("\n", 0, match.start()) + 1
            prefix = code[line_begin:match.start()]
            words = re.findall(r"(?<![@(\w])[a-z]+", prefix)
            if not PROPERTY_PREFIX.match(prefix) or any(word not in MODIFIERS for word in words):
                continue
        open_index = body_start(code, match.end(), kind)
        if open_index is None:
            continue
        close = matching_brace(code, open_index)
        if close is None:
            continue
        if match.group("kind"):
            name = match.group("name")
        elif match.group("init"):
            name = match.group("init")
        else:
            name = match.group("property")
        line = bisect.bisect_left(newlines, match.start()) + 1
        owner = [t for t in types if t[1] < match.start() < t[2]]
        owner.sort(key=lambda t: t[1])
        qualified = f"{owner[-1][0]}.{name}" if owner else name
        found.append((qualified, line, open_index, close))
    return found


def body_lines(code, open_index, close):
    """Lines of body between the `{` and the `}` (their own lines excluded), less blank and comment-only lines."""
    first = code.count("\n", 0, open_index) + 1
    last = code.count("\n", 0, close) + 1
    lines = code.split("\n")[first:last - 1]
    return sum(1 for line in lines if line.strip())


def swift_files(paths):
    for path in paths:
        full = os.path.join(ROOT, path)
        if os.path.isfile(full):
            yield path
            continue
        for directory, subdirectories, files in os.walk(full):
            subdirectories.sort()
            for name in sorted(files):
                if name.endswith(".swift"):
                    yield os.path.relpath(os.path.join(directory, name), ROOT).replace(os.sep, "/")


def main(argv):
    show = "--list" in argv
    paths = [argument for argument in argv if not argument.startswith("--")] or DEFAULT_PATHS
    problems, listed = [], []
    files = functions_checked = 0
    for relative in swift_files(paths):
        if GENERATED.match(relative):
            continue
        files += 1
        with open(os.path.join(ROOT, relative), encoding="utf-8") as handle:
            text = handle.read()
        total = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        if total > MAX_FILE_LINES:
            problems.append(f"{relative}: {total} lines, over {MAX_FILE_LINES}: split it into files of one concern each")
        if total > MAX_FILE_LINES // 2:
            listed.append((total, f"{relative}: {total} lines"))
        # Strings' characters kept as `x`: their lines count, their braces do not.
        code = strip(text, string_fill="x")
        for name, line, open_index, close in functions(code):
            functions_checked += 1
            count = body_lines(code, open_index, close)
            if count > MAX_FUNCTION_LINES:
                problems.append(f"{relative}:{line}: {name} has {count} lines of body, over {MAX_FUNCTION_LINES}: "
                                f"split it into functions named for what each part does")
            if count > MAX_FUNCTION_LINES // 2:
                listed.append((count, f"{relative}:{line}: {name}: {count} lines of body"))
    if show:
        for _, text in sorted(listed, key=lambda item: -item[0]):
            print(f"  {text}")
    if problems:
        print(f"check-sizes: {len(problems)} file(s) or function(s) over their size", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print(f"check-sizes: {files} Swift files within {MAX_FILE_LINES} lines, "
          f"{functions_checked} functions within {MAX_FUNCTION_LINES} lines of body")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
