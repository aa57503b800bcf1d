/// The rows of a pending table by identifier (`OpenAddressingIndex`), the identifiers themselves
/// read from the table's column: four bytes a bucket, where a `[String: Int32]` held a second copy
/// of every identifier (~40 bytes a request at a million requests). Buckets are found by
/// `String.hashValue`, seeded per process.
struct PendingIdentifierIndex {
    private var index = OpenAddressingIndex()

    /// Room for `count` identifiers without growing.
    mutating func reserveCapacity(_ count: Int, identifiers: [String]) {
        index.reserveCapacity(count) { identifiers[Int($0)].hashValue }
    }

    /// The row of `identifier` (its last), if any.
    func row(of identifier: String, identifiers: [String]) -> Int32? {
        index.slot(for: identifier.hashValue) { identifiers[Int($0)] == identifier }.found.map { Int32($0) }
    }

    /// Makes `row` the row of `identifiers[row]`, giving back the row it had before, if any.
    mutating func update(_ row: Int32, identifiers: [String]) -> Int32? {
        index.makeRoom { identifiers[Int($0)].hashValue }
        let identifier = identifiers[Int(row)]
        let (bucket, earlier) = index.slot(for: identifier.hashValue) { identifiers[Int($0)] == identifier }
        index.store(UInt32(row), at: bucket, new: earlier == nil)
        return earlier.map { Int32($0) }
    }
}
