extension CalendarTrigger {
    /// `nextFire(after:in:)` by the general search alone, bypassing `fastPath` (the reference the
    /// fast paths are tested against).
    func nextFireWithoutFastPath(after instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        try searchWithoutFastPath(from: instant, in: zone, forward: true)
    }
}
