/// A binary min-heap in one array: the smallest element on top.
/// Used to merge many requests' fire sequences in time order (`Planner`), O(log n) a step.
struct MinHeap<Element: Comparable> {
    private(set) var elements: [Element] = []

    init(minimumCapacity: Int = 0) {
        elements.reserveCapacity(minimumCapacity)
    }

    var isEmpty: Bool { elements.isEmpty }
    var count: Int { elements.count }
    var min: Element? { elements.first }

    mutating func insert(_ element: Element) {
        elements.append(element)
        siftUp(elements.count - 1)
    }

    mutating func popMin() -> Element? {
        guard !elements.isEmpty else { return nil }
        if elements.count == 1 { return elements.removeLast() }
        let top = elements[0]
        elements[0] = elements.removeLast()
        siftDown(0)
        return top
    }

    /// Replaces the top with `element` (one sift instead of a pop and an insert).
    mutating func replaceMin(with element: Element) {
        precondition(!elements.isEmpty, "replaceMin on an empty heap")
        elements[0] = element
        siftDown(0)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { return }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let n = elements.count
        while true {
            let left = 2 * parent + 1
            guard left < n else { return }
            var smallest = elements[left] < elements[parent] ? left : parent
            let right = left + 1
            if right < n, elements[right] < elements[smallest] { smallest = right }
            guard smallest != parent else { return }
            elements.swapAt(parent, smallest)
            parent = smallest
        }
    }

    /// Debug check: every parent is not greater than its children.
    func checkInvariants() {
        #if DEBUG
        for child in elements.indices.dropFirst() {
            assert(!(elements[child] < elements[(child - 1) / 2]), "heap order broken at \(child)")
        }
        #endif
    }
}
