import Chime
import ChimeBatch

/// Everything a command can fail with, mapped to docs/contract.md's exit codes.
enum CLIError: Error {
    /// Bad flags or arguments (exit 2); `command` selects the help hint.
    case usage(String, command: String?)
    /// Bad input data: unknown zone, malformed time, corrupt file (exit 2).
    case input(String, code: String)
    /// The question has no answer (exit 1).
    case noAnswer(String)

    var exitCode: Int32 {
        switch self {
        case .usage, .input: return 2
        case .noAnswer: return 1
        }
    }

    var message: String {
        switch self {
        case let .usage(message, command):
            return message + "\n" + (command.map { "Run 'chime \($0) --help' for usage." } ?? "Run 'chime --help' for usage.")
        case let .input(message, _): return message
        case let .noAnswer(message): return message
        }
    }

    /// camelCase code for JSON error objects.
    var code: String {
        switch self {
        case .usage: return "badUsage"
        case let .input(_, code): return code
        case .noAnswer: return "noAnswer"
        }
    }

    /// Bad input: the error's own code (`ChimeError.code`), its message with the CLI's hints.
    init(_ error: any ChimeError) {
        self = .input(BatchError.describe(error), code: error.code)
    }
}

extension CLIError {
    /// A call into the wire (`TimeInput`), its `BatchError` as bad input: the same code and words.
    static func wire<T>(_ body: () throws(BatchError) -> T) throws(CLIError) -> T {
        do { return try body() } catch { throw CLIError(error) }
    }
}

extension CLIError {
    /// How to raise a limit the error reports, in the CLI's terms: " (a longer --deadline MS…)".
    static func limitHint(_ error: TriggerError) -> String {
        guard case .limitReached(let limit, _) = error else { return "" }
        switch limit {
        case .deadline: return " (give a longer --deadline MS, or ask for less)"
        case .auditFires: return " (raise it with --max-fires N, or audit fewer zones or years)"
        }
    }
}
