import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The `apscheduler3` and `apscheduler` flavors against the real APScheduler 3.11.3 (site-packages)
/// and 4.0.0a6 (installed apart, `pip install --target /opt/aps4`), run by
/// `Tests/CronOracle/cron_oracle.py` on the same pinned tz data: seeded random crontab lines over
/// APScheduler's `from_crontab` grammar (`*`, `*/S`, `N`, `N-M`, `N-M/S`, `N/S`, lists, month and
/// weekday names and name ranges with ignored tails, `last`, numeric weekdays 0–7 and wrapping
/// ranges, and malformed ones: steps wider than their range, backward ranges, out-of-range
/// values, unknown names, wrong field counts), the 20 zones of `ZoneSets.cronDifferential` (DST of 30
/// minutes to 2 hours, negative DST, midnight transitions), starts within ±4 h of a transition 70 %
/// of the time, and chains of 1–5 fires. Both must agree on every case: the same fires, or both
/// refuse the line.
///
/// CI runs `CHIME_APS_DIFF_CASES` cases per version (default 2,000; seed `CHIME_APS_DIFF_SEED`,
/// default 12); docs/cron.md gives the large runs. Differences go to `CHIME_APS_DIFF_OUT` (default
/// /tmp/chime-aps-differences-TOOL.jsonl). A difference passes only when its exact case is listed
/// in `Tests/CronOracle/apscheduler-explained-differences.jsonl` with its verdict.
@Suite struct APSchedulerDifferentialTests {
    typealias Case = CronDifferentialTests.Case

    @Test(.requires(.apscheduler3)) func apscheduler3Agrees() throws { try agree(tool: "apscheduler3", flavor: .apscheduler3) }

    @Test(.requires(.apscheduler4)) func apscheduler4Agrees() throws { try agree(tool: "apscheduler", flavor: .apscheduler) }

    func agree(tool: String, flavor: CronFlavor) throws {
        var run = CronDifferentialRun(peer: tool, variables: "APS_DIFF", cases: 2000, seed: 12,
                                      out: "/tmp/chime-aps-differences-\(tool).jsonl")
        let cases = run.cases { Self.randomCase(&$0, tool: tool) }
        let explained = Self.explainedCases()
        for start in stride(from: 0, to: cases.count, by: 20_000) {
            let slice = Array(cases[start..<min(start + 20_000, cases.count)])
            for (c, peer) in zip(slice, try CronDifferentialTests.oracle(slice)) {
                try run.compare(c, key: CronDifferentialTests.key(c) + "|" + tool, explainedKeys: explained,
                                mine: CronDifferentialTests.chime(c, flavor: flavor), peer: peer)
            }
        }
        try run.finish()
    }

    /// The cases of `apscheduler-explained-differences.jsonl` whose verdict is that the peer is wrong.
    static func explainedCases() -> Set<String> {
        ExplainedDifferences.keys("apscheduler-explained-differences.jsonl", Case.self, accepts: { $0.hasSuffix("wrong, Chime right") },
                                  key: { CronDifferentialTests.key($0) + "|" + $0.tool })
    }

    // MARK: Generator

    static func randomCase(_ r: inout SplitMix64, tool: String) -> Case {
        let zone = ZoneSets.cronDifferential[r.next(in: 0...ZoneSets.cronDifferential.count - 1)]
        var fields = [minute(&r), hour(&r), dayOfMonth(&r), month(&r), dayOfWeek(&r)]
        switch r.next(in: 0...199) {
        case 0: fields.removeLast()
        case 1: fields.append("0")
        case 2: fields = [pick(&r, ["@daily", "@hourly", "@weekly"])]
        case 3...6:
            fields[r.next(in: 0...4)] = pick(&r, ["61", "1--2", "*/0", "foo", "1,,2", "?", "L", "5-3", "*/60", "24", "0-7/8", "-1", "*x",
                                                   "1,", "5#2", "15W", "H", "1-2-3", "3-3/1", "59/5", "mon-fry", "janu"])
        default: break
        }
        let separator = r.next(in: 0...19) == 0 ? pick(&r, ["  ", "\t", " \t "]) : " "
        let expression = fields.joined(separator: separator)
        return Case(tool: tool, expression: expression, zone: zone, after: CronDifferentialTests.start(&r, zone: zone),
                    count: r.next(in: 1...5))
    }

