import Foundation

/// The pinned tz data in `tzdata-fixtures/`, compiled with `zic` once per test process into a
/// temporary TZif tree (a copy of ChimeTests' Fixtures, without its Chime parts). The engine and
/// the reference's glibc oracle both read this tree.
enum ReferenceFixtures {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let source = packageRoot.appendingPathComponent("tzdata-fixtures/tzdata.zi")

    static let zoneinfoDirectory: String = {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("chime-ref-tzif-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // `-b fat` like ChimeTests' Fixtures: explicit transitions through 2037, the footer after.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/zic")
        process.arguments = ["-b", "fat", "-d", dir.path, source.path]
        try! process.run()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0, "zic failed")
        return dir.path
    }()

    static func zonePath(_ id: String) -> String { zoneinfoDirectory + "/" + id }

    /// Every zone (`Z` line) in the pinned source, sorted.
    static let zoneIdentifiers: [String] = {
        let text = try! String(contentsOf: source, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            return fields.first == "Z" && fields.count > 1 ? String(fields[1]) : nil
        }.sorted()
    }()
}
