#!/usr/bin/env bash
# bench/run.sh: the engine behind `make bench`. Measures quickactiond against floors that
# cannot be beaten on this machine (a plain C libmicrohttpd server serving the same bytes, a raw
# SQLite commit loop on the same disk), prints one table, and writes it to BENCHMARKS.md.
#
# Everything runs on 127.0.0.1, every load run and wait is bounded in time, and every process
# and temporary file it starts is removed on exit. Knobs (environment):
#   BENCH_SECONDS  seconds per GET /shortcuts run (default 4), BENCH_ROUNDS rounds (default 7)
#   BENCH_LOG_LEVEL  quickactiond --log-level for the measured runs (default warning)
#   BENCH_STREAMS  SSE streams (default 1000)
#   BENCH_QUIET_WAIT  longest wait, in seconds, for other CPU work to drop below 20% (default 60)
#   BENCH_RESULTS_DIR  keep the raw results (wrk outputs, JSON) there
#   BENCH_STRICT=1  exit 1 when any target is missed (by default the table is the result, exit 0)
#   BENCH_ONLY=accounts  run only section (7) and print its rows (BENCHMARKS.md is left as it is)
#   BENCH_ONLY=postgres  run only section (P), PostgreSQL, and print its rows (likewise)
#   BENCH_ONLY=preview  run only (6)'s preview rows: the menu picture with warnings at 10,000 favorites (likewise)
#   BENCH_ONLY=platforms  run only (1)'s Android and web rows: GET /shortcuts?platform=android|web vs the C baseline (likewise)
#   BENCH_ONLY=ranking  run only (R): GET /shortcuts (?visible=true and the full list) at 10,000 favorites while
#     1,000 triggers/s reorder them, the triggers' latency and the memory over the run (likewise)
#   BENCH_RANKING_SECONDS  length of (R), triggers throughout (default 300), BENCH_RANKING_RATE triggers/s (default 1000)
#   BENCH_ACCOUNTS  accounts in (7) (default 100000), BENCH_LOADER_THREADS their loader's threads (default 24)
set -euo pipefail

BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$BENCH/.." && pwd)
cd "$ROOT"
export PATH="$PATH:/opt/swift/usr/bin"
export BENCH_DIR="$BENCH"

SECONDS_PER_RUN=${BENCH_SECONDS:-4}
ROUNDS=${BENCH_ROUNDS:-7}
LOG_LEVEL=${BENCH_LOG_LEVEL:-warning}
STREAMS=${BENCH_STREAMS:-1000}
QUIET_WAIT=${BENCH_QUIET_WAIT:-60}
CONTACTS_LARGE=100000
FAVORITES_LARGE=10000
# Substrings of 3-6 letters that occur in the generated names and emails (checked before use).
QUERIES="ada,son,ann,mar,lee,berg,chris,rob,tur,kim,nguy,gar,lars,wil,hop,lop,harr,jon,curie,sven"
SHORT_QUERY="an"
ONLY=${BENCH_ONLY:-}
case "$ONLY" in "" | accounts | postgres | preview | platforms | ranking) ;; *) echo "bench: BENCH_ONLY must be empty, 'accounts', 'postgres', 'preview', 'platforms' or 'ranking', not '$ONLY'" >&2; exit 2 ;; esac
RANKING_SECONDS=${BENCH_RANKING_SECONDS:-300}
RANKING_RATE=${BENCH_RANKING_RATE:-1000}
ACCOUNTS=${BENCH_ACCOUNTS:-100000}
LOADER_THREADS=${BENCH_LOADER_THREADS:-24}
STARTED=$(date +%s)

say() { printf '== %s\n' "$*" >&2; }
fail() { printf 'bench: %s\n' "$*" >&2; exit 1; }

T=$(mktemp -d "${TMPDIR:-/tmp}/quickactiond-bench.XXXXXX")
R="$T/results"
mkdir -p "$R"
QA_PID="" QS_PID="" BL_PID="" BLP_PID="" SSE_PID="" PROBE_PID="" QB_PID="" TL_PID="" RSS_PID="" BLF_PID=""

stop_pid() { # PID: SIGTERM, up to 15 s to exit, then SIGKILL
    local pid=$1
    [ -n "$pid" ] || return 0
    kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}
cleanup() {
    stop_pid "$PROBE_PID"; stop_pid "$SSE_PID"; stop_pid "$BL_PID"; stop_pid "$BLP_PID"; stop_pid "$QS_PID"; stop_pid "$QA_PID"
    stop_pid "$TL_PID"; stop_pid "$RSS_PID"; stop_pid "$BLF_PID"
    stop_pid "$QB_PID"
    stop_pid "${LOG_PID_info:-}"; stop_pid "${LOG_PID_warning:-}"
    # (P)'s nginx and PostgreSQL cluster, when it made them.
    [ -d "$T/lb" ] && { scripts/nginx-lb.sh stop "$T/lb" || true; }
    [ -d "$T/pg" ] && { scripts/postgres.sh remove "$T/pg" >/dev/null || true; }
    rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---------------------------------------------------------------- tools and builds
missing=""
for p in wrk gcc libmicrohttpd-dev libsqlite3-dev libpq-dev pkg-config postgresql-15 nginx-light curl; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
command -v python3 >/dev/null || missing="$missing python3"
if [ -n "$missing" ]; then
    SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
    say "installing:$missing"
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086  # $missing is a list of package names
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing >&2
fi
say "building quickactiond (release)"
swift build -c release --product quickactiond >"$T/build.log" 2>&1 || { tail -30 "$T/build.log" >&2; fail "swift build failed"; }
QUICKACTIOND="$ROOT/.build/release/quickactiond"
gcc -O2 -Wall -o "$T/baseline" "$BENCH/baseline.c" -lmicrohttpd
gcc -O2 -Wall -o "$T/sqlite_loop" "$BENCH/sqlite_loop.c" -lsqlite3
gcc -O2 -Wall -o "$T/trigger_load" "$BENCH/trigger_load.c" -lpthread -lm
# shellcheck disable=SC2046  # pkg-config prints several flags
gcc -O2 -Wall -o "$T/pq_loop" "$BENCH/pq_loop.c" $(pkg-config --cflags --libs libpq) -lpthread
# 1,000 streams + the wrk connections need more descriptors than the usual 1024.
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt 8192 ]; then
    hard=$(ulimit -Hn); [ "$hard" = unlimited ] && hard=8192
    ulimit -n $(( hard < 8192 ? hard : 8192 ))
fi

