/// A time limit on one request's work (`--deadline MS`, a batch line's `"deadlineMs"`): the walk
/// that produces its fires checks it between fires and ends with `TriggerError.limitReached`
/// once it has passed, rather than keep the caller waiting. A single fire's search is bounded by
/// the years it may visit (docs/contract.md, "Limits"), so the check between fires is enough.
///
/// Example: `chime audit --cron '* * * * * *' --flavor croniter --zones all --from 1900 --to 2099
/// --deadline 25000` answers `limitReached` ("the deadline of 25,000 ms was reached in
/// Africa/Algiers, after 3,329,024 fires") after 25 s, the zones audited before it written, where
/// it would go on past a minute to the audit's fire bound.
public struct Deadline: Sendable, Hashable {
    /// The limit as given, in milliseconds (1…`maximumMilliseconds`).
    public let milliseconds: Int
    private let end: ContinuousClock.Instant

    /// The most a deadline may be: one day.
    public static let maximumMilliseconds = 86_400_000

    /// A deadline `milliseconds` from now; nil outside 1…`maximumMilliseconds`.
    public init?(milliseconds: Int) {
        guard (1...Self.maximumMilliseconds).contains(milliseconds) else { return nil }
        self.milliseconds = milliseconds
        end = .now + .milliseconds(milliseconds)
    }

    /// Whether the deadline has passed.
    public var hasPassed: Bool { ContinuousClock.now >= end }

    /// "after 5,632 of 100,000 fires": how far a walk for `count` fires got.
    public static func firesDone(_ done: Int, of count: Int) -> String {
        "after \(WorkLimit.grouped(done)) of \(WorkLimit.grouped(count)) fires"
    }

    /// Throws `limitReached` once the deadline has passed; `done` says how far the work got.
    @inline(__always)
    public func check(_ done: @autoclosure () -> String) throws(TriggerError) {
        if hasPassed { throw .limitReached(.deadline(milliseconds: milliseconds), done: done()) }
    }
}
