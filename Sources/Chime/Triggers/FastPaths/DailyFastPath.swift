/// A fixed time of day, every day or on one weekday: `{hour: 8, minute: 30}`,
/// `{weekday: 2, hour: 9}` (flutter's `time` and `dayOfWeekAndTime`). See `CalendarFastPath`.
///
/// The general search tries every day from the search start on (skipping other weekdays), each at
/// the one time; so does this, one resolution per candidate day. Example, Europe/Paris,
/// `{weekday: 2, hour: 9}` after 2026-10-24T12:00:00Z (a Saturday): the first Monday is Oct 26,
/// 09:00 CET = 2026-10-26T08:00:00Z (the fall-back at 2026-10-25T01:00:00Z is outside the
/// candidate's window, 07:00:00Z–09:00:00Z, so the fast path answers).
struct DailyFastPath: Sendable, Hashable {
    /// Nanoseconds since midnight.
    let time: Int64
    /// Apple numbering (1 = Sunday); 0 for every day.
    let weekday: Int8
    /// What a candidate near a transition gives (`FastPathNight`).
    let night: FastPathNight

    init(time: Int64, weekday: Int?, night: FastPathNight = .search) {
        self.time = time
        self.weekday = Int8(weekday ?? 0)
        self.night = night
    }

    @inline(__always)
    func nextFire(after t: Instant, in zone: ZoneRules) -> Fire? {
        guard let start = CalendarFastPath.searchStart(after: t, in: zone) else { return nil }
        var period = start.period
        // The first day's time counts only if it is not before the search's lower bound.
        var day = time >= start.lowerTime ? start.day : start.day + 1
        var step: Int64 = 1
        if weekday != 0 {
            day += Int64((Int(weekday) - CivilArithmetic.weekday(ofDay: day) + 7) % 7)
            step = 7
        }
        for _ in 0..<CalendarFastPath.candidateLimit {
            switch CalendarFastPath.candidate(day: day, time: time, after: t, in: zone, period: &period, .exact, night: night) {
            case let .fires(fire): return fire
            case .unknown: return nil
            case .before: day += step
            }
        }
        return nil
    }
}
