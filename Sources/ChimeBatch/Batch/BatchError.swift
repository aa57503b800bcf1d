import Chime
import ChimeJSON

/// A per-line error of the wire (`chime batch`, pending files, the C ABI): a camelCase code and a
/// message (docs/contract.md lists the codes). Chime's own errors become one with their own code
/// and the tool's words for them (`describe`).
package struct BatchError: ChimeError {
    package let code: String
    package let message: String
    package var description: String { message }

    package init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// Any of Chime's errors, with its code and the tool's words for it.
    package init(_ error: any ChimeError) {
        self.init(code: error.code, message: Self.describe(error))
    }

    package static func decoding(_ error: DecodingError) -> BatchError {
        func path(_ context: DecodingError.Context) -> String { DecodingPath.dotted(context.codingPath) }
        func kind(_ type: Any.Type) -> String {
            switch "\(type)" {
            case "Int", "Int64", "Int32", "UInt", "Double", "Float": return "a number"
            case "String": return "a string"
            case "Bool": return "true or false"
            case let name where name.hasPrefix("Array") || name.hasPrefix("["): return "an array"
            case let name where name.hasPrefix("Dictionary") || name.contains(":"): return "an object"
            default: return "an object"
            }
        }
        switch error {
        case let .keyNotFound(key, context):
            let at = path(context)
            return BatchError(code: "missingField", message: "missing field '\(at.isEmpty ? "" : at + ".")\(key.stringValue)'")
        case let .typeMismatch(type, context), let .valueNotFound(type, context):
            return BatchError(code: "invalidField", message: "field '\(path(context))' has the wrong type (expected \(kind(type)))")
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty
                ? BatchError(code: "malformedJSON", message: "the line is not valid JSON")
                : BatchError(code: "invalidField", message: "field '\(path(context))' is invalid: \(context.debugDescription)")
        @unknown default:
            return BatchError(code: "malformedJSON", message: "the line is not a JSON request object")
        }
    }

    /// Words for any error: Chime's own errors describe themselves; anything else gets a plain
    /// sentence rather than Swift's rendering of its type.
    package static func describe(_ error: any Error) -> String {
        switch error {
        case let error as TimeError: return error.cliMessage
        case let error as ZoneError: return error.cliMessage
        case let error as PendingError: return error.cliMessage
        case let error as any ChimeError: return error.description
        default: return "it could not be read (an unexpected value)"
        }
    }

    /// The Chime error a `DecodingError` carries (the library's decoders wrap their errors so that
    /// they carry a coding path), else `error` itself: the wire words and codes Chime's errors.
    package static func unwrapped(_ error: any Error) -> any Error {
        if case let DecodingError.dataCorrupted(context) = error, let underlying = context.underlyingError as? any ChimeError {
            return unwrapped(underlying)
        }
        return error
    }
}

/// The library's messages name the problem; the CLI adds where to look next.
extension ZoneError {
    package var cliMessage: String {
        if case .unknownZone = self { return description + " (list ids with `chime zones --search TEXT`)" }
        return description
    }
}

extension TimeError {
    /// The CLI reads `now` where the library's parser does not.
    package var cliMessage: String {
        switch self {
        case .malformedInstant: return description + ", or 'now'"
        case let .invalidText(text, reason): return "'\(text)' is invalid: \(reason.cliMessage)"
        default: return description
        }
    }
}

extension PendingError {
    package var cliMessage: String {
        switch self {
        case let .unknownZone(identifier, _, error): return "request '\(identifier)': \(error.cliMessage)"
        case let .invalidCreationInstant(identifier, error): return "request '\(identifier)': bad creation instant: \(error.cliMessage)"
        default: return description
        }
    }
}
