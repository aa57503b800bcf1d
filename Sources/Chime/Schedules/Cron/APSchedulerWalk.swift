/// APScheduler's own search for a cron trigger's next fire (`CronTrigger.get_next_fire_time` in
/// 3.11, `CronTrigger.next` in 4.0.0a6 — the same walk), reproduced step for step, for the
/// `apscheduler3` and `apscheduler` flavors.
///
/// Why not hooks of `CalendarSearch`: that search resolves each wanted wall time to instants and
/// keeps the nearest one beyond the start. APScheduler's answer is not a nearest instant: it walks
/// the wall-clock fields from the year down to the second, and where it must carry into a larger
/// field it adds the wall-clock difference to the UTC instant (`_increment_field_value`: 3.x
/// `datetime_utc_add`, 4 `datetime.fromtimestamp(dateval.timestamp() + difference)`), which
/// across a transition lands an hour (the offset change) away from the wall time it meant; where
/// it raises a field it builds the wall time directly (`_set_field_value`:
/// `datetime(**values, tzinfo=tz, fold=dateval.fold)`), which in a gap is read with the offset
/// before it. Which of those two steps reaches a wall time depends on the path from the start, so
/// the answer depends on the start's wall time and not only on the set of wanted wall times — a
/// path-dependent walk, not a rule about each wall time. So the walk is reproduced here:
///
/// ```text
/// fields: year month day week day_of_week hour minute second   (week and day_of_week not "real")
/// fieldnum = 0, t = the first whole second after the start, in the zone (fold from the instant)
/// while 0 <= fieldnum < 8:
///     next = the field's next allowed value >= its value in t (None if none up to the field's max)
///     None            -> t, fieldnum = increment(t, fieldnum - 1)   # carry into the larger field
///     next > value    -> real: t = set(t, fieldnum, next); fieldnum += 1
///                        else: t, fieldnum = increment(t, fieldnum)  # day_of_week: the next day
///     next == value   -> fieldnum += 1
/// increment(t, i): field i + 1 (carrying while at its max, day_of_week/week skipped), smaller
///     fields to their minimum; the naive wall difference is added to t's UTC instant, and the
///     result converted back to the zone (a real wall time, its fold from the instant)
/// set(t, i, v): field i = v, smaller real fields to their minimum, t's fold kept (the wall time
///     may not exist, or may be repeated: its instant is wall − offset(wall, fold), zoneinfo's
///     PEP 495 reading: fold 0 the offset before a transition, fold 1 the offset after)
/// ```
///
/// America/New_York, 2026-03-08 (02:00 EST → 03:00 EDT at 07:00:00Z):
/// - `30 2 * * *` from 2026-03-07T12:00:00Z: the hour is set to 2 on the 8th, 02:30 with fold 0,
///   read with EST: 07:30:00Z (03:30 EDT, `gapShiftedForward`). Next: 2026-03-09T06:30:00Z.
/// - `*/20 2 * * *`: 02:00 → 07:00:00Z (03:00 EDT); chained from 07:00:01Z (03:00:01 EDT) the
///   hour 3 is past 2, so the walk carries to the 9th: 02:20 and 02:40 do not fire that night.
/// 2026-11-01 (01:00–02:00 repeated; EDT → EST at 06:00:00Z):
/// - `30 1 * * *` from 2026-10-31T12:00:00Z: 01:30 EDT (05:30:00Z, fold 0, set). Chained from
///   01:30:01 EDT the minute carries to 01:31, then the hour: 02:00 wall is 29 minutes on,
///   added to 05:31:00Z gives 06:00:00Z = 01:00 EST (fold 1), where hour 1 matches again and the
///   minute is set to 30 with fold 1: 01:30 EST (06:30:00Z) fires too. From 01:30:01 EST the
///   carry reaches 02:00 EST, so the next is 2026-11-02T06:30:00Z.
///
/// Chaining (what a user of the scheduler sees): the 3.x scheduler asks
/// `get_next_fire_time(previous_fire_time=the fire, now)` with `now` the current time, after the
/// fire (`BaseScheduler._process_jobs`, `Job._get_run_times`); its start is then
/// `min(now, previous + 1 µs)` = previous + 1 µs, rounded up to the second
/// (`datetime_ceil`): the next walk starts at the first whole second after the fire. 4's
/// `CronTrigger.next` starts at `_last_fire_time + 1 s`. Both are `fire(after:)` of the fire.
/// The first fire: `now` (3.x) or `start_time` (4) is inclusive; Chime's start is exclusive,
/// so the walk starts at the first whole second after it.
///
/// APScheduler gives up at year 9999 (its `MAX_VALUES`); a pattern that never fires walks there
/// and answers nothing, as here. Years before 1970 are not searched (`MIN_VALUES` year 1970).
struct APSchedulerWalk {
    let expression: CronExpression
    let zone: ZoneRules
    /// The day-of-week field as APScheduler reads `weekday()`: bit 0 Monday … bit 6 Sunday.
    let mondayWeekdays: UInt64

