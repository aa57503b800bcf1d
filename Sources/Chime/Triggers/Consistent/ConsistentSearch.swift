/// The consistent semantics' search (`docs/semantics.md`, section 4): the earliest instant of the
/// fire set strictly after the start (forward) or the latest strictly before it (backward). One
/// loop serves both directions.
///
/// It walks the wanted wall times outward from the start, in wall-clock order, and resolves each
/// (`LocalResolution.instants`). Wall-clock order is not instant order near a transition, so it keeps
/// the best instant so far and stops only when no further wall time can beat it: every instant a
/// wall time `w` gives lies in `[w − maxOffset, w − minOffset]` of the zone.
///
/// Example, America/New_York (offsets −05:00 … −04:00), `{minute: 30}` with `shift`, after
/// 2026-03-08T06:45:00Z (01:45 EST): 02:30 is in the gap and shifts to 07:30:00Z
/// (`gapShiftedForward`); 03:30 EDT is 07:30:00Z as well, `exact`, which wins the tie. 04:30 (at
/// least 08:30:00Z) cannot beat it, so the search stops: 2026-03-08T07:30:00Z, `exact`.
struct ConsistentSearch {
    let pattern: ConsistentPattern
    let zone: ZoneRules
    let forward: Bool
    let matchingPolicy: MatchingPolicy
    let gapPolicy: GapPolicy
    let overlapPolicy: OverlapPolicy

    /// Holds the pattern (one reference) and the policies, not the trigger: a search copies no
    /// component storage.
    init(trigger: borrowing CalendarTrigger, zone: ZoneRules, forward: Bool) {
        pattern = trigger.consistentPattern!
        self.zone = zone
        self.forward = forward
        matchingPolicy = trigger.matchingPolicy
        gapPolicy = trigger.gapPolicy ?? trigger.matchingPolicy.gapPolicy
        overlapPolicy = trigger.overlapPolicy ?? (trigger.repeatedTimePolicy == .first ? .first : .last)
    }

    static let firstDay = CivilArithmetic.daysFromCivil(year: 1, month: 1, day: 1)
    static let lastDay = CivilArithmetic.daysFromCivil(year: 9999, month: 12, day: 31)
    static let nanosPerDay: Int64 = 86_400 * 1_000_000_000

    /// What a candidate day contributes: its matching times, or a missing day's stand-in.
    enum DayKind: Equatable {
        case exact
        case standIn(FireAdjustment)
    }

    /// The search result so far, and the `reject` bookkeeping of section 4.
    private struct Best {
        var fire: (instant: Instant, adjustment: FireAdjustment)?
        /// The skipped wall time nearest the start, and its gap's transition instant.
        var rejected: (transition: Int64, wall: Int64, nanosecond: Int32)?
    }

    func fire(from start: Instant) throws(TriggerError) -> Fire? {
        if pattern.neverMatches(matchingPolicy: matchingPolicy) { return nil }
        let minOffset = Int64(zone.table.minOffset), maxOffset = Int64(zone.table.maxOffset)
        // Wall times beyond this one (in the search direction) may give an instant on the right side.
        let edgeWall = forward ? start.seconds + minOffset : start.seconds + maxOffset
        let (edgeDay, edgeSecond) = CivilArithmetic.floorDivMod(edgeWall, 86_400)
        var best = Best()
        var day = forward ? max(edgeDay, Self.firstDay) : min(edgeDay, Self.lastDay)
        while let (candidate, kind) = nextCandidateDay(from: day) {
            // The nearest wall time of the day (its midnight, or its last second) bounds its instants.
            if let fire = best.fire, cannotBeat(fire.instant, wall: candidate * 86_400 + (forward ? 0 : 86_399)) { break }
            let bound: Int64 = candidate != edgeDay ? (forward ? 0 : Self.nanosPerDay - 1)
                : forward ? edgeSecond * 1_000_000_000 : edgeSecond * 1_000_000_000 + 999_999_999
            visit(day: candidate, kind: kind, from: bound, start: start, best: &best)
            day = candidate + (forward ? 1 : -1)
        }
        if let rejected = best.rejected {
            let transition = Instant(seconds: rejected.transition)
            let between = forward ? best.fire.map { transition <= $0.instant } ?? true
                                  : best.fire.map { $0.instant < transition } ?? true
            if between {
                throw .wallTimeSkipped(local: CivilDateTime(localSeconds: rejected.wall, nanosecond: Int(rejected.nanosecond)).description,
                                       zone: zone.identifier)
            }
        }
        guard let (instant, adjustment) = best.fire else { return nil }
        assert(forward ? instant > start : instant < start, "a fire on the wrong side of the start")
        return Fire(instant: instant, compact: zone.compactType(at: instant), adjustment: adjustment)
    }

