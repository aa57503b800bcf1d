/// The rolling-window workaround for a pending limit: instead of letting the system keep the
/// soonest *requests* (a daily reminder holds one slot however often it fires), expand repeating
/// requests into one-shot occurrences, schedule the `limit` soonest, and plan again before the
/// first occurrence that did not fit (`PendingPlan.refillBy`).
///
/// Example (limit 3, now = 2026-03-07T12:00:00Z):
/// - "standup": daily 09:00 America/New_York: 2026-03-07T14:00:00Z (09:00 EST), 2026-03-08T13:00:00Z
///   (09:00 EDT: the clocks sprang forward at 07:00:00Z that morning), 2026-03-09T13:00:00Z, …
/// - "call": one-shot, 3600 s after now: 2026-03-07T13:00:00Z.
///
/// `plan` gives call#0 (13:00Z), standup#0 (2026-03-07T14:00:00Z), standup#1 (2026-03-08T13:00:00Z);
/// `refillBy` = 2026-03-09T13:00:00Z (standup#2, the first left out): plan again before then.
///
/// Cost: one heap of the requests' next fires; n requests and limit k take n + k + 1 trigger
/// evaluations and O((n + k) log n) comparisons.
public struct Planner: Sendable {
    /// How many occurrences a plan schedules at most (iOS: 64).
    public let limit: Int

    /// The most occurrences a plan may hold: a plan materialises every one (about 100 bytes each),
    /// so a limit is a bound on its memory and time; platforms keep 64 (iOS) or 500 (Android).
    public static let maximumLimit = 1_000_000

    /// A planner for `limit` occurrences (0…`maximumLimit`); throws `PendingError.invalidLimit`
    /// for any other, before anything is allocated.
    public init(limit: Int = 64) throws(PendingError) {
        guard (0...Self.maximumLimit).contains(limit) else { throw .invalidLimit(limit) }
        self.limit = limit
    }

    /// Plans `requests` at `now` (fires strictly after it). A repeated identifier: the last one wins,
    /// reported in `replaced`. Failures are data (`errors`), never a crash or a lost plan.
    public func plan(_ requests: [PendingRequest], now: Instant) -> PendingPlan {
        var plan = PendingPlan()
        // Last wins: keep each identifier's last position.
        var lastPosition: [String: Int] = [:]
        lastPosition.reserveCapacity(requests.count)
        for (position, request) in requests.enumerated() {
            if lastPosition.updateValue(position, forKey: request.identifier) != nil { plan.replaced.append(request.identifier) }
        }

        var heap = Heap(order: AscendingOrder<Cursor>(), minimumCapacity: lastPosition.count)
        for (position, request) in requests.enumerated() where lastPosition[request.identifier] == position {
            do {
                if let fire = try request.nextFire(after: now) {
                    heap.push(Cursor(fire: fire, identifier: request.identifier, index: 0, position: position))
                } else {
                    plan.neverFiring.append(request.identifier)
                }
            } catch {
                plan.errors.append(error)
            }
        }

        plan.occurrences.reserveCapacity(Swift.min(limit, 4 * heap.count))
        // Requests whose trigger carries state from fire to fire (`flutterAndroid`), as their last
        // planned occurrence left them.
        var carried: [Int: PendingRequest] = [:]
        while plan.occurrences.count < limit, let top = heap.top {
            plan.occurrences.append(PlannedOccurrence(identifier: top.identifier, index: top.index, fire: top.fire))
            var request = carried[top.position] ?? requests[top.position]
            if case .flutterAndroid = request.trigger {
                request = request.rescheduled(after: top.fire)
                carried[top.position] = request
            }
            guard request.trigger.repeats else { heap.pop(); continue }
            do {
                if let fire = try request.nextFire(after: top.fire.instant) {
                    heap.replaceTop(with: Cursor(fire: fire, identifier: top.identifier, index: top.index + 1, position: top.position))
                } else {
                    heap.pop()
                }
            } catch {
                plan.errors.append(error)
                heap.pop()
            }
        }
        heap.checkInvariants()
        plan.refillBy = heap.top?.fire.instant
        return plan
    }

    /// A request's next unplanned occurrence; ordered by instant, then identifier, then index.
    struct Cursor: Comparable {
        let fire: Fire
        let identifier: String
        let index: Int
        /// The request's position in the input.
        let position: Int

        static func < (lhs: Cursor, rhs: Cursor) -> Bool {
            if lhs.fire.instant != rhs.fire.instant { return lhs.fire.instant < rhs.fire.instant }
            if lhs.identifier != rhs.identifier { return PendingOrder.identifierPrecedes(lhs.identifier, rhs.identifier) }
            return lhs.index < rhs.index
        }

        static func == (lhs: Cursor, rhs: Cursor) -> Bool {
            lhs.fire.instant == rhs.fire.instant && lhs.identifier == rhs.identifier && lhs.index == rhs.index
        }
    }
}
