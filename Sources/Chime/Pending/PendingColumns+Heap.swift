extension PendingColumns {
    /// A request's next fire as a sort key: earlier instant first, then identifier (shortlex, see
    /// `Identifiers`), so equal instants still have one deterministic order.
    struct Entry: Sendable {
        var seconds: Int64
        var nanoseconds: Int32
        var index: Int32
    }

    /// The `k` smallest entries seen so far, as a max-heap (the largest kept entry on top, so a
    /// new entry is compared with the top once and dropped when not smaller — the common case
    /// once the heap is full). O(n log k) for n entries, no sort of the n.
    ///
    /// Example, k = 2: pushing 30, 10, 20 keeps [20, 10] (top 20); pushing 15 replaces 20 → [15, 10].
    struct BoundedMaxHeap {
        let capacity: Int
        private(set) var entries: [Entry] = []
        let identifiers: Identifiers

        init(capacity: Int, identifiers: Identifiers) {
            self.capacity = capacity
            self.identifiers = identifiers
            entries.reserveCapacity(capacity)
        }

        /// `a` sorts before `b`.
        @inline(__always)
        func less(_ a: Entry, _ b: Entry) -> Bool {
            if a.seconds != b.seconds { return a.seconds < b.seconds }
            if a.nanoseconds != b.nanoseconds { return a.nanoseconds < b.nanoseconds }
            return identifiers.precedes(Int(a.index), Int(b.index))
        }

        /// The seconds of the largest kept entry once full (an entry with more seconds cannot
        /// enter), `Int64.max` while not full, `Int64.min` when nothing is kept (k = 0).
        @inline(__always)
        var admissionSeconds: Int64 {
            entries.count < capacity ? Int64.max : capacity == 0 ? Int64.min : entries[0].seconds
        }

        @inline(__always)
        mutating func push(_ e: Entry) {
            guard capacity > 0 else { return }
            if entries.count < capacity {
                entries.append(e)
                siftUp(entries.count - 1)
            } else if less(e, entries[0]) {
                entries[0] = e
                siftDown(0)
            }
        }

        private mutating func siftUp(_ start: Int) {
            var i = start
            while i > 0 {
                let parent = (i - 1) / 2
                guard less(entries[parent], entries[i]) else { break }
                entries.swapAt(parent, i)
                i = parent
            }
        }

        private mutating func siftDown(_ start: Int) {
            var i = start
            let n = entries.count
            while true {
                let l = 2 * i + 1, r = l + 1
                var largest = i
                if l < n && less(entries[largest], entries[l]) { largest = l }
                if r < n && less(entries[largest], entries[r]) { largest = r }
                if largest == i { return }
                entries.swapAt(i, largest)
                i = largest
            }
        }

        /// The kept entries, smallest first.
        func sorted() -> [Entry] { entries.sorted(by: less) }

        /// Debug check: every parent is not smaller than its children.
        func checkInvariants() {
            #if DEBUG
            for i in 1..<max(1, entries.count) {
                precondition(!less(entries[(i - 1) / 2], entries[i]), "heap order broken at \(i)")
            }
            precondition(entries.count <= capacity, "heap over capacity")
            #endif
        }
    }
}
