/// Quartz Scheduler 2.3.2's next fire time (`CronExpression.getTimeAfter`), as a walk over wall
/// times: not a rule for one wall time, so it is not a `CronRules.resolve` policy.
///
/// Why a walk of its own: Quartz does not compute "the nearest instant whose wall time matches".
/// It moves a lenient `java.util.GregorianCalendar` field by field — second, minute, hour, day,
/// month, year: a field that does not match moves to its next allowed value (carrying into the
/// next field), the smaller fields are reset to 0, and the calendar is read back before the next
/// step. Reading back resolves the wall time through the zone the way `GregorianCalendar.computeTime`
/// does (`QuartzZone`): a repeated wall time reads as its later instant, and a wall time in a gap
/// reads as the same wall time in the offset before the gap — it lands after the gap by the gap's
/// length (02:15 in a 30-minute gap 02:00→02:30 lands on 02:45). The walk then goes on from where
/// it landed, so what a gap does depends on the path the walk took into it:
/// - America/New_York 2026-03-08 (02:00 EST → 03:00 EDT): `0 30 2 * * ?` does not fire that day
///   (02:30 lands on 03:30, hour 3 is not wanted: the next fire is 03-09 02:30 EDT).
/// - 2026-11-01 (EDT → EST at 06:00Z): `0 30 1 * * ?` fires once, at 01:30 EST (06:30:00Z), and a
///   start inside the first 01:xx hour walks on from the same wall time in EST: `0 5 * * * ?` after
///   01:10 EDT fires next at 02:05 EST, passing over 01:05 EST.
/// - Australia/Lord_Howe 2026-10-04 (02:00 → 02:30): `0 15,30 2 * * ?` after 01:40 moves the
///   minute to 02:15, which lands on 02:45 and passes over 02:30 (next fire: 10-05 02:15); after
///   the previous evening it moves the hour to 02:00 first, which lands on 02:30: a fire.
/// `setCalendarHour` (set the hour; if the read-back hour differs, set hour + 1) is part of it.
/// Quartz gives up past year 2999 (`getTimeAfter`'s loop guard) and past `MAX_YEAR`, this year
/// + 100 by the clock (`CronExpression.MAX_YEAR`, fixed when the class loads): so does the walk.
///
/// The steps, their order and the day rules (`L`, `L-n`, `W`, `LW`, `nL`, `n#k`) follow
/// `getTimeAfter` in org/quartz/CronExpression.java of Quartz 2.3 (also where they disagree
/// with its documentation); the differential test against the real jar checks them
/// (docs/cron.md).
struct QuartzWalk {
    let schedule: QuartzSchedule
    let zone: QuartzZone

    /// Quartz's `MAX_YEAR`: the clock's year (UTC) + 100.
    static let maxYear: Int = {
        let now = Instant.now().seconds
        return Int(CivilArithmetic.civilFromDays(CivilArithmetic.floorDivMod(now, 86_400).quotient).year) + 100
    }()

    init(schedule: QuartzSchedule, zone: ZoneRules) {
        self.schedule = schedule
        self.zone = QuartzZone(zone)
    }

    /// What `getTimeAfter` does from a start.
    enum Outcome: Equatable {
        /// Returns this instant (UTC seconds).
        case fire(Int64)
        /// Returns null: no further fire.
        case none
        /// Never returns: the walk comes back to a calendar time it has already been at, and from
        /// there repeats itself forever. Seen when a `W`/`LW` day's wanted hour is in a gap (Cairo's
        /// midnight spring-forward on its last weekday of April): the day rule sends the walk back
        /// to that day, compared with the search's start rather than the walk's position.
        case cycles
    }

    /// The first fire strictly after `after` (UTC seconds), or nil when Quartz finds none (or never returns).
    func next(after: Int64) -> Int64? {
        if case let .fire(t) = outcome(after: after) { return t }
        return nil
    }

