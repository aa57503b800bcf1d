#!/usr/bin/env bash
# Builds one libFuzzer harness and runs it.
#
#   Fuzz/run.sh [--fast] TARGET SECONDS [libFuzzer options...]   fuzz for SECONDS (0: until -runs=N or forever)
#   Fuzz/run.sh [--fast] TARGET build                            only build (prints the binary's path)
#   Fuzz/run.sh [--fast] TARGET repro FILE...                    run the harness on saved inputs
#
#   TARGET: tzif | batch | pending | cli-values | cron | oncalendar | rrule | engine
#
# The package itself is untouched: the sources are compiled here with swiftc into Fuzz/.build,
# so a plain `swift build` never sees a libFuzzer entry point. Two builds:
#   (default)  -sanitize=fuzzer,address   into Fuzz/.build/asan/
#   --fast     -sanitize=fuzzer only      into Fuzz/.build/fast/  (several times the exec/s)
# Both keep assertions and the `#if DEBUG` invariant checks (-assert-config Debug -D DEBUG), and
# both use the same corpus (Fuzz/.build/corpus/TARGET/), which grows across runs.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
FLAVOR=asan
if [ "${1:-}" = "--fast" ]; then FLAVOR=fast; shift; fi
USAGE="usage: Fuzz/run.sh [--fast] tzif|batch|pending|cli-values|cron|oncalendar|rrule|engine SECONDS|build|repro [args...]"
TARGET=${1:?$USAGE}
MODE=${2:?$USAGE}
shift 2
case $TARGET in
    tzif|batch|pending|cli-values|cron|oncalendar|rrule|engine) ;;
    *) echo "unknown target '$TARGET'" >&2; echo "$USAGE" >&2; exit 2 ;;
esac
B=$ROOT/Fuzz/.build
O=$B/$FLAVOR                       # objects, modules and binaries of this build flavor
mkdir -p "$O" "$B/cicushim" "$B/artifacts/$TARGET" "$B/corpus/$TARGET"

if [ $FLAVOR = asan ]; then
    SAN=(-sanitize=fuzzer,address -use-ld=lld)
    # Code that is only an oracle (the reference) is checked by ASan but gives no coverage.
    ORACLE_SAN=(-sanitize=address)
else
    SAN=(-sanitize=fuzzer -use-ld=lld)
    ORACLE_SAN=()
fi
# -O for speed, but keep assert()/assertionFailure and the DEBUG-only invariant checks.
OPT=(-O -assert-config Debug -D DEBUG -g)
COMMON=(-parse-as-library -package-name chime -I "$O" -I "$B/cicushim")

# True when $1 is missing or older than any of the other files.
stale() {
    local out=$1; shift
    [ ! -f "$out" ] && return 0
    local f
    for f in "$@"; do [ "$f" -nt "$out" ] && return 0; done
    return 1
}

# CICUShim: the C++ bridge to system ICU (not instrumented; it is a thin wrapper).
cat > "$B/cicushim/module.modulemap" <<MAP
module CICUShim {
    header "$ROOT/Sources/CICUShim/include/CICUShim.h"
    export *
}
MAP
if stale "$B/shim.o" Sources/CICUShim/shim.cpp; then
    clang++ -std=c++17 -O1 -c Sources/CICUShim/shim.cpp -I Sources/CICUShim/include -o "$B/shim.o"
fi

# A static library with its module: lib NAME, then `--needs LIB` for each library of this build it
# imports (rebuilt when that one is: its module is an input), then swiftc options, then sources.
library() {
    local name=$1; shift
    local -a opts=() needs=()
    while [ "$1" = "--needs" ]; do needs+=("$O/lib$2.a"); shift 2; done
    while [ "$1" != "--" ]; do opts+=("$1"); shift; done
    shift
    if stale "$O/lib$name.a" "$@" ${needs[@]+"${needs[@]}"}; then
        echo "building $name ($FLAVOR)..." >&2
        swiftc "${opts[@]}" "${OPT[@]}" "${COMMON[@]}" -enable-testing -module-name "$name" \
            -emit-module -emit-module-path "$O/$name.swiftmodule" -static -emit-library -o "$O/lib$name.a" "$@"
    fi
}

# The engine as SwiftPM builds it: ChimeJSON (the JSON reader and writer) and ChimeZones (layer 0:
# time, zones, resolution), then Chime over them (which re-exports ChimeZones); each testable (the
# harnesses reach internal API such as TZifParser).
mapfile -t json_sources < <(find Sources/ChimeJSON -name '*.swift' | sort)
library ChimeJSON "${SAN[@]}" -- "${json_sources[@]}"
mapfile -t zones_sources < <(find Sources/ChimeZones -name '*.swift' | sort)
library ChimeZones "${SAN[@]}" -- "${zones_sources[@]}"
mapfile -t chime_sources < <(find Sources/Chime -name '*.swift' | sort)
library Chime --needs ChimeJSON --needs ChimeZones "${SAN[@]}" -- "${chime_sources[@]}"
LINK=(-L "$O" -lChime -lChimeZones -lChimeJSON "$B/shim.o" -licui18n -licuuc -licudata -lstdc++)

# The pinned tz data, compiled like the tests do (Tests/ChimeTestSupport/Fixtures.swift).
fixtures() {
    if [ ! -f "$B/zoneinfo/tzdata.zi" ] || [ tzdata-fixtures/tzdata.zi -nt "$B/zoneinfo/tzdata.zi" ]; then
        rm -rf "$B/zoneinfo"; mkdir -p "$B/zoneinfo"
        /usr/sbin/zic -b fat -d "$B/zoneinfo" tzdata-fixtures/tzdata.zi
        cp tzdata-fixtures/tzdata.zi "$B/zoneinfo/tzdata.zi"
    fi
    export CHIME_FUZZ_TZDIR=$B/zoneinfo
}

