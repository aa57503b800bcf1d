// swift-tools-version:6.0
import PackageDescription

// CHIME_TSAN=1 (with `swift build --sanitize=thread`, .ci/run): the library's and tests' mutexes tell
// ThreadSanitizer when they are taken and released (`Mutex.locked`, Sources/ChimeZones/Zones/
// Mutex+ThreadSanitizer.swift), which it cannot see on its own on Linux. Without it, nothing changes.
let sanitizerSettings: [SwiftSetting] = Context.environment["CHIME_TSAN"] != nil ? [.define("CHIME_TSAN")] : []

// CHIME_SYSTEM_ICU=1 (scripts/dist, for the chime-icu .deb; docs/packaging.md): `chime` links the Swift
// runtime in (-static-stdlib, as libChimeC does) but glibc, libstdc++ and the system ICU (libicu72)
// dynamically, instead of being a fully static executable. Only the link of `chime` changes.
let cliLinkerFlags = Context.environment["CHIME_SYSTEM_ICU"] != nil
    ? ["-static-stdlib"] : ["-static-executable", "-Xlinker", "-lm"]

let package = Package(
    name: "Chime",
    products: [
        .library(name: "Chime", targets: ["Chime"]),
        // Foundation interop (Date, TimeZone, DateComponents, LocalizedError), kept out of the core.
        .library(name: "ChimeFoundation", targets: ["ChimeFoundation"]),
        .executable(name: "chime", targets: ["ChimeCLI"]),
        .executable(name: "chime-bench", targets: ["ChimeBench"]),
        // The C ABI (include/chime.h): `chime batch` as a shared library, libChimeC (python/ uses it).
        .library(name: "ChimeC", type: .dynamic, targets: ["ChimeC"]),
    ],
    targets: [
        // System ICU (apt: libicu-dev). Only CICUShim sees its headers.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev", "pkg-config"])]
        ),
        // The one place C/C++ interop happens; its public header uses only <stdint.h> types.
        .target(name: "CICUShim", dependencies: ["CICU"]),
        // The one JSON reader (RFC 8259 parser, tree, `Decoder`) and writer (values, bytes, an
        // `Encoder`): what `chime batch`, pending files and the C ABI read and write, and what the
        // engine carries a pending request's opaque payload through. Depends on nothing.
        .target(name: "ChimeJSON"),
        // The engine's floor, layer 0 (docs/architecture.md, "Layers"): instants and civil time, zone
        // rules and their sources (TZif, ICU), resolving a wall time (gap and overlap policies,
        // `Fire`, `FireAdjustment`), `ChimeError` and the decoding helpers. Its own module so that
        // the compiler, not a script, keeps it from naming a trigger, a dialect or anything above:
        // it cannot import `Chime`. Pure Swift, no Foundation.
        .target(name: "ChimeZones", dependencies: ["CICUShim"], swiftSettings: sanitizerSettings),
        // The engine above zones: triggers, dialects, requests, pending sets, audits, `Schedule`. Pure
        // Swift, no Foundation. It re-exports ChimeZones (Entry/Exports.swift), so `import Chime` alone
        // still gives every public type.
        .target(name: "Chime", dependencies: ["ChimeZones", "ChimeJSON"], swiftSettings: sanitizerSettings),
        // The bridge to Foundation: the only library target that imports it.
        .target(name: "ChimeFoundation", dependencies: ["Chime"]),
        // A fully static executable on Linux: the Swift runtime, ICU (its data included, ~30 MB of
        // the binary, paged in only where touched), libstdc++ and glibc linked in. A cold `chime`
        // then has no dynamic loader to run: no shared library to map, no symbol to look up, no
        // relocation to apply (issue 11: start-up within 6x of spawning /bin/true; ICU and
        // libstdc++ alone cost ~1 ms of ~3.5 ms, relocating the PIE ~0.3 ms). The binary also runs
        // on a machine without a Swift toolchain or ICU (Spark executors: examples/spark/).
        // Trade-offs: the executable is not position-independent (no ASLR of its own code), and
        // glibc's NSS and dlopen are unavailable (chime uses neither; ICU plugins stay off).
        // `chime batch`'s request decoding and response writing (docs/contract.md), and the JSON and
        // instant reading the commands share: a library so that the C ABI (ChimeC) answers exactly
        // as `chime batch` does.
        .target(name: "ChimeBatch", dependencies: ["Chime", "ChimeJSON"], swiftSettings: sanitizerSettings),
        .executableTarget(name: "ChimeCLI", dependencies: ["Chime", "ChimeBatch"],
                          linkerSettings: [.unsafeFlags(cliLinkerFlags, .when(platforms: [.linux]))]),
        // @_cdecl functions over ChimeBatch: JSON Lines in, JSON Lines out (Sources/ChimeC/include/chime.h).
        // The Swift runtime is linked in (-static-stdlib), so the library needs no Swift toolchain
        // where it runs: only glibc, libstdc++ and the system ICU.
        .target(name: "ChimeC", dependencies: ["ChimeBatch"], exclude: ["include"],
                linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]),
        .executableTarget(name: "ChimeBench", dependencies: ["Chime", "CICUShim"], path: "Benchmarks/ChimeBench"),
        // Test support shared by the test targets (the pinned tz fixtures compiled with zic, the seeded
        // PRNG, the Foundation oracle): depends on nothing of Chime, so the reference can use it too.
        .target(name: "ChimeTestSupport", path: "Tests/ChimeTestSupport"),
        // An independent brute-force reference of docs/semantics.md (the consistent semantics) and
        // of Foundation's reading of a pattern (the apple verdict). A module that cannot import
        // Chime: the target boundary is the proof of independence.
        .target(name: "ChimeReference", dependencies: ["ChimeTestSupport"], path: "Tests/ChimeReference"),
        // The Chime-specific test support every test target shares: the fixture databases, the
        // seeded case generators and vectors that unit and differential tests both use.
        .target(name: "ChimeTestCases", dependencies: ["Chime", "ChimeTestSupport"], path: "Tests/ChimeTestCases"),
        // Tests by kind (CONTRIBUTING.md): hermetic unit tests here (no program but zic, zdump and
        // python3's zoneinfo); FuzzHarnesses/: the libFuzzer harnesses' logic (Fuzz/), which
        // replays the saved inputs of FuzzRegressions/ (data, not sources).
        .testTarget(name: "ChimeTests", dependencies: ["Chime", "ChimeZones", "ChimeJSON", "ChimeBatch", "CICUShim", "ChimeTestSupport", "ChimeTestCases", "ChimeReference"],
                    exclude: ["FuzzRegressions"], swiftSettings: sanitizerSettings),
        // Differential tests against the peers themselves (croniter, APScheduler 3 and 4, robfig/cron,
        // Quartz, dateutil, libical, systemd-analyze, java.time): each skips with one line naming
        // the missing tool, or fails under CHIME_REQUIRE_ORACLES=1 (CI).
        .testTarget(name: "ChimeOracleTests", dependencies: ["Chime", "ChimeTestSupport", "ChimeTestCases"]),
        // The `chime` tool end to end (subprocess): commands, batch, pending files, bad input, the
        // README's and docs' examples, completions and the man page. Run after `swift build`.
        .testTarget(name: "ChimeCLITests", dependencies: ["Chime", "ChimeZones", "ChimeTestSupport", "ChimeTestCases"]),
        // ChimeFoundation against Foundation's own Calendar, TimeZone and Date.
        .testTarget(name: "ChimeFoundationTests", dependencies: ["ChimeFoundation", "Chime", "ChimeTestSupport"]),
        // The differential test of the consistent semantics against the reference.
        .testTarget(name: "ChimeReferenceTests", dependencies: ["Chime", "ChimeReference", "ChimeTestSupport"],
                    path: "Tests/ChimeReferenceTests", exclude: ["PastDifferences.txt"]),
        // Parity of the apple semantics with Foundation's Calendar.nextDate; every difference is
        // judged case by case by the reference.
        .testTarget(name: "ChimeFoundationParityTests", dependencies: ["Chime", "ChimeZones", "ChimeReference", "ChimeTestSupport", "ChimeTestCases"],
                    path: "Tests/ChimeFoundationParityTests", exclude: ["Undecided.txt"]),
        // The code listings of the DocC articles (Sources/Chime/Chime.docc, Sources/ChimeFoundation/
        // ChimeFoundation.docc), compiled and run with their values checked; a test holds every
        // listing to its copy here, so the articles cannot drift from code that builds.
        .testTarget(name: "ChimeDocCTests", dependencies: ["Chime", "ChimeFoundation"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)

// `swift package generate-documentation` needs the swift-docc-plugin, an outside package: with
// CHIME_DOCC_PLUGIN=1 (and network access) the manifest adds it, for documentation builds only.
// Without it the package depends on nothing outside; scripts/build-docs renders the same catalogs
// with the toolchain's own docc.
if Context.environment["CHIME_DOCC_PLUGIN"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"))
}