# ---------------------------------------------------------------- helpers
start_qa() { # [stderr file] [extra flags...]: starts quickactiond on an ephemeral port, sets QA
    # (on $QA_DB when set, else $T/bench.sqlite)
    local errors=$1; shift
    : >"$T/qa.out"
    "$QUICKACTIOND" --port 0 --db "${QA_DB:-$T/bench.sqlite}" --no-seed --log-level "$LOG_LEVEL" "$@" \
        >"$T/qa.out" 2>"$errors" &
    QA_PID=$!
    for _ in $(seq 200); do
        grep -qs 'listening on http://127.0.0.1:' "$T/qa.out" && break
        kill -0 "$QA_PID" 2>/dev/null || fail "quickactiond exited at start"
        sleep 0.05
    done
    QA="http://127.0.0.1:$(sed -n 's#.*listening on http://127\.0\.0\.1:\([0-9]*\).*#\1#p' "$T/qa.out" | head -1)"
    [ "$QA" != "http://127.0.0.1:" ] || fail "quickactiond did not print its port"
}
stop_qa() { stop_pid "$QA_PID"; QA_PID=""; }
start_baseline() { # MODE VAR_PID VAR_URL [HEADERS_FILE BODY_FILE]: the C baseline (default: (1)'s capture)
    : >"$T/baseline_$1.out"   # emptied first: (7) starts a second one, and must not read (1)'s port
    BASELINE_RESPONSE=$1 "$T/baseline" "${4:-$T/baseline.headers}" "${5:-$T/body.bin}" >"$T/baseline_$1.out" 2>"$T/baseline_$1.err" &
    printf -v "$2" '%s' "$!"
    for _ in $(seq 100); do grep -qs 'listening on' "$T/baseline_$1.out" && break; sleep 0.05; done
    local url
    url="http://127.0.0.1:$(sed -n 's#.*listening on http://127\.0\.0\.1:\([0-9]*\).*#\1#p' "$T/baseline_$1.out")"
    [ "$url" != "http://127.0.0.1:" ] || fail "baseline ($1) did not start: $(cat "$T/baseline_$1.err")"
    printf -v "$3" '%s' "$url"
}
run_wrk() { # NAME wrk-arguments...: the output (with the WRKJSON line) goes to $R/NAME.txt
    local name=$1 from; shift
    from=$(date +%s%3N)
    timeout 120 wrk "$@" >"$R/$name.txt" 2>&1 || { cat "$R/$name.txt" >&2; fail "wrk $name failed"; }
    # With PHASES_FROM set (ms since the epoch): when the run began and ended, in ms from then.
    [ -z "${PHASES_FROM:-}" ] || echo "$name $((from - PHASES_FROM)) $(( $(date +%s%3N) - PHASES_FROM ))" >>"$R/phases.txt"
    grep -q '^WRKJSON ' "$R/$name.txt" || { cat "$R/$name.txt" >&2; fail "wrk $name printed no summary"; }
}
total_contacts() { # the `total` of GET /contacts?limit=1[&q=...]
    curl -sS --max-time 30 "$QA/contacts?limit=1${1:+&q=$1}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])'
}
meta() { printf '%s=%s\n' "$1" "$2" >>"$R/meta.env"; }
vmhwm_kb() { awk '/^VmHWM:/ {print $2}' "/proc/$QA_PID/status"; }

meta date "$(date -u '+%Y-%m-%d %H:%M UTC')"
meta nproc "$(nproc)"
meta cpu "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
meta kernel "$(uname -r)"
meta commit "$(git rev-parse --short HEAD)"
meta dirty "$(git status --porcelain -- Sources Package.swift Package.resolved 2>/dev/null | wc -l)"
meta swift "$(swift --version 2>&1 | head -1)"
meta mhd "$(pkg-config --modversion libmicrohttpd 2>/dev/null || echo '?')"
meta sqlite "$(python3 -c 'import sqlite3; print(sqlite3.sqlite_version)')"
meta log_level "$LOG_LEVEL"
meta seconds_per_run "$SECONDS_PER_RUN"
meta rounds "$ROUNDS"
meta streams "$STREAMS"
meta load_start "$(cut -d' ' -f1-3 /proc/loadavg)"
cpu_busy() { # percent of all cores busy over one second, from /proc/stat
    local a b
    read -r -a a </proc/stat; sleep 1; read -r -a b </proc/stat
    local total=0 idle i
    for i in 1 2 3 4 5 6 7 8; do total=$(( total + b[i] - a[i] )); done
    idle=$(( b[4] - a[4] + b[5] - a[5] ))
    echo $(( total > 0 ? 100 * (total - idle) / total : 0 ))
}
# Other people's builds and tests on this machine lower every figure: wait (bounded) for quiet.
busy=$(cpu_busy)
for waited in $(seq "$QUIET_WAIT"); do
    [ "$busy" -lt 20 ] && break
    [ "$waited" = 1 ] && say "other work keeps the CPU ${busy}% busy: waiting up to ${QUIET_WAIT}s for it to drop below 20%"
    busy=$(cpu_busy)
done
meta busy_start "$busy"
# CPU ticks of the whole machine and of this script's (reaped) children, to tell at the end how
# much of the CPU other work took while the measurements ran.
ticks() { local c; read -r -a c </proc/stat; echo $(( c[1] + c[2] + c[3] + c[6] + c[7] + c[8] )) $(( c[1] + c[2] + c[3] + c[4] + c[5] + c[6] + c[7] + c[8] )); }
child_ticks() { # VAR: `times` must run in this shell, not in $(...) or a pipe (a new subshell)
    times >"$T/times"
    printf -v "$1" '%s' "$(tail -1 "$T/times" | awk -v hz="$(getconf CLK_TCK)" \
        '{ t = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] } printf "%d", t * hz }')"
}
read -r BUSY0 TOTAL0 < <(ticks)
child_ticks CHILD0
meta quiet_wait "$QUIET_WAIT"

# ---------------------------------------------------------------- the table
write_table() {
    meta load_end "$(cut -d' ' -f1-3 /proc/loadavg)"
    read -r BUSY1 TOTAL1 < <(ticks)
    child_ticks CHILD1
    other=$(( 100 * ((BUSY1 - BUSY0) - (CHILD1 - CHILD0)) / (TOTAL1 - TOTAL0) ))
    meta busy_other_during "$(( other < 0 ? 0 : other ))"
    meta runtime_seconds "$(( $(date +%s) - STARTED ))"
    if [ -n "${BENCH_RESULTS_DIR:-}" ]; then mkdir -p "$BENCH_RESULTS_DIR" && cp -r "$R"/. "$BENCH_RESULTS_DIR"/; fi
    python3 "$BENCH/report.py" "$R" "$ROOT/BENCHMARKS.md"
}

