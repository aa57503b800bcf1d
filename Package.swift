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
        .testTarget(name: "ChimeTests", dependencies: ["Chime", "CICUShim"]),
        // An independent brute-force reference of docs/semantics.md (Reference/ never imports
        // Chime) and the differential test comparing it with the engine.
        .testTarget(name: "ChimeReferenceTests", dependencies: ["Chime"], path: "Tests/ChimeReferenceTests"),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
