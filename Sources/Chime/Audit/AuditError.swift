/// Why a schedule cannot be audited.
public enum AuditError: Error, Sendable, CustomStringConvertible {
    /// Interval triggers fire by elapsed time: DST never moves them.
    case intervalTrigger
    /// The audit walks forward in time.
    case backwardDirection
    /// A trigger that fires once has no recurring occurrences to audit.
    case oneShot
    /// `gap: reject` makes every gap an error rather than a fire.
    case rejectingGaps
    /// The years asked for are not within 1…9998.
    case yearsOutOfRange(from: Int, to: Int)
    /// The trigger failed while being evaluated.
    case trigger(TriggerError)

    /// The reason as a sentence, naming the trigger field to change where there is one (in the
    /// trigger's own terms: the CLI's flags carry the same names).
    public var description: String {
        switch self {
        case .intervalTrigger:
            "an interval trigger fires by elapsed time: DST never moves it, so there is nothing to audit (its reportDrift marks the fires whose wall time drifted)"
        case .backwardDirection:
            "the audit walks forward in time: give the trigger with direction forward"
        case .oneShot:
            "a trigger that fires once (repeats false) has no recurring occurrences to audit"
        case .rejectingGaps:
            "gap policy reject turns every gap into an error: audit with the flavor's own rule or another gap policy to see where gaps fall"
        case let .yearsOutOfRange(from, to):
            "audit years must satisfy 1 ≤ from ≤ to ≤ 9998, got \(from)–\(to)"
        case .trigger(let error):
            error.description
        }
    }
}

extension AuditError: ChimeError {
    /// The stable code (docs/contract.md): the trigger's own when it failed while evaluated
    /// (`limitReached`, `calendarUnavailable`, …); `invalidTrigger`: it cannot be audited.
    public var code: String {
        if case .trigger(let error) = self { return error.code }
        return "invalidTrigger"
    }
}