# ---------------------------------------------------------------- (7) accounts (a function: BENCH_ONLY=accounts runs it alone)
accounts_pair() { # ROUND MODE: quickactiond as random accounts (bench/accounts.lua, MODE) and the C baseline, alternated
    local qa_args=(-t2 -c64 "-d${SECONDS_PER_RUN}s" --latency -s "$BENCH/accounts.lua" "$QA/shortcuts")
    local bl_args=(-t2 -c64 "-d${SECONDS_PER_RUN}s" --latency -s "$BENCH/plain.lua" "$BL/shortcuts")
    if [ $(($1 % 2)) = 1 ]; then
        BENCH_ACCOUNTS_MODE=$2 run_wrk "r7_$2_$1" "${qa_args[@]}"
        run_wrk "r7_baseline_$2_$1" "${bl_args[@]}"
    else
        run_wrk "r7_baseline_$2_$1" "${bl_args[@]}"
        BENCH_ACCOUNTS_MODE=$2 run_wrk "r7_$2_$1" "${qa_args[@]}"
    fi
}
accounts_section() {
    say "(7) accounts: $ACCOUNTS accounts, 5 contacts each (2 favorites), made through the API"
    local admin first_token etag
    admin=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
    meta accounts "$ACCOUNTS"
    meta loader_threads "$LOADER_THREADS"
    # A fresh store; the admin token through the environment (not on the command line, where ps shows it).
    rm -f "$T"/accounts.sqlite*
    QA_DB="$T/accounts.sqlite" QUICKACTIOND_ADMIN_TOKEN="$admin" start_qa "$T/accounts_load.err" --accounts
    timeout 3600 python3 "$BENCH/load_accounts.py" --port "${QA##*:}" --admin-token "$admin" --accounts "$ACCOUNTS" \
        --threads "$LOADER_THREADS" --out "$T/accounts.tokens" >"$R/accounts_load.json" || fail "load_accounts.py failed"
    meta accounts_vmhwm_load_kb "$(vmhwm_kb)"
    stop_qa
    # Measured on a fresh process with the default --cache-accounts: the peak is the serving one.
    QA_DB="$T/accounts.sqlite" QUICKACTIOND_ADMIN_TOKEN="$admin" start_qa /dev/null --accounts

    # The baseline serves one account's list, with quickactiond's headers (every account's list
    # has the same size: the loader's names are of fixed width; checked in the report).
    read -r first_token etag _ <"$T/accounts.tokens"
    curl -sS --max-time 10 -D "$T/acc.head" -o "$T/acc_body.bin" -H "Authorization: Bearer $first_token" "$QA/shortcuts"
    head -1 "$T/acc.head" | grep -q ' 200' || fail "GET /shortcuts as an account: $(head -1 "$T/acc.head")"
    grep -qi "^ETag: $etag" <(tr -d '\r' <"$T/acc.head") || fail "the first account's ETag changed after the restart"
    [ "$(curl -sS --max-time 10 -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $first_token" \
        -H "If-None-Match: $etag" "$QA/shortcuts")" = 304 ] || fail "If-None-Match with the account's ETag is not a 304"
    [ "$(curl -sS --max-time 10 -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $admin" "$QA/shortcuts")" = 403 ] ||
        fail "the admin token on GET /shortcuts is not a 403"
    tail -n +2 "$T/acc.head" | tr -d '\r' | grep -v -i -E '^(date|content-length|connection|transfer-encoding):' |
        grep . >"$T/acc.headers"
    start_baseline per-request BL_PID BL "$T/acc.headers" "$T/acc_body.bin"
    curl -sS --max-time 10 -o "$T/acc_bl.body" "$BL/shortcuts"
    cmp -s "$T/acc_body.bin" "$T/acc_bl.body" || fail "the baseline's body differs from the account's list"
    meta accounts_list_bytes "$(wc -c <"$T/acc_body.bin")"

    run_wrk warm7_baseline -t2 -c64 -d2s -s "$BENCH/plain.lua" "$BL/shortcuts"
    BENCH_TOKENS="$T/accounts.tokens" BENCH_ACCOUNTS_MODE=uniform run_wrk warm7_uniform -t2 -c64 -d2s -s "$BENCH/accounts.lua" "$QA/shortcuts"
    local r mode
    for r in $(seq "$ROUNDS"); do
        for mode in uniform zipf 304 zipf304; do BENCH_TOKENS="$T/accounts.tokens" accounts_pair "$r" "$mode"; done
    done
    stop_pid "$BL_PID"; BL_PID=""
    meta accounts_vmhwm_kb "$(vmhwm_kb)"
    stop_qa
    rm -f "$T"/accounts.sqlite* "$T/accounts.tokens"
}

NAMES=("Ada Lovelace" "Grace Hopper" "Alan Turing" "Katherine Johnson" "Edsger Dijkstra"
       "Barbara Liskov" "Donald Knuth" "Margaret Hamilton" "Dennis Ritchie" "Ken Thompson"
       "Frances Allen" "Radia Perlman" "Tim Berners" "Hedy Lamarr" "Claude Shannon"
       "Linus Torvalds" "Guido Rossum" "Sophie Wilson" "John McCarthy" "Marie Curie")
