#!/usr/bin/env bash
# Builds each libFuzzer target (swiftc -sanitize=fuzzer,address) and runs it for a bounded
# time. Usage: fuzz/run.sh [SECONDS] [TARGET...]. A crash leaves its input in
# fuzz/crashes/<target>/; copy it to fuzz/regressions/<target>/ so the test suite replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(JSONRequest StringsFile StringCatalog InfoPlist AndroidXML RequestTarget RequestHead)
out=.build/fuzz
mkdir -p "$out"

sources_for() {
    case "$1" in
        RequestTarget) echo Sources/HTTPServer/RequestTarget.swift ;;
        RequestHead) echo Sources/HTTPServer/RequestHeadCheck.swift Sources/HTTPServer/HTTPTransportError.swift Sources/HTTPServer/RequestTarget.swift ;;
        *) find Sources/QuickActions -name '*.swift' | sort | tr '\n' ' ' ;;
    esac
}

# The Swift runtime's backtracer reads memory ASan considers poisoned: leave crashes to ASan.
export SWIFT_BACKTRACE=enable=no

# corelibs-foundation leaks a CFError on every PropertyListSerialization failure
# (CFErrorCreate in __CFPropertyListCreateError): not ours, so leak checks are off there.
leak_flag() { [ "$1" = InfoPlist ] && echo "-detect_leaks=0" || echo "-detect_leaks=1"; }

status=0
for target in "${targets[@]}"; do
    binary="$out/fuzz-$target"
    # shellcheck disable=SC2046
    # QuickActions hashes with libcrypto: its module map is in Sources/CCrypto.
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name "Fuzz$target" -I Sources/CCrypto -lcrypto \
        $(sources_for "$target") "fuzz/Fuzz$target.swift" -o "$binary" 2>&1 | grep -v -e "^$" -e "Cannot export local symbol" || true
    [ -x "$binary" ] || { echo "fuzz: $target did not build"; exit 1; }
    corpus="$out/corpus/$target"
    crashes="fuzz/crashes/$target"
    mkdir -p "$corpus" "$crashes"
    seeds="fuzz/seeds/$target"
    echo "fuzz: $target for ${seconds}s"
    leaks="$(leak_flag "$target")"
    if ! ASAN_OPTIONS="detect_leaks=${leaks##*=}" "$binary" "$leaks" -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$crashes/" -print_final_stats=1 "$corpus" $( [ -d "$seeds" ] && echo "$seeds" ) 2>"$out/$target.log"; then
        echo "fuzz: $target FOUND A CRASH (see $crashes and $out/$target.log)"
        tail -40 "$out/$target.log"
        status=1
    else
        grep -E "stat::number_of_executed_units|cov:" "$out/$target.log" | tail -2 | sed "s/^/fuzz: $target: /"
    fi
done
exit $status
