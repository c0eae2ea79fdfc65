#!/usr/bin/env bash
# make test-faults: two instances (A, B), each in a network namespace of its own, on one throwaway
# PostgreSQL 15; B's (and once A's) traffic to PostgreSQL is dropped silently, reset and delayed,
# and scripts/fault_cases.py checks what docs/scaling.md promises (see its docstring).
#
# Addresses come from 198.18.0.0/15 (RFC 2544's test range) and exist only on the veth pairs made
# here: A at 198.18.0.2 (host side .1), B at 198.18.0.6 (host side .5). Every process, namespace,
# veth and rule made here is removed on exit, even on failure. Skipped, saying so, where network
# namespaces cannot be made (no root or CAP_NET_ADMIN).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin:/usr/sbin:/sbin"
tag="qa-fault-$$"
ns_a="$tag-a" ns_b="$tag-b"
veth_a="qf$$a" veth_b="qf$$b" # host ends; the namespace ends are "<name>n" (15 characters at most)

if ! ip netns add "$tag-probe" 2>/dev/null; then
    echo "test-faults: SKIPPED: network namespaces cannot be made here (needs root or CAP_NET_ADMIN)"
    exit 0
fi
ip netns del "$tag-probe"

work=$(mktemp -d /tmp/qa-faults.XXXXXX)
chmod 755 "$work" # the postgres user must reach the cluster inside
cleanup() {
    set +e
    for ns in "$ns_a" "$ns_b"; do
        pids=$(ip netns pids "$ns" 2>/dev/null)
        [ -n "$pids" ] && kill $pids 2>/dev/null
    done
    sleep 0.5
    for ns in "$ns_a" "$ns_b"; do
        pids=$(ip netns pids "$ns" 2>/dev/null)
        [ -n "$pids" ] && kill -9 $pids 2>/dev/null
        ip netns del "$ns" 2>/dev/null # takes its veth end, its addresses and its iptables rules with it
    done
    ip link del "$veth_a" 2>/dev/null
    ip link del "$veth_b" 2>/dev/null
    scripts/postgres.sh remove "$work/pg" >/dev/null
    rm -rf "$work" "/tmp/$ns_a.log" "/tmp/$ns_b.log"
}
trap cleanup EXIT INT TERM

started=$SECONDS
swift build --product quickactiond 2>&1 | tail -1
scripts/postgres.sh start "$work/pg"
eval "$(scripts/postgres.sh env "$work/pg")"
psql -X -q -c 'CREATE DATABASE qa_faults'

make_side() { # namespace, host end, third octet base
    local ns=$1 veth=$2 host=$3 inside=$4
    ip netns add "$ns"
    ip link add "$veth" type veth peer name "${veth}n"
    ip link set "${veth}n" netns "$ns"
    ip addr add "$host/30" dev "$veth"
    ip link set "$veth" up
    ip netns exec "$ns" ip addr add "$inside/30" dev "${veth}n"
    ip netns exec "$ns" ip link set "${veth}n" up
    ip netns exec "$ns" ip link set lo up
}
make_side "$ns_a" "$veth_a" 198.18.0.1 198.18.0.2
make_side "$ns_b" "$veth_b" 198.18.0.5 198.18.0.6

python3 scripts/fault_cases.py --binary "$PWD/.build/debug/quickactiond" --ns-a "$ns_a" --ns-b "$ns_b" \
    --host-a 198.18.0.1 --host-b 198.18.0.5 --pg-host 127.0.0.1 --pg-port "$PGPORT" --database qa_faults \
    --psql-conninfo "host=$PGHOST port=$PGPORT user=postgres dbname=qa_faults" ${FAULT_CASES:+--cases "$FAULT_CASES"}
echo "test-faults: took $((SECONDS - started)) s"
