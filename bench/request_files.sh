#!/usr/bin/env bash
# bench/request_files.sh [BINARY]: the source files one request runs code from, counted under
# valgrind's callgrind: one GET /shortcuts with an account token (its list cached) and one
# POST /trigger, in multi-account mode on SQLite. Prints each request's count of
# files under Sources/ and the files. BINARY defaults to .build/debug/quickactiond: a debug
# build, in which little is inlined across files, shows the files a reader follows.
#
# The counters are zeroed after warm-up requests and dumped after the measured one, so start-up
# and the first requests' one-time work are left out. Everything runs on 127.0.0.1 and is
# stopped on exit.
set -euo pipefail
BIN=$(realpath "${1:-.build/debug/quickactiond}")
command -v valgrind >/dev/null || { echo "request_files: needs valgrind (apt-get install valgrind)" >&2; exit 69; }
T=$(mktemp -d "${TMPDIR:-/tmp}/request-files.XXXXXX")
VP=""
cleanup() { [ -n "$VP" ] && kill "$VP" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$T"; }
trap cleanup EXIT INT TERM
ADMIN=admin-token-0123456789abcdef
valgrind --tool=callgrind --callgrind-out-file="$T/cg.%p" --collect-atstart=yes \
    "$BIN" --accounts --admin-token "$ADMIN" --db "$T/db.sqlite" --port 0 --log-level warning >"$T/out" 2>"$T/err" &
VP=$!
URL=""
for _ in $(seq 600); do
    URL=$(sed -n 's#.*listening on \(http://127\.0\.0\.1:[0-9]*\).*#\1#p' "$T/out" | head -1)
    [ -n "$URL" ] && break
    sleep 0.2
done
[ -n "$URL" ] || { cat "$T/err" >&2; exit 1; }
json=(-H 'Content-Type: application/json')
TOKEN=$(curl -sf -X POST -H "Authorization: Bearer $ADMIN" "${json[@]}" -d '{"name":"a"}' "$URL/accounts" |
    python3 -c 'import sys, json; print(json.load(sys.stdin)["token"])')
auth=(-H "Authorization: Bearer $TOKEN")
curl -sf -o /dev/null "${auth[@]}" "${json[@]}" -d '{"name":"Ann","email":"a@example.com","favorite":true}' "$URL/contacts"
for _ in 1 2; do
    curl -sf -o /dev/null "${auth[@]}" "$URL/shortcuts"
    curl -sf -o /dev/null "${auth[@]}" "${json[@]}" -d '{"type":"SearchAction"}' "$URL/trigger"
done
measure() { # NAME curl-arguments...
    local name=$1
    shift
    sleep 0.5
    callgrind_control -z "$VP" >/dev/null
    curl -sf -o /dev/null "$@"
    sleep 0.5
    callgrind_control -d "$name" "$VP" >/dev/null
}
measure get "${auth[@]}" "$URL/shortcuts"
measure trigger "${auth[@]}" "${json[@]}" -d '{"type":"SearchAction"}' "$URL/trigger"
for pair in "GET /shortcuts (account token, list cached):1" "POST /trigger:2"; do
    python3 - "$T"/cg.*."${pair##*:}" "${pair%:*}" <<'PY'
import re, sys
names, used = {}, set()
pattern = re.compile(r'^(fl|fi|fe|cfi|cfl)=\((\d+)\)(?: (.*))?$')
label = sys.argv[2]
for line in open(sys.argv[1], errors='replace'):
    m = pattern.match(line.rstrip('\n'))
    if not m:
        continue
    kind, number, name = m.groups()
    if name:
        names[number] = name
    if kind in ('fl', 'fi', 'fe'):
        used.add(number)
files = sorted({re.sub(r'.*/Sources/', 'Sources/', names[n]) for n in used if '/Sources/' in names.get(n, '')})
print(f'{label}: {len(files)} files under Sources/')
for f in files:
    print('  ' + f)
PY
done
