import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// DST cases from the issue, each with a hand-derived expectation (reasoning in the comment) and,
/// where Foundation agrees, Foundation's `Calendar.nextDate` as a second oracle.
@Suite struct CalendarTriggerDSTTests {
    static func rules(_ id: String) throws -> ZoneRules { try Fixtures.tzifDatabase.rules(for: id) }

    static func foundation(_ zone: String, after seconds: Int64, _ c: DateComponents,
                           _ policy: Calendar.MatchingPolicy = .nextTime, _ repeated: Calendar.RepeatedTimePolicy = .first,
                           direction: Calendar.SearchDirection = .forward) -> Int64? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar.nextDate(after: Date(timeIntervalSince1970: Double(seconds)), matching: c, matchingPolicy: policy,
                                 repeatedTimePolicy: repeated, direction: direction).map { Int64($0.timeIntervalSince1970) }
    }

    /// New York 2026-03-08: clocks jump 02:00 EST -> 03:00 EDT at 07:00:00Z, so 02:30 does not exist.
    @Test func newYorkSpringForward() throws {
        let ny = try Self.rules("America/New_York")
        let after = Instant(seconds: 1_772_884_800)                    // 2026-03-07T12:00:00Z
        let c = CalendarComponents(hour: 2, minute: 30)
        let expected: [(MatchingPolicy, Int64, FireAdjustment)] = [
            (.nextTime, 1_772_953_200, .gapNextTime),                   // 03:00 EDT = 07:00:00Z
            (.nextTimePreservingSmallerComponents, 1_772_955_000, .gapShiftedForward),   // 03:30 EDT = 07:30:00Z
            (.previousTimePreservingSmallerComponents, 1_772_951_400, .gapShiftedBackward), // 01:30 EST = 06:30:00Z
            // Mar 9 02:30 EDT = 06:30:00Z: 07:00:00Z on Mar 8 (1_772_953_200) + 86_400 - 1_800.
            (.strict, 1_773_037_800, .exact),
        ]
        for (policy, seconds, adjustment) in expected {
            let fire = try #require(try CalendarTrigger(components: c, matchingPolicy: policy).nextFire(after: after, in: ny))
            #expect(fire.instant.seconds == seconds, "\(policy)")
            #expect(fire.adjustment == (policy == .strict ? .gapSkipped : adjustment), "\(policy)")
            let foundationPolicy: Calendar.MatchingPolicy = [.nextTime, .nextTimePreservingSmallerComponents,
                                                              .previousTimePreservingSmallerComponents, .strict][MatchingPolicy.allCases.firstIndex(of: policy)!]
            #expect(Self.foundation("America/New_York", after: after.seconds, DateComponents(hour: 2, minute: 30), foundationPolicy) == seconds)
        }
    }

    /// New York 2026-11-01: EDT -> EST at 06:00:00Z, so 01:30 happens at 05:30:00Z and 06:30:00Z.
    @Test func newYorkFallBack() throws {
        let ny = try Self.rules("America/New_York")
        let after = Instant(seconds: 1_793_448_000)                    // 2026-10-31T12:00:00Z
        let c = CalendarComponents(hour: 1, minute: 30)
        let first = try #require(try CalendarTrigger(components: c, repeatedTimePolicy: .first).nextFire(after: after, in: ny))
        let last = try #require(try CalendarTrigger(components: c, repeatedTimePolicy: .last).nextFire(after: after, in: ny))
        #expect(first.instant.seconds == 1_793_511_000 && first.adjustment == .overlapFirst && first.abbreviation == "EDT")
        #expect(last.instant.seconds == 1_793_514_600 && last.adjustment == .overlapLast && last.abbreviation == "EST")
        #expect(Self.foundation("America/New_York", after: after.seconds, DateComponents(hour: 1, minute: 30), .nextTime, .first) == 1_793_511_000)
        #expect(Self.foundation("America/New_York", after: after.seconds, DateComponents(hour: 1, minute: 30), .nextTime, .last) == 1_793_514_600)
        // Chained from the first 01:30 (as a repeating notification is), `.first` moves on to the
        // next day's 01:30 EST = 2026-11-02T06:30:00Z, skipping the EST pass of the same night.
        let chained = try #require(try CalendarTrigger(components: c).nextFire(after: first.instant, in: ny))
        #expect(chained.instant.seconds == 1_793_601_000)
        #expect(Self.foundation("America/New_York", after: first.instant.seconds, DateComponents(hour: 1, minute: 30)) == 1_793_601_000)
        // Beyond Apple: both instants, in order.
        let both = try Trigger.calendar(CalendarTrigger(components: c, overlapPolicy: .both)).fires(after: after, in: ny, count: 3)
        #expect(both.map(\.instant.seconds) == [1_793_511_000, 1_793_514_600, 1_793_514_600 + 86_400])
    }

    /// Lord Howe 2026-10-04: a 30-minute DST; 02:00 +10:30 -> 02:30 +11 at 2026-10-03T15:30:00Z.
    @Test func lordHoweHalfHourGap() throws {
        let lh = try Self.rules("Australia/Lord_Howe")
        let after = Instant(seconds: 1_775_174_400 + 150 * 86_400)     // 2026-08-31T00:00:00Z, before the change
        let nextTime = try #require(try CalendarTrigger(components: CalendarComponents(hour: 2, minute: 15)).nextFire(after: Instant(seconds: 1_791_000_000), in: lh))
        // 2026-10-04 02:15 does not exist: the first instant after the gap is 15:30:00Z = 1_791_041_400.
        #expect(nextTime.instant.seconds == 1_791_041_400 && nextTime.adjustment == .gapNextTime)
        // Shifting by the gap length (RFC 5545) gives 02:45 +11 = 15:45:00Z.
        let shifted = try #require(try CalendarTrigger(components: CalendarComponents(hour: 2, minute: 15), gapPolicy: .shift)
            .nextFire(after: Instant(seconds: 1_791_000_000), in: lh))
        #expect(shifted.instant.seconds == 1_791_042_300)
        _ = after
    }

    /// Sao Paulo 2018-11-04: midnight did not exist (00:00 -03 -> 01:00 -02 at 03:00:00Z); a
    /// date-only trigger fires at the day's first instant.
    @Test func saoPauloMissingMidnight() throws {
        let sp = try Self.rules("America/Sao_Paulo")
        let after = Instant(seconds: 1_541_203_200)                    // 2018-11-03T00:00:00Z
        let fire = try #require(try CalendarTrigger(components: CalendarComponents(day: 4), matchingPolicy: .strict).nextFire(after: after, in: sp))
        #expect(fire.instant.seconds == 1_541_300_400 && fire.adjustment == .gapNextTime)
        #expect(Self.foundation("America/Sao_Paulo", after: after.seconds, DateComponents(day: 4), .strict) == 1_541_300_400)
    }

    /// Pacific/Apia skipped 2011-12-30 (-10 -> +14 at 2011-12-30T10:00:00Z): that date has no
    /// times at all, so `{month: 12, day: 30}` next fires a year later, 2012-12-30 00:00 +14 =
    /// 2012-12-29T10:00:00Z (Foundation agrees under every matching policy).
    @Test func apiaSkippedDay() throws {
        let apia = try Self.rules("Pacific/Apia")
        let after = Instant(seconds: 1_322_697_600)                    // 2011-12-01T00:00:00Z
        let fire = try #require(try CalendarTrigger(components: CalendarComponents(month: 12, day: 30)).nextFire(after: after, in: apia))
        #expect(fire.instant.seconds == 1_356_775_200)
        #expect(fire.local.description == "2012-12-30T00:00:00")
        #expect(Self.foundation("Pacific/Apia", after: after.seconds, DateComponents(month: 12, day: 30)) == 1_356_775_200)
        // A daily 09:00 trigger goes straight from Dec 29 to Dec 31: the 30th has no hours at all.
        // Foundation agrees (2011-12-29T19:00:00Z, then 2011-12-30T19:00:00Z = Dec 31 09:00 +14).
        let daily = try Trigger.calendar(CalendarTrigger.daily(hour: 9, minute: 0)).fires(after: Instant(seconds: 1_325_102_400), in: apia, count: 3)   // 2011-12-28T20:00:00Z = Dec 28 10:00 -10
        #expect(daily.map(\.local.description) == ["2011-12-29T09:00:00", "2011-12-31T09:00:00", "2012-01-01T09:00:00"])
        #expect(Self.foundation("Pacific/Apia", after: 1_325_185_200, DateComponents(hour: 9, minute: 0)) == 1_325_271_600)
    }

    /// `{day: 31}` with `nextTime` after April 1 gives May 1 00:00 (DESIGN.md; iOS does the same).
    @Test func day31InApril() throws {
        let utc = try Self.rules("Etc/UTC")
        let after = Instant(seconds: 1_775_001_600)                    // 2026-04-01T00:00:00Z
        let fires = try Trigger.calendar(CalendarTrigger(components: CalendarComponents(day: 31))).fires(after: after, in: utc, count: 3)
        #expect(fires.map(\.instant.utcString) == ["2026-05-01T00:00:00Z", "2026-05-31T00:00:00Z", "2026-07-01T00:00:00Z"])
        #expect(fires.map(\.adjustment) == [.missingDayNextTime, .exact, .missingDayNextTime])
        #expect(Self.foundation("UTC", after: after.seconds, DateComponents(day: 31)) == 1_777_593_600)   // 2026-05-01
        let strict = try CalendarTrigger(components: CalendarComponents(day: 31), matchingPolicy: .strict).nextFire(after: after, in: utc)
        #expect(strict?.instant.utcString == "2026-05-31T00:00:00Z")
    }

    /// Impossible triggers answer "never" quickly; invalid ones are errors.
    @Test func impossibleAndInvalid() throws {
        let utc = try Self.rules("Etc/UTC")
        let start = ContinuousClock.now
        #expect(try CalendarTrigger(components: CalendarComponents(month: 2, day: 30), matchingPolicy: .strict).nextFire(after: Instant(seconds: 0), in: utc) == nil)
        #expect(try CalendarTrigger(components: CalendarComponents(weekday: 2, weekdayOrdinal: 7)).nextFire(after: Instant(seconds: 0), in: utc) == nil)
        #expect(try CalendarTrigger(components: CalendarComponents(year: 2027, month: 2, day: 29), matchingPolicy: .strict).nextFire(after: Instant(seconds: 0), in: utc) == nil)
        #expect(ContinuousClock.now - start < .seconds(5), "impossible triggers must not search for long")
        #expect(throws: TriggerError.self) { try CalendarTrigger(components: CalendarComponents(month: 13)) }
        #expect(throws: TriggerError.self) { try CalendarTrigger(components: CalendarComponents(weekday: 8)) }
        #expect(throws: TriggerError.noComponents) { try CalendarTrigger(components: CalendarComponents()) }
        // Foundation agrees that Feb 30 never matches strictly.
        #expect(Self.foundation("UTC", after: 0, DateComponents(month: 2, day: 30), .strict) == nil)
    }

    /// Apple semantics: gap policy `skip` marks the next fire `gapSkipped` only when the skipped
    /// wall time lies after the start. New York 2026-03-08: 02:30 does not exist (02:00 EST -> 03:00 EDT at
    /// 07:00:00Z). `{minute: 30}` from 01:40 EST (06:40:00Z): 02:30 is skipped, 03:30 EDT =
    /// 07:30:00Z says so; from 04:05 EDT (08:05:00Z) the gap is behind the start: 04:30 EDT =
    /// 08:30:00Z is `exact` (the walk begins an hour or two behind the start, where it once met
    /// the gap and said `gapSkipped`).
    @Test func skipMarksOnlyAGapAfterTheStart() throws {
        let ny = try Self.rules("America/New_York")
        let trigger = try CalendarTrigger(components: CalendarComponents(minute: 30), gapPolicy: .skip, semantics: .apple)
        let before = try #require(try trigger.nextFire(after: Instant(seconds: 1_772_952_000), in: ny))
        #expect(before.instant == Instant(seconds: 1_772_955_000) && before.adjustment == .gapSkipped)
        let after = try #require(try trigger.nextFire(after: Instant(seconds: 1_772_957_100), in: ny))
        #expect(after.instant == Instant(seconds: 1_772_958_600) && after.adjustment == .exact)
    }
}
