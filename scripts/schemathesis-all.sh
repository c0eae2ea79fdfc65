#!/usr/bin/env bash
# `make schemathesis`: scripts/schemathesis.sh in its three modes (token, open, accounts) side by
# side. Each has its own server, database, port and report directory (.build/schemathesis/MODE),
# so they share nothing but the binary and the virtualenv, which are prepared once first. Each
# mode's output is shown whole when it ends, in that order; any mode's failure fails the run.
# Side by side the three take about as long as the slowest (accounts) alone does.
set -euo pipefail
cd "$(dirname "$0")/.."
SCHEMATHESIS_MODE=prepare scripts/schemathesis.sh

modes=(token open accounts)
logs=$(mktemp -d "${TMPDIR:-/tmp}/quickactiond-schemathesis-all.XXXXXX")
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$logs"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

started=$SECONDS
for mode in "${modes[@]}"; do
    SCHEMATHESIS_MODE=$mode SCHEMATHESIS_REPORT_DIR=.build/schemathesis/$mode \
        scripts/schemathesis.sh "$@" >"$logs/$mode.log" 2>&1 &
    pids+=($!)
done
status=0 failed=()
for i in "${!modes[@]}"; do
    code=0
    wait "${pids[$i]}" || code=$?
    echo "======== schemathesis, ${modes[$i]} mode (exit $code)"
    cat "$logs/${modes[$i]}.log"
    if [ "$code" -ne 0 ]; then status=1; failed+=("${modes[$i]}"); fi
done
pids=()
if [ "$status" -eq 0 ]; then
    echo "schemathesis: all three modes clean in $((SECONDS - started)) s"
else
    echo "schemathesis: FAILED in ${failed[*]} mode ($((SECONDS - started)) s)" >&2
fi
exit "$status"
