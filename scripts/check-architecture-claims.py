#!/usr/bin/env python3
"""scripts/check-architecture-claims.py: what ARCHITECTURE.md says of the code is true of it.

    scripts/check-architecture-claims.py

check-architecture.py holds the module arrows; this holds the rest of ARCHITECTURE.md's claims
that a program can check. It fails (exit 1, one line per problem, each saying what to change)
when:

1. Unsafe code: the places the list after `<!-- unsafe code: checked by
   scripts/check-architecture-claims.py -->` names (one `- `Module`` or `- `Module/path.swift``
   per line) differ from those scripts/check_unsafe.py allows (ALLOWED_MODULES, ALLOWED_FOLDERS,
   ALLOWED_FILES), or one of them does not exist under Sources/.
2. The fast-path table (the table under "## Fast paths"): its "where" column names a type, a
   member (`Type.member`), a file (`Name.swift`) or a declaration (`changes`) that Sources/ does
   not declare; its "invariant" column names a test suite (`…Tests`) that Tests/ does not
   declare, a flag that no source spells, or a figure that differs from the constant it is
   given for (`ShortcutListCache.rowCopyLimit` (64 KiB): the constant's value is 65,536).
3. Names in the rest of the document: a type or member in backquotes (`SQLiteGroupCommit`,
   `Router.api`, `Application.run(arguments:environment:)`) that no Swift file under Sources/
   or Tests/ mentions (a renamed or deleted type), or a test suite (`…Tests`) that Tests/ does
   not declare.
4. The backends: a module Storage<Backend> makes public (`public`/`open` at the top level) a
   declaration other than those the sentence "… is public only through …" names in
   backquotes, or declares a top-level type without its backend's prefix (`SQLite…`,
   `PostgreSQL…`).

Standard library only; comments and strings of the Swift files are skipped (check_unsafe.py's
reader). `make lint` runs it (target check-architecture).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_unsafe  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = "ARCHITECTURE.md"
UNSAFE_MARKER = "<!-- unsafe code: checked by scripts/check-architecture-claims.py -->"
FAST_PATHS_HEADING = "## Fast paths"
BACKENDS = {"StorageSQLite": "SQLite", "StoragePostgreSQL": "PostgreSQL"}
UNITS = {"KiB": 1 << 10, "MiB": 1 << 20, "KB": 1000, "MB": 1000 * 1000}

IDENTIFIER = r"[A-Za-z_][A-Za-z0-9_]*"
# `Name`, `Name.member`, `Name.member(label:)`, `Name.member(...)`: a name the code must have.
NAME_PATH = re.compile(rf"^({IDENTIFIER}(?:\.{IDENTIFIER})*)(\([^`]*\))?$")
TYPE_DECLARATION = re.compile(rf"\b(?:class|struct|enum|actor|protocol|typealias)\s+({IDENTIFIER})")
EXTENSION = re.compile(rf"\bextension\s+({IDENTIFIER}(?:\.{IDENTIFIER})*)")
MEMBER_DECLARATION = re.compile(
    rf"\b(?:func|var|let|case|class|struct|enum|actor|protocol|typealias)\s+({IDENTIFIER})"
    rf"|\bcase\s+[^\n]*?,\s*({IDENTIFIER})"
)
# A file of the repository, by its name (`Routes.swift`, `openapi.yaml`, `scripts/check_unsafe.py`).
FILE_NAME = re.compile(r"^[A-Za-z0-9_./+-]+\.(?:swift|md|yaml|yml|json|h|c|modulemap|py|sh|txt)$")
def repository_files():
    """Every file's path under the repository (hidden folders and .build left out, but .ci)."""
    paths = set()
    for directory, subdirectories, names in os.walk(ROOT):
        subdirectories[:] = [name for name in subdirectories if not name.startswith(".") or name == ".ci"]
        paths.update(os.path.relpath(os.path.join(directory, name), ROOT).replace(os.sep, "/") for name in names)
    return paths


