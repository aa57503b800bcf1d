/// What advancing a `PendingStore`'s time did: every fire in time order (ties by identifier), and
/// the requests that left the set because their next fire could not be found.
public struct PendingDeliveryReport: Sendable, Equatable {
    /// Every fire delivered, in time order (ties by identifier in `PendingOrder`).
    public var deliveries: [PendingDelivery] = []
    /// Requests that left the store because their next fire could not be found.
    public var discarded: [PendingDiscard] = []

    /// An empty report.
    public init() {}
}