    /// Whether no instant from wall time `wall` (or any wall time beyond it) can beat `best`.
    @inline(__always)
    private func cannotBeat(_ best: Instant, wall: Int64) -> Bool {
        forward ? wall - Int64(zone.table.maxOffset) > best.seconds : wall - Int64(zone.table.minOffset) < best.seconds
    }

    /// Resolves the day's wanted wall times, nearest the start first, from `bound` (ns since midnight).
    private func visit(day: Int64, kind: DayKind, from bound: Int64, start: Instant, best: inout Best) {
        if kind == .standIn(.missingDayNextTime) {
            // nextTime's stand-in is the next day's first wall time, 00:00:00, alone.
            if !forward || bound <= 0 { consider(wall: day * 86_400, nanosecond: 0, base: .missingDayNextTime, start: start, best: &best) }
            return
        }
        let base: FireAdjustment? = if case .standIn(let adjustment) = kind { adjustment } else { nil }
        var time = forward ? pattern.firstTime(atOrAfter: bound) : pattern.lastTime(atOrBefore: bound)
        while let t = time {
            let wall = day * 86_400 + t / 1_000_000_000
            if let fire = best.fire, cannotBeat(fire.instant, wall: wall) { return }
            consider(wall: wall, nanosecond: Int32(t % 1_000_000_000), base: base, start: start, best: &best)
            time = forward ? pattern.firstTime(atOrAfter: t + 1) : pattern.lastTime(atOrBefore: t - 1)
        }
    }

    /// Resolves one wall time (section 3) and keeps its instants that are on the searched side of
    /// the start and nearer than the best so far.
    private func consider(wall: Int64, nanosecond: Int32, base: FireAdjustment?, start: Instant, best: inout Best) {
        func offer(_ instant: Instant, _ adjustment: FireAdjustment) {
            guard forward ? instant > start : instant < start else { return }
            let adjustment = base ?? adjustment
            if let current = best.fire {
                let nearer = forward ? instant < current.instant : instant > current.instant
                guard nearer || (instant == current.instant && Self.precedence(adjustment) < Self.precedence(current.adjustment)) else { return }
            }
            best.fire = (instant, adjustment)
        }
        let resolved = zone.resolve(localSeconds: wall).instants(wall: wall, nanosecond: nanosecond, gap: gapPolicy, overlap: overlapPolicy)
        if let first = resolved.first { offer(first.instant, first.adjustment) }
        if let second = resolved.second { offer(second.instant, second.adjustment) }
        if let position = resolved.rejectedAt, forward ? position > start : position <= start {
            // The skipped wall time sits just before its transition instant; keep the nearest.
            let transition = position.seconds
            if let current = best.rejected, forward ? current.transition <= transition : current.transition >= transition { return }
            best.rejected = (transition, wall, nanosecond)
        }
    }

    /// Of several wall times giving one instant, the fire carries the adjustment first in this order.
    static func precedence(_ adjustment: FireAdjustment) -> Int {
        switch adjustment {
        case .exact: 0
        case .overlapFirst: 1
        case .overlapLast: 2
        case .gapNextTime: 3
        case .gapShiftedForward: 4
        case .gapShiftedBackward: 5
        case .missingDayNextTime: 6
        case .missingDayNextTimePreservingSmallerComponents: 7
        case .missingDayPreviousTimePreservingSmallerComponents: 8
        case .gapSkipped, .intervalWallClockDrift: 9
        }
    }
}
