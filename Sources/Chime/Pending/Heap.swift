/// A binary heap in one array, ordered by a caller-given `HeapOrder`: the element the order puts
/// first is on top. The pending code's three heaps are this one type — the planner's merge of fire
/// chains (`Planner`), the simulated timeline's merge (`PendingColumns.deliveries`) and the `k`
/// soonest requests (`PendingColumns.SoonestHeap`, a use of `push(_:keepingAtMost:)`) — so the
/// sift logic that decides which of two tied elements comes out first exists once.
///
/// The order is a generic parameter, not a stored closure: in the module's optimised build every
/// use is specialised and the comparison inlined (the soonest-requests heap sits in the loop over
/// millions of requests).
///
/// Example, ascending `Int`s: pushing 5, 1, 4 leaves `top == 1`; `pop()` gives 1, then 4, then 5.
/// With a descending order and `push(_:keepingAtMost: 2)`, pushing 30, 10, 20 keeps 20 and 10
/// (top 20, the largest kept); pushing 15 replaces 20.
struct Heap<Order: HeapOrder> {
    typealias Element = Order.Element

    /// The heap in level order: `elements[0]` is the top, the children of `i` are `2i + 1` and `2i + 2`.
    private(set) var elements: [Element] = []
    let order: Order

    init(order: Order, minimumCapacity: Int = 0) {
        self.order = order
        elements.reserveCapacity(minimumCapacity)
    }

    /// A heap of `elements`, arranged bottom-up (O(n), Floyd's method) instead of n pushes.
    init(_ elements: [Element], order: Order) {
        self.order = order
        self.elements = elements
        for i in stride(from: elements.count / 2 - 1, through: 0, by: -1) { siftDown(i) }
    }

    var count: Int { elements.count }
    /// The element the order puts first (peek), or `nil` when empty.
    var top: Element? { elements.first }

    @inline(__always)
    mutating func push(_ element: Element) {
        elements.append(element)
        siftUp(elements.count - 1)
    }

    /// Removes and returns the top.
    @discardableResult
    mutating func pop() -> Element? {
        guard !elements.isEmpty else { return nil }
        if elements.count == 1 { return elements.removeLast() }
        let top = elements[0]
        elements[0] = elements.removeLast()
        siftDown(0)
        return top
    }

    /// Replaces the top with `element`: one sift instead of a pop and a push (a merge's step: the
    /// source just taken moves on to its next element).
    @inline(__always)
    mutating func replaceTop(with element: Element) {
        precondition(!elements.isEmpty, "replaceTop on an empty heap")
        elements[0] = element
        siftDown(0)
    }

    /// Keeps at most `capacity` elements, those the order puts *last*: below capacity `element` is
    /// pushed; at capacity it replaces the top if the order puts the top before it, else it is
    /// dropped. With a largest-first order that keeps the `capacity` smallest, and the top is the
    /// largest of them — the one a newcomer must beat, compared once (the common case once full).
    @inline(__always)
    mutating func push(_ element: Element, keepingAtMost capacity: Int) {
        if elements.count < capacity {
            push(element)
        } else if capacity > 0, order.precedes(elements[0], element) {
            replaceTop(with: element)
        }
    }

    @inline(__always)
    private mutating func siftUp(_ start: Int) { Self.siftUp(&elements, from: start, by: order) }

    private mutating func siftDown(_ start: Int) { Self.siftDown(&elements, from: start, by: order) }

    // The sifts work through a buffer pointer, whose subscript lends an element to `precedes`
    // where `Array`'s copies it: a retain and a release per comparison for an element holding a
    // `String` (the planner's cursors). With `Array`'s subscript a plan took 9% more instructions
    // than with the planner's own heap before; this way 36% fewer (callgrind, 5,000 daily
    // requests, limit 50,000). They are static, the order an argument, so a mutating method does
    // not copy an order holding arrays (the pending identifiers) into the closure: six reference
    // count operations a sift.

    @inline(__always)
    private static func siftUp(_ elements: inout [Element], from start: Int, by order: Order) {
        elements.withUnsafeMutableBufferPointer { elements in
            var child = start
            while child > 0 {
                let parent = (child - 1) / 2
                guard order.precedes(elements[child], elements[parent]) else { return }
                elements.swapAt(child, parent)
                child = parent
            }
        }
    }

    private static func siftDown(_ elements: inout [Element], from start: Int, by order: Order) {
        elements.withUnsafeMutableBufferPointer { elements in
            var parent = start
            let n = elements.count
            while true {
                let left = 2 * parent + 1
                guard left < n else { return }
                var first = order.precedes(elements[left], elements[parent]) ? left : parent
                let right = left + 1
                if right < n, order.precedes(elements[right], elements[first]) { first = right }
                guard first != parent else { return }
                elements.swapAt(parent, first)
                parent = first
            }
        }
    }

    /// Debug check: no element is ordered before its parent.
    func checkInvariants() {
        #if DEBUG
        for child in elements.indices.dropFirst() {
            precondition(!order.precedes(elements[child], elements[(child - 1) / 2]), "heap order broken at \(child)")
        }
        #endif
    }
}

/// A heap in a `Sendable` value (`PendingStore`'s delivery order) is sendable with its elements.
extension Heap: Sendable where Order: Sendable, Order.Element: Sendable {}
