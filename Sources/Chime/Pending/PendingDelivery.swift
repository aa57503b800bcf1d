/// One fire delivered by `PendingStore.deliver(until:)`.
public struct PendingDelivery: Sendable, Equatable {
    public let identifier: String
    public let fire: Fire
    /// Whether this was the request's last fire (a one-shot, or a repeating trigger with no fire
    /// after this one): it has left the store.
    public let isFinal: Bool

    public init(identifier: String, fire: Fire, isFinal: Bool) {
        self.identifier = identifier
        self.fire = fire
        self.isFinal = isFinal
    }
}
