/// An error of Chime's: a sentence naming the problem (`description`) and a stable camelCase
/// `code` (docs/contract.md's error codes), each decided once, on the error type itself: the
/// `chime` tool's `--json`, `chime batch`, pending files, the C ABI and Python all report this
/// `code`, and `LocalizedError` (ChimeFoundation) this `description`.
///
/// Messages name the problem, never a `chime` option: what to do next is the caller's to say.
public protocol ChimeError: Error, Sendable, CustomStringConvertible {
    /// The stable machine code, e.g. `invalidCronExpression`, `unknownZone`, `unknownField`.
    var code: String { get }
}

extension TimeError: ChimeError {
    /// The stable code (docs/contract.md): One per case (`malformedInstant`, `yearOutOfRange`, …); text that does not read takes its reason's code.
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
    /// The stable code (docs/contract.md): `unknownZone`, `malformedZoneData`, `unreadable`, `zoneSourceUnavailable` or `badConfiguration`; a refused reload takes its cause's code.
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

extension UnknownFieldError: ChimeError {
    /// The stable code (docs/contract.md): `unknownField`.
    public var code: String { "unknownField" }
}