# ---------------------------------------------------------------- (P) PostgreSQL (a function: BENCH_ONLY=postgres runs it alone)
start_instance() { # VAR_PID VAR_URL NAME --db DB [flags...]: one more quickactiond on an ephemeral port
    local out="$T/$3.out"; local pid_var=$1 url_var=$2; shift 3
    : >"$out"
    "$QUICKACTIOND" --port 0 --no-seed --log-level "$LOG_LEVEL" "$@" >"$out" 2>"$out.err" &
    printf -v "$pid_var" '%s' "$!"
    for _ in $(seq 200); do grep -qs 'listening on http://127.0.0.1:' "$out" && break; sleep 0.05; done
    local url
    url="http://127.0.0.1:$(sed -n 's#.*listening on http://127\.0\.0\.1:\([0-9]*\).*#\1#p' "$out" | head -1)"
    [ "$url" != "http://127.0.0.1:" ] || fail "quickactiond ($*) did not start: $(tail -5 "$out.err")"
    printf -v "$url_var" '%s' "$url"
}
seed_contacts() { # URL: the 20 contacts of the main setup (5 favorites), through the API
    local i name email favorite
    for i in "${!NAMES[@]}"; do
        name=${NAMES[$i]}
        email="$(tr 'A-Z ' 'a-z.' <<<"$name")@example.com"
        favorite=$([ "$i" -lt 5 ] && echo true || echo false)
        [ "$(curl -sS --max-time 10 -o /dev/null -w '%{http_code}' -X POST "$1/contacts" -H 'Content-Type: application/json' \
            -d "{\"name\":\"$name\",\"email\":\"$email\",\"favorite\":$favorite}")" = 201 ] || fail "POST /contacts to $1 failed"
    done
}
tree_pids() { # PID...: those processes and their children (nginx's workers, PostgreSQL's backends)
    local pid
    for pid in "$@"; do echo "$pid"; pgrep -P "$pid" || true; done
}
cpu_ticks() { # PID...: user+sys clock ticks of those processes (0 for one that is gone)
    local pid
    for pid in "$@"; do awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || true; done | awk '{ s += $1 } END { print s + 0 }'
}
PG_GROUPS=(qa_a qa_b nginx postgres)
group_pids() { # GROUP: its processes now
    case $1 in
        qa_a) echo "$QA_PID" ;;
        qa_b) echo "$QB_PID" ;;
        nginx) tree_pids "$(cat "$T/lb/nginx.pid")" ;;
        postgres) tree_pids "$(head -1 "$T/pg/data/postmaster.pid")" ;;
    esac
}
declare -A CPU_BEFORE=() CPU_TOTAL=()
cpu_mark() { local g; for g in "${PG_GROUPS[@]}"; do mapfile -t pids < <(group_pids "$g"); CPU_BEFORE[$g]=$(cpu_ticks "${pids[@]}"); done; }
cpu_add() { # MODE: adds each group's ticks since cpu_mark (processes that started meanwhile count whole)
    local g
    for g in "${PG_GROUPS[@]}"; do
        mapfile -t pids < <(group_pids "$g")
        CPU_TOTAL[$1_$g]=$(( ${CPU_TOTAL[$1_$g]:-0} + $(cpu_ticks "${pids[@]}") - CPU_BEFORE[$g] ))
    done
}
postgres_section() {
    say "(P) PostgreSQL: a throwaway cluster (scripts/postgres.sh), quickactiond on it against the SQLite build, libpq, nginx"
    local pg wrk_get r pg_bytes sqlite_bytes probe_id lb_port
    chmod 711 "$T" # the postgres user must reach the cluster inside
    scripts/postgres.sh start "$T/pg" >&2
    pg="host=$T/pg port=$(cat "$T/pg/port") user=postgres"
    psql -X -q -d "$pg dbname=postgres" -c 'CREATE DATABASE qa_bench' || fail "CREATE DATABASE failed"
    meta pg_version "$(psql -X -tA -d "$pg dbname=postgres" -c 'SHOW server_version')"
    meta pg_synchronous_commit "$(psql -X -tA -d "$pg dbname=postgres" -c 'SHOW synchronous_commit')"
    meta pg_fsync "$(psql -X -tA -d "$pg dbname=postgres" -c 'SHOW fsync')"

    # (P1) GET /shortcuts: the same binary on PostgreSQL (A) and on a SQLite file (S), same 20 contacts.
    start_instance QA_PID QA pg_a --db "$pg dbname=qa_bench"
    start_instance QS_PID QS pg_sqlite --db "$T/pg_compare.sqlite"
    seed_contacts "$QA"
    seed_contacts "$QS"
    pg_bytes=$(curl -sS --max-time 10 "$QA/shortcuts" | wc -c)
    sqlite_bytes=$(curl -sS --max-time 10 "$QS/shortcuts" | wc -c)
    [ "$pg_bytes" = "$sqlite_bytes" ] || fail "/shortcuts differs in size: PostgreSQL $pg_bytes, SQLite $sqlite_bytes bytes"
    meta pg_shortcuts_bytes "$pg_bytes"
    wrk_get=(-t2 -c64 "-d${SECONDS_PER_RUN}s" --latency -s "$BENCH/plain.lua")
    run_wrk warmP_pg -t2 -c64 -d2s -s "$BENCH/plain.lua" "$QA/shortcuts"
    run_wrk warmP_sqlite -t2 -c64 -d2s -s "$BENCH/plain.lua" "$QS/shortcuts"
    for r in $(seq "$ROUNDS"); do
        if [ $((r % 2)) = 1 ]; then
            run_wrk "rP1_pg_$r" "${wrk_get[@]}" "$QA/shortcuts"; run_wrk "rP1_sqlite_$r" "${wrk_get[@]}" "$QS/shortcuts"
        else
            run_wrk "rP1_sqlite_$r" "${wrk_get[@]}" "$QS/shortcuts"; run_wrk "rP1_pg_$r" "${wrk_get[@]}" "$QA/shortcuts"
        fi
    done
    stop_pid "$QS_PID"; QS_PID=""

    # (P2) durable POST /contacts on A, 16 connections, alternated in paired rounds with the raw
    # libpq loop on 16 connections at once (the POST run's concurrency, where PostgreSQL shares
    # their commits' WAL flushes), 5 s each; the loop on one connection (one commit per row) before and after.
    # The loop's rows go to account -1 (the accounts' foreign key wants it to exist; no request reads it).
    psql -X -q -d "$pg dbname=qa_bench" -c "INSERT INTO accounts (key, id, name, created_ms) VALUES (-1, 'pq-loop', 'pq_loop', 0)" ||
        fail "could not make the loop's account"
    timeout 60 "$T/pq_loop" "$pg dbname=qa_bench" 1 5 >"$R/pq_loop1_a.json" || fail "pq_loop failed"
    BENCH_RUN_TAG="pgwarm$(date +%s)" run_wrk warmP_post -t2 -c16 -d2s -s "$BENCH/post.lua" "$QA/contacts"
    for r in $(seq "$ROUNDS"); do
        local sides=(post loop)
        [ $((r % 2)) = 1 ] || sides=(loop post)
        for side in "${sides[@]}"; do
            if [ "$side" = post ]; then
                BENCH_RUN_TAG="pg$r$(date +%s)" run_wrk "rP2_post_$r" -t2 -c16 -d5s --latency -s "$BENCH/post.lua" "$QA/contacts"
            else
                timeout 60 "$T/pq_loop" "$pg dbname=qa_bench" 16 5 >"$R/pq_loop_$r.json" || fail "pq_loop failed"
            fi
        done
    done
    timeout 60 "$T/pq_loop" "$pg dbname=qa_bench" 1 5 >"$R/pq_loop1_b.json" || fail "pq_loop failed"

    # (P3) a change on A seen on B's /events stream.
    start_instance QB_PID QB pg_b --db "$pg dbname=qa_bench"
    probe_id=$(curl -sS --max-time 10 -X POST "$QA/contacts" -H 'Content-Type: application/json' \
        -d '{"name":"Fanout Probe","favorite":false}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])') ||
        fail "could not create the probe contact"
    timeout 120 python3 "$BENCH/cross_instance.py" --port-a "${QA##*:}" --port-b "${QB##*:}" --contact-id "$probe_id" \
        --changes 200 >"$R/pg_cross.json" || fail "cross_instance.py failed"

    # (P4) GET /shortcuts through nginx in front of A and B, against A alone; CPU per process.
    lb_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    scripts/nginx-lb.sh start "$T/lb" "127.0.0.1:$lb_port" "${QA##*:}" "${QB##*:}"
    local lb="http://127.0.0.1:$lb_port"
    [ "$(curl -sS --max-time 10 -o /dev/null -w '%{http_code}' "$lb/shortcuts")" = 200 ] || fail "nginx does not serve /shortcuts"
    run_wrk warmP_nginx -t2 -c64 -d2s -s "$BENCH/plain.lua" "$lb/shortcuts"
    run_wrk warmP_b -t2 -c64 -d2s -s "$BENCH/plain.lua" "$QB/shortcuts"
    for r in $(seq "$ROUNDS"); do
        local order=(nginx single)
        [ $((r % 2)) = 1 ] || order=(single nginx)
        for side in "${order[@]}"; do
            cpu_mark
            if [ "$side" = nginx ]; then run_wrk "rP4_nginx_$r" "${wrk_get[@]}" "$lb/shortcuts"
            else run_wrk "rP4_single_$r" "${wrk_get[@]}" "$QA/shortcuts"; fi
            cpu_add "$side"
        done
    done
    local hz key
    hz=$(getconf CLK_TCK)
    for key in "${!CPU_TOTAL[@]}"; do meta "pg_cpu_$key" "$(awk -v t="${CPU_TOTAL[$key]}" -v hz="$hz" 'BEGIN { printf "%.2f", t / hz }')"; done
    scripts/nginx-lb.sh stop "$T/lb"
    stop_pid "$QB_PID"; QB_PID=""
    stop_qa
    scripts/postgres.sh remove "$T/pg" >/dev/null
}

