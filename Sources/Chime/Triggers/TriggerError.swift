/// Why a trigger cannot be built or evaluated. Each case names the offending value.
public enum TriggerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A component outside its range (e.g. `weekday: 8`, `month: 13`).
    case invalidComponent(name: String, value: Int, allowed: String)
    /// A calendar trigger with no components at all.
    case noComponents
    /// An interval that is zero, negative, not finite, or finer than a nanosecond.
    case invalidInterval(String)
    /// A repeating interval shorter than Apple's 60-second minimum.
    case repeatingIntervalTooShort(seconds: String)
    /// A weekly trigger with no weekdays, or a malformed time of day.
    case invalidWeekly(String)
    /// Week rules outside 1...7.
    case invalidWeekRules(String)
    /// A gap policy of `.reject` met a wall time that does not exist.
    case wallTimeSkipped(local: String, zone: String)
    /// A value that is not one of the allowed names (policies, directions).
    case unknownName(field: String, value: String, allowed: [String])
    /// A platform profile cannot take this trigger (e.g. flutter's Android code with minute-only
    /// components).
    case invalidProfile(String)
    /// `Trigger.fires(after:in:)` was asked for a sequence of a trigger whose gap policy is
    /// `reject`: a plain `Sequence` cannot report the error its walk may end with.
    case rejectingTriggerInSequence
    /// A calendar (an RSCALE calendar as ICU computes it) cannot give a year the walk reaches: the
    /// reason, naming the calendar and the last fire found.
    case calendarUnavailable(String)
    /// A bound on the request's work was reached (`Deadline`, an audit's fires): the limit, and
    /// how far the work got ("after 5,632 of 100,000 fires").
    case limitReached(WorkLimit, done: String)

    /// The reason as a sentence naming the value at fault, e.g. "component weekday = 8 is invalid:
    /// expected 1–7".
    public var description: String {
        switch self {
        case let .invalidComponent(name, value, allowed):
            return "component \(name) = \(value) is invalid: expected \(allowed)"
        case .noComponents:
            return "a calendar trigger needs at least one component (e.g. hour=9)"
        case .invalidInterval(let reason):
            return "invalid interval: \(reason)"
        case .repeatingIntervalTooShort(let seconds):
            return "a repeating interval must be at least 60 seconds (Apple's minimum), got \(seconds) s"
        case .invalidWeekly(let reason):
            return "invalid weekly trigger: \(reason)"
        case .invalidWeekRules(let reason):
            return "invalid week rules: \(reason)"
        case let .wallTimeSkipped(local, zone):
            return "\(local) does not exist in \(zone) (a DST gap) and the gap policy is 'reject'"
        case let .unknownName(field, value, allowed):
            let hint = ClosestName.closest(to: value, among: allowed).map { "; did you mean \($0)?" } ?? ""
            return "\(field) '\(value)' is not one of \(allowed.joined(separator: ", "))" + hint
        case .invalidProfile(let reason):
            return "invalid for the profile: \(reason)"
        case .calendarUnavailable(let reason):
            return reason
        case let .limitReached(limit, done):
            return done.isEmpty ? "\(limit) was reached" : "\(limit) was reached \(done)"
        case .rejectingTriggerInSequence:
            return "the trigger's gap policy is 'reject', which a sequence of fires cannot report: walk it with FireIterator.nextFire() or the throwing alarms(after:in:)"
        }
    }
}

extension TriggerError: ChimeError {
    /// The stable code (docs/contract.md): `wallTimeSkipped` for a gap policy `reject` met,
    /// `calendarUnavailable` for a calendar that breaks down; `invalidTrigger` for the rest.
    public var code: String {
        switch self {
        case .wallTimeSkipped: "wallTimeSkipped"
        case .calendarUnavailable: "calendarUnavailable"
        case .limitReached: "limitReached"
        case .invalidComponent, .noComponents, .invalidInterval, .repeatingIntervalTooShort, .invalidWeekly, .invalidWeekRules,
             .unknownName, .invalidProfile, .rejectingTriggerInSequence: "invalidTrigger"
        }
    }
}
