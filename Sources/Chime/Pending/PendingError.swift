/// Why a pending request could not be built, added or advanced. Each case names the request (or
/// the value) at fault and reads as a sentence that says what to do.
public enum PendingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A store or planner limit below zero.
    case invalidLimit(Int)
    /// A request with an empty identifier (iOS and Android both key requests by it).
    case emptyIdentifier
    /// The request's zone is unknown (the zone error carries suggestions).
    case unknownZone(identifier: String, zone: String, ZoneError)
    /// The request's zone differs from the zone its trigger names (an OnCalendar zone, a robfig
    /// `TZ=` prefix, an RRULE's `DTSTART;TZID=`): `Trigger.zone(given:in:)`.
    case zoneConflict(identifier: String, given: String, named: String)
    /// The request's trigger cannot be built (e.g. a repeating interval under 60 s).
    case invalidTrigger(identifier: String, TriggerError)
    /// A calendar trigger searching backward: it would fire before the instant it is added.
    case backwardTrigger(identifier: String)
    /// The request's creation instant (`created` / `after`) is not an instant.
    case invalidCreationInstant(identifier: String, TimeError)
    /// Evaluating the trigger failed (e.g. gap policy `reject` met a skipped wall time).
    case triggerFailed(identifier: String, after: Instant, TriggerError)
    /// Rule `.rejectBeyondLimit`: the set is full and the request is new (Android/Samsung's 500 alarms).
    case limitReached(identifier: String, limit: Int)
    /// `add(_:now:)` or `deliver(until:)` was asked to go back before the store's current time.
    case timeWentBackwards(requested: Instant, current: Instant)

    /// A camelCase code for machine output (docs/contract.md error objects).
    public var code: String {
        switch self {
        case .invalidLimit: return "invalidLimit"
        case .emptyIdentifier: return "missingField"
        case .unknownZone: return "unknownZone"
        case .zoneConflict: return "zoneConflict"
        case .invalidTrigger, .backwardTrigger: return "invalidTrigger"
        case .invalidCreationInstant: return "malformedInstant"
        case .triggerFailed(_, _, let error):
            if case .wallTimeSkipped = error { return "wallTimeSkipped" }
            return "invalidTrigger"
        case .limitReached: return "limitReached"
        case .timeWentBackwards: return "timeWentBackwards"
        }
    }

    /// The identifier of the request at fault, when there is one.
    public var identifier: String? {
        switch self {
        case .invalidLimit, .emptyIdentifier, .timeWentBackwards: return nil
        case let .unknownZone(identifier, _, _), let .zoneConflict(identifier, _, _), let .invalidTrigger(identifier, _), let .backwardTrigger(identifier),
             let .invalidCreationInstant(identifier, _), let .triggerFailed(identifier, _, _), let .limitReached(identifier, _):
            return identifier
        }
    }

    /// The error as a sentence naming the request (its identifier) and the field at fault.
    public var description: String {
        switch self {
        case .invalidLimit(let limit):
            return limit < 0 ? "the pending limit must be 0 or more, got \(limit) (iOS keeps 64, Android/Samsung 500)"
                : "a plan holds at most \(Planner.maximumLimit) occurrences, got a limit of \(limit) (iOS keeps 64, Android/Samsung 500)"
        case .emptyIdentifier:
            return "a pending request needs a non-empty identifier"
        case let .unknownZone(identifier, _, error):
            return "request '\(identifier)': \(error)"
        case let .zoneConflict(identifier, given, named):
            return "request '\(identifier)': its zone \(given) differs from the zone its trigger names, \(named): give one"
        case let .invalidTrigger(identifier, error):
            return "request '\(identifier)': \(error)"
        case .backwardTrigger(let identifier):
            return "request '\(identifier)': a pending trigger must search forward (direction 'backward' would fire before it is added)"
        case let .invalidCreationInstant(identifier, error):
            return "request '\(identifier)': bad creation instant: \(error)"
        case let .triggerFailed(identifier, after, error):
            return "request '\(identifier)': no next fire after \(after): \(error)"
        case let .limitReached(identifier, limit):
            return "request '\(identifier)' rejected: \(limit) requests are already pending (the limit); remove some first"
        case let .timeWentBackwards(requested, current):
            return "time cannot go back: asked for \(requested) but the store is already at \(current)"
        }
    }
}

extension PendingError: ChimeError {}
