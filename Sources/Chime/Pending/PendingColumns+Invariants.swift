extension PendingColumns {
    /// Debug builds: the layout is consistent (zone groups cover the requests, side-table indices
    /// are in range, identifiers are distinct). Release builds: nothing.
    func checkInvariants() {
        #if DEBUG
        precondition(identifiers.count == codes.count, "one identifier per request")
        precondition(zoneStarts.count == zones.count + 1 && zoneStarts.first == 0 && zoneStarts.last == codes.count,
                     "zone groups must cover the requests")
        for z in 0..<zones.count { precondition(zoneStarts[z] <= zoneStarts[z + 1], "zone groups out of order") }
        precondition(intervalAnchorNanoseconds.isEmpty || intervalAnchorNanoseconds.count == intervals.count,
                     "one anchor nanosecond per interval")
        for raw in codes {
            let code = Code(raw: raw)
            switch code.kind {
            case .interval: precondition(Int(code.payload) < intervals.count, "interval index out of range")
            case .general: precondition(Int(code.payload) < general.count, "general index out of range")
            default: break
            }
        }
        if codes.count <= 200_000 {                     // distinct identifiers (O(n log n))
            let order = (0..<codes.count).sorted { identifiers.precedes($0, $1) }
            for j in 0..<max(0, order.count - 1) {
                precondition(identifiers.precedes(order[j], order[j + 1]), "duplicate identifier \(identifier(at: order[j]))")
            }
        }
        #endif
    }
}
