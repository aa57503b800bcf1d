// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Chime",
    products: [
        .library(name: "Chime", targets: ["Chime"]),
        .executable(name: "chime", targets: ["ChimeCLI"]),
        .executable(name: "chime-bench", targets: ["ChimeBench"]),
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
        // The engine: pure Swift, no Foundation.
        .target(name: "Chime", dependencies: ["CICUShim"]),
        // The Swift runtime linked in (Linux): a cold `chime` maps and relocates ~10 fewer shared
        // libraries (issue 11: start-up within 6x of spawning /bin/true), and the binary runs on a
        // machine without a Swift toolchain (Spark executors: examples/spark/).
        .executableTarget(name: "ChimeCLI", dependencies: ["Chime"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux]))]),
        .executableTarget(name: "ChimeBench", dependencies: ["Chime", "CICUShim"], path: "Benchmarks/ChimeBench"),
        // Test support shared by the test targets (the pinned tz fixtures compiled with zic, the seeded
        // PRNG, the Foundation oracle): depends on nothing of Chime, so the reference can use it too.
        .target(name: "ChimeTestSupport", path: "Tests/ChimeTestSupport"),
        // An independent brute-force reference of docs/semantics.md (the consistent semantics) and
        // of Foundation's reading of a pattern (the apple verdict). A module that cannot import
        // Chime: the target boundary is the proof of independence.
        .target(name: "ChimeReference", dependencies: [], path: "Tests/ChimeReference"),
        .testTarget(name: "ChimeTests", dependencies: ["Chime", "CICUShim", "ChimeTestSupport"]),
        // The differential test of the consistent semantics against the reference.
        .testTarget(name: "ChimeReferenceTests", dependencies: ["Chime", "ChimeReference", "ChimeTestSupport"],
                    path: "Tests/ChimeReferenceTests"),
        // Parity of the apple semantics with Foundation's Calendar.nextDate; every difference is
        // judged case by case by the reference.
        .testTarget(name: "ChimeFoundationParityTests", dependencies: ["Chime", "ChimeReference", "ChimeTestSupport"],
                    path: "Tests/ChimeFoundationParityTests", exclude: ["Undecided.txt"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
