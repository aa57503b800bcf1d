/// A fixed time of day, every day or on one weekday: `{hour: 8, minute: 30}`,
/// `{weekday: 2, hour: 9}` (flutter's `time` and `dayOfWeekAndTime`). See `CalendarFastPath`.
///
/// The general search tries every day from the search start on (skipping other weekdays), each at
/// the one time; so does this, one resolution per candidate day. Example, Europe/Paris,
/// `{weekday: 2, hour: 9}` after 2026-10-24T12:00:00Z (a Saturday): the first Monday is Oct 26,
/// 09:00 CET = 2026-10-26T08:00:00Z (the fall-back at 2026-10-25T01:00:00Z is outside the
/// candidate's window, 07:00:00Z–09:00:00Z, so the fast path answers).
@usableFromInline
struct DailyFastPath: Sendable, Hashable {
    /// Nanoseconds since midnight.
    @usableFromInline let time: Int64
    /// Apple numbering (1 = Sunday); 0 for every day.
    @usableFromInline let weekday: Int8
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

extension DailyFastPath {
    /// Seconds from one of the path's fires to the next, where no transition comes between: a
    /// day, or a week on a weekday.
    @inlinable var stride: Int64 { weekday == 0 ? 86_400 : 7 * 86_400 }

    /// The fire after `previous` — an `exact` fire of this path's trigger — when the whole span
    /// from its wall time's resolution window to the next one's (`ZoneRules.uniqueResolution`)
    /// lies in one zone period: then no transition is anywhere near, the offset holds, and the
    /// next fire is the same wall time a day (a week, on a weekday) later at the same offset,
    /// under every semantics and policy. `nil` when a transition is near (ask the trigger).
    /// `period` is a hint kept from call to call.
    ///
    /// Example, America/New_York, `{hour: 8, minute: 30}`: from 2026-07-01T12:30:00Z (08:30 EDT)
    /// the span 2026-07-01T12:30:00Z–2026-07-02T13:30:00Z lies in EDT (2026-03-08T07:00:00Z to
    /// 2026-11-01T06:00:00Z), so the next fire is 2026-07-02T12:30:00Z, EDT; from
    /// 2026-10-31T12:30:00Z the span reaches past the 06:00:00Z fall-back, so `nil`.
    @inlinable @inline(__always)
    func step(from previous: Fire, in zone: ZoneRules, period: inout ZonePeriod) -> Fire? {
        guard steps(from: previous, limit: 1, in: zone, period: &period) == 1 else { return nil }
        return previous.later(by: stride)
    }

    /// How many of the fires after `previous` (an `exact` fire of this path's trigger), at most
    /// `limit`, follow it a `stride` apart with the span from `previous`'s resolution window to
    /// theirs in one zone period (`step(from:in:period:)`'s rule, for each of them): a run of
    /// fires whole days apart at one offset. 0 when the next one is not such a step.
    ///
    /// Example, America/New_York, `{hour: 8, minute: 30}`, from 2026-10-20T12:30:00Z (08:30 EDT)
    /// with a limit of 20: EDT ends at 2026-11-01T06:00:00Z, and the window of Oct 31 08:30
    /// (12:30:00Z–13:30:00Z) is the last to end before it, so 11 (Oct 21 … Oct 31).
    @inlinable @inline(__always)
    func steps(from previous: Fire, limit: Int, in zone: ZoneRules, period: inout ZonePeriod) -> Int {
        let wall = previous.instant.seconds + Int64(previous.offset)
        let (day, second) = CivilArithmetic.floorDivMod(wall, 86_400)
        // Only a fire at this path's time of day steps (a caller's stray fire never does), and
        // only where the fast paths answer (the search clamps to years 1…9999).
        guard limit > 0, previous.adjustment == .exact, CalendarFastPath.days.contains(day),
              second * 1_000_000_000 + Int64(previous.instant.nanoseconds) == time,
              zone.uniqueResolution(localSeconds: wall + stride, period: &period) != nil,
              period.start <= wall - Int64(zone.table.maxOffset)   // the period holds the previous fire's window too
        else { return 0 }
        // Every later fire whose window ends in this period is as certain (at least the first).
        // Bounded by the limit first: a zone's last period never ends (`Int64.max`).
        let windowEnd = wall - Int64(zone.table.minOffset)
        let inPeriod = (min(period.end - 1, windowEnd + Int64(limit) * stride) - windowEnd) / stride
        let inRange = (CalendarFastPath.days.upperBound - 1 - day) * 86_400 / stride
        return Int(min(Int64(limit), inPeriod, inRange))
    }
}

extension Fire {
    /// The fire `seconds` later at the same offset, exact: a daily fire's next, where no
    /// transition comes between (`DailyFastPath.steps`).
    @inlinable
    func later(by seconds: Int64) -> Fire {
        Fire(instant: Instant(seconds: instant.seconds + seconds, nanoseconds: instant.nanoseconds), compact: type, adjustment: .exact)
    }
}
