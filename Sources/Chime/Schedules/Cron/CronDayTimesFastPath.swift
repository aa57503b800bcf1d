/// The shortcut for a cron expression with several times a day (`*/5 * * * *`, `0 9-17 * * 1-5`),
/// searched forward by a flavor without a walk of its own (posix, croniter): away from transitions
/// every flavor fires at the wall times its fields allow, so the next fire is the first allowed wall
/// time after the start's, resolved once. Near a transition it answers nil and the search does.
///
/// Why the first wall time after the start's is the answer (no wall time before the start's gives
/// an instant after it, and no later one an earlier instant): with no transition within the zone's
/// offset spread either side of the start, a wall time before the start's resolves, gap-shifted or
/// not, at or before the start; and a later wall time can resolve before an earlier one only
/// across a fall-back, which puts the earlier one in the repeated hour — not a unique resolution,
/// so this answers nil. Example, America/New_York, `*/5 * * * *` after 2026-07-01T13:02:00Z
/// (09:02 EDT): 09:05 EDT, 2026-07-01T13:05:00Z. After 2026-03-08T06:30:00Z (01:30 EST, half an
/// hour before the 07:00:00Z spring-forward): nil, and the search answers (01:35 EST, 06:35:00Z).
struct CronDayTimesFastPath: Sendable, Hashable {
    let seconds: UInt64, minutes: UInt64, hours: UInt64
    /// Bits 1…12, 1…31 and 0…6 (0 = Sunday), as `CronExpression`'s.
    let months: UInt64, daysOfMonth: UInt64, weekdays: UInt64
    /// The day fields combine with OR (Vixie), not AND.
    let eitherDayField: Bool

    /// The shortcut for `e`, or nil for what only the search handles: a year, `L`, `W`, `#`, `@every`,
    /// Quartz's reading, croniter's split day rule.
    init?(_ e: CronExpression) {
        guard e.years == nil, e.quartz == nil, e.everyNanoseconds == nil, e.nthWeekdays.isEmpty, !e.lastDayOfMonth,
              e.nearestWeekdays == 0, e.dayRule != .croniterSplit, e.months != 0 else { return nil }
        (seconds, minutes, hours) = (e.seconds, e.minutes, e.hours)
        (months, daysOfMonth, weekdays) = (e.months, e.daysOfMonth, e.weekdays)
        eitherDayField = e.dayRule == .or
    }

    /// Days tried after the start's before the search takes over (a week covers any weekday set).
    static let dayLimit = 8

    @inline(__always)
    func nextFire(after t: Instant, in zone: ZoneRules) -> Fire? {
        let spread = Int64(zone.table.maxOffset - zone.table.minOffset)
        guard spread < 86_400 else { return nil }
        var period = zone.period(containing: t.seconds)
        guard period.start < t.seconds - spread, period.end > t.seconds + spread + 1 else { return nil }
        var (day, second) = CivilArithmetic.floorDivMod(t.seconds + Int64(period.type.utcOffset), 86_400)
        guard day > -683_000 && day < 2_896_000 else { return nil }   // years ~100…9900, as CalendarFastPath
        for _ in 0..<Self.dayLimit {
            if matches(day: day) {
                var from = Int(second)
                while let found = CronExpression.firstSecond(atOrAfter: from, seconds: seconds, minutes: minutes, hours: hours) {
                    switch CalendarFastPath.candidate(day: day, time: Int64(found) * 1_000_000_000, after: t, in: zone,
                                                      period: &period, .exact) {
                    case let .fires(fire): return fire
                    case .unknown: return nil
                    case .before: from = found + 1   // the start's own second
                    }
                }
            }
            day += 1
            second = 0
        }
        return nil
    }

    /// `CronExpression.matchesDay` for the day fields this shortcut takes.
    @inline(__always)
    private func matches(day: Int64) -> Bool {
        let (_, month, dayOfMonth) = CivilArithmetic.civilFromDays(day)
        guard months & (1 << UInt64(month)) != 0 else { return false }
        let dom = daysOfMonth & (1 << UInt64(dayOfMonth)) != 0
        let dow = weekdays & (1 << UInt64(CivilArithmetic.weekday(ofDay: day) - 1)) != 0
        return eitherDayField ? dom || dow : dom && dow
    }
}
