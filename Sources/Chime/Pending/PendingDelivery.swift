/// One fire delivered by `PendingStore.deliver(until:)`.
public struct PendingDelivery: Sendable, Equatable {
    /// The request that fired.
    public let identifier: String
    /// The fire: instant, wall time, offset and adjustment.
    public let fire: Fire
    /// Whether this was the request's last fire (a one-shot, or a repeating trigger with no fire
    /// after this one): it has left the store.
    public let isFinal: Bool

    /// A delivery of `fire` for the request `identifier`; `isFinal` when the request leaves the
    /// store with it.
    public init(identifier: String, fire: Fire, isFinal: Bool) {
        self.identifier = identifier
        self.fire = fire
        self.isFinal = isFinal
    }
}
