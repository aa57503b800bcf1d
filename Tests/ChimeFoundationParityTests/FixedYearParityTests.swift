import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import ChimeReference

/// Parity with Foundation for patterns with a fixed `year` (or `yearForWeekOfYear`) and other
/// fields free — the shapes the main generator (`FoundationCaseGenerator`, whose year family only
/// draws `{year[, month[, day[, hour]]]}`) leaves out: `{year, hour}`, `{year, day}`,
/// `{year, month, hour}`, `{year, weekday}`, … Starts lie around and inside the year, a quarter are
/// chained (the start is Chime's previous fire, where Foundation's search gives up), some at the
/// zone's offset changes in the year. Compared and explained exactly as in `FoundationParityTests`
/// (`CHIME_PARITY_YEAR_CASES`, default 1,500; `CHIME_PARITY_SEED`; `CHIME_PARITY_REPORT` writes
/// `path.year` and `path.year.explained`).
@Suite struct FixedYearParityTests {
    static let zones = ZoneSets.fixedYearParity

    static func cases(count: Int, seed: UInt64) throws -> [FoundationCase] {
        var rng = SplitMix64(seed: seed ^ 0x5945_4152)     // "YEAR"
        func int(_ r: ClosedRange<Int>) -> Int { rng.next(in: r) }
        func chance(_ percent: Int) -> Bool { int(0...99) < percent }
        func pick<T>(_ xs: [T]) -> T { xs[int(0...xs.count - 1)] }
        var out: [FoundationCase] = []
        while out.count < count {
            let zone = pick(zones)
            let year = int(1995...2060)
            let yearStart = CivilArithmetic.daysFromCivil(year: Int64(year), month: 1, day: 1) * 86_400
            let yearEnd = CivilArithmetic.daysFromCivil(year: Int64(year + 1), month: 1, day: 1) * 86_400
            var c = FoundationCase(zone: zone, startSeconds: Int64(int(Int(yearStart) - 40 * 86_400 ... Int(yearEnd) + 40 * 86_400)))
            c.family = "fixedYear"
            c.matchingPolicy = pick(["nextTime", "nextTimePreservingSmallerComponents", "previousTimePreservingSmallerComponents", "strict"])
            c.repeatedTimePolicy = pick(["first", "last"])
            c.direction = chance(50) ? "backward" : "forward"
            c.year = year
            let shape = int(0...29)
            switch shape {
            case 0: break
            case 1: c.hour = int(0...23)
            case 2: c.minute = int(0...59)
            case 3: c.second = int(0...59)
            case 4: c.hour = int(0...23); c.minute = int(0...59)
            case 5: c.hour = int(0...23); c.minute = int(0...59); c.second = int(0...59)
            case 6: c.day = int(1...31)
            case 7: c.day = int(28...31); if chance(50) { c.hour = int(0...23) }; if chance(50) { c.minute = int(0...59) }
            case 8: c.day = int(1...31); c.hour = int(0...23)
            case 9: c.day = int(1...31); c.minute = int(0...59)
            case 10: c.month = int(1...12)
            case 11: c.month = int(1...12); c.hour = int(0...23)
            case 12: c.month = int(1...12); c.minute = int(0...59)
            case 13: c.month = int(1...12); c.day = int(1...31)
            case 14: c.month = pick([2, 2, 4, 6, 9, 11]); c.day = int(28...31); if chance(50) { c.hour = int(0...23) }
            case 15: c.weekday = int(1...7)
            case 16: c.weekday = int(1...7); c.hour = int(0...23)
            case 17: c.weekday = int(1...7); c.minute = int(0...59)
            case 18: c.month = int(1...12); c.weekday = int(1...7)
            case 19: c.weekOfYear = int(1...52)
            case 20: c.dayOfYear = int(1...365)
            case 21: c.dayOfYear = int(1...365); c.hour = int(0...23)
            case 22: c.year = nil; c.yearForWeekOfYear = year; c.hour = int(0...23)
            case 23: c.year = nil; c.yearForWeekOfYear = year; c.weekday = int(1...7); c.hour = int(0...23)
            case 24: c.year = nil; c.yearForWeekOfYear = year; c.day = int(1...28)
            case 25: c.year = nil; c.yearForWeekOfYear = year; c.month = int(1...12); c.hour = int(0...23)
            case 26: c.month = int(1...12); c.day = int(1...28); c.hour = int(0...23); c.minute = int(0...59)
            case 27: c.weekday = int(1...7); c.weekdayOrdinal = int(1...4)
            case 28: c.weekday = int(1...7); c.weekOfMonth = int(2...4)
            default:   // the wall time of one of the zone's offset changes in the year, started near it
                guard let rules = FoundationZoneRules.rules(for: zone) else { continue }
                let changes = rules.transitions(from: Instant(seconds: yearStart), to: Instant(seconds: yearEnd)).filter { $0.wallClockChange != 0 }
                guard !changes.isEmpty else { continue }
                let change = pick(changes)
                let wall = change.instant.seconds + Int64(change.before.utcOffset) + Int64(int(-1800...1800) / 60 * 60)
                let (_, timeOfDay) = CivilArithmetic.floorDivMod(wall, 86_400)
                c.hour = Int(timeOfDay / 3600)
                if chance(70) { c.minute = Int(timeOfDay / 60 % 60) }
                c.startSeconds = change.instant.seconds + Int64(int(-3 * 86_400 ... 2 * 86_400))
            }
            // A quarter of the cases start at Chime's previous fire (a chained search).
            if chance(25), let fire = try FoundationParityTests.chime(c) { (c.startSeconds, c.startNanoseconds) = (fire.seconds, fire.nanoseconds) }
            out.append(c)
        }
        return out
    }

    @Test func fixedYearCasesAgreeWithFoundation() throws {
        // The parity run's seed, report and replay; its own size.
        let run = DifferentialRun(name: "PARITY", casesVariable: "YEAR_CASES", defaultCases: 1_500, defaultSeed: 2026)
        let cases = try run.replayPath.map { path in
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap(FoundationCase.init(reportLine:))
        } ?? Self.cases(count: run.cases, seed: run.seed)
        let outcome = try FoundationParityTests.run(cases)
        let unexplained = outcome.mismatches.values.reduce(0) { $0 + $1.count }
        print("parity (fixed year): \(outcome.total) cases compared, \(outcome.skipped) skipped, \(unexplained) differ unexplained")
        for (test, n) in outcome.explained.sorted(by: { $0.key < $1.key }) { print("parity (fixed year): \(n)\texplained (reference verdict), labelled \(test)") }
        for (key, list) in outcome.mismatches.sorted(by: { $0.value.count > $1.value.count }) {
            print("parity (fixed year): \(list.count)\t\(key)\n        e.g. \(list[0])")
        }
        if let path = run.reportPath {
            try outcome.mismatches.flatMap { $0.value }.joined(separator: "\n").write(toFile: path + ".year", atomically: true, encoding: .utf8)
            try outcome.explainedCases.joined(separator: "\n").write(toFile: path + ".year.explained", atomically: true, encoding: .utf8)
        }
        #expect(outcome.total > cases.count * 9 / 10, "most generated cases must be compared, not skipped")
        let failing = FoundationParityTests.untriaged(outcome)
        #expect(failing.isEmpty, "\(failing.count) of \(outcome.total) fixed-year cases differ from Foundation without a reference verdict or triage:\n\(failing.prefix(10).joined(separator: "\n"))")
    }
}