    init(expression: CronExpression, zone: ZoneRules) {
        self.expression = expression
        self.zone = zone
        var bits: UInt64 = 0
        for v in 0...6 where expression.weekdays & (1 << UInt64((v + 1) % 7)) != 0 { bits |= 1 << UInt64(v) }
        mondayWeekdays = bits
    }

    /// A Python `datetime` in the zone: wall fields and PEP 495's fold.
    struct WallTime: Equatable {
        var fields: [Int]          // year, month, day, (week), (day_of_week), hour, minute, second by field number
        var fold: Bool

        var year: Int { fields[0] }
        var month: Int { fields[1] }
        var day: Int { fields[2] }

        var localSeconds: Int64 {
            CivilArithmetic.daysFromCivil(year: Int64(fields[0]), month: Int64(fields[1]), day: Int64(fields[2])) * 86_400
                + Int64(fields[5] * 3600 + fields[6] * 60 + fields[7])
        }
    }

    /// The first fire strictly after `instant`, as APScheduler chains it.
    func fire(after instant: Instant) -> Fire? {
        let first = instant.seconds + 1
        guard first <= Instant.supportedRange.upperBound.seconds - 86_400 * 2 else { return nil }
        guard var t = walk(from: wallTime(at: first)) else { return nil }
        let seconds = self.instant(of: t)
        t.fields[3] = 0
        let adjustment: FireAdjustment
        switch zone.resolve(localSeconds: t.localSeconds) {
        case .unique: adjustment = .exact
        case .overlap: adjustment = t.fold ? .overlapLast : .overlapFirst
        case .gap: adjustment = t.fold ? .gapShiftedBackward : .gapShiftedForward
        }
        let fire = Instant(seconds: seconds)
        guard fire > instant else { return nil }      // cannot happen: the walk only moves forward
        return Fire(instant: fire, compact: zone.compactType(at: fire), adjustment: adjustment)
    }

    // MARK: The walk (`get_next_fire_time` / `next`)

    func walk(from start: WallTime) -> WallTime? {
        var t = start
        var fieldnum = 0
        var steps = 0
        while fieldnum >= 0 && fieldnum < 8 {
            steps += 1
            if steps > 10_000_000 { return nil }         // a safety net: years 1970…9999 take far fewer
            if fieldnum == 3 { fieldnum += 1; continue }   // week '*': every value matches
            let current = value(t, fieldnum)
            guard let next = nextValue(t, fieldnum) else {
                guard let carried = increment(t, fieldnum - 1) else { return nil }
                (t, fieldnum) = carried
                continue
            }
            if next > current {
                if fieldnum == 4 {
                    guard let carried = increment(t, fieldnum) else { return nil }
                    (t, fieldnum) = carried
                } else {
                    t = set(t, fieldnum, next)
                    fieldnum += 1
                }
            } else {
                fieldnum += 1
            }
        }
        return fieldnum >= 0 ? t : nil
    }

    /// `field.get_value(dateval)`.
    func value(_ t: WallTime, _ field: Int) -> Int {
        switch field {
        case 4:
            let day = CivilArithmetic.daysFromCivil(year: Int64(t.year), month: Int64(t.month), day: Int64(t.day))
            return (CivilArithmetic.weekday(ofDay: day) + 5) % 7            // Apple 1 = Sunday → Monday 0
        default: return t.fields[field]
        }
    }

