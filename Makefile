# quickactiond: `make run` serves on the embedded defaults, `make test` runs the whole suite.
# Both install the Debian packages they need first (as root; elsewhere with sudo).

SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
APT_PACKAGES := libmicrohttpd-dev libsqlite3-dev libssl-dev libpq-dev pkg-config curl
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SWIFT ?= swift
export PATH := $(PATH):/opt/swift/usr/bin

PHONY_PG := test-postgres run-postgres test-faults
.PHONY: $(PHONY_PG) deps build release run test test-android test-asan perf-check fuzz bench schemathesis lint check-architecture format docker-check container-check embed-openapi embed-preview test-browser screenshots clean

FUZZ_SECONDS ?= 30

## deps: install missing apt packages (skips apt-get entirely when all are present)
deps:
	@missing=""; for p in $(APT_PACKAGES) $(EXTRA_APT); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	    echo "installing:$$missing"; \
	    $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product quickactiond

# A crash in the test runner ends with the crashed thread's frames, not with its registers and
# images: CI shows only the end of what a failed run printed.
CRASH_REPORT ?= threads=crashed,registers=none,images=none

## run: the service on its defaults: 127.0.0.1:8080, ./quickactions.sqlite (seeded when new)
run: release
	.build/release/quickactiond $(ARGS)

## test: every unit, API and end-to-end test (Swift Testing), on a build with zero warnings
test: deps
	@mkdir -p .build
	$(SWIFT) build --build-tests 2>&1 | tee .build/test-build.log
	@if grep -E "warning:" .build/test-build.log | grep -v "^warning: '.*': found" ; then echo "build has warnings"; exit 1; fi
	SWIFT_BACKTRACE=$(CRASH_REPORT) $(SWIFT) test --skip-build

## perf-check: the hot paths' allocations per request (GET /shortcuts, its 304, an account's GET
## /shortcuts, POST /trigger), counted in process on a release build, each held to its number in
## Tests/PerformanceTests/allocation-thresholds.json (PERF_CHECK_ARGS=--update writes the counts there)
perf-check: deps
	$(SWIFT) build -c release --product quickactiond-perf-check
	.build/release/quickactiond-perf-check --thresholds Tests/PerformanceTests/allocation-thresholds.json $(PERF_CHECK_ARGS)

## test-android: Android's resource compiler (Debian's aapt, Android 10's framework) on every Android export of the
## fixtures, and on our reading of the real apps' strings (AaptTests; skipped by `make test` when aapt is missing)
test-android: EXTRA_APT += aapt android-framework-res
test-android: deps
	$(SWIFT) build --build-tests
	QUICKACTIOND_REQUIRE_AAPT=1 SWIFT_BACKTRACE=$(CRASH_REPORT) $(SWIFT) test --skip-build --filter AaptTests

## test-postgres: the contract and end-to-end suites on a throwaway PostgreSQL 15, then two
## instances behind nginx (everything stopped at the end, even on failure)
test-postgres: EXTRA_APT += postgresql-15 nginx-light python3
test-postgres: deps
	scripts/postgres-e2e.sh

## test-faults: two instances on one PostgreSQL, each in a network namespace of its own; B's traffic to PostgreSQL
## dropped silently, reset and delayed, and A cut while holding a row lock (scripts/test-faults.sh; skipped, saying
## so, where network namespaces cannot be made). Everything it makes is removed at the end, even on failure.
test-faults: EXTRA_APT += postgresql-15 iptables iproute2 python3
test-faults: deps
	scripts/test-faults.sh

## run-postgres: a throwaway PostgreSQL in .build/pg, two instances (18081, 18082), nginx on 8080; Ctrl-C stops all
run-postgres: EXTRA_APT += postgresql-15 nginx-light
run-postgres: deps release
	@trap 'kill $$a $$b 2>/dev/null; scripts/nginx-lb.sh stop .build/lb; scripts/postgres.sh stop .build/pg' EXIT INT TERM; \
	scripts/postgres.sh start .build/pg && eval "$$(scripts/postgres.sh env .build/pg)" && \
	.build/release/quickactiond --port 18081 --db "$$QUICKACTIOND_TEST_POSTGRES" $(ARGS) & a=$$!; \
	sleep 1; .build/release/quickactiond --port 18082 --db "$$(scripts/postgres.sh env .build/pg | sed -n "s/^export QUICKACTIOND_TEST_POSTGRES='\(.*\)'$$/\1/p")" $(ARGS) & b=$$!; \
	sleep 1; scripts/nginx-lb.sh start .build/lb 127.0.0.1:8080 18081 18082 && echo "nginx on http://127.0.0.1:8080 -> 18081, 18082 (Ctrl-C stops all)"; \
	wait $$a $$b

