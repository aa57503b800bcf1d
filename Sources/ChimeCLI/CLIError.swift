import Chime

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

    /// Words for any error: Chime's own errors describe themselves; anything else gets a plain
    /// sentence rather than Swift's rendering of its type.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as TriggerError: return error.description
        case let error as OnCalendarError: return error.description
        case let error as RRuleError: return error.description
        case let error as TimeError: return error.description
        case let error as ZoneError: return error.description
        case let error as PendingError: return error.description
        default: return "it could not be read (an unexpected value)"
        }
    }

    init(_ error: ZoneError) {
        switch error {
        case .unknownZone: self = .input(error.description, code: "unknownZone")
        case .malformedTZif, .invalidPOSIXRule: self = .input(error.description, code: "malformedZoneData")
        case .unreadable: self = .input(error.description, code: "unreadable")
        case .icu, .sourceUnavailable: self = .input(error.description, code: "zoneSourceUnavailable")
        case .invalidConfiguration: self = .input(error.description, code: "badConfiguration")
        }
    }

    init(_ error: TimeError) {
        switch error {
        case let .invalidText(_, reason): self = .input(error.description, code: CLIError(reason).code)
        case .yearOutOfRange: self = .input(error.description, code: "yearOutOfRange")
        case .invalidField: self = .input(error.description, code: "invalidField")
        case .malformedInstant: self = .input(error.description, code: "malformedInstant")
        case .malformedLocalTime: self = .input(error.description, code: "malformedLocalTime")
        }
    }
}