# ---------------------------------------------------------------- (6)'s store, and the preview run (BENCH_ONLY=preview runs it alone)
favorites_store() { # $T/fav.sqlite: $FAVORITES_LARGE contacts, every one a favorite (made directly in SQLite); their ids in $T/fav.ids
    "$QUICKACTIOND" --port 0 --db "$T/fav.sqlite" --no-seed --log-level "$LOG_LEVEL" >"$T/fav.out" 2>/dev/null &
    QA_PID=$!
    for _ in $(seq 200); do grep -qs 'listening on' "$T/fav.out" && break; sleep 0.05; done
    stop_qa
    python3 "$BENCH/fill_contacts.py" "$T/fav.sqlite" "$FAVORITES_LARGE" >"$R/fill_favorites.json" || fail "fill_contacts.py failed"
    python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("UPDATE contacts SET favorite = 1"); c.commit()' "$T/fav.sqlite"
    python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); print("\n".join(r[0] for r in c.execute("SELECT id FROM contacts ORDER BY seq")))' \
        "$T/fav.sqlite" >"$T/fav.ids"
}
start_favorites() { # quickactiond on $T/fav.sqlite; sets QA
    "$QUICKACTIOND" --port 0 --db "$T/fav.sqlite" --no-seed --log-level "$LOG_LEVEL" >"$T/fav.out" 2>/dev/null &
    QA_PID=$!
    for _ in $(seq 400); do grep -qs 'listening on' "$T/fav.out" && break; sleep 0.05; done
    QA="http://127.0.0.1:$(sed -n 's#.*listening on http://127\.0\.0\.1:\([0-9]*\).*#\1#p' "$T/fav.out" | head -1)"
    [ "$QA" != "http://127.0.0.1:" ] || fail "quickactiond on the favorites store did not start"
}
preview_run() { # the menu picture with HIG warnings, drawn after each of 20 changes, 2 fetchers at once, /healthz probed meanwhile
    say "(6) GET /shortcuts/preview.svg?warnings=true after a change, at $FAVORITES_LARGE favorites"
    curl -sS --max-time 60 -o /dev/null "$QA/shortcuts/preview.svg?warnings=true"   # the first drawing pays for start-up
    timeout 60 python3 "$BENCH/probe.py" --port "${QA##*:}" --seconds 5 --interval 0.005 >"$R/fav_preview_idle.json" || fail "probe.py failed"
    timeout 300 python3 "$BENCH/preview_render.py" --port "${QA##*:}" --ids "$T/fav.ids" --count 20 --fetchers 2 \
        >"$R/fav_preview.json" || fail "preview_render.py failed"
}

if [ "$ONLY" = preview ]; then
    meta only preview
    favorites_store
    start_favorites
    preview_run
    stop_qa
    write_table
    exit 0
fi

if [ "$ONLY" = postgres ]; then
    meta only postgres
    postgres_section
    write_table
    exit 0
fi

if [ "$ONLY" = accounts ]; then
    meta only accounts
    accounts_section
    write_table
    exit 0
fi

# ---------------------------------------------------------------- setup: 20 contacts, 5 favorites
setup_store() {
    say "creating 20 contacts (5 favorites)"
    start_qa "$T/setup.err"
    FAVORITE_ID=""
    for i in "${!NAMES[@]}"; do
        name=${NAMES[$i]}
        email="$(tr 'A-Z ' 'a-z.' <<<"$name")@example.com"
        favorite=$([ "$i" -lt 5 ] && echo true || echo false)
        answer=$(curl -sS --max-time 10 -w '\n%{http_code}' -X POST "$QA/contacts" -H 'Content-Type: application/json' \
            -d "{\"name\":\"$name\",\"email\":\"$email\",\"favorite\":$favorite}")
        [ "$(tail -1 <<<"$answer")" = 201 ] || fail "POST /contacts answered: $answer"
        if [ "$i" = 5 ]; then FAVORITE_ID=$(sed -n 's/.*"id":"\([a-z2-7]*\)".*/\1/p' <<<"$answer" | head -1); fi
    done
    [ -n "$FAVORITE_ID" ] || fail "no contact id in the POST answers"
    curl -sS --max-time 10 -o /dev/null "$QA/shortcuts"
    stop_qa
    meta setup_stderr_lines "$(wc -l <"$T/setup.err")"   # 21 requests at --log-level $LOG_LEVEL
}

# ---------------------------------------------------------------- (1) Android and the web (a function: BENCH_ONLY=platforms runs it alone)
platforms_section() { # on (1)'s store: each platform's list against the C baseline serving its bytes and headers
    local platform
    for platform in android web; do
        say "(1) GET /shortcuts?platform=$platform: quickactiond vs plain C libmicrohttpd, $ROUNDS rounds of ${SECONDS_PER_RUN}s each"
        start_qa /dev/null
        local url="$QA/shortcuts?platform=$platform"
        curl -sS --max-time 10 -D "$T/$platform.head" -o "$T/$platform.body" "$url"
        head -1 "$T/$platform.head" | grep -q ' 200' || fail "GET /shortcuts?platform=$platform: $(head -1 "$T/$platform.head")"
        tail -n +2 "$T/$platform.head" | tr -d '\r' | grep -v -i -E '^(date|content-length|connection|transfer-encoding):' |
            grep . >"$T/$platform.headers"
        start_baseline per-request BL_PID BL "$T/$platform.headers" "$T/$platform.body"
        # The C program gets the same request target: libmicrohttpd parses its query for both.
        local bl_url="$BL/shortcuts?platform=$platform"
        curl -sS --max-time 10 -D "$T/${platform}_bl.head" -o "$T/${platform}_bl.body" "$bl_url"
        cmp -s "$T/$platform.body" "$T/${platform}_bl.body" || fail "the baseline's body differs from quickactiond's ($platform)"
        meta "${platform}_bytes" "$(wc -c <"$T/$platform.body")"
        run_wrk "warm_${platform}_baseline" -t2 -c64 -d2s -s "$BENCH/plain.lua" "$bl_url"
        run_wrk "warm_${platform}_qa" -t2 -c64 -d2s -s "$BENCH/plain.lua" "$url"
        local r
        for r in $(seq "$ROUNDS"); do
            run_pair "$r" "r1_${platform}_baseline" "$bl_url" "r1_${platform}_qa" "$url"
        done
        stop_pid "$BL_PID"; BL_PID=""
        stop_qa
    done
}
WRK1=(-t2 -c64 "-d${SECONDS_PER_RUN}s" --latency -s "$BENCH/plain.lua")
# Round R of a pair: both runs back to back, the first side first in odd rounds and second in
# even ones, so a machine that slows down or speeds up during a round favours neither side.
run_pair() { # ROUND NAME_A URL_A NAME_B URL_B
    if [ $(($1 % 2)) = 1 ]; then
        run_wrk "$2_$1" "${WRK1[@]}" "$3"
        run_wrk "$4_$1" "${WRK1[@]}" "$5"
    else
        run_wrk "$4_$1" "${WRK1[@]}" "$5"
        run_wrk "$2_$1" "${WRK1[@]}" "$3"
    fi
}

