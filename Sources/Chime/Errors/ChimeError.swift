/// An error of Chime's: a sentence naming the problem (`description`) and a stable camelCase
/// `code` (docs/contract.md's error codes). The code is decided here, on the error, once: the
/// `chime` tool's `--json`, `chime batch`, pending files, the C ABI and Python all report this
/// `code`, and `LocalizedError` (ChimeFoundation) this `description`.
///
/// Messages name the problem, never a `chime` option: what to do next is the caller's to say.
public protocol ChimeError: Error, Sendable, CustomStringConvertible {
    /// The stable machine code, e.g. `invalidCronExpression`, `unknownZone`, `unknownField`.
    var code: String { get }
}

extension TriggerError: ChimeError {
    public var code: String {
        if case .wallTimeSkipped = self { return "wallTimeSkipped" }
        return "invalidTrigger"
    }
}

extension CronError: ChimeError {
    public var code: String { "invalidCronExpression" }
}

extension OnCalendarError: ChimeError {
    public var code: String {
        if case .unknownZone = self { return "unknownZone" }
        return "invalidTrigger"
    }
}

extension RRuleError: ChimeError {
    public var code: String { "invalidRRule" }
}

extension TimeError: ChimeError {
    public var code: String {
        switch self {
        case .invalidText(_, let reason): reason.code
        case .yearOutOfRange: "yearOutOfRange"
        case .invalidField: "invalidField"
        case .malformedInstant: "malformedInstant"
        case .malformedLocalTime: "malformedLocalTime"
        }
    }
}

extension ZoneError: ChimeError {
    public var code: String {
        switch self {
        case .unknownZone: "unknownZone"
        case .malformedTZif, .invalidPOSIXRule: "malformedZoneData"
        case .unreadable: "unreadable"
        case .icu, .sourceUnavailable: "zoneSourceUnavailable"
        case .invalidConfiguration: "badConfiguration"
        case .reloadRefused(_, let cause): cause.code
        }
    }
}

extension ScheduleError: ChimeError {
    public var code: String {
        switch self {
        case .noZone: "missingField"
        case .zoneConflict: "zoneConflict"
        }
    }
}

extension AuditError: ChimeError {
    public var code: String { "invalidTrigger" }
}

extension UnknownFieldError: ChimeError {
    public var code: String { "unknownField" }
}

extension PendingError: ChimeError {}
