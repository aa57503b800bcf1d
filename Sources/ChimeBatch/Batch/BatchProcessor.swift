import Chime
import ChimeJSON

/// Turns one request line into exactly one response line; never throws, never stops the stream.
///
/// Two paths, one answer. The common line (`BatchLine` accepts it) is answered from its bytes:
/// the trigger's JSON text and the zone id are looked up in bounded caches, the instant is parsed
/// in place and the fires are written straight into the output. Everything else — malformed
/// lines, escapes, errors of any kind — takes the general path: `JSONParser` builds a tree and
/// `JSONTreeDecoder` decodes a `ScheduleRequest` (`Kind.batch`), as it always has, so every error response keeps
/// its exact wording.
package struct BatchProcessor {
    let database: ZoneDatabase
    static let maximumCount = 100_000
    /// The longest request line answered, in bytes (docs/contract.md, "Limits"): a longer one gets
    /// `lineTooLong` and is skipped without being held, so one endless line cannot take the
    /// memory of the process (`chime batch`, pending files and the C ABI's streams alike).
    package static let maximumLineLength = 64 << 20

    /// The `lineTooLong` message for a line of `length` bytes.
    package static func lineTooLongMessage(length: Int) -> String {
        "the line is \(length) bytes long; a request line may be at most \(maximumLineLength) bytes"
    }

    /// The `lineTooLong` response line (without its line end).
    package static func lineTooLongResponse(length: Int) -> String {
        #"{"error":{"code":"lineTooLong","message":""# + lineTooLongMessage(length: length) + #""}}"#
    }
    /// Decoded triggers by their JSON text: a batch repeats a few triggers over many lines.
    /// 4,096 entries (at most ~3 MB: a `Trigger` is 499 bytes, its text kept twice): a daily
    /// schedule at any minute of the day has 1,440 distinct texts, which 256 entries kept
    /// evicting (8 in 10 lines of such a batch decoded their trigger again, ~9,000 instructions
    /// each with the eviction, a quarter of the batch's time).
    private var triggers = ByteKeyedCache<DecodedTrigger>(slots: 4096)
    /// The last few triggers used, which `BatchLine` recognizes by comparing bytes instead of
    /// checking and hashing the text again (round robin: most batches use a few triggers).
    private var recentTriggers: [DecodedTrigger] = []
    private var nextRecent = 0
    private static let recentLimit = 8
    /// Zone rules by id bytes, without `ZoneDatabase`'s lock and String hashing per request, with
    /// the answer's zone fields already written out.
    private var zones = ByteKeyedCache<AnsweringZone>(slots: 256)
    /// The database's `generation` the caches were filled under: when a reload replaces the zone
    /// data, the next line empties them first (one load per line, no lock), so that no answer
    /// after the reload comes from rules cached before it.
    private var generation: Int

    /// A zone as a response names it: `"zone":…,"requested":…,"source":…,"version":…,` (the
    /// general path's `TriggerJSON.zoneFields`, in the same bytes). A class holding its bytes
    /// itself, so that a request takes it from the cache as one reference (a struct of rules and
    /// an array cost three reference counts to copy out, and as many to drop).
    final class AnsweringZone {
        let rules: ZoneRules
        let fields: UnsafeBufferPointer<UInt8>

        init(_ rules: ZoneRules, requested: String) {
            self.rules = rules
            var object: [UInt8] = []
            JSON.object(TriggerJSON.zoneFields(rules, requested: requested)).write(to: &object)
            let fields = object.dropFirst().dropLast() + [UInt8(ascii: ",")]   // without the braces
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: fields.count)
            _ = copy.initialize(from: fields)
            self.fields = UnsafeBufferPointer(copy)
        }

        deinit { fields.deallocate() }
    }
    /// Writes the common path's response lines, one append each.
    private let fireWriter = FireWriter()

    /// `chime batch --explain`: every response also names the instant searched after and the
    /// trigger as understood (every response names the zone as answered: `zone`, `requested`,
    /// `source`, `version`); every line then takes the general path.
    let explain: Bool

    package init(database: ZoneDatabase, explain: Bool = false) {
        self.database = database
        self.explain = explain
        generation = database.generation
    }

    /// Forgets every cached zone and decoded trigger (the zone data they were checked against changed).
    private mutating func forgetCaches(generation now: Int) {
        zones = ByteKeyedCache(slots: 256)
        triggers = ByteKeyedCache(slots: 4096)
        recentTriggers.removeAll()
        nextRecent = 0
        generation = now
    }

    /// Appends the response to one line's bytes (UTF-8, without the line terminator) to `out`.
    package mutating func respond(toLine line: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        let now = database.generation
        if now != generation { forgetCaches(generation: now) }
        if explain { return generalResponse(toLine: Array(line)).write(to: &out) }
        var recognized: DecodedTrigger?
        let request = BatchLine(scanning: line) { rest in
            recognized = cachedTrigger(endingRequest: rest) ?? recentTriggers.first { $0.isPrefix(of: rest) }
            return recognized?.json.count
        }
        if let request, answer(request, recognized, line, into: &out) { return }
        generalResponse(toLine: Array(line)).write(to: &out)
    }

    // MARK: Common path

    /// Writes the fires for a scanned line, or returns false having written nothing when the
    /// general path must answer (an error, or a trigger that does not decode).
    private mutating func answer(_ request: BatchLine, _ recognized: DecodedTrigger?, _ line: UnsafeBufferPointer<UInt8>,
                                 into out: inout [UInt8]) -> Bool {
        let count = request.count ?? 1
        // A line with a deadline is answered by the general path, which keeps it (`Deadline`): a
        // request that asks for a time limit is one whose fires are many or slow, where decoding
        // its line is not what costs.
        guard request.deadlineMilliseconds == nil, (0...Self.maximumCount).contains(count),
              let decoded = recognized ?? trigger(UnsafeBufferPointer(rebasing: line[request.trigger])),
              let after = request.after.map({ Self.absoluteInstant(UnsafeBufferPointer(rebasing: line[$0])) }) ?? TimeInput.now(),
              let zone = zone(UnsafeBufferPointer(rebasing: line[request.zone]))
        else { return false }
        // An expression naming its zone decides the zone: the general path checks it against the request's.
        if decoded.namesZone { return false }
        // An interval without an anchor starts at `after`; a local anchor needs the general path.
        // The usual trigger is passed on as it is (borrowed, not copied).
        switch decoded.anchor {
        case .given:
            return write(request, decoded, after: after, zone: zone, count: count, line, into: &out)
        case .text:
            return false
        case .start:
            guard let anchored = try? ScheduleRequest.anchored(decoded.trigger, .start, start: after, text: { _ in after }) else { return false }
            return write(request, anchored, after: after, zone: zone, count: count, line, into: &out)
        }
    }

    /// `write(_:_:after:zone:count:_:into:)` for a cached trigger: a calendar trigger (the usual
    /// one) is read in place through the decoded trigger's box, not copied out of it for the
    /// request (a `Trigger` passed on from a class's property is copied: a few hundred bytes).
    private func write(_ request: BatchLine, _ decoded: DecodedTrigger, after: Instant, zone: AnsweringZone, count: Int,
                       _ line: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
        guard let (prototype, repeats) = decoded.calendarWalk else {
            return write(request, decoded.trigger, after: after, zone: zone, count: count, line, into: &out)
        }
        let rules = zone.rules
        var stepper = prototype
        return write(request, zoneFields: zone.fields, repeats: repeats, after: after, count: count, line, into: &out, nextFire: {
            (instant) throws(TriggerError) in
            // The box only when the trigger must search (reached through `decoded`, held already).
            try stepper.nextFire(after: instant, in: rules) { (instant) throws(TriggerError) in try decoded.calendar!.nextFire(after: instant, in: rules) }
        }, run: { limit in stepper.skipRun(limit: limit, in: rules) })
    }

    /// Writes the response line for a scanned request and its trigger; false (having written
    /// nothing) when the trigger fails and the general path must word the error.
    ///
    /// A calendar trigger (the usual one) is taken out of the enum once per request:
    /// `Trigger.nextFire` switches over `self`, which copies the calendar payload (a few hundred
    /// bytes, two `memcpy` calls) for every fire — about a third of the engine's time per fire
    /// in a `count` 10 batch. The fires are the same: `Trigger.nextFire` calls exactly this.
    private func write(_ request: BatchLine, _ trigger: Trigger, after: Instant, zone: AnsweringZone, count: Int,
                       _ line: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) -> Bool {
        let rules = zone.rules, fields = zone.fields
        if case .calendar(let calendar) = trigger {
            var stepper = CalendarFireStepper(calendar)
            return write(request, zoneFields: fields, repeats: calendar.repeats, after: after, count: count, line, into: &out) {
                (instant) throws(TriggerError) in
                try stepper.nextFire(after: instant, in: rules) { (instant) throws(TriggerError) in try calendar.nextFire(after: instant, in: rules) }
            }
        }
        if case .flutterAndroid = trigger {
            // Carries the fired wall time from fire to fire (`Trigger.rescheduled(after:)`).
            var current = trigger
            return write(request, zoneFields: fields, repeats: true, after: after, count: count, line, into: &out) {
                (instant) throws(TriggerError) in
                guard let fire = try current.nextFire(after: instant, in: rules) else { return nil }
                current = current.rescheduled(after: fire)
                return fire
            }
        }
        return write(request, zoneFields: fields, repeats: trigger.repeats, after: after, count: count, line, into: &out) {
            (instant) throws(TriggerError) in try trigger.nextFire(after: instant, in: rules)
        }
    }

    /// `write(_:_:after:zone:count:_:into:)` with the trigger's next fire after an instant as
    /// `nextFire`.
    @inline(__always)
    private func write(_ request: BatchLine, zoneFields: UnsafeBufferPointer<UInt8>, repeats: Bool, after: Instant, count: Int,
                       _ line: UnsafeBufferPointer<UInt8>, into out: inout [UInt8],
                       nextFire: (Instant) throws(TriggerError) -> Fire?,
                       run: (_ limit: Int) -> (count: Int, stride: Int64) = { _ in (0, 0) }) -> Bool {
        // `{"id":…,"zone":…,"fires":[`: the id is ASCII without quotes, backslashes or control
        // characters (`BatchLine` saw to that), so its bytes are copied as they are.
        let headerLength = 32 + max(request.id.length, ByteWriter.maximumIntegerLength) + zoneFields.count
        func header(_ w: inout ByteWriter) {
            switch request.id {
            case .text(let range):
                w.literal(#"{"id":""#)
                w.bytes(UnsafeBufferPointer(rebasing: line[range]))
                w.literal(#"","#)
            case .integer(let number):
                w.literal(#"{"id":"#)
                w.integer(number)
                w.literal(",")
            case .none:
                w.literal("{")
            }
            w.bytes(zoneFields)
            w.literal(#""fires":["#)
        }
        do {
            if count == 1 {
                // The usual request: its one fire is the trigger's next fire, without an iterator
                // (which would copy the trigger).
                let fire = try nextFire(after)
                fireWriter.write(maximum: headerLength, to: &out, header)
                if let fire { fireWriter.append(fire, comma: false, to: &out) }
                fireWriter.write(maximum: 2, to: &out) { $0.literal("]}") }
                fireWriter.flush(to: &out)
                return true
            }
            let start = out.count
            fireWriter.write(maximum: headerLength, to: &out, header)
            // Each search starts from the previous fire, as `FireIterator` walks (without copying
            // the trigger into one).
            var cursor = after, written = 0
            do {
                while written < count, let fire = try nextFire(cursor) {
                    fireWriter.append(fire, comma: written > 0, to: &out)
                    written += 1
                    cursor = fire.instant
                    if !repeats { break }
                    // The fires whole days after this one with no transition between them (a
                    // daily walk's), written as a run: `run` moves the walk past them.
                    if written < count, fireWriter.isLast(fire) {
                        let (more, stride) = run(count - written)
                        if more > 0 {
                            cursor = fireWriter.repeatLast(more, stride: stride, to: &out)
                            written += more
                        }
                    }
                }
            } catch {
                fireWriter.discard()
                out.removeSubrange(start...)
                throw error
            }
            fireWriter.write(maximum: 2, to: &out) { $0.literal("]}") }
            fireWriter.flush(to: &out)
            return true
        } catch {
            return false   // the general path words the error
        }
    }

    /// `now`, `@EPOCH` or RFC 3339 from bytes; nil for anything else (the general path reads
    /// local times and words the errors).
    private static func absoluteInstant(_ text: UnsafeBufferPointer<UInt8>) -> Instant? {
        if text.count == 3 || text.first == UInt8(ascii: "@") { return try? TimeInput.absolute(String(decoding: text, as: UTF8.self)) }
        return try? ISO8601Format.parseInstant(utf8: text)
    }

    /// The trigger a JSON text decodes to, cached; nil when it does not decode.
    private mutating func trigger(_ json: UnsafeBufferPointer<UInt8>) -> DecodedTrigger? {
        if let cached = triggers.value(for: json) {
            remember(cached)
            return cached
        }
        guard let (decoded, reusable) = DecodedTrigger.decode(json) else { return nil }
        if reusable {
            triggers.insert(decoded, for: json)
            remember(decoded)
        }
        return decoded
    }

    /// The cached trigger whose text is `rest` but for the request's closing brace: the trigger
    /// when it is the line's last member (as requests are usually written), found with one hash
    /// of the bytes to the end of the line instead of scanning them first. A cached text is one
    /// complete JSON value, so when it matches, what follows it in the line is only the brace:
    /// `{"calendar":{"components":{"hour":8}}}}` holds the text `{"calendar":{"components":{"hour":8}}}`.
    /// Nil for any other line (the scanner then reads the trigger as it stands).
    private mutating func cachedTrigger(endingRequest rest: UnsafeBufferPointer<UInt8>) -> DecodedTrigger? {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var end = rest.count
        while end > 0, isWhitespace(rest[end - 1]) { end -= 1 }
        guard end > 1, rest[end - 1] == UInt8(ascii: "}") else { return nil }
        end -= 1
        while end > 0, isWhitespace(rest[end - 1]) { end -= 1 }
        return triggers.value(for: UnsafeBufferPointer(rebasing: rest[..<end]))
    }

    private mutating func remember(_ decoded: DecodedTrigger) {
        if recentTriggers.count < Self.recentLimit {
            recentTriggers.append(decoded)
        } else {
            recentTriggers[nextRecent] = decoded
            nextRecent = (nextRecent + 1) % Self.recentLimit
        }
    }

    /// The rules for a zone id, cached; nil when the id is unknown (the general path says so).
    private mutating func zone(_ id: UnsafeBufferPointer<UInt8>) -> AnsweringZone? {
        if let cached = zones.value(for: id) { return cached }
        let requested = String(decoding: id, as: UTF8.self)
        guard let rules = try? database.rules(for: requested) else { return nil }
        let zone = AnsweringZone(rules, requested: requested)
        zones.insert(zone, for: id)
        return zone
    }

    // MARK: General path

    /// The response to any line, errors included. Internal so that the batch fuzz harness can hold
    /// the common path's bytes against it.
    func generalResponse(toLine bytes: [UInt8]) -> JSON {
        var id: JSON?
        var notes: [String] = []
        var explained: [(String, JSON)] = []
        let result: Result<[Fire], BatchError>
        do {
            let tree = try Self.parse(bytes)
            do {
                let request = try Self.decode(tree)
                id = request.id?.json
                result = Result { () throws(BatchError) in try fires(for: request, notes: &notes, explained: &explained) }
            } catch {
                // Read the id on its own so the error response can still echo it.
                id = ScheduleRequest.id(from: JSONTreeDecoder.root(of: tree), kind: .batch)?.json
                result = .failure(error)
            }
        } catch {
            result = .failure(error)
        }
        var fields: [(String, JSON)] = []
        if let id { fields.append(("id", id)) }
        switch result {
        case .success(let fires):
            fields += explained
            fields.append(("fires", .array(fires.map(JSON.fire))))
            if !notes.isEmpty { fields.append(("notes", .array(notes.map(JSON.string)))) }
        case .failure(let error):
            fields.append(("error", .object([("code", .string(error.code)), ("message", .string(error.message))])))
        }
        return JSON.object(fields)
    }

    /// A line as a JSON object, or `malformedJSON` (batch, pending files and schedule handles alike).
    package static func parse(_ bytes: [UInt8]) throws(BatchError) -> JSONTree {
        let tree: JSONTree
        do {
            tree = try JSONParser.parse(bytes)
        } catch {
            throw BatchError(code: "malformedJSON", message: "the line is not valid JSON: \(error.description)")
        }
        guard tree.kind(at: tree.root) == .object else {
            throw BatchError(code: "malformedJSON", message: "the line is JSON \(tree.kind(at: tree.root).words), not a request object {…}")
        }
        return tree
    }

    /// A parsed line as a request of `kind`, every error mapped to its code.
    package static func decode(_ tree: JSONTree, kind: ScheduleRequest.Kind = .batch) throws(BatchError) -> ScheduleRequest {
        do {
            do { return try ScheduleRequest.decode(from: JSONTreeDecoder.root(of: tree), kind: kind) } catch { throw BatchError.unwrapped(error) }
        } catch let error as any ChimeError {
            throw BatchError(error)
        } catch let error as DecodingError {
            throw BatchError.decoding(error)
        } catch {
            throw BatchError(code: "malformedJSON", message: "the line is not a valid request: \(BatchError.describe(error))")
        }
    }

    private func fires(for request: ScheduleRequest, notes: inout [String], explained: inout [(String, JSON)]) throws(BatchError) -> [Fire] {
        let count = request.count ?? 1
        guard (0...Self.maximumCount).contains(count) else {
            throw BatchError(code: "invalidCount", message: "count must be 0–\(Self.maximumCount), got \(count)")
        }
        let deadline = try request.deadlineMilliseconds.map { (milliseconds) throws(BatchError) in
            guard let deadline = Deadline(milliseconds: milliseconds) else {
                throw BatchError(code: "invalidDeadline", message: "deadlineMs must be 1–\(Deadline.maximumMilliseconds), got \(milliseconds)")
            }
            return deadline
        }
        let (zone, requested) = try request.zoneRules(in: database)
        let after: Instant
        if let text = request.after {
            do {
                let reading = try TimeInput.read(text, name: "after", zone: zone)
                after = reading.instant
                if let note = reading.note { notes.append(note) }
            } catch { throw BatchError(error) }
        } else {
            after = TimeInput.now()
        }
        let trigger = try request.anchoredTrigger(after: after, zone: zone)
        explained = TriggerJSON.zoneFields(zone, requested: requested)
        if explain {
            explained += [("after", .string(after.utcString)), ("trigger", TriggerJSON.describe(trigger)),
                          ("description", .string(trigger.inWords(zone: zone.identifier)))]
            if let note = (try? database.lookup(requested))?.note { notes.insert(note, at: 0) }
        }
        do {
            return try trigger.fires(after: after, in: zone, count: count, deadline: deadline)
        } catch {
            throw BatchError(error)   // wallTimeSkipped (gap policy reject), calendarUnavailable or limitReached
        }
    }
}
