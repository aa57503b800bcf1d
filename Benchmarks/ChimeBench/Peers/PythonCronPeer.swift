#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// croniter and APScheduler 3 (PyPI) as peers of `next.cron.daily`: `Benchmarks/peers/cron_peer.py`,
/// started once per run as a child process, answers every start and times its own calls (its
/// interpreter start-up, imports and input parsing are never timed; see the script's docstring).
/// The harness writes the starts, runs the child to completion and reads one JSON object back; the
/// agreement check and the scenarios both read that one result.
struct PythonCronPeer {
    /// One library's answers and timings, or why there are none.
    struct Library: Decodable {
        let version: String?
        /// Unix seconds of the next fire after each start (`nil`: none), in the order of the starts.
        let answers: [Int64?]?
        /// Operations per timed repetition.
        let iterations: Int?
        /// Nanoseconds per operation, one per repetition.
        let samples: [Double]?
        /// Whether the timed runs' answers (summed) equal `answers` over the same starts.
        let timedAnswersAgree: Bool?
        let error: String?
    }

    private struct Output: Decodable {
        let python: String
        let zoneinfo: String?
        let peers: [String: Library]
    }

    enum Outcome {
        case ran(python: String, zoneinfo: String, libraries: [String: Library])
        /// No python3, no script, or the child failed: every Python row is skipped with this note.
        case unavailable(String)

        /// The library's result, or why its row is skipped.
        func library(_ name: String) -> Result<(library: Library, python: String, zoneinfo: String), Skip> {
            switch self {
            case let .unavailable(reason): return .failure(Skip(reason: reason))
            case let .ran(python, zoneinfo, libraries):
                guard let library = libraries[name] else { return .failure(Skip(reason: "\(name): no result from cron_peer.py")) }
                if let error = library.error { return .failure(Skip(reason: error)) }
                guard library.answers != nil, library.samples != nil, library.iterations != nil else {
                    return .failure(Skip(reason: "\(name): incomplete result from cron_peer.py"))
                }
                return .success((library, python, zoneinfo))
            }
        }
    }

    struct Skip: Error {
        let reason: String
    }

    /// `Benchmarks/peers/cron_peer.py`, found from this source file's place in the repository.
    static var script: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)                    // Peers/PythonCronPeer.swift, ChimeBench/
        return parts.joined(separator: "/") + "/peers/cron_peer.py"
    }

    /// Runs the child once on `starts` (zone identifier, Unix seconds) with the harness's
    /// repetitions and per-repetition budget.
    static func run(expression: String, starts: [(zone: String, seconds: Int64)], repetitions: Int,
                    budgetNanoseconds: UInt64, temporaryPath: (String) -> String) -> Outcome {
        guard let python = ProcessLauncher.which("python3") else {
            return .unavailable("no python3 in PATH (the croniter and APScheduler rows need it)")
        }
        guard access(script, R_OK) == 0 else { return .unavailable("no \(script) (run from a checkout of the repository)") }
        let input = temporaryPath("cron-peer-starts.txt"), output = temporaryPath("cron-peer-out.json")
        let text = starts.map { "\($0.zone) \($0.seconds)\n" }.joined()
        guard FileManager.default.createFile(atPath: input, contents: Data(text.utf8)) else {
            return .unavailable("cannot write \(input)")
        }
        let launcher = ProcessLauncher(path: python, arguments: [script, expression, input, String(repetitions), String(budgetNanoseconds)],
                                       standardOutput: output)
        let status = launcher.run()
        defer { unlink(input); unlink(output) }
        guard status == 0, let data = FileManager.default.contents(atPath: output) else {
            return .unavailable("\(python) \(script) failed (wait status \(status))")
        }
        do {
            let result = try JSONDecoder().decode(Output.self, from: data)
            return .ran(python: result.python, zoneinfo: result.zoneinfo ?? "?", libraries: result.peers)
        } catch {
            return .unavailable("cannot read cron_peer.py's output: \(error)")
        }
    }
}
