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
}
