#!/usr/bin/env python3
"""scripts/check-architecture.py: every import follows the documented module arrows.

    scripts/check-architecture.py [--package-json FILE]

The arrows live in one place: the fenced block after the line
`<!-- module arrows: checked by scripts/check-architecture.py -->` in ARCHITECTURE.md, one line
per module, `Module -> Dep1, Dep2` (nothing after `->` when it imports nothing of ours; `#`
starts a comment). The targets come from `swift package dump-package` (or from FILE, that
command's JSON output).

Fails (exit 1, one line per problem, each saying what to change) when:
- a Swift target of Sources/ has no line, or a line names a module that is not a target;
- a line and the target's dependencies in Package.swift differ (the arrows are the
  dependencies: the diagram says what is true);
- a source file imports a module that is not one of its target's arrows. For test targets
  (and the test-support targets under Tests/), which need no line, an import must be one of
  the target's dependencies in Package.swift.
Foundation, the C library and the toolchain's own modules are always allowed (ALWAYS below).

Standard library only; reads each file once, so it runs in well under a second.
"""
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOC = "ARCHITECTURE.md"
MARKER = "<!-- module arrows: checked by scripts/check-architecture.py -->"

# Modules every target may import: Foundation, the platform's C library, the toolchain's own.
ALWAYS = {
    "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "Dispatch", "Synchronization", "Glibc", "Musl", "Darwin", "Android", "WinSDK",
    "XCTest", "Testing", "UIKit", "os",
}

# `import X`, `@testable import X`, `@_exported import X`, `import struct X.Y`, `@preconcurrency import X`.
IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+"
    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"
)


def fail_usage(message):
    print(f"check-architecture: {message}", file=sys.stderr)
    sys.exit(2)


def read_arrows():
    """{module: (set of dependencies, line number)} from ARCHITECTURE.md's arrows block."""
    path = os.path.join(ROOT, DOC)
    with open(path, encoding="utf-8") as text:
        lines = text.read().split("\n")
    try:
        start = lines.index(MARKER)
    except ValueError:
        fail_usage(f"{DOC} has no line `{MARKER}` followed by the fenced block of module arrows")
    index = start + 1
    while index < len(lines) and not lines[index].startswith("```"):
        index += 1
    if index == len(lines):
        fail_usage(f"{DOC}:{start + 1}: no fenced block (```) after the arrows marker")
    arrows, problems = {}, []
    index += 1
    while index < len(lines) and not lines[index].startswith("```"):
        line = lines[index].split("#", 1)[0].strip()
        number = index + 1
        index += 1
        if not line:
            continue
        if "->" not in line:
            problems.append(f"{DOC}:{number}: `{line}` is not `Module -> Dep1, Dep2`")
            continue
        module, targets = (part.strip() for part in line.split("->", 1))
        if module in arrows:
            problems.append(f"{DOC}:{number}: {module} has a second line; merge it into the one on line {arrows[module][1]}")
            continue
        dependencies = {name.strip() for name in targets.split(",") if name.strip()}
        arrows[module] = (dependencies, number)
    return arrows, problems


def package():
    """The manifest as `swift package dump-package` prints it."""
    if len(sys.argv) == 3 and sys.argv[1] == "--package-json":
        with open(sys.argv[2], encoding="utf-8") as text:
            return json.load(text)
    if len(sys.argv) != 1:
        fail_usage("usage: scripts/check-architecture.py [--package-json FILE]")
    swift = shutil.which("swift") or "/opt/swift/usr/bin/swift"
    if not os.path.exists(swift):
        fail_usage("swift is not on PATH (nor at /opt/swift/usr/bin): it reads Package.swift")
    run = subprocess.run([swift, "package", "dump-package"], cwd=ROOT, capture_output=True, text=True)
    if run.returncode != 0:
        fail_usage(f"swift package dump-package failed:\n{run.stderr}")
    return json.loads(run.stdout)


def dependency_name(dependency):
    """A target dependency's module name: byName, target or product (the first field of each)."""
    for kind in ("byName", "target", "product"):
        if kind in dependency:
            return dependency[kind][0]
    return None


def target_directory(target):
    if target.get("path"):
        return target["path"]
    return os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])