REPOSITORY_FILES = repository_files()
PACKAGE_WORDS = set(re.findall(IDENTIFIER, open(os.path.join(ROOT, "Package.swift"), encoding="utf-8").read()))
# Swift's words: in backquotes they name no declaration of ours (`let`, `if let`).
KEYWORDS = {"let", "var", "if", "init", "self", "nil", "true", "false", "public", "internal", "private", "static"}


def read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


class Code:
    """The Swift files of a folder, comments and strings blanked, and what they declare."""

    def __init__(self, folder):
        self.files = {}  # path relative to ROOT -> code
        for directory, subdirectories, names in os.walk(os.path.join(ROOT, folder)):
            subdirectories.sort()
            for name in sorted(names):
                if name.endswith(".swift"):
                    path = os.path.join(directory, name)
                    self.files[os.path.relpath(path, ROOT)] = check_unsafe.strip(read(path))
        # Every word of the folder's files of any kind, strings included (SQL, C, the manifest).
        self.text_words = set()
        for directory, _, names in os.walk(os.path.join(ROOT, folder)):
            for name in names:
                if name.endswith((".swift", ".c", ".h", ".modulemap")):
                    self.text_words.update(re.findall(IDENTIFIER, read(os.path.join(directory, name))))
        self.types = {}  # type name -> files that declare or extend it
        self.members = set()
        self.words = set()
        for path, code in self.files.items():
            for match in TYPE_DECLARATION.finditer(code):
                self.types.setdefault(match.group(1), set()).add(path)
            for match in EXTENSION.finditer(code):
                self.types.setdefault(match.group(1).split(".")[-1], set()).add(path)
            for match in MEMBER_DECLARATION.finditer(code):
                self.members.add(match.group(1) or match.group(2))
            self.words.update(re.findall(IDENTIFIER, code))

    def has_member(self, type_name, member):
        """Whether a file that declares or extends `type_name` declares `member` (a function,
        property, case or nested type)."""
        pattern = re.compile(
            rf"\b(?:func|var|let|case|class|struct|enum|actor|protocol|typealias|static)\s+(?:[^\n=(:{{]*?\s)?{re.escape(member)}\b"
            rf"|\bcase\s+[^\n]*?\b{re.escape(member)}\b"
            rf"|\b{re.escape(member)}\s*:\s*[^\n]*\)\s*(?:throws[^\n]*)?(?:->[^\n]*)?\{{"
        )
        return any(pattern.search(self.files[path]) for path in self.types.get(type_name, ()))

    def constant(self, type_name, member):
        """The integer a `static let member = …` of `type_name` holds, if its value is arithmetic."""
        pattern = re.compile(rf"\blet\s+{re.escape(member)}\s*(?::\s*{IDENTIFIER})?\s*=\s*([0-9_ <>*+()-]+?)\s*$", re.M)
        for path in self.types.get(type_name, ()):
            match = pattern.search(self.files[path])
            if match:
                expression = match.group(1).replace("_", "")
                if re.fullmatch(r"[0-9 <>*+()-]+", expression):
                    return eval(expression, {"__builtins__": {}})  # digits and operators only
        return None


def unsafe_places(lines, problems):
    """The places ARCHITECTURE.md's unsafe list names, compared with check_unsafe.py's."""
    try:
        start = lines.index(UNSAFE_MARKER)
    except ValueError:
        problems.append(f"{DOC}: no line `{UNSAFE_MARKER}` before the list of places unsafe code may be")
        return
    named = {}
    for number in range(start + 1, len(lines)):
        line = lines[number].strip()
        if not line and named:
            break
        match = re.match(r"^- `([^`]+)`", line)
        if match:
            named[match.group(1)] = number + 1
    allowed = set(check_unsafe.ALLOWED_MODULES) | set(check_unsafe.ALLOWED_FOLDERS) | set(check_unsafe.ALLOWED_FILES)
    for place in sorted(set(named) - allowed):
        problems.append(f"{DOC}:{named[place]}: `{place}` may hold unsafe code, says the list, but scripts/check_unsafe.py "
                        f"does not allow it: add it there with the reason, or remove it from the list")
    for place in sorted(allowed - set(named)):
        problems.append(f"scripts/check_unsafe.py allows unsafe code in {place}, which {DOC}'s list (line {start + 1}) "
                        f"does not name: add `- `{place}`: why` there, or remove it from check_unsafe.py")
    for place, number in sorted(named.items()):
        if not os.path.exists(os.path.join(ROOT, "Sources", place)):
            problems.append(f"{DOC}:{number}: `{place}` is not under Sources/: rename or remove it")


