/// The hooks a semantics gives the one calendar search (`CalendarSearch`): which days are
/// candidates, which wall times a day offers, where the search starts, and what one wall time
/// resolves to. `ConsistentRules` (Chime's rules, `docs/semantics.md`) and `AppleRules`
/// (Foundation's, `docs/apple-semantics.md`) are the two conformances; the loop, the choice of
/// the nearest instant and the stopping bound are shared.
protocol CalendarSearchRules {
    /// The zone searched.
    var zone: ZoneRules { get }

    /// Patterns that can never match, answered without searching.
    var neverMatches: Bool { get }

    /// Start-day handling: called once before the walk, with the search's start. Returns the day
    /// the walk begins on and, on that day, the first time it visits (ns since midnight): the
    /// earliest forward, the latest backward. Wall times beyond it cannot give an instant on the
    /// searched side (or the semantics passes over them).
    mutating func begin(at start: Instant, forward: Bool) -> (day: Int64, time: Int64)

    /// The nearest candidate day at or beyond `day` in the search direction (within years
    /// 1…9999), what it contributes, and the day to continue from after it.
    mutating func nextCandidateDay(from day: Int64) -> CandidateDay?

    /// The pattern's first wanted time of day at or after `lower`, and its last at or before
    /// `upper` (ns since midnight); `nil` when the day has none left.
    func firstTime(atOrAfter lower: Int64) -> Int64?
    func lastTime(atOrBefore upper: Int64) -> Int64?
    /// The pattern's one wanted time of day when it has exactly one (`{hour: 9}`), so a day's
    /// walk needs no `firstTime`/`lastTime` calls; nil otherwise.
    var singleTime: Int64? { get }

    /// What one wall time of a candidate day (local seconds, with `nanosecond`) resolves to under
    /// the policies: the gap decision and the overlap choice. `standIn` is the adjustment of a
    /// missing day's stand-in, if the day is one (the fire then carries it).
    mutating func resolve(wall: Int64, nanosecond: Int32, day: Int64, standIn: FireAdjustment?) throws(TriggerError) -> ResolvedWallTime

    /// For a semantics whose `resolve` fails at once on a wall time skipped with gap policy
    /// `reject` (the apple semantics): that gap's transition instant (UTC seconds), set before it
    /// throws; nil otherwise.
    var thrownRejection: Int64? { get }
}

/// A day the search visits.
struct CandidateDay: Equatable {
    /// What a candidate day contributes: its wanted times, or a missing day's stand-in.
    enum Kind: Equatable {
        case exact
        /// A stand-in for a missing day: the pattern's wanted times (`at == nil`) or one time of
        /// day (ns since midnight), each carrying `adjustment`.
        case standIn(FireAdjustment, at: Int64?)
    }

    let day: Int64
    let kind: Kind
    /// Where the search goes on after this candidate (usually the next day in its direction).
    let resume: Int64
    /// The first time of day (ns since midnight) the walk visits on this day when it is not the
    /// start's day: nil for the day's first (forward) or last (backward) nanosecond. systemd's
    /// walk (`OnCalendarRules`) can carry into a day part-way through it.
    var earliest: Int64? = nil
}

extension CalendarSearchRules {
    var singleTime: Int64? { nil }
    var thrownRejection: Int64? { nil }

    /// Where a search without a start-day rule begins: the first wall time whose instants can lie
    /// beyond the start (forward `start + minOffset`, backward `start + maxOffset`, its last
    /// nanosecond), as `begin` returns it, with the offsets in force near the start rather than
    /// the zone's whole history (`ZoneRules.offsetsNear`): an instant within the zone's offset
    /// spread `s` (and 1 s) of the start has a wall time of at least the start plus the least of
    /// them; a later one, of more than the start plus `maxOffset`.
    /// Example, Australia/Lord_Howe (+10:00 … +11:30 in its history), `* * * * * *` after
    /// 2026-03-07T12:00:00Z (23:00 +11:00): the walk begins at 23:00:00, where the zone-wide
    /// +10:00 began it at 22:00:00 and resolved 3,600 wall times before the start for every fire.
    ///
    /// Forward near a transition, the transitions themselves bound it more tightly (`edgeNearTransitions`).
    func edge(of start: Instant, forward: Bool) -> (day: Int64, time: Int64) {
        let near = zone.offsetsNear(start.seconds)
        var edgeWall = start.seconds + Int64(forward ? near.min : near.max)
        if forward && near.min != near.max { edgeWall = max(edgeWall, edgeNearTransitions(start)) }
        let (day, second) = CivilArithmetic.floorDivMod(edgeWall, 86_400)
        return (day, forward ? second * 1_000_000_000 : second * 1_000_000_000 + 999_999_999)
    }

    /// The least wall time whose instants can lie beyond `start`, from the transitions within the
    /// zone's offset spread `s` of it. An instant `i` after the start comes from its own wall time
    /// `i + offset(i)`, whose least is the start's own (`start + offset after it`) or, past a
    /// transition back, that transition's first repeated wall time; or from a wall time a gap
    /// skips, which no policy moves later than its shift (`wall − offset before`), so only gap wall
    /// times past `start + offset before` can. Example, America/New_York, `* * * * * *` after
    /// 2026-03-08T08:30:00Z (04:30 EDT, 90 minutes after the gap at 07:00:00Z, whose shifted wall
    /// times end at 08:00:00Z): the walk begins at 04:30:00, where the offsets near the start
    /// (−05:00) began it at 03:30:00 and resolved 3,600 wall times before the start, for every fire
    /// of the two hours after the transition.
    private func edgeNearTransitions(_ start: Instant) -> Int64 {
        let spread = Int64(zone.table.maxOffset - zone.table.minOffset)
        var wall = start.seconds + Int64(zone.utcOffset(atSeconds: start.seconds))
        zone.forEachOffsetChange(from: start.seconds - spread - 1, to: start.seconds + spread + 2) { t, offsetBefore, offsetAfter in
            let before = Int64(offsetBefore), after = Int64(offsetAfter)
            if after < before, t > start.seconds {
                wall = min(wall, t + after)
            } else if after > before, t + (after - before) > start.seconds {
                wall = min(wall, max(t, start.seconds) + before)
            }
        }
        return wall
    }

    /// The days a search visits: years 1…9999.
    static var firstDay: Int64 { SearchDays.first }
    static var lastDay: Int64 { SearchDays.last }
    static var nanosPerDay: Int64 { SearchDays.nanosPerDay }

    /// Whether a walk for candidate days that began on `origin` may go on to `day`: within years
    /// 1…9999, and, for a pattern without a year or a week-based year (`yearFree`), within one
    /// 400-year Gregorian cycle of `origin`. The calendar repeats every 146,097 days, a whole
    /// number of weeks — month lengths, weekdays, week numbers, days of the year — so a year-free
    /// pattern that no day of a whole cycle matches never matches: `{day: 31, weekOfMonth: 1}` ends
    /// after 400 years instead of walking the 2.9 million days from 2026 to the year 9999.
    @inline(__always)
    static func walkMayVisit(_ day: Int64, from origin: Int64, yearFree: Bool) -> Bool {
        day >= firstDay && day <= lastDay && (!yearFree || abs(day - origin) <= 146_097)
    }
}

/// The range of days every search keeps to (years 1…9999), computed once.
enum SearchDays {
    static let first = CivilArithmetic.daysFromCivil(year: 1, month: 1, day: 1)
    static let last = CivilArithmetic.daysFromCivil(year: 9999, month: 12, day: 31)
    static let nanosPerDay: Int64 = 86_400 * 1_000_000_000
}
