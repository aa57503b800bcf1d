/// What adding requests did: which pending requests were replaced (same identifier), which fired
/// while time advanced to the new `now`, which were discarded, and (for a batch) which were refused.
public struct PendingAddReport: Sendable, Equatable {
    /// Pending entries that a new request with the same identifier replaced, in order of replacement.
    public var replaced: [PendingEntry] = []
    /// Fires at or before `now` of requests already pending (time advanced to `now` first).
    public var delivered: [PendingDelivery] = []
    /// Requests that left the set without firing, in the order they left.
    public var discarded: [PendingDiscard] = []
    /// Batch adds only: requests refused with an error; the others were still added.
    public var errors: [PendingError] = []

    /// An empty report (nothing replaced, delivered, discarded or refused).
    public init() {}
}
