/// systemd 252's next elapse of a calendar spec, step for step as src/shared/calendarspec.c
/// computes it (`calendar_spec_next_usec_impl`, `find_next`, `tm_within_bounds`,
/// `find_matching_component`, `find_end_of_month`, `matches_weekday`), with every normalization
/// through glibc's mktime(3) (`GlibcMktime`, whose remembered offset decides repeated wall times).
/// `OnCalendarTrigger` answers with it when no explicit gap/overlap policy is given.
///
/// The walk, from the start's local time plus 1 µs: each pass first normalizes the current time
/// through mktime, then takes the first wanted year, month, day (`~` days computed by a mktime of
/// day `1 − n` of the next month), weekday (a mktime of the day), hour, minute and second at or
/// after the current one. After each step `tm_within_bounds` converts a copy through mktime and
/// compares: the same fields go on to the next unit; normalized fields (a carried value, a wall
/// time a gap moved) restart the pass from the normalized time, with the unit below the largest
/// one that changed reset (an hour of 41 on the 31st enters the 1st at 17:00); normalized fields
/// *earlier* than asked (a gap's wall time moved back, where the later side of the gap is the
/// standard time, or where the DST flag copied from an earlier answer makes mktime read the time
/// with another offset) are refused (`-EDEADLK`, "refuse to go backward") and the walk moves on to
/// the next value of the unit above. The answer is the found wall time through one more mktime.
///
/// No elapse (`never`): no wanted year is left, or the walk passes 2199 (`MAX_YEAR`), or the
/// year step itself is normalized (its Jan 1 00:00:00 is in a gap). systemd gives up after 1,000
/// passes (`MAX_CALENDAR_ITERATIONS`, "Infinite loop in calendar calculation", `-EDEADLK`):
/// `gaveUp`; a timer then has no elapse from this expression (src/core/timer.c
/// `timer_enter_waiting`: `if (r < 0) continue;`).
///
/// Example, America/New_York, `*-*-* 01:30`, after 2026-11-01T04:00:00Z (00:00 EDT): the day step
/// and hour step convert 01:00 with the guess of the start (EDT), so 01:30 is answered as EDT,
/// 05:30:00Z; `*-*-* 02:30` after 2026-03-07T12:00:00Z: on 03-08 mktime moves 02:00 to 03:00 EDT,
/// the pass restarts at 03:00 and the next 02:30 is 03-09, 06:30:00Z.
struct SystemdCalendarWalk {
    enum Outcome: Equatable {
        /// UTC microseconds since 1970.
        case elapse(Int64)
        /// No elapse: systemd's -ENOENT ("never": no wanted year left, or past `maxYear`), or its
        /// -EDEADLK where the year step meets a normalization backward ("Resource deadlock
        /// avoided": a gap's wall time that mktime moves earlier).
        case never(Stop)
        /// systemd's -EDEADLK after 1,000 passes, or a failed final conversion.
        case gaveUp
    }

    typealias Tm = GlibcMktime.BrokenDown

    let spec: OnCalendarSpec
    var clock: GlibcMktime

    static let maxYear = 2199
    static let maxIterations = 1000

    init(spec: OnCalendarSpec, zone: ZoneRules) {
        self.spec = spec
        clock = GlibcMktime(zone: zone)
    }

    /// The next elapse strictly after `usec` (UTC microseconds since 1970, ≥ 0), in a fresh
    /// process's state (systemd forks a child for each zoned computation).
    static func next(spec: OnCalendarSpec, zone: ZoneRules, after usec: Int64) -> Outcome {
        var walk = SystemdCalendarWalk(spec: spec, zone: zone)
        let start = usec + 1
        let (seconds, micro) = CivilArithmetic.floorDivMod(start, 1_000_000)
        var tm = walk.clock.localTime(seconds).tm
        var tmUsec = Int(micro)
        switch walk.findNext(&tm, &tmUsec) {
        case .never(let stop): return .never(stop)
        case .gaveUp: return .gaveUp
        case .found:
            guard let t = walk.clock.mktime(&tm), t >= 0 else { return .gaveUp }
            return .elapse(t * 1_000_000 + Int64(tmUsec))
        }
    }

