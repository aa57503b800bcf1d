import ChimeJSON

/// docs/contract.md's request, as it crosses a boundary (a `chime batch` line, a pending-file line,
/// the C ABI, Python), before its zone and instants are resolved: the one request type every
/// interface decodes.
/// ```json
/// {"id": "r1", "zone": "America/New_York", "after": "2026-03-07T12:00:00Z", "count": 3,
///  "trigger": {"calendar": {"components": {"hour": 9, "minute": 0}}}}
/// {"identifier": "standup", "zone": "America/New_York", "created": "2026-03-07T12:00:00Z",
///  "trigger": {"calendar": {"components": {"hour": 9, "minute": 0}}}, "payload": {"title": "Stand-up"}}
/// ```
/// - The `id` (or `identifier`) is a string or an integer, echoed as given; a pending request needs
///   one (it is the request's key) and prefers `identifier` when both are there.
/// - `zone` may be left out when the trigger names its zone (an OnCalendar expression ending in
///   one, a robfig `TZ=` prefix, an RRULE `TZID`), and may repeat it but not contradict it
///   (`Trigger.zone(given:in:)`).
/// - `after` is where a batch answer starts; a pending request's creation instant is `created`,
///   else `after`. An interval trigger without an `anchor` is anchored there (`Anchor.start`).
/// - `payload` (pending only) is the client's own data, carried as the JSON text it was.
/// - Any other member is an `UnknownFieldError` naming it and the nearest known one; which members
///   a line may have depends on its `Kind`.
///
/// Decoding reads the fields and never reads the clock; resolving the zone and the instants is the
/// interface's (`PendingRequest(_:zones:now:)` here, `chime batch` in ChimeBatch).
public struct ScheduleRequest: Sendable, Equatable {
    /// A request's id: a string or an integer, written back as it came.
    public enum ID: Sendable, Hashable {
        /// A string id, `"r1"`.
        case string(String)
        /// An integer id, `42`.
        case integer(Int64)

        /// The id as text (an integer in decimal): a pending request's key.
        public var text: String {
            switch self {
            case .string(let text): text
            case .integer(let number): String(number)
            }
        }
    }

    /// Where an interval trigger's anchor comes from.
    public enum Anchor: Sendable, Equatable {
        /// An instant given in the trigger (and every trigger that is not an interval).
        case given
        /// None given: the request's start (`after`, or a pending request's creation instant).
        case start
        /// A local time (read in the request's zone) or `now` (read when the request is resolved).
        case text(String)
    }

    /// Which lines a request comes from, and so which members it may have.
    public enum Kind: Sendable {
        /// A `chime batch` line (and the C ABI's): `id`, `identifier`, `zone`, `after`, `count`, `deadlineMs`, `trigger`.
        case batch
        /// A pending request (a pending file's line, `PendingRequest`'s `Codable`): the batch
        /// members plus `created` and `payload`.
        case pending

        /// Every member a line of this kind may have (docs/contract.md).
        public var members: [String] {
            switch self {
            case .batch: ["id", "identifier", "zone", "after", "count", "deadlineMs", "trigger"]
            case .pending: ["identifier", "id", "zone", "trigger", "created", "after", "count", "payload"]
            }
        }

        /// Where the id is read, first found first.
        fileprivate var idKeys: [CodingKeys] {
            switch self {
            case .batch: [.id, .identifier]
            case .pending: [.identifier, .id]
            }
        }
    }

    /// The id as given (`id` or `identifier`), if any.
    public var id: ID?
    /// The zone id as written (any id `ZoneDatabase` takes), or nil when the trigger names its zone.
    public var zone: String?
    /// Where the answer starts (`after`; a pending request's `created`, else `after`), as written:
    /// an instant, a local time read in the zone, or `now`.
    public var after: String?
    /// How many fires a batch answer gives (default 1); a pending request ignores it.
    public var count: Int?
    /// A batch answer's time limit in milliseconds (`deadlineMs`), if any: its walk ends with
    /// `limitReached` past it (`Deadline`).
    public var deadlineMilliseconds: Int?
    /// The trigger as decoded (docs/contract.md's trigger object); an interval anchored at its
    /// start or at a text holds a placeholder anchor until resolved (`anchored(at:text:)`).
    public var trigger: Trigger
    /// Where an interval trigger's anchor comes from.
    public var anchor: Anchor
    /// The client's data (a pending request's `payload`).
    public var payload: PendingPayload?

