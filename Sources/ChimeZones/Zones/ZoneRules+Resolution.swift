extension ZoneRules {
    /// How a wall time maps to instants: unique, in a gap, or in an overlap.
    ///
    /// Example, America/New_York: `2026-11-01T01:30:00` happens at 05:30:00Z (EDT) and again at
    /// 06:30:00Z (EST) -> `.overlap`; `2026-03-08T02:30:00` never happens (02:00 EST jumps to
    /// 03:00 EDT at 07:00:00Z) -> `.gap`.
    public func resolve(_ local: CivilDateTime) -> LocalResolution {
        resolve(localSeconds: local.localSeconds)
    }

    /// `local` under the policies: its instants, each with its local time type and adjustment.
    /// Example: New York `2026-03-08T02:30:00` with `.shift` is 07:30:00Z, EDT, `gapShiftedForward`.
    public func resolve(_ local: CivilDateTime, gap: GapPolicy, overlap: OverlapPolicy) -> [Fire] {
        let resolved = resolve(local).instants(wall: local.localSeconds, nanosecond: Int32(local.nanosecond), gap: gap, overlap: overlap)
        return [resolved.first, resolved.second].compactMap { $0 }.map { Fire(instant: $0.instant, type: type(at: $0.instant), adjustment: $0.adjustment) }
    }

    /// The transition at `seconds` (the first instant of a gap's or overlap's new period).
    public func transition(at seconds: Int64) -> ZoneTransition {
        ZoneTransition(instant: Instant(seconds: seconds), before: type(at: Instant(seconds: seconds - 1)), after: type(at: Instant(seconds: seconds)))
    }

    /// The period in force at `seconds` (UTC), with real bounds: within `[start, end)` the table
    /// gives the same slot under the same 400-year shift, hence one offset and one type.
    @inlinable @inline(__always)
    package func period(containing seconds: Int64) -> ZonePeriod {
        let t = table
        let (mapped, shift) = t.mapIntoTable(seconds)
        let p = t.slot(ofMapped: mapped)
        // A mapped instant (or any, when the rule covers the past) lies in one copy of the cycle.
        let start = shift != 0 || t.cycleCoversPast ? max(t.slots[p], t.cycleStart) : t.slots[p]
        let end = min(t.slots[p + 1], t.cycleEnd)
        return ZonePeriod(start: start &+ shift, end: end &+ shift, type: t.slotTypes[p])
    }

    /// The single instant of `localSeconds` and its type, when the whole window
    /// `resolve(localSeconds:)` scans — `[local - maxOffset, local - minOffset]` — lies in one
    /// period; `nil` when a transition is in the window, even if the wall time is still unique
    /// (ask `resolve(localSeconds:)`). `period` is a hint, replaced when it does not hold the window:
    /// consecutive wall times usually share one.
    ///
    /// When not `nil`, `resolve(localSeconds:)` is `.unique(seconds, offset: type.utcOffset)` and
    /// `type(at:)` of that instant is `type`: its scan starts in this period, finds the solution
    /// there and stops, as the period reaches past the window. Example, America/New_York (offsets
    /// -05:00 … -04:00), 2026-07-01T08:30:00: the window 12:30:00Z–13:30:00Z lies in EDT
    /// (2026-03-08T07:00:00Z to 2026-11-01T06:00:00Z), so the answer is 12:30:00Z, EDT.
    /// 2026-11-01T01:30:00 (window 05:30:00Z–06:30:00Z holds the 06:00:00Z fall-back) gives `nil`.
    @inlinable @inline(__always)
    package func uniqueResolution(localSeconds: Int64, period: inout ZonePeriod) -> (seconds: Int64, type: CompactLocalTimeType)? {
        guard localSeconds.magnitude < 1 << 61 else { return nil }           // no clamping in play
        let low = localSeconds - Int64(table.maxOffset), high = localSeconds - Int64(table.minOffset)
        if low < period.start || high >= period.end {
            guard replacePeriod(&period, holding: low, through: high) else { return nil }
        }
        return (localSeconds - Int64(period.type.utcOffset), period.type)
    }

    /// Replaces the hint with the period containing `low`; whether it also holds `high`. The rare
    /// case of `uniqueResolution` and `spanIsUnique`, out of line: the triggers call those from
    /// another module, where `@inline(__always)` is honoured only for a callee of at most 64 basic
    /// blocks (or a small caller), and the table lookup inlined here would take them past it.
    @usableFromInline @inline(never)
    func replacePeriod(_ period: inout ZonePeriod, holding low: Int64, through high: Int64) -> Bool {
        period = self.period(containing: low)
        return high < period.end
    }

    /// Every instant `u` with `u + offset(u) == localSeconds` lies in
    /// `[localSeconds - maxOffset, localSeconds - minOffset]`; each period of the table within
    /// that window contributes at most one solution. Two solutions: an overlap; none: a gap.
    ///
    /// Example, America/New_York, 2026-03-08T02:30:00 (local seconds 1_772_937_000): the window
    /// holds EST until 07:00:00Z and EDT after. Read as EST it is 07:30:00Z, past EST's end; read
    /// as EDT it is 06:30:00Z, before EDT's start: `.gap(transition: 1_772_953_200, -18000, -14400)`.
    public func resolve(localSeconds: Int64) -> LocalResolution {
        let t = table
        // Map far-future (or, for rule-only zones, far-past) wall times into the table's cycle.
        var shift: Int64 = 0
        var local = TransitionTable.clamped(localSeconds)
        if local - Int64(t.maxOffset) >= t.cycleEnd || (t.cycleCoversPast && local - Int64(t.maxOffset) < t.cycleStart) {
            shift = t.mapIntoTable(local - Int64(t.maxOffset)).shift
            local -= shift
        }
        let slots = t.slots, offsets = t.slotOffsets
        let windowEnd = local - Int64(t.minOffset)
        var p = t.slot(ofMapped: local - Int64(t.maxOffset))
        var found = 0
        var first: (Int64, Int32) = (0, 0), second: (Int64, Int32) = (0, 0)
        var gapSlot = -1
        while true {
            let start = slots[p], end = slots[p + 1]     // slot p's period is [start, end)
            let candidate = local - Int64(offsets[p])
            if candidate >= start && candidate < end {
                if found == 0 { first = (candidate, offsets[p]) } else { second = (candidate, offsets[p]) }
                found += 1
            } else if candidate >= end, end != Int64.max, local - Int64(offsets[p + 1]) < end {
                gapSlot = p + 1          // past this period in its offset, before the next in the next's
            }
            if end > windowEnd || end == Int64.max { break }
            p += 1
        }
        if found >= 2 {
            return .overlap(earlier: first.0 + shift, earlierOffset: first.1, later: second.0 + shift, laterOffset: second.1)
        }
        if found == 1 { return .unique(first.0 + shift, offset: first.1) }
        guard gapSlot > 0 else {
            // Unreachable for a well-formed table: a wall time with no instant lies in a gap.
            assertionFailure("a wall time with no instant must lie in a gap")
            let offset = t.utcOffset(at: localSeconds - Int64(t.maxOffset))
            return .unique(localSeconds - Int64(offset), offset: offset)
        }
        return .gap(transition: slots[gapSlot] + shift, offsetBefore: offsets[gapSlot - 1], offsetAfter: offsets[gapSlot])
    }
}
