#!/usr/bin/env bash
# bench/compare.sh OLD_BINARY NEW_BINARY: two builds of quickactiond side by side, in alternating
# pairs, on the hot paths people use: GET /shortcuts at the default log level (info) and at
# warning, its 304, and POST /contacts with 16 writers. Each build runs on its own copy of the
# same store (20 contacts, 5 favorites, made through the API). Prints, per workload, each
# round's requests per second for both and the median of the per-round ratios (new / old).
#
# The pair's order alternates from round to round, so a machine that speeds up or slows down
# favours neither. Knobs: COMPARE_ROUNDS (default 7), COMPARE_SECONDS per run (default 4),
# COMPARE_ONLY (a pattern: only the workloads whose "NAME LEVEL" matches it).
# Everything runs on 127.0.0.1 on ephemeral ports and is stopped on exit.
set -euo pipefail

[ $# = 2 ] || { echo "usage: bench/compare.sh OLD_BINARY NEW_BINARY" >&2; exit 64; }
OLD=$(realpath "$1")
NEW=$(realpath "$2")
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export BENCH_DIR="$BENCH"
ROUNDS=${COMPARE_ROUNDS:-7}
SECONDS_PER_RUN=${COMPARE_SECONDS:-4}
T=$(mktemp -d "${TMPDIR:-/tmp}/quickactiond-compare.XXXXXX")
PIDS=()

cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$T"
}
trap cleanup EXIT INT TERM
fail() { printf 'compare: %s\n' "$*" >&2; exit 1; }

start() { # VAR NAME BINARY LEVEL: quickactiond on a copy of the seeded store; its URL into VAR
    local var=$1 name=$2 binary=$3 level=$4
    cp "$T/seed.sqlite" "$T/$name.sqlite"
    "$binary" --port 0 --db "$T/$name.sqlite" --no-seed --log-level "$level" >"$T/$name.out" 2>/dev/null &
    PIDS+=("$!")
    for _ in $(seq 200); do grep -qs 'listening on http://127.0.0.1:' "$T/$name.out" && break; sleep 0.05; done
    local port
    port=$(sed -n 's#.*listening on http://127\.0\.0\.1:\([0-9]*\).*#\1#p' "$T/$name.out" | head -1)
    [ -n "$port" ] || fail "$name did not start"
    printf -v "$var" '%s' "http://127.0.0.1:$port"
}
stop_last_two() {
    kill -TERM "${PIDS[-1]}" "${PIDS[-2]}" 2>/dev/null || true
    wait "${PIDS[-1]}" "${PIDS[-2]}" 2>/dev/null || true
    unset 'PIDS[-1]'
    unset 'PIDS[-1]'
}

requests_per_second() { # wrk arguments...: the run's rate (error statuses or socket errors fail the script)
    local out
    out=$(timeout 120 wrk "$@" 2>&1) || fail "wrk failed: $out"
    python3 - "$out" <<'EOF'
import json, sys
line = next(l for l in sys.argv[1].splitlines() if l.startswith("WRKJSON "))
summary = json.loads(line[len("WRKJSON "):])
errors = sum(summary[k] for k in ("connect", "read", "write", "status", "timeout"))
if errors:
    sys.exit(f"compare: {errors} errors in a run: {summary}")
print(f"{summary['requests'] * 1e6 / summary['duration_us']:.0f}")
EOF
}

# The store both sides start from: the bench's 20 contacts, 5 of them favorites, made by the
# old build (the new one migrates an older store forward; the old one refuses a newer schema).
"$OLD" --port 0 --db "$T/seed.sqlite" --no-seed >"$T/seed.out" 2>/dev/null &
SEED_PID=$!
PIDS+=("$SEED_PID")
for _ in $(seq 200); do grep -qs 'listening on http://127.0.0.1:' "$T/seed.out" && break; sleep 0.05; done
SEED="http://127.0.0.1:$(sed -n 's#.*listening on http://127\.0\.0\.1:\([0-9]*\).*#\1#p' "$T/seed.out" | head -1)"
for i in $(seq 20); do
    favorite=$([ "$i" -le 5 ] && echo true || echo false)
    code=$(curl -sS --max-time 10 -o /dev/null -w '%{http_code}' -X POST "$SEED/contacts" -H 'Content-Type: application/json' \
        -d "{\"name\":\"Contact $i\",\"email\":\"contact$i@example.com\",\"favorite\":$favorite}")
    [ "$code" = 201 ] || fail "seeding failed ($code)"
done
kill -TERM "$SEED_PID"; wait "$SEED_PID" 2>/dev/null || true

compare() { # NAME LEVEL SCRIPT PATH CONNECTIONS [etag]: with "etag", each side gets its own If-None-Match
    local name=$1 level=$2 script=$3 path=$4 connections=$5 conditional=${6:-}
    local old new ratios=() r a b
    [[ "$name $level" =~ ${COMPARE_ONLY:-.} ]] || return 0
    start old "old" "$OLD" "$level"
    start new "new" "$NEW" "$level"
    local old_args=(-t2 "-c$connections" "-d${SECONDS_PER_RUN}s" -s "$BENCH/$script")
    local new_args=("${old_args[@]}")
    if [ "$conditional" = etag ]; then
        old_args+=(-H "If-None-Match: $(curl -sS -D - -o /dev/null "$old$path" | tr -d '\r' | sed -n 's/^ETag: //Ip')")
        new_args+=(-H "If-None-Match: $(curl -sS -D - -o /dev/null "$new$path" | tr -d '\r' | sed -n 's/^ETag: //Ip')")
        [ "$(curl -sS -o /dev/null -w '%{http_code}' "${new_args[@]:5}" "$new$path")" = 304 ] || fail "no 304 from the new build"
    fi
    requests_per_second "${old_args[@]/-d${SECONDS_PER_RUN}s/-d2s}" "$old$path" >/dev/null
    requests_per_second "${new_args[@]/-d${SECONDS_PER_RUN}s/-d2s}" "$new$path" >/dev/null
    printf '%s (log level %s, %s connections, %s rounds of %s s):\n' "$name" "$level" "$connections" "$ROUNDS" "$SECONDS_PER_RUN"
    for r in $(seq "$ROUNDS"); do
        if [ $((r % 2)) = 1 ]; then
            a=$(requests_per_second "${old_args[@]}" "$old$path"); b=$(requests_per_second "${new_args[@]}" "$new$path")
        else
            b=$(requests_per_second "${new_args[@]}" "$new$path"); a=$(requests_per_second "${old_args[@]}" "$old$path")
        fi
        ratios+=("$(python3 -c "print(f'{$b / $a:.3f}')")")
        printf '  round %d: old %s req/s, new %s req/s, new/old %s\n' "$r" "$a" "$b" "${ratios[-1]}"
    done
    python3 -c "import statistics, sys; print(f'  median of per-round ratios: {statistics.median(map(float, sys.argv[1:])):.3f}')" "${ratios[@]}"
    stop_last_two
}

compare "GET /shortcuts" info plain.lua /shortcuts 64
compare "GET /shortcuts" warning plain.lua /shortcuts 64
compare "GET /shortcuts, 304" info plain.lua /shortcuts 64 etag
BENCH_RUN_TAG=$$ compare "POST /contacts" info post.lua /contacts 16
