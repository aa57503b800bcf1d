#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime
import ChimeJSON
import ChimeBatch

/// A JSON Lines file of pending requests (docs/contract.md: a batch request with
/// `"identifier"`, plus an optional opaque `"payload"`):
/// ```json
/// {"identifier": "standup", "zone": "America/New_York", "trigger": {"calendar": {"components": {"hour": 9}}}}
/// ```
/// Every line becomes a request or an error naming its line number; one bad line never loses
/// the others. A later line with an identifier already read replaces the earlier one (last wins),
/// and the replacement is reported. Blank lines are skipped.
///
/// The requests are held in columns (`PendingRequestTable`, ~70 bytes a request with its next
/// fire), read a chunk of lines at a time (`LineReader`, `PendingLineChunk`), each chunk's lines
/// decoded on every core and from their bytes where they can be (`PendingLineDecoder`).
struct PendingFile {
    /// A line that could not become a request.
    struct LineError {
        let line: Int
        /// The request's identifier (or `id`), when it could be read.
        let id: JSON?
        let code: String
        let message: String

        /// One human line: `line 4 ("bad-zone"): unknownZone: …`.
        var text: String { "line \(line)\(id.map { " (\($0.serialized))" } ?? ""): \(code): \(message)" }

        var json: JSON {
            var fields: [(String, JSON)] = [("line", .int(line))]
            if let id { fields.append(("id", id)) }
            fields.append(("error", .object([("code", .string(code)), ("message", .string(message))])))
            return .object(fields)
        }
    }

    /// An identifier given on more than one line: `line` replaced `replacedLine`.
    struct Duplicate {
        let identifier: String
        let line: Int
        let replacedLine: Int

        var json: JSON {
            .object([("identifier", .string(identifier)), ("line", .int(line)), ("replacedLine", .int(replacedLine))])
        }
    }

    /// The requests, in file order (of their last occurrence): `table.rows`.
    private(set) var table: PendingRequestTable
    private(set) var errors: [LineError] = []
    private(set) var duplicates: [Duplicate] = []
    /// The zone database the requests were read with (its sources and versions are reported).
    let database: ZoneDatabase

    /// How many requests the file holds (after replacements and refusals).
    var count: Int { table.rows.count }

