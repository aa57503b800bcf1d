import Foundation
import Testing

// Runs the built `chime` executable for the tests that hold it end to end (ChimeCLITests, and
// the unit tests that check a library answer through `chime batch`).

/// One finished run of the `chime` executable.
struct ChimeRun: CustomStringConvertible {
    let status: Int32
    /// Killed by a signal (a crash or a trap), in which case `status` is the signal number.
    let signaled: Bool
    let timedOut: Bool
    let stdout: String
    let stderr: String

    var description: String {
        "exit \(signaled ? "signal " : "")\(status)\(timedOut ? " (timed out)" : "")\nstdout: \(stdout.prefix(400))\nstderr: \(stderr.prefix(800))"
    }
}

enum ChimeCLI {
    /// The environment every run gets: fixture tz data and the default source preference, so a
    /// developer's own CHIME_ZONE_SOURCE cannot change the answers.
    static var baseEnvironment: [String: String] {
        ["TZDIR": Fixtures.zoneinfoDirectory, "CHIME_ZONE_SOURCE": "newest"]
    }

    /// The executable, or a test failure saying how to build it.
    static func executable(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let path = Fixtures.chimeExecutable
        try #require(FileManager.default.isExecutableFile(atPath: path),
                     "chime executable not found at \(path): run `swift build` before `swift test`",
                     sourceLocation: sourceLocation)
        return path
    }

    /// Runs `chime` with `arguments`, killing it after `timeout` seconds (a hang is a failure too).
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 60,
                    sourceLocation: SourceLocation = #_sourceLocation) throws -> ChimeRun {
        let result = try ChildProcess.run(try executable(sourceLocation: sourceLocation), arguments,
                                          environment: baseEnvironment.merging(environment) { $1 }, timeout: timeout)
        return ChimeRun(status: result.status, signaled: result.signaled && !result.timedOut, timedOut: result.timedOut,
                        stdout: String(decoding: result.stdout, as: UTF8.self), stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    /// The crash checks every run gets: a normal exit, in time, without Swift's crash reporting.
    static func expectNoCrash(_ run: ChimeRun, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!run.timedOut, "chime hung\n\(run)", sourceLocation: sourceLocation)
        #expect(!run.signaled, "chime was killed by signal \(run.status)\n\(run)", sourceLocation: sourceLocation)
        #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("Backtrac"),
                "chime crashed\n\(run)", sourceLocation: sourceLocation)
    }

    /// Bad input: exit 2, nothing on stdout, a message on stderr containing each of `mentions`.
    static func expectBadInput(_ run: ChimeRun, mentions: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        expectNoCrash(run, sourceLocation: sourceLocation)
        #expect(run.status == 2, "expected exit 2\n\(run)", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, "expected nothing on stdout\n\(run)", sourceLocation: sourceLocation)
        #expect(!run.stderr.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "expected a message on stderr",
                sourceLocation: sourceLocation)
        for text in mentions {
            #expect(run.stderr.contains(text), "stderr should mention '\(text)'\n\(run)", sourceLocation: sourceLocation)
        }
    }

    /// Parses stdout as one JSON object.
    static func json(_ run: ChimeRun, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        return try #require(object as? [String: Any], "stdout is not a JSON object: \(run.stdout)", sourceLocation: sourceLocation)
    }
}

extension Fixtures {
    /// The built `chime` executable (tests run after `swift build` builds it as a product).
    static var chimeExecutable: String {
        let candidates = [".build/debug/chime", ".build/release/chime"].map { packageRoot.appendingPathComponent($0).path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }
}
