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
/// Cost: n requests and limit k take n + k + 1 trigger evaluations, O(n log k + k log k)
/// comparisons and O(k) memory beyond the requests (only the k + 1 soonest first fires can matter).
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
        // Last wins: keep each identifier's last position.
        var replaced: [String] = []
        var lastPosition: [String: Int] = [:]
        lastPosition.reserveCapacity(requests.count)
        for (position, request) in requests.enumerated() {
            if lastPosition.updateValue(position, forKey: request.identifier) != nil { replaced.append(request.identifier) }
        }
        let kept = requests.indices.filter { lastPosition[requests[$0].identifier] == $0 }
        var plan = plan(count: kept.count, now: now, identifier: { requests[kept[$0]].identifier },
                        first: { i in Result { () throws(PendingError) in try requests[kept[i]].nextFire(after: now) } },
                        request: { requests[kept[$0]] })
        plan.replaced = replaced
        return plan
    }

    /// Plans `count` requests with distinct identifiers at `now`, where the caller already holds
    /// each one's first fire after `now` (`first(i)`: `nextFire(after: now)`) and builds a request
    /// only to expand its later occurrences (`request(i)`). The same plan as `plan(_:now:)`.
    ///
    /// Only the `limit + 1` soonest first fires can be planned or be `refillBy` (any other request
    /// has `limit + 1` occurrences before its first), so only they are kept: O(n log limit) time
    /// and O(limit) memory for n requests.
    public func plan(count: Int, now: Instant, identifier: (Int) -> String,
                     first: (Int) -> Result<Fire?, PendingError>, request: (Int) -> PendingRequest) -> PendingPlan {
        var plan = PendingPlan()
        var soonest = Heap(order: DescendingOrder<Cursor>())
        for position in 0..<count {
            switch first(position) {
            case .failure(let error): plan.errors.append(error)
            case .success(nil): plan.neverFiring.append(identifier(position))
            case .success(let fire?):
                soonest.push(Cursor(fire: fire, identifier: identifier(position), index: 0, position: position), keepingAtMost: limit + 1)
            }
        }
        var heap = Heap(soonest.elements, order: AscendingOrder<Cursor>())

        plan.occurrences.reserveCapacity(Swift.min(limit, 4 * heap.count))
        // Requests whose trigger carries state from fire to fire (`flutterAndroid`), as their last
        // planned occurrence left them.
        var carried: [Int: PendingRequest] = [:]
        while plan.occurrences.count < limit, let top = heap.top {
            plan.occurrences.append(PlannedOccurrence(identifier: top.identifier, index: top.index, fire: top.fire))
            var request = carried[top.position] ?? request(top.position)
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
