/// Proving wall times unique cheaply, for shortcuts that must show several nearby wall times each
/// exist once (OnCalendar's `plainDailyFire`: the start's, then a day's midnight, hour, minute and
/// time). Both answers are exactly what `resolve(localSeconds:)` says; the period hint (`period`,
/// replaced when it does not hold the window, as nearby wall times usually share one) lets most
/// cost a few comparisons instead of a table scan.
extension ZoneRules {
    /// Whether every wall time in `first...last` (local seconds) provably has one instant, at
    /// `period`'s offset: true when the window those wall times resolve in,
    /// `[first - maxOffset, last - minOffset]`, lies in one period. False does not mean a gap or an
    /// overlap — only that a transition lies in the window (ask `singleInstant` for each).
    ///
    /// Why it holds: `resolve(localSeconds:)` looks for the solutions of `w` in
    /// `[w - maxOffset, w - minOffset]`, inside the window for every `w` in the span; within one
    /// period the only solution is `w - offset`. So when true, `resolve(localSeconds: w)` is
    /// `.unique(w - period.type.utcOffset, …)` and `compactType(at:)` of it is `period.type`.
    /// `uniqueResolution(localSeconds:period:)` is the one-wall-time case.
    ///
    /// Example, America/New_York (offsets -05:00 … -04:00), 2026-07-02T00:00:00 …
    /// 2026-07-02T08:30:00: the window 04:00:00Z–13:30:00Z lies in EDT (2026-03-08T07:00:00Z to
    /// 2026-11-01T06:00:00Z), so every wall time of the span is unique (08:30 is 12:30:00Z);
    /// 2026-11-01T00:00:00 … 08:30:00 holds the 06:00:00Z fall-back in its window: false.
    @inlinable @inline(__always)
    package func spanIsUnique(localFrom first: Int64, through last: Int64, period: inout ZonePeriod) -> Bool {
        guard first > -(1 << 61), last < 1 << 61 else { return false }     // no clamping in play
        let low = first - Int64(table.maxOffset), high = last - Int64(table.minOffset)
        if low < period.start || high >= period.end {
            return replacePeriod(&period, holding: low, through: high)
        }
        return true
    }

    /// The one instant of wall time `localSeconds` and the type in force at it; `nil` in a gap or
    /// an overlap: `resolve(localSeconds:)`'s `.unique` answer. From the period
    /// (`uniqueResolution(localSeconds:period:)`) when no transition is in its window, else by the
    /// exact scan. Example, America/New_York, 2026-11-01: 00:00 and 08:30 come from a period (EDT
    /// 04:00:00Z; EST 13:30:00Z, the hint moving on), 01:30 is scanned: an overlap, `nil`.
    @inlinable @inline(__always)
    package func singleInstant(localSeconds: Int64, period: inout ZonePeriod) -> (seconds: Int64, type: CompactLocalTimeType)? {
        if let resolved = uniqueResolution(localSeconds: localSeconds, period: &period) { return resolved }
        return exactSingleInstant(localSeconds: localSeconds)
    }

    /// `singleInstant`'s rare case, out of line so the hot path stays small.
    @usableFromInline @inline(never)
    func exactSingleInstant(localSeconds: Int64) -> (seconds: Int64, type: CompactLocalTimeType)? {
        guard case let .unique(seconds, _) = resolve(localSeconds: localSeconds) else { return nil }
        return (seconds, compactType(at: Instant(seconds: seconds)))
    }
}
