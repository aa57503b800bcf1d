extension PendingStore {
    /// Checks the store's invariants in debug builds (a no-op in release):
    /// - never more than `limit` pending;
    /// - `entries` strictly ordered by (next fire, identifier), hence no duplicate identifiers;
    /// - the identifier index matches `entries` exactly;
    /// - every next fire is strictly after the current time (nothing overdue).
    func checkInvariants() {
        #if DEBUG
        assert(entries.count <= limit, "pending set holds \(entries.count) > limit \(limit)")
        assert(nextInstants.count == entries.count, "identifier index out of step: \(nextInstants.count) vs \(entries.count)")
        for (i, entry) in entries.enumerated() {
            assert(nextInstants[entry.identifier] == entry.next.instant, "identifier index is stale for '\(entry.identifier)'")
            assert(entry.next.instant > currentTime, "'\(entry.identifier)' is overdue: \(entry.next.instant) <= \(currentTime)")
            if i > 0 { assert(entries[i - 1].precedes(entry), "pending order broken at \(i): '\(entries[i - 1].identifier)', '\(entry.identifier)'") }
        }
        #endif
    }
}
