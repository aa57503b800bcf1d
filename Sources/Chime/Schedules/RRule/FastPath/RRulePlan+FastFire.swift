extension RRulePlan {
    /// The next fire after `instant` by `fast` (or `dayWeek`), or nil when the general walk (`RRuleWalker`) must
    /// answer: no candidate within the fast path's reach, a candidate past COUNT, UNTIL or the year
    /// 9999, or a candidate in a gap or an overlap (their policies, and which instant comes first,
    /// are the walk's).
    ///
    /// It is the walk's answer: the walk takes candidates in wall order — DTSTART first when it
    /// counts (`always`) and is not before the start's earliest wall time, then the rule's from the
    /// same floor — and emits a candidate `w` resolved uniquely to `u` once the next candidate's least
    /// instant (its unique resolution, else itself less the zone's greatest offset) is not before
    /// `u`. Candidates are at least `fast.minimalGap` apart, so that holds without looking whenever
    /// `minimalGap` ≥ greatest offset − `u`'s offset (and DTSTART is not the candidate); else the
    /// next candidates are found and tested. A candidate near a transition that still has one
    /// instant (`ZoneRules.resolve` says `.unique`) is answered here too, as the walk resolves it.
    func fastFire(after instant: Instant, in zone: ZoneRules) -> Fire? {
        if let fast { return fastFire(fast, after: instant, in: zone) }
        if let dayWeek { return fastFire(dayWeek, after: instant, in: zone) }
        return nil
    }

    /// `fastFire(after:in:)` by one fast path (specialised for each).
    private func fastFire<F: RRuleFastCandidates>(_ fast: F, after instant: Instant, in zone: ZoneRules) -> Fire? {
        let maxOffset = Int64(zone.table.maxOffset)
        let wallFrom = instant.seconds + Int64(zone.table.minOffset)
        let limit = min(untilWall, RRule.lastWall)
        var dtstartPending = always && start >= wallFrom
        var floor = max(always ? start + 1 : start, wallFrom)
        var hint = ZonePeriod(start: 0, end: 0, type: CompactLocalTimeType(utcOffset: 0, abbreviationID: 0, isDST: false))
        // The candidates in the walk's order, within COUNT, UNTIL and the year 9999 (nil: the walk decides).
        func next() -> Int64? {
            if dtstartPending {
                dtstartPending = false
                return start <= limit ? start : nil
            }
            guard let wall = candidate(fast, atLeast: floor), wall <= limit else { return nil }
            floor = wall + 1
            return wall
        }
        // A zone whose offsets span many hours starts the floor that far before the start: a rule with
        // several times a day has that many candidates to pass.
        for _ in 0..<16 {
            let first = dtstartPending
            guard let wall = next(), let (u, type) = Self.resolution(wall, in: zone, &hint) else { return nil }
            if u <= instant.seconds { continue }            // at or before the start: the walk drops it too
            if let untilUTC, u > untilUTC { return nil }
            if first || fast.minimalGap < maxOffset - Int64(type.utcOffset) {
                // The candidates after it whose least instant is before `u` (none past the rule's
                // end): the walk takes each in and emits `u` once one resolves uniquely, by its
                // window, to `u` or later, or none is left before `u`.
                var after = floor
                for step in 0...16 {
                    guard step < 16 else { return nil }
                    guard let following = candidate(fast, atLeast: after), following <= limit, following - maxOffset < u else { break }
                    if let (v, _) = zone.uniqueResolution(localSeconds: following, period: &hint) {
                        guard v >= u else { return nil }
                        break
                    }
                    // Near a transition: one instant, not before `u`, and the walk looks at the next.
                    guard case .unique(let v, _) = zone.resolve(localSeconds: following), v >= u else { return nil }
                    after = following + 1
                }
            }
            return Fire(instant: Instant(seconds: u), compact: type, adjustment: .exact)
        }
        return nil
    }

    /// Wall time `wall`'s one instant and local time type: by its window when no transition is
    /// near (`uniqueResolution`), else by the zone's resolution when that is one instant (what the
    /// walk's `resolve` gives it: that instant, exact, typed by `compactType(at:)`); nil in a gap
    /// or an overlap, whose policies are the walk's.
    @inline(__always)
    private static func resolution(_ wall: Int64, in zone: ZoneRules, _ hint: inout ZonePeriod) -> (Int64, CompactLocalTimeType)? {
        if let unique = zone.uniqueResolution(localSeconds: wall, period: &hint) { return unique }
        guard case .unique(let u, _) = zone.resolve(localSeconds: wall) else { return nil }
        return (u, zone.compactType(at: Instant(seconds: u)))
    }

    @inline(__always)
    private func candidate<F: RRuleFastCandidates>(_ fast: F, atLeast floor: Int64) -> Int64? {
        if let expansion { return fast.next(atLeast: floor, years: expansion.calendar) }
        guard let rscaleYears else { return nil }
        return fast.next(atLeast: floor, years: rscaleYears)
    }
}