    /// Why a walk found no elapse, as systemd would report it.
    enum Stop: Equatable {
        /// No wanted year is left (the year field's values are all past).
        case noYearLeft
        /// The walk passed `maxYear`.
        case pastMaxYear
        /// mktime moved the wall time (fields as year, month, day, hour, minute, second) back:
        /// systemd refuses to go backward (-EDEADLK).
        case refusedBackward(wall: (Int, Int, Int, Int, Int, Int))
        /// mktime failed, or answered before 1970.
        case noTime
        /// The year's first second does not exist (a gap at midnight on January 1): mktime moves it.
        case yearStartNormalized

        static func == (a: Stop, b: Stop) -> Bool {
            switch (a, b) {
            case (.noYearLeft, .noYearLeft), (.pastMaxYear, .pastMaxYear), (.noTime, .noTime), (.yearStartNormalized, .yearStartNormalized): true
            case let (.refusedBackward(x), .refusedBackward(y)): x == y
            default: false
            }
        }
    }

    /// Why the last `withinBounds` answered −1.
    private var refusal: Stop = .noTime

    private enum Found { case found, never(Stop), gaveUp }

    /// `find_next`.
    private mutating func findNext(_ tm: inout Tm, _ usec: inout Int) -> Found {
        var c = tm
        var tmUsec = usec
        var keepDST = false
        func resetBelowDay(_ c: inout Tm, _ u: inout Int) { (c.hour, c.minute, c.second, u) = (0, 0, 0, 0) }
        for _ in 0..<Self.maxIterations {
            _ = clock.mktime(&c)
            if !keepDST { c.isDST = -1 }

            var year = c.year + 1900
            var r = matching(spec.year, c, &year, days: false)
            c.year = year - 1900
            if r > 0 { (c.month, c.day) = (0, 1); resetBelowDay(&c, &tmUsec) }
            if r < 0 { return .never(.noYearLeft) }
            switch withinBounds(&c) {
            case ..<0: return .never(refusal)
            case 0: return .never(.yearStartNormalized)
            default: break
            }

            var month = c.month + 1
            r = matching(spec.month, c, &month, days: false)
            c.month = month - 1
            if r > 0 { c.day = 1; resetBelowDay(&c, &tmUsec) }
            if r >= 0 { r = withinBounds(&c) }
            if r < 0 { c.year += 1; (c.month, c.day) = (0, 1); resetBelowDay(&c, &tmUsec); continue }
            if r == 0 { continue }

            var day = c.day
            r = matching(spec.day, c, &day, days: true)
            c.day = day
            if r > 0 { resetBelowDay(&c, &tmUsec) }
            if r >= 0 { r = withinBounds(&c) }
            if r < 0 { c.month += 1; c.day = 1; resetBelowDay(&c, &tmUsec); continue }
            if r == 0 { continue }

            if !matchesWeekday(c) { c.day += 1; resetBelowDay(&c, &tmUsec); continue }

            var hour = c.hour
            r = matching(spec.hour, c, &hour, days: false)
            c.hour = hour
            if r > 0 { (c.minute, c.second, tmUsec) = (0, 0, 0) }
            if r >= 0 { r = withinBounds(&c) }
            if r < 0 { c.day += 1; resetBelowDay(&c, &tmUsec); continue }
            if r == 0 { continue }

            var minute = c.minute
            r = matching(spec.minute, c, &minute, days: false)
            c.minute = minute
            if r > 0 { (c.second, tmUsec) = (0, 0) }
            if r >= 0 { r = withinBounds(&c) }
            if r < 0 { c.hour += 1; (c.minute, c.second, tmUsec) = (0, 0, 0); continue }
            if r == 0 { continue }

            var micro = c.second * 1_000_000 + tmUsec
            r = matching(spec.microsecond, c, &micro, days: false)
            tmUsec = micro % 1_000_000
            c.second = micro / 1_000_000
            if r >= 0 { r = withinBounds(&c) }
            if r < 0 { c.minute += 1; (c.second, tmUsec) = (0, 0); continue }
            if r == 0 { continue }

            // Debian's 252 carries the stable fix "we're stuck": a found time not after the
            // start (a gap's wall time that mktime moved back) moves on an hour, and from then on
            // each pass keeps the DST flag its normalizing mktime answered.
            let found = (c.year, c.month, c.day, c.hour, c.minute, c.second)
            let begin = (tm.year, tm.month, tm.day, tm.hour, tm.minute, tm.second)
            if found < begin || (found == begin && tmUsec < usec) {
                keepDST = true
                c.hour += 1
                continue
            }

            tm = c
            usec = tmUsec
            return .found
        }
        return .gaveUp
    }

