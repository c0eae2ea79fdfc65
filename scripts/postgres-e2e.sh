#!/usr/bin/env bash
# The PostgreSQL suites (CI and `make test-postgres`): a throwaway cluster, the storage contract
# suites and the end-to-end suites against it (QUICKACTIOND_TEST_NGINX=1: the cross-instance suite
# also runs through nginx-light in front of its two instances, on an ephemeral 127.0.0.1 port), then
# two release instances behind nginx checked with curl (a contact written through one instance read
# through the balancer from both). Everything it
# starts is stopped on exit, even on failure, and CI checks with pgrep that nothing is left.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"
work=$(mktemp -d /tmp/qa-pg-ci.XXXXXX)
chmod 755 "$work" # the postgres user must reach the cluster inside
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    scripts/nginx-lb.sh stop "$work/lb" || true
    scripts/postgres.sh remove "$work/pg" || true
    rm -rf "$work"
}
trap cleanup EXIT
scripts/postgres.sh start "$work/pg"
eval "$(scripts/postgres.sh env "$work/pg")"
swift build --build-tests
QUICKACTIOND_TEST_NGINX=1 swift test --skip-build --filter \
    'StorageTests|CrossInstanceEndToEndTests|CrossInstanceEventOrderEndToEndTests|PostgreSQLDeadlineEndToEndTests|CrossInstanceScheduledItemsEndToEndTests|PostgreSQLOutageEndToEndTests|PostgreSQLStoreTests|PostgreSQLLockEndToEndTests|PostgreSQLLogEndToEndTests|ContactQuotaEndToEndTests|AccountDeletionEndToEndTests|ControlCharacterEndToEndTests|SchemaVersionEndToEndTests|ReloadEndToEndTests|ScheduledTypeCollisionEndToEndTests|StoredRowsEndToEndTests'

# Two instances on one database behind nginx.
psql -X -q -c 'CREATE DATABASE qa_lb'
db="$QUICKACTIOND_TEST_POSTGRES dbname=qa_lb"
swift build -c release --product quickactiond
ports=()
for i in 1 2; do
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    .build/release/quickactiond --port "$port" --db "$db" --log-level warning &
    pids+=($!)
    ports+=("$port")
done
lb=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
scripts/nginx-lb.sh start "$work/lb" "127.0.0.1:$lb" "${ports[@]}"
for port in "${ports[@]}" "$lb"; do
    for _ in $(seq 50); do curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break; sleep 0.1; done
done
id=$(curl -fsS -H 'Content-Type: application/json' -d '{"name":"Through nginx","favorite":true}' "http://127.0.0.1:${ports[0]}/contacts" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
for port in "${ports[1]}" "$lb" "$lb"; do
    curl -fsS "http://127.0.0.1:$port/contacts/$id" >/dev/null || { echo "instance or balancer at $port does not serve $id" >&2; exit 1; }
done
echo "postgres-e2e: two instances behind nginx serve the same data"
