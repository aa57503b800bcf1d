#!/usr/bin/env bash
# Builds one libFuzzer harness and runs it.
#
#   Fuzz/run.sh TARGET SECONDS [libFuzzer options...]     TARGET: tzif | batch
#   Fuzz/run.sh TARGET build                               only build (Fuzz/.build/TARGET-fuzzer)
#   Fuzz/run.sh TARGET repro FILE...                       run the harness on saved inputs
#
# The package itself is untouched: the Chime sources are compiled here with swiftc
# (-sanitize=fuzzer,address, assertions and `#if DEBUG` invariant checks on) into Fuzz/.build,
# so a plain `swift build` never sees a libFuzzer entry point.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
TARGET=${1:?usage: Fuzz/run.sh tzif|batch SECONDS|build|repro [args...]}
MODE=${2:?usage: Fuzz/run.sh tzif|batch SECONDS|build|repro [args...]}
shift 2
B=$ROOT/Fuzz/.build
mkdir -p "$B/cicushim" "$B/artifacts/$TARGET" "$B/corpus/$TARGET"

SAN=(-sanitize=fuzzer,address -use-ld=lld)
# -O for speed, but keep assert()/assertionFailure and the DEBUG-only invariant checks.
OPT=(-O -assert-config Debug -D DEBUG -g)

# CICUShim: the C++ bridge to system ICU (not instrumented; it is a thin wrapper).
cat > "$B/cicushim/module.modulemap" <<MAP
module CICUShim {
    header "$ROOT/Sources/CICUShim/include/CICUShim.h"
    export *
}
MAP
if [ ! -f "$B/shim.o" ] || [ Sources/CICUShim/shim.cpp -nt "$B/shim.o" ]; then
    clang++ -std=c++17 -O1 -c Sources/CICUShim/shim.cpp -I Sources/CICUShim/include -o "$B/shim.o"
fi

# Chime: one module, testable (the harnesses reach internal API such as TZifParser).
chime_sources=$(find Sources/Chime -name '*.swift' | sort)
if [ ! -f "$B/libChime.a" ] || [ -n "$(find Sources/Chime -name '*.swift' -newer "$B/libChime.a")" ]; then
    echo "building Chime (fuzzer + address sanitizer)..." >&2
    swiftc "${SAN[@]}" "${OPT[@]}" -parse-as-library -enable-testing -module-name Chime \
        -I "$B/cicushim" -emit-module -emit-module-path "$B/Chime.swiftmodule" \
        -static -emit-library -o "$B/libChime.a" $chime_sources
fi

LINK=(-L "$B" -lChime "$B/shim.o" -licui18n -licuuc -licudata -lstdc++)
BIN=$B/$TARGET-fuzzer
case $TARGET in
    tzif)
        swiftc "${SAN[@]}" "${OPT[@]}" -parse-as-library -I "$B" -I "$B/cicushim" Fuzz/TZif/main.swift "${LINK[@]}" -o "$BIN"
        MAXLEN=16384 ;;
    batch)
        # ChimeBatch (what `chime batch` runs), plus the harness, as one module.
        batch_sources=$(find Sources/ChimeBatch -name '*.swift' | sort)
        swiftc "${SAN[@]}" "${OPT[@]}" -parse-as-library -module-name ChimeBatch -package-name chime -I "$B" -I "$B/cicushim" \
            $batch_sources Fuzz/Batch/main.swift "${LINK[@]}" -o "$BIN"
        # The pinned tz data, compiled like the tests do (Tests/ChimeTests/Support/Fixtures.swift).
        if [ ! -f "$B/zoneinfo/tzdata.zi" ]; then
            rm -rf "$B/zoneinfo"; mkdir -p "$B/zoneinfo"
            /usr/sbin/zic -b fat -d "$B/zoneinfo" tzdata-fixtures/tzdata.zi
            cp tzdata-fixtures/tzdata.zi "$B/zoneinfo/tzdata.zi"
        fi
        export CHIME_FUZZ_TZDIR=$B/zoneinfo
        MAXLEN=2048 ;;
    *) echo "unknown target '$TARGET' (tzif | batch)" >&2; exit 2 ;;
esac

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# Let libFuzzer/ASan report crashes (the Swift runtime backtracer would get there first).
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
case $MODE in
    build) echo "$BIN" ;;
    repro) exec "$BIN" "$@" ;;
    *)
        exec "$BIN" "$B/corpus/$TARGET" "Fuzz/seeds/$TARGET" -dict="Fuzz/$TARGET.dict" \
            -max_total_time="$MODE" -max_len=$MAXLEN -timeout=10 -rss_limit_mb=2048 \
            -artifact_prefix="$B/artifacts/$TARGET/" -print_final_stats=1 "$@" ;;
esac
