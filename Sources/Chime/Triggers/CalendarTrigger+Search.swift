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
        // FastPaths/: exact, or nil to search (`CalendarFastPath.fire(after:in:semantics:)`).
        if let fastPath, let fire = fastPath.fire(after: instant, in: zone, semantics: semantics) { return fire }
        return try searchWithoutFastPath(from: instant, in: zone, forward: true)
    }

    /// The last fire strictly before `instant`, whatever `direction` says, or `nil` if there is
    /// none after year 1.
    public func fire(before instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        try searchWithoutFastPath(from: instant, in: zone, forward: false)
    }

    /// The one search (`Search/CalendarSearch.swift`) with the semantics' rules (`Consistent/` or
    /// `Apple/`), bypassing `fastPath`: the reference the fast paths are tested against. Kept out
    /// of line: the fast paths in `fire(after:in:)` are the hot path, the search the rare one.
    /// `package`: chime-bench checks the fast paths against it on the inputs it times.
    @inline(never)
    package func searchWithoutFastPath(from instant: Instant, in zone: ZoneRules, forward: Bool) throws(TriggerError) -> Fire? {
        switch semantics {
        case .consistent:
            var search = CalendarSearch(rules: ConsistentRules(trigger: self, zone: zone), forward: forward)
            return try search.fire(from: instant)
        case .apple:
            var search = CalendarSearch(rules: AppleRules(trigger: self, zone: zone), forward: forward)
            return try search.fire(from: instant)
        }
    }

    /// The search's nearest fire and nearest skipped wall time (gap policy `reject`) without the
    /// `reject` rule applied (`CalendarSearch.outcomeCatchingRejection`): for a union of triggers.
    func searchOutcome(from instant: Instant, in zone: ZoneRules, forward: Bool) throws(TriggerError) -> SearchOutcome {
        switch semantics {
        case .consistent:
            var search = CalendarSearch(rules: ConsistentRules(trigger: self, zone: zone), forward: forward)
            return try search.outcomeCatchingRejection(from: instant)
        case .apple:
            var search = CalendarSearch(rules: AppleRules(trigger: self, zone: zone), forward: forward)
            return try search.outcomeCatchingRejection(from: instant)
        }
    }

    /// The last fire strictly before `instant`, whatever `direction` says (`fire(before:in:)`;
    /// the name `Trigger.previousFire(before:in:)` has too).
    public func previousFire(before instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        try fire(before: instant, in: zone)
    }
}
