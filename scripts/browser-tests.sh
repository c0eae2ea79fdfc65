#!/usr/bin/env bash
# Browser tests: headless Chromium (Debian's chromium + chromium-driver) driven by Selenium from
# Tests/Browser/requirements.txt (and axe-core from requirements-axe.txt), installed into .build/browser-venv (pip runs only when the
# requirements changed). The tests start the real quickactiond and Chromium and stop both.
#
# Usage: scripts/browser-tests.sh [pytest options]        (make test-browser)
#        scripts/browser-tests.sh --screenshots           (make screenshots: PNGs into docs/)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/opt/swift/usr/bin"

venv=.build/browser-venv
stamp="$venv/.requirements.sha256"
digest=$(cat Tests/Browser/requirements.txt Tests/Browser/requirements-axe.txt | sha256sum | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$digest" ]; then
    echo "installing Tests/Browser/requirements.txt into $venv"
    mkdir -p .build
    "$venv/bin/python" -c '' 2>/dev/null || python3 -m venv --clear "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r Tests/Browser/requirements.txt
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps -r Tests/Browser/requirements-axe.txt
    echo "$digest" >"$stamp"
fi

# Incremental: a no-op when the debug binary is up to date.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift build --product quickactiond >"$log" 2>&1; then
    cat "$log" >&2
    echo "browser tests: swift build --product quickactiond failed" >&2
    exit 1
fi

if [ "${1:-}" = "--screenshots" ]; then
    shift
    exec "$venv/bin/python" Tests/Browser/screenshots.py "$@"
fi
# -p no:cacheprovider: no .pytest_cache in the source tree.
exec "$venv/bin/python" -m pytest -p no:cacheprovider -q -rA Tests/Browser "$@"
