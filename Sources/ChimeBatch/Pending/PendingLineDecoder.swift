import Chime
import Synchronization
import ChimeZones
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

    /// A request in pieces (the byte path builds no `PendingRequest`: a `Trigger` is 500 bytes to
    /// copy), and where its trigger can be had again (`trigger(of:)`) without keeping its value.
    struct Decoded {
        let identifier: String
        /// Its number in `zones`.
        let zone: UInt32
        let createdAt: Instant
        let payload: PendingPayload?
        /// The trigger as the byte path read it (its text decodes again through the cache),
        /// anchored at `createdAt` when its anchor is `.start`; nil when the general path read
        /// the line (`request`).
        let source: DecodedTrigger?
        /// The request the general path read, boxed: a `Decoded` is copied on its way from a
        /// worker to the table, and a request is 600 bytes.
        let general: GeneralRequest?
        /// The first fire after `now` (`PendingRequest.nextFire(after:)`), when asked for.
        let next: Result<Fire?, PendingError>?

        var request: PendingRequest? { general?.request }
    }

    final class GeneralRequest {
        let request: PendingRequest
        init(_ request: PendingRequest) { self.request = request }
    }

    /// The zones the lines named, each once: `Decoded.zone` is a number here.
    private(set) var zones: [(rules: ZoneRules, requested: String)] = []
    private var zoneNumbers: [String: UInt32] = [:]

    let database: ZoneDatabase
    /// The creation instant of a request that gives none, and what `now` in a line means.
    let now: Instant
    private let triggers: TriggerCache
    private var zoneCache = ByteKeyedCache<UInt32>(slots: 256)

    /// `triggers` may be shared with the other decoders of a table (its lookups are thread-safe).
    package init(database: ZoneDatabase, now: Instant, triggers: TriggerCache = TriggerCache()) {
        self.database = database
        self.now = now
        self.triggers = triggers
    }

    /// One line (without its terminator) as a request, with its first fire after `now` when
    /// `findingNext`, or the failure the general path words.
    mutating func decode(_ line: UnsafeBufferPointer<UInt8>, findingNext: Bool = true) -> Result<Decoded, Failure> {
        if let decoded = fastDecode(line, findingNext: findingNext) { return .success(decoded) }
        switch Self.generalDecode(Array(line), database: database, now: now) {
        case .failure(let failure): return .failure(failure)
        case .success(let request):
            let next = findingNext ? Result { () throws(PendingError) in try request.nextFire(after: now) } : nil
            return .success(Decoded(identifier: request.identifier, zone: zoneNumber(request.zone, request.zoneIdentifier),
                                    createdAt: request.createdAt, payload: request.payload, source: nil, general: GeneralRequest(request), next: next))
        }
    }

    /// The trigger `decode` gave (`PendingRequest.trigger`).
    func trigger(of decoded: Decoded) -> Trigger { triggers.trigger(of: decoded) }

    // MARK: Byte path

    /// The request from the line's bytes, or nil for the general path.
    private mutating func fastDecode(_ line: UnsafeBufferPointer<UInt8>, findingNext: Bool) -> Decoded? {
        guard let scanned = BatchLine(scanning: line, kind: .pending, knownLength: { _ in nil }) else { return nil }
        let identifier: String
        switch scanned.id {
        case .text(let range) where !range.isEmpty: identifier = String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
        case .integer(let number): identifier = String(number)
        default: return nil   // none or empty: the general path says which
        }
        let triggerText = UnsafeBufferPointer(rebasing: line[scanned.trigger])
        guard let decoded = triggers.decoded(triggerText), !decoded.namesZone, !decoded.isBackward,
              let zone = zoneNumber(UnsafeBufferPointer(rebasing: line[scanned.zone])) else { return nil }
        var createdAt = now
        if let range = scanned.created ?? scanned.after {
            let text = UnsafeBufferPointer(rebasing: line[range])
            if !text.elementsEqual("now".utf8) {
                guard let instant = try? ISO8601Format.parseInstant(utf8: text) else { return nil }   // a local time: read in the zone there
                createdAt = instant
            }
        }
        var payload: PendingPayload?
        if let range = scanned.payload {
            guard let compact = Self.compacted(UnsafeBufferPointer(rebasing: line[range])) else { return nil }
            payload = PendingPayload(bytes: compact)
        }
        let rules = zones[Int(zone)].rules
        var next: Result<Fire?, PendingError>?
        switch decoded.anchor {
        case .given:
            // The cached trigger, borrowed rather than copied into a request.
            if findingNext { next = Result { () throws(PendingError) in try decoded.nextFire(in: rules, identifier: identifier, after: now) } }
        case .start:
            guard let anchored = try? ScheduleRequest.anchored(decoded.trigger, .start, start: createdAt, text: { _ in createdAt }) else { return nil }
            if findingNext { next = Result { () throws(PendingError) in try PendingRequest.nextFire(of: anchored, in: rules, identifier: identifier, after: now) } }
        case .text:
            return nil
        }
        return Decoded(identifier: identifier, zone: zone, createdAt: createdAt, payload: payload, source: decoded, general: nil, next: next)
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

    /// The number of a zone id's rules, cached; nil when the id is unknown (the general path says so).
    private mutating func zoneNumber(_ id: UnsafeBufferPointer<UInt8>) -> UInt32? {
        if let cached = zoneCache.value(for: id) { return cached }
        let requested = String(decoding: id, as: UTF8.self)
        guard let rules = try? database.rules(for: requested) else { return nil }
        let number = zoneNumber(rules, requested)
        zoneCache.insert(number, for: id)
        return number
    }

    private mutating func zoneNumber(_ rules: ZoneRules, _ requested: String) -> UInt32 {
        if let number = zoneNumbers[requested] { return number }
        let number = UInt32(zones.count)
        zones.append((rules, requested))
        zoneNumbers[requested] = number
        return number
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

/// Decoded triggers by their JSON text, shared by the decoders of a table (lookups and insertions
/// are thread-safe: the cache is cut into stripes by hash, each behind its own lock (`locked`,
/// which ThreadSanitizer can follow), so workers
/// rarely wait on each other): a pending file repeats its triggers over many lines. 32,768 entries
/// (~40 MB) by default: on the seeded 10^6-line file (151,378 distinct texts) one shared cache misses
/// on 27% of lines where two of 16,384 each (the same memory) missed on 37%.
package final class TriggerCache: Sendable {
    private final class Stripe: Sendable {
        let cache: Mutex<ByteKeyedCache<DecodedTrigger>>
        init(slots: Int) { cache = Mutex(ByteKeyedCache(slots: slots)) }
    }

    package static let defaultSlots = 32_768
    private static let stripes = 16
    private let stripes: [Stripe]

    /// A cache of about `slots` decoded triggers (~1.2 KB each).
    package init(slots: Int = TriggerCache.defaultSlots) {
        stripes = (0..<Self.stripes).map { _ in Stripe(slots: max(slots / Self.stripes, 4)) }
    }

    /// The trigger a decoder's `decode` gave (`PendingRequest.trigger`).
    func trigger(of decoded: PendingLineDecoder.Decoded) -> Trigger {
        if let request = decoded.request { return request.trigger }
        guard let source = decoded.source else { preconditionFailure("a request without a trigger") }
        return trigger(source.json, anchoredAt: source.anchor == .start ? decoded.createdAt : nil)
    }

    /// The trigger of text the byte path read (`Decoded.source`), anchored at `createdAt` when it
    /// was anchored at creation: the trigger `decode` gave.
    func trigger(_ text: UnsafeBufferPointer<UInt8>, anchoredAt createdAt: Instant?) -> Trigger {
        guard let decoded = decoded(text) else { preconditionFailure("a trigger text read once no longer decodes") }
        guard let createdAt else { return decoded.trigger }
        guard let anchored = try? ScheduleRequest.anchored(decoded.trigger, .start, start: createdAt, text: { _ in createdAt }) else {
            preconditionFailure("an interval anchored once no longer anchors")
        }
        return anchored
    }

    /// The trigger `json` decodes to, or nil when it does not.
    func decoded(_ json: UnsafeBufferPointer<UInt8>) -> DecodedTrigger? {
        let hash = ByteKeyedCache<DecodedTrigger>.hash(json)
        // The low bits pick the stripe; the cache picks its set from the high ones.
        let stripe = stripes[Int(truncatingIfNeeded: hash) & (Self.stripes - 1)]
        if let cached = stripe.cache.locked({ $0.value(for: json, hash: hash) }) { return cached }
        guard let (decoded, reusable) = DecodedTrigger.decode(json) else { return nil }
        guard reusable else { return decoded }
        // Another worker may have decoded the same text meanwhile: keep the first.
        return stripe.cache.locked { cache in
            if let cached = cache.value(for: json, hash: hash) { return cached }
            cache.insert(decoded, for: json, hash: hash)
            return decoded
        }
    }
}
