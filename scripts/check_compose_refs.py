#!/usr/bin/env python3
"""scripts/check_compose_refs.py: what the compose-spec schema cannot see in docker-compose.yml.

    check_compose_refs.py COMPOSE_FILE

Checks that every `depends_on` names a service of the file, every named volume a service mounts
is declared under `volumes:`, every bind-mounted host path exists (the nginx config), the upstream
servers of a mounted nginx config are services of the file, and a quickactiond service listens on
0.0.0.0 with a --db whose host is a service. Prints one line per problem; exits 1 if any.
Needs ruamel.yaml (installed with check-jsonschema, requirements-compose.txt).
"""
import os
import re
import sys

from ruamel.yaml import YAML


def volume_mounts(service):
    """(source, target, kind) of each entry of a service's `volumes:`, short or long syntax."""
    for entry in service.get("volumes") or []:
        if isinstance(entry, str):
            parts = entry.split(":")
            if len(parts) == 1:  # an anonymous volume: a container path only
                continue
            source = parts[0]
            kind = "bind" if source.startswith((".", "/", "~")) else "volume"
            yield source, parts[1], kind
        else:
            yield entry.get("source"), entry.get("target"), entry.get("type", "volume")


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    path = sys.argv[1]
    base = os.path.dirname(os.path.abspath(path))
    with open(path) as source:
        document = YAML(typ="safe").load(source)
    services = document.get("services") or {}
    declared_volumes = set((document.get("volumes") or {}).keys())
    problems = []
    for name, service in services.items():
        depends = service.get("depends_on") or []
        for target in depends if isinstance(depends, list) else depends.keys():
            if target not in services:
                problems.append(f"{name}: depends_on '{target}', which is not a service of {path}")
        for source, target, kind in volume_mounts(service):
            if kind == "volume" and source and source not in declared_volumes:
                problems.append(f"{name}: named volume '{source}' is not declared under volumes:")
            if kind == "bind" and source:
                host = os.path.normpath(os.path.join(base, os.path.expanduser(source)))
                if not os.path.exists(host):
                    problems.append(f"{name}: bind-mounted '{source}' does not exist")
                elif target and target.startswith("/etc/nginx/"):
                    with open(host) as conf:
                        text = re.sub(r"#[^\n]*", "", conf.read())
                    for upstream in re.findall(r"^\s*server\s+([A-Za-z0-9._-]+):\d+", text, re.M):
                        if upstream not in services:
                            problems.append(f"{name}: {source} balances to '{upstream}', which is not a service")
        command = service.get("command") or []
        if isinstance(command, list) and "--db" in command:
            if "--host" not in command or command[command.index("--host") + 1] != "0.0.0.0":
                problems.append(f"{name}: quickactiond must listen with --host 0.0.0.0 in a container")
            url = command[command.index("--db") + 1] if command.index("--db") + 1 < len(command) else ""
            host = re.match(r"postgres(?:ql)?://(?:[^@/]*@)?([^:/?]+)", url)
            if host and host.group(1) not in services:
                problems.append(f"{name}: --db names host '{host.group(1)}', which is not a service")
    for problem in problems:
        print(f"compose check: {problem}", file=sys.stderr)
    if not problems:
        print(f"compose references: {len(services)} services, {len(declared_volumes)} named volume(s): OK")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
