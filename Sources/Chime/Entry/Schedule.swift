/// A trigger and the zone it fires in: the one value a program holds to ask "when next?".
///
/// Build one from any trigger kind or dialect string, then ask it:
/// ```swift
/// let standup = try Schedule(cron: "30 9 * * 1-5", in: "America/New_York")
/// let nightly = try Schedule(onCalendar: "*-*-* 02:30 Europe/Berlin")          // the zone from the expression
/// let reminder = try Schedule(.calendar(try .daily(hour: 9, minute: 0)), in: "Asia/Kolkata")
/// let after = try Chime.instant("2026-03-07T12:00:00Z")
/// try standup.next(after: after)                        // one Fire: instant, wall time, offset, adjustment
/// for fire in try standup.fires(after: after).prefix(3) { print(fire) }       // lazily
/// for try await fire in standup.alarms() { … }          // each fire when its time comes
/// print(standup)                                        // at 09:30 on Monday to Friday, America/New_York
/// ```
/// Schedules are immutable values, `Sendable` and `Hashable`; `trigger` and `zone` are the lower
/// layers, usable directly (`Trigger`, `ZoneRules`, `FireIterator`).
public struct Schedule: Sendable, Hashable, CustomStringConvertible {
    /// What fires: any trigger kind or dialect.
    public let trigger: Trigger
    /// Where it fires: the zone's rules, loaded once and shared (a `ZoneRules` is one reference).
    public let zone: ZoneRules

    /// `trigger` in zone rules already loaded (no lookup, cannot fail): the way to build many
    /// schedules in one zone, or in a zone from a `ZoneDatabase` of your own.
    public init(_ trigger: Trigger, in zone: ZoneRules) {
        self.trigger = trigger
        self.zone = zone
    }

    /// `trigger` in the zone `zoneIdentifier` names (any id `ZoneDatabase` takes: canonical, alias,
    /// Windows, any case). When the trigger names a zone itself (an OnCalendar zone, a robfig `TZ=`
    /// prefix, an RRULE's `DTSTART;TZID=`), `zoneIdentifier` may be nil; when both are given they
    /// must be the same zone, else `ScheduleError.zoneConflict` (`Trigger.zone(given:in:)` decides,
    /// as it does for `chime batch` and pending files).
    public init(_ trigger: Trigger, in zoneIdentifier: String? = nil, zones: ZoneDatabase = .shared) throws {
        self.init(trigger, in: try trigger.zone(given: zoneIdentifier, in: zones).rules)
    }

    /// A cron expression as `flavor` reads it (docs/cron.md), with that tool's DST behaviour.
    public init(cron expression: String, flavor: CronFlavor = .posix, in zoneIdentifier: String? = nil,
                zones: ZoneDatabase = .shared) throws {
        try self.init(.cron(try CronTrigger(expression: expression, flavor: flavor)), in: zoneIdentifier, zones: zones)
    }

    /// A systemd `OnCalendar=` expression (docs/oncalendar.md); a zone at its end sets the zone.
    public init(onCalendar expression: String, in zoneIdentifier: String? = nil, zones: ZoneDatabase = .shared) throws {
        try self.init(.onCalendar(try OnCalendarTrigger(expression: expression, isZone: { (try? zones.rules(for: $0)) != nil })),
                      in: zoneIdentifier, zones: zones)
    }

    /// Apple-style calendar components (`DateComponents` names), Foundation's default policies.
    public init(matching components: CalendarComponents, in zoneIdentifier: String, zones: ZoneDatabase = .shared) throws {
        try self.init(.calendar(try CalendarTrigger(components: components)), in: zoneIdentifier, zones: zones)
    }

    /// Exact elapsed time from `anchor`, repeating (≥ 60 s, Apple's minimum for a repeating interval).
    public init(every interval: ExactDuration, from anchor: Instant, in zoneIdentifier: String, zones: ZoneDatabase = .shared) throws {
        try self.init(.interval(try IntervalTrigger(interval: interval, repeats: true, anchor: anchor)), in: zoneIdentifier, zones: zones)
    }

    /// The first fire strictly after `instant` (nil: it never fires again).
    public func next(after instant: Instant) throws(TriggerError) -> Fire? {
        try trigger.nextFire(after: instant, in: zone)
    }

    /// The last fire strictly before `instant`.
    public func previous(before instant: Instant) throws(TriggerError) -> Fire? {
        try trigger.previousFire(before: instant, in: zone)
    }

    /// Up to `count` fires after `instant`.
    public func fires(after instant: Instant, count: Int) throws(TriggerError) -> [Fire] {
        try trigger.fires(after: instant, in: zone, count: count)
    }

    /// The fires after `instant`, lazily (`FireSequence`; refuses gap policy `reject`).
    public func fires(after instant: Instant) throws(TriggerError) -> FireSequence {
        try trigger.fires(after: instant, in: zone)
    }

    /// The schedule in words with its zone: "at 02:30 every day, America/New_York".
    public var description: String { trigger.inWords(zone: zone.identifier) }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Schedule {
    /// The fires after `instant` (default: now), each delivered when its time comes (`FireAlarms`).
    public func alarms<C: Clock>(after instant: Instant? = nil, clock: C,
                                 now: @escaping @Sendable () -> Instant = { Instant.now() }) -> FireAlarms<C> where C.Duration == Duration {
        trigger.alarms(after: instant, in: zone, clock: clock, now: now)
    }

    /// The fires after `instant` (default: now), each when its time comes, on the continuous clock.
    public func alarms(after instant: Instant? = nil) -> FireAlarms<ContinuousClock> {
        trigger.alarms(after: instant, in: zone)
    }
}
