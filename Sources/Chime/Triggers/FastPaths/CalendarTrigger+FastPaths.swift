extension CalendarTrigger {
    /// `nextFire(after:in:)` by the general search alone, bypassing `fastPath` (the reference the
    /// fast paths are tested against).
    func nextFireWithoutFastPath(after instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        var search = AppleCalendarSearch(trigger: self, zone: zone)
        return try search.forward(after: instant)
    }
}
