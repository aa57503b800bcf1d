#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Go's robfig/cron v3 as a peer of the `next.cron.*` scenarios: `Benchmarks/peers/robfig_peer.go`,
/// built offline once per run against Debian's golang-github-robfig-cron-dev (GOPATH layout in
/// /usr/share/gocode, `GO111MODULE=off`: nothing is fetched) and started once per expression. Like
/// `PythonCronPeer`'s child it answers every start, then times its own calls (see the program's
/// comment); the agreement check and the scenario read that one result. Without Go or the package
/// the rows are skipped with a note.
struct GoCronPeer {
    enum Outcome {
        /// Its output, in `cron_peer.py`'s form for one library (`version`: Go's).
        case ran(PythonCronPeer.Library)
        case unavailable(String)

        /// The result, or why the row is skipped.
        var result: Swift.Result<PythonCronPeer.Library, PythonCronPeer.Skip> {
            switch self {
            case .unavailable(let reason): return .failure(PythonCronPeer.Skip(reason: reason))
            case .ran(let r):
                if let error = r.error { return .failure(PythonCronPeer.Skip(reason: "robfig_peer: " + error)) }
                guard r.answers != nil, r.samples != nil, r.iterations != nil else {
                    return .failure(PythonCronPeer.Skip(reason: "incomplete result from robfig_peer"))
                }
                return .success(r)
            }
        }
    }

    /// Debian's package, where `go build` finds it with GOPATH=/usr/share/gocode.
    static let gopath = "/usr/share/gocode"
    static let package = gopath + "/src/github.com/robfig/cron/spec.go"

    /// `Benchmarks/peers/robfig_peer.go`, found from this source file's place in the repository.
    static var source: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)                    // Peers/GoCronPeer.swift, ChimeBench/
        return parts.joined(separator: "/") + "/peers/robfig_peer.go"
    }

    /// Builds the peer (once per run): its path, or why there is none.
    static func build(temporaryPath: (String) -> String) -> Swift.Result<String, PythonCronPeer.Skip> {
        guard let go = ProcessLauncher.which("go") else {
            return .failure(.init(reason: "no go in PATH (apt-get install golang-go golang-github-robfig-cron-dev; .ci/install oracles)"))
        }
        guard access(package, R_OK) == 0 else {
            return .failure(.init(reason: "no robfig/cron at \(package) (apt-get install golang-github-robfig-cron-dev)"))
        }
        guard access(source, R_OK) == 0 else { return .failure(.init(reason: "no \(source) (run from a checkout of the repository)")) }
        let binary = temporaryPath("robfig_peer")
        var environment = ["GO111MODULE=off", "GOPATH=\(gopath)", "GOFLAGS=", "CGO_ENABLED=0", "PATH=/usr/bin:/bin"]
        // Go needs a build cache; the user's when there is a home, else one removed with the run's files.
        if let home = getenv("HOME") { environment.append("HOME=" + String(cString: home)) } else {
            environment.append("GOCACHE=" + temporaryPath("gocache"))
        }
        let status = ProcessLauncher(path: go, arguments: ["build", "-o", binary, source], environment: environment).run()
        guard status == 0, ProcessLauncher.isExecutable(binary) else {
            return .failure(.init(reason: "GO111MODULE=off GOPATH=\(gopath) go build \(source) failed (wait status \(status))"))
        }
        return .success(binary)
    }

    /// Runs the built peer once on `starts` (zone identifier, Unix seconds) with the harness's
    /// repetitions and per-repetition budget.
    static func run(_ binary: String, expression: String, starts: [(zone: String, seconds: Int64)], repetitions: Int,
                    budgetNanoseconds: UInt64, temporaryPath: (String) -> String) -> Outcome {
        let input = temporaryPath("robfig-peer-starts.txt"), output = temporaryPath("robfig-peer-out.json")
        let text = starts.map { "\($0.zone) \($0.seconds)\n" }.joined()
        guard FileManager.default.createFile(atPath: input, contents: Data(text.utf8)) else { return .unavailable("cannot write \(input)") }
        defer { unlink(input); unlink(output) }
        let status = ProcessLauncher(path: binary, arguments: [expression, input, String(repetitions), String(budgetNanoseconds)],
                                     standardOutput: output).run()
        guard status == 0, let data = FileManager.default.contents(atPath: output) else {
            return .unavailable("robfig_peer failed (wait status \(status))")
        }
        do {
            return .ran(try JSONDecoder().decode(PythonCronPeer.Library.self, from: data))
        } catch {
            return .unavailable("cannot read robfig_peer's output: \(error)")
        }
    }

    /// The installed package's Debian version (`3.0.1-1`), or "?".
    static var packageVersion: String {
        guard let query = ProcessLauncher.which("dpkg-query") else { return "?" }
        let path = "/tmp/chime-bench-\(getpid())-robfig-version"
        defer { unlink(path) }
        let status = ProcessLauncher(path: query, arguments: ["-W", "-f", "${Version}", "golang-github-robfig-cron-dev"], standardOutput: path).run()
        guard status == 0, let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8), !text.isEmpty
        else { return "?" }
        return text
    }
}
