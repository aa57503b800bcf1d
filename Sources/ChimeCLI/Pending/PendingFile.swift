import Chime
import ChimeJSON
import ChimeBatch

/// A JSON Lines file of pending requests, read whole (docs/contract.md: a batch request with
/// `"identifier"`, plus an optional opaque `"payload"`):
/// ```json
/// {"identifier": "standup", "zone": "America/New_York", "trigger": {"calendar": {"components": {"hour": 9}}}}
/// ```
/// Every line becomes a request or an error naming its line number; one bad line never loses
/// the others. A later line with an identifier already read replaces the earlier one (last wins),
/// and the replacement is reported. Blank lines are skipped.
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

    /// The requests in file order (of their last occurrence), each with its line number.
    private(set) var requests: [(line: Int, request: PendingRequest)] = []
    private(set) var errors: [LineError] = []
    private(set) var duplicates: [Duplicate] = []
    /// The zone database the requests were read with (its sources and versions are reported).
    let database: ZoneDatabase

    /// Reads `path` ('-' is stdin). `now` is the creation instant of requests that give none
    /// (no `created` or `after`), which also anchors intervals without an anchor.
    init(path: String, database: ZoneDatabase, now: Instant) throws(CLIError) {
        self.database = database
        var reader = try LineReader(path: path)
        var lineNumber = 0
        var byIdentifier: [String: Int] = [:]          // identifier -> index in `requests`
        var parsed: [(line: Int, request: PendingRequest)?] = []
        try reader.forEachLine { bytes in
            lineNumber += 1
            guard !LineFramer.isBlank(bytes) else { return true }
            switch Self.request(from: Array(bytes), database: database, now: now) {
            case .success(let request):
                if let earlier = byIdentifier[request.identifier], let previous = parsed[earlier] {
                    duplicates.append(Duplicate(identifier: request.identifier, line: lineNumber, replacedLine: previous.line))
                    parsed[earlier] = nil
                }
                byIdentifier[request.identifier] = parsed.count
                parsed.append((lineNumber, request))
            case .failure(let error):
                errors.append(LineError(line: lineNumber, id: error.id, code: error.code, message: error.message))
            }
            return true
        } overlong: { length in
            lineNumber += 1
            errors.append(LineError(line: lineNumber, id: nil, code: "lineTooLong",
                                    message: BatchProcessor.lineTooLongMessage(length: length)))
            return true
        }
        requests = parsed.compactMap { $0 }
    }

    /// Every request as `profile`'s platform runs it (`PlatformProfile.trigger(for:)`); one it
    /// cannot run becomes an `invalidTrigger` error on its line.
    mutating func apply(_ profile: PlatformProfile) {
        var kept: [(line: Int, request: PendingRequest)] = []
        for (line, request) in requests {
            do {
                let trigger = try profile.trigger(for: request.trigger)
                kept.append((line, try PendingRequest(identifier: request.identifier, trigger: trigger, zone: request.zone,
                                                      zoneIdentifier: request.zoneIdentifier, payload: request.payload, createdAt: request.createdAt)))
            } catch {
                errors.append(LineError(line: line, id: .string(request.identifier), code: "invalidTrigger",
                                        message: "--profile \(profile.rawValue): \(BatchError.describe(error))"))
            }
        }
        requests = kept
        errors.sort { $0.line < $1.line }
    }

    /// The file's own errors, then `later` ones (a request the limit refused, …), each on the line
    /// of the request it names.
    func errors(adding later: [PendingError]) -> [LineError] {
        let lines = Dictionary(requests.map { ($0.request.identifier, $0.line) }, uniquingKeysWith: { $1 })
        let replacedLines = Dictionary(duplicates.map { ($0.identifier, $0.replacedLine) }, uniquingKeysWith: { $1 })
        return errors + later.map { error in
            // One story per request: a refused request whose identifier an earlier line also had
            // says so here, and is left out of `replaced` (`duplicates(excluding:)`).
            let earlier = error.identifier.flatMap { replacedLines[$0] }
            return LineError(line: error.identifier.flatMap { lines[$0] } ?? 0, id: error.identifier.map(JSON.string),
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

    private struct Failure: Error {
        let id: JSON?
        let code: String
        let message: String
    }

    private static func request(from bytes: [UInt8], database: ZoneDatabase, now: Instant) -> Result<PendingRequest, Failure> {
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
