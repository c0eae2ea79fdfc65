#!/usr/bin/env bash
# nginx (Debian nginx-light) as a load balancer in front of quickactiond instances.
#   scripts/nginx-lb.sh start DIR LISTEN PORT...   e.g. start .build/lb 127.0.0.1:8080 18081 18082
#   scripts/nginx-lb.sh stop DIR
set -euo pipefail
cmd=${1:-}
dir=${2:-.build/lb}
root=$(cd "$(dirname "$0")/.." && pwd)
case "$cmd" in
start)
    listen=$3
    shift 3
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    upstreams=""
    for port in "$@"; do upstreams+="server 127.0.0.1:$port max_fails=0; "; done
    sed -e "s|UPSTREAMS|$upstreams|" -e "s|LISTEN|$listen|" -e "s|DIR|$dir|g" "$root/deploy/nginx-lb.conf.template" >"$dir/nginx.conf"
    nginx -c "$dir/nginx.conf" -t -q
    nginx -c "$dir/nginx.conf"
    ;;
stop)
    dir=$(cd "$dir" && pwd)
    [ -f "$dir/nginx.pid" ] && kill "$(cat "$dir/nginx.pid")" 2>/dev/null || true
    ;;
*)
    sed -n '2,4p' "$0" >&2
    exit 2
    ;;
esac
