#!/bin/sh
# The stand-in postgres:15's entrypoint: on first start, a cluster owned by POSTGRES_USER
# (default postgres) with POSTGRES_PASSWORD (required), the database POSTGRES_DB (default the
# user), password authentication (scram-sha-256) over TCP from anywhere and trust on the Unix
# socket; then the server, as PID 1, as the postgres user, listening on every address.
set -eu
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
if [ "${1:-postgres}" = postgres ]; then
    shift || true
    if [ ! -s "$PGDATA/PG_VERSION" ]; then
        : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
        chown postgres:postgres "$PGDATA"
        pwfile=$(mktemp); printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"; chown postgres "$pwfile"
        runuser -u postgres -- initdb -D "$PGDATA" -U "$user" --pwfile="$pwfile" \
            --auth-local=trust --auth-host=scram-sha-256 >/dev/null
        rm -f "$pwfile"
        echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
        if [ "$db" != postgres ]; then
            runuser -u postgres -- postgres --single -D "$PGDATA" -j postgres <<SQL >/dev/null
CREATE DATABASE "$db" OWNER "$user";
SQL
        fi
    fi
    exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" -c listen_addresses='*' "$@"
fi
exec "$@"
