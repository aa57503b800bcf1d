/// Why a `Schedule` could not be put together (its parts have their own errors: `ZoneError`,
/// `CronError`, `OnCalendarError`, `TriggerError`).
public enum ScheduleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No zone given and the expression names none.
    case noZone
    /// The zone given and the zone the expression names differ.
    case zoneConflict(given: String, named: String)

    /// The reason as a sentence, naming the zones when they conflict.
    public var description: String {
        switch self {
        case .noZone: return "a schedule needs a zone: give one, or name it in the expression"
        case let .zoneConflict(given, named):
            return "the zone \(given) differs from the zone the expression names, \(named)"
        }
    }
}

extension ScheduleError: ChimeError {
    /// The stable code (docs/contract.md): `missingField` without a zone; `zoneConflict` when two zones are named.
    public var code: String {
        switch self {
        case .noZone: "missingField"
        case .zoneConflict: "zoneConflict"
        }
    }
}
