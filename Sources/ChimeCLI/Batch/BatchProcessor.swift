import Chime

/// Turns one request line into exactly one response line; never throws, never stops the stream.
/// Lines are parsed by `JSONParser` and decoded with `JSONTreeDecoder` (no Foundation).
struct BatchProcessor {
    let database: ZoneDatabase
    static let maximumCount = 10_000

    /// The response to one line's bytes (UTF-8, without the line terminator).
    func respond(toLine bytes: [UInt8]) -> JSON {
        var id: JSON?
        let result: Result<[Fire], BatchError>
        do {
            let tree = try parse(bytes)
            do {
                let request = try decode(tree)
                id = request.id.id
                result = Result { () throws(BatchError) in try fires(for: request) }
            } catch {
                // Read the id on its own so the error response can still echo it.
                id = (try? JSONTreeDecoder.decode(BatchRequestID.self, from: tree))?.id
                result = .failure(error)
            }
        } catch {
            result = .failure(error)
        }
        var fields: [(String, JSON)] = []
        if let id { fields.append(("id", id)) }
        switch result {
        case .success(let fires): fields.append(("fires", .array(fires.map(JSON.fire))))
        case .failure(let error):
            fields.append(("error", .object([("code", .string(error.code)), ("message", .string(error.message))])))
        }
        return JSON.object(fields)
    }

    private func parse(_ bytes: [UInt8]) throws(BatchError) -> JSONTree {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            // The message stays as it always was; `error.description` has the reason and byte offset.
            throw BatchError(code: "malformedJSON", message: "the line is not valid JSON")
        }
    }

    private func decode(_ tree: JSONTree) throws(BatchError) -> BatchRequest {
        do {
            return try JSONTreeDecoder.decode(BatchRequest.self, from: tree)
        } catch let error as TriggerError {
            throw BatchError(code: "invalidTrigger", message: error.description)
        } catch let error as TimeError {
            throw BatchError(CLIError(error))
        } catch let error as DecodingError {
            throw BatchError.decoding(error)
        } catch {
            throw BatchError(code: "malformedJSON", message: "the line is not a JSON request object: \(error)")
        }
    }

    private func fires(for request: BatchRequest) throws(BatchError) -> [Fire] {
        let count = request.count ?? 1
        guard (0...Self.maximumCount).contains(count) else {
            throw BatchError(code: "invalidCount", message: "count must be 0–\(Self.maximumCount), got \(count)")
        }
        let after: Instant
        do { after = try ISO8601Format.parseInstant(request.after ?? "now") } catch { throw BatchError(CLIError(error)) }
        let zone: ZoneRules
        do { zone = try database.rules(for: request.zone) } catch { throw BatchError(CLIError(error)) }
        do {
            return try request.trigger.fires(after: after, in: zone, count: count)
        } catch {
            throw BatchError(code: "wallTimeSkipped", message: error.description)
        }
    }
}

/// A per-line error: a camelCase code and a message (README lists the codes).
struct BatchError: Error {
    let code: String
    let message: String

    init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    init(_ error: CLIError) {
        self.init(code: error.code, message: error.message)
    }

    static func decoding(_ error: DecodingError) -> BatchError {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case let .keyNotFound(key, context):
            let at = path(context)
            return BatchError(code: "missingField", message: "missing field '\(at.isEmpty ? "" : at + ".")\(key.stringValue)'")
        case let .typeMismatch(type, context), let .valueNotFound(type, context):
            return BatchError(code: "invalidField", message: "field '\(path(context))' has the wrong type (expected \(type))")
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty
                ? BatchError(code: "malformedJSON", message: "the line is not valid JSON")
                : BatchError(code: "invalidField", message: "field '\(path(context))' is invalid: \(context.debugDescription)")
        @unknown default:
            return BatchError(code: "malformedJSON", message: "the line is not a JSON request object")
        }
    }
}
