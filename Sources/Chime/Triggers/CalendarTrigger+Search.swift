extension CalendarTrigger {
    /// The next fire from `instant` in the trigger's `direction`: the first strictly after it
    /// (forward) or the last strictly before it (backward), exactly as `Trigger.nextFire(after:in:)`.
    /// A chain of fires repeats this from each fire.
    @inline(__always)
    public func nextFire(after instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        direction == .forward ? try fire(after: instant, in: zone) : try fire(before: instant, in: zone)
    }

    /// The first fire strictly after `instant`, whatever `direction` says, or `nil` if the trigger
    /// never fires again before year 10000.
    public func fire(after instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        // FastPaths/: exact, or nil to search. A fast path stops at the first unique wall time
        // after the start; in the consistent semantics that is the answer only if no later wall
        // time (a day or more later) can give an earlier instant: true when the zone's offsets
        // span less than a day.
        if let fastPath, semantics == .apple || zone.table.maxOffset - zone.table.minOffset < 86_400,
           let fire = fastPath.nextFire(after: instant, in: zone) {
            return fire
        }
        switch semantics {
        case .consistent:
            return try ConsistentSearch(trigger: self, zone: zone, forward: true).fire(from: instant)
        case .apple:
            var search = AppleCalendarSearch(trigger: self, zone: zone)
            return try search.forward(after: instant)
        }
    }

    /// The last fire strictly before `instant`, whatever `direction` says, or `nil` if there is
    /// none after year 1.
    public func fire(before instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        switch semantics {
        case .consistent:
            return try ConsistentSearch(trigger: self, zone: zone, forward: false).fire(from: instant)
        case .apple:
            var search = AppleCalendarSearch(trigger: self, zone: zone)
            return try search.backward(before: instant)
        }
    }

    /// The last fire strictly before `instant`, whatever `direction` says (`fire(before:in:)`;
    /// the name `Trigger.previousFire(before:in:)` has too).
    public func previousFire(before instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        try fire(before: instant, in: zone)
    }
}
