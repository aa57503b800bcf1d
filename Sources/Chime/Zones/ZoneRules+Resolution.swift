extension ZoneRules {
    /// How a wall time maps to instants: unique, in a gap, or in an overlap.
    ///
    /// Example, America/New_York: `2026-11-01T01:30:00` happens at 05:30:00Z (EDT) and again at
    /// 06:30:00Z (EST) -> `.overlap`; `2026-03-08T02:30:00` never happens (02:00 EST jumps to
    /// 03:00 EDT at 07:00:00Z) -> `.gap`.
    public func resolve(_ local: CivilDateTime) -> LocalResolution {
        let result = resolve(localSeconds: local.localSeconds)
        let nanos = Int32(local.nanosecond)
        switch result {
        case let .unique(seconds, type):
            return .unique(ZonedInstant(instant: Instant(seconds: seconds, nanoseconds: nanos), type: type))
        case let .overlap(earlier, earlierType, later, laterType):
            return .overlap(earlier: ZonedInstant(instant: Instant(seconds: earlier, nanoseconds: nanos), type: earlierType),
                            later: ZonedInstant(instant: Instant(seconds: later, nanoseconds: nanos), type: laterType))
        case let .gap(transition, before, after):
            return .gap(.init(local: local, transition: ZoneTransition(instant: Instant(seconds: transition), before: before, after: after)))
        }
    }

    /// Allocation-free resolution on raw local seconds (wall time as if UTC, seconds since 1970).
    public enum RawResolution: Sendable, Hashable {
        case unique(Int64, LocalTimeType)
        case overlap(earlier: Int64, LocalTimeType, later: Int64, LocalTimeType)
        /// The transition instant that skips the wall time, with the types either side.
        case gap(transition: Int64, before: LocalTimeType, after: LocalTimeType)
    }

    /// Every instant `u` with `u + offset(u) == localSeconds` lies in
    /// `[localSeconds - maxOffset, localSeconds - minOffset]`; each period of the table within
    /// that window contributes at most one solution.
    public func resolve(localSeconds: Int64) -> RawResolution {
        // Map far-future (or, for rule-only zones, far-past) wall times into the table's cycle.
        var shift: Int64 = 0
        var local = min(max(localSeconds, -(1 << 62)), 1 << 62)    // far beyond any real wall time; no overflow below
        let t = table
        if local - Int64(t.maxOffset) >= t.cycleEnd || (t.cycleCoversPast && local - Int64(t.maxOffset) < t.cycleStart) {
            let mapped = t.mapIntoTable(local - Int64(t.maxOffset))
            shift = mapped.shift
            local -= shift
        }
        let windowEnd = local - Int64(t.minOffset)
        var i = t.periodIndex(ofMapped: local - Int64(t.maxOffset))
        var first: (Int64, Int)? = nil
        var last: (Int64, Int)? = nil
        var gapAt: Int? = nil
        let count = t.instants.count
        while true {
            let start = i < 0 ? Int64.min : t.instants[i]
            let end = i + 1 < count ? t.instants[i + 1] : Int64.max
            let candidate = local - Int64(i < 0 ? t.initialOffset : t.offsets[i])
            if candidate >= start && candidate < end {
                if first == nil { first = (candidate, i) } else { last = (candidate, i) }
            } else if candidate >= end, i + 1 < count, local - Int64(t.offsets[i + 1]) < end {
                gapAt = i + 1      // after this period in its own offset, before the next in the next's
            }
            if end > windowEnd || i + 1 >= count { break }
            i += 1
        }
        if let (u1, p1) = first {
            if let (u2, p2) = last {
                return .overlap(earlier: u1 + shift, t.type(ofPeriod: p1), later: u2 + shift, t.type(ofPeriod: p2))
            }
            return .unique(u1 + shift, t.type(ofPeriod: p1))
        }
        // No solution: the wall time lies in a forward gap.
        guard let g = gapAt else {
            assertionFailure("a wall time with no instant must lie in a gap")
            let offset = utcOffset(atSeconds: localSeconds - Int64(t.initialOffset))
            return .unique(localSeconds - Int64(offset), type(at: Instant(seconds: localSeconds - Int64(offset))))
        }
        return .gap(transition: t.instants[g] + shift, before: t.type(ofPeriod: g - 1), after: t.type(ofPeriod: g))
    }
}