    func outcome(after: Int64) -> Outcome {
        let s = schedule
        let base = after + 1                         // Quartz starts one second after, milliseconds 0
        var cal = LenientCalendar(zone: zone, time: base)
        cal.touch()                                  // set(MILLISECOND, 0): the next read resolves again
        func lastDay(_ month: Int, _ year: Int) -> Int { Int(CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(month))) }
        func setHour(_ hour: Int) {
            cal.hour = hour
            if cal.read().hour != hour && hour != 24 { cal.hour = hour + 1 }
        }
        func midnight(day: Int, month0: Int) {
            cal.second = 0; cal.minute = 0; cal.hour = 0; cal.day = day; cal.month0 = month0
        }
        /// The weekday nearest `day` of (`year`, `month`) as Quartz moves it: Saturday → Friday (the
        /// 1st → Monday the 3rd), Sunday → Monday (the last day → Friday).
        func nearestWeekday(_ day: Int, month: Int, year: Int) -> Int {
            let date = CivilArithmetic.daysFromCivil(year: Int64(year), month: Int64(month), day: 1) + Int64(day - 1)
            let weekday = CivilArithmetic.weekday(ofDay: date)          // 1 = Sunday
            if weekday == 7 { return day == 1 ? day + 2 : day - 1 }
            if weekday == 1 { return day == lastDay(month, year) ? day - 2 : day + 1 }
            return day
        }
        // Each pass starts from the resolved calendar alone (its time), so a time seen twice at the
        // top of a pass is a cycle.
        var seen = Set<Int64>()
        while true {
            let top = cal.read()
            guard seen.insert(top.time).inserted else { return .cycles }
            if top.year > 2999 { return .none }
            var sec = cal.fields.second, min = cal.fields.minute
            // Second.
            if let next = QuartzSchedule.next(s.seconds, from: sec) {
                sec = next
            } else {
                sec = QuartzSchedule.first(s.seconds); min += 1
                cal.minute = min
            }
            cal.second = sec
            // Minute.
            min = cal.read().minute
            var hr = cal.fields.hour
            var t = -1
            if let next = QuartzSchedule.next(s.minutes, from: min) {
                t = min; min = next
            } else {
                min = QuartzSchedule.first(s.minutes); hr += 1
            }
            if min != t {
                cal.second = 0; cal.minute = min
                setHour(hr)
                continue
            }
            cal.minute = min
            // Hour.
            hr = cal.read().hour
            var day = cal.fields.day
            t = -1
            if let next = QuartzSchedule.next(s.hours, from: hr) {
                t = hr; hr = next
            } else {
                hr = QuartzSchedule.first(s.hours); day += 1
            }
            if hr != t {
                cal.second = 0; cal.minute = 0; cal.day = day
                setHour(hr)
                continue
            }
            cal.hour = hr
            // Day.
            day = cal.read().day
            var mon = cal.fields.month0 + 1
            t = -1
            var tmon = mon
            if !s.dayOfMonthUnspecified {
                let year = cal.fields.year
                if s.lastDayOfMonth && !s.nearestWeekday {
                    t = day
                    day = lastDay(mon, year) - s.lastDayOffset
                    if t > day {
                        mon += 1
                        if mon > 12 {
                            mon = 1; tmon = 3333
                            cal.addYear(1)
                        }
                        day = 1
                    }
                } else if s.nearestWeekday {
                    t = day
                    let wanted = s.lastDayOfMonth ? lastDay(mon, year) - s.lastDayOffset : QuartzSchedule.first(s.daysOfMonth)
                    day = nearestWeekday(wanted, month: mon, year: year)
                    // Quartz compares that day at the current time of day with the search's start.
                    let local = LenientCalendar.local(year: year, month0: mon - 1, day: day, hour: hr, minute: min, second: sec)
                    if zone.instant(local: local) < base {
                        day = s.lastDayOfMonth ? 1 : QuartzSchedule.first(s.daysOfMonth)
                        mon += 1
                    }
                } else if let next = QuartzSchedule.next(s.daysOfMonth, from: day) {
                    t = day; day = next
                    if day > lastDay(mon, year) {
                        day = QuartzSchedule.first(s.daysOfMonth); mon += 1
                    }
                } else {
                    day = QuartzSchedule.first(s.daysOfMonth); mon += 1
                }
                if day != t || mon != tmon {
                    midnight(day: day, month0: mon - 1)
                    continue
                }
            } else {
                let weekday = cal.read().weekday
                let year = cal.fields.year
                if s.lastDayOfWeek {
                    let wanted = QuartzSchedule.first(s.daysOfWeek)
                    var add = weekday < wanted ? wanted - weekday : weekday > wanted ? wanted + 7 - weekday : 0
                    let last = lastDay(mon, year)
                    if day + add > last {
                        midnight(day: 1, month0: mon)
                        continue
                    }
                    while day + add + 7 <= last { add += 7 }
                    day += add
                    if add > 0 {
                        midnight(day: day, month0: mon - 1)
                        continue
                    }
                } else if s.nthDayOfWeek != 0 {
                    let wanted = QuartzSchedule.first(s.daysOfWeek)
                    var add = weekday < wanted ? wanted - weekday : weekday > wanted ? wanted + 7 - weekday : 0
                    let shifted = add > 0
                    day += add
                    var week = day / 7
                    if day % 7 > 0 { week += 1 }
                    add = (s.nthDayOfWeek - week) * 7
                    day += add
                    if add < 0 || day > lastDay(mon, year) {
                        midnight(day: 1, month0: mon)
                        continue
                    } else if add > 0 || shifted {
                        midnight(day: day, month0: mon - 1)
                        continue
                    }
                } else {
                    var wanted = QuartzSchedule.first(s.daysOfWeek)
                    if let next = QuartzSchedule.next(s.daysOfWeek, from: weekday) { wanted = next }
                    let add = weekday < wanted ? wanted - weekday : weekday > wanted ? wanted + 7 - weekday : 0
                    if day + add > lastDay(mon, year) {
                        midnight(day: 1, month0: mon)
                        continue
                    } else if add > 0 {
                        midnight(day: day + add, month0: mon - 1)
                        continue
                    }
                }
            }
            cal.day = day
            // Month.
            mon = cal.read().month0 + 1
            var year = cal.fields.year
            t = -1
            if year > Self.maxYear { return .none }
            if let next = QuartzSchedule.next(s.months, from: mon) {
                t = mon; mon = next
            } else {
                mon = QuartzSchedule.first(s.months); year += 1
            }
            if mon != t {
                midnight(day: 1, month0: mon - 1)
                cal.year = year
                continue
            }
            cal.month0 = mon - 1
            // Year.
            year = cal.read().year
            guard let nextYear = s.nextYear(from: year) else { return .none }
            if nextYear != year {
                midnight(day: 1, month0: 0)
                cal.year = nextYear
                continue
            }
            cal.year = nextYear
            return .fire(cal.read().time)
        }
    }
}

