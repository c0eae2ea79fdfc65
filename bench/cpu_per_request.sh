#!/usr/bin/env bash
# bench/cpu_per_request.sh PID -- WRK_ARGUMENTS...: what one request costs the server process PID
# in CPU time, while wrk runs with WRK_ARGUMENTS (give it -d and a script, as for any wrk run).
#
# Prints one line: the requests wrk made, its requests per second, the process's CPU time per
# request in microseconds (user and system, every thread's, from /proc/PID/stat, the dead
# threads' included) and its context switches per request, voluntary and involuntary (summed
# over /proc/PID/task/*/status; a thread that ends during the run is not counted there).
#
# Throughput on a machine shared with the load generator moves with how the scheduler shares the
# cores; the server's own CPU per request does not depend on wrk's share, so it tells where a
# request's cost goes (see docs/performance.md). It is a diagnostic, not one of make bench's rows.
set -euo pipefail

[ $# -ge 3 ] && [ "$2" = -- ] || { echo "usage: bench/cpu_per_request.sh PID -- WRK_ARGUMENTS..." >&2; exit 64; }
pid=$1
shift 2
[ -r "/proc/$pid/stat" ] || { echo "cpu_per_request: no process $pid" >&2; exit 66; }

ticks() { # utime + stime of the whole process, in clock ticks (fields 14 and 15 after the name)
    sed 's/^.*) //' "/proc/$pid/stat" | awk '{print $12 + $13}'
}
switches() { # voluntary and involuntary context switches of the live threads
    cat /proc/"$pid"/task/*/status 2>/dev/null |
        awk '/^voluntary_ctxt_switches/ {v += $2} /^nonvoluntary_ctxt_switches/ {n += $2} END {print v + 0, n + 0}'
}

out=$(mktemp "${TMPDIR:-/tmp}/cpu_per_request.XXXXXX")
trap 'rm -f "$out"' EXIT
cpu_before=$(ticks)
read -r vol_before invol_before < <(switches)
wrk "$@" >"$out"
cpu_after=$(ticks)
read -r vol_after invol_after < <(switches)

requests=$(grep -o '[0-9]* requests in' "$out" | awk '{print $1}')
rate=$(awk '/^Requests\/sec:/ {print $2}' "$out")
[ -n "$requests" ] && [ "$requests" -gt 0 ] || { echo "cpu_per_request: wrk made no request" >&2; cat "$out" >&2; exit 1; }
python3 - "$requests" "$rate" "$((cpu_after - cpu_before))" "$(getconf CLK_TCK)" \
    "$((vol_after - vol_before))" "$((invol_after - invol_before))" <<'EOF'
import sys
requests, rate, ticks, hz, vol, invol = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
print(f"requests {requests} req/s {rate:.0f} cpu_us_per_request {ticks * 1e6 / hz / requests:.2f} "
      f"voluntary_switches_per_request {vol / requests:.3f} involuntary_switches_per_request {invol / requests:.3f}")
EOF
