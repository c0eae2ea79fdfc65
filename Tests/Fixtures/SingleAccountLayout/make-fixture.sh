#!/usr/bin/env bash
# Makes this directory's fixture with a single-account quickactiond BINARY (one built before
# single-account mode ran on the multi-account stack): a database written through its API, and
# the GET /shortcuts answers it gave, which the new binary must give on the same database
# (SingleAccountLayoutEndToEndTests).
#
#   make-fixture.sh BINARY [POSTGRES_CONNINFO]
#
# Writes single-account.sqlite and single-account.shortcuts.json (and, given a PostgreSQL
# server, single-account.pg.sql, a pg_dump of the database, and single-account.pg.shortcuts.json).
set -euo pipefail
binary=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
token=fixture-token-0123456789abcdef

# Starts the binary on the database $1, writes to it, saves GET /shortcuts as $2, and stops it.
write_and_answer() {
  "$binary" --port 0 --db "$1" --token "$token" >"$work/out" 2>"$work/err" &
  local pid=$! url=""
  for _ in $(seq 100); do
    url=$(sed -n 's/^quickactiond listening on //p' "$work/out")
    [ -n "$url" ] && break
    sleep 0.1
  done
  [ -n "$url" ] || { cat "$work/err"; exit 1; }
  local auth=(-H "Authorization: Bearer $token" -H "Content-Type: application/json")
  create() { curl -sf "${auth[@]}" -d "$1" "$url/contacts" | jq -r .id; }
  local ada bob cyd dan
  ada=$(create '{"name":"Ada Lovelace","email":"ada@example.com","favorite":true}')
  bob=$(create '{"name":"Bob Kahn","favorite":true}')
  cyd=$(create '{"name":"Cyd Charisse","favorite":false}')
  dan=$(create '{"name":"Dan Bricklin","favorite":true}')
  curl -sf "${auth[@]}" -X PATCH -d '{"favorite":true}' "$url/contacts/$cyd" >/dev/null
  curl -sf "${auth[@]}" -X DELETE "$url/contacts/$dan" >/dev/null
  for _ in 1 2 3; do
    curl -sf "${auth[@]}" -d "{\"type\":\"FavoriteAction\",\"userInfo\":{\"contactId\":\"$bob\"}}" "$url/trigger" >/dev/null
  done
  curl -sf "${auth[@]}" -d "{\"type\":\"FavoriteAction\",\"userInfo\":{\"contactId\":\"$ada\"}}" "$url/trigger" >/dev/null
  curl -sf "${auth[@]}" "$url/shortcuts" >"$2"
  kill -TERM "$pid"
  wait "$pid" || true
}

write_and_answer "$work/single-account.sqlite" "$here/single-account.shortcuts.json"
cp "$work/single-account.sqlite" "$here/single-account.sqlite"
if [ -n "${2:-}" ]; then
  name=qa_fixture_$$
  psql -X -q -d "$2 dbname=postgres" -c "CREATE DATABASE $name"
  write_and_answer "$2 dbname=$name" "$here/single-account.pg.shortcuts.json"
  pg_dump --no-owner --no-privileges -d "$2 dbname=$name" >"$here/single-account.pg.sql"
  psql -X -q -d "$2 dbname=postgres" -c "DROP DATABASE $name WITH (FORCE)"
fi
