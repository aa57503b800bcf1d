/// What a calendar fast path makes of a candidate wall time with a transition in its resolution
/// window (a DST night): the general search's answer for that one wall time, computed from the two
/// zone periods either side of the transition instead of by running the search.
///
/// The fast paths walk the general search's candidates in its order (`CalendarFastPath`). Away from
/// transitions a candidate has one instant and no policy applies; on a gap or overlap night the
/// semantics' rules decide. These are those rules for the trigger configurations whose decision
/// depends only on the wall time, the start and a few facts of the pattern — the rest (`search`)
/// still leave the night to the general search. Example, America/New_York, `{hour: 2, minute: 30}`
/// (apple, `nextTime`) after 2026-03-07T12:00:00Z: 03-08 02:30 lies in the gap that ends at
/// 07:00:00Z, so the fire is 2026-03-08T07:00:00Z, `gapNextTime`, where the fast path used to
/// hand the whole search (ten times a daily fire) a question whose answer is one subtraction.
enum FastPathNight: Sendable, Hashable {
    /// Give up near a transition: the general search answers (cron, OnCalendar, the pending set's
    /// packed shapes, and triggers with policies the rules below do not cover).
    case search
    /// The apple semantics with `nextTime` and no explicit gap or overlap policy
    /// (`AppleRules.resolve` and `AppleRules+FoundationTransitions.swift`, forward):
    /// - `hourGiven`: the components give an hour (Foundation consults the repeated-time policy);
    /// - `hourAlone`: the hour without a minute or second (a gap ending inside that hour fires at
    ///   the gap's end with the wanted nanosecond, `foundationDayStartStandIn`);
    /// - `hourLevel`: the hour is the largest given unit (a start between the two passes of a
    ///   repeated wall time takes the later one, `startsInside`);
    /// - `last`: `repeatedTimePolicy` is `last`.
    case apple(hourGiven: Bool, hourAlone: Bool, hourLevel: Bool, last: Bool)
    /// The consistent semantics: the policies alone decide (`ConsistentRules.resolve`); `reject`
    /// is left to the search, which reports it.
    case consistent(gap: GapPolicy, overlap: OverlapPolicy)

    /// The rule for a calendar trigger's configuration, or `search` when it is not covered.
    init(_ c: CalendarComponents, _ p: MatchPattern, semantics: Semantics, matchingPolicy: MatchingPolicy,
         repeatedTimePolicy: RepeatedTimePolicy, gapPolicy: GapPolicy?, overlapPolicy: OverlapPolicy?) {
        switch semantics {
        case .apple:
            guard matchingPolicy == .nextTime, gapPolicy == nil, overlapPolicy == nil else { self = .search; return }
            self = .apple(hourGiven: c.hour != nil, hourAlone: c.hour != nil && c.minute == nil && c.second == nil,
                          hourLevel: p.highestLevel == 3, last: repeatedTimePolicy == .last)
        case .consistent:
            let gap = gapPolicy ?? matchingPolicy.gapPolicy
            guard gap != .reject else { self = .search; return }
            self = .consistent(gap: gap, overlap: overlapPolicy ?? (repeatedTimePolicy == .first ? .first : .last))
        }
    }

    /// The candidate wall time `wall` (local seconds) with `nanos`, an exact match of the pattern
    /// (not a missing day's stand-in) on `day`, whose window `[wall − maxOffset, wall − minOffset]`
    /// holds a transition: what the search makes of it. `period` holds `wall − maxOffset` (as
    /// `ZoneRules.uniqueResolution` leaves it). `.unknown`
    /// when two transitions share the window or the night is one the rules above leave to the
    /// search (a skipped midnight).
    @inline(never)
    func resolve(wall: Int64, nanos: Int32, day: Int64, after t: Instant, in zone: ZoneRules, period: ZonePeriod) -> CalendarFastPath.Candidate {
        if case .search = self { return .unknown }
        let low = wall - Int64(zone.table.maxOffset), high = wall - Int64(zone.table.minOffset)
        guard period.start <= low, low < period.end, period.end != Int64.max else { return .unknown }
        let next = zone.period(containing: period.end)
        guard next.start == period.end, next.end > high else { return .unknown }
        // The window holds one transition, at `transition`: `resolve(localSeconds:)`'s scan over
        // exactly these two periods.
        let transition = period.end
        let before = period.type, after = next.type
        let early = wall - Int64(before.utcOffset), late = wall - Int64(after.utcOffset)
        let inBefore = early < transition, inAfter = late >= transition
        func fire(_ seconds: Int64, _ nanoseconds: Int32, _ adjustment: FireAdjustment) -> CalendarFastPath.Candidate {
            let instant = Instant(seconds: seconds, nanoseconds: nanoseconds)
            guard instant > t else { return .before }
            return .fires(Fire(instant: instant, compact: seconds < transition ? before : after, adjustment: adjustment))
        }
        switch (inBefore, inAfter) {
        case (true, false): return fire(early, nanos, .exact)
        case (false, true): return fire(late, nanos, .exact)
        case (true, true):          // an overlap: `early` is the first pass, `late` the second
            let first = Instant(seconds: early, nanoseconds: nanos), second = Instant(seconds: late, nanoseconds: nanos)
            switch self {
            case .search: return .unknown
            case let .apple(hourGiven, _, hourLevel, last):
                if hourLevel && first < t && second > t { return fire(late, nanos, .overlapLast) }
                return hourGiven && last ? fire(late, nanos, .overlapLast) : fire(early, nanos, .overlapFirst)
            case let .consistent(_, overlap):
                switch overlap {
                case .first: return fire(early, nanos, .overlapFirst)
                case .last: return fire(late, nanos, .overlapLast)
                case .both: return first > t ? fire(early, nanos, .overlapFirst) : fire(late, nanos, .overlapLast)
                }
            }
        case (false, false):        // a gap, from `wall − before`'s side to `wall − after`'s
            switch self {
            case .search: return .unknown
            case let .apple(_, hourAlone, _, _):
                let gapStart = transition + Int64(before.utcOffset), firstWall = transition + Int64(after.utcOffset)
                // An hour alone whose gap ends inside that hour: the gap's end, with the nanosecond.
                if hourAlone && CivilArithmetic.floorDivMod(firstWall, 3600).quotient == CivilArithmetic.floorDivMod(wall, 3600).quotient {
                    return fire(transition, nanos, .gapNextTime)
                }
                // A skipped midnight has Foundation's day-start rules: the search knows them.
                if gapStart <= day * 86_400 { return .unknown }
                // Forward, Foundation adjusts only a wall time still ahead of the start's
                // (`foundationPassesOverGap`); one that is not has its gap's end at or before the
                // start (a start before the gap reads a wall time before it), so `fire` passes it.
                return fire(transition, 0, .gapNextTime)
            case let .consistent(gap, _):
                switch gap {
                case .nextValid: return fire(transition, 0, .gapNextTime)
                case .shift: return fire(early, nanos, .gapShiftedForward)
                case .previous: return fire(late, nanos, .gapShiftedBackward)
                case .skip: return .before
                case .reject: return .unknown
                }
            }
        }
    }
}