    /// The key of a pending request: the id as text.
    public var identifier: String? { id?.text }

    /// A request from its fields.
    public init(id: ID?, zone: String?, after: String? = nil, count: Int? = nil, trigger: Trigger,
                anchor: Anchor = .given, payload: PendingPayload? = nil) {
        self.id = id
        self.zone = zone
        self.after = after
        self.count = count
        self.trigger = trigger
        self.anchor = anchor
        self.payload = payload
    }

    /// The record of a resolved pending request: its anchor written out, `created` its creation instant.
    public init(_ request: PendingRequest) {
        self.init(id: .string(request.identifier), zone: request.zoneIdentifier, after: request.createdAt.utcString,
                  trigger: request.trigger, payload: request.payload)
    }

    /// The placeholder anchor of an interval whose anchor is resolved later.
    public static let placeholderAnchor = Instant(seconds: 0)

    /// The trigger with its interval anchored as `anchor` says: at `start` (`.start`) or at
    /// `text`'s instant (`.text`, read by the caller, which knows the zone and the clock).
    public func anchoredTrigger(start: Instant, text: (String) throws -> Instant) throws -> Trigger {
        try Self.anchored(trigger, anchor, start: start, text: text)
    }

    /// `trigger` with its interval anchored as `anchor` says (`anchoredTrigger(start:text:)`).
    public static func anchored(_ trigger: Trigger, _ anchor: Anchor, start: Instant, text: (String) throws -> Instant) throws -> Trigger {
        guard case .interval(let interval) = trigger else { return trigger }
        let instant: Instant
        switch anchor {
        case .given: return trigger
        case .start: instant = start
        case .text(let written): instant = try text(written)
        }
        return .interval(try IntervalTrigger(interval: interval.interval, repeats: interval.repeats, anchor: instant,
                                             reportsWallClockDrift: interval.reportsWallClockDrift))
    }

    // MARK: Decoding

    fileprivate enum CodingKeys: String, CodingKey { case id, identifier, zone, after, created, count, deadlineMs, trigger, payload }

    /// Decodes a line of `kind`. Errors are `DecodingError`s at the value's coding path with Chime's
    /// error underneath (`UnknownFieldError`, the trigger's own error), checked in the order a batch
    /// answer reports them: the id, unknown members, `after`, `count`, the trigger, the zone.
    public static func decode(from decoder: Decoder, kind: Kind) throws -> ScheduleRequest {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try readableID(in: c, kind: kind)
        try UnknownFieldError.check(decoder, known: kind.members)
        var after = try c.decodeIfPresent(String.self, forKey: .after)
        if kind == .pending, let created = try c.decodeIfPresent(String.self, forKey: .created) { after = created }
        let count = try c.decodeIfPresent(Int.self, forKey: .count)
        let deadline = kind == .batch ? try c.decodeIfPresent(Int.self, forKey: .deadlineMs) : nil
        let (trigger, anchor) = try decodeTrigger(from: try c.superDecoder(forKey: .trigger))
        // Optional when the trigger names its zone.
        let zone = trigger.namedZone != nil ? try c.decodeIfPresent(String.self, forKey: .zone) : try c.decode(String.self, forKey: .zone)
        if kind == .pending && id == nil {
            throw DecodingError.keyNotFound(CodingKeys.identifier, .init(codingPath: decoder.codingPath, debugDescription: "no value for key 'identifier'"))
        }
        let payload = kind == .pending ? try c.decodeIfPresent(PendingPayload.self, forKey: .payload) : nil
        var request = ScheduleRequest(id: id, zone: zone, after: after, count: count, trigger: trigger, anchor: anchor, payload: payload)
        request.deadlineMilliseconds = deadline
        return request
    }

    /// The id alone (what an error answer echoes, when the rest of the line cannot be read): a
    /// string or an integer, else nil.
    public static func id(from decoder: Decoder, kind: Kind) -> ID? {
        guard let c = try? decoder.container(keyedBy: CodingKeys.self) else { return nil }
        return id(in: c, kind: kind)
    }

    private static func id(in c: KeyedDecodingContainer<CodingKeys>, kind: Kind) -> ID? {
        guard let key = kind.idKeys.first(where: c.contains), numberNotInDigits(in: c, key) == nil else { return nil }
        if let text = try? c.decode(String.self, forKey: key) { return .string(text) }
        if let number = try? c.decode(Int64.self, forKey: key) { return .integer(number) }
        return nil
    }

