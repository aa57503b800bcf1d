extension RRulePlan {
    /// The next fire after `instant` by `fast`, or nil when the general walk (`RRuleWalker`) must
    /// answer: DTSTART at or after the start (it may be an instance of its own), no candidate
    /// within the fast path's reach, a candidate past COUNT, UNTIL or the year 9999, or a candidate
    /// whose resolution is not unique (near a transition: gap and overlap policies, and which
    /// instant comes first, are the walk's).
    ///
    /// It is the walk's answer: the walk takes candidates in wall order and emits a candidate `w`
    /// resolved uniquely to `u` once the next candidate's least instant (its unique resolution, else
    /// itself less the zone's greatest offset) is not before `u`. Candidates are at least
    /// `fast.minimalGap` apart, so that holds without looking whenever `minimalGap` ≥ greatest
    /// offset − `u`'s offset; else the next candidate is found and tested.
    func fastFire(after instant: Instant, in zone: ZoneRules) -> Fire? {
        guard let fast else { return nil }
        let maxOffset = Int64(zone.table.maxOffset)
        let wallFrom = instant.seconds + Int64(zone.table.minOffset)
        guard wallFrom > start else { return nil }
        let limit = min(untilWall, RRule.lastWall)
        var hint = ZonePeriod(start: 0, end: 0, type: CompactLocalTimeType(utcOffset: 0, abbreviationID: 0, isDST: false))
        var floor = wallFrom
        for _ in 0..<4 {
            guard let wall = candidate(fast, atLeast: floor), wall <= limit,
                  let (u, type) = zone.uniqueResolution(localSeconds: wall, period: &hint) else { return nil }
            if u <= instant.seconds {
                floor = wall + 1                 // at or before the start: the walk drops it too
                continue
            }
            if let untilUTC, u > untilUTC { return nil }
            if fast.minimalGap < maxOffset - Int64(type.utcOffset) {
                guard let next = candidate(fast, atLeast: wall + 1) else { return nil }
                if next <= limit && next - maxOffset < u {
                    guard let (v, _) = zone.uniqueResolution(localSeconds: next, period: &hint), v >= u else { return nil }
                }
            }
            return Fire(instant: Instant(seconds: u), compact: type, adjustment: .exact)
        }
        return nil
    }

    @inline(__always)
    private func candidate(_ fast: RRuleDatedFastPath, atLeast floor: Int64) -> Int64? {
        if let expansion { return fast.next(atLeast: floor, years: expansion.calendar) }
        guard let rscaleYears else { return nil }
        return fast.next(atLeast: floor, years: rscaleYears)
    }
}
