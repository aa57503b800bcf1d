/// The one search for a calendar trigger's next fire, in either direction and under either
/// semantics: the earliest instant strictly after the start (forward) or the latest strictly
/// before it (backward), among the instants the rules (`CalendarSearchRules`) make of the wanted
/// wall times.
///
/// It walks candidate days outward from the start and, on each, the wanted wall times in
/// wall-clock order, resolving each through the rules. Wall-clock order is not instant order near
/// a transition, so it keeps the best instant so far and stops only when no further wall time can
/// beat it: every instant a wall time `w` gives lies in `[w − maxOffset, w − minOffset]`, with the
/// offsets in force near the best instant (`Best.limit`).
///
/// Example, America/New_York (offsets −05:00 … −04:00), `{minute: 30}` with `shift` (consistent),
/// after 2026-03-08T06:45:00Z (01:45 EST): 02:30 is in the gap and shifts to 07:30:00Z
/// (`gapShiftedForward`); 03:30 EDT is 07:30:00Z as well, `exact`, which wins the tie. 04:30 (at
/// least 08:30:00Z) cannot beat it, so the search stops: 2026-03-08T07:30:00Z, `exact`.
struct CalendarSearch<Rules: CalendarSearchRules> {
    var rules: Rules
    let forward: Bool
    var zone: ZoneRules { rules.zone }

    /// The search result so far, and the `reject` bookkeeping (`docs/semantics.md`, section 4).
    private struct Best {
        /// The search's start: only instants beyond it count.
        let start: Instant
        var fire: AdjustedInstant? {
            didSet { limit = nil }
        }
        /// The wall time beyond which no wall time can give an instant nearer than `fire`
        /// (computed when first needed, see `cannotBeat`).
        var limit: Int64?
        /// The skipped wall time nearest the start, and its gap's transition instant.
        var rejected: (transition: Int64, wall: Int64, nanosecond: Int32)?
    }

    /// The nearest fire beyond the start; throws `wallTimeSkipped` when a wall time skipped with
    /// gap policy `reject` comes no later than it (`docs/semantics.md`, section 4).
    mutating func fire(from start: Instant) throws(TriggerError) -> Fire? {
        let outcome = try outcome(from: start)
        if let rejection = outcome.rejection, outcome.rejectionComesFirst(forward: forward) { throw rejection.error }
        return outcome.fire
    }

    /// `fire(from:)` before the `reject` rule is applied: the nearest fire and the nearest skipped
    /// wall time, for a caller that decides over several searches (a weekly trigger's weekdays).
    /// A semantics that fails at once on a skipped wall time (`thrownRejection`) gives that
    /// failure as the rejection, with no fire.
    mutating func outcomeCatchingRejection(from start: Instant) throws(TriggerError) -> SearchOutcome {
        do { return try outcome(from: start) } catch {
            guard let transition = rules.thrownRejection else { throw error }
            return SearchOutcome(fire: nil, rejection: (Instant(seconds: transition), error))
        }
    }

    private mutating func outcome(from start: Instant) throws(TriggerError) -> SearchOutcome {
        if rules.neverMatches { return SearchOutcome(fire: nil, rejection: nil) }
        let edge = rules.begin(at: start, forward: forward)
        var best = Best(start: start)
        var day = forward ? max(edge.day, SearchDays.first) : min(edge.day, SearchDays.last)
        while let candidate = rules.nextCandidateDay(from: day) {
            if cannotBeat(&best, day: candidate.day) { break }
            let bound = candidate.day != edge.day ? candidate.earliest ?? (forward ? 0 : SearchDays.nanosPerDay - 1) : edge.time
            try visit(candidate, from: bound, start: start, best: &best)
            // Later candidates are at or beyond `resume`: stop before searching for one in vain.
            if cannotBeat(&best, day: candidate.resume) { break }
            day = candidate.resume
        }
        let rejection = best.rejected.map { rejected in
            (transition: Instant(seconds: rejected.transition),
             error: TriggerError.wallTimeSkipped(local: CivilDateTime(localSeconds: rejected.wall, nanosecond: Int(rejected.nanosecond)).description,
                                                 zone: zone.identifier))
        }
        guard let fire = best.fire else { return SearchOutcome(fire: nil, rejection: rejection) }
        assert(forward ? fire.instant > start : fire.instant < start, "a fire on the wrong side of the start")
        return SearchOutcome(fire: Fire(instant: fire.instant, compact: zone.compactType(at: fire.instant), adjustment: fire.adjustment),
                             rejection: rejection)
    }

    /// Whether no instant from day `day` (or any day beyond it) can beat the best: its nearest wall
    /// time bounds its instants — its midnight forward, its last nanosecond backward (not its last
    /// whole second: a tie at 23:59:59.n must still be offered).
    @inline(__always)
    private func cannotBeat(_ best: inout Best, day: Int64) -> Bool {
        forward ? cannotBeat(&best, wall: day * 86_400) : cannotBeat(&best, wall: day * 86_400 + 86_399, nanosecond: 999_999_999)
    }