/// The zone as `java.util.TimeZone` (`sun.util.calendar.ZoneInfo`) resolves a wall time, which is
/// what Quartz's calendar sees (`GregorianCalendar.computeTime`: "we assume standard time" for
/// both ambiguities). In Java's transition table (through 2037) a wall time takes the offset of the
/// last transition whose new wall time it has reached (`ZoneInfo.getOffsetsByWall`); past it, the
/// zone's annual rule (`SimpleTimeZone`) reads the wall time in standard time and takes DST only
/// when the DST reading is in DST too (`ZoneInfo.getOffsets`' "standard-to-daylight transition"
/// check). Both come to the same: in a gap the offset before it (02:30 in New York's spring gap
/// reads as 02:30 EST = 03:30 EDT), in an overlap the later instant (01:30 EST). The tz data is the
/// zone's own (TZif), assumed to agree with Java's (the differential test's `javaZonesAgree`).
struct QuartzZone {
    let rules: ZoneRules

    init(_ rules: ZoneRules) { self.rules = rules }

    /// The instant `GregorianCalendar` gives wall time `local` (local seconds).
    func instant(local: Int64) -> Int64 {
        switch rules.resolve(localSeconds: local) {
        case let .unique(seconds, _): return seconds
        case let .overlap(_, _, later, _): return later
        case let .gap(_, before, _): return local - Int64(before)
        }
    }

    func wall(of instant: Int64) -> Int64 { instant + Int64(rules.utcOffset(atSeconds: instant)) }
}