# The harnesses' logic lives with the tests (Tests/ChimeTests/FuzzHarnesses/, which `swift test`
# replays the saved regressions through); Fuzz/TARGET/main.swift is only the libFuzzer entry point.
H=Tests/ChimeTests/FuzzHarnesses

# The `chime` executable's sources (ChimeCLI) over the ChimeBatch library, with the harness, as
# one module: @main is renamed so libFuzzer's main runs.
cli_harness() {
    local -a files=("$@")
    mapfile -t batch_sources < <(find Sources/ChimeBatch -name '*.swift' | sort)
    library ChimeBatch --needs Chime "${SAN[@]}" -- "${batch_sources[@]}"
    mapfile -t cli_sources < <(find Sources/ChimeCLI -name '*.swift' | sort)
    if stale "$BIN" "$O/libChime.a" "$O/libChimeBatch.a" "${cli_sources[@]}" $H/FuzzSupport.swift "${files[@]}" "$0"; then
        swiftc "${SAN[@]}" "${OPT[@]}" "${COMMON[@]}" -module-name ChimeCLI -Xfrontend -entry-point-function-name -Xfrontend chime_cli_main \
            "${cli_sources[@]}" $H/FuzzSupport.swift "${files[@]}" -L "$O" -lChimeBatch "${LINK[@]}" -o "$BIN"
    fi
}

# A harness over Chime (module main): the shared helpers, the harness's files, then any swiftc
# options after `--`.
chime_harness() {
    local -a files=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do files+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    # The libraries of this build linked with -lNAME (the engine's reference) are inputs too.
    local -a libs=() opt
    for opt in "$@"; do [[ $opt == -l* && -f "$O/lib${opt#-l}.a" ]] && libs+=("$O/lib${opt#-l}.a"); done
    if stale "$BIN" "$O/libChime.a" "${libs[@]}" $H/FuzzSupport.swift "${files[@]}" "$0"; then
        swiftc "${SAN[@]}" "${OPT[@]}" "${COMMON[@]}" $H/FuzzSupport.swift "${files[@]}" "$@" "${LINK[@]}" -o "$BIN"
    fi
}

BIN=$O/$TARGET-fuzzer
MAXLEN=2048
case $TARGET in
    tzif)
        if stale "$BIN" "$O/libChime.a" Fuzz/TZif/main.swift "$0"; then
            swiftc "${SAN[@]}" "${OPT[@]}" "${COMMON[@]}" Fuzz/TZif/main.swift "${LINK[@]}" -o "$BIN"
        fi
        MAXLEN=16384 ;;
    batch)
        # ChimeBatch (what `chime batch` runs), plus the harness, as one module.
        mapfile -t batch_sources < <(find Sources/ChimeBatch -name '*.swift' | sort)
        if stale "$BIN" "$O/libChime.a" "${batch_sources[@]}" Fuzz/Batch/main.swift "$0"; then
            swiftc "${SAN[@]}" "${OPT[@]}" "${COMMON[@]}" -module-name ChimeBatch \
                "${batch_sources[@]}" Fuzz/Batch/main.swift "${LINK[@]}" -o "$BIN"
        fi
        fixtures ;;
    pending)
        cli_harness Fuzz/Pending/PendingHarness.swift Fuzz/Pending/main.swift
        fixtures
        MAXLEN=4096 ;;
    cli-values)
        cli_harness Fuzz/CLIValues/CLIValuesHarness.swift Fuzz/CLIValues/main.swift
        fixtures
        MAXLEN=512 ;;
    cron)
        chime_harness $H/CronHarness.swift Fuzz/Cron/main.swift
        fixtures
        MAXLEN=256 ;;
    oncalendar)
        chime_harness $H/OnCalendarHarness.swift Fuzz/OnCalendar/main.swift
        fixtures
        MAXLEN=256 ;;
    rrule)
        chime_harness $H/RRuleHarness.swift Fuzz/RRule/main.swift
        fixtures
        MAXLEN=2048 ;;
    engine)
        # The independent reference (Tests/ChimeReference, Foundation + glibc, no Chime) as its
        # own module: ASan-checked in the asan build, never coverage-instrumented.
        mapfile -t reference_sources < <(find Tests/ChimeReference -name '*.swift' | sort)
        library ChimeReference "${ORACLE_SAN[@]}" -- "${reference_sources[@]}"
        chime_harness $H/EngineHarness.swift Fuzz/Engine/main.swift -- -L "$O" -lChimeReference -lFoundation
        fixtures
        MAXLEN=64 ;;
esac

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# Let libFuzzer/ASan report crashes (the Swift runtime backtracer would get there first).
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
DICT=()
[ -f "Fuzz/$TARGET.dict" ] && DICT=(-dict="Fuzz/$TARGET.dict")
case $MODE in
    build) echo "$BIN" ;;
    repro) exec "$BIN" "$@" ;;
    *)
        exec "$BIN" "$B/corpus/$TARGET" "Fuzz/seeds/$TARGET" "${DICT[@]}" \
            -max_total_time="$MODE" -max_len=$MAXLEN -timeout=10 -rss_limit_mb=2048 \
            -artifact_prefix="$B/artifacts/$TARGET/" -print_final_stats=1 "$@" ;;
esac
