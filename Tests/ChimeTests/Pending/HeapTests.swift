import Testing
@testable import Chime
@testable import ChimeTestSupport

/// `Heap` against a sorted array, the oracle: the array is kept sorted in the heap's order, so its
/// first element is what `top` must be and what `pop` must return. Values are drawn from a small
/// range so ties are common (a tie is where a wrong sift shows first).
@Suite struct HeapTests {
    /// Largest first: the order the pending columns keep their soonest entries in.
    struct Descending: HeapOrder {
        func precedes(_ a: Int, _ b: Int) -> Bool { a > b }
    }

    /// The doc comment's examples, by hand: 5, 1, 4 pushed pop as 1, 4, 5; keeping at most 2 of
    /// 30, 10, 20 largest-first keeps 20 and 10 with 20 on top, and 15 then replaces 20.
    @Test func docExamples() {
        var heap = Heap(order: AscendingOrder<Int>())
        for v in [5, 1, 4] { heap.push(v) }
        #expect(heap.top == 1)
        #expect([heap.pop(), heap.pop(), heap.pop(), heap.pop()] == [1, 4, 5, nil])

        var kept = Heap(order: Descending())
        for v in [30, 10, 20] { kept.push(v, keepingAtMost: 2) }
        #expect(kept.top == 20 && kept.elements.sorted() == [10, 20])
        kept.push(15, keepingAtMost: 2)
        #expect(kept.top == 15 && kept.elements.sorted() == [10, 15])
        kept.push(40, keepingAtMost: 2)                 // not smaller than the top: dropped
        #expect(kept.elements.sorted() == [10, 15])
    }

    /// Random pushes, pops, replace-tops and peeks, each checked against the sorted array, in both
    /// orders. 200 sequences of up to 300 operations, values 0…20.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomOperationsMatchSortedArray(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<200 {
            run(order: AscendingOrder<Int>(), sortedBy: <, rng: &rng)
            run(order: Descending(), sortedBy: >, rng: &rng)
        }
    }

    private func run<O: HeapOrder>(order: O, sortedBy before: (Int, Int) -> Bool, rng: inout SplitMix64) where O.Element == Int {
        var heap = Heap(order: order)
        var oracle: [Int] = []
        for _ in 0..<rng.next(in: 0...300) {
            let value = rng.next(in: 0...20)
            switch rng.next(in: 0...3) {
            case 0, 1:
                heap.push(value)
                oracle.insert(value, at: oracle.firstIndex { before(value, $0) } ?? oracle.count)
            case 2:
                #expect(heap.pop() == (oracle.isEmpty ? nil : oracle.removeFirst()))
            default:
                guard !oracle.isEmpty else { continue }
                heap.replaceTop(with: value)
                oracle.removeFirst()
                oracle.insert(value, at: oracle.firstIndex { before(value, $0) } ?? oracle.count)
            }
            #expect(heap.top == oracle.first)
            #expect(heap.count == oracle.count)
        }
        heap.checkInvariants()
        var drained: [Int] = []
        while let v = heap.pop() { drained.append(v) }
        #expect(drained == oracle)
    }

    /// Built from an array at once (the bottom-up arrangement), popped in full: the array sorted.
    @Test func heapifiedArrayPopsSorted() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<300 {
            let values = (0..<rng.next(in: 0...100)).map { _ in rng.next(in: 0...30) }
            var heap = Heap(values, order: AscendingOrder<Int>())
            heap.checkInvariants()
            var popped: [Int] = []
            while let v = heap.pop() { popped.append(v) }
            #expect(popped == values.sorted())
        }
    }

    /// `push(_:keepingAtMost:)` with a largest-first order keeps the `capacity` smallest of all
    /// pushed so far (oracle: the pushed values sorted, its first `capacity`), top = the largest
    /// kept; capacity 0 keeps nothing.
    @Test func keepingAtMostKeepsTheSmallest() {
        var rng = SplitMix64(seed: 4)
        for _ in 0..<300 {
            let capacity = rng.next(in: 0...12)
            var heap = Heap(order: Descending())
            var pushed: [Int] = []
            for _ in 0..<rng.next(in: 0...80) {
                let value = rng.next(in: 0...40)
                heap.push(value, keepingAtMost: capacity)
                pushed.append(value)
                let expected = Array(pushed.sorted().prefix(capacity))
                #expect(heap.elements.sorted() == expected)
                #expect(heap.top == expected.last)
            }
            heap.checkInvariants()
        }
    }
}
