import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The croniter flavor against the real croniter (PyPI; `Tests/CronOracle/cron_oracle.py` runs it
/// as a subprocess, on the same pinned tz data through `PYTHONTZPATH`): seeded random expressions
/// over the whole croniter grammar Chime reads (lists, ranges, wrapping ranges, steps, `N/S`,
/// `N-N`, names, `L`, `N-L`, `W`, `?`, `#`, `L<d>`, hashed `H`, 6th seconds and 7th year fields,
/// descriptors, some malformed ones), random starts biased to within hours of a DST transition in
/// zones with DST of 30 minutes, 1 and 2 hours, negative DST and midnight transitions, and chains of
/// a few fires. Both must agree on every case: the same fires, or both refuse the expression.
///
/// CI runs `CHIME_CRON_DIFF_CASES` cases (default 3,000; seed `CHIME_CRON_DIFF_SEED`, default 12);
/// docs/cron.md gives the large run. Differences are written to `CHIME_CRON_DIFF_OUT` (default
/// /tmp/chime-cron-differences.jsonl), one reproducer per line. A difference passes only when its
/// exact case is listed in `Tests/CronOracle/explained-differences.jsonl`, each judged on its own by
/// `Tests/CronOracle/explain_differences.py` (a brute-force walk over every instant, wall times from
/// Python's zoneinfo, fields matched by croniter.match: croniter wrong, Chime right).
@Suite struct CronDifferentialTests {
    static let zones = ZoneSets.cronDifferential

    struct Case: Codable {
        let tool: String
        let expression: String
        let zone: String
        let after: Int64
        let count: Int
        var hashId: String?
        /// "backward": croniter's get_prev chain (the fires before `after`, latest first).
        var direction: String?
    }

    struct Answer: Codable {
        var fires: [Int64]?
        var error: String?
        /// Chime's fires that were DST-adjusted (gap or overlap), for the run's summary.
        var adjusted = 0

        enum CodingKeys: String, CodingKey { case fires, error }
    }

    static var oraclePath: String { Fixtures.packageRoot.appendingPathComponent("Tests/CronOracle/cron_oracle.py").path }

    /// Runs the oracle on `cases`, one answer per case.
    static func oracle(_ cases: [Case]) throws -> [Answer] {
        let encoder = JSONEncoder()
        var input = Data()
        for c in cases { input.append(try encoder.encode(c)); input.append(0x0A) }
        let result = Fixtures.run("/usr/bin/env", ["python3", oraclePath], environment: ["PYTHONTZPATH": Fixtures.zoneinfoDirectory],
                                  stdin: input)
        try #require(result.status == 0, "the croniter oracle failed (pip install croniter 'apscheduler==3.*'): \(result.error)")
        let lines = result.output.split(separator: "\n")
        try #require(lines.count == cases.count, "the oracle answered \(lines.count) of \(cases.count) cases: \(result.error)")
        return try lines.map { try JSONDecoder().decode(Answer.self, from: Data($0.utf8)) }
    }

    /// Chime's answer in the oracle's shape.
    static func chime(_ c: Case, flavor: CronFlavor) -> Answer {
        .chime({ try CronTrigger(expression: c.expression, flavor: flavor, direction: c.direction == "backward" ? .backward : .forward,
                                 hashId: c.hashId) },
               zone: c.zone, after: c.after, count: c.count)
    }

    @Test(.requires(.croniter)) func croniterAgrees() throws {
        try Self.compare(direction: nil, variables: "CRON_DIFF", out: "/tmp/chime-cron-differences.jsonl")
    }

    /// The same cases as chains of croniter's get_prev (`direction: backward`): the fires before
    /// the start, latest first. CI runs `CHIME_CRON_BACK_CASES` (default 3,000; seed
    /// `CHIME_CRON_BACK_SEED`, default 12).
    @Test(.requires(.croniter)) func croniterBackwardAgrees() throws {
        try Self.compare(direction: "backward", variables: "CRON_BACK", out: "/tmp/chime-cron-backward-differences.jsonl")
    }

    static func compare(direction: String?, variables: String, out: String) throws {
        var run = CronDifferentialRun(peer: "croniter", label: "croniter" + (direction.map { " (\($0))" } ?? ""),
                                      variables: variables, cases: 3000, seed: 12, out: out)
        let cases = run.cases { r -> Case in
            var c = Self.randomCase(&r)
            c.direction = direction
            return c
        }
        let explained = Self.explainedCases()
        for start in stride(from: 0, to: cases.count, by: 20_000) {
            let slice = Array(cases[start..<min(start + 20_000, cases.count)])
            for (c, peer) in zip(slice, try Self.oracle(slice)) {
                try run.compare(c, key: Self.key(c), explainedKeys: explained, mine: Self.chime(c, flavor: .croniter), peer: peer)
            }
        }
        try run.finish()
    }

    static func key(_ c: Case) -> String {
        "\(c.expression)|\(c.zone)|\(c.after)|\(c.count)|\(c.hashId ?? "")" + (c.direction.map { "|" + $0 } ?? "")
    }

    /// The cases of `explained-differences.jsonl` (its `case` objects).
    static func explainedCases() -> Set<String> {
        ExplainedDifferences.keys("explained-differences.jsonl", Case.self, accepts: { $0 == "croniter wrong, Chime right" }, key: key)
    }

    static func describe(_ a: Answer) -> String {
        if let error = a.error { return "{\"error\": \(String(decoding: try! JSONEncoder().encode(error), as: UTF8.self))}" }
        return "{\"fires\": [\(a.fires!.map { Instant(seconds: $0).utcString }.map { "\"\($0)\"" }.joined(separator: ", "))]}"
    }

    // MARK: Generator

    static func randomCase(_ r: inout SplitMix64) -> Case {
        let zone = zones[r.next(in: 0...zones.count - 1)]
        var hashId: String?
        let expression: String
        if r.next(in: 0...39) == 0 {
            let descriptors = ["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly", "@Daily"]
            expression = descriptors[r.next(in: 0...descriptors.count - 1)]
            if r.next(in: 0...1) == 0 { hashId = "job-\(r.next(in: 0...999))" }
        } else {
            let withHash = r.next(in: 0...9) == 0
            if withHash { hashId = "job-\(r.next(in: 0...999))" }
            let shape = r.next(in: 0...9)
            var fields = [minute(&r, hash: withHash), hour(&r, hash: withHash), dayOfMonth(&r), month(&r), dayOfWeek(&r)]
            if shape >= 6 { fields.append(second(&r, hash: withHash)) }
            if shape >= 9 { fields.append(year(&r)) }
            if r.next(in: 0...99) == 0 { fields[r.next(in: 0...fields.count - 1)] = ["61", "1--2", "*/0", "foo", "5#9", "1,,2", "?"][r.next(in: 0...6)] }
            expression = fields.joined(separator: r.next(in: 0...19) == 0 ? "  " : " ")
        }
        return Case(tool: "croniter", expression: expression, zone: zone, after: start(&r, zone: zone), count: r.next(in: 1...5), hashId: hashId)
    }

    /// Near a transition of the zone (hours either side, years 1975–2040) or anywhere in 1971…2090.
    static func start(_ r: inout SplitMix64, zone id: String) -> Int64 { CronDifferentialRun.start(&r, zone: id) }

    static func pick(_ r: inout SplitMix64, _ options: [String]) -> String { options[r.next(in: 0...options.count - 1)] }

    static func list(_ r: inout SplitMix64, _ element: (inout SplitMix64) -> String) -> String {
        let n = r.next(in: 0...5) == 0 ? r.next(in: 2...3) : 1
        return (0..<n).map { _ in element(&r) }.joined(separator: ",")
    }

    /// A numeric term within `low...high`: a value, a range, a step, `N/S`, `N-N`, a wrapping range.
    static func term(_ r: inout SplitMix64, _ low: Int, _ high: Int, near: [Int]? = nil) -> String {
        func value(_ r: inout SplitMix64) -> Int {
            if let near, r.next(in: 0...2) > 0 { return near[r.next(in: 0...near.count - 1)] }
            return r.next(in: low...high)
        }
        switch r.next(in: 0...11) {
        case 0: return "*"
        case 1: return "*/\(r.next(in: 1...max(1, (high - low) / 2)))"
        case 2, 3: let a = value(&r), b = value(&r); return "\(min(a, b))-\(max(a, b))"
        case 4: let a = value(&r), b = value(&r); return "\(min(a, b))-\(max(a, b))/\(r.next(in: 1...5))"
        case 5: return "\(value(&r))/\(r.next(in: 1...max(1, (high - low) / 3)))"
        case 6: let a = value(&r), b = value(&r); return "\(max(a, b))-\(min(a, b))"       // wraps (or N-N)
        default: return "\(value(&r))"
        }
    }

    static func hashTerm(_ r: inout SplitMix64, _ low: Int, _ high: Int) -> String {
        let a = r.next(in: low...high - 1), b = r.next(in: a + 1...high)
        return pick(&r, ["H", "H/\(r.next(in: 1...20))", "H(\(a)-\(b))", "H(\(a)-\(b))/\(r.next(in: 1...10))"])
    }

    static func minute(_ r: inout SplitMix64, hash: Bool) -> String {
        if hash, r.next(in: 0...2) == 0 { return hashTerm(&r, 0, 59) }
        return list(&r) { term(&$0, 0, 59, near: [0, 15, 30, 45, 59]) }
    }

    static func hour(_ r: inout SplitMix64, hash: Bool) -> String {
        if hash, r.next(in: 0...2) == 0 { return hashTerm(&r, 0, 23) }
        return list(&r) { term(&$0, 0, 23, near: [0, 1, 2, 3, 23]) }
    }

    static func second(_ r: inout SplitMix64, hash: Bool) -> String {
        if hash, r.next(in: 0...2) == 0 { return hashTerm(&r, 0, 59) }
        return list(&r) { term(&$0, 0, 59, near: [0, 10, 30, 45, 59]) }
    }

    static func dayOfMonth(_ r: inout SplitMix64) -> String {
        switch r.next(in: 0...19) {
        case 0...7: return "*"
        case 8: return "L"
        case 9: return "\(r.next(in: 1...30))-L"
        case 10: return "\(r.next(in: 1...31))W"
        case 11: return "?"
        default: return list(&r) { term(&$0, 1, 31, near: [1, 28, 29, 30, 31]) }
        }
    }

    static func month(_ r: inout SplitMix64) -> String {
        let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        switch r.next(in: 0...9) {
        case 0...5: return "*"
        case 6: return names[r.next(in: 0...11)].uppercased()
        case 7: return "\(names[r.next(in: 0...11)])-\(names[r.next(in: 0...11)])"
        default: return list(&r) { term(&$0, 1, 12, near: [3, 4, 9, 10, 11]) }
        }
    }

    static func dayOfWeek(_ r: inout SplitMix64) -> String {
        let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        switch r.next(in: 0...19) {
        case 0...8: return "*"
        case 9: return names[r.next(in: 0...6)]
        case 10: return "\(names[r.next(in: 0...6)])-\(names[r.next(in: 0...6)])"
        case 11: return "\(r.next(in: 0...7))#\(r.next(in: 1...5))"
        case 12: return "\(names[r.next(in: 0...6)])#\(r.next(in: 1...5))"
        case 13: return "L\(r.next(in: 0...6))"
        case 14: return "?"
        case 15: return "\(r.next(in: 0...5))-7"
        default: return list(&r) { term(&$0, 0, 6, near: [0, 1, 5, 6]) }
        }
    }

    static func year(_ r: inout SplitMix64) -> String {
        pick(&r, ["*", "\(r.next(in: 1975...2045))-\(r.next(in: 2045...2099))", "\(r.next(in: 1975...2040))",
                  "\(r.next(in: 1975...2040)),\(r.next(in: 1975...2040))", "*/\(r.next(in: 1...7))"])
    }
}
