#!/usr/bin/env bash
# make container-check: builds the unchanged Dockerfile with podman and runs the image as an
# operator would, then brings docker-compose.yml up with podman-compose (nginx in front of two
# instances on PostgreSQL). No registry is reachable here, so the base images the two files name
# are stand-ins built from Debian's own packages (deploy/standins/README.md), made only when
# absent: a second run reuses them, and podman's layer cache reuses the Dockerfile's build stage
# while Package.swift and the sources are unchanged.
#
# Prints one line per check with its figure. Where podman cannot run it says so and exits 0
# with "container-check: SKIPPED"; any failed check exits 1. Every container, volume and
# network it makes is removed at the end, also on failure (the images stay, as a cache).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
export CONTAINERS_CONF="$root/deploy/standins/containers.conf"
export BUILDAH_FORMAT=docker # the OCI format silently drops HEALTHCHECK
VENV=${VENV:-.venv}
PODMAN_COMPOSE_VERSION=1.2.0
run_id="qacheck$$"
token=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
pgpass=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')

say() { echo "container-check: $*"; }
# podman without systemd logs "unable to get systemd connection" for every health-check timer
# (health checks then run only on `podman healthcheck run`): kept out of the output.
pm() { podman "$@" 2> >(grep -v 'systemd' >&2); }
fail() { echo "container-check: FAIL: $*" >&2; exit 1; }
ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

if ! command -v podman >/dev/null 2>&1; then
    echo "container-check: SKIPPED: podman is not installed (apt-get install podman debootstrap runc)"; exit 0
fi
if ! podman info >/dev/null 2>"/tmp/$run_id.info"; then
    echo "container-check: SKIPPED: podman cannot run here: $(tail -1 "/tmp/$run_id.info")"; rm -f "/tmp/$run_id.info"; exit 0
fi
rm -f "/tmp/$run_id.info"

containers=()
compose_up=0
volumes_before=$(podman volume ls -q | sort)
networks_before=$(podman network ls -q | sort)
cleanup() {
    set +e
    if [ "$compose_up" = 1 ]; then compose down -v >/dev/null 2>&1; fi
    for c in "${containers[@]}"; do podman rm -f -v -t 0 "$c" >/dev/null 2>&1; done
    # Volumes and networks that appeared during the run are this run's (named and anonymous).
    for v in $(comm -13 <(echo "$volumes_before") <(podman volume ls -q | sort)); do podman volume rm -f "$v" >/dev/null 2>&1; done
    for n in $(comm -13 <(echo "$networks_before") <(podman network ls -q | sort)); do podman network rm -f "$n" >/dev/null 2>&1; done
    rm -rf "/tmp/$run_id"
}
trap cleanup EXIT
mkdir -p "/tmp/$run_id"

# ------------------------------------------------------------------ stand-in base images
scripts/container-standins.sh

# ------------------------------------------------------------------ the Dockerfile, unchanged
started=$(date +%s%N)
podman build --format docker -t quickactiond:latest . >"/tmp/$run_id/build.log" 2>&1 \
    || { tail -30 "/tmp/$run_id/build.log" >&2; fail "podman build of the Dockerfile"; }
build_ms=$(ms_since "$started")
size=$(podman image inspect quickactiond:latest --format '{{.Size}}')
base=$(podman image inspect debian:bookworm-slim --format '{{.Size}}')
say "built the Dockerfile in $((build_ms / 1000)).$(( build_ms % 1000 / 100 )) s; image $((size / 1000000)) MB (stand-in base $((base / 1000000)) MB)"
podman image inspect quickactiond:latest --format '{{json .Config.Healthcheck}}' | grep -q healthz \
    || fail "the image has no HEALTHCHECK (was it built in the OCI format?)"

