/// A pending request as it crosses a boundary (a JSON line, a file), before its zone is resolved:
/// docs/contract.md's batch request with `"identifier"`.
/// ```json
/// {"identifier": "standup", "zone": "America/New_York", "created": "2026-03-07T12:00:00Z",
///  "trigger": {"calendar": {"components": {"hour": 9, "minute": 0}}}}
/// ```
/// - `identifier` (or, failing that, `id`, a string or an integer) is required.
/// - The creation instant is `created`, else the batch request's `after`, else the `now` given to
///   `request(zones:now:payload:)`. An interval trigger without an `anchor` is anchored there, as
///   Apple's time-interval trigger counts from when the request is added.
/// - A batch request's `count` is allowed and ignored; `payload` is the one member for the
///   client's own data, passed in raw (a generic `Decoder` cannot hand out raw JSON text, and
///   Chime does not parse payloads). Any other member is an `UnknownFieldError`.
///
/// Decoding reads the fields; `request(zones:now:payload:)` resolves the zone and the instant, so
/// every failure there is a `PendingError` naming the request.
public struct PendingRequestRecord: Sendable, Equatable, Codable {
    /// The request's key (`identifier`, or `id` in a batch line).
    public var identifier: String
    /// The zone id as written (any id `ZoneDatabase` takes); resolved by
    /// `request(zones:now:payload:)`.
    public var zone: String
    /// The trigger as decoded (docs/contract.md's trigger object).
    public var trigger: Trigger
    /// The creation instant's text as given (`created` or `after`), parsed when resolved.
    public var created: String?
    /// Whether the trigger is an interval that came without an anchor (anchored at creation).
    public var anchorsAtCreation: Bool
    /// An interval anchor given as a local time (`"2026-03-07 09:00"`), read in the zone on resolving.
    public var localAnchor: String? = nil

    /// A record from its fields: `created` is the creation instant's text (nil: the `now` given on
    /// resolving); `anchorsAtCreation` when an interval trigger should be anchored at creation.
    public init(identifier: String, zone: String, trigger: Trigger, created: String? = nil, anchorsAtCreation: Bool = false) {
        self.identifier = identifier
        self.zone = zone
        self.trigger = trigger
        self.created = created
        self.anchorsAtCreation = anchorsAtCreation
    }

    /// The record of a resolved request (its interval anchor, if any, is written out).
    public init(_ request: PendingRequest) {
        self.init(identifier: request.identifier, zone: request.zoneIdentifier, trigger: request.trigger,
                  created: request.createdAt.utcString)
    }

    /// Resolves the zone in `zones` and the creation instant (`now` when the record has none).
    public func request(zones: ZoneDatabase = .shared, now: Instant, payload: PendingPayload? = nil) throws(PendingError) -> PendingRequest {
        guard !identifier.isEmpty else { throw .emptyIdentifier }
        let rules = try zoneRules(in: zones)
        // Local times (`2026-03-07 09:00`, a date) are read in the request's zone (`TimeText`).
        var createdAt = now
        if let created {
            do { createdAt = try TimeText.parse(created, now: { now }).instant(in: rules) } catch { throw .invalidCreationInstant(identifier: identifier, error) }
        }
        var trigger = self.trigger
        if case .interval(let interval) = trigger, anchorsAtCreation || localAnchor != nil {
            var anchor = createdAt
            if let localAnchor {
                do { anchor = try TimeText.parse(localAnchor, now: { now }).instant(in: rules) } catch { throw .invalidCreationInstant(identifier: identifier, error) }
            }
            do {
                trigger = .interval(try IntervalTrigger(interval: interval.interval, repeats: interval.repeats, anchor: anchor,
                                                        reportsWallClockDrift: interval.reportsWallClockDrift))
            } catch { throw .invalidTrigger(identifier: identifier, error) }
        }
        return try PendingRequest(identifier: identifier, trigger: trigger, zone: rules, zoneIdentifier: zone,
                                  payload: payload, createdAt: createdAt)
    }

