/// systemd's `OnCalendar` rules as hooks of the one calendar search (`CalendarSearch`), forward
/// only, for a trigger with an explicit gap or overlap policy (without one, `SystemdCalendarWalk`
/// answers exactly as systemd 252 does). The wall-clock walk follows systemd's
/// (`calendar_spec_next_usec`, calendarspec.c), the policies decide DST:
///
/// - systemd walks wall times, not instants: from the start's own wall time (exclusive) it takes
///   the first wanted wall time that exists (`begin`, `firstTime`). A wall time that a DST overlap
///   repeats is therefore met once, and wall times behind the start's are never met again.
/// - Dates (`nextCandidateDay`): the year, month, day (or `~` days from the month's end) and
///   weekday must all match; a value past its unit's end (hour 28 from `0/7`, day 31 in April)
///   moves on to the next unit's start, as systemd's `tm_within_bounds` resets it. No year after
///   2199 (systemd's `MAX_YEAR`).
/// - A wall time in a DST gap is skipped (`resolve`): mktime(3) moves it past the gap, and the walk
///   goes on from there. A repeated wall time gets the pass whose offset mktime(3) (tm_isdst = -1)
///   guesses: the offset of the last wall time it converted, which is the offset in force at the
///   start when the start lies in the same repeated hour, else the earlier (pre-transition) one.
///
/// Explicit `gap`/`overlap` policies replace these two decisions.
///
/// Example, America/New_York, `*-*-* 01:30:00`, after 2026-11-01T04:00:00Z (00:00 EDT): 01:30
/// occurs twice; systemd takes the first (EDT), 05:30:00Z. After 2026-11-01T06:15:00Z (01:15 EST,
/// in the repeated hour) it takes 01:30 EST, 06:30:00Z. `*-*-* 02:30:00` after
/// 2026-03-07T12:00:00Z skips the 03-08 gap: 2026-03-09T06:30:00Z.
struct OnCalendarRules: CalendarSearchRules {
    let spec: OnCalendarSpec
    let zone: ZoneRules
    let gapPolicy: GapPolicy?
    let overlapPolicy: OverlapPolicy?
    /// The start and the offset in force at it.
    private var start = Instant(seconds: 0)
    private var startOffset: Int32 = 0
    /// The last candidate day handed out, whose walk may carry into the next day.
    private var lastCandidate: Int64?

    init(spec: OnCalendarSpec, zone: ZoneRules, gap: GapPolicy?, overlap: OverlapPolicy?) {
        self.spec = spec
        self.zone = zone
        gapPolicy = gap
        overlapPolicy = overlap
    }

    static let maxYear = 2199
    static let nanosPerDay: Int64 = 86_400 * 1_000_000_000

    var neverMatches: Bool { false }

    /// The start's own wall time, exclusive: the first time visited is one nanosecond after it.
    /// (The search keeps only instants after the start, so the earlier edge of an explicit overlap
    /// policy gives no fire before it.)
    mutating func begin(at start: Instant, forward: Bool) -> (day: Int64, time: Int64) {
        precondition(forward, "OnCalendar searches forward only")
        self.start = start
        lastCandidate = nil
        startOffset = zone.utcOffset(at: start)
        // With an explicit overlap policy the fires are instants, not a walk of wall times: begin at
        // the first wall time whose instants can lie after the start (so `both` gives both passes).
        // An instant after the start has a wall time below the start's only through a smaller
        // offset within the zone's offset span of it; the zone's smallest offset ever (New York's
        // LMT, −4:56:02) would begin up to five hours early, and a `5/0.000001` second has a million
        // wall times a second to go through there.
        let span = Int64(zone.table.maxOffset - zone.table.minOffset)
        let earliest = overlapPolicy != nil ? zone.offsetRange(from: start.seconds, through: start.seconds + span + 1).min : startOffset
        let wall = start.seconds + Int64(earliest)
        let (day, second) = CivilArithmetic.floorDivMod(wall, 86_400)
        let time = second * 1_000_000_000 + Int64(start.nanoseconds) + 1
        return time >= Self.nanosPerDay ? (day + 1, time - Self.nanosPerDay) : (day, time)
    }

