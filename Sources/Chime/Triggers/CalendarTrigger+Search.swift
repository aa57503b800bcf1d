extension CalendarTrigger {
    /// The first fire strictly after `instant` (searching forward whatever `direction` says), or
    /// `nil` if the trigger never fires again before year 10000.
    public func nextFire(after instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
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

    /// The last fire strictly before `instant`, or `nil` if there is none after year 1.
    public func previousFire(before instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        switch semantics {
        case .consistent:
            return try ConsistentSearch(trigger: self, zone: zone, forward: false).fire(from: instant)
        case .apple:
            var search = AppleCalendarSearch(trigger: self, zone: zone)
            return try search.backward(before: instant)
        }
    }

    /// The next fire in the trigger's `direction` from `instant` (exclusive).
    public func fire(from instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        direction == .forward ? try nextFire(after: instant, in: zone) : try previousFire(before: instant, in: zone)
    }
}
