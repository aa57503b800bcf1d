import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import ChimeReference

/// Foundation bugs Chime deliberately does not copy (docs/apple-semantics.md §4). Each test shows
/// Foundation's answer on this machine and Chime's, with the reasoning for the correct one.
@Suite struct FoundationDivergenceTests {
    static func foundation(_ zone: String, after seconds: Int64, _ c: DateComponents, _ policy: Calendar.MatchingPolicy = .nextTime,
                           _ repeated: Calendar.RepeatedTimePolicy = .first, _ direction: Calendar.SearchDirection = .forward) -> Int64? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar.nextDate(after: Date(timeIntervalSince1970: Double(seconds)), matching: c, matchingPolicy: policy,
                                 repeatedTimePolicy: repeated, direction: direction).map { Int64($0.timeIntervalSince1970) }
    }

    static func chime(_ zone: String, after seconds: Int64, _ c: CalendarComponents, _ policy: MatchingPolicy = .nextTime,
                      _ repeated: RepeatedTimePolicy = .first, _ direction: SearchDirection = .forward) throws -> Int64? {
        let trigger = try CalendarTrigger(components: c, matchingPolicy: policy, repeatedTimePolicy: repeated, direction: direction)
        return try trigger.nextFire(after: Instant(seconds: seconds), in: try Fixtures.tzifDatabase.rules(for: zone))?.instant.seconds
    }

    /// Searching backward for the 2nd Friday from 2022-03-15 (NY): March 2022's Fridays are the
    /// 4th and 11th, so the answer is 2022-03-11 00:00 EST = 05:00:00Z. Foundation gives nil.
    @Test func foundationBackwardOrdinalReturnsNil() throws {
        let start: Int64 = 1_647_333_413                                  // 2022-03-15T08:36:53Z
        #expect(Self.foundation("America/New_York", after: start, DateComponents(weekday: 6, weekdayOrdinal: 2), .nextTime, .first, .backward) == nil)
        #expect(try Self.chime("America/New_York", after: start, CalendarComponents(weekday: 6, weekdayOrdinal: 2), .nextTime, .first, .backward)
                == 1_646_974_800)                                         // 2022-03-11T05:00:00Z
    }

    /// Backward `{month: 3}` from 2024-11-03: the latest "March" start is 2024-03-01 00:00 EST =
    /// 05:00:00Z. Foundation lands mid-month (2024-03-03T04:00:00Z = Mar 2 23:00 EST, not even March 3).
    @Test func foundationBackwardMonthMisanchors() throws {
        let start: Int64 = 1_730_653_854                                  // 2024-11-03T17:10:54Z
        #expect(Self.foundation("America/New_York", after: start, DateComponents(month: 3), .nextTime, .first, .backward) == 1_709_438_400)
        #expect(try Self.chime("America/New_York", after: start, CalendarComponents(month: 3), .nextTime, .first, .backward) == 1_709_269_200)
    }

    /// Lord Howe's 30-minute fall-back (02:00 +11 -> 01:30 +10:30 at 2022-04-02T15:00:00Z): 01:30
    /// happens at 14:30:00Z (+11) and 15:00:00Z (+10:30). `.last` must be 15:00:00Z; Foundation,
    /// which assumes hour-long transitions, gives the first one.
    @Test func foundationHalfHourTransitions() throws {
        let start: Int64 = 1_648_855_105                                  // 2022-04-01T23:18:25Z
        #expect(Self.foundation("Australia/Lord_Howe", after: start, DateComponents(hour: 1, minute: 30), .nextTime, .last) == 1_648_909_800)
        #expect(try Self.chime("Australia/Lord_Howe", after: start, CalendarComponents(hour: 1, minute: 30), .nextTime, .last) == 1_648_911_600)

        // Pyongyang went from +09:00 to +08:30 at 2015-08-14T15:00:00Z (00:00 -> 23:30): the
        // latest 23:00:00 before 15:00:01Z is 23:00 +09:00 = 14:00:00Z. Foundation answers
        // 14:30:00Z, which reads 23:30 — not `{hour: 23}` (minute 0) at all.
        let pyongyang: Int64 = 1_439_564_401                              // 2015-08-14T15:00:01Z
        #expect(Self.foundation("Asia/Pyongyang", after: pyongyang, DateComponents(hour: 23), .nextTime, .first, .backward) == 1_439_562_600)
        #expect(try Self.chime("Asia/Pyongyang", after: pyongyang, CalendarComponents(hour: 23), .nextTime, .first, .backward) == 1_439_560_800)
    }

    /// Gaps Foundation's hour walk does not see. Nuuk springs forward at 01:00 UTC, from 22:59:59
    /// -02 to 00:00 -01 (2026-03-29T01:00:00Z), so Saturday 2026-03-28 has no 23:30: `nextTime`
    /// asks for the next existing time, 00:00 -01 = 01:00:00Z. Foundation skips to Sunday's 23:30
    /// -01 = 2026-03-30T00:30:00Z. Hong Kong moved from 03:30 to 04:30 on 1975-04-20
    /// (19:30:00Z): for 03:45 `nextTime` is 04:30 HKST = 19:30:00Z; Foundation answers 20:00:00Z,
    /// 05:00 HKST, which is neither. Casey jumped from 04:00 to 07:00 on 2018-10-07 (20:00:00Z):
    /// `{hour: 5}` → 07:00 +11 = 20:00:00Z; Foundation drops the day (2018-10-07T18:00:00Z).
    @Test func foundationUndetectedGaps() throws {
        let nuuk: Int64 = 1_774_699_200                                   // 2026-03-28T12:00:00Z
        #expect(Self.foundation("America/Nuuk", after: nuuk, DateComponents(hour: 23, minute: 30)) == 1_774_830_600)
        #expect(try Self.chime("America/Nuuk", after: nuuk, CalendarComponents(hour: 23, minute: 30)) == 1_774_746_000)
        let hongKong: Int64 = 167_140_800                                 // 1975-04-19T12:00:00Z
        #expect(Self.foundation("Asia/Hong_Kong", after: hongKong, DateComponents(hour: 3, minute: 45)) == 167_169_600)
        #expect(try Self.chime("Asia/Hong_Kong", after: hongKong, CalendarComponents(hour: 3, minute: 45)) == 167_167_800)
        let casey: Int64 = 1_538_784_000                                  // 2018-10-06T00:00:00Z
        #expect(Self.foundation("Antarctica/Casey", after: casey, DateComponents(hour: 5)) == 1_538_935_200)
        #expect(try Self.chime("Antarctica/Casey", after: casey, CalendarComponents(hour: 5)) == 1_538_856_000)

        // From the very end of a gap Foundation sees, a skipped wall time is behind the start and
        // the answer is the next day: New York `{hour: 2, minute: 30}` from 03:00 EDT on 2026-03-08
        // (07:00:00Z) is 2026-03-09T06:30:00Z. From the end of Hong Kong's unseen gap (04:30 HKST,
        // 1975-04-19T19:30:00Z) Foundation answers 04:30 for `{hour: 4}` the same day — 05:00 HKST,
        // 20:00:00Z; Chime, as for New York, the next day's 04:00 HKST = 1975-04-20T19:00:00Z.
        #expect(Self.foundation("America/New_York", after: 1_772_953_200, DateComponents(hour: 2, minute: 30), .nextTimePreservingSmallerComponents) == 1_773_037_800)
        #expect(Self.foundation("Asia/Hong_Kong", after: 167_167_800, DateComponents(hour: 4)) == 167_169_600)
        #expect(try Self.chime("Asia/Hong_Kong", after: 167_167_800, CalendarComponents(hour: 4)) == 167_252_400)

        // Thimphu moved from 00:00 +05:30 to 00:30 +06 on 1987-10-01. `{day: 31}` with
        // nextTimePreservingSmallerComponents from Sep 30 00:35:54 +05:30: September has no 31st,
        // so its stand-in is October 1st at the start's 00:35:54 — after the gap, a real instant
        // (18:35:54Z). Foundation drops it and answers Oct 31 00:00 +06.
        let thimphu: Int64 = 559_940_754                                  // 1987-09-29T19:05:54Z
        #expect(Self.foundation("Asia/Thimphu", after: thimphu, DateComponents(day: 31), .nextTimePreservingSmallerComponents) == 562_615_200)
        #expect(try Self.chime("Asia/Thimphu", after: thimphu, CalendarComponents(day: 31), .nextTimePreservingSmallerComponents) == 560_025_354)
    }

    /// Overlaps that are not one hour on the hour. Troll falls back two hours at
    /// 2026-10-25T01:00:00Z (03:00 +02 -> 01:00 +00), so 01:30 comes at 23:30:00Z (+02) and again
    /// at 01:30:00Z (+00); `.last` is the second. Foundation gives the first. Casey fell back three
    /// hours at 2023-03-08T16:00:00Z (03:00 +11 -> 00:00 +08): 01:00 is at 14:00:00Z and 17:00:00Z;
    /// Foundation's `.last` is again the first.
    @Test func foundationUnseenOverlaps() throws {
        let troll: Int64 = 1_792_843_200                                  // 2026-10-24T12:00:00Z
        #expect(Self.foundation("Antarctica/Troll", after: troll, DateComponents(hour: 1, minute: 30), .nextTime, .last) == 1_792_884_600)
        #expect(try Self.chime("Antarctica/Troll", after: troll, CalendarComponents(hour: 1, minute: 30), .nextTime, .last) == 1_792_891_800)
        let casey: Int64 = 1_678_276_800                                  // 2023-03-08T12:00:00Z
        #expect(Self.foundation("Antarctica/Casey", after: casey, DateComponents(hour: 1), .nextTime, .last) == 1_678_284_000)
        #expect(try Self.chime("Antarctica/Casey", after: casey, CalendarComponents(hour: 1), .nextTime, .last) == 1_678_294_800)

        // Lord Howe's half-hour fall-back (02:00 +11 -> 01:30 +10:30 at 2026-04-04T15:00:00Z): 01:45
        // is at 14:45:00Z and 15:15:00Z. Backward from the second with `.first`, the pass met first
        // going back is the start itself, so — as Foundation does for New York's one-hour overlap —
        // the answer is the day before, 2026-04-03T14:45:00Z. Foundation answers the earlier pass.
        let lordHowe: Int64 = 1_775_315_700                               // 2026-04-04T15:15:00Z
        #expect(Self.foundation("Australia/Lord_Howe", after: lordHowe, DateComponents(hour: 1, minute: 45), .nextTime, .first, .backward) == 1_775_313_900)
        #expect(try Self.chime("Australia/Lord_Howe", after: lordHowe, CalendarComponents(hour: 1, minute: 45), .nextTime, .first, .backward) == 1_775_227_500)
        let newYork: Int64 = 1_793_514_600                                // 2026-11-01T06:30:00Z, 01:30 EST
        #expect(Self.foundation("America/New_York", after: newYork, DateComponents(hour: 1, minute: 30), .nextTime, .first, .backward) == 1_793_424_600)

        // Bahia fell back at midnight on 1996-02-11 (00:00 -02 -> 23:00 -03 at 02:00:00Z), so 23:00:02
        // came at 01:00:02Z and 02:00:02Z. Backward from 02:00:01Z, the later pass is ahead of the
        // start and — as in New York, where from 01:00 EST Foundation answers the earlier 01:30 —
        // the earlier one is the answer. Foundation passes over both and answers the day before.
        let bahia: Int64 = 824_004_001                                    // 1996-02-11T02:00:01Z
        #expect(Self.foundation("America/Bahia", after: bahia, DateComponents(hour: 23, minute: 0, second: 2), .nextTime, .first, .backward) == 823_914_002)
        #expect(try Self.chime("America/Bahia", after: bahia, CalendarComponents(hour: 23, minute: 0, second: 2), .nextTime, .first, .backward) == 824_000_402)
        #expect(Self.foundation("America/New_York", after: 1_793_512_800, DateComponents(hour: 1, minute: 30), .nextTime, .first, .backward) == 1_793_511_000)
    }

    /// Sao Paulo skipped midnight on 2018-11-04 (00:00 -03 -> 01:00 -02 at 03:00:00Z), so that
    /// day begins at 01:00 -02 = 03:00:00Z: Foundation's answer for `{day: 4}` searched backward
    /// from 2018-11-10. With the month given it passes the day over and answers a year earlier,
    /// 2017-11-04 00:00 -02 = 02:00:00Z, under `nextTime` and `strict` alike. Forward, Havana's
    /// Sunday 2026-03-08 (00:00 CST -> 01:00 CDT) begins the second week of March at 05:00:00Z;
    /// `{month: 3, weekOfMonth: 2}` from Saturday gives 2027-03-07.
    @Test func foundationSkipsDayWithoutMidnight() throws {
        let start: Int64 = 1_543_665_600                                  // 2018-12-01T12:00:00Z
        for policy in [Calendar.MatchingPolicy.nextTime, .strict] {
            #expect(Self.foundation("America/Sao_Paulo", after: start, DateComponents(month: 11, day: 4), policy, .first, .backward) == 1_509_760_800)
        }
        #expect(Self.foundation("America/Sao_Paulo", after: 1_541_851_200, DateComponents(day: 4), .nextTime, .first, .backward) == 1_541_300_400)
        for policy in [MatchingPolicy.nextTime, .strict] {
            #expect(try Self.chime("America/Sao_Paulo", after: start, CalendarComponents(month: 11, day: 4), policy, .first, .backward) == 1_541_300_400)
        }
        let havana: Int64 = 1_772_884_800                                 // 2026-03-07T12:00:00Z
        #expect(Self.foundation("America/Havana", after: havana, DateComponents(month: 3, weekOfMonth: 2), .strict) == 1_804_395_600)
        #expect(try Self.chime("America/Havana", after: havana, CalendarComponents(month: 3, weekOfMonth: 2), .strict) == 1_772_946_000)
    }

    /// October 2026 begins on a Thursday, so with weeks from Sunday its first week is Oct 1–3.
    /// `{month: 10, weekOfMonth: 1}` is that week's first day within the month, 2026-10-01 00:00 —
    /// Foundation's own answer searching forward. Searching backward from 2027-09-29 it answers
    /// Saturday 2026-10-03 00:00, the week's last day.
    @Test func foundationBackwardWeekLandsOnWeekEnd() throws {
        let start: Int64 = 1_822_225_366                                  // 2027-09-29T13:42:46Z
        var pattern = DateComponents(month: 10)
        pattern.weekOfMonth = 1
        #expect(Self.foundation("UTC", after: start, pattern, .strict, .first, .backward) == 1_790_985_600)
        #expect(Self.foundation("UTC", after: 1_790_000_000, pattern, .strict) == 1_790_812_800)    // forward from 2026-09-22T14:13:20Z
        #expect(try Self.chime("UTC", after: start, CalendarComponents(month: 10, weekOfMonth: 1), .strict, .first, .backward) == 1_790_812_800)
    }

    /// The nearest instant after `c`'s start (before it, backward) up to `limit` that Foundation's
    /// own `dateComponents` reads as matching the case (`FoundationDivergence.isMatch`), trying
    /// every multiple of `step` seconds (UTC; in these zones whole minutes and hours are local
    /// ones too, so with the smaller fields pinned to 0 every candidate is visited).
    static func nearestMatchBySweep(_ c: FoundationCase, through limit: Int64, step: Int64 = 60) -> Int64? {
        let sign: Int64 = c.direction == "backward" ? -1 : 1
        let below = CivilArithmetic.floorDivMod(c.startSeconds, step).quotient * step       // the multiple at or before the start
        var s = sign > 0 ? below + step : (below == c.startSeconds ? below - step : below)
        while sign * (limit - s) >= 0 {
            if FoundationDivergence.isMatch(c, (s, 0)) { return s }
            s += sign * step
        }
        return nil
    }

    /// With a year given Foundation tries one candidate and then leaves the year. Europe/Berlin
    /// `{year: 2027, hour: 9}` is every day of 2027 at 09:00 (Foundation itself: after
    /// 2027-03-01T00:00:00Z it answers 03-01 09:00 CET = 08:00:00Z). Chained from that fire its
    /// candidate is the start itself (the hour truncates to 09:00), so it moves past 2027 and
    /// answers nil. The next match is 2027-03-02 09:00 CET (+01:00 until 03-28) = 08:00:00Z: its
    /// fields read year 2027, hour 9, minute and second 0, and a minute-by-minute sweep of the day
    /// between finds nothing nearer. Likewise UTC `{year: 2019, hour: 12, minute: 12, second: 12}`
    /// strict backward, chained from 2019-12-31T12:12:12Z (Foundation's own answer before 2020):
    /// Foundation nil, the day before's 12:12:12 is the match; and `{year: 2027, day: 30}` strict
    /// after 2027-01-31 10:20:30 (February has no 30th, no stand-in under strict): Foundation nil,
    /// March 30th 00:00 the match.
    @Test func foundationFixedYearStopsAfterOneCandidate() throws {
        var berlin = FoundationCase(zone: "Europe/Berlin", startSeconds: 1_803_888_000)       // 2027-03-01T08:00:00Z
        berlin.year = 2027; berlin.hour = 9
        #expect(Self.foundation("Europe/Berlin", after: 1_803_859_200, DateComponents(year: 2027, hour: 9)) == 1_803_888_000)
        #expect(Self.foundation("Europe/Berlin", after: 1_803_888_000, DateComponents(year: 2027, hour: 9)) == nil)
        let next = try Self.chime("Europe/Berlin", after: 1_803_888_000, CalendarComponents(year: 2027, hour: 9))
        #expect(next == 1_803_974_400)                                                         // 2027-03-02T08:00:00Z
        #expect(FoundationDivergence.isMatch(berlin, (1_803_974_400, 0)))
        #expect(Self.nearestMatchBySweep(berlin, through: 1_803_974_400) == 1_803_974_400)

        var utc = FoundationCase(zone: "UTC", startSeconds: 1_577_794_332)                      // 2019-12-31T12:12:12Z
        utc.year = 2019; utc.hour = 12; utc.minute = 12; utc.second = 12; utc.direction = "backward"; utc.matchingPolicy = "strict"
        let pattern = DateComponents(year: 2019, hour: 12, minute: 12, second: 12)
        #expect(Self.foundation("UTC", after: 1_577_794_332, pattern, .strict, .first, .backward) == nil)
        #expect(try Self.chime("UTC", after: 1_577_794_332, CalendarComponents(year: 2019, hour: 12, minute: 12, second: 12), .strict, .first, .backward)
                == 1_577_707_932)                                                              // 2019-12-30T12:12:12Z
        #expect(Self.nearestMatchBySweep(utc, through: 1_577_707_932, step: 1) == 1_577_707_932)

        var march = FoundationCase(zone: "UTC", startSeconds: 1_801_390_830)                   // 2027-01-31T10:20:30Z
        march.year = 2027; march.day = 30; march.matchingPolicy = "strict"
        #expect(Self.foundation("UTC", after: 1_801_390_830, DateComponents(year: 2027, day: 30), .strict) == nil)
        #expect(try Self.chime("UTC", after: 1_801_390_830, CalendarComponents(year: 2027, day: 30), .strict) == 1_806_364_800)   // 2027-03-30T00:00:00Z
        #expect(Self.nearestMatchBySweep(march, through: 1_806_364_800, step: 3600) == 1_806_364_800)
    }

    /// `{year: 2027, month: 2, day: 30}` (UTC) with nextTime: February 2027 has no 30th, so its
    /// stand-in is 2027-03-01 00:00 — Foundation's answer too. Chained from there Foundation
    /// answers 2028-03-01 00:00, then 2029-03-01: instants its own calendar reads as 2028 and 2029,
    /// no match of a 2027 pattern and no stand-in for one. Chime: no more fires (2027 has no
    /// other February).
    @Test func foundationYearPatternAnswersOutsideYear() throws {
        let start: Int64 = 1_803_859_200                                  // 2027-03-01T00:00:00Z
        #expect(Self.foundation("UTC", after: 1_801_390_830, DateComponents(year: 2027, month: 2, day: 30)) == start)
        #expect(Self.foundation("UTC", after: start, DateComponents(year: 2027, month: 2, day: 30)) == 1_835_481_600)   // 2028-03-01T00:00:00Z
        #expect(try Self.chime("UTC", after: 1_801_390_830, CalendarComponents(year: 2027, month: 2, day: 30)) == start)
        #expect(try Self.chime("UTC", after: start, CalendarComponents(year: 2027, month: 2, day: 30)) == nil)
    }

    /// `{year: 2000, month: 1, day: 3}` searched from 2000-01-18 can never match again; Foundation
    /// answers 2000-01-31T21:00:00Z (Feb 1 00:00 in Khartoum) — its missing-day stand-in, though
    /// January 3rd exists. Backward from 2026-03-27, `{year: 2025, month: 9, day: 13}` in Amsterdam
    /// is Sep 13 00:00 CEST = 2025-09-12T22:00:00Z; Foundation answers Oct 1 00:00 CEST.
    @Test func foundationYearPatternInventsMissingDay() throws {
        let start: Int64 = 948_189_600                                    // 2000-01-18T10:00:00Z
        #expect(Self.foundation("Africa/Khartoum", after: start, DateComponents(year: 2000, month: 1, day: 3)) == 949_352_400)
        #expect(try Self.chime("Africa/Khartoum", after: start, CalendarComponents(year: 2000, month: 1, day: 3)) == nil)

        let spring: Int64 = 1_774_612_800                                 // 2026-03-27T12:00:00Z
        #expect(Self.foundation("Europe/Amsterdam", after: spring, DateComponents(year: 2025, month: 9, day: 13), .nextTime, .first, .backward) == 1_759_269_600)
        #expect(try Self.chime("Europe/Amsterdam", after: spring, CalendarComponents(year: 2025, month: 9, day: 13), .nextTime, .first, .backward) == 1_757_714_400)

        // 2000-02-28 was a Monday, so `{year: 2000, month: 2, day: 28, weekday: 4, hour: 4,
        // minute: 52}` never matches; Foundation answers Wednesday 2000-03-01 00:00 CST
        // (America/Matamoros) = 2000-03-01T06:00:00Z.
        var never = DateComponents(year: 2000, month: 2, day: 28, hour: 4, minute: 52)
        never.weekday = 4
        #expect(Self.foundation("America/Matamoros", after: 852_260_859, never) == 951_890_400)          // after 1997-01-03T03:07:39Z
        #expect(try Self.chime("America/Matamoros", after: 852_260_859, CalendarComponents(year: 2000, month: 2, day: 28, hour: 4, minute: 52, weekday: 4)) == nil)
    }

    /// The 2nd Monday after 2026-02-10 (UTC): February's was the 9th, March's is 2026-03-09
    /// (March 1 is a Sunday, so Mondays fall on 2, 9, …) = 1_773_014_400. Foundation answers
    /// March 1 00:00, a Sunday and the first day of no ordinal week of Mondays — not a match.
    @Test func foundationFebruaryOrdinalReturnsMarchFirst() throws {
        let start: Int64 = 1_770_717_600                                  // 2026-02-10T10:00:00Z
        #expect(Self.foundation("UTC", after: start, DateComponents(weekday: 2, weekdayOrdinal: 2)) == 1_772_323_200)
        #expect(try Self.chime("UTC", after: start, CalendarComponents(weekday: 2, weekdayOrdinal: 2)) == 1_773_014_400)
    }

    /// Wednesday of week 3 before 2073-11-06 01:33 (+12:00, Etc/GMT-12), weeks from Sunday: November
    /// 2073 starts on a Wednesday, so its week 3 is Nov 12–18 (ahead of the start); October starts
    /// on a Sunday, week 3 is Oct 15–21 and its Wednesday Oct 18 00:00 +12 = 2073-10-17T12:00:00Z.
    /// Foundation skips back to 2071-02-18.
    @Test func foundationWeekSearchSkipsMatch() throws {
        let start: Int64 = 3_277_114_433                                  // 2073-11-05T13:33:53Z
        let pattern = DateComponents(weekday: 4, weekOfMonth: 3)
        #expect(Self.foundation("Etc/GMT-12", after: start, pattern, .strict, .first, .backward) == 3_191_400_000)
        #expect(try Self.chime("Etc/GMT-12", after: start, CalendarComponents(weekday: 4, weekOfMonth: 3), .strict, .first, .backward)
                == 3_275_467_200)
    }

    /// `{minute: 59, second: 35, nanosecond: 86213417}` backward from 2126-01-02T16:03:01Z in
    /// Etc/GMT+1 (local 15:03:01): the latest xx:59:35.086213417 before it is 14:59:35 local =
    /// 15:59:35.086213417Z. Foundation, whose Date is a Double, answers 16:58:35.0862Z — after the
    /// start it searches backward from, and at minute 58.
    @Test func foundationNanosecondRounding() throws {
        let start: Int64 = 4_923_043_381                                  // 2126-01-02T16:03:01Z
        var pattern = DateComponents(minute: 59, second: 35)
        pattern.nanosecond = 86_213_417
        #expect(Self.foundation("Etc/GMT+1", after: start, pattern, .nextTime, .last, .backward) == 4_923_046_715)
        let trigger = try CalendarTrigger(components: CalendarComponents(minute: 59, second: 35, nanosecond: 86_213_417),
                                          repeatedTimePolicy: .last, direction: .backward)
        let fire = try trigger.nextFire(after: Instant(seconds: start), in: try Fixtures.tzifDatabase.rules(for: "Etc/GMT+1"))
        #expect(fire?.instant == Instant(seconds: 4_923_043_175, nanoseconds: 86_213_417))   // 15:59:35.086213417Z
    }

    /// Africa/Monrovia kept -00:44:30 until 1972. `{hour: 9, minute: 15}` after 1960-06-01T12:00Z is
    /// 09:15:00 local on June 2 = 09:59:30Z. Foundation aligns minutes to UTC and fires at 10:00:00Z,
    /// which is 09:15:30 on the wall clock.
    @Test func foundationSubMinuteOffsets() throws {
        let start: Int64 = -302_443_200                                   // 1960-06-01T12:00:00Z
        #expect(Self.foundation("Africa/Monrovia", after: start, DateComponents(hour: 9, minute: 15)) == -302_364_000)
        #expect(try Self.chime("Africa/Monrovia", after: start, CalendarComponents(hour: 9, minute: 15)) == -302_364_030)
    }

    /// `{day: 31}` backward with `previousTimePreservingSmallerComponents` from 2046-10-29 03:14:35
    /// GMT: September has no 31st, so the stand-in is its last day at the start's wall time,
    /// 2046-09-30 03:14:35 BST = 02:14:35Z. Foundation passes over 76 years of Septembers to 1970.
    @Test func foundationBackwardMissingDaySkipsMonths() throws {
        let start: Int64 = 2_424_395_675                                  // 2046-10-29T03:14:35Z
        #expect(Self.foundation("Europe/London", after: start, DateComponents(day: 31), .previousTimePreservingSmallerComponents,
                                .last, .backward) == 23_508_875)          // 1970-09-30T02:14:35Z
        #expect(try Self.chime("Europe/London", after: start, CalendarComponents(day: 31), .previousTimePreservingSmallerComponents,
                               .last, .backward) == 2_421_886_475)
    }

    /// `{weekday: 7}` backward from Saturday 2026-03-14 10:00 UTC: the start's own day is passed
    /// over (as Foundation does for every date-only pattern), so the answer is the previous
    /// Saturday's start, 2026-03-07T00:00:00Z. Foundation answers 23:59:59 that Saturday — the
    /// second before its week boundary — which is not "Saturday at 00:00:00", its own reading of
    /// `{weekday: 7}` in every forward search.
    @Test func foundationBackwardLandsOnDayEnd() throws {
        let start: Int64 = 1_773_482_400                                  // 2026-03-14T10:00:00Z, a Saturday
        #expect(Self.foundation("UTC", after: start, DateComponents(weekday: 7), .nextTime, .first, .backward) == 1_772_927_999)
        #expect(try Self.chime("UTC", after: start, CalendarComponents(weekday: 7), .nextTime, .first, .backward) == 1_772_841_600)

        // The day before New York's 23-hour day: `{dayOfYear: 66}` (2026-03-07) backward from
        // 03-20 is Mar 7 00:00 EST = 05:00:00Z. Foundation answers Mar 7 23:00 EST (04:00:00Z on
        // the 8th), an hour short of the day's end and not its start.
        let spring: Int64 = 1_774_008_000                                 // 2026-03-20T12:00:00Z
        var dayOfYear66 = DateComponents()
        dayOfYear66.dayOfYear = 66
        #expect(Self.foundation("America/New_York", after: spring, dayOfYear66, .nextTime, .first, .backward) == 1_772_942_400)
        #expect(try Self.chime("America/New_York", after: spring, CalendarComponents(dayOfYear: 66), .nextTime, .first, .backward) == 1_772_859_600)
    }

    /// `{day: 30}` backward from 2009-10-25T21:30:53Z in Europe/Samara (Oct 26 01:30 +04:00): the
    /// latest 30th is 2009-09-30 00:00 +05:00 (summer time) = 2009-09-29T19:00:00Z. Foundation
    /// answers 1995-09-30 00:00 +04:00, fourteen years of 30ths earlier.
    @Test func foundationBackwardDaySearchSkipsMatch() throws {
        let start: Int64 = 1_256_506_253                                  // 2009-10-25T21:30:53Z
        #expect(Self.foundation("Europe/Samara", after: start, DateComponents(day: 30), .previousTimePreservingSmallerComponents,
                                .first, .backward) == 812_404_800)       // 1995-09-29T20:00:00Z
        #expect(try Self.chime("Europe/Samara", after: start, CalendarComponents(day: 30), .previousTimePreservingSmallerComponents,
                               .first, .backward) == 1_254_250_800)
    }

    /// `{minute: 0, second: 37}` backward from 2098-11-02T09:38:10Z in America/Glace_Bay (05:38:10
    /// ADT, hours after that year's fall-back): 05:00:37 ADT = 09:00:37Z matches, 33 minutes before
    /// the start. Foundation answers nil, "no such date".
    @Test func foundationReturnsNilDespiteMatch() throws {
        let start: Int64 = 4_065_759_490                                  // 2098-11-02T09:38:10Z
        #expect(Self.foundation("America/Glace_Bay", after: start, DateComponents(minute: 0, second: 37), .strict, .first, .backward) == nil)
        #expect(try Self.chime("America/Glace_Bay", after: start, CalendarComponents(minute: 0, second: 37), .strict, .first, .backward)
                == 4_065_757_237)
    }
}
