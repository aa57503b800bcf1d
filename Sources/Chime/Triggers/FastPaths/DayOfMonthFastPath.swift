/// A fixed time on a day of every month or of one month, with `nextTime` for months that lack the
/// day: `{day: 31}`, `{month: 2, day: 29}`, `{month: 12, day: 25, hour: 9}` (flutter's
/// `dayOfMonthAndTime` and `dateAndTime`). See `CalendarFastPath`.
///
/// Per month (per year with a month) the general search tries one wall time: the day at the time,
/// or — when the month is too short — 00:00 on the next month's 1st (`missingDayNextTime`), even
/// from a start in the middle of that short month. Example, Europe/Paris, `{day: 31}` after
/// 2026-04-10T12:00:00Z: April has 30 days, so the fire is May 1 00:00 CEST =
/// 2026-04-30T22:00:00Z, `missingDayNextTime`; after 2026-05-10T12:00:00Z it is May 31 00:00 CEST
/// = 2026-05-30T22:00:00Z, `exact`.
struct DayOfMonthFastPath: Sendable, Hashable {
    /// Nanoseconds since midnight.
    let time: Int64
    let day: Int8
    /// 1…12, or 0 for every month.
    let month: Int8

    init(time: Int64, day: Int, month: Int?) {
        self.time = time
        self.day = Int8(day)
        self.month = Int8(month ?? 0)
    }

    @inline(__always)
    func nextFire(after t: Instant, in zone: ZoneRules) -> Fire? {
        guard let start = CalendarFastPath.searchStart(after: t, in: zone) else { return nil }
        var (y, m, d) = CivilArithmetic.civilFromDays(start.day)
        var (lowerTime, period) = (start.lowerTime, start.period)
        var monthStart = start.day - (d - 1)
        let wanted = Int64(day), fixedMonth = Int64(month)
        if fixedMonth != 0 && m != fixedMonth {
            // The search jumps to the 1st of the month, this year or next.
            (y, m, d, lowerTime) = (m < fixedMonth ? y : y + 1, fixedMonth, 1, 0)
            monthStart = CivilArithmetic.daysFromCivil(year: y, month: m, day: 1)
        }
        for _ in 0..<CalendarFastPath.candidateLimit {
            let length = CivilArithmetic.daysInMonth(year: y, month: m)
            let outcome: CalendarFastPath.Candidate
            if wanted > length {
                outcome = CalendarFastPath.candidate(day: monthStart + length, time: 0, after: t, in: zone, period: &period, .missingDayNextTime)
            } else if d < wanted || (d == wanted && time >= lowerTime) {
                outcome = CalendarFastPath.candidate(day: monthStart + wanted - 1, time: time, after: t, in: zone, period: &period, .exact)
            } else {
                outcome = .before      // this month's day is already behind the search
            }
            switch outcome {
            case let .fires(fire): return fire
            case .unknown: return nil
            case .before: break
            }
            if fixedMonth != 0 {
                y += 1
                monthStart = CivilArithmetic.daysFromCivil(year: y, month: m, day: 1)
            } else {
                monthStart += length
                (y, m) = m == 12 ? (y + 1, 1) : (y, m + 1)
            }
            (d, lowerTime) = (1, 0)
        }
        return nil
    }
}
