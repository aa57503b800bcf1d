/// The set of requests a system holds for an app, with a limit and a rule for what happens
/// beyond it (iOS: the 64 soonest-firing; Android/Samsung: 500, then refuse).
///
/// - Adding a request whose identifier is pending replaces it (reported in `replaced`).
/// - A request that never fires after `now` is discarded at once (`.neverFires`).
/// - A repeating request counts once, by its next fire.
/// - Order: `pending` and every delivery sequence are sorted by next fire, ties broken by
///   identifier in `PendingOrder` (shortlex: shorter first, then UTF-8 bytes), so equal instants
///   come out the same way on every run and platform.
/// - Time only moves forward: `add(_:now:)` first delivers what fires up to `now`; `deliver(until:)`
///   delivers every fire at or before `until`. Asking for an earlier time is an error.
///
/// Example (limit 2, rule `.soonest`, now = 2026-03-07T12:00:00Z):
/// ```swift
/// var store = try PendingStore(limit: 2)
/// store.add(standup, now: now)  // daily 09:00 America/New_York: next 2026-03-07T14:00:00Z (09:00 EST, UTC-5)
/// store.add(pill, now: now)     // daily 08:00 Europe/Berlin: next 2026-03-08T07:00:00Z (08:00 CET, UTC+1)
/// store.add(call, now: now)     // one-shot, 3600 s from now: 2026-03-07T13:00:00Z
/// // -> discarded: "pill" (next 2026-03-08T07:00:00Z), notAmongSoonest(limit: 2); pending: call, standup
/// store.deliver(until: 2026-03-09T00:00:00Z)
/// // -> call    2026-03-07T13:00:00Z (final: a one-shot leaves the store)
/// //    standup 2026-03-07T14:00:00Z (09:00 EST)
/// //    standup 2026-03-08T13:00:00Z (09:00 EDT: New York sprang forward at 07:00:00Z that
/// //            morning, so the wall time stays 09:00 and the UTC instant is an hour earlier)
/// // pending: standup, next 2026-03-09T13:00:00Z
/// ```
///
/// Costs: with n pending, a delivery and its rescheduling are O(log n) (a heap of keys over the
/// entries, which stay where they are); adding one request beyond the limit scans the n for the
/// one to drop (n ≤ limit, typically 64 or 500); adding a batch of m is O(m log limit) and holds at
/// most `limit` of them (`add(count:now:identifier:next:request:discarded:)`); `pending` sorts.
public struct PendingStore: Sendable {
    /// The most requests held at once (iOS: 64; Android/Samsung: 500).
    public let limit: Int
    /// What happens beyond `limit`: keep the soonest, keep the most recent, or refuse.
    public let rule: Rule
    /// The instant up to which time has advanced; every pending next fire is strictly after it.
    public private(set) var currentTime: Instant
    /// The pending entries, in no order; `slotOf` finds one by identifier.
    var slots: [PendingEntry] = []
    var slotOf: [String: Int] = [:]
    /// A key for every entry, the soonest on top: what `deliver(until:)` takes next. A key whose
    /// entry left or moved on is stale and skipped (`isLive`); the heap is rebuilt when stale
    /// keys outnumber the entries.
    var soonest = Heap(order: AscendingOrder<Key>())
    var staleKeys = 0
    var additions: UInt64 = 0

    /// An empty store holding at most `limit` requests (0 or more), `rule` deciding what happens
    /// beyond it.
    ///
    /// Throws `PendingError.invalidLimit` for a negative limit.
    public init(limit: Int = 64, rule: Rule = .soonest) throws(PendingError) {
        guard limit >= 0 else { throw .invalidLimit(limit) }
        self.limit = limit
        self.rule = rule
        self.currentTime = Instant.supportedRange.lowerBound
    }

    /// The pending requests, soonest next fire first; ties by identifier (sorted on each call,
    /// unless they are in order already, as a batch add leaves them).
    public var pending: [PendingEntry] {
        slots.indices.dropFirst().allSatisfy { slots[$0 - 1].precedes(slots[$0]) } ? slots : slots.sorted { $0.precedes($1) }
    }
    /// How many requests are pending.
    public var count: Int { slots.count }
    /// Whether no request is pending.
    public var isEmpty: Bool { slots.isEmpty }