# ------------------------------------------------------------------ the image, as an operator runs it
port=$(free_port)
volume="$run_id-data"
start_container() { # name -> starts the image's default command on the volume, published on 127.0.0.1:$port
    containers+=("$1")
    pm run -d --name "$1" -p "127.0.0.1:$port:8080" -v "$volume:/data" quickactiond:latest >/dev/null
}
wait_shortcuts() { # -> ms until GET /shortcuts answers 200, or fails after 30 s
    local t0=$1
    for _ in $(seq 300); do
        if curl -m 5 -fsS -o /dev/null "http://127.0.0.1:$port/shortcuts" 2>/dev/null; then ms_since "$t0"; return 0; fi
        sleep 0.1
    done
    return 1
}
started=$(date +%s%N)
start_container "$run_id-a"
ready_ms=$(wait_shortcuts "$started") || { podman logs "$run_id-a" >&2; fail "the container never served /shortcuts"; }
items=$(curl -m 5 -fsS "http://127.0.0.1:$port/shortcuts" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["items"]))')
[ "$items" -ge 3 ] || fail "the seeded list has $items items (static and dynamic expected)"
say "served the seeded list ($items items) $ready_ms ms after podman run"

uid=$(podman exec "$run_id-a" sh -c 'id -u')
[ "$uid" = 10001 ] || fail "the service runs as uid $uid, not 10001"
say "runs as uid $uid"

pm healthcheck run "$run_id-a" >/dev/null || fail "podman healthcheck run failed"
health=$(podman inspect "$run_id-a" --format '{{.State.Health.Status}}' 2>/dev/null || podman inspect "$run_id-a" --format '{{.State.Healthcheck.Status}}')
[ "$health" = healthy ] || fail "health status is '$health' after podman healthcheck run"
say "podman healthcheck run: $health"

