/// Exact shortcuts for the commonest calendar-trigger shapes, tried before the general search
/// (`CalendarSearch` with `AppleRules` or `ConsistentRules`): a fixed time of day on every day or
/// weekday (`DailyFastPath`), on a day of every month or of one month — the n-th, the n-th last,
/// or the n-th (last) weekday (`DayOfMonthFastPath`) — or on a day of the year (`DayOfYearFastPath`).
///
/// A fast path walks the very candidate wall times the general forward search would try, in the
/// same order from the same first day, but resolves each only through
/// `ZoneRules.uniqueResolution(localSeconds:period:)`. While every candidate resolves to a single instant,
/// no DST or gap policy can apply and the answer is the first candidate after the start, so both
/// give the same fire; at the first candidate near a transition (gap, overlap, or just a
/// transition in its resolution window) the fast path gives up (`nil`) and the general search
/// answers — or, for an exact match on a DST night, the trigger's `FastPathNight` rule gives the
/// search's answer from the two zone periods either side of the transition. Example,
/// America/New_York, `{hour: 8, minute: 30}`: after 2026-07-01T13:00:00Z (09:00 EDT) the
/// candidates are Jul 1 08:30 (12:30:00Z, before the start) and Jul 2 08:30
/// (2026-07-02T12:30:00Z, the fire); after 2026-03-07T14:00:00Z the Mar 8 08:30 candidate's window
/// (12:30:00Z–13:30:00Z) holds no transition (07:00:00Z is earlier), so the fast path answers
/// 2026-03-08T12:30:00Z EDT too; `{hour: 2, minute: 30}` that day is in the gap: 07:00:00Z,
/// `gapNextTime`, by the apple rule of `FastPathNight`.
@usableFromInline
enum CalendarFastPath: Sendable, Hashable {
    case daily(DailyFastPath)
    case dayOfMonth(DayOfMonthFastPath)
    case dayOfYear(DayOfYearFastPath)

    /// The fast path for `pattern`, or `nil` for shapes only the general search handles: a free
    /// time-of-day field, a year or week fields, a day of the year with other date fields, a
    /// weekday together with a day or month (but without an ordinal), or a missing-day policy
    /// other than `nextTime`. `night`: what the path does near a transition.
    init?(_ pattern: MatchPattern, matchingPolicy: MatchingPolicy, night: FastPathNight = .search) {
        let p = pattern
        guard let time = p.fixedTime, p.year == nil, p.weekOfMonth == nil, p.weekOfYear == nil,
              p.yearForWeekOfYear == nil else { return nil }
        if let dayOfYear = p.dayOfYear {
            guard p.month == nil, p.day == nil, p.weekday == nil, p.weekdayOrdinal == nil else { return nil }
            self = .dayOfYear(DayOfYearFastPath(time: time, dayOfYear: Int16(dayOfYear), night: night))
        } else if let ordinal = p.weekdayOrdinal {
            // The n-th (or n-th last) weekday of every month or of one: no month lacks a stand-in
            // (a month without a fifth Friday simply has no candidate), whatever the policy.
            guard let weekday = p.weekday, p.day == nil, ordinal != 0, (-5...5).contains(ordinal) else { return nil }
            self = .dayOfMonth(DayOfMonthFastPath(time: time, weekday: weekday, ordinal: ordinal, month: p.month, night: night))
        } else if p.month == nil && p.day == nil {
            self = .daily(DailyFastPath(time: time, weekday: p.weekday, night: night))
        } else if let day = p.day, p.weekday == nil, matchingPolicy == .nextTime {
            self = .dayOfMonth(DayOfMonthFastPath(time: time, day: day, month: p.month, night: night))
        } else {
            return nil
        }
    }

    /// The next fire after `t` of the apple trigger with the notification defaults (`nextTime`,
    /// `first`, forward) and `components`, whose shortcut this is: the shortcut's answer, or the
    /// general search's near a transition. This is `CalendarTrigger.nextFire(after:in:)` for callers
    /// that keep the shape rather than the trigger (the pending set's packed columns); the trigger
    /// is built only when the search must answer. Such triggers never throw.
    @inline(__always)
    func nextFireOrSearch(after t: Instant, in zone: ZoneRules, components: () -> CalendarComponents) -> Fire? {
        if let fire = nextFire(after: t, in: zone) { return fire }
        return Self.search(components(), after: t, in: zone)
    }

    @inline(never)
    private static func search(_ components: CalendarComponents, after t: Instant, in zone: ZoneRules) -> Fire? {
        // Valid by construction (the caller's components come from a validated trigger).
        try! CalendarTrigger(components: components).searchWithoutFastPath(from: t, in: zone, forward: true)
    }

    /// The trigger's next fire after `t`, or `nil` when the general search must answer.
    @inline(__always)
    func nextFire(after t: Instant, in zone: ZoneRules) -> Fire? {
        switch self {
        case let .daily(path): path.nextFire(after: t, in: zone)
        case let .dayOfMonth(path): path.nextFire(after: t, in: zone)
        case let .dayOfYear(path): path.nextFire(after: t, in: zone)
        }
    }

