/// The rows of a pending table by identifier: open addressing over row numbers, the identifiers
/// themselves read from the table's column. Four bytes a bucket, where a `[String: Int32]` held
/// a second copy of every identifier (~40 bytes a request at a million requests).
///
/// Buckets are found by `String.hashValue` (seeded per process, so a file cannot choose colliding
/// identifiers), probed linearly, and kept at most half full.
struct PendingIdentifierIndex {
    private var buckets: [Int32] = Array(repeating: Self.empty, count: 16)
    private var count = 0
    private static let empty: Int32 = -1

    /// Room for `count` identifiers without growing.
    mutating func reserveCapacity(_ count: Int, identifiers: [String]) {
        var size = buckets.count
        while size < 2 * count { size <<= 1 }
        if size > buckets.count { rebuild(size, identifiers: identifiers) }
    }

    /// The row of `identifier` (its last), if any.
    func row(of identifier: String, identifiers: [String]) -> Int32? {
        let mask = buckets.count - 1
        var bucket = identifier.hashValue & mask
        while true {
            let row = buckets[bucket]
            if row == Self.empty { return nil }
            if identifiers[Int(row)] == identifier { return row }
            bucket = (bucket + 1) & mask
        }
    }

    /// Makes `row` the row of `identifiers[row]`, giving back the row it had before, if any.
    mutating func update(_ row: Int32, identifiers: [String]) -> Int32? {
        if 2 * (count + 1) > buckets.count { rebuild(2 * buckets.count, identifiers: identifiers) }
        let identifier = identifiers[Int(row)]
        let mask = buckets.count - 1
        var bucket = identifier.hashValue & mask
        while true {
            let earlier = buckets[bucket]
            if earlier == Self.empty {
                buckets[bucket] = row
                count += 1
                return nil
            }
            if identifiers[Int(earlier)] == identifier {
                buckets[bucket] = row
                return earlier
            }
            bucket = (bucket + 1) & mask
        }
    }

    private mutating func rebuild(_ size: Int, identifiers: [String]) {
        let rows = buckets.filter { $0 != Self.empty }
        buckets = Array(repeating: Self.empty, count: size)
        let mask = size - 1
        for row in rows {
            var bucket = identifiers[Int(row)].hashValue & mask
            while buckets[bucket] != Self.empty { bucket = (bucket + 1) & mask }
            buckets[bucket] = row
        }
    }
}
