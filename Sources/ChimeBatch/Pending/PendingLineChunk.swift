/// Lines of a pending file gathered to be read together (`PendingRequestTable.read(_:_:)`), so that
/// the workers share them out: their bytes back to back, each line's place and number.
package struct PendingLineChunk {
    private var bytes: [UInt8] = []
    private var lines: [(start: Int, count: Int, number: Int)] = []

    package init() {}

    package var count: Int { lines.count }
    /// Whether to read the chunk before adding more: 8,192 lines or 4 MiB (a line of the 64 MiB
    /// the wire allows is a chunk alone).
    package var isFull: Bool { lines.count >= 8_192 || bytes.count >= 4 << 20 }

    /// Adds a copy of `line` (its bytes without the terminator), the file's line `number`.
    package mutating func append(_ line: UnsafeBufferPointer<UInt8>, number: Int) {
        lines.append((bytes.count, line.count, number))
        bytes.append(contentsOf: line)
    }

    /// Empties the chunk, keeping its memory for the next.
    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
    }

    /// The file's line number of line `i`.
    func number(of i: Int) -> Int { lines[i].number }

    /// `body` with line `i`'s bytes.
    func withLine<Result>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let line = lines[i]
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[line.start..<line.start + line.count])) }
    }
}
