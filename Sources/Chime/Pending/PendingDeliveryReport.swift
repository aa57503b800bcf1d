/// What advancing a `PendingStore`'s time did: every fire in time order (ties by identifier), and
/// the requests that left the set because their next fire could not be found.
public struct PendingDeliveryReport: Sendable, Equatable {
    public var deliveries: [PendingDelivery] = []
    public var discarded: [PendingDiscard] = []

    public init() {}
}
