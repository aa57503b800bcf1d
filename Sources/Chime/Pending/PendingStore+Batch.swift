/// Adding many requests at once, as successive `add(_:now:)` calls would, in O(n log limit) time
/// and O(limit) memory: the scale path of `chime pending` and `chime simulate` (a million
/// requests, a limit of 64).
///
/// One request at a time, the store inserts into its sorted entries and then drops the latest
/// (`.soonest`) or the oldest (`.recent`) while over the limit. Here the kept requests sit in a
/// heap with the one to drop on top (`.soonest`: the latest next fire; `.recent`: a queue in
/// order of addition), so every drop is the one the sorted store would make, in the same order;
/// the entries are sorted once at the end. A newcomer later than every kept request of a full
/// `.soonest` store is discarded after one comparison, as the sorted store would discard it after
/// inserting it last. A replaced request's key stays in the heap, dead (its sequence no longer
/// matches), and is skipped when it comes to the top.
extension PendingStore {
    /// Adds `count` requests in order at `now`, where the caller already holds each one's next
    /// fire after `now` (`next(i)`, a request's `nextFire(after: now)`) and builds a request only
    /// when it must be kept or reported replaced (`request(i)`). Discards go to `discarded` in the
    /// order they happen, with the request's `i` when it is one of these (the report's `discarded`
    /// holds only those of advancing time to `now`);
    /// refused requests are `report.errors`. Throws only when `now` is before `currentTime`.
    ///
    /// The same answers as `add(contentsOf:now:)` over `request(0..<count)`.
    public mutating func add(count: Int, now: Instant, identifier: (Int) -> String,
                             next: (Int) -> Result<Fire?, PendingError>, request: (Int) -> PendingRequest,
                             discarded: (PendingDiscard, _ i: Int?) -> Void) throws(PendingError) -> PendingAddReport {
        guard now >= currentTime else { throw .timeWentBackwards(requested: now, current: currentTime) }
        var report = PendingAddReport()
        let advanced = try deliver(until: now)
        report.delivered = advanced.deliveries
        report.discarded = advanced.discarded

        let held = slots
        var batch = Batch(rule: rule, entries: held)
        for i in 0..<count {
            let id = identifier(i)
            let fire: Fire?
            switch next(i) {
            case .failure(let error): report.errors.append(error); continue
            case .success(let found): fire = found
            }
            // A request that never fires is discarded as such whatever the rule: the limit never
            // comes into it.
            if rule == .rejectBeyondLimit, fire != nil, batch.live[id] == nil, batch.live.count >= limit {
                report.errors.append(.limitReached(identifier: id, limit: limit))
                continue
            }
            if let old = batch.remove(id) { report.replaced.append(old.entry(identifier: id, held, request)) }
            guard let fire else {
                discarded(PendingDiscard(identifier: id, next: nil, reason: .neverFires), i)
                continue
            }
            additions += 1
            // Full: a newcomer after the latest kept would be inserted last and dropped at once.
            if rule == .soonest, batch.live.count >= limit, batch.latestKeptPrecedes(fire.instant, id) ?? true {
                discarded(PendingDiscard(identifier: id, next: fire, reason: .notAmongSoonest(limit: limit)), i)
                continue
            }
            batch.insert(id, Slot(sequence: additions, next: fire, held: .candidate(i)))
            while batch.live.count > limit {
                guard let (droppedID, dropped) = batch.dropOne() else { break }
                let reason: PendingDiscard.Reason = rule == .soonest ? .notAmongSoonest(limit: limit) : .notAmongMostRecent(limit: limit)
                discarded(PendingDiscard(identifier: droppedID, next: dropped.next, reason: reason), dropped.candidate)
            }
        }
        // In pending order, so that `pending` hands them out without sorting a copy; the small
        // slots are sorted, and each entry (~650 bytes) is built once in its place.
        let ordered = batch.live.sorted { PendingEntry.precedes($0.value.next.instant, $0.key, $1.value.next.instant, $1.key) }
        slots = ordered.map { $0.value.entry(identifier: $0.key, held, request) }
        slotOf = Dictionary(uniqueKeysWithValues: slots.indices.map { (slots[$0].identifier, $0) })
        rebuildKeys()
        checkInvariants()
        return report
    }