def fast_path_rows(lines):
    """(line number, where, invariant) for each row of the fast-path table."""
    try:
        start = next(index for index, line in enumerate(lines) if line.startswith(FAST_PATHS_HEADING))
    except StopIteration:
        return None
    rows = []
    for index in range(start + 1, len(lines)):
        line = lines[index]
        if line.startswith("## "):
            break
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[1] != "where":
            rows.append((index + 1, cells[1], " | ".join(cells[2:])))
    return rows


def check_declared(name, number, sources, problems, column):
    """A name of the "where" column: a file, a type, `Type.member`, or a declaration."""
    if name.endswith(".swift"):
        if not any(os.path.basename(path) == name for path in sources.files):
            problems.append(f"{DOC}:{number}: the fast-path table's {column} names {name}, which is not a file of Sources/")
        return
    match = NAME_PATH.match(name)
    if not match:
        return
    parts = match.group(1).split(".")
    if parts[0][0].isupper():
        if parts[0] not in sources.types:
            problems.append(f"{DOC}:{number}: the fast-path table's {column} names the type {parts[0]}, which Sources/ does not "
                            f"declare: write the type that holds this fast path now")
        elif len(parts) > 1 and not sources.has_member(parts[0], parts[1]):
            problems.append(f"{DOC}:{number}: the fast-path table's {column} names {parts[0]}.{parts[1]}, which {parts[0]} does "
                            f"not declare: write the member that holds this fast path now")
    elif parts[0] not in sources.members:
        problems.append(f"{DOC}:{number}: the fast-path table's {column} names {parts[0]}, which Sources/ does not declare")


def check_mentioned(name, number, sources, tests, problems, where):
    """A name elsewhere: a test suite must be declared in Tests/; a name of ours must still be
    in the code; a flag must be spelled by a source."""
    if name.startswith("--"):
        flag = re.match(r"--[a-z0-9-]+", name)
        if flag and not any(flag.group(0)[2:] in read(os.path.join(ROOT, path))
                            for path in sources.files if path.startswith(os.path.join("Sources", "quickactiond"))):
            problems.append(f"{DOC}:{number}: {where} names the flag {flag.group(0)}, which Sources/quickactiond does not read")
        return
    if FILE_NAME.match(name):
        if not any(path == name or path.endswith("/" + name) for path in REPOSITORY_FILES):
            problems.append(f"{DOC}:{number}: {where} names the file {name}, which the repository does not hold")
        return
    match = NAME_PATH.match(name)
    if not match or match.group(1) in KEYWORDS or name.endswith("_"):
        return
    parts = match.group(1).split(".")
    if parts[0].endswith("Tests") and len(parts) == 1:
        if parts[0] not in tests.types and not os.path.isdir(os.path.join(ROOT, "Tests", parts[0])):
            problems.append(f"{DOC}:{number}: {where} names the test suite {parts[0]}, which Tests/ does not declare: "
                            f"name the test that holds the claim")
        return
    known = sources.words | tests.words | sources.text_words | tests.text_words | PACKAGE_WORDS
    missing = [part for part in parts if part not in known]
    if parts[0] in sources.types and len(parts) > 1 and not sources.has_member(parts[0], parts[1]):
        missing.append(f"{parts[0]}.{parts[1]}")
    labels = re.findall(rf"({IDENTIFIER}):", match.group(2) or "")
    missing += [label for label in labels if label not in known]
    if missing:
        problems.append(f"{DOC}:{number}: {where} names `{name}`, but the code has no {', '.join(missing)}: "
                        f"write what the code calls it now")


