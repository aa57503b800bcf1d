/// robfig/cron v3's `SpecSchedule.Next` (spec.go, v3.0.1) on Chime's zone rules, step for step,
/// and `ConstantDelaySchedule.Next` for `@every`.
///
/// Why a walk of its own and not `CronRules` on the shared `CalendarSearch`: robfig's answer is
/// not "each matching wall time, resolved by a rule, nearest instant kept". `Next` walks a
/// `time.Time` forward field by field — months and days by `AddDate` (wall-clock arithmetic that
/// Go's `time.Date` normalises), hours, minutes and seconds by `Add` (elapsed time) — and its
/// answer depends on where the walk starts and how `time.Date` resolves the wall times it builds:
/// - Hours, minutes and seconds step by elapsed time, so a wall time skipped by a gap is never
///   seen (skipped) and a repeated one is seen twice (both fire). New York 2026-03-08,
///   `0 30 2 * * *`: no fire that day (next 2026-03-09 02:30 EDT); 2026-11-01, `0 30 1 * * *`:
///   01:30 EDT and 01:30 EST.
/// - The first step of each field truncates with `time.Date` (hours: spec.go 138–143) — a wall time
///   in a gap resolves by Go's `Date` rule (Go 1.19 time.go 1474–1487: the offset at the wall time read as
///   UTC, then the offset at that instant), sometimes to after the gap, and the next hour's fire is
///   passed: Lord Howe 2025-10-05 (02:00 +10:30 → 02:30 +11), `0 0 3 * * *` from 02:40 +11 truncates
///   to 02:00 → 02:30 +11, steps an hour to 03:30 and misses 03:00 that day.
/// - A day loop that meets a midnight skipped by a gap moves to 01:00 or, where `Date` resolves the
///   midnight after the gap (zones east of UTC), back to 23:00 the day before and on to the day
///   after (spec.go 119–135: "Add an hour if it's 23, subtract an hour if it's 1"), passing the gap
///   day (Beirut, midnight transitions); the hour and minute loops notice a new day only at hour 0
///   or minute 0 (spec.go 145, 157), which a gap can skip.
/// None of these is a property of one wall time (the same wall time fires or not depending on the
/// start), so no `resolve` rule gives them; the walk is ported as it is. Also ported: the search
/// gives up when the year passes the start's year + 5 (`yearLimit`, spec.go 87–93, checked at each
/// wrap), and the one-second floor: the walk starts at the next whole second.
///
/// The one departure is in `CronTrigger.nextFire`: an answer at or before the start (the hour
/// truncation landing in the first pass of a repeated hour; against `Next`'s "greater than the given
/// time") is replaced by the shared search's fire (docs/cron.md).
///
/// `@every D` (constantdelay.go): the next fire is the start truncated to its second plus D —
/// elapsed time, independent of the zone and of DST.
struct RobfigSchedule {
    let expression: CronExpression
    let zone: ZoneRules

    /// The next fire strictly after `instant` as robfig computes it (nil: none within its 5 years).
    func next(after instant: Instant) -> Fire? {
        if let every = expression.everyNanoseconds {
            let (seconds, overflow) = instant.seconds.addingReportingOverflow(every / 1_000_000_000)
            guard !overflow, seconds <= Instant.supportedRange.upperBound.seconds else { return nil }
            return fire(at: seconds)
        }
        // Fields with no value (`,`): robfig's loop for that field never matches and runs until
        // the year limit, then returns the zero time.
        guard expression.seconds != 0, expression.minutes != 0, expression.hours != 0, expression.months != 0 else { return nil }
        // Chime's calendar ends with year 9999: an answer past it (the walk reaches year 10000
        // before a wrap checks the limit, e.g. across a skipped midnight) is none.
        guard let seconds = walk(from: instant.seconds + 1), clock(seconds).year <= 9999 else { return nil }
        return fire(at: seconds)
    }

    private func fire(at seconds: Int64) -> Fire {
        let instant = Instant(seconds: seconds)
        var adjustment = FireAdjustment.exact
        let wall = seconds + Int64(zone.utcOffset(atSeconds: seconds))
        if case let .overlap(earlier, _, _, _) = zone.resolve(localSeconds: wall) {
            adjustment = earlier == seconds ? .overlapFirst : .overlapLast
        }
        return Fire(instant: instant, type: zone.type(at: instant), adjustment: adjustment)
    }

    // MARK: Go's time.Time in `zone`, as UTC seconds

    /// The wall clock at `u`: civil date, seconds of the day, weekday (0 = Sunday).
    private func clock(_ u: Int64) -> (year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64, weekday: Int) {
        let wall = u + Int64(zone.utcOffset(atSeconds: u))
        let (days, secondOfDay) = CivilArithmetic.floorDivMod(wall, 86_400)
        let (y, m, d) = CivilArithmetic.civilFromDays(days)
        return (y, m, d, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60, CivilArithmetic.weekday(ofDay: days) - 1)
    }

