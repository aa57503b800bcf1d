/// The consistent semantics (`docs/semantics.md`) as the hooks of the one search
/// (`CalendarSearch`): the fire set is every wanted wall time of rule 1 and every missing day's
/// stand-in, each resolved by the gap and overlap policies alone; the search takes the nearest
/// instant strictly beyond the start. Nothing depends on where the search starts.
///
/// Example, America/New_York, `{hour: 2, minute: 30}` with `nextTime`, after 2026-03-07T12:00:00Z:
/// 03-08 02:30 falls in the gap (02:00 EST → 03:00 EDT at 07:00:00Z), so it fires at the gap's end,
/// 2026-03-08T07:00:00Z (`gapNextTime`); backward from 2026-03-09T12:00:00Z the same wall time
/// gives 2026-03-09T06:30:00Z (`exact`), then 2026-03-08T07:00:00Z: the two directions mirror.
struct ConsistentRules: CalendarSearchRules {
    let pattern: ConsistentPattern
    let zone: ZoneRules
    var forward = true
    let matchingPolicy: MatchingPolicy
    let gapPolicy: GapPolicy
    let overlapPolicy: OverlapPolicy

    /// Holds the pattern (one reference) and the policies, not the trigger: a search copies no
    /// component storage.
    init(trigger: borrowing CalendarTrigger, zone: ZoneRules) {
        pattern = trigger.consistentPattern!
        self.zone = zone
        matchingPolicy = trigger.matchingPolicy
        gapPolicy = trigger.gapPolicy ?? trigger.matchingPolicy.gapPolicy
        overlapPolicy = trigger.overlapPolicy ?? (trigger.repeatedTimePolicy == .first ? .first : .last)
    }

    var neverMatches: Bool { pattern.neverMatches(matchingPolicy: matchingPolicy) }

    /// No start-day rule: the walk begins at the first wall time whose instants can be beyond the
    /// start (forward `start + minOffset`, backward `start + maxOffset`).
    mutating func begin(at start: Instant, forward: Bool) -> (day: Int64, time: Int64) {
        self.forward = forward
        return edge(of: start, forward: forward)
    }

    var singleTime: Int64? { pattern.singleTime }
    func firstTime(atOrAfter lower: Int64) -> Int64? { pattern.firstTime(atOrAfter: lower) }
    func lastTime(atOrBefore upper: Int64) -> Int64? { pattern.lastTime(atOrBefore: upper) }

    /// Section 3: the gap and overlap policies decide, whatever the day or the start.
    func resolve(wall: Int64, nanosecond: Int32, day: Int64, standIn: FireAdjustment?) -> ResolvedWallTime {
        zone.resolve(localSeconds: wall).instants(wall: wall, nanosecond: nanosecond, gap: gapPolicy, overlap: overlapPolicy)
    }
}