if [ "$ONLY" = platforms ]; then
    meta only platforms
    setup_store
    platforms_section
    write_table
    exit 0
fi

# ---------------------------------------------------------------- (R) the ranking at speed (a function: BENCH_ONLY=ranking runs it alone)
now_ms() { date +%s%3N; }
capture_list() { # URL NAME: the body and the headers (those libmicrohttpd does not write) of a GET, for a baseline
    curl -sS --max-time 30 -D "$T/$2.head" -o "$T/$2.body" "$1"
    head -1 "$T/$2.head" | grep -q ' 200' || fail "GET $1: $(head -1 "$T/$2.head")"
    tail -n +2 "$T/$2.head" | tr -d '\r' | grep -v -i -E '^(date|content-length|connection|transfer-encoding):' | grep . >"$T/$2.headers"
}
ranking_section() { # 10,000 favorites reordered by a paced stream of triggers while GET /shortcuts is measured
    say "(R) $FAVORITES_LARGE favorites, $RANKING_RATE triggers/s (Zipf s=1.1) for ${RANKING_SECONDS}s: GET /shortcuts?visible=true and the full list vs the C baseline, $ROUNDS rounds"
    favorites_store
    start_favorites
    local visible="$QA/shortcuts?visible=true" r t0 slice end
    meta ranking_rate "$RANKING_RATE"
    meta ranking_seconds "$RANKING_SECONDS"
    rm -f "$T/ranking.stop"
    t0=$(now_ms)
    PHASES_FROM=$t0   # each wrk run's span, to tell the triggers answered during each kind of run
    # Until told to stop (the stop file), at the latest half an hour after the run should have ended.
    "$T/trigger_load" "${QA##*:}" "$T/fav.ids" "$RANKING_RATE" 16 1.1 "$T/ranking.stop" "$((RANKING_SECONDS + 1800))" "$R/ranking_triggers.txt" \
        >"$R/ranking_triggers.json" 2>"$T/trigger_load.err" &
    TL_PID=$!
    # Resident memory every 5 s, from the start of the triggers to the end of the run.
    (while kill -0 "$QA_PID" 2>/dev/null && kill -0 "$TL_PID" 2>/dev/null; do
        echo "$(( $(now_ms) - t0 )) $(awk '/^VmRSS:/ {print $2}' "/proc/$QA_PID/status")"; sleep 5
    done) >"$R/ranking_rss.txt" 2>/dev/null &
    RSS_PID=$!
    sleep 10   # the first picks settle the head of the list; the tail keeps moving
    capture_list "$visible" ranking_visible
    capture_list "$QA/shortcuts" ranking_full
    meta ranking_visible_bytes "$(wc -c <"$T/ranking_visible.body")"
    meta ranking_full_bytes "$(wc -c <"$T/ranking_full.body")"
    meta ranking_full_items "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["items"]))' "$T/ranking_full.body")"
    meta ranking_visible_etag_start "$(tr -d '\r' <"$T/ranking_visible.head" | sed -n 's/^ETag: //Ip')"
    start_baseline per-request BL_PID BL "$T/ranking_visible.headers" "$T/ranking_visible.body"
    start_baseline per-request BLF_PID BLF "$T/ranking_full.headers" "$T/ranking_full.body"
    # The C program gets the same request target as quickactiond: libmicrohttpd parses its query for both.
    curl -sS --max-time 10 -o "$T/ranking_bl.body" "$BL/shortcuts?visible=true"
    cmp -s "$T/ranking_visible.body" "$T/ranking_bl.body" || fail "the baseline's body differs from the visible list"
    run_wrk warmR_visible_baseline -t2 -c64 -d2s -s "$BENCH/plain.lua" "$BL/shortcuts?visible=true"
    run_wrk warmR_visible_qa -t2 -c64 -d2s -s "$BENCH/plain.lua" "$visible"
    meta ranking_rounds_from_ms "$(( $(now_ms) - t0 ))"
    # The visible list's rounds first, then the full list's (its warm-up included): 64
    # connections each fetching megabytes starve both processes of CPU, and the triggers'
    # backlog from that would spill into the next visible round, so the triggers answered
    # during the visible rounds (what a device's picks meet) are kept apart from it.
    for r in $(seq "$ROUNDS"); do
        run_pair "$r" rR_visible_baseline "$BL/shortcuts?visible=true" rR_visible_qa "$visible"
    done
    run_wrk warmR_full_baseline -t2 -c64 -d2s -s "$BENCH/plain.lua" "$BLF/shortcuts"
    run_wrk warmR_full_qa -t2 -c64 -d2s -s "$BENCH/plain.lua" "$QA/shortcuts"
    for r in $(seq "$ROUNDS"); do
        run_pair "$r" rR_full_baseline "$BLF/shortcuts" rR_full_qa "$QA/shortcuts"
    done
    meta ranking_rounds_to_ms "$(( $(now_ms) - t0 ))"
    meta ranking_visible_etag_end "$(curl -sS --max-time 10 -D - -o /dev/null "$visible" | tr -d '\r' | sed -n 's/^ETag: //Ip')"
    stop_pid "$BL_PID"; BL_PID=""
    stop_pid "$BLF_PID"; BLF_PID=""
    # The rest of the run (if the rounds took less): the triggers go on, with a few clients
    # fetching each list in turn.
    end=$(( t0 + RANKING_SECONDS * 1000 ))
    slice=0
    while [ $(( end - $(now_ms) )) -gt 2000 ]; do
        local left=$(( (end - $(now_ms)) / 1000 ))
        local target="$visible"; [ $((slice % 2)) = 1 ] && target="$QA/shortcuts"
        run_wrk "rR_tail_$slice" -t1 -c4 "-d$(( left < 20 ? left : 20 ))s" -s "$BENCH/plain.lua" "$target"
        slice=$((slice + 1))
    done
    touch "$T/ranking.stop"
    wait "$TL_PID" || fail "trigger_load failed: $(cat "$T/trigger_load.err")"
    TL_PID=""
    wait "$RSS_PID" || true   # it stops with the triggers
    RSS_PID=""
    PHASES_FROM=""
    meta ranking_tail_slices "$slice"
    meta ranking_vmhwm_kb "$(vmhwm_kb)"
    stop_qa
}

if [ "$ONLY" = ranking ]; then
    meta only ranking
    ranking_section
    write_table
    exit 0
fi

setup_store

