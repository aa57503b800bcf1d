import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The MONTHLY/YEARLY fast path (`RRuleDatedFastPath`: a period's days as bit masks by closed
/// forms, `RRulePlan.fastFire`) against the general walk it shortcuts (`RRuleWalker`: the period
/// cursor, `RRuleExpansion.candidates`, the pending queue), which `RRuleDifferentialTests`,
/// `RRuleRFCExampleTests` and `RScalePublishedDatesTests` hold to dateutil, libical, the RFCs and
/// published dates. Seeded random rules: BYDAY plain and numbered (in the month, and in the year),
/// positive and negative BYMONTHDAY, BYMONTH, BYYEARDAY, BYHOUR/BYMINUTE/BYSECOND lists, BYSETPOS,
/// INTERVAL > 1, COUNT and the three forms of UNTIL, both DTSTART modes, the dateutil flavor, and
/// RSCALE Hebrew, Chinese and Islamic (civil) with leap months and SKIP (which the fast path leaves
/// to the walk), DTSTART floating or in the zone, in DST zones of every kind, `after` before DTSTART,
/// near it and decades on. Three answers must agree: `nextFire` (fast path first), the walk's first
/// fire, and — where the fast path answers — its candidate wall time and the cursor's.
///
/// `CHIME_RRULE_FAST_CASES` rules (default 1,500, 6 starts each), seed `CHIME_RRULE_FAST_SEED` (default 29).
@Suite struct RRuleFastPathTests {
    static let weekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    enum Outcome: Equatable, CustomStringConvertible {
        case fire(Fire?)
        case failed(String)

        var description: String {
            switch self {
            case .fire(let fire): return fire?.description ?? "none"
            case .failed(let error): return "error: \(error)"
            }
        }
    }

    static func outcome(_ body: () throws(TriggerError) -> Fire?) -> Outcome {
        do { return .fire(try body()) } catch { return .failed(error.description) }
    }

    /// A random rule's parts (some combinations are refused by the parser; those cases are skipped).
    static func randomRule(_ rng: inout SplitMix64, rscale: String?) -> String {
        let yearly = rng.next(in: 0...1) == 0
        var parts = (rscale.map { ["RSCALE=\($0)"] } ?? []) + ["FREQ=" + (yearly ? "YEARLY" : "MONTHLY")]
        let interval = [1, 1, 1, 1, 2, 3, 5, 12][rng.next(in: 0...7)]
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        func list(_ n: Int, _ value: (inout SplitMix64) -> String) -> String {
            (0..<n).map { _ in value(&rng) }.joined(separator: ",")
        }
        // Shapes that match often (a rule that never matches sends the walk to the year 9999 or the
        // end of the calendar's cycle): weekdays, month days, both (Friday the 13th), numbered
        // weekdays in months or the year, year days, or DTSTART's defaults.
        let byMonth = rng.next(in: 0...2) == 0
        let longest = rscale == nil ? 31 : 29
        let monthDay: (inout SplitMix64) -> String = { r in "\(r.next(in: 1...longest) * (r.next(in: 0...2) == 0 ? -1 : 1))" }
        let shape = rng.next(in: 0...6)
        switch shape {
        case 0: break
        case 1: parts.append("BYDAY=" + list(rng.next(in: 1...3)) { weekdays[$0.next(in: 0...6)] })
        case 2: parts.append("BYMONTHDAY=" + list(rng.next(in: 1...3), monthDay))
        case 3:
            parts.append("BYDAY=" + list(rng.next(in: 1...3)) { weekdays[$0.next(in: 0...6)] })
            parts.append("BYMONTHDAY=" + list(rng.next(in: 1...3), monthDay))
        case 4, 5:
            let reach = yearly && !byMonth ? 52 : 4
            parts.append("BYDAY=" + list(rng.next(in: 1...2)) { r in
                let n = r.next(in: 1...reach) * (r.next(in: 0...1) == 0 ? 1 : -1)
                return (r.next(in: 0...4) == 0 ? "" : "\(n)") + weekdays[r.next(in: 0...6)]
            })
        default:
            if yearly { parts.append("BYYEARDAY=" + list(rng.next(in: 1...3)) { r in "\(r.next(in: 1...353) * (r.next(in: 0...2) == 0 ? -1 : 1))" }) }
        }
        if byMonth {
            parts.append("BYMONTH=" + list(rng.next(in: 1...3)) { r in
                let m = r.next(in: 1...12)
                return rscale == "HEBREW" && r.next(in: 0...3) == 0 ? "5L" : rscale == "CHINESE" && r.next(in: 0...5) == 0 ? "\(m)L" : "\(m)"
            })
        }
        if rng.next(in: 0...3) == 0 { parts.append("BYHOUR=" + list(rng.next(in: 1...3)) { "\($0.next(in: 0...23))" }) }
        if rng.next(in: 0...5) == 0 { parts.append("BYMINUTE=" + list(rng.next(in: 1...2)) { "\($0.next(in: 0...59))" }) }
        if rng.next(in: 0...7) == 0 { parts.append("BYSECOND=" + list(rng.next(in: 1...2)) { "\($0.next(in: 0...59))" }) }
        if shape != 0 && rng.next(in: 0...4) == 0 {
            parts.append("BYSETPOS=" + list(rng.next(in: 1...2)) { r in "\(r.next(in: 1...3) * (r.next(in: 0...1) == 0 ? -1 : 1))" })
        }
        if rscale != nil && rng.next(in: 0...5) == 0 { parts.append("SKIP=" + ["BACKWARD", "FORWARD", "OMIT"][rng.next(in: 0...2)]) }
        if rng.next(in: 0...3) == 0 { parts.append("WKST=" + weekdays[rng.next(in: 0...6)]) }
        return parts.joined(separator: ";")
    }

    @Test func fastPathGivesTheGeneralWalksNextFire() throws {
        let run = DifferentialRun(name: "RRULE_FAST", defaultCases: 1500, defaultSeed: 29)
        let counts = try Self.compareWithTheWalk(run, FastPathRun(
            rscales: [nil, nil, nil, nil, "HEBREW", "CHINESE", "ISLAMIC-CIVIL"], randomRule: Self.randomRule,
            counts: 1...60, untilSpan: 400_000_000, dateutilOdds: 4,
            offset: { rng, _, _ in
                switch rng.next(in: 0...3) {
                case 0: -Int64(rng.next(in: 1...10_000_000))
                case 1: Int64(rng.next(in: 0...100_000_000))
                case 2: Int64(rng.next(in: 0...1_000_000_000))
                default: Int64(rng.next(in: 0...4_000_000))
                }
            },
            path: { $0.plan.fast }))
        print("RRuleFastPathTests: \(counts.rules) rules (\(counts.taken) with the fast path), \(counts.compared) starts compared, \(counts.fast) answered by the fast path, \(counts.walls) candidates compared")
        #expect(counts.rules > run.cases / 2)
        #expect(counts.fast > counts.compared / 3)
        #expect(counts.walls > counts.fast)
    }

    /// What differs between the fast paths' random runs: the rules, how far from them the starts
    /// fall, and which fast path is checked.
    struct FastPathRun {
        let rscales: [String?]
        let randomRule: (inout SplitMix64, String?) -> String
        /// COUNT's range, and how far past DTSTART an UNTIL may be (seconds).
        let counts: ClosedRange<Int>
        let untilSpan: Int
        /// One Gregorian rule in `dateutilOdds + 1` is read in the dateutil flavor.
        let dateutilOdds: Int
        /// A start's distance from DTSTART (its approximate instant), in `zone`.
        let offset: (inout SplitMix64, ZoneRules, Int64) -> Int64
        let path: (RRuleTrigger) -> (any RRuleFastCandidates)?
    }

    /// Random rules from `p`, 6 starts each: `nextFire` (fast path first), the walk's first fire and
    /// (where it answers) the fast path's agree, and so do its candidate wall time and the cursor's.
    static func compareWithTheWalk(_ run: DifferentialRun, _ p: FastPathRun, rule check: (RRuleTrigger) -> Void = { _ in })
        throws -> (rules: Int, taken: Int, compared: Int, fast: Int, walls: Int) {
        var rng = SplitMix64(seed: run.seed)
        let zones = try ZoneSets.rruleStepping.map { try Fixtures.tzifDatabase.rules(for: $0) }
        let years: [Int64] = [1975, 1999, 2007, 2024, 2026, 2026, 2026, 2030, 2150, 2400]
        var compared = 0, fast = 0, walls = 0, rules = 0, taken = 0
        for index in 0..<run.cases {
            let zone = zones[rng.next(in: 0...zones.count - 1)]
            let rscale = p.rscales[rng.next(in: 0...p.rscales.count - 1)]
            var rule = p.randomRule(&rng, rscale)
            let year = rscale == nil ? years[rng.next(in: 0...years.count - 1)] : Int64(rng.next(in: 1990...2060))
            let wall = (year - 1970) * 31_556_952 + Int64(rng.next(in: 0...31_000_000)) / 60 * 60 + Int64(rng.next(in: 0...2) == 0 ? rng.next(in: 0...59) : 0)
            switch rng.next(in: 0...6) {
            case 0: rule += ";COUNT=\(rng.next(in: p.counts))"
            case 1: rule += ";UNTIL=" + RRuleParser.dateTimeText(wall + Int64(rng.next(in: 0...p.untilSpan))) + "Z"
            case 2: rule += ";UNTIL=" + RRuleParser.dateTimeText(wall + Int64(rng.next(in: 0...p.untilSpan)))
            case 3: rule += ";UNTIL=" + RRuleParser.dateText(CivilArithmetic.floorDivMod(wall + Int64(rng.next(in: 0...p.untilSpan)), 86_400).quotient)
            default: break
            }
            let named = rng.next(in: 0...2) == 0
            let text = (named ? "DTSTART;TZID=\(zone.identifier):" : "DTSTART:") + RRuleParser.dateTimeText(wall) + "\nRRULE:" + rule
            let flavor: RRuleFlavor = rscale == nil && rng.next(in: 0...p.dateutilOdds) == 0 ? .dateutil : .rfc5545
            let mode: RRuleTrigger.DTStartMode = rng.next(in: 0...1) == 0 ? .always : .ifMatching
            let gap: GapPolicy? = rng.next(in: 0...2) == 0 ? GapPolicy.allCases[rng.next(in: 0...GapPolicy.allCases.count - 1)] : nil
            let overlap: OverlapPolicy? = rng.next(in: 0...2) == 0 ? OverlapPolicy.allCases[rng.next(in: 0...OverlapPolicy.allCases.count - 1)] : nil
            guard let trigger = try? RRuleTrigger(text: text, flavor: flavor, dtstartMode: mode, gapPolicy: gap, overlapPolicy: overlap) else { continue }
            rules += 1
            let path = p.path(trigger)
            if path != nil { taken += 1 }
            check(trigger)
            let approximate = wall - Int64(zone.utcOffset(atSeconds: wall))
            for _ in 0..<6 {
                let offset = p.offset(&rng, zone, approximate)
                let after = Instant(seconds: approximate + offset, nanoseconds: rng.next(in: 0...5) == 0 ? Int32(rng.next(in: 1...999_999_999)) : 0)
                let general = Self.outcome { () throws(TriggerError) in try trigger.fires(after: after, in: zone, count: 1).first }
                let next = Self.outcome { () throws(TriggerError) in try trigger.nextFire(after: after, in: zone) }
                let label = "case \(index): \(text.replacingOccurrences(of: "\n", with: " | ")) (\(flavor), \(mode), gap \(gap.map { "\($0)" } ?? "-"), overlap \(overlap.map { "\($0)" } ?? "-")) in \(zone.identifier) after \(after)"
                #expect(next == general, "\(label)\nnextFire: \(next)\ngeneral: \(general)")
                compared += 1
                if let f = trigger.plan.fastFire(after: after, in: zone) {
                    fast += 1
                    #expect(Outcome.fire(f) == general, "\(label)\nfast path: \(f)\ngeneral: \(general)")
                }
                // The candidate wall time alone, against the expansion's cursor from the same floor.
                let floor = max(after.seconds + Int64(zone.table.minOffset), trigger.dtstart.wall + 1)
                if let e = trigger.expansion, let path, let wall = path.next(atLeast: floor, years: e.calendar) {
                    var cursor = RRuleExpansion<GregorianRRuleCalendar>.Cursor(number: e.firstPeriodNumber(reaching: floor))
                    #expect(cursor.next(e, atLeast: floor) == wall, "\(label): candidate at or after \(RRuleParser.dateTimeText(floor))")
                    walls += 1
                } else if let e = trigger.rscaleExpansion, let path, let years = trigger.plan.rscaleYears,
                          let wall = path.next(atLeast: floor, years: years) {
                    var cursor = RRuleExpansion<RScaleCalendar>.Cursor(number: e.firstPeriodNumber(reaching: floor))
                    #expect(cursor.next(e, atLeast: floor) == wall, "\(label): candidate at or after \(RRuleParser.dateTimeText(floor))")
                    walls += 1
                }
            }
        }
        return (rules, taken, compared, fast, walls)
    }

    /// The benchmark's rules take the fast path, from any distance: the last Friday of the month at
    /// 09:00 (2026-01-30, a Friday, is DTSTART; January 2076's last Friday is the 31st, 50 years on),
    /// and September 23 (hand-derived from the Gregorian calendar).
    @Test func benchmarkRulesTakeTheFastPath() throws {
        let ny = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        let monthly = try RRuleTrigger(text: "DTSTART:20260130T090000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR")
        // 2026-02-01T00:00:00Z: February 2026's last Friday is the 27th, 09:00 EST = 14:00Z.
        #expect(monthly.plan.fastFire(after: Instant(seconds: 1_769_904_000), in: ny)?.instant.utcString == "2026-02-27T14:00:00Z")
        // 2076-01-01T00:00:00Z: January 31, 2076 is a Friday (Python datetime.date(2076, 1, 31).weekday()).
        #expect(monthly.plan.fastFire(after: Instant(seconds: 3_345_062_400), in: ny)?.instant.utcString == "2076-01-31T14:00:00Z")
        let yearly = try RRuleTrigger(text: "DTSTART:20250923T090000\nRRULE:FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=23")
        // 2027-09-23 09:00 EDT = 13:00Z, from 2026-09-24.
        #expect(yearly.plan.fastFire(after: Instant(seconds: 1_790_208_000), in: ny)?.instant.utcString == "2027-09-23T13:00:00Z")
        let hebrew = try RRuleTrigger(text: "DTSTART:20250923T090000\nRRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1")
        // Rosh Hashanah 5787 is 2026-09-12 (published calendars; RScalePublishedDatesTests): 09:00 EDT = 13:00Z.
        #expect(hebrew.plan.fastFire(after: Instant(seconds: 1_767_225_600), in: ny)?.instant.utcString == "2026-09-12T13:00:00Z")
        let chinese = try RRuleTrigger(text: "DTSTART:20260217T090000\nRRULE:RSCALE=CHINESE;FREQ=MONTHLY")
        // Chinese New Year 2028 is January 26 (published; ICU 72 agrees, RScalePublishedDatesTests):
        // the first of the first month; the month before it began with December 2027's new moon,
        // so from 2028-01-01T00:00:00Z the next first is January 26, 09:00 EST = 14:00Z.
        #expect(chinese.plan.fastFire(after: Instant(seconds: 1_830_297_600), in: ny)?.instant.utcString == "2028-01-26T14:00:00Z")
    }
}