    /// systemd's date walk from `day` (inclusive): year, month, day, weekday. A day just after
    /// the previous candidate may be entered part-way (`CandidateDay.earliest`) when that day's
    /// walk overflowed into it (`carry(after:)`).
    mutating func nextCandidateDay(from first: Int64) -> CandidateDay? {
        let carried = lastCandidate.flatMap { $0 + 1 == first ? carry(after: $0) : nil }
        let civil = CivilDateTime(localSeconds: first * 86_400)
        var (year, month, day) = (civil.year, civil.month, civil.day)
        while true {
            guard year <= Self.maxYear else { return nil }
            guard let y = OnCalendarSpec.next(spec.year, atOrAbove: year) else { return nil }
            if y != year { (year, month, day) = (y, 1, 1) }
            guard year <= Self.maxYear else { return nil }
            guard let m = OnCalendarSpec.next(spec.month, atOrAbove: month), m <= 12 else {
                (year, month, day) = (year + 1, 1, 1); continue
            }
            if m != month { (month, day) = (m, 1) }
            let length = Int(CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(month)))
            guard let d = OnCalendarSpec.next(spec.days(inMonthOf: length), atOrAbove: day), d <= length else {
                if month == 12, let d = OnCalendarSpec.next(spec.days(inMonthOf: length), atOrAbove: day) {
                    // mktime carries December's day 40 into January 9; only the month is reset
                    // (tm_within_bounds), so the walk goes on from that day, not January 1.
                    (year, month, day) = (year + 1, 1, d - 31)
                } else {
                    (year, month, day) = month == 12 ? (year + 1, 1, 1) : (year, month + 1, 1)
                }
                continue
            }
            day = d
            let number = CivilArithmetic.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
            if let weekdays = spec.weekdays {
                // Day 0 (1970-01-01) was a Thursday: Monday-based index 3.
                let index = Int((number % 7 + 7 + 3) % 7)
                if weekdays & (1 << index) == 0 {
                    if day < length { day += 1 } else { (year, month, day) = month == 12 ? (year + 1, 1, 1) : (year, month + 1, 1) }
                    continue
                }
            }
            lastCandidate = number
            return CandidateDay(day: number, kind: .exact, resume: number + 1, earliest: number == first ? carried : nil)
        }
    }

    /// Where the walk enters the next day after day `day` is exhausted, when not at its midnight
    /// (ns since midnight): a value past its unit's end is carried by mktime(3) and only the unit
    /// just below the largest one that changed is reset (systemd's `tm_within_bounds`). An hour
    /// of 41 on a month's last day enters the 1st at 17:00; a minute of 75 at 23:xx enters the next
    /// day at 00:15; a second of 65 at 23:59 enters it at 00:00:05. Otherwise nil.
    func carry(after day: Int64) -> Int64? {
        let lastHour = OnCalendarSpec.last(spec.hour, atOrBelow: 23)
        if lastHour != 23 {
            guard let k = OnCalendarSpec.next(spec.hour, atOrAbove: (lastHour ?? -1) + 1) else { return nil }
            let civil = CivilDateTime(localSeconds: day * 86_400)
            guard civil.day == Int(CivilArithmetic.daysInMonth(year: Int64(civil.year), month: Int64(civil.month))) else { return nil }
            return Int64(k - 24) * 3_600_000_000_000
        }
        let lastMinute = OnCalendarSpec.last(spec.minute, atOrBelow: 59)
        if lastMinute != 59 {
            guard let k = OnCalendarSpec.next(spec.minute, atOrAbove: (lastMinute ?? -1) + 1) else { return nil }
            return Int64(k - 60) * 60_000_000_000
        }
        let lastMicro = OnCalendarSpec.last(spec.microsecond, atOrBelow: 59_999_999) ?? -1
        guard let k = OnCalendarSpec.next(spec.microsecond, atOrAbove: lastMicro + 1) else { return nil }
        return Int64(k - 60_000_000) * 1000
    }

    /// systemd's hour, minute and second steps from `lower` (ns since midnight): the first wanted
    /// time they reach. A second past 59 at minute 59 carries into the next hour keeping its
    /// remainder (the minute is reset, the second is not): `*:59:50/15` after 10:59:50 goes on
    /// at 11:00:05. nil when the walk leaves the day.
    func firstTime(atOrAfter lower: Int64) -> Int64? {
        var hour = Int(lower / 3_600_000_000_000)
        let rest = lower % 3_600_000_000_000
        var minute = Int(rest / 60_000_000_000)
        var micro = Int((rest % 60_000_000_000 + 999) / 1000)
        if micro >= 60_000_000 { (minute, micro) = (minute + 1, 0); if minute > 59 { (hour, minute) = (hour + 1, 0) } }
        while hour < 24 {
            guard let h = OnCalendarSpec.next(spec.hour, atOrAbove: hour), h <= 23 else { return nil }
            if h != hour { (hour, minute, micro) = (h, 0, 0) }
            guard let m = OnCalendarSpec.next(spec.minute, atOrAbove: minute) else { (hour, minute, micro) = (hour + 1, 0, 0); continue }
            if m > 59 { (hour, minute, micro) = (hour + 1, 0, 0); continue }
            if m != minute { (minute, micro) = (m, 0) }
            guard let s = OnCalendarSpec.next(spec.microsecond, atOrAbove: micro) else {
                (minute, micro) = (minute + 1, 0)
                if minute > 59 { (hour, minute) = (hour + 1, 0) }
                continue
            }
            if s >= 60_000_000 {
                if minute < 59 { (minute, micro) = (minute + 1, 0) } else { (hour, minute, micro) = (hour + 1, 0, s - 60_000_000) }
                continue
            }
            return Int64(hour) * 3_600_000_000_000 + Int64(minute) * 60_000_000_000 + Int64(s) * 1000
        }
        return nil
    }

    func lastTime(atOrBefore upper: Int64) -> Int64? { nil }

    func resolve(wall: Int64, nanosecond: Int32, day: Int64, standIn: FireAdjustment?) -> ResolvedWallTime {
        let resolution = zone.resolve(localSeconds: wall)
        let overlap: OverlapPolicy
        if let overlapPolicy { overlap = overlapPolicy }
        else if case let .overlap(earlier, _, later, laterOffset) = resolution {
            // mktime's guess: the start's offset when the start is in this repeated hour's second pass.
            overlap = startOffset == laterOffset && start.seconds > earlier && start.seconds < later ? .last : .first
        } else { overlap = .first }
        return resolution.instants(wall: wall, nanosecond: nanosecond, gap: gapPolicy ?? OnCalendarTrigger.defaultGapPolicy, overlap: overlap)
    }
}
