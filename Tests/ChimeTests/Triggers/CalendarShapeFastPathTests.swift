import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The fast paths added for issue 29 — the n-th and n-th last weekday of a month, days counted
/// from the month's end, DST nights answered from the zone periods (`FastPathNight`), and the
/// consistent semantics on all of them — against the general search alone
/// (`searchWithoutFastPath`): the same fire in every field, or the same error.
@Suite struct CalendarShapeFastPathTests {
    /// Zones whose transitions are the awkward ones: a 30-minute DST (Lord Howe), a +12:45 zone
    /// (Chatham), midnight transitions (Santiago), negative DST (Dublin), a Friday spring-forward
    /// (Jerusalem), midnight repeated (Havana), and the usual one-hour shift at 02:00 (New York,
    /// Sydney).
    static let dstZones = ["America/New_York", "Australia/Lord_Howe", "Pacific/Chatham", "America/Santiago",
                           "Europe/Dublin", "Asia/Jerusalem", "America/Havana", "Australia/Sydney"]

    /// 60,000 seeded cases in the DST-heavy zones: every trigger's time of day is the wall time a
    /// transition near the start skips or repeats (or one next to it), on a shape built around
    /// that day — every day, its weekday, its ordinal weekday from either end, its day of the month
    /// from either end, its day of the year — in both semantics, under random policies; starts
    /// within three days of the transition, 1970–2037.
    @Test func dstNightsMatchGeneralSearch() throws {
        let zones = try Self.dstZones.map { try Fixtures.tzifDatabase.rules(for: $0) }
        var rng = SplitMix64(seed: 0x29_D57_2026)
        var fast = 0, night = 0, eligible = 0
        for _ in 0..<60_000 {
            let zone = zones[rng.next(in: 0...zones.count - 1)]
            let around = Int64(rng.next(in: 0...2_145_916_800))
            guard let transition = zone.nextTransition(after: Instant(seconds: around)) else { continue }
            let t = transition.instant.seconds
            let (before, after) = (Int64(transition.before.utcOffset), Int64(transition.after.utcOffset))
            // A wall time inside the gap or overlap (or just outside it), on the transition's day.
            let low = t + min(before, after), high = t + max(before, after)
            let wall = Int64(rng.next(in: 0...3)) == 0 ? low + Int64(rng.next(in: -3600...3600)) : Int64.random(in: low..<max(high, low + 1), using: &rng)
            let (dayNumber, second) = CivilArithmetic.floorDivMod(wall, 86_400)
            let trigger = try Self.trigger(around: dayNumber, second: second, &rng)
            let start = Instant(seconds: t + Int64(rng.next(in: -3 * 86_400...86_400)),
                                nanoseconds: rng.next(in: 0...3) == 0 ? Int32(rng.next(in: 0...999_999_999)) : 0)
            let answered = Self.compare(trigger, after: start, in: zone)
            if trigger.fastPath != nil { eligible += 1 }
            if let answered {
                fast += 1
                if answered.adjustment != .exact && answered.adjustment != .missingDayNextTime { night += 1 }
            }
        }
        // The fast paths must answer most eligible cases, DST nights included, or they prove nothing.
        #expect(fast * 10 > eligible * 6, "\(fast) of \(eligible) answered by a fast path")
        #expect(night > 3_000, "\(night) gap or overlap fires answered by a fast path")
    }

    /// 60,000 seeded cases on every fixture zone: the new shapes at random times, both semantics,
    /// random policies; starts 1900–2200, half within three days of a transition, some far ahead.
    @Test func newShapesMatchGeneralSearch() throws {
        let zones = try Fixtures.zoneIdentifiers.map { try Fixtures.tzifDatabase.rules(for: $0) }
        var rng = SplitMix64(seed: 0x29_5A9E_2026)
        var fast = 0, eligible = 0
        for _ in 0..<60_000 {
            let zone = zones[rng.next(in: 0...zones.count - 1)]
            let around = Int64.random(in: CalendarFastPathTests.from...CalendarFastPathTests.until, using: &rng)
            let dayNumber = CivilArithmetic.floorDivMod(around, 86_400).quotient
            let hour = rng.next(in: 0...2) == 0 ? [0, 1, 2, 3, 23][rng.next(in: 0...4)] : rng.next(in: 0...23)
            let trigger = try Self.trigger(around: dayNumber, second: Int64(hour * 3600 + [0, 30, 45][rng.next(in: 0...2)] * 60), &rng)
            let start = CalendarFastPathTests.seededStart(around: around, in: zone, &rng)
            if trigger.fastPath != nil { eligible += 1 }
            if Self.compare(trigger, after: start, in: zone) != nil { fast += 1 }
        }
        #expect(fast * 10 > eligible * 6, "\(fast) of \(eligible) answered by a fast path")
    }

