/// Writes JSON text into space reserved on the stack, then appends it to the output in one go:
/// a record of many small fields (a fire, a response header) costs one `Array.append` instead of
/// one per field.
///
/// ```swift
/// ByteWriter.append(to: &out, maximum: 20 + ByteWriter.maximumLength(of: name)) { w in
///     w.literal(#"{"name":"#); w.string(name); w.byte(UInt8(ascii: "}"))
/// }
/// ```
///
/// Inlinable: `chime batch` writes every response through it from another module (ChimeBatch), and
/// a call per byte would cost more than the byte. The type itself must be `@usableFromInline`:
/// Swift inlines no member of a plain `package` type into another module (scripts/check-layers).
@usableFromInline package struct ByteWriter {
    /// Where the bytes go, and how many are written so far.
    @usableFromInline package let start: UnsafeMutablePointer<UInt8>
    @usableFromInline package var count = 0

    @inlinable
    package init(start: UnsafeMutablePointer<UInt8>) { self.start = start }

    /// Lets `body` write at most `maximum` bytes, then appends them to `out`.
    @inlinable
    package static func append(to out: inout [UInt8], maximum: Int, _ body: (inout ByteWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximum) { buffer in
            var writer = ByteWriter(start: buffer.baseAddress!)
            body(&writer)
            out.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: writer.count))
        }
    }

    /// Lets `body` write at `start`, which has room for all it writes, and returns the count.
    @inlinable
    package static func write(at start: UnsafeMutablePointer<UInt8>, _ body: (inout ByteWriter) -> Void) -> Int {
        var writer = ByteWriter(start: start)
        body(&writer)
        return writer.count
    }

    /// The most bytes `string(_:)` writes for `text`: quotes, and every byte escaped as `\u00XX`.
    @inlinable
    package static func maximumLength(of text: String) -> Int { 2 + 6 * text.utf8.count }

    /// The most bytes `integer(_:)` writes.
    package static let maximumIntegerLength = 20

    @inlinable @inline(__always)
    package mutating func byte(_ byte: UInt8) {
        start[count] = byte
        count += 1
    }

    @inlinable @inline(__always)
    package mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let n = bytes.count, target = UnsafeMutableRawPointer(start + count)
        if n >= 8 && n <= 16 {
            // Two overlapping words: names and punctuation are this long, and a memcpy call costs more.
            let raw = UnsafeRawPointer(source)
            target.storeBytes(of: raw.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8, as: UInt64.self)
        } else {
            (start + count).update(from: source, count: n)
        }
        count += n
    }

    /// Punctuation and member names, copied as they are.
    @inlinable @inline(__always)
    package mutating func literal(_ text: StaticString) {
        bytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Decimal digits, `-` first when negative.
    @inlinable @inline(__always)
    package mutating func integer(_ value: Int64) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude, digits = 1
        while magnitude >= 10, digits < 20 {
            digits += 1
            magnitude /= 10
        }
        magnitude = value.magnitude
        for i in stride(from: digits - 1, through: 0, by: -1) {
            start[count + i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        }
        count += digits
    }

    /// A JSON string: `"`, `\` and control characters escaped; everything else copied as UTF-8.
    @inlinable @inline(__always)
    package mutating func string(_ text: String) {
        if let done: Void = text.utf8.withContiguousStorageIfAvailable({ string(utf8: $0) }) { return done }
        var text = text   // not contiguous UTF-8 (bridged): make it so
        text.withUTF8 { string(utf8: $0) }
    }

    @inlinable @inline(__always)
    package mutating func string(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var p = start + count   // a local cursor: the loop stays in registers
        p.pointee = UInt8(ascii: "\""); p += 1
        for b in bytes {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): p[0] = UInt8(ascii: "\\"); p[1] = b; p += 2
            case 0x0A: p[0] = UInt8(ascii: "\\"); p[1] = UInt8(ascii: "n"); p += 2
            case 0x0D: p[0] = UInt8(ascii: "\\"); p[1] = UInt8(ascii: "r"); p += 2
            case 0x09: p[0] = UInt8(ascii: "\\"); p[1] = UInt8(ascii: "t"); p += 2
            case 0..<0x20:
                p[0] = UInt8(ascii: "\\"); p[1] = UInt8(ascii: "u"); p[2] = UInt8(ascii: "0"); p[3] = UInt8(ascii: "0")
                p[4] = ByteWriter.hexDigits[Int(b >> 4)]; p[5] = ByteWriter.hexDigits[Int(b & 15)]
                p += 6
            default: p.pointee = b; p += 1
            }
        }
        p.pointee = UInt8(ascii: "\""); p += 1
        count = p - start
    }

    @usableFromInline static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
