#!/usr/bin/env bash
# Contract test: schemathesis (pinned in requirements-test.txt, installed into .venv) against
# openapi.yaml and the real quickactiond, with every check on, a fixed seed and bounded
# examples. Exceptions for requests that are valid by the schema but rightly refused live in
# schemathesis.toml, per operation and status, each with its reason. Exits non-zero on any finding.
#
# Three modes, as a user runs the server (SCHEMATHESIS_MODE), and two that run none:
#   prepare          installs schemathesis and builds the binary, then exits (scripts/schemathesis-all.sh
#                    runs it once before starting the three modes side by side).
#   token (default)  the server requires a random bearer token; the contract is the
#                    repository's openapi.yaml, which requires it on every operation but the probes.
#   open             the server runs as `make run` does (loopback, no token); the contract is the
#                    document the server itself serves at /openapi.yaml, which then requires none.
#   accounts         multi-account mode (--accounts, a random admin token): one account is created
#                    with the admin token and seeded with the demo contacts; then two runs against
#                    the repository's openapi.yaml, both of which must be clean: (a) the account's
#                    token on every operation but /accounts…, /metrics and /scheduled-items…, (b) the
#                    admin token on those only. (b) runs second: it deletes accounts.
# The single-account modes leave out /accounts…: that admin API exists only with --accounts.
#
# Usage: scripts/schemathesis.sh [extra schemathesis run options, e.g. --max-examples 5]
# Environment: SCHEMATHESIS_MODE (token, open or accounts), SCHEMATHESIS_SEED (default: the seed in schemathesis.toml),
#              SCHEMATHESIS_REPORT_DIR (default: .build/schemathesis; junit.xml lands there).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
started=$SECONDS

# The virtualenv: pip runs only when schemathesis is missing or not the pinned version, or
# requirements-test.txt changed since the last install (its other pins decide what a seed generates).
venv=.venv
stamp="$venv/.requirements-test.sha256"
wanted=$(sed -n 's/^schemathesis==\([^ ;#]*\).*/\1/p' requirements-test.txt)
[ -n "$wanted" ] || { echo "requirements-test.txt pins no schemathesis version" >&2; exit 2; }
digest=$(sha256sum requirements-test.txt | cut -d' ' -f1)
installed=$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("schemathesis"))' 2>/dev/null || true)
if [ "$installed" != "$wanted" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$digest" ]; then
    echo "installing requirements-test.txt (schemathesis $wanted) into $venv (found: ${installed:-none})"
    "$venv/bin/python" -c '' 2>/dev/null || python3 -m venv --clear "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
    echo "$digest" >"$stamp"
fi

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
schemathesis_pid=""
tail_pid=""
cleanup() {
    for pid in $schemathesis_pid $tail_pid; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in $schemathesis_pid $tail_pid; do wait "$pid" 2>/dev/null || true; done
    stop_server
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Incremental: a no-op when the debug binary is up to date.
if ! swift build --product quickactiond >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    echo "schemathesis: FAILED: swift build --product quickactiond did not succeed" >&2
    exit 1
fi
binary=.build/debug/quickactiond
[ "${SCHEMATHESIS_MODE:-}" = prepare ] && exit 0

# A fresh, seeded SQLite database (four demo contacts, two favorites), an ephemeral port and,
# in token mode, a random token, so the 401 of every protected operation is real.
mode=${SCHEMATHESIS_MODE:-token}
auth_args=() server_args=()
case "$mode" in
    token)
        token=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
        server_args=(--token "$token")
        auth_args=(-H "Authorization: Bearer $token")
        ;;
    open) ;;
    accounts)
        admin_token=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
        server_args=(--accounts --admin-token "$admin_token")
        ;;
    *) echo "SCHEMATHESIS_MODE must be token, open, accounts or prepare, not '$mode'" >&2; exit 2 ;;
esac
echo "schemathesis: $mode mode"
# Made here, not by the server's redirection: the loop below may read it before the
# background process has opened it (three modes start at once in `make schemathesis`).
: >"$work/stdout"
"$binary" --host 127.0.0.1 --port 0 --db "$work/quickactions.sqlite" --store sqlite "${server_args[@]}" \
    >"$work/stdout" 2>"$work/stderr" &
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
# Token and accounts modes test the repository's file; open mode what the running server says of itself.
schema=openapi.yaml
[ "$mode" = open ] && schema="$base/openapi.yaml"

