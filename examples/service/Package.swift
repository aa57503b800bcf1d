// swift-tools-version:6.0
// A sample service built on Chime the way an app would: a package of its own that depends on
// Chime by path and uses the `Chime` and `ChimeFoundation` library products. CI builds it
// (`swift build --package-path examples/service`).
import PackageDescription

let package = Package(
    name: "ReminderService",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Chime", path: "../..")],
    targets: [
        .executableTarget(name: "ReminderService", dependencies: [
            .product(name: "Chime", package: "Chime"),
            .product(name: "ChimeFoundation", package: "Chime"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
