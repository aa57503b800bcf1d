import Foundation

/// The pinned tz data in `tzdata-fixtures/`, compiled with `zic` once per test process into a
/// temporary TZif tree, so zone tests do not change when the host's tzdata does. Shared by every
/// test target (this support target depends on nothing of Chime; ChimeTests adds the Chime-specific
/// parts, `tzifDatabase` and `chimeExecutable`, in `FixturesChime.swift`). The engine and the
/// reference's glibc oracle both read this tree.
enum Fixtures {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let source = packageRoot.appendingPathComponent("tzdata-fixtures/tzdata.zi")
    static let pinnedVersion = "2025b"

    /// Path of the compiled tree (contains the TZif files plus a copy of `tzdata.zi`).
    static let zoneinfoDirectory: String = {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("chime-tzif-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // `-b fat` keeps explicit transitions through 2037 like Debian's files; the footer covers the rest.
        let result = run("/usr/sbin/zic", ["-b", "fat", "-d", dir.path, source.path])
        precondition(result.status == 0, "zic failed: \(result.output)")
        try! FileManager.default.copyItem(at: source, to: dir.appendingPathComponent("tzdata.zi"))
        return dir.path
    }()

    /// The compiled TZif file of a zone.
    static func zonePath(_ id: String) -> String { zoneinfoDirectory + "/" + id }

    /// Every zone (`Z` line) in the pinned source, sorted.
    static let zoneIdentifiers: [String] = {
        let text = try! String(contentsOf: source, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            return fields.first == "Z" && fields.count > 1 ? String(fields[1]) : nil
        }.sorted()
    }()

    /// The environment for a program a test runs: this process's without `TZ`, then `extra`. The
    /// reference's zone oracle (`RefZoneOracle.with`) sets `TZ` process-wide for a moment while
    /// other tests run, and a program started then must not inherit it (it once made
    /// `chime plan - --now yesterday` answer "unknown time zone" instead of naming `yesterday`);
    /// a test that wants a `TZ` passes it in `extra`.
    static func childEnvironment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = nil
        return environment.merging(extra) { $1 }
    }

    /// Runs a program and returns its exit status, stdout and stderr (`ChildProcess`); one still
    /// running after `timeout` seconds is killed and answers status -1, the timeout named in `error`.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    stdin: Data? = nil, timeout: Double = 900) -> (status: Int32, output: String, error: String) {
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(executable, arguments, environment: environment ?? [:], stdin: stdin, timeout: timeout)
        } catch {
            return (-1, "", "could not start \(executable): \(error)")
        }
        let errorText = String(decoding: result.stderr, as: UTF8.self)
        return (result.timedOut ? -1 : result.status, String(decoding: result.stdout, as: UTF8.self),
                result.timedOut ? "killed after \(Int(timeout)) s: \(executable) \(arguments.prefix(3).joined(separator: " "))\n" + errorText : errorText)
    }
}