    /// Fires derived by hand from the zones' transitions as `zdump -v` (tz 2025b) prints them and
    /// from the Gregorian calendar as Python's `datetime` gives it, not from Chime; each is also
    /// the general search's answer.
    @Test(arguments: [
        // America/New_York 2026-03-08: 06:59:59 UT = 01:59:59 EST, 07:00:00 UT = 03:00:00 EDT.
        // 02:30 is skipped: nextTime fires at the gap's end; nextTimePreservingSmallerComponents
        // (gap policy shift) reads 02:30 with EST's offset: 07:30:00Z.
        Fact("America/New_York", CalendarComponents(hour: 2, minute: 30), after: "2026-03-07T12:00:00Z", "2026-03-08T07:00:00Z", .gapNextTime),
        Fact("America/New_York", CalendarComponents(hour: 2, minute: 30), after: "2026-03-07T12:00:00Z", "2026-03-08T07:30:00Z", .gapShiftedForward,
             policy: .nextTimePreservingSmallerComponents, semantics: .consistent),
        // Australia/Lord_Howe 2026-10-04: 15:29:59 UT = 01:59:59 +1030, 15:30:00 UT = 02:30 +11.
        Fact("Australia/Lord_Howe", CalendarComponents(hour: 2, minute: 15), after: "2026-10-03T00:00:00Z", "2026-10-03T15:30:00Z", .gapNextTime),
        Fact("Australia/Lord_Howe", CalendarComponents(hour: 2, minute: 15), after: "2026-10-03T00:00:00Z", "2026-10-03T15:30:00Z", .gapNextTime,
             semantics: .consistent),
        // Its fall-back, 2026-04-05: 14:59:59 UT = 01:59:59 +11, 15:00:00 UT = 01:30 +1030, so
        // 01:45 comes at 14:45:00Z (+11) and 15:15:00Z (+1030).
        Fact("Australia/Lord_Howe", CalendarComponents(hour: 1, minute: 45), after: "2026-04-04T00:00:00Z", "2026-04-04T14:45:00Z", .overlapFirst),
        Fact("Australia/Lord_Howe", CalendarComponents(hour: 1, minute: 45), after: "2026-04-04T00:00:00Z", "2026-04-04T15:15:00Z", .overlapLast,
             last: true, semantics: .consistent),
        // Pacific/Chatham 2026-09-27: 13:59:59 UT = 02:44:59 +1245, 14:00:00 UT = 03:45 +1345.
        Fact("Pacific/Chatham", CalendarComponents(hour: 3, minute: 0), after: "2026-09-26T00:00:00Z", "2026-09-26T14:00:00Z", .gapNextTime),
        // America/Santiago 2026-04-04: 02:59:59 UT (04-05) = 23:59:59 -03, 03:00:00 UT = 23:00 -04:
        // 23:30 comes at 02:30:00Z (-03) and 03:30:00Z (-04).
        Fact("America/Santiago", CalendarComponents(hour: 23, minute: 30), after: "2026-04-04T12:00:00Z", "2026-04-05T02:30:00Z", .overlapFirst),
        Fact("America/Santiago", CalendarComponents(hour: 23, minute: 30), after: "2026-04-04T12:00:00Z", "2026-04-05T03:30:00Z", .overlapLast, last: true),
        // Europe/Dublin 2026-10-25 (negative DST: winter GMT is the "DST"): 00:59:59 UT = 01:59:59
        // IST, 01:00:00 UT = 01:00 GMT: 01:30 comes at 00:30:00Z (IST) and 01:30:00Z (GMT).
        Fact("Europe/Dublin", CalendarComponents(hour: 1, minute: 30), after: "2026-10-24T12:00:00Z", "2026-10-25T00:30:00Z", .overlapFirst),
        Fact("Europe/Dublin", CalendarComponents(hour: 1, minute: 30), after: "2026-10-24T12:00:00Z", "2026-10-25T01:30:00Z", .overlapLast, last: true),
        Fact("Europe/Dublin", CalendarComponents(hour: 1, minute: 30), after: "2026-10-24T12:00:00Z", "2026-10-25T01:30:00Z", .overlapLast,
             last: true, semantics: .consistent),
        // A start between the two passes of an hour-level pattern takes the second (apple).
        Fact("Europe/Dublin", CalendarComponents(hour: 1, minute: 30), after: "2026-10-25T00:45:00Z", "2026-10-25T01:30:00Z", .overlapLast),
        // 2026-05-31 is a Sunday, so May's last Friday is the 29th: 09:00 EDT = 13:00:00Z.
        Fact("America/New_York", CalendarComponents(hour: 9, weekday: 6, weekdayOrdinal: -1), after: "2026-05-10T12:00:00Z",
             "2026-05-29T13:00:00Z", .exact),
        Fact("America/New_York", CalendarComponents(hour: 9, weekday: 6, weekdayOrdinal: -1), after: "2026-05-10T12:00:00Z",
             "2026-05-29T13:00:00Z", .exact, semantics: .consistent),
        // The second Sunday of March 2026 is the 8th (March 1st is a Sunday): New York's gap day.
        Fact("America/New_York", CalendarComponents(hour: 2, minute: 30, weekday: 1, weekdayOrdinal: 2), after: "2026-03-01T12:00:00Z",
             "2026-03-08T07:00:00Z", .gapNextTime),
        // Asia/Jerusalem springs forward on Friday 2026-03-27 (23:59:59 UT on the 26th = 01:59:59
        // IST, 00:00:00 UT = 03:00 IDT), March's last Friday (the 31st is a Tuesday).
        Fact("Asia/Jerusalem", CalendarComponents(hour: 2, minute: 30, weekday: 6, weekdayOrdinal: -1), after: "2026-03-20T00:00:00Z",
             "2026-03-27T00:00:00Z", .gapNextTime),
        // Day 60 is March 1st in 2027 and February 29th in 2028 (a leap year).
        Fact("UTC", CalendarComponents(hour: 9, dayOfYear: 60), after: "2027-03-05T00:00:00Z", "2028-02-29T09:00:00Z", .exact),
        Fact("UTC", CalendarComponents(hour: 9, dayOfYear: 60), after: "2027-03-05T00:00:00Z", "2028-02-29T09:00:00Z", .exact, semantics: .consistent),
        // The last day: February 2026 has 28 days.
        Fact("UTC", CalendarComponents(day: -1, hour: 9), after: "2026-02-10T00:00:00Z", "2026-02-28T09:00:00Z", .exact),
        Fact("UTC", CalendarComponents(day: -1, hour: 9), after: "2026-02-10T00:00:00Z", "2026-02-28T09:00:00Z", .exact, semantics: .consistent),
        // Australia/Sydney 2023-10-01 (a Sunday): 15:59:59 UT = 01:59:59 AEST, 16:00:00 UT = 03:00
        // AEDT. September has no 31st; its stand-in, October 1st, is dropped because 02:30 that
        // day is skipped (AppleRules.missingDay), so the next fire is Oct 31 02:30 AEDT.
        Fact("Australia/Sydney", CalendarComponents(day: 31, hour: 2, minute: 30), after: "2023-09-20T00:00:00Z", "2023-10-30T15:30:00Z", .exact),
    ])
    func handDerivedFires(_ fact: Fact) throws {
        let zone = try Fixtures.tzifDatabase.rules(for: fact.zone)
        let trigger = try CalendarTrigger(components: fact.components, matchingPolicy: fact.policy,
                                          repeatedTimePolicy: fact.last ? .last : .first, semantics: fact.semantics)
        let after = try ISO8601Format.parseInstant(fact.after)
        let fire = try #require(try trigger.nextFire(after: after, in: zone))
        #expect(fire.instant == (try ISO8601Format.parseInstant(fact.expected)) && fire.adjustment == fact.adjustment, "\(fire)")
        #expect(try trigger.searchWithoutFastPath(from: after, in: zone, forward: true) == fire)
        #expect(trigger.fastPath?.nextFire(after: after, in: zone) == fire || fact.zone == "Australia/Sydney",
                "the fast path answers: \(String(describing: trigger.fastPath))")
    }

    struct Fact: Sendable, CustomTestStringConvertible {
        let zone: String, components: CalendarComponents, after: String, expected: String, adjustment: FireAdjustment
        let policy: MatchingPolicy, last: Bool, semantics: Semantics

        init(_ zone: String, _ components: CalendarComponents, after: String, _ expected: String, _ adjustment: FireAdjustment,
             policy: MatchingPolicy = .nextTime, last: Bool = false, semantics: Semantics = .apple) {
            (self.zone, self.components, self.after, self.expected, self.adjustment) = (zone, components, after, expected, adjustment)
            (self.policy, self.last, self.semantics) = (policy, last, semantics)
        }

        var testDescription: String { "\(zone) \(components) \(semantics) after \(after)" }
    }

    /// Compares the trigger's next fire with the general search's; the fire when a fast path gave it.
    static func compare(_ trigger: CalendarTrigger, after start: Instant, in zone: ZoneRules) -> Fire? {
        let general = Result { () throws(TriggerError) in try trigger.searchWithoutFastPath(from: start, in: zone, forward: true) }
        let actual = Result { () throws(TriggerError) in try trigger.nextFire(after: start, in: zone) }
        #expect(actual == general, "\(zone.identifier) \(trigger.components) \(trigger.semantics) \(trigger.matchingPolicy) \(trigger.repeatedTimePolicy) gap \(String(describing: trigger.gapPolicy)) overlap \(String(describing: trigger.overlapPolicy)) after \(start)")
        if case let .success(a?) = actual, case let .success(g?) = general {
            #expect(a.instant == g.instant && a.offset == g.offset && a.abbreviation == g.abbreviation && a.isDST == g.isDST
                    && a.adjustment == g.adjustment && a.local == g.local)
        }
        return trigger.semantics == .apple ? trigger.fastPath?.nextFire(after: start, in: zone)
                                           : trigger.fastPath?.nearestFire(after: start, in: zone)
    }

    /// A trigger at `second` past midnight whose days include `day` (a day number): every day, its
    /// weekday, its ordinal weekday counted from either end, its day of the month from either end
    /// (sometimes in its month only), or its day of the year; random semantics and policies.
    static func trigger(around day: Int64, second: Int64, _ rng: inout SplitMix64) throws -> CalendarTrigger {
        let f = DateFields(dayNumber: day)
        var c = CalendarComponents(hour: Int(second / 3600), minute: Int(second / 60 % 60))
        if rng.next(in: 0...3) == 0 { c.second = Int(second % 60) }
        if rng.next(in: 0...5) == 0 { c.minute = nil }                                // an hour alone
        switch rng.next(in: 0...6) {
        case 0: break                                                                  // daily
        case 6: c.dayOfYear = f.dayOfYear                                              // day of the year
        case 1: c.weekday = f.weekday                                                  // weekly
        case 2: (c.weekday, c.weekdayOrdinal) = (f.weekday, f.weekdayOrdinal)          // n-th weekday
        case 3: (c.weekday, c.weekdayOrdinal) = (f.weekday, f.weekdayOrdinalFromEnd)   // n-th last weekday
        case 4: c.day = f.day                                                          // day of the month
        default: c.day = f.day - f.daysInMonth - 1                                     // from the month's end
        }
        if c.day != nil || c.weekdayOrdinal != nil, rng.next(in: 0...3) == 0 { c.month = f.month }
        // No time field: 00:00, pinned (Foundation then never consults the repeated-time policy);
        // or a minute without the hour (00:mm, pinned: Foundation's day-start rules at a skipped
        // midnight); a nanosecond (kept by a gap's end reached from an hour alone).
        if c.weekday != nil || c.day != nil || c.dayOfYear != nil, second < 3600 {
            switch rng.next(in: 0...3) {
            case 0: (c.hour, c.minute, c.second) = (nil, nil, nil)
            case 1: (c.hour, c.minute) = (nil, Int(second / 60))
            default: break
            }
        }
        if rng.next(in: 0...7) == 0 { c.nanosecond = rng.next(in: 0...999_999_999) }
        let gap: GapPolicy? = rng.next(in: 0...5) == 0 ? GapPolicy.allCases[rng.next(in: 0...GapPolicy.allCases.count - 1)] : nil
        let overlap: OverlapPolicy? = rng.next(in: 0...5) == 0 ? OverlapPolicy.allCases[rng.next(in: 0...2)] : nil
        return try CalendarTrigger(components: c,
                                   matchingPolicy: rng.next(in: 0...2) != 0 ? .nextTime : MatchingPolicy.allCases[rng.next(in: 0...3)],
                                   repeatedTimePolicy: rng.next(in: 0...1) == 0 ? .first : .last,
                                   gapPolicy: gap, overlapPolicy: overlap,
                                   semantics: rng.next(in: 0...1) == 0 ? .apple : .consistent)
    }
}
