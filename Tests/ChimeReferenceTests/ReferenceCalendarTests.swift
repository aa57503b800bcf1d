import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeReference

/// The reference's own calendar arithmetic and week numbering, checked against Foundation's
/// Gregorian calendar (a third, independent implementation) on random dates in 1600…9999 (after
/// Foundation's Julian switchover), for all 49 week rules.
@Suite struct ReferenceCalendarTests {
    @Test func calendarAndWeekNumbersAgreeWithFoundation() {
        var rng = SplitMix64(seed: 7)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let lo = RefCal.dayNumber(1600, 1, 1), hi = RefCal.lastDay
        var mismatches: [String] = []
        for i in 0..<6000 {
            let n = i < 1000 ? RefCal.dayNumber(2020, 12, 20) + i % 40 + (i / 40) * 365 : rng.next(in: lo...hi)
            let d = RefDay(n)
            let rules = RefWeekRules(firstWeekday: rng.next(in: 1...7), minimumDaysInFirstWeek: rng.next(in: 1...7))
            calendar.firstWeekday = rules.firstWeekday
            calendar.minimumDaysInFirstWeek = rules.minimumDaysInFirstWeek
            let date = Date(timeIntervalSince1970: Double(RefCal.wallSeconds(day: n, secondOfDay: 43_200)))
            let c = calendar.dateComponents([.year, .month, .day, .weekday, .weekdayOrdinal, .weekOfMonth, .weekOfYear, .yearForWeekOfYear, .dayOfYear], from: date)
            let w = rules.weekOfYear(n, year: d.year)
            let mine = [d.year, d.month, d.day, d.weekday, (d.day - 1) / 7 + 1, rules.weekOfMonth(d), w.week, w.year, d.dayOfYear]
            let theirs = [c.year, c.month, c.day, c.weekday, c.weekdayOrdinal, c.weekOfMonth, c.weekOfYear, c.yearForWeekOfYear, c.dayOfYear].map { $0 ?? -1 }
            if mine != theirs { mismatches.append("day \(n) rules \(rules): mine \(mine) foundation \(theirs)") }
            // Incremental stepping agrees with direct conversion.
            var next = d; next.advance()
            var back = d; back.retreat()
            let direct = RefDay(n + 1), directBack = RefDay(n - 1)
            if (next.year, next.month, next.day, next.dayOfYear, next.weekday, next.dim) != (direct.year, direct.month, direct.day, direct.dayOfYear, direct.weekday, direct.dim)
                || (back.year, back.month, back.day, back.dayOfYear, back.weekday, back.dim) != (directBack.year, directBack.month, directBack.day, directBack.dayOfYear, directBack.weekday, directBack.dim) {
                mismatches.append("stepping at day \(n)")
            }
            if RefCal.dayNumber(d.year, d.month, d.day) != n { mismatches.append("round trip at \(n)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
    }

    /// A week that holds 0001-01-01 reaches back into year 0, which Foundation's Gregorian calendar
    /// does not have (it switches to Julian), so these are derived by hand: 0001-01-01 is a Monday
    /// (Python's `date(1, 1, 1).weekday() == 0`); year 0 is a leap year (divisible by 400), so it
    /// has 366 days and began on a Saturday (366 = 52 weeks + 2 days before a Monday). With weeks
    /// from Sunday and one day, week 1 of year 1 begins on Sunday 0000-12-31; with ISO 8601 rules
    /// (Monday, four days) 0000-12-31 ends year 0's week 52 (week 1 began Monday 0000-01-03, the
    /// week of the first Thursday, and 0000-12-25 is 51 weeks later).
    @Test func yearZeroAtTheCalendarsEdge() {
        #expect(RefCal.civil(-1) == (0, 12, 31) && RefCal.civil(-366) == (0, 1, 1) && RefCal.civil(0) == (1, 1, 1))
        #expect(RefCal.dayNumber(0, 12, 31) == -1 && RefCal.dayNumber(0, 1, 1) == -366 && RefCal.dayNumber(0, 2, 29) == -366 + 59)
        #expect(RefCal.weekday(0) == 2 && RefCal.weekday(-1) == 1 && RefCal.weekday(-366) == 7)
        let december31 = RefDay(-1)
        #expect(december31.dayOfYear == 366 && december31.dim == 31)
        let gregorian = RefWeekRules(firstWeekday: 1, minimumDaysInFirstWeek: 1)
        let iso = RefWeekRules(firstWeekday: 2, minimumDaysInFirstWeek: 4)
        #expect(gregorian.week1Start(1) == -1 && gregorian.weekOfYear(-1, year: 0) == (1, 1))
        #expect(iso.week1Start(1) == 0 && iso.weekOfYear(-1, year: 0) == (52, 0) && iso.week1Start(0) == -364)
        // Stepping across 0001-01-01 agrees with direct conversion.
        for n in -8...8 {
            var next = RefDay(n); next.advance()
            var back = RefDay(n); back.retreat()
            let direct = RefDay(n + 1), directBack = RefDay(n - 1)
            #expect((next.year, next.month, next.day, next.dayOfYear, next.weekday) == (direct.year, direct.month, direct.day, direct.dayOfYear, direct.weekday))
            #expect((back.year, back.month, back.day, back.dayOfYear, back.weekday) == (directBack.year, directBack.month, directBack.day, directBack.dayOfYear, directBack.weekday))
            #expect(RefCal.dayNumber(RefDay(n).year, RefDay(n).month, RefDay(n).day) == n)
        }
    }
}