    /// `field.get_next_value(dateval)`: the least allowed value ≥ the current one, up to the
    /// field's max (`get_max`: the month's length for the day).
    func nextValue(_ t: WallTime, _ field: Int) -> Int? {
        switch field {
        case 0:
            let year = max(t.year, 1970)
            return year <= 9999 ? year : nil
        case 1: return CronExpression.next(expression.months, from: t.month, limit: 12)
        case 2:
            let length = maxValue(t, 2)
            let fromBits = CronExpression.next(expression.daysOfMonth, from: t.day, limit: length)
            if expression.lastDayOfMonth { return min(fromBits ?? length, length) }
            return fromBits
        case 4: return CronExpression.next(mondayWeekdays, from: value(t, 4), limit: 6)
        case 5: return CronExpression.next(expression.hours, from: t.fields[5], limit: 23)
        case 6: return CronExpression.next(expression.minutes, from: t.fields[6], limit: 59)
        default: return CronExpression.next(expression.seconds, from: t.fields[7], limit: 59)
        }
    }

    func minValue(_ field: Int) -> Int {
        switch field {
        case 0: 1970
        case 1, 2: 1
        default: 0
        }
    }

    func maxValue(_ t: WallTime, _ field: Int) -> Int {
        switch field {
        case 0: 9999
        case 1: 12
        case 2: Int(CivilArithmetic.daysInMonth(year: Int64(t.year), month: Int64(t.month)))
        case 5: 23
        default: 59
        }
    }

    /// `_increment_field_value(dateval, fieldnum)`: nil where APScheduler's walk ends without a
    /// fire (the year would pass 9999).
    func increment(_ t: WallTime, _ start: Int) -> (WallTime, Int)? {
        var values = t.fields
        var fieldnum = start
        var i = 0
        while i < 8 {
            if i < 0 || fieldnum < 0 { return nil }
            if i == 3 || i == 4 {
                if i == fieldnum { fieldnum -= 1; i -= 1 } else { i += 1 }
                continue
            }
            if i < fieldnum {
                values[i] = t.fields[i]
                i += 1
            } else if i > fieldnum {
                values[i] = minValue(i)
                i += 1
            } else {
                let v = t.fields[i]
                if v == maxValue(t, i) {
                    fieldnum -= 1
                    i -= 1
                } else {
                    values[i] = v + 1
                    i += 1
                }
            }
        }
        let target = WallTime(fields: values, fold: false)
        let difference = target.localSeconds - t.localSeconds
        return (wallTime(at: instant(of: t) + difference), fieldnum)
    }

    /// `_set_field_value(dateval, fieldnum, new_value)`: the fold is kept.
    func set(_ t: WallTime, _ field: Int, _ newValue: Int) -> WallTime {
        var r = t
        r.fields[field] = newValue
        for i in (field + 1)..<8 where i != 3 && i != 4 { r.fields[i] = minValue(i) }
        return r
    }

    // MARK: zoneinfo (PEP 495)

    /// `datetime.utcoffset()` of a wall time with its fold: a repeated wall time's fold 0 is the
    /// earlier instant; a skipped one's fold 0 reads the offset before the gap, fold 1 after.
    func offset(_ t: WallTime) -> Int32 {
        switch zone.resolve(localSeconds: t.localSeconds) {
        case let .unique(_, offset): offset
        case let .overlap(_, earlierOffset, _, laterOffset): t.fold ? laterOffset : earlierOffset
        case let .gap(_, before, after): t.fold ? after : before
        }
    }

    func instant(of t: WallTime) -> Int64 { t.localSeconds - Int64(offset(t)) }

    /// `datetime.fromtimestamp(seconds, zone)` / `astimezone(zone)`: fold 1 for the second pass
    /// of a repeated wall time.
    func wallTime(at seconds: Int64) -> WallTime {
        let wall = seconds + Int64(zone.utcOffset(atSeconds: seconds))
        let (day, second) = CivilArithmetic.floorDivMod(wall, 86_400)
        let (y, m, d) = CivilArithmetic.civilFromDays(day)
        var fold = false
        if case let .overlap(_, _, later, _) = zone.resolve(localSeconds: wall), later == seconds { fold = true }
        let s = Int(second)
        return WallTime(fields: [Int(y), Int(m), Int(d), 0, 0, s / 3600, s / 60 % 60, s % 60], fold: fold)
    }
}