report_dir=${SCHEMATHESIS_REPORT_DIR:-.build/schemathesis}
mkdir -p "$report_dir"
# Hypothesis's own caches go under .build too, not into the source tree.
case "$report_dir" in /*) HYPOTHESIS_STORAGE_DIRECTORY=$report_dir/hypothesis ;; *) HYPOTHESIS_STORAGE_DIRECTORY=$PWD/$report_dir/hypothesis ;; esac
export HYPOTHESIS_STORAGE_DIRECTORY
seed_args=()
[ -n "${SCHEMATHESIS_SEED:-}" ] && seed_args=(--seed "$SCHEMATHESIS_SEED")
extra_args=("$@")

# In multi-account mode the demo contacts are not seeded by the server: create one account with
# the admin token and post the same four contacts (two favorites) with its token.
if [ "$mode" = accounts ]; then
    created=$(curl -sS --fail-with-body -X POST "$base/accounts" -H "Authorization: Bearer $admin_token" \
        -H 'Content-Type: application/json' --data '{"name":"schemathesis"}') || {
        echo "POST /accounts failed: $created" >&2
        exit 1
    }
    account_token=$(python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])' <<<"$created")
    # Sources/StorageCore/DemoContacts.swift, in its order.
    for contact in \
        '{"name":"Ada Lovelace","email":"ada@example.com","favorite":true}' \
        '{"name":"Anders Ångström","email":"anders@example.se","favorite":false}' \
        '{"name":"Grace Hopper","email":"grace@example.com","favorite":true}' \
        '{"name":"Alan Turing","email":null,"favorite":false}'; do
        answer=$(curl -sS --fail-with-body -X POST "$base/contacts" -H "Authorization: Bearer $account_token" \
            -H 'Content-Type: application/json' --data "$contact") || {
            echo "POST /contacts failed: $answer" >&2
            exit 1
        }
    done
    echo "schemathesis: account created and seeded with the 4 demo contacts"
fi

# One schemathesis run: run_schemathesis LABEL JUNIT_FILE [options...]. Sets run_status, and
# prints the closing lines "schemathesis clean ..." (or FAILED) and
# "schemathesis: P passed, F failed, S skipped".
run_status=0
run_schemathesis() {
    local label=$1 junit=$2
    shift 2
    local log="$work/schemathesis-${label//[^a-z]/-}.log" run_started=$SECONDS
    # In the background, so a SIGTERM to this script stops it (and the server) at once instead
    # of after the run; its output is shown as it comes. Made before either background job
    # starts, so `tail` never races the redirection.
    export PYTHONUNBUFFERED=1
    : >"$log"
    "$venv/bin/schemathesis" --config-file schemathesis.toml run "$schema" \
        --url "$base" \
        "$@" \
        --checks all \
        --phases examples,coverage,fuzzing,stateful \
        --workers 1 \
        --request-timeout 10 \
        --no-color \
        --report junit --report-dir "$report_dir" --report-junit-path "$report_dir/$junit" \
        "${seed_args[@]}" "${extra_args[@]}" >"$log" 2>&1 &
    schemathesis_pid=$!
    tail -n +1 -f --pid="$schemathesis_pid" "$log" &
    tail_pid=$!
    run_status=0
    wait "$schemathesis_pid" || run_status=$?
    schemathesis_pid=""
    wait "$tail_pid" || true
    tail_pid=""

    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "quickactiond died during the run; its stderr:" >&2
        tail -n 50 "$work/stderr" >&2
        [ "$run_status" -ne 0 ] || run_status=1
    fi

    local elapsed=$((SECONDS - run_started))
    # Schemathesis's own tally, e.g. "6036 generated, 6036 passed, 28 skipped" or
    # "4253 generated, 1 found 1 unique failure, 28 skipped", becomes the closing line
    # "schemathesis: P passed, F failed, S skipped" (F counts unique failures; P the other cases).
    local cases generated passed found failures skipped seed
    cases=$(sed -n '/^Test cases:/{n;s/^ *//;p;q}' "$log")
    generated=$(count generated "$cases"); passed=$(count passed "$cases"); found=$(count found "$cases")
    failures=$(sed -n 's/.* \([0-9][0-9]*\) unique failure.*/\1/p' <<<"$cases"); skipped=$(count skipped "$cases")
    : "${generated:=0}" "${found:=0}" "${failures:=0}" "${skipped:=0}"
    [ -n "$passed" ] || passed=$((generated - found))
    seed=$(sed -n 's/^Seed: *//p' "$log" | tail -n 1)
    if [ "$run_status" -eq 0 ]; then
        echo "schemathesis clean against quickactiond in $label (seed ${seed:-?}, ${elapsed}s)"
    else
        # The server's own account of what went wrong (e.g. the storage error behind a 503).
        if grep -q '"level":"error"' "$work/stderr"; then
            echo "quickactiond logged these errors (last 20):" >&2
            grep '"level":"error"' "$work/stderr" | tail -n 20 >&2
        fi
        echo "schemathesis FAILED in $label with exit code $run_status (seed ${seed:-?}, ${elapsed}s); JUnit report: $report_dir/$junit" >&2
        [ "$failures" -gt 0 ] || failures=1
    fi
    echo "schemathesis: $passed passed, $failures failed, $skipped skipped"
}
count() { sed -n "s/.*\b\([0-9][0-9]*\) $1.*/\1/p" <<<"$2"; }

status=0
case "$mode" in
    token | open)
        run_schemathesis "$mode mode" junit.xml "${auth_args[@]}" --exclude-path-regex '^/accounts'
        status=$run_status
        ;;
    accounts)
        run_schemathesis "accounts mode, account token" junit-accounts-account.xml \
            -H "Authorization: Bearer $account_token" --exclude-path-regex '^/(accounts|metrics|scheduled-items)'
        status=$run_status
        run_schemathesis "accounts mode, admin token" junit-accounts-admin.xml \
            -H "Authorization: Bearer $admin_token" --include-path-regex '^/(accounts|metrics|scheduled-items)'
        [ "$status" -ne 0 ] || status=$run_status
        ;;
esac
stop_server
exit "$status"