/// A lenient `java.util.GregorianCalendar`, as far as Quartz uses it: fields may be set out of
/// range (hour 24, day 32, month 12 carry over), and reading resolves them to an instant
/// (`QuartzZone.instant(local:)`) and recomputes every field from it.
struct LenientCalendar {
    struct Fields { var year = 1970, month0 = 0, day = 1, hour = 0, minute = 0, second = 0, weekday = 5 }
    let zone: QuartzZone
    private(set) var time: Int64
    private(set) var fields = Fields()
    private var dirty = false

    init(zone: QuartzZone, time: Int64) {
        self.zone = zone
        self.time = time
        load()
    }

    var year: Int { get { fields.year } set { fields.year = newValue; dirty = true } }
    var month0: Int { get { fields.month0 } set { fields.month0 = newValue; dirty = true } }
    var day: Int { get { fields.day } set { fields.day = newValue; dirty = true } }
    var hour: Int { get { fields.hour } set { fields.hour = newValue; dirty = true } }
    var minute: Int { get { fields.minute } set { fields.minute = newValue; dirty = true } }
    var second: Int { get { fields.second } set { fields.second = newValue; dirty = true } }

    /// A set that changes nothing still makes the next read resolve the wall time again.
    mutating func touch() { dirty = true }

    /// Resolves pending sets (Java's `complete()`), then answers the fields.
    mutating func read() -> (year: Int, month0: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int, time: Int64) {
        if dirty {
            time = zone.instant(local: Self.local(year: fields.year, month0: fields.month0, day: fields.day,
                                                  hour: fields.hour, minute: fields.minute, second: fields.second))
            load()
            dirty = false
        }
        let f = fields
        return (f.year, f.month0, f.day, f.hour, f.minute, f.second, f.weekday, time)
    }

    /// `add(YEAR, n)`: resolve, move the year, keep the day within the month.
    mutating func addYear(_ n: Int) {
        _ = read()
        fields.year += n
        let length = Int(CivilArithmetic.daysInMonth(year: Int64(fields.year), month: Int64(fields.month0 + 1)))
        if fields.day > length { fields.day = length }
        dirty = true
    }

    private mutating func load() {
        let wall = zone.wall(of: time)
        let (days, second) = CivilArithmetic.floorDivMod(wall, 86_400)
        let (y, m, d) = CivilArithmetic.civilFromDays(days)
        fields = Fields(year: Int(y), month0: Int(m) - 1, day: Int(d), hour: Int(second / 3600), minute: Int(second / 60 % 60),
                        second: Int(second % 60), weekday: CivilArithmetic.weekday(ofDay: days))
    }

    /// Local seconds of lenient fields (months past December carry into years, days and times
    /// past their ends into the next day or month).
    static func local(year: Int, month0: Int, day: Int, hour: Int, minute: Int, second: Int) -> Int64 {
        let (carry, month) = CivilArithmetic.floorDivMod(Int64(month0), 12)
        let first = CivilArithmetic.daysFromCivil(year: Int64(year) + carry, month: month + 1, day: 1)
        let days = first + Int64(day - 1)
        return days * 86_400 + Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)
    }
}

extension QuartzWalk {
    /// The first fire strictly after `instant`, with how DST moved it: `exact`, or `overlapLast`
    /// for a repeated wall time (the walk always reads it as the later instant).
    func fire(after instant: Instant) -> Fire? {
        guard let seconds = next(after: instant.seconds) else { return nil }
        return fire(at: seconds)
    }

    func fire(at seconds: Int64) -> Fire {
        let fire = Instant(seconds: seconds)
        let adjustment: FireAdjustment
        if case .overlap = zone.rules.resolve(localSeconds: zone.wall(of: seconds)) { adjustment = .overlapLast } else { adjustment = .exact }
        return Fire(instant: fire, compact: zone.rules.compactType(at: fire), adjustment: adjustment)
    }
}

extension CronFlavor {
    /// The last year the quartz flavor looks at (Quartz's `MAX_YEAR`: this year + 100).
    public static var quartzLastYear: Int { QuartzWalk.maxYear }
}
