import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The robfig flavor against the real robfig/cron v3.0.1 (Go; Debian's
/// golang-github-robfig-cron-dev): `Tests/CronOracle/robfig/robfig_oracle.go` is built here with
/// the system Go, offline, and run on the same pinned tz data through `ZONEINFO`. Seeded random
/// expressions over the whole grammar the flavor reads (lists with empty elements, ranges, steps,
/// `N/S`, `*`/`?` in every field, `*-x`, names in any case, `+N`, day-of-month/day-of-week OR and
/// AND, descriptors, `@every` durations, `TZ=`/`CRON_TZ=` prefixes, some malformed ones), random
/// starts biased to within hours of a DST transition in zones with DST of 30 minutes, 1 and 2 hours,
/// negative DST and midnight transitions, and chains of a few fires. Both must agree on every case:
/// the same fires, or both refuse the expression.
///
/// CI runs `CHIME_ROBFIG_DIFF_CASES` cases (default 3,000; seed `CHIME_ROBFIG_DIFF_SEED`, default 7);
/// docs/cron.md gives the large run. Differences are written to `CHIME_ROBFIG_DIFF_OUT` (default
/// /tmp/chime-robfig-differences.jsonl). A difference passes only when its exact case is listed in
/// `Tests/CronOracle/robfig/explained-differences.jsonl` with an independent verdict.
/// Without Go or the robfig sources the test fails, naming the packages to install.
@Suite struct RobfigDifferentialTests {
    static let zones = ZoneSets.robfigDifferential

    typealias Case = CronCase

    typealias Answer = CronDifferentialTests.Answer

    static let robfigSource = "/usr/share/gocode/src/github.com/robfig/cron"

    /// Builds the oracle (once per process) into a temporary directory; its path.
    static let oracleBinary: Result<String, OracleError> = {
        guard FileManager.default.fileExists(atPath: robfigSource + "/spec.go") else {
            return .failure(OracleError(message: "robfig/cron sources missing: apt-get install golang-go golang-github-robfig-cron-dev"))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chime-robfig-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let binary = directory.appendingPathComponent("robfig_oracle").path
        let source = Fixtures.packageRoot.appendingPathComponent("Tests/CronOracle/robfig/robfig_oracle.go").path
        let result = Fixtures.run("/usr/bin/env", ["go", "build", "-o", binary, source],
                                  environment: ["GO111MODULE": "off", "GOPATH": "/usr/share/gocode", "GOPROXY": "off", "GOFLAGS": "",
                                                "GOCACHE": directory.appendingPathComponent("gocache").path])
        guard result.status == 0 else {
            return .failure(OracleError(message: "go build of the robfig oracle failed (apt-get install golang-go golang-github-robfig-cron-dev): \(result.error)"))
        }
        return .success(binary)
    }()

    struct OracleError: Error { let message: String }

    /// Runs the oracle on `cases`, one answer per case.
    static func oracle(_ cases: [Case]) throws -> [Answer] {
        let binary: String
        switch oracleBinary {
        case .success(let path): binary = path
        case .failure(let error): Issue.record("\(error.message)"); throw error
        }
        let encoder = JSONEncoder()
        var input = Data()
        for c in cases { input.append(try encoder.encode(c)); input.append(0x0A) }
        let result = Fixtures.run(binary, [], environment: ["ZONEINFO": Fixtures.zoneinfoDirectory], stdin: input)
        try #require(result.status == 0, "the robfig oracle failed: \(result.error)")
        let lines = result.output.split(separator: "\n")
        try #require(lines.count == cases.count, "the oracle answered \(lines.count) of \(cases.count) cases: \(result.error)")
        return try lines.map { try JSONDecoder().decode(Answer.self, from: Data($0.utf8)) }
    }

    /// Chime's answer in the oracle's shape: the zone the expression names, else the case's.
    static func chime(_ c: Case) -> Answer {
        .chime({ try CronTrigger(expression: c.expression, flavor: .robfig) }, zone: c.zone, after: c.after, count: c.count)
    }

    /// The same fields on the shared nearest-instant search with gap `skip` and overlap `both` (what
    /// explicit policies give): the cases where robfig's walk answers otherwise show the walk's own
    /// behaviour was exercised.
    static func nearestInstant(_ c: Case) -> Answer {
        .chime({ try CronTrigger(expression: c.expression, flavor: .robfig, gapPolicy: .skip, overlapPolicy: .both) },
               zone: c.zone, after: c.after, count: c.count)
    }

    @Test(.requires(.robfig)) func robfigAgrees() throws {
        var run = CronDifferentialRun(peer: "robfig", variables: "ROBFIG_DIFF", cases: 3000, seed: 7, out: "/tmp/chime-robfig-differences.jsonl")
        let cases = run.cases(Self.randomCase)
        let explained = Self.explainedCases()
        var unlikeNearest = 0
        for start in stride(from: 0, to: cases.count, by: 20_000) {
            let slice = Array(cases[start..<min(start + 20_000, cases.count)])
            for (c, peer) in zip(slice, try Self.oracle(slice)) {
                let mine = Self.chime(c)
                if try run.compare(c, key: c.key, explainedKeys: explained, mine: mine, peer: peer),
                   mine.error == nil, Self.nearestInstant(c).fires != mine.fires {
                    unlikeNearest += 1
                }
            }
        }
        try run.finish(extra: "; \(unlikeNearest) agreeing cases where robfig's walk is not the nearest-instant rule gap skip / overlap both")
    }


    /// The cases of `explained-differences.jsonl` (its `case` objects) with a verdict for Chime.
    static func explainedCases() -> Set<String> {
        ExplainedDifferences.keys("robfig/explained-differences.jsonl", Case.self, accepts: { $0 == "robfig wrong, Chime right" }, key: \.key)
    }

    // MARK: Generator

    static func randomCase(_ r: inout SplitMix64) -> Case {
        let zone = zones[r.next(in: 0...zones.count - 1)]
        var expression: String
        switch r.next(in: 0...39) {
        case 0:
            expression = pick(&r, ["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly", "@Daily", "@reboot", "@daily "])
        case 1:
            expression = "@every " + pick(&r, ["1h30m", "90s", "1.5h", "500ms", "-5m", "0", "2h45m30.5s", "1m", "24h", "25h", "3600s",
                                               "1h", "7m13s", "0.75s", "1.999s", "86400s", "1d", "", "h", "1h 30m", "+45m", "10us"])
        default:
            var fields = [second(&r), minute(&r), hour(&r), dayOfMonth(&r), month(&r), dayOfWeek(&r)]
            if r.next(in: 0...99) == 0 {
                fields[r.next(in: 0...5)] = pick(&r, ["61", "1--2", "*/0", "foo", "7", "5-1", "0", "1/2/3", "-1", "*/-2", "3-", "L", "1#2", "24"])
            }
            if r.next(in: 0...199) == 0 { fields.removeLast() }
            if r.next(in: 0...199) == 0 { fields.append("*") }
            expression = fields.joined(separator: r.next(in: 0...19) == 0 ? "  " : " ")
        }
        if r.next(in: 0...7) == 0 {
            let named = r.next(in: 0...2) == 0 ? zones[r.next(in: 0...zones.count - 1)] : zone
            let prefix = pick(&r, ["TZ=", "CRON_TZ="])
            switch r.next(in: 0...49) {
            case 0: expression = prefix + named                                   // no space: robfig panics
            case 1: expression = prefix + "Nowhere/Zone " + expression
            default: expression = prefix + named + (r.next(in: 0...9) == 0 ? "   " : " ") + expression
            }
        }
        return Case(expression: expression, zone: zone, after: start(&r, zone: zone), count: r.next(in: 1...5))
    }

    /// Near a transition of the zone (hours either side, years 1975–2040) or anywhere in 1971…2090.
    static func start(_ r: inout SplitMix64, zone id: String) -> Int64 { CronDifferentialRun.start(&r, zone: id) }

    static func pick(_ r: inout SplitMix64, _ options: [String]) -> String { options[r.next(in: 0...options.count - 1)] }

    static func list(_ r: inout SplitMix64, _ element: (inout SplitMix64) -> String) -> String {
        let n = r.next(in: 0...5) == 0 ? r.next(in: 2...3) : 1
        var text = (0..<n).map { _ in element(&r) }.joined(separator: ",")
        if r.next(in: 0...59) == 0 { text = pick(&r, [",", ",,"]) + text }          // empty elements are dropped
        if r.next(in: 0...59) == 0 { text += "," }
        return text
    }

    /// A term within `low...high`: a value, a range, steps, `N/S`, `*`, `?`, and robfig's oddities.
    static func term(_ r: inout SplitMix64, _ low: Int, _ high: Int, near: [Int], names: [String] = []) -> String {
        func value(_ r: inout SplitMix64) -> String {
            if !names.isEmpty, r.next(in: 0...3) == 0 {
                let name = names[r.next(in: 0...names.count - 1)]
                return r.next(in: 0...3) == 0 ? name.uppercased() : name
            }
            let v = r.next(in: 0...2) > 0 ? near[r.next(in: 0...near.count - 1)] : r.next(in: low...high)
            return r.next(in: 0...49) == 0 ? "+\(v)" : (r.next(in: 0...49) == 0 ? "0\(v)" : "\(v)")
        }
        func ordered(_ r: inout SplitMix64) -> String {
            if !names.isEmpty, r.next(in: 0...3) == 0 { return "\(value(&r))-\(value(&r))" }   // may run backwards: an error
            let a = r.next(in: 0...2) > 0 ? near[r.next(in: 0...near.count - 1)] : r.next(in: low...high)
            let b = r.next(in: 0...2) > 0 ? near[r.next(in: 0...near.count - 1)] : r.next(in: low...high)
            return "\(min(a, b))-\(max(a, b))"
        }
        switch r.next(in: 0...15) {
        case 0: return "*"
        case 1: return "?"
        case 2: return "*/\(r.next(in: 1...max(1, (high - low) / 2)))"
        case 3: return "?/\(r.next(in: 1...7))"
        case 4, 5: return ordered(&r)
        case 6: return "\(ordered(&r))/\(r.next(in: 1...5))"
        case 7: return "\(value(&r))/\(r.next(in: 1...max(1, (high - low) / 3)))"
        case 8: return pick(&r, ["*-\(r.next(in: low...high))", "*/1", "?-x"])
        default: return value(&r)
        }
    }

    static func second(_ r: inout SplitMix64) -> String {
        r.next(in: 0...2) == 0 ? "0" : list(&r) { term(&$0, 0, 59, near: [0, 10, 30, 45, 59]) }
    }

    static func minute(_ r: inout SplitMix64) -> String {
        list(&r) { term(&$0, 0, 59, near: [0, 15, 30, 45, 59]) }
    }

    static func hour(_ r: inout SplitMix64) -> String {
        list(&r) { term(&$0, 0, 23, near: [0, 1, 2, 3, 23]) }
    }

    static func dayOfMonth(_ r: inout SplitMix64) -> String {
        r.next(in: 0...1) == 0 ? pick(&r, ["*", "?"]) : list(&r) { term(&$0, 1, 31, near: [1, 28, 29, 30, 31]) }
    }

    static func month(_ r: inout SplitMix64) -> String {
        let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        return r.next(in: 0...1) == 0 ? "*" : list(&r) { term(&$0, 1, 12, near: [3, 4, 9, 10, 11], names: names) }
    }

    static func dayOfWeek(_ r: inout SplitMix64) -> String {
        let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        return r.next(in: 0...1) == 0 ? pick(&r, ["*", "?"]) : list(&r) { term(&$0, 0, 6, near: [0, 1, 5, 6], names: names) }
    }
}
