import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `CalendarTrigger.nextFire`'s fast paths (`FastPaths/`) against the general search alone
/// (`searchWithoutFastPath`), on every fixture zone: the same fire in every field, or the same
/// error.
@Suite struct CalendarFastPathTests {
    /// 120,000 seeded cases: daily, weekly, day-of-month and yearly shapes (plus a few the fast
    /// paths decline) at random fixed times — often wall times that DST skips or repeats — under
    /// random policies; starts 1900–2200, half within three days of one of the zone's transitions,
    /// and some far in the future (the 400-year cycle mapping).
    @Test func fastPathsMatchGeneralSearch() throws {
        let zones = try Fixtures.zoneIdentifiers.map { try Fixtures.tzifDatabase.rules(for: $0) }
        var rng = SplitMix64(seed: 0xFA57_2026)
        var answeredFast = 0, total = 0
        for _ in 0..<120_000 {
            let zone = zones[rng.next(in: 0...zones.count - 1)]
            let trigger = try Self.randomTrigger(&rng)
            let start = Self.seededStart(around: Int64.random(in: Self.from...Self.until, using: &rng), in: zone, &rng)
            let probe = Instant(seconds: start.seconds, nanoseconds: rng.next(in: 0...3) == 0 ? Int32(rng.next(in: 0...999_999_999)) : 0)
            let general = Result { () throws(TriggerError) in try trigger.searchWithoutFastPath(from: probe, in: zone, forward: true) }
            let actual = Result { () throws(TriggerError) in try trigger.nextFire(after: probe, in: zone) }
            if trigger.fastPath?.nextFire(after: probe, in: zone) != nil { answeredFast += 1 }
            if trigger.fastPath != nil { total += 1 }
            #expect(actual == general, "\(zone.identifier) \(trigger.components) \(trigger.matchingPolicy) after \(probe)")
            if case let .success(a?) = actual, case let .success(g?) = general {
                #expect(a.instant == g.instant && a.offset == g.offset && a.abbreviation == g.abbreviation && a.isDST == g.isDST
                        && a.adjustment == g.adjustment && a.local == g.local)
            }
        }
        // Most eligible cases must take the fast path, or it proves nothing.
        #expect(answeredFast * 10 > total * 6, "\(answeredFast) of \(total) answered by a fast path")
    }

    /// 1900-01-01T00:00:00Z and 2200-01-01T00:00:00Z.
    static let from: Int64 = -2_208_988_800, until: Int64 = 7_258_118_400

    /// A start for `around` (in `from…until`): half the time within three days of one of the
    /// zone's transitions near it, one in twenty far in the future (the 400-year cycle mapping),
    /// otherwise `around` itself.
    static func seededStart(around: Int64, in zone: ZoneRules, _ rng: inout SplitMix64) -> Instant {
        switch rng.next(in: 0...19) {
        case 0...9:
            let near = zone.transitions(from: Instant(seconds: around - 400 * 86_400), to: Instant(seconds: around + 400 * 86_400))
            let base = near.isEmpty ? around : near[rng.next(in: 0...near.count - 1)].instant.seconds
            return Instant(seconds: base + Int64(rng.next(in: -3 * 86_400...3 * 86_400)))
        case 10: return Instant(seconds: Int64.random(in: until...253_000_000_000, using: &rng))
        default: return Instant(seconds: around)
        }
    }

    static func randomTrigger(_ rng: inout SplitMix64) throws -> CalendarTrigger {
        // Times DST likes to skip or repeat, and any time at all.
        let hour = rng.next(in: 0...2) == 0 ? [0, 1, 2, 3, 23][rng.next(in: 0...4)] : rng.next(in: 0...23)
        let minute = [0, 30, 15, 45, rng.next(in: 0...59)][rng.next(in: 0...4)]
        var c = CalendarComponents()
        switch rng.next(in: 0...9) {
        case 0...2: (c.hour, c.minute) = (hour, minute)                                           // daily
        case 3...4: (c.hour, c.weekday) = (hour, rng.next(in: 1...7))                              // weekly
        case 5: c.weekday = rng.next(in: 1...7)                                                    // weekly, 00:00
        case 6: c.day = rng.next(in: 0...1) == 0 ? rng.next(in: 28...31) : rng.next(in: 1...31)    // monthly, 00:00
        case 7: (c.day, c.hour, c.minute) = (rng.next(in: 1...31), hour, minute)                   // monthly at a time
        case 8: (c.month, c.day) = (rng.next(in: 1...12), rng.next(in: 0...1) == 0 ? 29 : rng.next(in: 1...31))   // yearly
        default:                                                                                   // declined shapes
            switch rng.next(in: 0...3) {
            case 0: c.minute = minute
            case 1: (c.weekday, c.weekOfMonth) = (rng.next(in: 1...7), rng.next(in: 1...5))
            case 2: (c.month, c.weekday) = (rng.next(in: 1...12), rng.next(in: 1...7))
            default: (c.year, c.month, c.day) = (rng.next(in: 1900...2200), rng.next(in: 1...12), rng.next(in: 1...31))
            }
        }
        if rng.next(in: 0...4) == 0 { c.second = rng.next(in: 0...59) }
        if rng.next(in: 0...9) == 0 { c.nanosecond = rng.next(in: 0...999_999_999) }
        let gap: GapPolicy? = rng.next(in: 0...4) == 0 ? GapPolicy.allCases[rng.next(in: 0...GapPolicy.allCases.count - 1)] : nil
        let overlap: OverlapPolicy? = rng.next(in: 0...4) == 0 ? OverlapPolicy.allCases[rng.next(in: 0...2)] : nil
        return try CalendarTrigger(components: c,
                                   matchingPolicy: rng.next(in: 0...1) == 0 ? .nextTime : MatchingPolicy.allCases[rng.next(in: 0...3)],
                                   repeatedTimePolicy: rng.next(in: 0...1) == 0 ? .first : .last,
                                   gapPolicy: gap, overlapPolicy: overlap)
    }
}