    /// The pending entry with `identifier`, or nil when none is pending.
    public func entry(for identifier: String) -> PendingEntry? {
        index(of: identifier).map { slots[$0] }
    }

    // MARK: Adding

    /// Adds (or replaces) one request at `now`. Fires of pending requests at or before `now` are
    /// delivered first (`report.delivered`). Throws, leaving the store unchanged, when `now` is
    /// before `currentTime`, when the trigger fails, or (rule `.rejectBeyondLimit`) when the set
    /// is full and the identifier is new.
    @discardableResult
    public mutating func add(_ request: PendingRequest, now: Instant) throws(PendingError) -> PendingAddReport {
        guard now >= currentTime else { throw .timeWentBackwards(requested: now, current: currentTime) }
        let next = try request.nextFire(after: now)
        var report = PendingAddReport()
        if rule == .rejectBeyondLimit, next != nil, index(of: request.identifier) == nil, slots.count >= limit {
            // Fires up to `now` may free room; try on a copy so a refusal leaves the store as it was.
            var trial = self
            let advanced = try trial.deliver(until: now)
            guard trial.slots.count < limit else { throw .limitReached(identifier: request.identifier, limit: limit) }
            self = trial
            report.delivered = advanced.deliveries
            report.discarded = advanced.discarded
        } else {
            let advanced = try deliver(until: now)
            report.delivered = advanced.deliveries
            report.discarded = advanced.discarded
        }
        insert(request, next: next, into: &report)
        checkInvariants()
        return report
    }

    /// Adds requests in order at `now`, as successive `add(_:now:)` calls would, collecting a
    /// refused request's error in `report.errors` and going on (duplicate identifiers: the last
    /// wins, each earlier one reported in `replaced`). Throws only when `now` is before `currentTime`.
    /// O(n log limit) for n requests (`add(count:now:identifier:next:request:discarded:)`).
    @discardableResult
    public mutating func add<Requests: Sequence<PendingRequest>>(contentsOf requests: Requests, now: Instant) throws(PendingError) -> PendingAddReport {
        let list = Array(requests)
        var discards: [PendingDiscard] = []
        var report = try add(count: list.count, now: now, identifier: { list[$0].identifier },
                             next: { i in Result { () throws(PendingError) in try list[i].nextFire(after: now) } },
                             request: { list[$0] }, discarded: { discard, _ in discards.append(discard) })
        report.discarded += discards
        return report
    }

    /// Replaces any entry with the request's identifier, then keeps the request if it fires and
    /// the rule lets it stay. `currentTime` must already be `now` (or earlier than `next`).
    private mutating func insert(_ request: PendingRequest, next: Fire?, into report: inout PendingAddReport) {
        if let old = index(of: request.identifier) {
            report.replaced.append(remove(at: old))
        }
        guard let next else {
            report.discarded.append(PendingDiscard(identifier: request.identifier, next: nil, reason: .neverFires))
            return
        }
        additions += 1
        insert(PendingEntry(request: request, next: next, sequence: additions))
        while slots.count > limit {
            switch rule {
            case .soonest:
                // The latest next fire; on a tie, the larger identifier.
                var latest = 0
                for i in slots.indices where slots[latest].precedes(slots[i]) { latest = i }
                let dropped = remove(at: latest)
                report.discarded.append(PendingDiscard(identifier: dropped.identifier, next: dropped.next, reason: .notAmongSoonest(limit: limit)))
            case .recent:
                var oldest = 0
                for i in slots.indices where slots[i].sequence < slots[oldest].sequence { oldest = i }
                let dropped = remove(at: oldest)
                report.discarded.append(PendingDiscard(identifier: dropped.identifier, next: dropped.next, reason: .notAmongMostRecent(limit: limit)))
            case .rejectBeyondLimit:
                assertionFailure("rejectBeyondLimit admitted request '\(request.identifier)' beyond the limit \(limit)")
                return
            }
        }
    }

    // MARK: Removing

    /// Removes the requests with these identifiers (unknown ones are ignored); returns the removed
    /// entries in pending order.
    @discardableResult
    public mutating func remove<Identifiers: Sequence<String>>(identifiers: Identifiers) -> [PendingEntry] {
        var removed: [PendingEntry] = []
        for identifier in identifiers {
            if let i = index(of: identifier) { removed.append(remove(at: i)) }
        }
        checkInvariants()
        return removed.sorted { $0.precedes($1) }
    }