    /// `find_matching_component`: the earliest wanted value at or above `value`; 1 if it moved,
    /// 0 if not (or any value is wanted), −1 if none.
    private mutating func matching(_ items: [OnCalendarSpec.Item]?, _ tm: Tm, _ value: inout Int, days: Bool) -> Int {
        guard let items else { return 0 }
        let fromEnd = days && spec.endOfMonth
        var best: Int?
        for item in items {
            var (start, stop) = (item.start, item.stop)
            if fromEnd {
                start = endOfMonth(tm, item.start)
                stop = endOfMonth(tm, item.stop)
                if stop > 0 { swap(&start, &stop) }
            }
            if start >= value {
                if best.map({ start < $0 }) ?? true { best = start }
            } else if item.repeat_ > 0 {
                let k = start + item.repeat_ * ((value - start + item.repeat_ - 1) / item.repeat_)
                if (best.map { k < $0 } ?? true) && (stop < 0 || k <= stop) { best = k }
            }
        }
        guard let best else { return -1 }
        defer { value = best }
        return value != best ? 1 : 0
    }

    /// `find_end_of_month`: the day that is `n` − 1 days before the month's last (through mktime,
    /// of day `1 − n` of the next month at the current time of day); −1 when that leaves the month.
    private mutating func endOfMonth(_ tm: Tm, _ n: Int) -> Int {
        var t = tm
        t.month += 1
        t.day = 1 - n
        guard let seconds = clock.mktime(&t), seconds >= 0, t.month == tm.month else { return -1 }
        return t.day
    }

    /// `tm_within_bounds`: 1 if mktime leaves the fields alone; 0 if it normalizes them forward
    /// (`tm` becomes the normalized time, the unit below the largest changed one reset); −1 past
    /// 2199, when mktime fails, or when it normalizes them backward.
    private mutating func withinBounds(_ tm: inout Tm) -> Int {
        if tm.year + 1900 > Self.maxYear { refusal = .pastMaxYear; return -1 }
        var t = tm
        guard let seconds = clock.mktime(&t), seconds >= 0 else { refusal = .noTime; return -1 }
        let order: Int
        if t.year != tm.year { order = t.year < tm.year ? -1 : 1; t.month = 0 }
        else if t.month != tm.month { order = t.month < tm.month ? -1 : 1; t.day = 1 }
        else if t.day != tm.day { order = t.day < tm.day ? -1 : 1; t.hour = 0 }
        else if t.hour != tm.hour { order = t.hour < tm.hour ? -1 : 1; t.minute = 0 }
        else if t.minute != tm.minute { order = t.minute < tm.minute ? -1 : 1; t.second = 0 }
        else { order = t.second == tm.second ? 0 : t.second < tm.second ? -1 : 1 }
        if order < 0 {
            refusal = .refusedBackward(wall: (tm.year + 1900, tm.month + 1, tm.day, tm.hour, tm.minute, tm.second))
            return -1
        }
        if order > 0 { tm = t }
        return order == 0 ? 1 : 0
    }

    /// `matches_weekday`, through a mktime of the current time.
    private mutating func matchesWeekday(_ tm: Tm) -> Bool {
        guard let bits = spec.weekdays else { return true }
        var t = tm
        guard let seconds = clock.mktime(&t), seconds >= 0 else { return false }
        let index = t.weekday == 0 ? 6 : t.weekday - 1
        return bits & (1 << index) != 0
    }
}