    /// A kept request during a batch: an entry the store held before (its index in them), or the
    /// caller's `i`-th. (Not the entry itself: every slot would be an entry's ~650 bytes.)
    struct Slot {
        enum Held {
            case entry(Int)
            case candidate(Int)
        }

        let sequence: UInt64
        let next: Fire
        let held: Held

        /// The caller's `i`, when the slot holds one of its requests.
        var candidate: Int? {
            if case .candidate(let i) = held { return i }
            return nil
        }

        func entry(identifier: String, _ entries: [PendingEntry], _ request: (Int) -> PendingRequest) -> PendingEntry {
            switch held {
            case .entry(let i): entries[i]
            case .candidate(let i): PendingEntry(request: request(i), next: next, sequence: sequence)
            }
        }
    }

    /// The kept requests by identifier, and the order the rule drops them in.
    struct Batch {
        let rule: Rule
        private(set) var live: [String: Slot] = [:]
        /// `.soonest`: the latest on top.
        private var latest = Heap(order: DescendingOrder<Key>())
        /// `.recent`: in order of addition, `oldest` the first not yet dropped.
        private var queue: [Key] = []
        private var oldest = 0
        /// Keys left in `latest` or `queue` by a replacement.
        private var dead = 0

        init(rule: Rule, entries: [PendingEntry]) {
            self.rule = rule
            live.reserveCapacity(entries.count)
            for i in entries.indices.sorted(by: { entries[$0].sequence < entries[$1].sequence }) {
                insert(entries[i].identifier, Slot(sequence: entries[i].sequence, next: entries[i].next, held: .entry(i)))
            }
        }

        mutating func insert(_ identifier: String, _ slot: Slot) {
            live[identifier] = slot
            let key = Key(instant: slot.next.instant, identifier: identifier, sequence: slot.sequence)
            switch rule {
            case .soonest: latest.push(key)
            case .recent: queue.append(key)
            case .rejectBeyondLimit: break
            }
        }

        mutating func remove(_ identifier: String) -> Slot? {
            guard let slot = live.removeValue(forKey: identifier) else { return nil }
            if rule != .rejectBeyondLimit { dead += 1 }
            return slot
        }

        private func isLive(_ key: Key) -> Bool { dead == 0 || live[key.identifier]?.sequence == key.sequence }

        /// Whether the latest kept request precedes (`instant`, `identifier`); nil when none is kept.
        mutating func latestKeptPrecedes(_ instant: Instant, _ identifier: String) -> Bool? {
            while let top = latest.top, !isLive(top) { latest.pop(); dead -= 1 }
            return latest.top.map { PendingEntry.precedes($0.instant, $0.identifier, instant, identifier) }
        }

        /// Removes the request the rule drops next: the latest (`.soonest`) or the oldest (`.recent`).
        mutating func dropOne() -> (String, Slot)? {
            var key: Key?
            switch rule {
            case .soonest:
                while let top = latest.pop() {
                    if isLive(top) { key = top; break }
                    dead -= 1
                }
            case .recent:
                while oldest < queue.count {
                    let first = queue[oldest]
                    oldest += 1
                    if isLive(first) { key = first; break }
                    dead -= 1
                }
                if oldest > 4096 && oldest * 2 > queue.count {   // keep the queue O(limit)
                    queue.removeFirst(oldest)
                    oldest = 0
                }
            case .rejectBeyondLimit:
                assertionFailure("rejectBeyondLimit admitted a request beyond the limit")
            }
            guard let key, let slot = live.removeValue(forKey: key.identifier) else { return nil }
            return (key.identifier, slot)
        }
    }
}
