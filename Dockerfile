# quickactiond: Swift HTTP service on libmicrohttpd + SQLite.
#
#   docker build -t quickactiond .
#   docker run -p 8080:8080 -v quickactions:/data quickactiond
#
# With podman, build in Docker's image format: the default OCI format drops the HEALTHCHECK.
#   podman build --format docker -t quickactiond .
#   podman run -p 8080:8080 -v quickactions:/data quickactiond
#
# make container-check builds this file unchanged with podman and runs the image and
# docker-compose.yml as an operator would (scripts/container-check.sh).
#
# scripts/check-dockerfile.sh lints this file (hadolint) and checks that the
# runtime stage's apt packages provide every shared library the binary links.

# ---------------------------------------------------------------- build stage
# Same Swift release as the development machines and CI (6.3.1), Debian 12.
# The code needs Swift 6.2 or later (`unsafe` expressions, OutputSpan).
FROM swift:6.3.1-bookworm AS build

ARG DEBIAN_FRONTEND=noninteractive
# C libraries reached through pkg-config (see the systemLibrary targets).
# Version pins: see .hadolint.yaml (DL3008).
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd-dev libsqlite3-dev libssl-dev libpq-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /src
# Manifest first: its layer, and the dependency resolution after it, stay
# cached while only sources change.
COPY Package.swift ./
RUN swift package resolve
COPY Sources ./Sources
# SwiftPM checks that every target's directory exists, test targets included,
# even when building one product, so Tests/ is part of the build context too.
COPY Tests ./Tests

# --static-swift-stdlib links the Swift runtime and Foundation into the binary:
# at run time it needs only Debian's libmicrohttpd12, libsqlite3-0, libssl3, libpq5 and
# libstdc++6 (and what they depend on). Resource bundles (*.resources) must sit
# next to the executable, or Bundle.module traps at first use.
RUN swift build -c release --static-swift-stdlib --product quickactiond \
    && bin="$(swift build -c release --static-swift-stdlib --product quickactiond --show-bin-path)" \
    && mkdir -p /out \
    && cp "$bin/quickactiond" /out/quickactiond \
    && strip /out/quickactiond \
    && find "$bin" -maxdepth 1 -name '*.resources' -exec cp -R {} /out/ \;

# -------------------------------------------------------------- runtime stage
FROM debian:bookworm-slim

LABEL org.opencontainers.image.title="quickactiond" \
      org.opencontainers.image.description="Quick actions HTTP service (Swift, libmicrohttpd, SQLite)"

ARG DEBIAN_FRONTEND=noninteractive
# Runtime libraries only, plus busybox for the HEALTHCHECK's HTTP probe
# (one package, ~0.8 MiB, depends on libc6 alone; curl would add 16 packages,
# ~11.7 MiB, wget 2 packages, ~3.6 MiB). No ca-certificates: the service makes
# no outgoing TLS connections.
# The fixed uid/gid 10001 owns /data, so a named volume created from the image
# starts writable by the service (ownership is set before VOLUME below).
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd12 libsqlite3-0 libssl3 libpq5 libstdc++6 busybox \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 quickactiond \
    && useradd --system --uid 10001 --gid 10001 --no-create-home \
        --home-dir /nonexistent --shell /usr/sbin/nologin quickactiond \
    && mkdir -p /data \
    && chown 10001:10001 /data

# Binary and resource bundles, owned by root: the service cannot rewrite them.
COPY --from=build /out/ /usr/local/bin/

USER 10001:10001
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8080

# Passes only on a 2xx answer from /healthz (busybox wget exits 1 on 4xx/5xx
# and on a refused connection). "-Y off" ignores any http_proxy in the
# environment. Do not add "-T": bookworm's busybox 1.35 crashes on it;
# --timeout below bounds the probe instead. The port must match --port.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
    CMD ["busybox", "wget", "-q", "-Y", "off", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]

STOPSIGNAL SIGTERM

# Listening on 0.0.0.0 inside the container needs either a token or
# --allow-unauthenticated. The default below is UNAUTHENTICATED: operators
# should set QUICKACTIOND_TOKEN, 16 characters or more such as `openssl rand -hex 32`
# (or mount a secret and pass --token-file FILE, which SIGHUP reads again)
# and drop --allow-unauthenticated by overriding the command, e.g.
#   docker run -e QUICKACTIOND_TOKEN=... quickactiond \
#     --host 0.0.0.0 --port 8080 --db /data/quickactions.sqlite
ENTRYPOINT ["/usr/local/bin/quickactiond"]
CMD ["--host", "0.0.0.0", "--port", "8080", "--db", "/data/quickactions.sqlite", "--allow-unauthenticated"]