def check_figures(text, number, sources, problems):
    """`Type.member` (N unit): the constant's value is N units."""
    for match in re.finditer(rf"`({IDENTIFIER})\.({IDENTIFIER})` \(([0-9][0-9,.]*)(?: ({'|'.join(UNITS)}))?\)", text):
        type_name, member, figure, unit = match.groups()
        value = sources.constant(type_name, member)
        if value is None:
            problems.append(f"{DOC}:{number}: {type_name}.{member} is given as {figure}{' ' + unit if unit else ''}, but it is "
                            f"not a `let` of {type_name} with a plain number: make it one, or drop the figure")
            continue
        said = float(figure.replace(",", "")) * UNITS.get(unit, 1)
        if said != value:
            problems.append(f"{DOC}:{number}: {type_name}.{member} is given as {figure}{' ' + unit if unit else ''}, but it is "
                            f"{value}: correct the figure")


def backend_publics(lines, sources, problems):
    """The backends' public declarations are those the sentence "public only through" names,
    and their top-level types carry their prefix."""
    text = " ".join(lines)
    sentence = next((part for part in re.split(r"(?<=\.)\s", text) if "is public only through" in part), None)
    if sentence is None:
        problems.append(f"{DOC}: no sentence says what a backend \"is public only through\"")
        return
    named = {name for name in re.findall(r"`([A-Za-z]+)`", sentence) if name.startswith(tuple(BACKENDS.values()))}
    public = {}
    for path, code in sources.files.items():
        module = path.split(os.sep)[1]
        if module not in BACKENDS:
            continue
        for match in re.finditer(rf"^(?:@{IDENTIFIER}\s+)*(public|open)\s+(?:final\s+)?(?:\w+\s+)*?"
                                 rf"(?:class|struct|enum|actor|protocol|typealias|func|var|let|extension)\s+({IDENTIFIER})",
                                 code, re.M):
            public[match.group(2)] = path
        for match in re.finditer(rf"^(?:(?:private|fileprivate|internal|package|public|open|final)\s+)*"
                                 rf"(?:class|struct|enum|actor|protocol|typealias)\s+({IDENTIFIER})", code, re.M):
            if not match.group(1).startswith(BACKENDS[module]):
                line = code.count("\n", 0, match.start()) + 1
                problems.append(f"{path}:{line}: {match.group(1)} is a type of {module} without its prefix "
                                f"({BACKENDS[module]}…), as {DOC} says every backend type has: rename it")
    for name in sorted(set(public) - named):
        problems.append(f"{public[name]}: {name} is public, but {DOC} says a backend is public only through "
                        f"{', '.join(sorted(named))}: make it internal, or name it in that sentence")
    for name in sorted(named - set(public)):
        problems.append(f"{DOC}: a backend is public through {name}, says the document, but no backend declares it public")


def main():
    lines = read(os.path.join(ROOT, DOC)).split("\n")
    sources, tests = Code("Sources"), Code("Tests")
    problems = []
    unsafe_places(lines, problems)

    rows = fast_path_rows(lines)
    if rows is None:
        problems.append(f"{DOC}: no heading `{FAST_PATHS_HEADING}…` with the table of fast paths")
        rows = []
    table_lines = {number for number, _, _ in rows}
    for number, where, invariant in rows:
        for name in re.findall(r"`([^`]+)`", where):
            check_declared(name, number, sources, problems, "\"where\" column")
        for name in re.findall(r"`([^`]+)`", invariant):
            check_mentioned(name, number, sources, tests, problems, "the fast-path table")
        check_figures(where + " " + invariant, number, sources, problems)

    in_block = False
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            in_block = not in_block
        if in_block or number in table_lines:
            continue
        for name in re.findall(r"`([^`]+)`", line):
            check_mentioned(name, number, sources, tests, problems, "the text")
        check_figures(line, number, sources, problems)

    backend_publics(lines, sources, problems)

    if problems:
        print(f"check-architecture-claims: {len(problems)} claim(s) of {DOC} the code does not hold", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print(f"check-architecture-claims: {DOC}'s unsafe places are check_unsafe.py's, its {len(rows)} fast paths name "
          f"what the code declares, its other names are in the code, and the backends are public as it says")
    return 0


if __name__ == "__main__":
    sys.exit(main())
