/// A pending request from its line (`ScheduleRequest`, `Kind.pending`): the zone resolved in a
/// database, the creation instant read (`created`, else `after`, else `now`), an interval without
/// an anchor anchored at creation. Every failure is a `PendingError` naming the request.
extension PendingRequest {
    /// Resolves `request`'s zone in `zones` and its instants; `now` is the creation instant of a
    /// request that gives none, and what `now` in its text means.
    public init(_ request: ScheduleRequest, zones: ZoneDatabase = .shared, now: Instant) throws(PendingError) {
        guard let identifier = request.identifier, !identifier.isEmpty else { throw .emptyIdentifier }
        let (rules, requested) = try Self.zone(of: request, identifier: identifier, in: zones)
        // Local times (`2026-03-07 09:00`, a date) are read in the request's zone (`TimeText`).
        func instant(_ text: String) throws(PendingError) -> Instant {
            do { return try TimeText.parse(text, now: { now }).instant(in: rules) } catch { throw .invalidCreationInstant(identifier: identifier, error) }
        }
        let createdAt = try request.after.map(instant) ?? now
        let trigger: Trigger
        do {
            trigger = try request.anchoredTrigger(start: createdAt) { text in try instant(text) }
        } catch let error as PendingError {
            throw error
        } catch let error as TriggerError {
            throw .invalidTrigger(identifier: identifier, error)
        } catch {
            preconditionFailure("anchoring throws only these: \(error)")
        }
        try self.init(identifier: identifier, trigger: trigger, zone: rules, zoneIdentifier: requested,
                      payload: request.payload, createdAt: createdAt)
    }

    /// The rules of the zone the request fires in (`Trigger.zone(given:in:)`: the zone its trigger
    /// names, which the request's zone may repeat but not contradict).
    static func zone(of request: ScheduleRequest, identifier: String, in zones: ZoneDatabase) throws(PendingError) -> (rules: ZoneRules, requested: String) {
        do {
            return try request.trigger.zone(given: request.zone, in: zones)
        } catch let ScheduleError.zoneConflict(given, named) {
            throw .zoneConflict(identifier: identifier, given: given, named: named)
        } catch let error as ZoneError {
            throw .unknownZone(identifier: identifier, zone: request.trigger.namedZone ?? request.zone ?? "", error)
        } catch {
            preconditionFailure("a zone given and found throws only these: \(error)")
        }
    }
}

/// A resolved request is its line (docs/contract.md's pending request):
/// ```json
/// {"identifier": "standup", "zone": "America/New_York", "created": "2026-03-07T12:00:00Z",
///  "trigger": {"calendar": {…}}, "payload": {"title": "Stand-up"}}
/// ```
/// Decoding resolves the zone in `ZoneDatabase.shared` and needs `created` (or `after`): it never
/// reads the clock. Errors are `DecodingError`s at the value's path, the `PendingError` underneath.
extension PendingRequest: Codable {
    private enum Keys: String, CodingKey { case created, after }

    /// Writes the request's line: identifier, zone, created, trigger, and the payload when there is one.
    public func encode(to encoder: Encoder) throws {
        try ScheduleRequest(self).encode(to: encoder)
    }

    /// Reads a request line, resolving the zone in `ZoneDatabase.shared`; throws `DecodingError` at
    /// the failing value's path when a field is missing or wrong, or `created` is absent or `now`.
    public init(from decoder: Decoder) throws {
        let request = try ScheduleRequest(from: decoder)
        let c = try decoder.container(keyedBy: Keys.self)
        let key: Keys = c.contains(.created) ? .created : .after
        guard let created = request.after else {
            throw DecodingError.keyNotFound(Keys.created, .init(codingPath: decoder.codingPath,
                                                               debugDescription: "a pending request needs its creation instant, 'created'"))
        }
        guard created != "now" else {
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: "'now' is not a stored creation instant")
        }
        // The creation instant stands in for `now` (an interval anchored at "now" is anchored there).
        let identifier = request.identifier ?? ""
        let createdAt: Instant
        do {
            let rules = try Self.zone(of: request, identifier: identifier, in: .shared).rules
            do { createdAt = try TimeText.parse(created).instant(in: rules) } catch {
                throw DecodingPath.corrupted(PendingError.invalidCreationInstant(identifier: identifier, error),
                                             at: decoder.codingPath + [key])
            }
        } catch let error as PendingError {
            throw DecodingPath.corrupted(error, at: decoder.codingPath + [DecodingPath.Key("zone")])
        }
        do {
            self = try PendingRequest(request, zones: .shared, now: createdAt)
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
