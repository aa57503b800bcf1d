/// A request that left the pending set other than by its last fire, as data: which, when it
/// would have fired next (`nil` when never or unknown), and why.
public struct PendingDiscard: Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The trigger has no fire after the current time (a one-shot in the past, a year gone by).
        case neverFires
        /// Rule `.soonest`: more than `limit` requests were pending and this one fires later than
        /// the `limit` kept (iOS: "keeps the soonest-firing 64 … and discards the rest").
        case notAmongSoonest(limit: Int)
        /// Rule `.recent`: more than `limit` requests were pending and this one was added earlier
        /// than the `limit` kept.
        case notAmongMostRecent(limit: Int)
        /// Finding its next fire failed (e.g. gap policy `reject` met a skipped wall time).
        case triggerFailed(TriggerError)

        /// A camelCase code for machine output.
        public var code: String {
            switch self {
            case .neverFires: return "neverFires"
            case .notAmongSoonest: return "notAmongSoonest"
            case .notAmongMostRecent: return "notAmongMostRecent"
            case .triggerFailed: return "triggerFailed"
            }
        }

        public var description: String {
            switch self {
            case .neverFires: return "the trigger never fires again"
            case .notAmongSoonest(let limit): return "not among the \(limit) soonest-firing requests (the limit)"
            case .notAmongMostRecent(let limit): return "not among the \(limit) most recently added requests (the limit)"
            case .triggerFailed(let error): return "its next fire could not be found: \(error)"
            }
        }
    }

    public let identifier: String
    public let next: Fire?
    public let reason: Reason

    public init(identifier: String, next: Fire?, reason: Reason) {
        self.identifier = identifier
        self.next = next
        self.reason = reason
    }

    public var description: String {
        "'\(identifier)' (next: \(next.map { $0.instant.utcString } ?? "none")) discarded: \(reason)"
    }
}
