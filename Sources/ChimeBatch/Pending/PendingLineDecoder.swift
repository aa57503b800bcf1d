import Chime
import ChimeJSON

/// A pending file's line (docs/contract.md: a batch request with `"identifier"`, an optional
/// `created` and an opaque `payload`) as a `PendingRequest`: two paths, one answer, as
/// `BatchProcessor` answers a batch line.
///
/// The common line (`BatchLine` with `Kind.pending` accepts it) is read from its bytes: the
/// trigger's JSON text and the zone id are looked up in bounded caches, `created` is parsed in
/// place, and the payload's bytes are kept (compacted, as the general path writes them back).
/// Everything else — malformed lines, escapes, a zone the trigger names, a local creation time,
/// errors of any kind — takes the general path: `JSONParser`, `JSONTreeDecoder` and
/// `ScheduleRequest.decode(from:kind:)` with `Kind.pending`, then `PendingRequest(_:zones:now:)`,
/// which words every error with `chime batch`'s codes.
package struct PendingLineDecoder {
    /// A line that could not become a request: the id when it could be read, a code, a message.
    package struct Failure: Error {
        package let id: JSON?
        package let code: String
        package let message: String
    }

    /// A request, and where its trigger can be had again (`trigger(_:anchoredAt:)`) without
    /// keeping its value.
    struct Decoded {
        let request: PendingRequest
        /// The trigger as the byte path read it (its text decodes again through the cache); nil
        /// when the general path did (keep `request.trigger`).
        let source: DecodedTrigger?
    }

    let database: ZoneDatabase
    /// The creation instant of a request that gives none, and what `now` in a line means.
    let now: Instant
    private let triggers = TriggerCache()
    private var zones = ByteKeyedCache<(rules: ZoneRules, requested: String)>(slots: 256)

    package init(database: ZoneDatabase, now: Instant) {
        self.database = database
        self.now = now
    }

    /// One line (without its terminator) as a request, or the failure the general path words.
    mutating func decode(_ line: UnsafeBufferPointer<UInt8>) -> Result<Decoded, Failure> {
        if let decoded = fastDecode(line) { return .success(decoded) }
        return Self.generalDecode(Array(line), database: database, now: now)
            .map { Decoded(request: $0, source: nil) }
    }

    /// The trigger of text the byte path read (`Decoded.source`), anchored at `createdAt` when it
    /// was anchored at creation: the trigger `decode` gave.
    func trigger(_ text: UnsafeBufferPointer<UInt8>, anchoredAt createdAt: Instant?) -> Trigger {
        guard let decoded = triggers.decoded(text) else { preconditionFailure("a trigger text read once no longer decodes") }
        guard let createdAt else { return decoded.trigger }
        guard let anchored = try? ScheduleRequest.anchored(decoded.trigger, .start, start: createdAt, text: { _ in createdAt }) else {
            preconditionFailure("an interval anchored once no longer anchors")
        }
        return anchored
    }

    // MARK: Byte path

    /// The request from the line's bytes, or nil for the general path.
    private mutating func fastDecode(_ line: UnsafeBufferPointer<UInt8>) -> Decoded? {
        guard let scanned = BatchLine(scanning: line, kind: .pending, knownLength: { _ in nil }) else { return nil }
        let identifier: String
        switch scanned.id {
        case .text(let range) where !range.isEmpty: identifier = String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
        case .integer(let number): identifier = String(number)
        default: return nil   // none or empty: the general path says which
        }
        let triggerText = UnsafeBufferPointer(rebasing: line[scanned.trigger])
        guard let decoded = triggers.decoded(triggerText), decoded.trigger.namedZone == nil,
              let zone = zone(UnsafeBufferPointer(rebasing: line[scanned.zone])) else { return nil }
        var createdAt = now
        if let range = scanned.created ?? scanned.after {
            let text = UnsafeBufferPointer(rebasing: line[range])
            if !text.elementsEqual("now".utf8) {
                guard let instant = try? ISO8601Format.parseInstant(utf8: text) else { return nil }   // a local time: read in the zone there
                createdAt = instant
            }
        }
        let trigger: Trigger
        switch decoded.anchor {
        case .given: trigger = decoded.trigger
        case .start:
            guard let anchored = try? ScheduleRequest.anchored(decoded.trigger, .start, start: createdAt, text: { _ in createdAt }) else { return nil }
            trigger = anchored
        case .text: return nil
        }
        var payload: PendingPayload?
        if let range = scanned.payload {
            guard let compact = Self.compacted(UnsafeBufferPointer(rebasing: line[range])) else { return nil }
            payload = PendingPayload(bytes: compact)
        }
        guard let request = try? PendingRequest(identifier: identifier, trigger: trigger, zone: zone.rules, zoneIdentifier: zone.requested,
                                                payload: payload, createdAt: createdAt) else { return nil }
        return Decoded(request: request, source: decoded)
    }

    /// A payload's bytes as the general path writes its value back (`JSONTree.compactText`): without
    /// the whitespace between tokens. Nil unless ASCII (the scanned subset has no escapes, so a
    /// string's bytes are its text).
    static func compacted(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var inString = false
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: "\"") { inString.toggle() }
            if !inString, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            out.append(byte)
        }
        return out
    }

    /// The rules for a zone id, cached; nil when the id is unknown (the general path says so).
    private mutating func zone(_ id: UnsafeBufferPointer<UInt8>) -> (rules: ZoneRules, requested: String)? {
        if let cached = zones.value(for: id) { return cached }
        let requested = String(decoding: id, as: UTF8.self)
        guard let rules = try? database.rules(for: requested) else { return nil }
        zones.insert((rules, requested), for: id)
        return (rules, requested)
    }

    // MARK: General path

    /// Any line, errors included: the JSON tree, `ScheduleRequest` (`Kind.pending`), then
    /// `PendingRequest(_:zones:now:)`. Internal so that tests hold the byte path against it.
    static func generalDecode(_ bytes: [UInt8], database: ZoneDatabase, now: Instant) -> Result<PendingRequest, Failure> {
        let tree: JSONTree
        do { tree = try BatchProcessor.parse(bytes) } catch {
            return .failure(Failure(id: nil, code: error.code, message: error.message))
        }
        let id = ScheduleRequest.id(from: JSONTreeDecoder.root(of: tree), kind: .pending)?.json
        do {
            let line = try BatchProcessor.decode(tree, kind: .pending)
            do {
                return .success(try PendingRequest(line, zones: database, now: now))
            } catch {
                return .failure(Failure(id: id, code: error.code, message: error.cliMessage))
            }
        } catch {
            return .failure(Failure(id: id, code: error.code, message: error.message))
        }
    }
}

/// Decoded triggers by their JSON text (a class, so that a decoder can look one up from a
/// non-mutating call): a pending file repeats a few thousand triggers over many lines.
final class TriggerCache {
    private var cache = ByteKeyedCache<DecodedTrigger>(slots: 4096)

    /// The trigger `json` decodes to, or nil when it does not.
    func decoded(_ json: UnsafeBufferPointer<UInt8>) -> DecodedTrigger? {
        if let cached = cache.value(for: json) { return cached }
        guard let (decoded, reusable) = DecodedTrigger.decode(json) else { return nil }
        if reusable { cache.insert(decoded, for: json) }
        return decoded
    }
}
