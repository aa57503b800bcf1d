import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

@Suite struct WeekRulesTests {
    /// CLDR: Germany counts ISO weeks (Monday, 4 days); the US starts weeks on Sunday with 1 day.
    @Test func localeRulesComeFromICU() throws {
        #expect(try WeekRules(locale: "de_DE") == .iso8601)
        #expect(try WeekRules(locale: "en_US") == .gregorian)
        #expect(throws: TriggerError.self) { try WeekRules(locale: "xx_NOPE") }
    }

    /// Week 1 of 2027: ISO — the week holding Jan 4, Monday 2027-01-04; US — the week holding
    /// Jan 1 (a Friday), Sunday 2026-12-27. Foundation with the same rules agrees.
    @Test func weekOfYearFollowsTheRules() throws {
        let utc = try Fixtures.tzifDatabase.rules(for: "Etc/UTC")
        let after = try ISO8601Format.parseInstant("2026-12-20T00:00:00Z")
        for (rules, expected) in [(WeekRules.iso8601, "2027-01-04T09:00:00Z"), (.gregorian, "2026-12-27T09:00:00Z")] {
            let trigger = try CalendarTrigger(components: CalendarComponents(hour: 9, weekOfYear: 1), weekRules: rules)
            #expect(try trigger.nextFire(after: after, in: utc)?.instant.utcString == expected)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            calendar.firstWeekday = rules.firstWeekday
            calendar.minimumDaysInFirstWeek = rules.minimumDaysInFirstWeek
            let foundation = calendar.nextDate(after: Date(timeIntervalSince1970: Double(after.seconds)),
                                               matching: DateComponents(hour: 9, weekOfYear: 1), matchingPolicy: .nextTime)
            #expect(foundation.map { Int64($0.timeIntervalSince1970) } == (try ISO8601Format.parseInstant(expected)).seconds)
        }
    }

    /// ICU's week numbering at year edges (hand-checked against ISO 8601: 2026-12-31 is a Thursday,
    /// so it is in ISO week 53 of 2026; 2027-01-01 (Friday) is also in week 53 of 2026).
    @Test func isoWeekNumbersAtYearEdges() {
        func week(_ y: Int64, _ m: Int64, _ d: Int64) -> (Int, Int) {
            let f = DateFields(dayNumber: CivilArithmetic.daysFromCivil(year: y, month: m, day: d))
            let w = f.weekOfYear(.iso8601)
            return (w.week, w.yearForWeek)
        }
        #expect(week(2026, 12, 31) == (53, 2026))
        #expect(week(2027, 1, 1) == (53, 2026))
        #expect(week(2027, 1, 4) == (1, 2027))
        #expect(week(2024, 12, 30) == (1, 2025))   // Monday of the week holding Thursday 2025-01-02
    }
}