## test-asan: the suite under AddressSanitizer (leak reports from the toolchain's own libraries
## are suppressed in .lsan-suppressions, each with its reason). Freed memory is held 32 MB deep
## (not 256): the companion's memory-bound tests read its resident set, which ASan's quarantine
## would fill past their ceiling on its own.
test-asan: deps
	SWIFT_BACKTRACE=$(CRASH_REPORT) ASAN_OPTIONS=quarantine_size_mb=32 LSAN_OPTIONS=suppressions=$(CURDIR)/.lsan-suppressions $(SWIFT) test --sanitize=address

## test-browser: /preview in headless Chromium (Selenium, axe-core), against the real binary; and Chromium's
## manifest parser on the web shortcuts member we write (Tests/Browser/manifests)
test-browser: EXTRA_APT += chromium chromium-driver fonts-dejavu-core python3-venv
test-browser: deps
	scripts/browser-tests.sh

## screenshots: PNGs of /preview and of /shortcuts/preview.svg (light, dark, French, with warnings) into docs/
screenshots: EXTRA_APT += chromium chromium-driver fonts-dejavu-core fonts-noto-color-emoji python3-venv
screenshots: deps
	scripts/browser-tests.sh --screenshots

## schemathesis: the running binary against openapi.yaml, every check, fixed seed (see schemathesis.toml),
## in three modes: with a token (the repository's file), without (the document the server serves),
## and multi-account (an account token on the account operations, the admin token on /accounts and /metrics);
## the three side by side, each with its own server (scripts/schemathesis-all.sh)
schemathesis: deps
	scripts/schemathesis-all.sh

## fuzz: every libFuzzer target (JSON requests, InfoPlist.strings, InfoPlist.xcstrings, Info.plist, Android res/ XML, request targets, request heads) for FUZZ_SECONDS each
fuzz: deps
	fuzz/run.sh $(FUZZ_SECONDS)

## bench: the benchmark table (GET /shortcuts vs plain C libmicrohttpd, writes vs raw SQLite, search, RSS, SSE, 100,000 accounts);
## BENCH_ONLY=accounts, postgres or preview runs that section alone (BENCHMARKS.md is left as it is)
bench: deps
	bench/run.sh

## lint: swift format's strict lint, unsafe code only where C is (scripts/check_unsafe.py lists it per
## module), and no hand-written Swift file over 400 lines nor function over 60 (scripts/check-sizes.py);
## first, ARCHITECTURE.md's claims (check-architecture, below)
lint: EXTRA_APT += python3
lint: check-architecture
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift
	scripts/check_unsafe.py
	python3 scripts/check-sizes.py

## check-architecture: ARCHITECTURE.md's claims, checked: every import is one of its module arrows, and the arrows
## are Package.swift's dependencies; its list of places for unsafe code is check_unsafe.py's; the fast-path table,
## and every other type, member, file and test it names, exist in the code; the backends are public as it says
check-architecture: EXTRA_APT += python3
check-architecture: deps
	python3 scripts/check-architecture.py
	python3 scripts/check-architecture-claims.py

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

## docker-check: hadolint the Dockerfile, check its runtime packages cover ldd of the static binary,
## and check docker-compose.yml (compose-spec schema, cross-references, nginx -t; docker compose config where installed)
docker-check: EXTRA_APT += python3-venv
docker-check: deps
	scripts/check-dockerfile.sh
	scripts/check-compose.sh

## container-check: builds the unchanged Dockerfile with podman and runs the image as an operator would
## (seeded list, uid, restart and a new container on the volume, healthcheck, stop, the token refusal),
## then docker-compose.yml with podman-compose (nginx, two instances, PostgreSQL); base images are
## stand-ins from Debian's packages, made when absent (deploy/standins/README.md); skips, saying so,
## where podman cannot run
container-check: EXTRA_APT += podman debootstrap runc netavark aardvark-dns python3-venv
container-check: deps
	scripts/container-check.sh

## embed-openapi: copy openapi.yaml into the binary's sources (a test fails when they differ)
embed-openapi:
	scripts/embed-openapi.sh

## embed-preview: copy preview/ (the page at GET /preview) into the binary's sources (a test fails when they differ)
embed-preview:
	scripts/embed-preview.sh

clean:
	rm -rf .build .venv
