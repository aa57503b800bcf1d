/// One fire of a request, planned as its own one-shot notification: the `index`-th fire (0 = the
/// first after the plan's `now`) of the request `identifier`.
public struct PlannedOccurrence: Sendable, Equatable {
    /// The request's identifier (several occurrences of one request share it).
    public let identifier: String
    /// 0-based position in the request's fires after `now`.
    public let index: Int
    /// The fire, with its wall time, offset and adjustment.
    public let fire: Fire

    /// The `index`-th occurrence (0-based, after the plan's `now`) of the request `identifier`.
    public init(identifier: String, index: Int, fire: Fire) {
        self.identifier = identifier
        self.index = index
        self.fire = fire
    }

    /// An identifier for scheduling the occurrence as a one-shot: `"<identifier>#<index>"`.
    public var occurrenceIdentifier: String { "\(identifier)#\(index)" }
}