    static func pick(_ r: inout SplitMix64, _ options: [String]) -> String { options[r.next(in: 0...options.count - 1)] }

    static func list(_ r: inout SplitMix64, _ element: (inout SplitMix64) -> String) -> String {
        let n = r.next(in: 0...5) == 0 ? r.next(in: 2...3) : 1
        return (0..<n).map { _ in element(&r) }.joined(separator: ",")
    }

    /// A numeric term within `low...high` (now and then a little beyond, or backwards): a value,
    /// `*`, `*/S`, `N-M`, `N-M/S`, `N/S`.
    static func term(_ r: inout SplitMix64, _ low: Int, _ high: Int, near: [Int]) -> String {
        func value(_ r: inout SplitMix64) -> Int {
            if r.next(in: 0...2) > 0 { return near[r.next(in: 0...near.count - 1)] }
            return r.next(in: low...high)
        }
        switch r.next(in: 0...39) {
        case 0...3: return "*"
        case 4...7: return "*/\(r.next(in: 1...max(1, (high - low) / (r.next(in: 0...9) == 0 ? 1 : 3))))"
        case 8...13: let a = value(&r), b = value(&r); return "\(min(a, b))-\(max(a, b))"
        case 14...17:
            let a = value(&r), b = value(&r)
            return "\(min(a, b))-\(max(a, b))/\(r.next(in: 1...max(1, r.next(in: 0...9) == 0 ? 6 : (max(a, b) - min(a, b)))))"
        case 18...20: let a = value(&r); return "\(a)/\(r.next(in: 1...max(1, r.next(in: 0...9) == 0 ? 6 : (high - a))))"
        case 21: let a = value(&r), b = value(&r); return "\(max(a, b))-\(min(a, b))"        // backwards (or N-N)
        case 22: return r.next(in: 0...3) == 0 ? "\(high + 1)" : "0\(value(&r))"          // out of range, or a leading zero
        default: return "\(value(&r))"
        }
    }

    static func minute(_ r: inout SplitMix64) -> String {
        switch r.next(in: 0...7) {
        case 0: return "*"
        case 1: return "*/\(pick(&r, ["5", "15", "20", "30", "7"]))"
        default: return list(&r) { term(&$0, 0, 59, near: [0, 15, 30, 45, 59]) }
        }
    }

    static func hour(_ r: inout SplitMix64) -> String {
        switch r.next(in: 0...7) {
        case 0, 1: return "*"
        case 2: return "*/\(r.next(in: 1...4))"
        default: return list(&r) { term(&$0, 0, 23, near: [0, 1, 2, 3, 23]) }
        }
    }

    static func dayOfMonth(_ r: inout SplitMix64) -> String {
        switch r.next(in: 0...19) {
        case 0...8: return "*"
        case 9: return pick(&r, ["last", "LAST", "Last", "lastday"])
        case 10: return "\(r.next(in: 1...31)),last"
        default: return list(&r) { term(&$0, 1, 31, near: [1, 28, 29, 30, 31]) }
        }
    }

    static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    static func month(_ r: inout SplitMix64) -> String {
        switch r.next(in: 0...11) {
        case 0...5: return "*"
        case 6: return pick(&r, monthNames).uppercased()
        case 7: return "\(pick(&r, monthNames))-\(pick(&r, monthNames))"
        case 8: return "\(pick(&r, monthNames))\(pick(&r, ["/2", "-5", "-", "x", ""]))"
        default: return list(&r) { term(&$0, 1, 12, near: [3, 4, 9, 10, 11]) }
        }
    }

    static func dayOfWeek(_ r: inout SplitMix64) -> String {
        switch r.next(in: 0...19) {
        case 0...8: return "*"
        case 9: return pick(&r, dayNames)
        case 10: return "\(pick(&r, dayNames))-\(pick(&r, dayNames))"
        case 11: return "\(pick(&r, dayNames).capitalized)\(pick(&r, ["/2", "-3", "-", ""]))"
        case 12: return "\(r.next(in: 0...7))-\(r.next(in: 0...7))"
        case 13: return "\(r.next(in: 0...7))-\(r.next(in: 0...7))/\(r.next(in: 0...3))"
        case 14: return "*/\(r.next(in: 1...8))"
        case 15: return "\(r.next(in: 0...8))"
        default: return list(&r) { term(&$0, 0, 6, near: [0, 1, 5, 6]) }
        }
    }
}
