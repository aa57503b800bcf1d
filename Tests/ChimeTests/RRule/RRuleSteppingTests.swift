import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The stepping fast path (`RRuleWalker.fill` / `stepRun`, wall times `DTSTART + k × step` by
/// addition, one subtraction per fire while the wall time's window lies in one zone period)
/// against the general walk it shortcuts (`stepping: false`: the period cursor, `resolve`, the
/// pending queue), on seeded random SECONDLY … WEEKLY rules without BY parts, which are the rules
/// it takes. The general walk is the reference here; its answers are checked against the peers and
/// the RFC by `RRuleDifferentialTests`, `RRuleRFCExampleTests` and `RRuleTriggerTests`.
///
/// Each case's DTSTART is placed a random number of steps before a transition of its zone (zones
/// with DST of 1 h and 30 min, negative DST, transitions at midnight, the date line jump, LMT
/// history before 1900, and years past the explicit tables, mapped through the 400-year cycle), so
/// most expansions cross gaps and overlaps; gap and overlap policies, DTSTART modes, COUNT and the
/// three forms of UNTIL, RDATE and EXDATE (which stop and restart the fast path), and `after` with
/// nanoseconds are drawn too. Three walks must give the same fires (instant, offset, type,
/// adjustment) or the same error: `fires` with and without stepping, and `next()` one fire at a
/// time with stepping (its wall times by addition, without `stepRun`).
///
/// `CHIME_RRULE_STEP_CASES` cases (default 3,000), seed `CHIME_RRULE_STEP_SEED` (default 13).
@Suite struct RRuleSteppingTests {
    static let zones = ZoneSets.rruleStepping
    static let frequencies = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY"]
    static let lengths: [Int64] = [1, 60, 3600, 86_400, 604_800]

    enum Outcome: Equatable, CustomStringConvertible {
        case fires([Fire])
        case failed(String)

        var description: String {
            switch self {
            case .fires(let fires): return fires.map(\.description).joined(separator: "\n")
            case .failed(let error): return "error: \(error)"
            }
        }
    }

    static func outcome(_ body: () throws(TriggerError) -> [Fire]) -> Outcome {
        do { return .fires(try body()) } catch { return .failed(error.description) }
    }

    static func walkNext(_ trigger: RRuleTrigger, _ zone: ZoneRules, _ after: Instant, _ count: Int) throws(TriggerError) -> [Fire] {
        var walker = RRuleWalker(trigger: trigger, zone: zone, after: after, stepping: true)
        var fires: [Fire] = []
        while fires.count < count, let fire = try walker.next() { fires.append(fire) }
        return fires
    }

    @Test func fastPathGivesTheGeneralWalksFires() throws {
        let run = DifferentialRun(name: "RRULE_STEP", defaultCases: 3000, defaultSeed: 13)
        let cases = run.cases
        var rng = SplitMix64(seed: run.seed)
        let zones = try Self.zones.map { try Fixtures.tzifDatabase.rules(for: $0) }
        let years: [Int64] = [1880, 1950, 1975, 2007, 2026, 2026, 2026, 2038, 2150, 2500, 9990]
        var compared = 0, stepping = 0, fired = 0, failed = 0, crossed = 0
        for index in 0..<cases {
            let zone = zones[rng.next(in: 0...zones.count - 1)]
            let f = rng.next(in: 0...4)
            let interval = [1, 1, 1, 2, 3, 7, 25][rng.next(in: 0...6)]
            let step = Self.lengths[f] * Int64(interval)
            let count = rng.next(in: 1...(f == 0 ? 300 : 200))
            // DTSTART: some steps before a transition's wall time (the offset before it), off by a few seconds.
            let year = years[rng.next(in: 0...years.count - 1)]
            let from = Instant(seconds: (year - 1970) * 31_556_952 + Int64(rng.next(in: 0...31_000_000)))
            var anchor = from.seconds + Int64(zone.utcOffset(at: from))
            if let t = zone.nextTransition(after: from) { anchor = t.instant.seconds + Int64(t.before.utcOffset) }
            var wall = anchor - Int64(rng.next(in: 0...count)) * step + Int64(rng.next(in: -3...3)) * [1, 60, 900, 1800][rng.next(in: 0...3)]
            wall = min(max(wall, -62_135_596_800 + 86_400 * 400), RRule.lastWall - 86_400)
            let named = rng.next(in: 0...2) == 0
            let dtstart = (named ? "DTSTART;TZID=\(zone.identifier):" : "DTSTART:") + RRuleParser.dateTimeText(wall)
            var rule = "FREQ=\(Self.frequencies[f])" + (interval > 1 ? ";INTERVAL=\(interval)" : "")
            let end = wall + step * Int64(rng.next(in: 0...count + 20))
            switch rng.next(in: 0...5) {
            case 0, 1: rule += ";COUNT=\(rng.next(in: 1...count + 20))"
            case 2: rule += ";UNTIL=" + RRuleParser.dateTimeText(end - 14_400 + Int64(rng.next(in: 0...7200))) + "Z"
            case 3: rule += ";UNTIL=" + RRuleParser.dateTimeText(end)
            case 4: rule += ";UNTIL=" + RRuleParser.dateText(CivilArithmetic.floorDivMod(end, 86_400).quotient)
            default: break
            }
            var lines = [dtstart, "RRULE:" + rule]
            let prefix = named ? ";TZID=\(zone.identifier):" : ":"
            for _ in 0..<(rng.next(in: 0...4) == 0 ? rng.next(in: 1...3) : 0) {
                lines.append("RDATE" + prefix + RRuleParser.dateTimeText(wall + Int64(rng.next(in: 0...count)) * step + Int64(rng.next(in: 0...3600))))
            }
            for _ in 0..<(rng.next(in: 0...4) == 0 ? rng.next(in: 1...3) : 0) {
                lines.append("EXDATE" + prefix + RRuleParser.dateTimeText(wall + Int64(rng.next(in: 0...count)) * step))
            }
            let mode: RRuleTrigger.DTStartMode = rng.next(in: 0...1) == 0 ? .always : .ifMatching
            let gap: GapPolicy? = rng.next(in: 0...1) == 0 ? nil : GapPolicy.allCases[rng.next(in: 0...GapPolicy.allCases.count - 1)]
            let overlap: OverlapPolicy? = rng.next(in: 0...1) == 0 ? nil : OverlapPolicy.allCases[rng.next(in: 0...OverlapPolicy.allCases.count - 1)]
            let text = lines.joined(separator: "\n")
            let trigger: RRuleTrigger
            do { trigger = try RRuleTrigger(text: text, dtstartMode: mode, gapPolicy: gap, overlapPolicy: overlap) } catch { continue }
            // `after`: before DTSTART, or some steps into the rule, sometimes with nanoseconds.
            let approximate = wall - Int64(zone.utcOffset(atSeconds: wall))
            let afterSeconds = approximate + (rng.next(in: 0...2) == 0 ? -Int64(rng.next(in: 1...200_000)) : Int64(rng.next(in: 0...count / 2)) * step - 1)
            let after = Instant(seconds: afterSeconds, nanoseconds: rng.next(in: 0...3) == 0 ? Int32(rng.next(in: 1...999_999_999)) : 0)
            let want = rng.next(in: 1...count + 5)

            let general = Self.outcome { () throws(TriggerError) in try trigger.fires(after: after, in: zone, count: want, stepping: false) }
            let fast = Self.outcome { () throws(TriggerError) in try trigger.fires(after: after, in: zone, count: want, stepping: true) }
            let oneByOne = Self.outcome { () throws(TriggerError) in try Self.walkNext(trigger, zone, after, want) }
            #expect(fast == general, "case \(index): \(text.replacingOccurrences(of: "\n", with: " | ")) in \(zone.identifier) after \(after) (\(mode), gap \(gap.map { "\($0)" } ?? "-"), overlap \(overlap.map { "\($0)" } ?? "-")), \(want) fires\nfast:\n\(fast)\ngeneral:\n\(general)")
            #expect(oneByOne == general, "case \(index): \(text.replacingOccurrences(of: "\n", with: " | ")) in \(zone.identifier) after \(after): next() one by one differs")
            compared += 1
            if trigger.expansion?.step != nil { stepping += 1 }
            switch general {
            case .fires(let fires):
                fired += fires.count
                if fires.contains(where: { $0.adjustment != .exact }) || Set(fires.map(\.offset)).count > 1 { crossed += 1 }
            case .failed: failed += 1
            }
        }
        print("RRuleSteppingTests: \(compared) of \(cases) cases compared (\(stepping) stepping rules), \(fired) fires, \(crossed) crossing a transition, \(failed) errors")
        #expect(compared > cases * 8 / 10)
        #expect(stepping == compared)
        #expect(crossed > compared / 5)          // seed 13: 1,115 of 2,999
    }

    /// The fast path is taken: a stepping rule's 3,653 daily fires in New York equal the general
    /// walk's, and their wall time stays 09:00 across the 20 DST transitions of 2026–2035 (offsets
    /// −05:00 in winter, −04:00 in summer: tz data's US rule since 2007).
    @Test func tenYearsDailyInNewYork() throws {
        let ny = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        let trigger = try RRuleTrigger(text: "DTSTART;TZID=America/New_York:20260101T090000\nRRULE:FREQ=DAILY;COUNT=3653")
        #expect(trigger.expansion?.step == 86_400)
        let after = Instant(seconds: 1_767_139_200)          // 2025-12-31T00:00:00Z
        let fast = try trigger.fires(after: after, in: ny, count: 5000)
        let general = try trigger.fires(after: after, in: ny, count: 5000, stepping: false)
        #expect(fast == general)
        #expect(fast.count == 3653)
        #expect(fast.allSatisfy { $0.local.hour == 9 && $0.local.minute == 0 && $0.adjustment == .exact })
        #expect(Set(fast.map(\.offset)) == [-18_000, -14_400])
        #expect(fast.first?.instant.utcString == "2026-01-01T14:00:00Z")
        // Instance 3,653 is 3,652 days on: ten years of 365 days and the leap days of 2028 and 2032,
        // so 2036-01-01 09:00 EST.
        #expect(fast.last?.instant.utcString == "2036-01-01T14:00:00Z")
    }
}
