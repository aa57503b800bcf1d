/// A request that left the pending set other than by its last fire, as data: which, when it
/// would have fired next (`nil` when never or unknown), and why.
public struct PendingDiscard: Sendable, Equatable, CustomStringConvertible {
    /// Why a request left: it never fires again, the limit's rule dropped it, or its trigger
    /// failed.
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

        /// The reason as a phrase, e.g. "not among the 64 soonest-firing requests (the limit)".
        public var description: String {
            switch self {
            case .neverFires: return "the trigger never fires again"
            case .notAmongSoonest(let limit): return "not among the \(limit) soonest-firing requests (the limit)"
            case .notAmongMostRecent(let limit): return "not among the \(limit) most recently added requests (the limit)"
            case .triggerFailed(let error): return "its next fire could not be found: \(error)"
            }
        }
    }

    /// The request that left.
    public let identifier: String
    /// When it would have fired next; nil when it never fires again or its next fire could not be
    /// found.
    public let next: Fire?
    /// Why it left.
    public let reason: Reason

    /// A discard of the request `identifier`, whose next fire was `next`, for `reason`.
    public init(identifier: String, next: Fire?, reason: Reason) {
        self.identifier = identifier
        self.next = next
        self.reason = reason
    }

    /// The identifier, its next fire in UTC and the reason, as one line.
    public var description: String {
        "'\(identifier)' (next: \(next.map { $0.instant.utcString } ?? "none")) discarded: \(reason)"
    }
}
