import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import ChimeReference

/// Patterns with a fixed year and other fields free (docs/apple-semantics.md, "Fixed year"): the
/// year pins no month or day, so `{year: Y, hour: H}` is every day of Y at H. Each case asserts
/// Foundation's answer on this machine and Chime's, literally.
@Suite struct FixedYearTests {
    typealias F = FoundationDivergenceTests

    /// Europe/Berlin `{year: 2027, hour: 9}` after 2027-03-01T00:00:00Z (01:00 CET): 09:00 CET that
    /// day = 2027-03-01T08:00:00Z. (Chime used to pin the free month and day to 1 — January 1st
    /// only — and answered no fire.)
    @Test func yearWithHourFiresEveryDayOfTheYear() throws {
        let start: Int64 = 1_803_859_200                                  // 2027-03-01T00:00:00Z
        #expect(F.foundation("Europe/Berlin", after: start, DateComponents(year: 2027, hour: 9)) == 1_803_888_000)
        #expect(try F.chime("Europe/Berlin", after: start, CalendarComponents(year: 2027, hour: 9)) == 1_803_888_000)   // 2027-03-01T08:00:00Z
    }

    /// UTC `{year: 2019, hour: 12, minute: 12, second: 12}`, strict, backward before
    /// 2020-01-01T00:00:00Z: the year's last day at 12:12:12 = 2019-12-31T12:12:12Z (Chime used to
    /// answer January 1st's). Forward after 2019-06-15T00:00:00Z: that day's 2019-06-15T12:12:12Z
    /// (Chime used to answer nil).
    @Test func yearWithTimeFiresOnTheNearestDay() throws {
        let pattern = DateComponents(year: 2019, hour: 12, minute: 12, second: 12)
        let components = CalendarComponents(year: 2019, hour: 12, minute: 12, second: 12)
        #expect(F.foundation("UTC", after: 1_577_836_800, pattern, .strict, .first, .backward) == 1_577_794_332)
        #expect(try F.chime("UTC", after: 1_577_836_800, components, .strict, .first, .backward) == 1_577_794_332)   // 2019-12-31T12:12:12Z
        #expect(F.foundation("UTC", after: 1_560_556_800, pattern, .strict) == 1_560_600_732)
        #expect(try F.chime("UTC", after: 1_560_556_800, components, .strict) == 1_560_600_732)                        // 2019-06-15T12:12:12Z
    }

    /// Europe/Berlin `{yearForWeekOfYear: 2036, month: 10, hour: 3}`: the month pins the day to the
    /// 1st as a month alone does (docs/apple-semantics.md §3.11), so October 1st 03:00 CEST =
    /// 2036-10-01T01:00:00Z, and nothing after it (October 1st 2037 is in week-year 2037). Chime
    /// used to answer every day of October (the reference's apple verdict found it).
    @Test func weekYearWithMonthAndTimeIsTheMonthsFirstDay() throws {
        let pattern = DateComponents(month: 10, hour: 3, yearForWeekOfYear: 2036)
        let components = CalendarComponents(month: 10, hour: 3, yearForWeekOfYear: 2036)
        let before: Int64 = 2_106_345_600, first: Int64 = 2_106_435_600     // 2036-09-30T00:00:00Z, 2036-10-01T01:00:00Z
        #expect(F.foundation("Europe/Berlin", after: before, pattern) == first)
        #expect(try F.chime("Europe/Berlin", after: before, components) == first)
        #expect(F.foundation("Europe/Berlin", after: first, pattern) == nil)
        #expect(try F.chime("Europe/Berlin", after: first, components) == nil)
    }

    /// The rest of the rule, UTC, each Foundation's own answer: the first given field below the
    /// year (and a month given with it) sets what is pinned; alone they mean the first instant.
    @Test func yearPinsNoMonthOrDay() throws {
        func both(_ after: Int64, _ c: DateComponents, _ cc: CalendarComponents, _ policy: Calendar.MatchingPolicy = .nextTime,
                  _ direction: Calendar.SearchDirection = .forward, _ expected: Int64?, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let chimePolicy: MatchingPolicy = switch policy {
            case .nextTimePreservingSmallerComponents: .nextTimePreservingSmallerComponents
            case .previousTimePreservingSmallerComponents: .previousTimePreservingSmallerComponents
            case .strict: .strict
            default: .nextTime
            }
            let chimeDirection: SearchDirection = direction == .backward ? .backward : .forward
            #expect(F.foundation("UTC", after: after, c, policy, .first, direction) == expected, sourceLocation: sourceLocation)
            #expect(try F.chime("UTC", after: after, cc, chimePolicy, .first, chimeDirection) == expected, sourceLocation: sourceLocation)
        }
        // {year: 2027, day: 5} after 2027-03-10T10:20:30Z: 2027-04-05T00:00:00Z (monthly).
        try both(1_804_674_030, DateComponents(year: 2027, day: 5), CalendarComponents(year: 2027, day: 5), .nextTime, .forward, 1_806_883_200)
        // {year: 2027, month: 5, hour: 9} after 2027-05-05T10:20:30Z: 2027-05-06T09:00:00Z (daily in May).
        try both(1_809_512_430, DateComponents(year: 2027, month: 5, hour: 9), CalendarComponents(year: 2027, month: 5, hour: 9),
                 .nextTime, .forward, 1_809_594_000)
        // {year: 2027} after 2026-06-15T10:20:30Z: 2027-01-01T00:00:00Z; after 2027-03-05T10:20:30Z: none.
        try both(1_781_518_830, DateComponents(year: 2027), CalendarComponents(year: 2027), .nextTime, .forward, 1_798_761_600)
        try both(1_804_242_030, DateComponents(year: 2027), CalendarComponents(year: 2027), .nextTime, .forward, nil)
        // {year: 2027, month: 5} after 2027-03-05T10:20:30Z: 2027-05-01T00:00:00Z.
        try both(1_804_242_030, DateComponents(year: 2027, month: 5), CalendarComponents(year: 2027, month: 5), .nextTime, .forward, 1_809_129_600)
        // {year: 2027, day: 30} after 2027-02-10T10:20:30Z: no month is pinned, so February's
        // missing 30th has no stand-in: 2027-03-30T00:00:00Z under every policy.
        for policy: Calendar.MatchingPolicy in [.nextTime, .nextTimePreservingSmallerComponents, .previousTimePreservingSmallerComponents, .strict] {
            try both(1_802_254_830, DateComponents(year: 2027, day: 30), CalendarComponents(year: 2027, day: 30), policy, .forward, 1_806_364_800)
            // Backward before 2027-03-10T10:20:30Z: 2027-01-30T00:00:00Z, February passed over.
            try both(1_804_674_030, DateComponents(year: 2027, day: 30), CalendarComponents(year: 2027, day: 30), policy, .backward, 1_801_267_200)
        }
        // From January 31st the day search runs off February: 2027-03-01T00:00:00Z (nextTime),
        // 2027-03-01T10:20:30Z (preserving the start's time).
        try both(1_801_390_830, DateComponents(year: 2027, day: 30), CalendarComponents(year: 2027, day: 30), .nextTime, .forward, 1_803_859_200)
        try both(1_801_390_830, DateComponents(year: 2027, day: 30), CalendarComponents(year: 2027, day: 30),
                 .nextTimePreservingSmallerComponents, .forward, 1_803_896_430)
    }
}