    /// The rules of the zone the request fires in (`Trigger.zone(given:in:)`: the zone its trigger
    /// names, which `zone` may repeat but not contradict).
    public func zoneRules(in zones: ZoneDatabase = .shared) throws(PendingError) -> ZoneRules {
        do {
            return try trigger.zone(given: zone, in: zones).rules
        } catch let ScheduleError.zoneConflict(given, named) {
            throw .zoneConflict(identifier: identifier, given: given, named: named)
        } catch let error as ZoneError {
            throw .unknownZone(identifier: identifier, zone: trigger.namedZone ?? zone, error)
        } catch {
            preconditionFailure("a zone given and found throws only these: \(error)")
        }
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey { case identifier, id, zone, trigger, created, after }
    /// Every member a pending request line may have (docs/contract.md).
    static let members = ["identifier", "id", "zone", "trigger", "created", "after", "count", "payload"]
    private enum TriggerKindKeys: String, CodingKey { case interval }
    private enum IntervalKeys: String, CodingKey { case anchor }

    /// Errors are `DecodingError`s at the value's coding path; an invalid trigger's carries
    /// `PendingError.invalidTrigger` (naming the request) as its `underlyingError`.
    public init(from decoder: Decoder) throws {
        try UnknownFieldError.check(decoder, known: Self.members)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try c.decodeIfPresent(String.self, forKey: .identifier) {
            identifier = text
        } else if let text = try? c.decode(String.self, forKey: .id) {
            identifier = text
        } else if let number = try? c.decode(Int64.self, forKey: .id) {
            identifier = String(number)
        } else {
            identifier = try c.decode(String.self, forKey: .identifier)   // throws the decoder's "key not found"
        }
        let givenZone = try c.decodeIfPresent(String.self, forKey: .zone)
        created = try c.decodeIfPresent(String.self, forKey: .created) ?? c.decodeIfPresent(String.self, forKey: .after)
        var localAnchor: String?
        do {
            // An interval anchor given as a local time is read in the zone when the request is resolved.
            trigger = try Trigger.decode(from: try c.superDecoder(forKey: .trigger)) { text in
                // No clock read here: an anchorless interval gets a placeholder (anchored at creation
                // on resolving); `now` and local times are read when resolving, with its `now`.
                guard let text else { return Instant(seconds: 0) }
                if text != "now", case .instant(let instant) = try TimeText.parse(text) { return instant }
                localAnchor = text
                return Instant(seconds: 0)
            }
        } catch let DecodingError.dataCorrupted(context) {
            // Still a DecodingError at the value's path; underneath, the error names the request.
            guard let trigger = context.underlyingError as? TriggerError else { throw DecodingError.dataCorrupted(context) }
            let error = PendingError.invalidTrigger(identifier: identifier, trigger)
            throw DecodingError.dataCorrupted(.init(codingPath: context.codingPath, debugDescription: error.description, underlyingError: error))
        }
        self.localAnchor = localAnchor
        // Optional when the trigger names its zone (as in a batch request).
        guard let zone = givenZone ?? trigger.namedZone else {
            throw DecodingError.keyNotFound(CodingKeys.zone, .init(codingPath: decoder.codingPath, debugDescription: "no value for key 'zone'"))
        }
        self.zone = zone
        // Note an anchorless interval, so the request is anchored at its creation.
        let kinds = try c.nestedContainer(keyedBy: TriggerKindKeys.self, forKey: .trigger)
        if kinds.contains(.interval) {
            anchorsAtCreation = !(try kinds.nestedContainer(keyedBy: IntervalKeys.self, forKey: .interval).contains(.anchor))
        } else {
            anchorsAtCreation = false
        }
    }

    /// Writes `identifier`, `zone`, `created` and `trigger`; an anchorless interval is written
    /// without its placeholder anchor, so it still anchors at creation when read back.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(identifier, forKey: .identifier)
        try c.encode(zone, forKey: .zone)
        try c.encodeIfPresent(created, forKey: .created)
        if anchorsAtCreation || localAnchor != nil, case .interval(let interval) = trigger {
            var kinds = c.nestedContainer(keyedBy: AnchorlessIntervalKeys.self, forKey: .trigger)
            var fields = kinds.nestedContainer(keyedBy: AnchorlessIntervalKeys.Fields.self, forKey: .interval)
            if interval.interval.nanoseconds % 1_000_000_000 == 0 {
                try fields.encode(interval.interval.nanoseconds / 1_000_000_000, forKey: .seconds)
            } else {
                try fields.encode(interval.interval.description, forKey: .seconds)
            }
            try fields.encode(interval.repeats, forKey: .repeats)
            try fields.encodeIfPresent(localAnchor, forKey: .anchor)
            if interval.reportsWallClockDrift { try fields.encode(true, forKey: .reportDrift) }
        } else {
            try c.encode(trigger, forKey: .trigger)
        }
    }