    /// Whether no instant from wall time `wall` (or any wall time beyond it) can beat the best.
    ///
    /// Every instant `i` a wall time `w` gives is `w` less an offset the zone has near `i`: its own
    /// (`exact`, overlaps, `nextValid`) or that on one side of a gap whose transition lies within
    /// the zone's offset spread `s` of `i` (`shift`, `previous`). Forward, with `M` the greatest
    /// offset in force over `[b − 2s − 2, b + 2s + 2]` around the best instant `b`, a wall time past
    /// `b + M` gives no instant at or before `b`: one within `s + 1` before `b` is at least the wall
    /// time less `M`, and one earlier comes from a wall time before `b + minOffset − 1`. Backward
    /// mirrors it with the least offset over the same window. Example, Pacific/Apia (offsets
    /// up to +14:00 in its history), a best instant of 2026-07-01T19:30:00Z (07-02 08:30 +13:00):
    /// only +13:00 is in force around it, so no wall time after 08:30 can beat it, where the zone's
    /// greatest offset alone would keep the walk going to 09:30.
    /// `nanosecond`: of `wall`, for wall times within one second of the best fire's (a
    /// `5/0.000001` OnCalendar second offers a million of them: compared by whole seconds, the
    /// search resolved every one after its answer).
    @inline(__always)
    private func cannotBeat(_ best: inout Best, wall: Int64, nanosecond: Int32 = 0) -> Bool {
        guard let fire = best.fire else { return false }
        // The zone's whole offset range first: cheap, and enough unless it spans many hours.
        if forward ? wall - Int64(zone.table.maxOffset) > fire.instant.seconds : wall - Int64(zone.table.minOffset) < fire.instant.seconds {
            return true
        }
        if best.limit == nil {
            let near = zone.offsetsNear(fire.instant.seconds)
            best.limit = fire.instant.seconds + Int64(forward ? near.max : near.min)
            if forward && near.min != near.max { best.limit = min(best.limit!, limitNearTransitions(fire.instant.seconds, start: best.start.seconds)) }
        }
        let limit = best.limit!
        // Past the limit's second by whole seconds, or within it past the fire's nanosecond (a
        // wall time there resolves no earlier than the fire; an equal one may still tie).
        return forward ? wall > limit || (wall == limit && nanosecond > fire.instant.nanoseconds)
                       : wall < limit || (wall == limit && nanosecond < fire.instant.nanoseconds)
    }

    /// Forward, the greatest wall time that can give an instant after `start` and no later than
    /// `best` (UTC seconds), from the transitions within the zone's offset spread `s` of it: an
    /// instant's own wall time is at most `best + offset(best)` or, before a transition back after
    /// the start, that transition's last repeated wall time; a wall time a gap skips resolves no
    /// earlier than the transition less the gap and no later than the transition plus the gap, so
    /// only a gap that near both can give one. Example, America/New_York, `* * * * * *` after
    /// 2026-11-01T06:10:00Z (01:10 EST, the second time): the best fire 06:10:01Z is 01:10:01, and
    /// no later wall time gives an instant between the two, where the offsets near it (up to
    /// −04:00) kept the walk going to 02:10:01, 3,600 wall times for every fire of the two hours
    /// after the transition.
    private func limitNearTransitions(_ best: Int64, start: Int64) -> Int64 {
        let spread = Int64(zone.table.maxOffset - zone.table.minOffset)
        var wall = best + Int64(zone.utcOffset(atSeconds: best))
        zone.forEachOffsetChange(from: best - spread - 2, to: best + spread + 3) { t, offsetBefore, offsetAfter in
            let before = Int64(offsetBefore), after = Int64(offsetAfter)
            if after < before, t <= best + 1, t > start {
                wall = max(wall, t + before + 1)
            } else if after > before, t - (after - before) <= best + 1, t + (after - before) > start {
                wall = max(wall, t + after + 1)
            }
        }
        return wall
    }

    /// Resolves the day's wanted wall times, nearest the start first, from `bound` (ns since midnight).
    private mutating func visit(_ candidate: CandidateDay, from bound: Int64, start: Instant, best: inout Best) throws(TriggerError) {
        let standIn: FireAdjustment?, fixedTime: Int64?
        switch candidate.kind {
        case .exact: (standIn, fixedTime) = (nil, rules.singleTime)
        case let .standIn(adjustment, at): (standIn, fixedTime) = (adjustment, at)
        }
        var time: Int64? = if let fixedTime { (forward ? fixedTime >= bound : fixedTime <= bound) ? fixedTime : nil }
            else { forward ? rules.firstTime(atOrAfter: bound) : rules.lastTime(atOrBefore: bound) }
        while let t = time {
            let wall = candidate.day * 86_400 + t / 1_000_000_000
            let nanosecond = Int32(t % 1_000_000_000)
            if cannotBeat(&best, wall: wall, nanosecond: nanosecond) { return }
            let resolved = try rules.resolve(wall: wall, nanosecond: nanosecond, day: candidate.day, standIn: standIn)
            if let first = resolved.first { offer(first, standIn: standIn, start: start, best: &best) }
            if let second = resolved.second { offer(second, standIn: standIn, start: start, best: &best) }
            if let position = resolved.rejectedAt, forward ? position > start : position <= start {
                // The skipped wall time sits just before its transition instant; keep the nearest.
                let transition = position.seconds
                if best.rejected.map({ forward ? $0.transition > transition : $0.transition < transition }) ?? true {
                    best.rejected = (transition, wall, nanosecond)
                }
            }
            if fixedTime != nil { return }
            let next = nextTime(after: t, resolved: resolved, start: start, best: best)
            time = forward ? rules.firstTime(atOrAfter: next) : rules.lastTime(atOrBefore: next)
        }
    }

