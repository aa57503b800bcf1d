/// A fixed time on one day of every year: `{dayOfYear: 100, hour: 9}`. See `CalendarFastPath`.
///
/// The general search walks day by day to the wanted day of the year (up to a year of days);
/// this computes it from the year's first day, one candidate a year. A year without the day (day
/// 366 in a common year) has no candidate and no stand-in, in both semantics. Example, UTC,
/// `{dayOfYear: 60, hour: 9}` after 2027-03-05T00:00:00Z: day 60 of 2027 is March 1st, behind
/// the start, so the fire is day 60 of 2028, a leap year: February 29, 2028T09:00:00Z.
@usableFromInline
struct DayOfYearFastPath: Sendable, Hashable {
    /// Nanoseconds since midnight.
    let time: Int64
    /// 1…366.
    let dayOfYear: Int16
    /// What an exact match near a transition gives (`FastPathNight`).
    let night: FastPathNight

    @inline(__always)
    func nextFire(after t: Instant, in zone: ZoneRules) -> Fire? {
        guard let start = CalendarFastPath.searchStart(after: t, in: zone) else { return nil }
        var period = start.period
        var year = CivilArithmetic.civilFromDays(start.day).year
        var resolved = 0
        // Day 366 comes once in four years at most (none from 2097 to 2104).
        for _ in 0..<10 {
            let first = CivilArithmetic.daysFromCivil(year: year, month: 1, day: 1)
            let day = first + Int64(dayOfYear) - 1
            year += 1
            guard dayOfYear < 366 || CivilArithmetic.isLeapYear(year - 1) else { continue }
            guard day > start.day || (day == start.day && time >= start.lowerTime) else { continue }
            switch CalendarFastPath.candidate(day: day, time: time, after: t, in: zone, period: &period, .exact, night: night) {
            case let .fires(fire): return fire
            case .unknown: return nil
            case .before: break
            }
            resolved += 1
            if resolved == CalendarFastPath.candidateLimit { return nil }
        }
        return nil
    }
}
