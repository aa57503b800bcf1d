/// How a `Heap` orders its elements: a strict weak order, `precedes(a, b)` when `a` belongs
/// nearer the top than `b`. A type rather than a closure so the heap is specialised for it and the
/// comparison inlined; an order may carry what it compares by (the pending columns' identifiers).
protocol HeapOrder {
    associatedtype Element
    func precedes(_ a: Element, _ b: Element) -> Bool
}

/// Smallest first, by `Comparable`: a min-heap.
struct AscendingOrder<Element: Comparable>: HeapOrder, Sendable {
    @inline(__always)
    func precedes(_ a: Element, _ b: Element) -> Bool { a < b }
}

/// Largest first, by `Comparable`: a max-heap (with `push(_:keepingAtMost:)`, the smallest kept).
struct DescendingOrder<Element: Comparable>: HeapOrder, Sendable {
    @inline(__always)
    func precedes(_ a: Element, _ b: Element) -> Bool { b < a }
}