    /// The id; an id that is there but neither a string, an integer nor null is an error
    /// (`typeMismatch`): an answer that cannot echo it could not be matched to its request. So is
    /// a number not written in digits (`1e2`, `100.0`), which could only be echoed changed.
    private static func readableID(in c: KeyedDecodingContainer<CodingKeys>, kind: Kind) throws -> ID? {
        for key in [CodingKeys.id, .identifier] where c.contains(key) && (try? c.decodeNil(forKey: key)) != true {
            if (try? c.decode(String.self, forKey: key)) == nil, (try? c.decode(Int64.self, forKey: key)) == nil {
                throw DecodingError.typeMismatch(String.self, .init(codingPath: c.codingPath + [key], debugDescription: "a string or an integer"))
            }
            if let text = numberNotInDigits(in: c, key) {
                throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [key],
                                                        debugDescription: "an id is a string or an integer written in digits, not \(text)"))
            }
        }
        return id(in: c, kind: kind)
    }

    /// The text of a number id not written in digits (`1e2`, `100.0`), as the decoder keeps it
    /// (ChimeJSON's does; Foundation's has only the value): such an id could only be echoed changed.
    private static func numberNotInDigits(in c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> String? {
        guard case .number(let text)? = try? c.decode(JSON.self, forKey: key),
              !text.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (48...57).contains($0) }) else { return nil }
        return text
    }

    /// Decodes a trigger; an interval's anchor is `placeholderAnchor` unless it is an instant
    /// (RFC 3339 or `@EPOCH`), the anchor's source in `Anchor`.
    public static func decodeTrigger(from decoder: Decoder) throws -> (Trigger, Anchor) {
        var source = Anchor.given
        let trigger = try Trigger.decode(from: decoder) { text in
            guard let text else { source = .start; return placeholderAnchor }
            if text != "now", let instant = try absoluteInstant(text) { return instant }
            source = .text(text)
            return placeholderAnchor
        }
        return (trigger, source)
    }

    /// `text` as an instant when it is one (RFC 3339, `@EPOCH`); nil for anything else (perhaps a
    /// local time, read later in the zone). Errors only for text that is clearly an instant but
    /// wrong (`@x`, `2026-02-30T00:00:00Z`).
    private static func absoluteInstant(_ text: String) throws(TimeError) -> Instant? {
        do {
            if case .instant(let instant) = try TimeText.parse(text) { return instant }
            return nil
        } catch {
            if case .malformedInstant = error { return nil }
            throw error
        }
    }
}

/// A pending request's line: decoding reads `Kind.pending`'s members; encoding writes
/// `identifier`, `zone`, `created`, `trigger` (an interval anchored at its start or a text without
/// its placeholder, so it reads back the same) and `payload`.
extension ScheduleRequest: Codable {
    /// Reads a pending request's line (`decode(from:kind:)` with `Kind.pending`).
    public init(from decoder: Decoder) throws {
        self = try Self.decode(from: decoder, kind: .pending)
    }

    /// Writes the pending request's line: `identifier`, `zone`, `created`, `trigger`, `payload`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(identifier, forKey: .identifier)
        try c.encodeIfPresent(zone, forKey: .zone)
        try c.encodeIfPresent(after, forKey: .created)
        if anchor != .given, case .interval(let interval) = trigger {
            var kinds = c.nestedContainer(keyedBy: AnchorlessIntervalKeys.self, forKey: .trigger)
            var fields = kinds.nestedContainer(keyedBy: AnchorlessIntervalKeys.Fields.self, forKey: .interval)
            if interval.interval.nanoseconds % 1_000_000_000 == 0 {
                try fields.encode(interval.interval.nanoseconds / 1_000_000_000, forKey: .seconds)
            } else {
                try fields.encode(interval.interval.description, forKey: .seconds)
            }
            try fields.encode(interval.repeats, forKey: .repeats)
            if case .text(let text) = anchor { try fields.encode(text, forKey: .anchor) }
            if interval.reportsWallClockDrift { try fields.encode(true, forKey: .reportDrift) }
        } else {
            try c.encode(trigger, forKey: .trigger)
        }
        try c.encodeIfPresent(payload, forKey: .payload)
    }

    private enum AnchorlessIntervalKeys: String, CodingKey {
        case interval
        enum Fields: String, CodingKey { case seconds, repeats, anchor, reportDrift }
    }
}