    private enum AnchorlessIntervalKeys: String, CodingKey {
        case interval
        enum Fields: String, CodingKey { case seconds, repeats, anchor, reportDrift }
    }
}

/// A resolved request is the record's JSON plus its `payload` (docs/contract.md's request line):
/// ```json
/// {"identifier": "standup", "zone": "America/New_York", "created": "2026-03-07T12:00:00Z",
///  "trigger": {"calendar": {…}}, "payload": {"title": "Stand-up"}}
/// ```
/// Decoding resolves the zone in `ZoneDatabase.shared` and needs `created` (or `after`): it never
/// reads the clock. Errors are `DecodingError`s at the value's path, the `PendingError` underneath.
extension PendingRequest: Codable {
    private enum PayloadKeys: String, CodingKey { case payload, created, after }

    /// Writes docs/contract.md's request line: identifier, zone, created, trigger, and the payload
    /// when there is one.
    public func encode(to encoder: Encoder) throws {
        try PendingRequestRecord(self).encode(to: encoder)
        var c = encoder.container(keyedBy: PayloadKeys.self)
        try c.encodeIfPresent(payload, forKey: .payload)
    }

    /// Reads a request line, resolving the zone in `ZoneDatabase.shared`; throws `DecodingError` at
    /// the failing value's path when a field is missing or wrong, or `created` is absent or `now`.
    public init(from decoder: Decoder) throws {
        let record = try PendingRequestRecord(from: decoder)
        let c = try decoder.container(keyedBy: PayloadKeys.self)
        let payload = try c.decodeIfPresent(PendingPayload.self, forKey: .payload)
        guard let created = record.created else {
            throw DecodingError.keyNotFound(PayloadKeys.created, .init(codingPath: decoder.codingPath,
                                                                      debugDescription: "a pending request needs its creation instant, 'created'"))
        }
        let key: PayloadKeys = c.contains(.created) ? .created : .after
        guard created != "now" else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "'now' is not a stored creation instant")
        }
        // The creation instant stands in for `now` (an interval anchored at "now" is anchored there).
        let rules: ZoneRules
        do { rules = try record.zoneRules(in: .shared) } catch {
            throw DecodingPath.corrupted(error, at: decoder.codingPath + [DecodingPath.Key("zone")])
        }
        let createdAt: Instant
        do { createdAt = try TimeText.parse(created).instant(in: rules) } catch {
            throw DecodingPath.corrupted(PendingError.invalidCreationInstant(identifier: record.identifier, error),
                                         at: decoder.codingPath + [key])
        }
        do {
            self = try record.request(zones: .shared, now: createdAt, payload: payload)
        } catch {
            let field: String
            switch error {
            case .unknownZone, .zoneConflict: field = "zone"
            case .invalidCreationInstant: field = key.stringValue
            default: field = "trigger"
            }
            throw DecodingPath.corrupted(error, at: decoder.codingPath + [DecodingPath.Key(field)])
        }
    }
}
