import Chime
import ChimeJSON

/// The requests of a pending file, one row per line read, in columns: what `chime pending`,
/// `chime plan` and `chime simulate` hold of a million requests while they choose the few to
/// keep, plan or deliver.
///
/// A row is ~70 bytes: the identifier, the line number, the zone (an index into a table of the
/// file's zones), the trigger (an index into a table of the file's distinct trigger texts, or of
/// trigger values for lines the general path read), and the next fire after `now`, found while
/// reading. A `PendingRequest` (~600 bytes: a `Trigger` is held inline) is built again from its
/// row only for the requests a command keeps (`request(_:)`); the creation instant and the payload
/// are kept only for rows that have one other than `now` and none.
///
/// A later line with an identifier already read replaces the earlier row (last wins, as a
/// system does); `rows` lists the rows left, in file order of their lines.
package struct PendingRequestTable {
    /// What reading a line did.
    package enum Outcome {
        /// A request; `replacedLine` is the line of the earlier request with its identifier.
        case added(identifier: String, replacedLine: Int?)
        case failed(PendingLineDecoder.Failure)
    }

    /// `triggerOf` values with this bit are indices into `values`, else numbers in `texts`.
    private static let valueBit: UInt32 = 1 << 31

    /// One decoder per piece of a chunk (each numbering the zones it meets), so that the lines
    /// of a chunk are read on every core.
    private var decoders: [PendingLineDecoder]
    /// The decoders' trigger cache, which gives back the triggers of rows (`request(_:)`).
    private let triggers: TriggerCache
    /// The platform every request runs as (`chime simulate --profile`), applied on reading.
    package let profile: PlatformProfile?
    package let now: Instant

    /// The zones the rows name, each once (`zoneOf` numbers them), and, per decoder, its zone
    /// numbers as the table's.
    private var zones: [(rules: ZoneRules, requested: String)] = []
    private var zoneNumbers: [String: UInt32] = [:]
    private var zoneMaps: [[UInt32]]

    private(set) var identifiers: [String] = []
    private var lines: [Int32] = []
    private var zoneOf: [UInt32] = []
    private var triggerOf: [UInt32] = []
    private var nexts: [Fire?] = []
    /// The row each identifier's last line made.
    private var rowOfIdentifier = PendingIdentifierIndex()
    /// Rows a later line replaced.
    private var replaced: [Int32] = []
    /// Rows whose next fire could not be found, and why.
    private var failures: [Int32: PendingError] = [:]
    /// Rows `profile` cannot run, and why (`invalidTrigger`).
    private var profileFailures: [Int32: String] = [:]
    private var createdAt: [Int32: Instant] = [:]
    private var payloads: [Int32: PendingPayload] = [:]

    /// The trigger texts the byte path read, each once; an interval anchored at its row's
    /// creation is anchored again there. (Not an enum with the general path's `Trigger` values:
    /// its every element would be a `Trigger`'s 500 bytes.)
    private var texts = PendingTriggerTexts()
    private var values: [Trigger] = []
    /// `values` by hash (a value equal to the one found, else stored again): not keyed by the
    /// `Trigger`, which would hold each a second time.
    private var valueNumbers: [Int: UInt32] = [:]

    /// The rows left after replacements and profile failures, in file order: the requests.
    package private(set) var rows: [Int32] = []

    /// An empty table; `now` is the creation instant of requests that give none (and anchors
    /// intervals without an anchor), and the instant each next fire is found after.
    ///
    /// `expectedRows` (a hint: a file's size over a typical line's) sizes the trigger cache: past
    /// 2 million rows it holds 131,072 triggers (~150 MB more) instead of 32,768, since a file that
    /// large holds more distinct triggers and its memory budget is larger (docs/cli.md).
    package init(database: ZoneDatabase, now: Instant, profile: PlatformProfile? = nil, expectedRows: Int = 0) {
        let workers = min(ParallelWork.processors, Self.maximumWorkers)
        // Each piece its own decoder (its zones), all one trigger cache; twice the workers, so
        // that the worker that adds rows and the others finish together.
        let triggers = TriggerCache(slots: expectedRows > 2_000_000 ? 131_072 : TriggerCache.defaultSlots)
        decoders = (0..<2 * workers).map { _ in PendingLineDecoder(database: database, now: now, triggers: triggers) }
        zoneMaps = Array(repeating: [], count: decoders.count)
        self.triggers = triggers
        self.now = now
        self.profile = profile
        if expectedRows > 0 { reserveCapacity(expectedRows) }
    }

    /// Past a few workers the table's own (sequential) work is what is left.
    private static let maximumWorkers = 4
    /// Below this many lines a chunk is read on one thread (spreading costs more than it saves).
    private static let parallelThreshold = 1_024

    /// Makes room for `count` rows.
    private mutating func reserveCapacity(_ count: Int) {
        identifiers.reserveCapacity(count)
        lines.reserveCapacity(count)
        zoneOf.reserveCapacity(count)
        triggerOf.reserveCapacity(count)
        nexts.reserveCapacity(count)
        rowOfIdentifier.reserveCapacity(count, identifiers: identifiers)
    }

    /// Reads a chunk of lines: each line is decoded (and its next fire found) on one of the
    /// workers while the previous chunk's rows are added, in line order, beside them; `report`
    /// gets each line's number and outcome, in order (those of the last chunk once `flush` runs).
    ///
    /// The overlap is what makes the sequential adding cheap: on two cores, adding a chunk's rows
    /// takes about as long as decoding half of its lines.
    package mutating func read(_ chunk: PendingLineChunk, _ report: (_ line: Int, Outcome) -> Void) {
        let n = chunk.count
        guard n > 0 else { return }
        let pieces = n < Self.parallelThreshold ? 1 : decoders.count
        var results = [Result<PendingLineDecoder.Decoded, PendingLineDecoder.Failure>?](repeating: nil, count: n)
        let findingNext = profile == nil
        var previous = decodedChunk.take()
        // Out of the table while the workers use them, so that the adding piece's access to the
        // table does not overlap theirs.
        var decoders = self.decoders
        self.decoders = []
        defer { self.decoders = decoders }
        results.withUnsafeMutableBufferPointer { results in
            decoders.withUnsafeMutableBufferPointer { decoders in
                withUnsafeMutablePointer(to: &self) { table in
                    withUnsafeMutablePointer(to: &previous) { previous in
                        let work = ChunkWork(results: results, decoders: decoders, table: table, previous: previous)
                        // Piece 0 adds the previous chunk's rows (first, so that it starts at once);
                        // the others decode this chunk's lines, each with its own decoder.
                        ParallelWork.forEach(pieces + 1, workers: pieces + 1) { piece in
                            guard piece > 0 else {
                                if work.previous.pointee != nil { work.table.pointee.add(&work.previous.pointee!, report) }
                                return
                            }
                            for i in ParallelWork.piece(piece - 1, of: pieces, in: n) {
                                work.results[i] = chunk.withLine(i) { work.decoders[piece - 1].decode($0, findingNext: findingNext) }
                            }
                        }
                    }
                }
            }
        }
        decodedChunk = DecodedChunk(results: results, numbers: (0..<n).map(chunk.number(of:)), pieces: pieces,
                                    zones: decoders.map(\.zones))
    }

    /// Adds the rows of the chunk `read` decoded last, reporting them.
    package mutating func flush(_ report: (_ line: Int, Outcome) -> Void) {
        guard var last = decodedChunk.take() else { return }
        add(&last, report)
    }

    /// A chunk's decoded lines waiting to be added, with each decoder's zones as they were once it
    /// was decoded (the decoders number more while the next chunk is read).
    private struct DecodedChunk {
        var results: [Result<PendingLineDecoder.Decoded, PendingLineDecoder.Failure>?]
        let numbers: [Int]
        let pieces: Int
        let zones: [[(rules: ZoneRules, requested: String)]]
    }

    private var decodedChunk: DecodedChunk?

    private mutating func add(_ chunk: inout DecodedChunk, _ report: (_ line: Int, Outcome) -> Void) {
        for piece in 0..<chunk.pieces {
            for i in ParallelWork.piece(piece, of: chunk.pieces, in: chunk.results.count) {
                guard let result = chunk.results[i].take() else { preconditionFailure("a line no worker read") }
                report(chunk.numbers[i], add(result, decoder: piece, zones: chunk.zones[piece], line: chunk.numbers[i]))
            }
        }
    }

    /// Where the workers write: each its own decoder and its own lines' results; the table and
    /// the previous chunk, for the one piece that adds rows.
    private struct ChunkWork: @unchecked Sendable {
        let results: UnsafeMutableBufferPointer<Result<PendingLineDecoder.Decoded, PendingLineDecoder.Failure>?>
        let decoders: UnsafeMutableBufferPointer<PendingLineDecoder>
        let table: UnsafeMutablePointer<PendingRequestTable>
        let previous: UnsafeMutablePointer<DecodedChunk?>
    }

    /// Adds the row of a line `decoders[decoder]` read.
    private mutating func add(_ result: Result<PendingLineDecoder.Decoded, PendingLineDecoder.Failure>, decoder d: Int,
                              zones decoderZones: [(rules: ZoneRules, requested: String)], line: Int) -> Outcome {
        let decoded: PendingLineDecoder.Decoded
        switch result {
        case .success(let value): decoded = value
        case .failure(let failure): return .failed(failure)
        }
        let row = Int32(identifiers.count)
        let zoneNumber = tableZone(decoded.zone, decoder: d, zones: decoderZones)
        var next = decoded.next
        if let profile {
            let zone = zones[Int(zoneNumber)]
            do {
                let request = try PendingRequest(identifier: decoded.identifier, trigger: try profile.trigger(for: triggers.trigger(of: decoded)),
                                                 zone: zone.rules, zoneIdentifier: zone.requested, payload: decoded.payload, createdAt: decoded.createdAt)
                next = Result { () throws(PendingError) in try request.nextFire(after: now) }
            } catch {
                profileFailures[row] = "--profile \(profile.rawValue): \(BatchError.describe(error))"
            }
        }
        identifiers.append(decoded.identifier)
        lines.append(Int32(truncatingIfNeeded: line))
        zoneOf.append(zoneNumber)
        triggerOf.append(triggerNumber(decoded))
        if decoded.createdAt != now { createdAt[row] = decoded.createdAt }
        if let payload = decoded.payload { payloads[row] = payload }
        switch next {
        case .success(let fire)?: nexts.append(fire)
        case .failure(let error)?:
            nexts.append(nil)
            failures[row] = error
        case nil: nexts.append(nil)   // a request the profile cannot run
        }
        guard let earlier = rowOfIdentifier.update(row, identifiers: identifiers) else {
            return .added(identifier: decoded.identifier, replacedLine: nil)
        }
        replaced.append(earlier)
        return .added(identifier: decoded.identifier, replacedLine: Int(lines[Int(earlier)]))
    }

    /// Ends reading: lists the rows left (`rows`) and the profile's refusals among them.
    package mutating func finish() -> [(line: Int, identifier: String, message: String)] {
        precondition(decodedChunk == nil, "finish before flush: a chunk's rows were never added")
        var gone = [Bool](repeating: false, count: identifiers.count)
        for row in replaced { gone[Int(row)] = true }
        replaced = []
        var refused: [(line: Int, identifier: String, message: String)] = []
        rows = []
        rows.reserveCapacity(identifiers.count)
        for row in identifiers.indices where !gone[row] {
            if let message = profileFailures[Int32(row)] {
                refused.append((line(row), identifiers[row], message))
            } else {
                rows.append(Int32(row))
            }
        }
        profileFailures = [:]
        return refused
    }

    // MARK: Rows

    package func identifier(_ row: Int32) -> String { identifiers[Int(row)] }
    package func line(_ row: Int) -> Int { Int(lines[row]) }
    package func line(_ row: Int32) -> Int { Int(lines[Int(row)]) }
    /// The row of the request with `identifier` (its last line), if it was read.
    package func row(of identifier: String) -> Int32? { rowOfIdentifier.row(of: identifier, identifiers: identifiers) }
    /// The zone the request fires in, and its id as requested.
    package func zone(_ row: Int32) -> (rules: ZoneRules, requested: String) { zones[Int(zoneOf[Int(row)])] }
    package func payload(_ row: Int32) -> PendingPayload? { payloads[row] }

    /// The zones the rows fire in, each once, in order of first use (by number: no identifier is
    /// hashed per row).
    package func zonesInUse() -> [(rules: ZoneRules, requested: String)] {
        var used = [Bool](repeating: false, count: zones.count)
        var inUse: [(rules: ZoneRules, requested: String)] = []
        for row in rows where !used[Int(zoneOf[Int(row)])] {
            used[Int(zoneOf[Int(row)])] = true
            inUse.append(zones[Int(zoneOf[Int(row)])])
        }
        return inUse
    }

    /// The request's first fire after `now` (`PendingRequest.nextFire(after:)`), found on reading.
    package func next(_ row: Int32) -> Result<Fire?, PendingError> {
        if let failure = failures[row] { return .failure(failure) }
        return .success(nexts[Int(row)])
    }

    /// The request as `decode` read it (and `profile` runs it).
    package func request(_ row: Int32) -> PendingRequest {
        let r = Int(row)
        let created = createdAt[row] ?? now
        var trigger: Trigger
        let number = triggerOf[r]
        if number & Self.valueBit != 0 {
            trigger = values[Int(number & ~Self.valueBit)]
        } else {
            trigger = texts.withText(number) { text, anchoredAtCreation in
                triggers.trigger(text, anchoredAt: anchoredAtCreation ? created : nil)
            }
        }
        let zone = zones[Int(zoneOf[r])]
        do {
            if let profile { trigger = try profile.trigger(for: trigger) }
            return try PendingRequest(identifier: identifiers[r], trigger: trigger, zone: zone.rules, zoneIdentifier: zone.requested,
                                      payload: payloads[row], createdAt: created)
        } catch {
            preconditionFailure("a request read once no longer builds: \(error)")
        }
    }

    // MARK: Tables

    /// The table's number of the zone `decoders[d]` numbers `zone` (`decoderZones`: its list) (each decoder numbers the
    /// zones it meets in order, so the ones it has not mapped yet are the next in its list).
    private mutating func tableZone(_ zone: UInt32, decoder d: Int, zones decoderZones: [(rules: ZoneRules, requested: String)]) -> UInt32 {
        while zoneMaps[d].count <= Int(zone) {
            let entry = decoderZones[zoneMaps[d].count]
            if let number = zoneNumbers[entry.requested] {
                zoneMaps[d].append(number)
            } else {
                let number = UInt32(zones.count)
                zones.append(entry)
                zoneNumbers[entry.requested] = number
                zoneMaps[d].append(number)
            }
        }
        return zoneMaps[d][Int(zone)]
    }

    private mutating func triggerNumber(_ decoded: PendingLineDecoder.Decoded) -> UInt32 {
        guard let source = decoded.source else {
            // Read by the general path: the value (anchored, if an interval) as it came.
            guard let trigger = decoded.request?.trigger else { preconditionFailure("a request without a trigger") }
            if let number = valueNumbers[trigger.hashValue], values[Int(number & ~Self.valueBit)] == trigger { return number }
            let number = UInt32(values.count) | Self.valueBit
            values.append(trigger)
            valueNumbers[trigger.hashValue] = number
            return number
        }
        if let number = source.tableNumber { return number }
        let number = texts.number(of: source.json, anchoredAtCreation: source.anchor == .start)
        source.tableNumber = number
        return number
    }
}