    /// Reads `path` ('-' is stdin). `now` is the creation instant of requests that give none
    /// (no `created` or `after`), which also anchors intervals without an anchor, and the instant
    /// each request's next fire is found after. With `profile`, every request is run as that
    /// platform runs it (`PlatformProfile.trigger(for:)`); one it cannot run becomes an
    /// `invalidTrigger` error on its line.
    init(path: String, database: ZoneDatabase, now: Instant, profile: PlatformProfile? = nil) throws(CLIError) {
        self.database = database
        // Room for the rows a file of this size holds (~100 bytes a line), so that the
        // identifier index is not rehashed as it grows (a sixth of the time on a million lines);
        // a hint, capped, so that a huge file of garbage reserves little that it touches.
        var status = stat(), expectedRows = 0
        if path != "-", stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
            expectedRows = min(Int(status.st_size) / 100, 20_000_000)
        }
        var table = PendingRequestTable(database: database, now: now, profile: profile, expectedRows: expectedRows)
        var reader = try LineReader(path: path)
        var lineNumber = 0
        var errors: [LineError] = [], duplicates: [Duplicate] = []
        // Lines are read a chunk at a time, on every core (`PendingRequestTable.read(_:_:)`), a
        // chunk's rows added while the next is decoded; `flush` adds the last.
        var chunk = PendingLineChunk()
        func outcome(_ line: Int, _ outcome: PendingRequestTable.Outcome) {
            switch outcome {
            case .added(let identifier, let replacedLine):
                if let replacedLine { duplicates.append(Duplicate(identifier: identifier, line: line, replacedLine: replacedLine)) }
            case .failed(let failure):
                errors.append(LineError(line: line, id: failure.id, code: failure.code, message: failure.message))
            }
        }
        func readChunk(flushing: Bool = false) {
            table.read(chunk, outcome)
            chunk.removeAll()
            if flushing { table.flush(outcome) }
        }
        try reader.forEachLine { bytes in
            lineNumber += 1
            guard !LineFramer.isBlank(bytes) else { return true }
            chunk.append(bytes, number: lineNumber)
            if chunk.isFull { readChunk() }
            return true
        } overlong: { length in
            lineNumber += 1
            readChunk(flushing: true)   // the lines before it first: errors are in line order
            errors.append(LineError(line: lineNumber, id: nil, code: "lineTooLong",
                                    message: BatchProcessor.lineTooLongMessage(length: length)))
            return true
        }
        readChunk(flushing: true)
        let refused = table.finish()
        if profile != nil {
            errors += refused.map { LineError(line: $0.line, id: .string($0.identifier), code: "invalidTrigger", message: $0.message) }
            errors.sort { $0.line < $1.line }
        }
        self.table = table
        self.errors = errors
        self.duplicates = duplicates
    }

    /// The file's own errors, then `later` ones (a request the limit refused, …), each on the line
    /// of the request it names.
    func errors(adding later: [PendingError]) -> [LineError] {
        guard !later.isEmpty else { return errors }
        let replacedLines = Dictionary(duplicates.map { ($0.identifier, $0.replacedLine) }, uniquingKeysWith: { $1 })
        return errors + later.map { error in
            // One story per request: a refused request whose identifier an earlier line also had
            // says so here, and is left out of `replaced` (`duplicates(excluding:)`).
            let earlier = error.identifier.flatMap { replacedLines[$0] }
            return LineError(line: error.identifier.flatMap(table.row(of:)).map(table.line) ?? 0, id: error.identifier.map(JSON.string),
                             code: error.code, message: error.cliMessage + (earlier.map { " (line \($0), with the same identifier, was replaced by this line and is not pending either)" } ?? ""))
        }
    }

    /// The replacements to report: those of requests that were not refused (`errors` tells the
    /// story of a refused one).
    func duplicates(excluding errors: [LineError]) -> [Duplicate] {
        let refused = Set(errors.compactMap { error -> String? in
            if case .string(let id)? = error.id { return id }
            return nil
        })
        return duplicates.filter { !refused.contains($0.identifier) }
    }

    /// The human report of what the file left out: replaced duplicates and `errors`.
    static func writeIssues(duplicates: [Duplicate], errors: [LineError], to output: inout Output) {
        for duplicate in duplicates {
            output.line("Replaced: '\(duplicate.identifier)' on line \(duplicate.line) replaces line \(duplicate.replacedLine).")
        }
        guard !errors.isEmpty else { return }
        output.line("Errors \(errors.count) (those lines were left out):")
        for error in errors { output.line("  " + error.text) }
    }

    // MARK: The requests

    /// The request with `identifier`'s zone (canonical id), or nil.
    func zone(of identifier: String) -> ZoneRules? { table.row(of: identifier).map { table.zone($0).rules } }

    /// Adds every request to `store` at the file's `now`, each discard to `discarded` as it
    /// happens, with the request's row when it is one of the file's
    /// (`PendingStore.add(count:now:identifier:next:request:discarded:)`).
    func add(to store: inout PendingStore, discarded: (PendingDiscard, Int32?) -> Void) throws(PendingError) -> PendingAddReport {
        let (table, rows) = (table, table.rows)
        return try store.add(count: rows.count, now: table.now, identifier: { table.identifier(rows[$0]) },
                             next: { table.next(rows[$0]) }, request: { table.request(rows[$0]) },
                             discarded: { discarded($0, $1.map { rows[$0] }) })
    }

    /// The plan of every request at the file's `now` (`Planner.plan(count:now:identifier:first:request:)`).
    func plan(with planner: Planner) -> PendingPlan {
        let (table, rows) = (table, table.rows)
        return planner.plan(count: rows.count, now: table.now, identifier: { table.identifier(rows[$0]) },
                            first: { table.next(rows[$0]) }, request: { table.request(rows[$0]) })
    }

    /// The sources and versions of the requests' zones, in order of first use.
    var zoneSources: [String] {
        var seen: [String] = []
        for zone in table.zonesInUse() {
            let text = Formatting.source(zone.rules)
            if !seen.contains(text) { seen.append(text) }
        }
        return seen
    }
}
