/// The result of `Planner.plan(_:now:)`: the occurrences to schedule as one-shots and when to plan again.
public struct PendingPlan: Sendable, Equatable {
    /// The `limit` soonest occurrences (fewer when the requests run out), by instant, ties by
    /// identifier then index.
    public var occurrences: [PlannedOccurrence] = []
    /// The instant of the soonest occurrence that did not fit (the `limit + 1`-th overall), or
    /// `nil` when every occurrence of every request fits. Everything due before it is scheduled;
    /// plan again strictly before it (with a `now` before it) or that occurrence is missed. It is
    /// at or after the last planned occurrence, and equal to it when they tie.
    public var refillBy: Instant?
    /// Identifiers given more than once: the last request with the identifier was planned.
    public var replaced: [String] = []
    /// Requests with no fire after `now`.
    public var neverFiring: [String] = []
    /// Requests whose fires could not be found; their occurrences before the failure are planned.
    public var errors: [PendingError] = []

    /// An empty plan (no occurrences, nothing to refill).
    public init() {}

    /// The instant of the last planned occurrence, or `nil` when none is planned.
    public var lastPlanned: Instant? { occurrences.last?.fire.instant }
}
