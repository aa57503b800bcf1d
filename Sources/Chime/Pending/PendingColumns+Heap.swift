extension PendingColumns {
    /// A request's next fire as a sort key: earlier instant first, then identifier (shortlex, see
    /// `Identifiers`), so equal instants still have one deterministic order.
    struct Entry: Sendable {
        var seconds: Int64
        var nanoseconds: Int32
        var index: Int32
    }

    /// Entries by the sort key: a `Heap` in this order has the soonest on top (the timeline's
    /// merge, `deliveries`).
    struct EarliestFirst: HeapOrder {
        let identifiers: Identifiers

        @inline(__always)
        func precedes(_ a: Entry, _ b: Entry) -> Bool {
            if a.seconds != b.seconds { return a.seconds < b.seconds }
            if a.nanoseconds != b.nanoseconds { return a.nanoseconds < b.nanoseconds }
            return identifiers.precedes(Int(a.index), Int(b.index))
        }
    }

    /// The reverse: a `Heap` in this order has the latest kept entry on top (`SoonestHeap`).
    struct LatestFirst: HeapOrder {
        let earliest: EarliestFirst

        @inline(__always)
        func precedes(_ a: Entry, _ b: Entry) -> Bool { earliest.precedes(b, a) }
    }

    /// The `k` smallest entries seen so far: a `Heap` with the largest kept entry on top
    /// (`push(_:keepingAtMost:)`), so a new entry is compared with the top once and dropped when
    /// not smaller — the common case once the heap is full. O(n log k) for n entries, no sort of
    /// the n. This wrapper adds only the capacity and the cheap seconds-only admission test the
    /// per-chunk loop checks before building an entry.
    ///
    /// Example, k = 2: pushing 30, 10, 20 keeps [20, 10] (top 20); pushing 15 replaces 20 → [15, 10].
    struct SoonestHeap {
        let capacity: Int
        private(set) var heap: Heap<LatestFirst>

        init(capacity: Int, identifiers: Identifiers) {
            self.capacity = capacity
            heap = Heap(order: LatestFirst(earliest: EarliestFirst(identifiers: identifiers)), minimumCapacity: capacity)
        }

        /// The kept entries, in heap order.
        var entries: [Entry] { heap.elements }

        /// The seconds of the largest kept entry once full (an entry with more seconds cannot
        /// enter), `Int64.max` while not full, `Int64.min` when nothing is kept (k = 0).
        @inline(__always)
        var admissionSeconds: Int64 {
            heap.count < capacity ? Int64.max : capacity == 0 ? Int64.min : heap.elements[0].seconds
        }

        @inline(__always)
        mutating func push(_ e: Entry) { heap.push(e, keepingAtMost: capacity) }

        /// The kept entries, smallest first.
        func sorted() -> [Entry] { heap.elements.sorted(by: heap.order.earliest.precedes) }

        /// Debug check: heap order, and no more than `capacity` entries.
        func checkInvariants() {
            heap.checkInvariants()
            #if DEBUG
            precondition(heap.count <= capacity, "heap over capacity")
            #endif
        }
    }
}

extension PendingColumns.Entry {
    /// Request `index`'s key for `fire`.
    init(_ fire: Fire, index: Int) {
        self.init(seconds: fire.instant.seconds, nanoseconds: fire.instant.nanoseconds, index: Int32(index))
    }
}
