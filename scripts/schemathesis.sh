#!/usr/bin/env bash
# Contract test: schemathesis (pinned in requirements-test.txt, installed into .venv) against
# openapi.yaml and the real quickactiond, with every check on, a fixed seed and bounded
# examples. Exceptions for requests that are valid by the schema but rightly refused live in
# schemathesis.toml, per operation and status, each with its reason. Exits non-zero on any finding.
#
# Usage: scripts/schemathesis.sh [extra schemathesis run options, e.g. --max-examples 5]
# Environment: SCHEMATHESIS_SEED (default: the seed in schemathesis.toml),
#              SCHEMATHESIS_REPORT_DIR (default: .build/schemathesis; a JUnit report lands there).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
started=$SECONDS

venv=.venv
wanted=$(sed -n 's/^schemathesis==\([^ ;#]*\).*/\1/p' requirements-test.txt)
[ -n "$wanted" ] || { echo "requirements-test.txt pins no schemathesis version" >&2; exit 2; }
installed=$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("schemathesis"))' 2>/dev/null || true)
if [ "$installed" != "$wanted" ]; then
    echo "installing schemathesis $wanted into $venv (found: ${installed:-none})"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
fi

# Incremental: a no-op when the binary is up to date.
swift build --product quickactiond >/dev/null
binary=.build/debug/quickactiond

work=$(mktemp -d "${TMPDIR:-/tmp}/quickactiond-schemathesis.XXXXXX")
server_pid=""
stop_server() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        for _ in $(seq 1 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    server_pid=""
}
cleanup() {
    stop_server
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A fresh, seeded SQLite database (four demo contacts, two favorites), an ephemeral port and
# a random token, so the 401 of every protected operation is real.
token=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
"$binary" --host 127.0.0.1 --port 0 --db "$work/quickactions.sqlite" --store sqlite --token "$token" \
    --log-level warning >"$work/stdout" 2>"$work/stderr" &
server_pid=$!
port=""
for _ in $(seq 1 300); do
    port=$(sed -n 's|^quickactiond listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$work/stdout")
    [ -n "$port" ] && break
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
done
if [ -z "$port" ]; then
    echo "quickactiond did not start:" >&2
    cat "$work/stdout" "$work/stderr" >&2
    exit 1
fi
base="http://127.0.0.1:$port"

report_dir=${SCHEMATHESIS_REPORT_DIR:-.build/schemathesis}
mkdir -p "$report_dir"
# Hypothesis's own caches go under .build too, not into the source tree.
export HYPOTHESIS_STORAGE_DIRECTORY="$PWD/.build/schemathesis/hypothesis"
seed_args=()
[ -n "${SCHEMATHESIS_SEED:-}" ] && seed_args=(--seed "$SCHEMATHESIS_SEED")

status=0
"$venv/bin/schemathesis" --config-file schemathesis.toml run openapi.yaml \
    --url "$base" \
    -H "Authorization: Bearer $token" \
    --checks all \
    --phases examples,coverage,fuzzing,stateful \
    --workers 1 \
    --request-timeout 10 \
    --no-color \
    --report junit --report-dir "$report_dir" \
    "${seed_args[@]}" "$@" || status=$?

if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "quickactiond died during the run; its stderr:" >&2
    tail -n 50 "$work/stderr" >&2
    [ "$status" -ne 0 ] || status=1
fi
stop_server

elapsed=$((SECONDS - started))
if [ "$status" -eq 0 ]; then
    echo "schemathesis: clean (openapi.yaml vs quickactiond, all checks, ${elapsed}s)"
else
    echo "schemathesis: FAILED with exit code $status (${elapsed}s); see the findings above and $report_dir" >&2
fi
exit "$status"