# ---------------------------------------------------------------- (1) at the default log level (a function, run within (1))
log_level_rows() { # GET /shortcuts at --log-level info (stderr to a file) vs the same binary at warning, and vs (1)'s C baseline
    say "(1) the same at the default log level (info): vs warning, and vs the C baseline, $ROUNDS rounds"
    local level db pid url
    for level in info warning; do
        db="$T/log_$level.sqlite"
        python3 -c 'import sqlite3, sys; s = sqlite3.connect(sys.argv[1]); d = sqlite3.connect(sys.argv[2]); s.backup(d); d.close()' \
            "$T/bench.sqlite" "$db"
        : >"$T/log_$level.err"
        "$QUICKACTIOND" --port 0 --db "$db" --no-seed --log-level "$level" >"$T/log_$level.out" 2>>"$T/log_$level.err" &
        pid=$!
        for _ in $(seq 200); do grep -qs 'listening on http://127.0.0.1:' "$T/log_$level.out" && break; sleep 0.05; done
        url="http://127.0.0.1:$(sed -n 's#.*listening on http://127\.0\.0\.1:\([0-9]*\).*#\1#p' "$T/log_$level.out" | head -1)"
        [ "$url" != "http://127.0.0.1:" ] || fail "quickactiond at --log-level $level did not start"
        curl -sS --max-time 10 -o "$T/log_body.bin" "$url/shortcuts"
        cmp -s "$T/body.bin" "$T/log_body.bin" || fail "quickactiond at --log-level $level serves another /shortcuts body"
        printf -v "LOG_PID_$level" '%s' "$pid"
        printf -v "LOG_URL_$level" '%s' "$url"
        run_wrk "warm_log_$level" -t2 -c64 -d2s -s "$BENCH/plain.lua" "$url/shortcuts"
    done
    for r in $(seq "$ROUNDS"); do
        run_pair "$r" r1_log_warning "$LOG_URL_warning/shortcuts" r1_log_info "$LOG_URL_info/shortcuts"
        run_pair "$r" r1_log_baseline "$BL/shortcuts" r1_log_info_bl "$LOG_URL_info/shortcuts"
        : >"$T/log_info.err"   # opened for appending: emptied, the file does not grow over the rounds
    done
    stop_pid "$LOG_PID_info"; LOG_PID_info=""
    stop_pid "$LOG_PID_warning"; LOG_PID_warning=""
}

# ---------------------------------------------------------------- (1) GET /shortcuts vs C baseline
say "(1) GET /shortcuts: quickactiond vs plain C libmicrohttpd, $ROUNDS rounds of ${SECONDS_PER_RUN}s each"
start_qa /dev/null
curl -sS --max-time 10 -D "$T/qa.head" -o "$T/body.bin" "$QA/shortcuts"
head -1 "$T/qa.head" | grep -q ' 200' || fail "GET /shortcuts: $(head -1 "$T/qa.head")"
# Every header but the ones libmicrohttpd writes itself, in quickactiond's order. Two baselines
# answer with them: "per-request" makes each answer's own response and X-Request-Id (the same
# bytes quickactiond sends: the target's reference), "persistent" queues one response made at
# start (ids repeat: less work than the same bytes need, shown as a floor).
tail -n +2 "$T/qa.head" | tr -d '\r' | grep -v -i -E '^(date|content-length|connection|transfer-encoding):' |
    grep . >"$T/baseline.headers"
start_baseline per-request BL_PID BL
start_baseline persistent BLP_PID BLP
normalize() { tr -d '\r' <"$1" | sed -E 's/^(Date|X-Request-Id): .*/\1: */I'; }
for url in "$BL" "$BLP"; do
    curl -sS --max-time 10 -D "$T/bl.head" -o "$T/bl.body" "$url/shortcuts"
    cmp -s "$T/body.bin" "$T/bl.body" || fail "baseline body differs from quickactiond's ($url)"
    diff <(normalize "$T/qa.head") <(normalize "$T/bl.head") >&2 || fail "baseline headers differ from quickactiond's ($url)"
done
# The per-request baseline's ids have quickactiond's form and change with every answer.
id1=$(curl -sS --max-time 10 -D - -o /dev/null "$BL/shortcuts" | tr -d '\r' | sed -n 's/^X-Request-Id: //Ip')
id2=$(curl -sS --max-time 10 -D - -o /dev/null "$BL/shortcuts" | tr -d '\r' | sed -n 's/^X-Request-Id: //Ip')
[ "${#id1}" = 20 ] && [ "$id1" != "$id2" ] || fail "the per-request baseline's X-Request-Id is not fresh per answer: $id1 $id2"
meta shortcuts_bytes "$(wc -c <"$T/body.bin")"
meta shortcuts_head_bytes "$(wc -c <"$T/qa.head")"
meta baseline_identical "status line, header names, order and values (but Date, X-Request-Id) and body"

run_wrk warm_baseline -t2 -c64 -d2s -s "$BENCH/plain.lua" "$BL/shortcuts"
run_wrk warm_persistent -t2 -c64 -d2s -s "$BENCH/plain.lua" "$BLP/shortcuts"
run_wrk warm_qa -t2 -c64 -d2s -s "$BENCH/plain.lua" "$QA/shortcuts"
for r in $(seq "$ROUNDS"); do
    run_pair "$r" r1_baseline "$BL/shortcuts" r1_qa "$QA/shortcuts"
    run_wrk "r1_persistent_$r" "${WRK1[@]}" "$BLP/shortcuts"
done
log_level_rows
stop_pid "$BL_PID"; BL_PID=""
stop_pid "$BLP_PID"; BLP_PID=""
meta vmhwm_small_kb "$(vmhwm_kb)"
stop_qa
platforms_section

# ---------------------------------------------------------------- grow the store to 100,000
say "filling the store to $CONTACTS_LARGE contacts (directly in SQLite, server stopped)"
# The 20-contact store is kept as it is, to run (2) side by side with (1)'s server.
python3 -c 'import sqlite3, sys; s = sqlite3.connect(sys.argv[1]); d = sqlite3.connect(sys.argv[2]); s.backup(d); d.close()' \
    "$T/bench.sqlite" "$T/small.sqlite"
python3 "$BENCH/fill_contacts.py" "$T/bench.sqlite" "$CONTACTS_LARGE" >"$R/fill.json" || fail "fill_contacts.py failed"
start_qa /dev/null
meta total_large "$(total_contacts)"
curl -sS --max-time 10 -o "$T/body_large.bin" "$QA/shortcuts"
if cmp -s "$T/body.bin" "$T/body_large.bin"; then meta shortcuts_same_after_fill yes; else meta shortcuts_same_after_fill NO; fi

