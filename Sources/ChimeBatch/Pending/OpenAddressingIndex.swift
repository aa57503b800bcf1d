/// Numbers (a table's rows, its texts) found by the hash of what they stand for, which is stored
/// elsewhere: four bytes a bucket, linear probing, at most half full. The caller gives the hash —
/// seeded, so that a file cannot choose colliding keys — and says whether a number stands for the
/// key looked up; growing asks it for a stored number's hash again.
///
/// ```swift
/// var index = OpenAddressingIndex()
/// index.makeRoom { identifiers[Int($0)].hashValue }
/// let (bucket, earlier) = index.slot(for: id.hashValue) { identifiers[Int($0)] == id }
/// index.store(row, at: bucket, new: earlier == nil)
/// ```
struct OpenAddressingIndex {
    private var buckets: [UInt32] = Array(repeating: Self.empty, count: 16)
    private var count = 0
    private static let empty = UInt32.max

    /// Room for `count` numbers in all (and one more) without growing.
    mutating func reserveCapacity(_ count: Int, hashOf: (UInt32) -> Int) {
        var size = buckets.count
        while size < 2 * (count + 1) { size <<= 1 }
        if size > buckets.count { rebuild(size, hashOf: hashOf) }
    }

    /// Room for one more number; call before `slot(for:_:)` when a new one may be stored.
    mutating func makeRoom(hashOf: (UInt32) -> Int) {
        if 2 * (count + 1) > buckets.count { rebuild(2 * buckets.count, hashOf: hashOf) }
    }

    /// The bucket of the number `matches` accepts among those stored under `hash`, and that
    /// number; else the empty bucket where it would go, and nil.
    func slot(for hash: Int, _ matches: (UInt32) -> Bool) -> (bucket: Int, found: UInt32?) {
        let mask = buckets.count - 1
        var bucket = hash & mask
        while true {
            let number = buckets[bucket]
            if number == Self.empty { return (bucket, nil) }
            if matches(number) { return (bucket, number) }
            bucket = (bucket + 1) & mask
        }
    }

    /// Puts `number` in `bucket` (from `slot(for:_:)`): a new entry, or in place of the one found.
    mutating func store(_ number: UInt32, at bucket: Int, new: Bool) {
        precondition(number != Self.empty, "a number the index cannot hold")
        buckets[bucket] = number
        if new { count += 1 }
    }

    private mutating func rebuild(_ size: Int, hashOf: (UInt32) -> Int) {
        let numbers = buckets.filter { $0 != Self.empty }
        buckets = Array(repeating: Self.empty, count: size)
        let mask = size - 1
        for number in numbers {
            var bucket = hashOf(number) & mask
            while buckets[bucket] != Self.empty { bucket = (bucket + 1) & mask }
            buckets[bucket] = number
        }
    }
}
