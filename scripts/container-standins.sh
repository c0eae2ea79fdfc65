#!/usr/bin/env bash
# The stand-in base images of make container-check (deploy/standins/README.md), each tagged
# with the exact names the Dockerfile and docker-compose.yml use, and made only when absent:
#   debian:bookworm-slim   debootstrap --variant=minbase, trimmed as the official slim image is
#   swift:6.3.1-bookworm   that + the toolchain's Debian dependencies + this machine's /opt/swift
#   postgres:15, nginx     that + Debian's postgresql-15 / nginx-light
# FORCE=1 makes them again.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export CONTAINERS_CONF="$PWD/deploy/standins/containers.conf"
standins=deploy/standins
mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
mirror=${mirror:-http://deb.debian.org/debian}

have() { [ "${FORCE:-0}" != 1 ] && podman image exists "$1"; }
tag_both() { # local name -> also docker.io/library/NAME, the name a Docker client resolves it to
    podman tag "$1" "docker.io/library/$1"
}
timed() { # NAME COMMAND... -> runs it and says how long making NAME took
    local name=$1 t0=$SECONDS
    shift
    "$@"
    echo "container-check: made stand-in $name in $((SECONDS - t0)) s"
}
quiet() { "$@" >/dev/null; }

make_debian() {
    local rootfs
    rootfs=$(mktemp -d /tmp/qa-rootfs.XXXXXX)
    debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1 \
        || { tail -20 "$rootfs.log" >&2; rm -rf "$rootfs" "$rootfs.log"; return 1; }
    rm -f "$rootfs.log"
    # The official slim image's dpkg excludes (docs, man pages, locales), applied now and for
    # every package installed later.
    cp "$standins/dpkg-slim.cfg" "$rootfs/etc/dpkg/dpkg.cfg.d/docker-slim"
    find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
    find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +
    rm -rf "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/groff/* \
        "$rootfs"/usr/share/lintian/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
        "$rootfs"/var/lib/apt/lists/*
    rm -f "$rootfs/etc/apt/sources.list"
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
        cp /etc/apt/sources.list.d/debian.sources "$rootfs/etc/apt/sources.list.d/"
    else
        echo "deb $mirror bookworm main" >"$rootfs/etc/apt/sources.list"
    fi
    tar -C "$rootfs" -c . | podman import --change 'CMD ["bash"]' - debian:bookworm-slim >/dev/null
    rm -rf "$rootfs"
}

if ! have debian:bookworm-slim; then timed debian:bookworm-slim make_debian; fi
tag_both debian:bookworm-slim
if ! have swift:6.3.1-bookworm; then
    [ -x /opt/swift/usr/bin/swift ] || { echo "container-check: no toolchain at /opt/swift to make swift:6.3.1-bookworm" >&2; exit 1; }
    timed swift:6.3.1-bookworm quiet podman build --format docker -q -v /opt/swift:/opt/swift-host:ro -t swift:6.3.1-bookworm \
        -f "$standins/swift.Containerfile" "$standins"
fi
tag_both swift:6.3.1-bookworm
if ! have postgres:15; then timed postgres:15 quiet podman build --format docker -q -t postgres:15 -f "$standins/postgres.Containerfile" "$standins"; fi
tag_both postgres:15
if ! have nginx:latest; then timed nginx quiet podman build --format docker -q -t nginx:latest -f "$standins/nginx.Containerfile" "$standins"; fi
tag_both nginx:latest