id=$(curl -m 5 -fsS -H 'Content-Type: application/json' -d '{"name":"Survives Restarts","favorite":true}' \
    "http://127.0.0.1:$port/contacts" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
started=$(date +%s%N)
pm restart -t 10 "$run_id-a" >/dev/null
wait_shortcuts "$started" >/dev/null || fail "the container did not serve again after podman restart"
curl -m 5 -fsS -o /dev/null "http://127.0.0.1:$port/contacts/$id" || fail "contact $id was lost by podman restart"
say "contact $id survived podman restart"

started=$(date +%s%N)
pm stop -t 10 "$run_id-a" >/dev/null
stop_ms=$(ms_since "$started")
code=$(podman inspect "$run_id-a" --format '{{.State.ExitCode}}')
[ "$code" = 0 ] || fail "podman stop ended the service with exit $code"
[ "$stop_ms" -lt 10000 ] || fail "podman stop took $stop_ms ms (the service should stop on SIGTERM, not be killed at 10 s)"
say "podman stop -t 10 ended it in $stop_ms ms with exit $code"

started=$(date +%s%N)
start_container "$run_id-b"
wait_shortcuts "$started" >/dev/null || fail "a new container on the same volume never served"
curl -m 5 -fsS -o /dev/null "http://127.0.0.1:$port/contacts/$id" || fail "contact $id was lost by a new container on the same volume"
say "contact $id served by a new container on the same volume"
pm stop -t 10 "$run_id-b" >/dev/null
pm rm -v "$run_id-a" "$run_id-b" >/dev/null

containers+=("$run_id-open")
set +e
podman run --name "$run_id-open" quickactiond:latest --host 0.0.0.0 --port 8080 --db /tmp/q.sqlite 2>&1 | grep -v systemd >"/tmp/$run_id/open.log"
code=${PIPESTATUS[0]}
set -e
[ "$code" != 0 ] || fail "the image listened on 0.0.0.0 without a token"
grep -qi token "/tmp/$run_id/open.log" || fail "the refusal does not mention the token: $(cat "/tmp/$run_id/open.log")"
say "refused 0.0.0.0 without a token (exit $code): $(grep -m1 -i token "/tmp/$run_id/open.log")"
pm rm -v "$run_id-open" >/dev/null
podman volume rm "$volume" >/dev/null

# ------------------------------------------------------------------ docker-compose.yml with podman-compose
if [ ! -x "$VENV/bin/podman-compose" ]; then
    [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "podman-compose==$PODMAN_COMPOSE_VERSION"
fi
lb_port=8080
if curl -m 5 -s -o /dev/null "http://127.0.0.1:$lb_port/" 2>/dev/null; then fail "port $lb_port (the compose file's) is taken on this machine"; fi
compose() { QUICKACTIOND_TOKEN=$token POSTGRES_PASSWORD=$pgpass "$VENV/bin/podman-compose" -p "$run_id" -f docker-compose.yml "$@"; }
wait_instances_ready() { # -> until both instances' health checks (GET /readyz inside each) pass, or 180 s each (a first start makes the PostgreSQL cluster)
    local i
    for i in 1 2; do
        for _ in $(seq 900); do
            pm healthcheck run "${run_id}_quickactiond${i}_1" >/dev/null 2>&1 && continue 2
            sleep 0.2
        done
        return 1
    done
}
wait_lb_ready() { # -> ms until /readyz answers through nginx (podman-compose 1.x on podman 4.3 ignores
    # condition: service_healthy, so nginx may start before the instances, fail to resolve them
    # and exit: it is started again until it stays up)
    local t0=$1
    for _ in $(seq 900); do
        if curl -m 5 -fsS -o /dev/null "http://127.0.0.1:$lb_port/readyz" 2>/dev/null; then ms_since "$t0"; return 0; fi
        if [ "$(podman inspect "${run_id}_nginx_1" --format '{{.State.Running}}' 2>/dev/null)" = false ]; then
            pm start "${run_id}_nginx_1" >/dev/null || true
        fi
        sleep 0.1
    done
    return 1
}
started=$(date +%s%N)
compose_up=1
compose up -d >"/tmp/$run_id/compose-up.log" 2>&1 || { cat "/tmp/$run_id/compose-up.log" >&2; fail "podman-compose up"; }
up_ms=$(wait_instances_ready && wait_lb_ready "$started") || { compose logs 2>&1 | tail -40 >&2 || true; fail "nothing answered /readyz through nginx within 3 minutes"; }
say "podman-compose up: both instances ready, and nginx answering, $up_ms ms after up"

code=$(curl -m 5 -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$lb_port/shortcuts")
[ "$code" = 401 ] || fail "GET /shortcuts without the token through nginx gave $code, not 401"
code=$(curl -m 5 -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" "http://127.0.0.1:$lb_port/shortcuts")
[ "$code" = 200 ] || fail "GET /shortcuts with the token through nginx gave $code, not 200"
say "through nginx: 401 without the token, 200 with it"

for i in $(seq 40); do
    curl -m 5 -fsS -o /dev/null -H "Authorization: Bearer $token" -H "X-Request-Id: $run_id-$i" "http://127.0.0.1:$lb_port/shortcuts"
done
served=""
for instance in quickactiond1 quickactiond2; do
    n=$(podman logs "${run_id}_${instance}_1" 2>&1 | grep -c "$run_id-" || true)
    [ "$n" -gt 0 ] || fail "$instance served none of 40 requests through nginx"
    served="$served $instance $n,"
done
say "both instances serve: of 40 requests,${served%,}"

cid=$(curl -m 5 -fsS -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d '{"name":"Survives Compose","favorite":true}' "http://127.0.0.1:$lb_port/contacts" \
    | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
events_from=$(date +%s)
compose down >"/tmp/$run_id/compose-down.log" 2>&1 || { cat "/tmp/$run_id/compose-down.log" >&2; fail "podman-compose down"; }
codes=$(podman events --since "$events_from" --until "$(( $(date +%s) + 1 ))" --filter event=died \
    --format '{{.Name}}={{.ContainerExitCode}}' | sort -u | paste -sd ' ')
[ -n "$codes" ] || fail "podman events recorded no container ending in down"
for pair in $codes; do
    [ "${pair##*=}" = 0 ] || fail "down ended ${pair%=*} with exit ${pair##*=} ($codes)"
done
say "podman-compose down: every container ended with exit 0 ($codes)"

started=$(date +%s%N)
compose up -d >"/tmp/$run_id/compose-up2.log" 2>&1 || { cat "/tmp/$run_id/compose-up2.log" >&2; fail "podman-compose up (again)"; }
{ wait_instances_ready && wait_lb_ready "$started" >/dev/null; } || fail "nothing answered /readyz through nginx after the second up"
curl -m 5 -fsS -o /dev/null -H "Authorization: Bearer $token" "http://127.0.0.1:$lb_port/contacts/$cid" \
    || fail "contact $cid was lost by down/up"
say "contact $cid survived podman-compose down/up"
compose down -v >/dev/null 2>&1
compose_up=0
left=$(podman ps -a --filter "name=${run_id}_" --format '{{.Names}}' | tr '\n' ' ')
[ -z "${left// /}" ] || fail "containers left after down: $left"
say "passed"