def imports(path):
    """(line number, module) for each import in a Swift file, outside comments and multi-line strings."""
    found = []
    in_block_comment = in_string = False
    with open(path, encoding="utf-8") as text:
        for number, line in enumerate(text, 1):
            stripped = line.strip()
            if in_string:
                if '"""' in stripped:
                    in_string = False
                continue
            if in_block_comment:
                if "*/" in stripped:
                    in_block_comment = False
                continue
            if stripped.startswith("/*") and "*/" not in stripped:
                in_block_comment = True
                continue
            if stripped.count('"""') % 2 == 1:
                in_string = True
                continue
            match = IMPORT.match(line)
            if match:
                found.append((number, match.group(1)))
    return found


def main():
    arrows, problems = read_arrows()
    manifest = package()
    targets = {target["name"]: target for target in manifest["targets"]}

    def is_test_side(target):
        return target["type"] == "test" or target_directory(target).startswith("Tests" + os.sep)

    def line_of(module):
        """The module's arrows line as written, for messages."""
        dependencies, number = arrows[module]
        return f"{DOC}:{number}, `{module} ->{' ' if dependencies else ''}{', '.join(sorted(dependencies))}`"

    for module, (dependencies, number) in sorted(arrows.items(), key=lambda item: item[1][1]):
        if module not in targets:
            problems.append(f"{DOC}:{number}: the arrows name the module {module}, which is not a target of Package.swift: "
                            f"rename or remove its line")
            continue
        for dependency in sorted(dependencies - set(targets)):
            problems.append(f"{DOC}:{number}: {module} -> {dependency}: {dependency} is not a target of Package.swift: "
                            f"rename or remove it on that line")

    for name, target in targets.items():
        declared = {dependency_name(d) for d in target.get("dependencies", [])} - {None}
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        test_side = is_test_side(target)
        if not test_side:
            if name not in arrows:
                problems.append(f"Package.swift: the target {name} has no line in {DOC}'s module arrows: add "
                                f"`{name} -> {', '.join(sorted(declared))}` there (and say what it is for in the list below it)")
                continue
            documented, number = arrows[name]
            for missing in sorted(declared - documented):
                problems.append(f"Package.swift: {name} depends on {missing}, which its arrows ({line_of(name)}) do not draw: "
                                f"add {missing} to that line, or remove the dependency from Package.swift")
            for extra in sorted((documented - declared) & set(targets)):
                problems.append(f"{DOC}:{number}: the arrow {name} -> {extra} is not a dependency of {name} in Package.swift: "
                                f"add \"{extra}\" to {name}'s dependencies there, or remove it from that line")
            allowed, where = documented & declared, f"its arrows ({line_of(name)})"
        else:
            allowed, where = declared, "its dependencies in Package.swift"
        directory = os.path.join(ROOT, target_directory(target))
        for folder, subfolders, files in os.walk(directory):
            subfolders.sort()
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(folder, file)
                for number, module in imports(path):
                    if module in ALWAYS or module in allowed or module == name:
                        continue
                    relative = os.path.relpath(path, ROOT)
                    if test_side:
                        advice = f"add \"{module}\" to {name}'s dependencies in Package.swift, or remove the import"
                    elif module in declared:
                        advice = f"Package.swift declares it: if {name} may use {module}, add it to that line; otherwise remove the import"
                    elif module in documented:
                        advice = f"the arrow is drawn: add \"{module}\" to {name}'s dependencies in Package.swift"
                    elif module in targets:
                        advice = (f"if {name} may use {module}, add \"{module}\" to {name}'s dependencies in Package.swift "
                                  f"and to that line; otherwise remove the import")
                    else:
                        advice = (f"{module} is neither a target nor a toolchain module: if it is one, add it to ALWAYS in "
                                  f"scripts/check-architecture.py; otherwise remove the import")
                    problems.append(f"{relative}:{number}: {name} imports {module}, which is not in {where}: {advice}")

    if problems:
        print(f"check-architecture: {len(problems)} import(s) or arrow(s) disagree with {DOC}'s module arrows", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    checked = sum(1 for target in targets.values() if target["type"] not in ("system", "binary", "plugin", "macro"))
    print(f"check-architecture: {checked} targets' imports follow {DOC}'s module arrows")
    return 0


if __name__ == "__main__":
    sys.exit(main())
