import Foundation
import Testing
@testable import Chime

/// Foundation bugs Chime deliberately does not copy (FoundationSemantics.md §4). Each test shows
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
        return try trigger.fire(from: Instant(seconds: seconds), in: try Fixtures.tzifDatabase.rules(for: zone))?.instant.seconds
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
    }

    /// `{year: 2000, month: 1, day: 3}` searched from 2000-01-15 can never match again; Foundation
    /// answers 2000-01-31T21:00:00Z (Feb 1 00:00 in Khartoum), which is not January 3rd at all.
    @Test func foundationYearPatternGivesUpInsideYear() throws {
        let start: Int64 = 948_189_600                                    // 2000-01-18T10:00:00Z
        #expect(Self.foundation("Africa/Khartoum", after: start, DateComponents(year: 2000, month: 1, day: 3)) == 949_352_400)
        #expect(try Self.chime("Africa/Khartoum", after: start, CalendarComponents(year: 2000, month: 1, day: 3)) == nil)
    }
}
