/// One request an app asks the system to hold for later: an identifier, a trigger evaluated in a
/// zone, an opaque payload and the instant it was created (the anchor of an interval trigger that
/// was given without one, see `ScheduleRequest`).
///
/// Example: a daily 09:00 reminder in America/New_York, created 2026-03-07T12:00:00Z:
/// ```swift
/// let request = try PendingRequest(identifier: "standup", trigger: .calendar(try .daily(hour: 9, minute: 0)),
///                                  zoneIdentifier: "America/New_York", createdAt: created)
/// // fires 2026-03-07T14:00:00Z (09:00 EST), 2026-03-08T13:00:00Z (09:00 EDT: the clocks sprang
/// // forward at 07:00:00Z that morning, so the wall time is kept and the UTC instant moves), …
/// ```
public struct PendingRequest: Sendable, Equatable {
    /// The key: adding a request with the same identifier replaces the pending one.
    public let identifier: String
    /// As added, or as its last delivered fire left it (`Trigger.rescheduled(after:)`).
    public private(set) var trigger: Trigger
    /// The zone id as requested (it may be an alias; `zone.identifier` is the canonical one).
    public let zoneIdentifier: String
    /// The zone's rules the trigger fires in.
    public let zone: ZoneRules
    /// Carried through untouched.
    public let payload: PendingPayload?
    /// When the app created the request.
    public let createdAt: Instant

    /// Validates what the store relies on: a non-empty identifier and a forward-searching trigger.
    public init(identifier: String, trigger: Trigger, zone: ZoneRules, zoneIdentifier: String? = nil,
                payload: PendingPayload? = nil, createdAt: Instant) throws(PendingError) {
        try Self.check(identifier: identifier, trigger: trigger)
        self.identifier = identifier
        self.trigger = trigger
        self.zoneIdentifier = zoneIdentifier ?? zone.identifier
        self.zone = zone
        self.payload = payload
        self.createdAt = createdAt
    }

    /// Resolves the zone by id; an unknown id is `PendingError.unknownZone` naming the request.
    public init(identifier: String, trigger: Trigger, zoneIdentifier: String, zones: ZoneDatabase = .shared,
                payload: PendingPayload? = nil, createdAt: Instant) throws(PendingError) {
        guard !identifier.isEmpty else { throw .emptyIdentifier }
        let rules: ZoneRules
        do { rules = try zones.rules(for: zoneIdentifier) } catch { throw .unknownZone(identifier: identifier, zone: zoneIdentifier, error) }
        try self.init(identifier: identifier, trigger: trigger, zone: rules, zoneIdentifier: zoneIdentifier,
                      payload: payload, createdAt: createdAt)
    }

    /// The request after delivering `fire`: the same, with the trigger its fire left behind (a
    /// `flutterAndroid` trigger stores the fired wall time).
    public func rescheduled(after fire: Fire) -> PendingRequest {
        var copy = self
        copy.trigger = trigger.rescheduled(after: fire)
        return copy
    }

    /// What a request must be: a non-empty identifier and a forward-searching trigger (a reader
    /// that keeps requests in pieces checks them here, as `init` does).
    public static func check(identifier: String, trigger: Trigger) throws(PendingError) {
        guard !identifier.isEmpty else { throw .emptyIdentifier }
        if case .calendar(let calendar) = trigger, calendar.direction == .backward { throw .backwardTrigger(identifier: identifier) }
        if case .cron(let cron) = trigger, cron.direction == .backward { throw .backwardTrigger(identifier: identifier) }
    }

    /// The first fire strictly after `instant`, or `nil` when the request never fires again.
    @inlinable
    public func nextFire(after instant: Instant) throws(PendingError) -> Fire? {
        try Self.nextFire(of: trigger, in: zone, identifier: identifier, after: instant)
    }

    /// `nextFire(after:)` of a request held in pieces: `trigger` in `zone`, failures naming `identifier`.
    @inlinable
    public static func nextFire(of trigger: Trigger, in zone: ZoneRules, identifier: String, after instant: Instant) throws(PendingError) -> Fire? {
        do { return try trigger.nextFire(after: instant, in: zone) } catch { throw .triggerFailed(identifier: identifier, after: instant, error) }
    }

    /// Same identifier, trigger, zone (by canonical id), payload and creation instant.
    public static func == (lhs: PendingRequest, rhs: PendingRequest) -> Bool {
        lhs.identifier == rhs.identifier && lhs.trigger == rhs.trigger && lhs.zoneIdentifier == rhs.zoneIdentifier
            && lhs.zone.identifier == rhs.zone.identifier && lhs.payload == rhs.payload && lhs.createdAt == rhs.createdAt
    }
}
