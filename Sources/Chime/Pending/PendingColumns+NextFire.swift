extension PendingColumns {
    /// One of the soonest requests.
    public struct Soonest: Sendable, Hashable, CustomStringConvertible {
        /// The request's position in the columns (zone-grouped order).
        public let index: Int
        /// The request's identifier as appended.
        public let identifier: String
        /// The request's next fire instant.
        public let instant: Instant

        /// The identifier and the instant in UTC, e.g. `standup 2026-03-07T14:00:00Z`.
        public var description: String { "\(identifier) \(instant)" }
    }

    /// Cores used by default: every online core.
    public static var defaultWorkers: Int { ParallelWork.processors }

    /// Below this many requests one thread does all the work (spreading costs more than it saves).
    static let parallelThreshold = 32_768

    /// Computes every request's next fire strictly after `instant` into `nextSeconds` (and
    /// `nextNanoseconds`), on `workers` threads, and returns the `k` soonest — earliest first,
    /// equal instants by identifier (shortlex: shorter first, then UTF-8 bytes; numeric
    /// identifiers in numeric order). Requests that never fire again are not among them.
    ///
    /// No full sort: each chunk of requests keeps its `k` smallest in a bounded max-heap while it
    /// computes, and the chunks' heaps are merged at the end (O(n log k)).
    ///
    /// Example: daily 08:30 and daily 07:00 in America/New_York, after 2026-03-07T14:00:00Z
    /// (09:00 EST), k = 1: the 07:00 request at 2026-03-08T11:00:00Z (07:00 EDT, the day clocks
    /// spring forward); the 08:30 one follows at 12:30:00Z.
    @discardableResult
    public mutating func computeNextFires(after instant: Instant, keepingSoonest k: Int = 0,
                                          workers: Int = PendingColumns.defaultWorkers) -> [Soonest] {
        precondition(k >= 0, "k must not be negative")
        let n = count
        if nextSeconds.count != n { nextSeconds = [Int64](repeating: 0, count: n) }
        // The nanosecond column exists only once a next fire falls off a whole second (4 bytes a
        // request saved while none does): until then the chunks list such fires (`strays`).
        if !hasSubsecondFires || nextNanoseconds.count != n { nextNanoseconds = [] }
        let chunks = chunkRanges(workers: workers)
        var heaps = [SoonestHeap?](repeating: nil, count: chunks.count)
        var strays = [[(index: Int32, nanoseconds: Int32)]](repeating: [], count: chunks.count)
        let shared = self                  // read-only view for the workers (arrays are shared, not copied)
        nextSeconds.withUnsafeMutableBufferPointer { seconds in
            nextNanoseconds.withUnsafeMutableBufferPointer { nanos in
                heaps.withUnsafeMutableBufferPointer { heaps in
                    strays.withUnsafeMutableBufferPointer { strays in
                        let out = Outputs(seconds: seconds, nanoseconds: nanos, heaps: heaps, strays: strays)
                        ParallelWork.forEach(chunks.count, workers: workers) { c in
                            var heap = SoonestHeap(capacity: k, identifiers: shared.identifiers)
                            shared.computeChunk(chunks[c], after: instant, out: out, heap: &heap, strays: &out.strays[c])
                            out.heaps[c] = heap
                        }
                    }
                }
            }
        }
        if strays.contains(where: { !$0.isEmpty }) {
            nextNanoseconds = [Int32](repeating: 0, count: n)
            for chunk in strays { for stray in chunk { nextNanoseconds[Int(stray.index)] = stray.nanoseconds } }
        }
        nextFiresAfter = instant
        return merge(heaps.compactMap { $0 }, k: k)
    }

    /// The `k` soonest requests by the next fires already in the column (`computeNextFires`),
    /// in the same order, without recomputing them.
    public func soonest(_ k: Int, workers: Int = PendingColumns.defaultWorkers) -> [Soonest] {
        precondition(nextSeconds.count == count, "compute the next fires first")
        let chunks = chunkRanges(workers: workers)
        var heaps = [SoonestHeap?](repeating: nil, count: chunks.count)
        heaps.withUnsafeMutableBufferPointer { heaps in
            let out = Outputs(seconds: .init(start: nil, count: 0), nanoseconds: .init(start: nil, count: 0), heaps: heaps, strays: .init(start: nil, count: 0))
            ParallelWork.forEach(chunks.count, workers: workers) { c in
                var heap = SoonestHeap(capacity: k, identifiers: self.identifiers)
                for i in chunks[c] { self.offer(i, to: &heap) }
                out.heaps[c] = heap
            }
        }
        return merge(heaps.compactMap { $0 }, k: k)
    }

    // MARK: Work distribution

    /// Where the workers write: each chunk owns its range of the columns, its heap slot and its
    /// list of fires off a whole second (while `nanoseconds` is empty).
    struct Outputs: @unchecked Sendable {
        let seconds: UnsafeMutableBufferPointer<Int64>
        let nanoseconds: UnsafeMutableBufferPointer<Int32>
        let heaps: UnsafeMutableBufferPointer<SoonestHeap?>
        let strays: UnsafeMutableBufferPointer<[(index: Int32, nanoseconds: Int32)]>
    }

    /// Contiguous ranges of about equal size: 8 per worker (kinds cost differently, so smaller
    /// chunks balance the load), at least 8,192 requests each; one range below `parallelThreshold`.
    func chunkRanges(workers: Int) -> [Range<Int>] {
        let n = count
        guard n > 0 else { return [] }
        let pieces = workers <= 1 || n < Self.parallelThreshold ? 1 : min(workers * 8, max(1, n / 8_192))
        return (0..<pieces).map { ParallelWork.piece($0, of: pieces, in: n) }
    }

    // MARK: The per-chunk loop

    func computeChunk(_ range: Range<Int>, after t: Instant, out: Outputs, heap: inout SoonestHeap,
                      strays: inout [(index: Int32, nanoseconds: Int32)]) {
        guard !range.isEmpty else { return }
        let withNanos = !out.nanoseconds.isEmpty
        let wantsHeap = heap.capacity > 0
        var z = zoneNumber(of: range.lowerBound)
        var i = range.lowerBound
        codes.withUnsafeBufferPointer { codes in
            while i < range.upperBound {
                let zone = zones[z]                                 // one retain per zone group
                let end = min(range.upperBound, zoneStarts[z + 1])
                var admission = heap.admissionSeconds
                while i < end {
                    let (s, ns) = nextInstant(Code(raw: codes[i]), after: t, in: zone)
                    out.seconds[i] = s
                    if withNanos { out.nanoseconds[i] = ns } else if ns != 0 { strays.append((Int32(i), ns)) }
                    if wantsHeap && s <= admission && s != Self.never && s != Self.failed {
                        heap.push(Entry(seconds: s, nanoseconds: ns, index: Int32(i)))
                        admission = heap.admissionSeconds
                    }
                    i += 1
                }
                z += 1
            }
        }
        heap.checkInvariants()
    }

    @inline(__always)
    func offer(_ i: Int, to heap: inout SoonestHeap) {
        let s = nextSeconds[i]
        guard s != Self.never, s != Self.failed, s <= heap.admissionSeconds else { return }
        heap.push(Entry(seconds: s, nanoseconds: nextNanoseconds.isEmpty ? 0 : nextNanoseconds[i], index: Int32(i)))
    }

    /// The chunks' heaps merged into the overall `k` smallest, earliest first.
    func merge(_ heaps: [SoonestHeap], k: Int) -> [Soonest] {
        guard k > 0 else { return [] }
        var all = SoonestHeap(capacity: k, identifiers: identifiers)
        for h in heaps { for e in h.entries { all.push(e) } }
        return all.sorted().map { e in
            Soonest(index: Int(e.index), identifier: identifiers.string(at: Int(e.index)),
                    instant: Instant(seconds: e.seconds, nanoseconds: e.nanoseconds))
        }
    }

    // MARK: One request

    /// The next fire of a request with `code` in `zone` strictly after `t`: (seconds, ns), or
    /// (`never`, 0) / (`failed`, 0). Exactly `Trigger.nextFire(after:in:)`'s instant.
    @inline(__always)
    func nextInstant(_ code: Code, after t: Instant, in zone: ZoneRules) -> (Int64, Int32) {
        let p = code.payload
        switch code.kind {
        case .timeOfDay:
            let weekday = Int(p >> 20 & 0x7)
            let shape = CalendarFastPath.daily(DailyFastPath(time: Code.secondOfDay(p) * 1_000_000_000,
                                                             weekday: weekday == 0 ? nil : weekday))
            return Self.seconds(shape.nextFireOrSearch(after: t, in: zone) { code.components() })
        case .dayOfMonth:
            let month = Int(p >> 25 & 0xF)
            let shape = CalendarFastPath.dayOfMonth(DayOfMonthFastPath(time: Code.secondOfDay(p) * 1_000_000_000, day: Int(p >> 20 & 0x1F),
                                                                       month: month == 0 ? nil : month))
            return Self.seconds(shape.nextFireOrSearch(after: t, in: zone) { code.components() })
        case .weekdaySet:
            return Self.weekdaySetNext(p, after: t, in: zone)
        case .interval:
            let nanos = intervalAnchorNanoseconds.isEmpty ? 0 : intervalAnchorNanoseconds[Int(p)]
            guard let s = intervals[Int(p)].nextFireSeconds(after: t, anchorNanoseconds: nanos) else { return (Self.never, 0) }
            return (s, nanos)
        case .general:
            return Self.generalNext(general[Int(p)], after: t, in: zone)
        }
    }

    /// `WeeklyTrigger.nextFire`: the earliest of its weekdays' `{weekday, hour, minute, second}` fires.
    static func weekdaySetNext(_ p: UInt32, after t: Instant, in zone: ZoneRules) -> (Int64, Int32) {
        let time = Code.secondOfDay(p) * 1_000_000_000
        var best = Self.never
        var mask = p >> 20 & 0x7F
        while mask != 0 {
            let weekday = mask.trailingZeroBitCount + 1
            mask &= mask - 1
            let shape = CalendarFastPath.daily(DailyFastPath(time: time, weekday: weekday))
            let (s, _) = seconds(shape.nextFireOrSearch(after: t, in: zone) {
                let clock = Code.Clock(bits: Code.clockBits(p))
                return CalendarComponents(hour: clock.hour, minute: clock.minute, second: clock.second, weekday: weekday)
            })
            if s < best { best = s }
        }
        return (best, 0)
    }

    /// A packed calendar kind's fire as the column stores it: whole seconds, or `never`.
    @inline(__always)
    static func seconds(_ fire: Fire?) -> (Int64, Int32) {
        guard let fire else { return (Self.never, 0) }
        assert(fire.instant.nanoseconds == 0, "a packed calendar trigger fired off a whole second")
        return (fire.instant.seconds, 0)
    }

    @inline(never)
    static func generalNext(_ trigger: Trigger, after t: Instant, in zone: ZoneRules) -> (Int64, Int32) {
        do {
            guard let fire = try trigger.nextFire(after: t, in: zone) else { return (Self.never, 0) }
            return (fire.instant.seconds, fire.instant.nanoseconds)
        } catch {
            return (Self.failed, 0)
        }
    }
}
