extension PendingStore {
    /// Checks the store's invariants in debug builds (a no-op in release):
    /// - never more than `limit` pending;
    /// - the identifier index matches the slots exactly, hence no duplicate identifiers;
    /// - every next fire is strictly after the current time (nothing overdue);
    /// - the delivery heap holds a live key for every entry, and counts its stale ones.
    func checkInvariants() {
        #if DEBUG
        assert(slots.count <= limit, "pending set holds \(slots.count) > limit \(limit)")
        assert(slotOf.count == slots.count, "identifier index out of step: \(slotOf.count) vs \(slots.count)")
        for (i, entry) in slots.enumerated() {
            assert(slotOf[entry.identifier] == i, "identifier index is stale for '\(entry.identifier)'")
            assert(entry.next.instant > currentTime, "'\(entry.identifier)' is overdue: \(entry.next.instant) <= \(currentTime)")
        }
        let live = soonest.elements.filter { key in slotOf[key.identifier].map { isLive(key, at: $0) } ?? false }.count
        assert(live == slots.count && soonest.count - live == staleKeys,
               "delivery heap out of step: \(live) live and \(soonest.count - live) stale keys for \(slots.count) entries, \(staleKeys) counted stale")
        soonest.checkInvariants()
        #endif
    }
}
