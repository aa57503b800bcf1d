/// A request held by a `PendingStore`, with its next fire (always strictly after the store's
/// current time).
public struct PendingEntry: Sendable, Equatable {
    /// The request as added, its trigger rescheduled by each delivered fire.
    public let request: PendingRequest
    /// Its next fire, strictly after the store's current time.
    public let next: Fire
    /// Order of addition (a replacement counts as a new addition): rule `.recent` drops the smallest.
    let sequence: UInt64

    /// The request's identifier (the store's key).
    public var identifier: String { request.identifier }

    /// The pending order: next fire first, then identifier (`PendingOrder`: shortlex), so equal
    /// instants come out the same way on every run.
    @inlinable
    static func precedes(_ instant: Instant, _ identifier: String, _ otherInstant: Instant, _ otherIdentifier: String) -> Bool {
        instant != otherInstant ? instant < otherInstant : PendingOrder.identifierPrecedes(identifier, otherIdentifier)
    }

    func precedes(_ other: PendingEntry) -> Bool {
        Self.precedes(next.instant, identifier, other.next.instant, other.identifier)
    }
}