    /// Go's `time.Date(year, month, day, hour, min, sec, 0, loc)`: fields normalised (overflow
    /// carries), then the wall time `w` resolved as time.go 1474–1487 does: `offset` = the offset
    /// at `w` read as UTC; if not 0, the offset at `w - offset` instead when that instant lies
    /// outside `offset`'s period — i.e. `w - offset(w - offset(w))`.
    private func date(_ year: Int64, _ month: Int64, _ day: Int64, _ hour: Int64, _ minute: Int64, _ second: Int64) -> Int64 {
        let (carry, month0) = CivilArithmetic.floorDivMod(month - 1, 12)
        let days = CivilArithmetic.daysFromCivil(year: year + carry, month: month0 + 1, day: 1) + day - 1
        let wall = days * 86_400 + hour * 3600 + minute * 60 + second
        let guess = Int64(zone.utcOffset(atSeconds: wall))
        guard guess != 0 else { return wall }
        return wall - Int64(zone.utcOffset(atSeconds: wall - guess))
    }

    /// Go's `t.AddDate(0, months, days)`: the same wall clock on the shifted date, via `Date`.
    private func addDate(_ u: Int64, months: Int64 = 0, days: Int64 = 0) -> Int64 {
        let c = clock(u)
        return date(c.year, c.month + months, c.day + days, c.hour, c.minute, c.second)
    }

    private func dayMatches(_ c: (year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64, weekday: Int)) -> Bool {
        let dom = expression.daysOfMonth & (1 << UInt64(c.day)) != 0
        let dow = expression.weekdays & (1 << UInt64(c.weekday)) != 0
        return expression.dayRule == .and ? dom && dow : dom || dow
    }

    /// spec.go `Next` from `t` (already the next whole second), the labels and loops as there.
    private func walk(from start: Int64) -> Int64? {
        var t = start
        var added = false
        // robfig's yearLimit, within Chime's calendar (years 1–9999, as `CronRules` bounds the
        // shared search): a walk from late 9999 would otherwise answer a wall time in year 10000.
        let yearLimit = min(clock(t).year + 5, 9999)
        // A bound on the loop that robfig lacks: each pass below moves `t` forward, and 5 years
        // hold under 200,000 hours; a walk this long would be a bug here, not robfig's answer.
        var budget = 10_000_000
        wrap: while true {
            var c = clock(t)
            if c.year > yearLimit { return nil }
            while expression.months & (1 << UInt64(c.month)) == 0 {
                budget -= 1; if budget < 0 { return nil }
                if !added { added = true; t = date(c.year, c.month, 1, 0, 0, 0) }
                let before = t
                t = addDate(t, months: 1)
                // The same instant again: robfig repeats this step forever (see the day loop).
                if t == before { return nil }
                c = clock(t)
                if c.month == 1 { continue wrap }
            }
            while !dayMatches(c) {
                budget -= 1; if budget < 0 { return nil }
                if !added { added = true; t = date(c.year, c.month, c.day, 0, 0, 0) }
                let before = t
                t = addDate(t, days: 1)
                let hour = clock(t).hour
                if hour != 0 { t += hour > 12 ? (24 - hour) * 3600 : -hour * 3600 }
                // The same instant again: every later pass repeats this one, and robfig never
                // returns (Pacific/Apia skipped 2011-12-30: time.Date resolves its midnight to
                // the 29th's, so AddDate(0, 0, 1) from the 29th's midnight gives it back). Chime
                // answers none at once rather than after its loop budget.
                if t == before { return nil }
                c = clock(t)
                if c.day == 1 { continue wrap }
            }
            while expression.hours & (1 << UInt64(c.hour)) == 0 {
                budget -= 1; if budget < 0 { return nil }
                if !added { added = true; t = date(c.year, c.month, c.day, c.hour, 0, 0) }
                t += 3600
                c = clock(t)
                if c.hour == 0 { continue wrap }
            }
            while expression.minutes & (1 << UInt64(c.minute)) == 0 {
                budget -= 1; if budget < 0 { return nil }
                if !added { added = true; t = CivilArithmetic.floorDivMod(t, 60).quotient * 60 }   // t.Truncate(time.Minute)
                t += 60
                c = clock(t)
                if c.minute == 0 { continue wrap }
            }
            while expression.seconds & (1 << UInt64(c.second)) == 0 {
                budget -= 1; if budget < 0 { return nil }
                added = true                                          // t.Truncate(time.Second): already whole
                t += 1
                c = clock(t)
                if c.second == 0 { continue wrap }
            }
            return t
        }
    }
}
