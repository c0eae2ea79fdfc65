#!/usr/bin/env bash
# Checks docker-compose.yml without a Docker engine (part of `make docker-check`):
#   1. `docker compose config -q` when the compose plugin is installed (it is not on the CI
#      machines: there is a docker CLI but no compose);
#   2. always: the file against the Compose Specification's JSON schema (deploy/compose-spec.json,
#      see deploy/SOURCES.md) with check-jsonschema (pinned in requirements-compose.txt, in .venv);
#   3. always: cross-references the schema cannot see (scripts/check_compose_refs.py);
#   4. when nginx is installed: `nginx -t` on deploy/nginx-compose.conf, with the service names
#      replaced by 127.0.0.1 (they resolve only inside the compose network).
# Environment: COMPOSE_FILE_TO_CHECK (default docker-compose.yml), VENV (default .venv).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

file=${COMPOSE_FILE_TO_CHECK:-docker-compose.yml}
VENV=${VENV:-.venv}
fail() {
    echo "compose check: FAIL: $*" >&2
    exit 1
}
[ -f "$file" ] || fail "no $file in $(pwd)"

# The variables the file requires (${VAR:?...}), with placeholder values: config only interpolates.
placeholders=(QUICKACTIOND_TOKEN=check POSTGRES_PASSWORD=check)
if command -v docker >/dev/null && docker compose version >/dev/null 2>&1; then
    echo "== docker compose config"
    env "${placeholders[@]}" docker compose -f "$file" config -q || fail "docker compose config rejected $file"
else
    echo "== docker compose config: skipped (no compose plugin here); schema check only"
fi

echo "== compose-spec schema"
stamp="$VENV/.requirements-compose.sha256"
digest=$(sha256sum requirements-compose.txt | cut -d' ' -f1)
if [ ! -x "$VENV/bin/check-jsonschema" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$digest" ]; then
    [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV" \
        || fail "python3 -m venv $VENV failed (on Debian's python3: apt-get install python3-venv)"
    "$VENV/bin/python" -m pip install --disable-pip-version-check -q -r requirements-compose.txt
    echo "$digest" >"$stamp"
fi
"$VENV/bin/check-jsonschema" --schemafile deploy/compose-spec.json "$file" || fail "$file does not match the compose-spec schema"

echo "== cross-references"
"$VENV/bin/python" scripts/check_compose_refs.py "$file" || fail "$file has dangling references"
if command -v nginx >/dev/null; then
    echo "== nginx -t deploy/nginx-compose.conf"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    sed -E -e 's/(server[[:space:]]+)[A-Za-z0-9._-]+:/\1127.0.0.1:/' -e "s#^pid .*#pid $tmp/nginx.pid;#" \
        -e "s#^error_log .*#error_log $tmp/error.log warn;#" deploy/nginx-compose.conf >"$tmp/nginx.conf"
    nginx -t -q -c "$tmp/nginx.conf" || fail "nginx -t rejected deploy/nginx-compose.conf"
fi
echo "compose check: OK ($file)"