# ---------------------------------------------------------------- (2) GET /shortcuts at 100,000
say "(2) GET /shortcuts at $CONTACTS_LARGE contacts vs at 20, side by side, $ROUNDS rounds"
# A second quickactiond on the 20-contact copy, alternated with the 100,000-contact one.
"$QUICKACTIOND" --port 0 --db "$T/small.sqlite" --no-seed --log-level "$LOG_LEVEL" >"$T/qs.out" 2>/dev/null &
QS_PID=$!
for _ in $(seq 200); do grep -qs 'listening on http://127.0.0.1:' "$T/qs.out" && break; sleep 0.05; done
QS="http://127.0.0.1:$(sed -n 's#.*listening on http://127\.0\.0\.1:\([0-9]*\).*#\1#p' "$T/qs.out" | head -1)"
[ "$QS" != "http://127.0.0.1:" ] || fail "the 20-contact quickactiond did not start"
curl -sS --max-time 10 -o "$T/body_small.bin" "$QS/shortcuts"
cmp -s "$T/body.bin" "$T/body_small.bin" || fail "the 20-contact copy serves another /shortcuts body"
run_wrk warm_qa_small -t2 -c64 -d2s -s "$BENCH/plain.lua" "$QS/shortcuts"
run_wrk warm_qa_large -t2 -c64 -d2s -s "$BENCH/plain.lua" "$QA/shortcuts"
for r in $(seq "$ROUNDS"); do
    run_pair "$r" r2_small "$QS/shortcuts" r2_qa "$QA/shortcuts"
done
stop_pid "$QS_PID"; QS_PID=""

# ---------------------------------------------------------------- (4) search
say "(4) GET /contacts?q= over $CONTACTS_LARGE contacts"
: >"$R/queries.txt"
for q in ${QUERIES//,/ }; do
    n=$(total_contacts "$q")
    [ "$n" -gt 0 ] || fail "query '$q' matches nothing"
    echo "$q $n" >>"$R/queries.txt"
done
BENCH_QUERIES="$QUERIES" run_wrk r4_search -t2 -c16 -d10s --latency -s "$BENCH/search.lua" "$QA/"
meta short_query "$SHORT_QUERY"
meta short_query_total "$(total_contacts "$SHORT_QUERY")"
timings=""
for _ in 1 2 3 4 5; do
    t=$(curl -sS --max-time 30 -o /dev/null -w '%{http_code}:%{time_total}' "$QA/contacts?q=$SHORT_QUERY")
    [ "${t%%:*}" = 200 ] || fail "GET /contacts?q=$SHORT_QUERY answered ${t%%:*}"
    timings="$timings ${t#*:}"
done
meta short_query_seconds "${timings# }"

# ---------------------------------------------------------------- (3) durable writes
say "(3) POST /contacts, 16 writers, vs raw SQLite commit loops"
# Two loops of one durable single-row commit per insert, on the same disk: one into a copy of
# the server's database as it is now (its table, indexes and trigram index: the same insert the
# server makes), one into a plain table (same columns, unique id, nothing else). Each runs 5 s
# before and 5 s after the POST run, so a disk that other work slows for a while weighs on both
# sides alike.
python3 -c 'import sqlite3, sys; s = sqlite3.connect(sys.argv[1]); d = sqlite3.connect(sys.argv[2]); s.backup(d); d.close()' \
    "$T/bench.sqlite" "$T/schema_loop.sqlite"
timeout 60 "$T/sqlite_loop" "$T/schema_loop.sqlite" 5 >"$R/sqlite_loop_schema_a.json" || fail "sqlite_loop on the server's schema failed"
timeout 60 "$T/sqlite_loop" "$T/loop.sqlite" 5 >"$R/sqlite_loop_a.json" || fail "sqlite_loop failed"
before=$(total_contacts)
BENCH_RUN_TAG="$(date +%s)" run_wrk r3_post -t2 -c16 -d10s --latency -s "$BENCH/post.lua" "$QA/contacts"
meta post_rows_added "$(( $(total_contacts) - before ))"
timeout 60 "$T/sqlite_loop" "$T/loop.sqlite" 5 >"$R/sqlite_loop_b.json" || fail "sqlite_loop failed"
timeout 60 "$T/sqlite_loop" "$T/schema_loop.sqlite" 5 >"$R/sqlite_loop_schema_b.json" || fail "sqlite_loop on the server's schema failed"
rm -f "$T"/schema_loop.sqlite*

# ---------------------------------------------------------------- (5) memory
meta vmhwm_kb "$(vmhwm_kb)"
meta total_after_writes "$(total_contacts)"
stop_qa

# ---------------------------------------------------------------- SSE: 1,000 open /events streams
say "SSE: $STREAMS open /events streams (--max-connections 2048, one account's streams not capped)"
start_qa /dev/null --max-connections 2048 --max-streams-per-account "$STREAMS"
run_wrk warm_healthz -t2 -c4 -d2s -s "$BENCH/plain.lua" "$QA/healthz"
run_wrk sse_healthz_ref -t2 -c4 -d5s --latency -s "$BENCH/plain.lua" "$QA/healthz"
timeout 240 python3 "$BENCH/sse_fanout.py" --port "${QA##*:}" --streams "$STREAMS" --contact-id "$FAVORITE_ID" \
    --changes 3 --ready-file "$T/sse.ready" --go-file "$T/sse.go" --hold-timeout 90 >"$R/sse.json" &
SSE_PID=$!
for _ in $(seq 600); do
    [ -s "$T/sse.ready" ] && break
    kill -0 "$SSE_PID" 2>/dev/null || break
    sleep 0.1
done
[ -s "$T/sse.ready" ] || fail "sse_fanout.py did not open its streams"
run_wrk sse_healthz -t2 -c4 -d5s --latency -s "$BENCH/plain.lua" "$QA/healthz"
touch "$T/sse.go"
wait "$SSE_PID" || fail "sse_fanout.py failed"
SSE_PID=""
meta vmhwm_after_sse_kb "$(vmhwm_kb)"
stop_qa

# ---------------------------------------------------------------- (6) 10,000 favorites
say "(6) $FAVORITES_LARGE favorites: 4 clients toggle while a probe times GET /healthz"
favorites_store
start_favorites
meta favorites_items "$(curl -sS --max-time 30 "$QA/shortcuts" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["items"]))')"
timeout 60 python3 "$BENCH/probe.py" --port "${QA##*:}" --seconds 5 >"$R/fav_probe_idle.json" || fail "probe.py failed"
BENCH_IDS="$T/fav.ids" run_wrk warm_toggle -t2 -c4 -d2s -s "$BENCH/toggle.lua" "$QA/"
timeout 60 python3 "$BENCH/probe.py" --port "${QA##*:}" --seconds 10 >"$R/fav_probe.json" &
PROBE_PID=$!
BENCH_IDS="$T/fav.ids" run_wrk r6_toggle -t2 -c4 -d10s --latency -s "$BENCH/toggle.lua" "$QA/"
wait "$PROBE_PID" || fail "probe.py failed"
PROBE_PID=""
timeout 120 python3 "$BENCH/after_change.py" --port "${QA##*:}" --ids "$T/fav.ids" --count 20 >"$R/fav_after_change.json" ||
    fail "after_change.py failed"
preview_run
meta vmhwm_favorites_kb "$(vmhwm_kb)"
stop_qa

# ---------------------------------------------------------------- (R) the ranking at speed
ranking_section

# ---------------------------------------------------------------- (7) accounts
accounts_section

# ---------------------------------------------------------------- (P) PostgreSQL
postgres_section

write_table