    /// The trigger's fire after `t` when this shortcut decides it — its `nextFire(after:in:)`,
    /// as it is in the apple semantics and when it is the nearest (`isNearest`) in the consistent
    /// one, which takes the nearest instant — or `nil` when the search must answer.
    @inline(__always)
    func fire(after t: Instant, in zone: ZoneRules, semantics: Semantics) -> Fire? {
        guard let fire = nextFire(after: t, in: zone), semantics == .apple || Self.isNearest(fire, in: zone) else { return nil }
        return fire
    }

    /// The nearest fire after `t` among the pattern's wall times, or `nil` when a search must answer:
    /// `nextFire(after:in:)`'s answer when it is the nearest (`isNearest`). For the semantics that
    /// take the nearest instant (the consistent one, cron, OnCalendar); the apple semantics takes
    /// `nextFire(after:in:)` as it is.
    @inline(__always)
    func nearestFire(after t: Instant, in zone: ZoneRules) -> Fire? {
        guard let fire = nextFire(after: t, in: zone), Self.isNearest(fire, in: zone) else { return nil }
        return fire
    }

    /// Whether `fire`, the first candidate after the start that a fast path gives, is also the
    /// nearest instant after it: no later candidate (a wall time `w′` at least a day after the
    /// fire's `w`) can give an earlier instant. Every instant `w′` gives is at least
    /// `w′ − maxOffset`, so it cannot when `maxOffset − (w − fire) < 1 day`; `w − fire` is the
    /// fire's offset, except at a gap's end or shift (`gapNextTime`, `gapShiftedForward`: the
    /// offset before the gap, within a day before the fire). Always true when the zone's offsets
    /// span less than a day; otherwise the offsets near the fire decide — America/Anchorage
    /// (+14:00:24 LMT until 1867, −10:00 … −08:00 since) answers from the fast path at −09:00 and
    /// −08:00 alike.
    @inline(__always)
    static func isNearest(_ fire: Fire, in zone: ZoneRules) -> Bool {
        zone.table.maxOffset - zone.table.minOffset < 86_400 || isNearestInWideZone(fire, in: zone)
    }

    /// `isNearest` in a zone whose offsets span a day or more (rare; out of line).
    @inline(never)
    static func isNearestInWideZone(_ fire: Fire, in zone: ZoneRules) -> Bool {
        let table = zone.table
        switch fire.adjustment {
        case .gapNextTime, .gapShiftedForward:
            let s = fire.instant.seconds
            return table.maxOffset - zone.offsetRange(from: s - 86_400, through: s).min < 86_400
        default: return table.maxOffset - fire.offset < 86_400
        }
    }

    /// At most this many candidates are resolved before giving up: the answer is the first or
    /// second candidate unless the zone's offsets span more than a day.
    static let candidateLimit = 4

    /// Where the fast paths start: the day, on that day the earliest time (ns since midnight) they
    /// try, and the period the start is in (the first hint for `candidate`). `nil` outside years
    /// ~100…9900, where the search clamps to years 1…9999. The start's wall time less the zone's
    /// whole offset spread and an hour: no later than the general search's start
    /// (`AppleRules.forwardWalkStart`), and the wall times between give no instant after the start
    /// (they are `before`), so both find the same first candidate — without the search's lookup
    /// of the offsets near the start, which only pays off for a pattern with many times a day.
    @inline(__always)
    static func searchStart(after t: Instant, in zone: ZoneRules) -> (day: Int64, lowerTime: Int64, period: ZonePeriod)? {
        let period = zone.period(containing: t.seconds)
        let wall = t.seconds + Int64(period.type.utcOffset)
        let spread = Int64(zone.table.maxOffset - zone.table.minOffset)
        let (day, second) = CivilArithmetic.floorDivMod(wall - spread - 3_600, 86_400)
        let time = second * 1_000_000_000
        guard days.contains(day) else { return nil }
        return (day, time, period)
    }

    /// The days (since 1970-01-01) the fast paths try, years ~100…9900: the general search
    /// answers beyond, where it clamps to years 1…9999.
    @inlinable static var days: Range<Int64> { -682_999 ..< 2_896_000 }

    /// What one candidate wall time gives.
    @usableFromInline
    enum Candidate {
        /// A single instant after the start: the answer.
        case fires(Fire)
        /// A single instant at or before the start: try the next candidate.
        case before
        /// A transition is near: only the general search knows.
        case unknown
    }

    /// Resolves `time` (ns since midnight) on `day` as `AppleRules.resolve` does when the wall
    /// time is unique (then no policy applies; `adjustment` is the fire's). `period`: see
    /// `ZoneRules.uniqueResolution(localSeconds:period:)`. Near a transition `night` decides, for
    /// an exact match (a stand-in passes `.search`).
    @inline(__always)
    static func candidate(day: Int64, time: Int64, after t: Instant, in zone: ZoneRules, period: inout ZonePeriod,
                          _ adjustment: FireAdjustment, night: FastPathNight = .search) -> Candidate {
        let wall = day * 86_400 + time / 1_000_000_000
        let nanos = Int32(time % 1_000_000_000)
        guard let (seconds, type) = zone.uniqueResolution(localSeconds: wall, period: &period) else {
            if case .search = night { return .unknown }
            return night.resolve(wall: wall, nanos: nanos, day: day, after: t, in: zone, period: period)
        }
        let instant = Instant(seconds: seconds, nanoseconds: nanos)
        return instant > t ? .fires(Fire(instant: instant, compact: type, adjustment: adjustment)) : .before
    }
}
