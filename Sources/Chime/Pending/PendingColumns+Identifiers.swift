extension PendingColumns {
    /// Request identifiers without a `String` per request: while every identifier is a canonical
    /// decimal number ("0", or 1–19 digits without a leading zero) they are kept as `UInt64`
    /// (8 bytes each); otherwise as one contiguous UTF-8 buffer plus a 32-bit end offset per
    /// identifier (4 bytes + the text).
    ///
    /// Order (`precedes`): **shortlex** — a shorter identifier first, equal lengths byte by byte in
    /// UTF-8. For canonical numbers that is numeric order, so both layouts agree: "9" < "10" <
    /// "11" < "a1" < "user-7". This is the documented tie-break of `PendingColumns.soonest`.
    struct Identifiers: Sendable {
        /// Numeric layout; empty in the text layout.
        private(set) var numbers: [UInt64] = []
        /// Text layout: the bytes of every identifier, one after another.
        private(set) var bytes: [UInt8] = []
        /// Text layout: the end of identifier i in `bytes` (it starts at the end of i - 1, or 0).
        private(set) var ends: [UInt32] = []
        private(set) var isNumeric = true

        var count: Int { isNumeric ? numbers.count : ends.count }

        /// The number a canonical decimal identifier stands for, else `nil`.
        static func number(_ text: String) -> UInt64? {
            let utf8 = text.utf8
            return utf8.withContiguousStorageIfAvailable(number) ?? number(Array(text.utf8).withUnsafeBufferPointer { $0 })
        }

        static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
            guard !bytes.isEmpty, bytes.count <= 19, bytes.count == 1 || bytes[0] != UInt8(ascii: "0") else { return nil }
            var value: UInt64 = 0
            for b in bytes {
                guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + UInt64(b - UInt8(ascii: "0"))
            }
            return value
        }

        mutating func reserveCapacity(_ n: Int) {
            if isNumeric { numbers.reserveCapacity(n) } else { ends.reserveCapacity(n) }
        }

        mutating func append(_ number: UInt64) {
            if isNumeric { numbers.append(number) } else { appendText(String(number).utf8) }
        }

        mutating func append(_ text: String) {
            if isNumeric, let n = Self.number(text) { numbers.append(n); return }
            if isNumeric { switchToText() }
            appendText(text.utf8)
        }

        private mutating func appendText<Bytes: Collection<UInt8>>(_ text: Bytes) {
            bytes.append(contentsOf: text)
            precondition(bytes.count <= Int(UInt32.max), "identifiers exceed 4 GiB of text")
            ends.append(UInt32(bytes.count))
        }

        private mutating func switchToText() {
            isNumeric = false
            let old = numbers
            numbers = []
            ends.reserveCapacity(old.count)
            for n in old { appendText(String(n).utf8) }
        }

        /// Identifier `i` as a `String`.
        func string(at i: Int) -> String {
            if isNumeric { return String(numbers[i]) }
            let start = i == 0 ? 0 : Int(ends[i - 1]), end = Int(ends[i])
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        /// Whether identifier `i` comes before identifier `j` in shortlex order.
        @inline(__always)
        func precedes(_ i: Int, _ j: Int) -> Bool {
            if isNumeric { return numbers[i] < numbers[j] }
            return textPrecedes(i, j)
        }

        @inline(never)
        private func textPrecedes(_ i: Int, _ j: Int) -> Bool {
            let si = i == 0 ? 0 : Int(ends[i - 1]), ei = Int(ends[i])
            let sj = j == 0 ? 0 : Int(ends[j - 1]), ej = Int(ends[j])
            if ei - si != ej - sj { return ei - si < ej - sj }
            return bytes.withUnsafeBufferPointer { b in
                for k in 0..<(ei - si) where b[si + k] != b[sj + k] { return b[si + k] < b[sj + k] }
                return false
            }
        }

        /// The identifiers in the order `indices` gives (used once, when the builder reorders).
        func permuted(_ indices: [Int32]) -> Identifiers {
            var out = Identifiers()
            out.isNumeric = isNumeric
            if isNumeric {
                out.numbers = numbers.withUnsafeBufferPointer { n in indices.map { n[Int($0)] } }
            } else {
                out.bytes.reserveCapacity(bytes.count)
                out.ends.reserveCapacity(indices.count)
                bytes.withUnsafeBufferPointer { b in
                    for i in indices {
                        let i = Int(i), start = i == 0 ? 0 : Int(ends[i - 1]), end = Int(ends[i])
                        out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<end]))
                        out.ends.append(UInt32(out.bytes.count))
                    }
                }
            }
            return out
        }

        /// Bytes the storage holds (allocated capacity).
        var allocatedBytes: Int {
            numbers.capacity * 8 + bytes.capacity + ends.capacity * 4
        }
    }
}
