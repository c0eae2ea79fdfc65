#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster (Debian's postgresql-15) for tests, CI and `make run-postgres`.
#
#   scripts/postgres.sh start [DIR]              initdb in DIR (as the postgres user when run as root:
#                                                initdb refuses root), then start it on a Unix socket in
#                                                DIR and on 127.0.0.1 at a free port (kept in DIR/port)
#   scripts/postgres.sh env [DIR]                print `export` lines: QUICKACTIOND_TEST_POSTGRES (a libpq
#                                                keyword string), QUICKACTIOND_TEST_POSTGRES_DIR, PGHOST...
#   scripts/postgres.sh restart [DIR] [MODE]     pg_ctl restart -m MODE (fast, immediate; default fast)
#   scripts/postgres.sh stop|kill [DIR]          stop it (fast), or stop -m immediate
#   scripts/postgres.sh remove [DIR]             stop it and delete DIR
#
# DIR defaults to $PG_DIR, else .build/pg. The cluster trusts local connections (user postgres, no
# password): it is for tests only. Callers stop it with a trap, so a failed run leaves no server.
set -euo pipefail

BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
cmd=${1:-}
dir=${2:-${PG_DIR:-.build/pg}}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

running() { [ -f "$dir/data/postmaster.pid" ] && as_owner "$BIN/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; }

case "$cmd" in
start)
    [ -x "$BIN/initdb" ] || { echo "postgres.sh: no $BIN/initdb (apt-get install postgresql-15)" >&2; exit 1; }
    if running; then echo "postgres.sh: already running in $dir"; exit 0; fi
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        as_owner "$BIN/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
            || { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    # The same port on every start of one cluster: clients keep their connection strings.
    port=$(cat "$dir/port" 2>/dev/null || free_port)
    echo "$port" >"$dir/port"
    # fsync stays on (the default): the restart tests and the bench measure durable commits.
    as_owner "$BIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 30 \
        -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c max_connections=300" start >/dev/null
    echo "postgres.sh: PostgreSQL running in $dir (socket, and 127.0.0.1:$port)"
    ;;
env)
    port=$(cat "$dir/port")
    echo "export QUICKACTIOND_TEST_POSTGRES='host=$dir port=$port user=postgres dbname=postgres'"
    echo "export QUICKACTIOND_TEST_POSTGRES_DIR='$dir'"
    echo "export PGHOST='$dir' PGPORT='$port' PGUSER=postgres PGDATABASE=postgres"
    ;;
restart)
    mode=${3:-fast}
    port=$(cat "$dir/port")
    as_owner "$BIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 30 -m "$mode" \
        -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c max_connections=300" restart >/dev/null
    ;;
stop | kill)
    mode=fast
    [ "$cmd" = kill ] && mode=immediate
    if running; then as_owner "$BIN/pg_ctl" -D "$dir/data" -m "$mode" -w -t 30 stop >/dev/null; fi
    ;;
remove)
    if running; then as_owner "$BIN/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null; fi
    rm -rf "$dir"
    ;;
*)
    sed -n '2,15p' "$0" >&2
    exit 2
    ;;
esac
