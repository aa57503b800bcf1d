import Chime
import ChimeJSON

/// One `chime batch` input line (docs/contract.md):
/// `{"id": "r1", "zone": "America/New_York", "after": "2026-03-07T12:00:00Z", "count": 3, "trigger": {…}}`.
struct BatchRequest: Decodable {
    let id: BatchRequestID
    /// Optional when the trigger names its zone (an `onCalendar` expression ending in one, a robfig
    /// cron expression with a `TZ=` prefix).
    let zone: String?
    let after: String?
    let count: Int?
    let trigger: Trigger
    /// Where an interval trigger's anchor comes from.
    let anchor: BatchAnchor

    enum CodingKeys: String, CodingKey { case zone, after, count, trigger }
    /// Every member a request line may have (docs/contract.md); any other is `unknownField`.
    static let members = ["id", "identifier", "zone", "after", "count", "trigger"]

    init(from decoder: Decoder) throws {
        id = try BatchRequestID(from: decoder)
        try BatchRequestID.requireReadable(in: decoder)
        try UnknownFieldError.check(decoder, known: Self.members)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        after = try c.decodeIfPresent(String.self, forKey: .after)
        count = try c.decodeIfPresent(Int.self, forKey: .count)
        (trigger, anchor) = try BatchAnchor.decodeTrigger(from: try c.superDecoder(forKey: .trigger))
        if trigger.namedZone != nil {
            zone = try c.decodeIfPresent(String.self, forKey: .zone)
        } else {
            zone = try c.decode(String.self, forKey: .zone)
        }
    }

    /// The zone to answer in: the request's, or the one the trigger's expression names. Both
    /// given must agree (the same zone once resolved); else an error with code `zoneConflict`.
    func zoneRules(in database: ZoneDatabase) throws(BatchError) -> (rules: ZoneRules, requested: String) {
        do {
            return try trigger.zone(given: zone, in: database)
        } catch let ScheduleError.zoneConflict(given, named) {
            throw BatchError(code: "zoneConflict", message: "the request's zone \(given) differs from the zone the expression names, \(named): give one")
        } catch let error as ZoneError {
            throw BatchError(error)
        } catch {
            throw BatchError(code: "unknownZone", message: BatchError.describe(error))
        }
    }
}

/// Where an interval trigger's anchor comes from: an instant in the JSON (`fixed`, already in the
/// trigger), none (`after`: the request's `after`, so the answer never depends on the clock), or a
/// local time read in the request's zone (`local`).
enum BatchAnchor: Equatable {
    case fixed
    case after
    case local(String)

    /// The placeholder anchor of a trigger decoded before its zone and `after` are known.
    static let placeholder = Instant(seconds: 0)

    /// Decodes a trigger; an interval's anchor is left at `placeholder` unless it is an instant.
    static func decodeTrigger(from decoder: Decoder) throws -> (Trigger, BatchAnchor) {
        var kind = BatchAnchor.fixed
        let trigger = try Trigger.decode(from: decoder) { text in
            guard let text else { kind = .after; return placeholder }
            if let instant = try TimeInput.absolute(text) { return instant }
            kind = .local(text)
            return placeholder
        }
        return (trigger, kind)
    }

    /// `trigger` with its interval anchored as this says.
    func apply(to trigger: Trigger, after: Instant, zone: ZoneRules) throws(BatchError) -> Trigger {
        guard case .interval(let t) = trigger, self != .fixed else { return trigger }
        let anchor: Instant
        switch self {
        case .fixed, .after: anchor = after
        case .local(let text):
            do { anchor = try TimeInput.read(text, name: "anchor", zone: zone).instant } catch { throw BatchError(error) }
        }
        do {
            return .interval(try IntervalTrigger(interval: t.interval, repeats: t.repeats, anchor: anchor,
                                                 reportsWallClockDrift: t.reportsWallClockDrift))
        } catch {
            throw BatchError(code: "invalidTrigger", message: error.description)
        }
    }
}

/// Just the request's id, read separately so that an error response can echo it even when the
/// rest of the line is invalid. A string or a number, echoed as given.
package struct BatchRequestID: Decodable {
    package let id: JSON?

    enum CodingKeys: String, CodingKey { case id, identifier }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let key: CodingKeys = c.contains(.id) ? .id : .identifier
        if let text = try? c.decode(String.self, forKey: key) { id = .string(text) }
        else if let number = try? c.decode(Int64.self, forKey: key) { id = .int(number) }
        else { id = nil }
    }

    /// Throws when an id is given but is not a string, an integer or null (`invalidField`): an id that
    /// cannot be echoed would leave the caller unable to match the answer to its request.
    static func requireReadable(in decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        for key in [CodingKeys.id, .identifier] where c.contains(key) && (try? c.decodeNil(forKey: key)) != true {
            if (try? c.decode(String.self, forKey: key)) == nil, (try? c.decode(Int64.self, forKey: key)) == nil {
                throw DecodingError.typeMismatch(String.self, .init(codingPath: c.codingPath + [key],
                                                                    debugDescription: "a string or an integer"))
            }
        }
    }
}
