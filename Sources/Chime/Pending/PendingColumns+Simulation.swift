extension PendingColumns {
    /// One delivery of a simulated timeline.
    public struct Delivery: Sendable, Hashable, CustomStringConvertible {
        /// The request's position in the columns (zone-grouped order).
        public let index: Int
        /// The request's identifier as appended.
        public let identifier: String
        /// The fire delivered, with its wall time, offset and adjustment.
        public let fire: Fire

        /// The identifier and the fire's instant in UTC.
        public var description: String { "\(identifier) \(fire.instant)" }
    }

    /// How many fires every request delivers strictly after `from` and at or before `until`:
    /// each request walks its chain of next fires (`nextFire(after:)` of the previous fire, as
    /// `FireIterator` does; a one-shot trigger fires at most once), spread over `workers` threads.
    /// Half-open on the left, so `(a, b]` and `(b, c]` count every fire once.
    ///
    /// Example: 100,000 requests `{hour: 8, minute: 30}` over (2026-01-01T00:00:00Z,
    /// 2027-01-01T00:00:00Z] deliver 36,500,000 fires (365 each; every zone's 08:30 exists daily).
    public func deliveryCount(after from: Instant, through until: Instant,
                              workers: Int = PendingColumns.defaultWorkers) -> Int {
        let chunks = chunkRanges(workers: workers)
        var counts = [Int](repeating: 0, count: chunks.count)
        counts.withUnsafeMutableBufferPointer { counts in
            let out = CountOutput(counts: counts)
            ParallelWork.forEach(chunks.count, workers: workers) { c in
                out.counts[c] = self.countChunk(chunks[c], after: from, through: until)
            }
        }
        return counts.reduce(0, +)
    }

    struct CountOutput: @unchecked Sendable {
        let counts: UnsafeMutableBufferPointer<Int>
    }

    func countChunk(_ range: Range<Int>, after from: Instant, through until: Instant) -> Int {
        guard !range.isEmpty else { return 0 }
        var total = 0
        var z = zoneNumber(of: range.lowerBound)
        var i = range.lowerBound
        while i < range.upperBound {
            let zone = zones[z]
            let end = min(range.upperBound, zoneStarts[z + 1])
            while i < end {
                let code = Code(raw: codes[i])
                let once = code.kind == .general && !general[Int(code.payload)].repeats
                var cursor = from
                while true {
                    let (s, ns) = nextInstant(code, after: cursor, in: zone)
                    guard s != Self.never, s != Self.failed else { break }
                    let fire = Instant(seconds: s, nanoseconds: ns)
                    guard fire <= until, fire > cursor else { break }    // `fire > cursor`: a backward trigger stops
                    total += 1
                    if once { break }
                    cursor = fire
                }
                i += 1
            }
            z += 1
        }
        return total
    }

    /// Every delivery strictly after `from` and at or before `until`, in time order (equal
    /// instants by identifier, as `computeNextFires`), at most `limit` of them: a k-way merge of
    /// the requests' fire chains, each fire the engine's `Fire` (offset, adjustment) from the
    /// request's decoded trigger. For small inputs (memory grows with the result).
    ///
    /// Example: daily 07:00 ("a") and daily 08:30 ("b") in America/New_York over
    /// (2026-03-07T14:00:00Z, 2026-03-09T12:00:00Z]: a 2026-03-08T11:00:00Z, b 2026-03-08T12:30:00Z,
    /// a 2026-03-09T11:00:00Z (b's 2026-03-09T12:30:00Z is after `until`).
    public func deliveries(after from: Instant, through until: Instant, limit: Int = 1_000_000) -> [Delivery] {
        var iterators: [FireIterator] = []
        var heads: [Fire?] = []                 // each request's next delivery
        var keys: [Entry] = []
        iterators.reserveCapacity(count)
        for i in 0..<count {
            var it = FireIterator(trigger: trigger(at: i), zone: zone(at: i), start: from)
            let head = Self.nextInWindow(&it, after: from, through: until)
            if let head { keys.append(Entry(head, index: i)) }
            heads.append(head)
            iterators.append(it)
        }
        var heap = Heap(keys, order: EarliestFirst(identifiers: identifiers))
        var out: [Delivery] = []
        while let top = heap.top, out.count < limit {
            let r = Int(top.index)
            let fire = heads[r]!
            out.append(Delivery(index: r, identifier: identifier(at: r), fire: fire))
            heads[r] = Self.nextInWindow(&iterators[r], after: fire.instant, through: until)
            if let next = heads[r] { heap.replaceTop(with: Entry(next, index: r)) } else { heap.pop() }
        }
        return out
    }

    /// The iterator's next fire if it is after `previous` and at or before `until`; a trigger
    /// that threw counts as finished.
    private static func nextInWindow(_ it: inout FireIterator, after previous: Instant, through until: Instant) -> Fire? {
        guard let fire = try? it.nextFire(), fire.instant > previous, fire.instant <= until else { return nil }
        return fire
    }
}