    /// Where a day's walk goes on after wall time `t` (ns since midnight), which resolved to
    /// `resolved`: the next nanosecond, or further within the same wall second when no wall time
    /// there can be offered. Every wall time of one wall second resolves alike (transitions and
    /// offsets are whole seconds), and its instants grow with the nanosecond at most one for one
    /// (`nextValid` holds still at the transition). So when the second's instants cannot beat the
    /// best, or it has none (a skipped or rejected gap), the rest of the second is passed over;
    /// while they lie on the wrong side of the start, the walk moves on by as much as they must
    /// still grow. Only an OnCalendar second repeated below a second has more than one wanted time
    /// a second: `00:00:00/0.000002` in New York after 2026-03-07T08:34:57Z fires 2026-03-08T05:00:00Z,
    /// and EDT from 07:00:00Z keeps the search's wall-time limit an hour out (`cannotBeat`), so it
    /// resolved all 30 million wall times of 00:00 one by one; now one a second.
    private func nextTime(after t: Int64, resolved: ResolvedWallTime, start: Instant, best: Best) -> Int64 {
        let secondStart = t - t % 1_000_000_000
        // Nanoseconds from `a` to a later `b`, or nil when a second or more.
        func nanosecondsBetween(_ a: Instant, _ b: Instant) -> Int64? {
            b.seconds - a.seconds > 1 ? nil : (b.seconds - a.seconds) * 1_000_000_000 + Int64(b.nanoseconds - a.nanoseconds)
        }
        // `second` (overlap `both`) is the later of two; none at all: a skipped or rejected gap.
        guard let earliest = resolved.first?.instant else { return forward ? secondStart + 1_000_000_000 : secondStart - 1 }
        let latest = resolved.second?.instant ?? earliest
        if forward {
            let nextSecond = secondStart + 1_000_000_000
            if let b = best.fire?.instant, earliest > b { return nextSecond }
            if latest <= start { return nanosecondsBetween(latest, start).map { min(t + $0 + 1, nextSecond) } ?? nextSecond }
            return t + 1
        } else {
            let previousSecond = secondStart - 1
            if let b = best.fire?.instant, latest < b { return previousSecond }
            if earliest >= start { return nanosecondsBetween(start, earliest).map { max(t - $0 - 1, previousSecond) } ?? previousSecond }
            return t - 1
        }
    }

    /// Keeps `candidate` if it is on the searched side of the start and nearer than the best so
    /// far (or as near, with an adjustment that takes precedence).
    @inline(__always)
    private func offer(_ candidate: AdjustedInstant, standIn: FireAdjustment?, start: Instant, best: inout Best) {
        let instant = candidate.instant
        guard forward ? instant > start : instant < start else { return }
        let adjustment = standIn ?? candidate.adjustment
        if let current = best.fire {
            let nearer = forward ? instant < current.instant : instant > current.instant
            guard nearer || (instant == current.instant && adjustment.precedence < current.adjustment.precedence) else { return }
        }
        best.fire = AdjustedInstant(instant, adjustment)
    }
}

/// What a search found beyond its start, before the `reject` rule decides (`CalendarSearch`).
struct SearchOutcome {
    /// The nearest fire (ties: the adjustment first in `FireAdjustment.precedence`).
    var fire: Fire?
    /// The nearest wall time skipped with gap policy `reject`: its gap's transition instant, and
    /// the error naming it.
    var rejection: (transition: Instant, error: TriggerError)?

    /// Whether the skipped wall time comes no later than the fire (`docs/semantics.md`, section 4:
    /// forward, T ≤ the fire; backward, the fire < T), or there is no fire: the search fails.
    func rejectionComesFirst(forward: Bool) -> Bool {
        guard let transition = rejection?.transition else { return false }
        guard let fire else { return true }
        return forward ? transition <= fire.instant : fire.instant < transition
    }
}

extension FireAdjustment {
    /// Of several wall times giving one instant, the fire carries the adjustment first in this order.
    var precedence: Int {
        switch self {
        case .exact: 0
        case .overlapFirst: 1
        case .overlapLast: 2
        case .gapNextTime: 3
        case .gapShiftedForward: 4
        case .gapShiftedBackward: 5
        case .missingDayNextTime: 6
        case .missingDayNextTimePreservingSmallerComponents: 7
        case .missingDayPreviousTimePreservingSmallerComponents: 8
        case .gapSkipped, .intervalWallClockDrift, .gapShiftCarried: 9
        }
    }
}
