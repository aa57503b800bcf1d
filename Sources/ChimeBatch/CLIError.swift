import Chime

/// Everything a command can fail with, mapped to docs/contract.md's exit codes.
package enum CLIError: Error {
    /// Bad flags or arguments (exit 2); `command` selects the help hint.
    case usage(String, command: String?)
    /// Bad input data: unknown zone, malformed time, corrupt file (exit 2).
    case input(String, code: String)
    /// The question has no answer (exit 1).
    case noAnswer(String)

    package var exitCode: Int32 {
        switch self {
        case .usage, .input: return 2
        case .noAnswer: return 1
        }
    }

    package var message: String {
        switch self {
        case let .usage(message, command):
            return message + "\n" + (command.map { "Run 'chime \($0) --help' for usage." } ?? "Run 'chime --help' for usage.")
        case let .input(message, _): return message
        case let .noAnswer(message): return message
        }
    }

    /// camelCase code for JSON error objects.
    package var code: String {
        switch self {
        case .usage: return "badUsage"
        case let .input(_, code): return code
        case .noAnswer: return "noAnswer"
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

    /// Bad input: the error's own code (`ChimeError.code`), its message with the CLI's hints.
    package init(_ error: any ChimeError) {
        self = .input(CLIError.describe(error), code: error.code)
    }
}

extension CLIError {
    /// The Chime error a `DecodingError` carries (the library's decoders wrap their errors so that
    /// they carry a coding path), else `error` itself: the CLI words and codes Chime's errors.
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
