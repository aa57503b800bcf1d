extension Trigger {
    /// The zone the trigger's own text names: an OnCalendar expression's trailing zone, a robfig
    /// `TZ=`/`CRON_TZ=` prefix, an RRULE's `DTSTART;TZID=` (`UTC` for a `Z` DTSTART); nil for
    /// the rest.
    public var namedZone: String? {
        switch self {
        case .onCalendar(let t): t.zoneIdentifier
        case .cron(let t): t.zoneIdentifier
        case .rrule(let t): t.zoneIdentifier
        case .calendar, .interval, .weekly, .flutterAndroid: nil
        }
    }

    /// The zone the trigger fires in: the one place this is decided, for `Schedule`, `chime batch`,
    /// pending files and the C ABI alike.
    ///
    /// The zone the trigger names wins; `given` may repeat it in any spelling (`US/Eastern` for
    /// `America/New_York`) but not contradict it. Without a named zone, `given` is the zone.
    /// ```swift
    /// // DTSTART;TZID=Europe/Berlin:20260329T023000 / RRULE:FREQ=DAILY
    /// try rrule.zone(given: nil)                 // Europe/Berlin (requested "Europe/Berlin")
    /// try rrule.zone(given: "Europe/Berlin")     // the same
    /// try rrule.zone(given: "America/New_York")  // ScheduleError.zoneConflict: one zone, said twice differently
    /// try daily.zone(given: nil)                 // ScheduleError.noZone
    /// ```
    /// Throws `ScheduleError` (`noZone`, `zoneConflict`) or the `ZoneError` of a lookup.
    /// `requested` is the id as written: the named one, else `given`.
    public func zone(given: String?, in zones: ZoneDatabase = .shared) throws -> (rules: ZoneRules, requested: String) {
        switch (given, namedZone) {
        case (nil, nil): throw ScheduleError.noZone
        case let (given?, nil): return (try zones.rules(for: given), given)
        case let (nil, named?): return (try zones.rules(for: named), named)
        case let (given?, named?):
            let rules = try zones.rules(for: named)
            guard try zones.rules(for: given).identifier == rules.identifier else {
                throw ScheduleError.zoneConflict(given: given, named: named)
            }
            return (rules, named)
        }
    }
}
