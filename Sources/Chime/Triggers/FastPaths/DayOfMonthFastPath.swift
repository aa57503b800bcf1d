/// A fixed time on a day of every month or of one month: the n-th day (`{day: 31}`,
/// `{month: 2, day: 29}`, `{month: 12, day: 25, hour: 9}`: flutter's `dayOfMonthAndTime` and
/// `dateAndTime`), the n-th day from the end (`{day: -1}`, the last), or the n-th or n-th last
/// weekday (`{weekday: 6, weekdayOrdinal: -1}`, the last Friday). See `CalendarFastPath`.
///
/// Per month (per year with a month) the general search tries one wall time, and so does this:
/// the day at the time, computed from the month's length and the weekday of its first or last
/// day rather than found by walking its days. A month too short for the day gives, with
/// `nextTime`, 00:00 on the next month's 1st (`missingDayNextTime`) — even from a start in the
/// middle of that short month — or, for a day counted from the end, 00:00 on its own 1st; a
/// month without the n-th weekday (a fifth Friday) gives nothing. Example, Europe/Paris,
/// `{day: 31}` after 2026-04-10T12:00:00Z: April has 30 days, so the fire is May 1 00:00 CEST =
/// 2026-04-30T22:00:00Z, `missingDayNextTime`; after 2026-05-10T12:00:00Z it is May 31 00:00 CEST
/// = 2026-05-30T22:00:00Z, `exact`. `{weekday: 6, weekdayOrdinal: -1, hour: 9}` after
/// 2026-05-10T12:00:00Z: May 31, 2026 is a Sunday, so the last Friday is the 29th, 09:00 CEST =
/// 2026-05-29T07:00:00Z.
@usableFromInline
struct DayOfMonthFastPath: Sendable, Hashable {
    /// Nanoseconds since midnight.
    let time: Int64
    /// 1…31, or -1…-31 from the month's end; with a `weekday`, the ordinal: 1…5 or -1…-5.
    let day: Int8
    /// 1…12, or 0 for every month.
    let month: Int8
    /// Apple numbering (1 = Sunday) for the n-th weekday; 0 when `day` is a day of the month.
    let weekday: Int8
    /// What an exact match near a transition gives (`FastPathNight`).
    let night: FastPathNight

    init(time: Int64, day: Int, month: Int?, night: FastPathNight = .search) {
        (self.time, self.day, self.month, self.weekday, self.night) = (time, Int8(day), Int8(month ?? 0), 0, night)
    }

    init(time: Int64, weekday: Int, ordinal: Int, month: Int?, night: FastPathNight = .search) {
        (self.time, self.day, self.month, self.weekday, self.night) = (time, Int8(ordinal), Int8(month ?? 0), Int8(weekday), night)
    }

    /// Months looked at before giving up (a fifth Friday of February can be 28 years away): the
    /// answer is almost always in the first two.
    static let monthLimit = 48

    @inline(__always)
    func nextFire(after t: Instant, in zone: ZoneRules) -> Fire? {
        guard let start = CalendarFastPath.searchStart(after: t, in: zone) else { return nil }
        var (y, m, d) = CivilArithmetic.civilFromDays(start.day)
        var (lowerTime, period) = (start.lowerTime, start.period)
        var monthStart = start.day - (d - 1)
        let fixedMonth = Int64(month)
        if fixedMonth != 0 && m != fixedMonth {
            // The search jumps to the 1st of the month, this year or next.
            (y, m, d, lowerTime) = (m < fixedMonth ? y : y + 1, fixedMonth, 1, 0)
            monthStart = CivilArithmetic.daysFromCivil(year: y, month: m, day: 1)
        }
        var resolved = 0
        for _ in 0..<Self.monthLimit {
            let length = CivilArithmetic.daysInMonth(year: y, month: m)
            if let (target, standIn) = target(monthStart: monthStart, length: length) {
                let outcome: CalendarFastPath.Candidate
                if standIn {
                    outcome = Self.standIn(day: target, time: time, after: t, in: zone, period: &period)
                } else if target > monthStart + d - 1 || (target == monthStart + d - 1 && time >= lowerTime) {
                    outcome = CalendarFastPath.candidate(day: target, time: time, after: t, in: zone, period: &period, .exact, night: night)
                } else {
                    outcome = .before      // this month's day is already behind the search
                }
                switch outcome {
                case let .fires(fire): return fire
                case .unknown: return nil
                case .before: break
                }
                resolved += 1
                if resolved == CalendarFastPath.candidateLimit { return nil }
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

    /// The month's candidate day number — the wanted day, or a missing day's stand-in
    /// (`standIn`) — or nil when the month has neither (no fifth Friday).
    @inline(__always)
    func target(monthStart: Int64, length: Int64) -> (day: Int64, standIn: Bool)? {
        let wanted = Int64(day)
        if weekday != 0 {
            let w = Int(weekday)
            if wanted > 0 {
                let first = monthStart + Int64((w - CivilArithmetic.weekday(ofDay: monthStart) + 7) % 7)
                let nth = first + 7 * (wanted - 1)
                return nth < monthStart + length ? (nth, false) : nil
            }
            let lastDay = monthStart + length - 1
            let last = lastDay - Int64((CivilArithmetic.weekday(ofDay: lastDay) - w + 7) % 7)
            let nth = last + 7 * (wanted + 1)
            return nth >= monthStart ? (nth, false) : nil
        }
        if wanted > length { return (monthStart + length, true) }     // the next month's 1st
        if wanted > 0 { return (monthStart + wanted - 1, false) }
        if -wanted > length { return (monthStart, true) }             // a day before the month: its 1st
        return (monthStart + length + wanted, false)
    }

    /// A missing day's `nextTime` stand-in, 00:00 on `day`, when it and the pattern's own time
    /// that day are unique wall times. Foundation drops a stand-in whose day has the pattern's
    /// hour in a gap (`AppleRules.missingDay`: Australia/Sydney, `{day: 31, hour: 2, minute: 30}`
    /// after 2023-09-20: 2023-10-01 02:30 is skipped, so no October 1st stand-in for September
    /// 31st, and the fire is 2023-10-31 02:30); the search decides every such day.
    @inline(__always)
    static func standIn(day: Int64, time: Int64, after t: Instant, in zone: ZoneRules, period: inout ZonePeriod) -> CalendarFastPath.Candidate {
        if time != 0 {
            var hint = period
            guard zone.uniqueResolution(localSeconds: day * 86_400 + time / 1_000_000_000, period: &hint) != nil else { return .unknown }
        }
        return CalendarFastPath.candidate(day: day, time: 0, after: t, in: zone, period: &period, .missingDayNextTime)
    }
}