    /// Removes every pending request (the store's current time stays where it is).
    public mutating func removeAll() {
        slots.removeAll()
        slotOf.removeAll()
        soonest = Heap(order: AscendingOrder<Key>())
        staleKeys = 0
    }

    // MARK: Time

    /// Advances time to `until`, delivering every fire at or before it in order (ties by
    /// identifier). A one-shot leaves the store when it fires; a repeating request is rescheduled
    /// at its first fire strictly after the one delivered (and may fire again before `until`).
    /// A request whose next fire cannot be found leaves the store and is reported in `discarded`.
    public mutating func deliver(until: Instant) throws(PendingError) -> PendingDeliveryReport {
        guard until >= currentTime else { throw .timeWentBackwards(requested: until, current: currentTime) }
        var report = PendingDeliveryReport()
        while let key = soonest.top, key.instant <= until {
            soonest.pop()
            guard let slot = slotOf[key.identifier], isLive(key, at: slot) else { staleKeys -= 1; continue }
            let first = remove(at: slot, keyPopped: true)
            let fire = first.next
            var following: Fire? = nil
            let request = first.request.rescheduled(after: fire)
            if request.trigger.repeats {
                do {
                    following = try request.trigger.nextFire(after: fire.instant, in: request.zone)
                } catch {
                    report.discarded.append(PendingDiscard(identifier: first.identifier, next: nil, reason: .triggerFailed(error)))
                }
            }
            report.deliveries.append(PendingDelivery(identifier: first.identifier, fire: fire, isFinal: following == nil))
            if let following {
                assert(following.instant > fire.instant, "'\(first.identifier)': next fire \(following.instant) not after \(fire.instant)")
                insert(PendingEntry(request: request, next: following, sequence: first.sequence))
            }
        }
        currentTime = until
        checkInvariants()
        return report
    }

    // MARK: Storage

    /// A pending entry's place in delivery order: (next fire, identifier), with the entry's
    /// sequence to tell a key of a replaced entry from its replacement's.
    struct Key: Comparable {
        let instant: Instant
        let identifier: String
        let sequence: UInt64

        init(instant: Instant, identifier: String, sequence: UInt64) {
            self.instant = instant
            self.identifier = identifier
            self.sequence = sequence
        }

        init(_ entry: PendingEntry) { self.init(instant: entry.next.instant, identifier: entry.identifier, sequence: entry.sequence) }

        /// The pending order (`PendingEntry.precedes`).
        static func < (a: Key, b: Key) -> Bool { PendingEntry.precedes(a.instant, a.identifier, b.instant, b.identifier) }
        static func == (a: Key, b: Key) -> Bool { a.instant == b.instant && a.identifier == b.identifier && a.sequence == b.sequence }
    }

    /// Whether `key` is the key of the entry in `slot` as it stands.
    func isLive(_ key: Key, at slot: Int) -> Bool {
        slots[slot].sequence == key.sequence && slots[slot].next.instant == key.instant
    }

    private func index(of identifier: String) -> Int? { slotOf[identifier] }

    private mutating func insert(_ entry: PendingEntry) {
        slotOf[entry.identifier] = slots.count
        slots.append(entry)
        soonest.push(Key(entry))
    }

    /// Removes the entry in `slot` (the last entry takes its slot); its key goes stale unless
    /// `keyPopped`.
    @discardableResult
    private mutating func remove(at slot: Int, keyPopped: Bool = false) -> PendingEntry {
        let entry = slots[slot]
        slotOf[entry.identifier] = nil
        let last = slots.removeLast()
        if slot < slots.count {
            slots[slot] = last
            slotOf[last.identifier] = slot
        }
        if !keyPopped {
            staleKeys += 1
            if staleKeys > slots.count + 64 { rebuildKeys() }
        }
        return entry
    }

    /// A fresh heap of the entries' keys (Floyd's method), without stale ones.
    mutating func rebuildKeys() {
        soonest = Heap(slots.map(Key.init), order: AscendingOrder<Key>())
        staleKeys = 0
    }
}
