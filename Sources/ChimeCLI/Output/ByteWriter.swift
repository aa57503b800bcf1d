#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime

/// Writes JSON text into space reserved on the stack, then appends it to the output in one go:
/// a record of many small fields (a fire, a response header) costs one `Array.append` instead of
/// one per field.
///
/// ```swift
/// ByteWriter.append(to: &out, maximum: 20 + ByteWriter.maximumLength(of: name)) { w in
///     w.literal(#"{"name":"#); w.string(name); w.byte(UInt8(ascii: "}"))
/// }
/// ```
struct ByteWriter {
    private let start: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    /// Lets `body` write at most `maximum` bytes, then appends them to `out`.
    static func append(to out: inout [UInt8], maximum: Int, _ body: (inout ByteWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximum) { buffer in
            var writer = ByteWriter(start: buffer.baseAddress!)
            body(&writer)
            out.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress!, count: writer.count))
        }
    }

    /// The most bytes `string(_:)` writes for `text`: quotes, and every byte escaped as `\u00XX`.
    static func maximumLength(of text: String) -> Int { 2 + 6 * text.utf8.count }

    /// The most bytes `integer(_:)` writes.
    static let maximumIntegerLength = 20

    mutating func byte(_ byte: UInt8) {
        start[count] = byte
        count += 1
    }

    mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        (start + count).update(from: bytes.baseAddress!, count: bytes.count)
        count += bytes.count
    }

    /// Punctuation and member names, copied as they are.
    mutating func literal(_ text: StaticString) {
        bytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Decimal digits, `-` first when negative.
    mutating func integer(_ value: Int64) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude, digits = 1
        while magnitude >= 10, digits < 20 {
            digits += 1
            magnitude /= 10
        }
        magnitude = value.magnitude
        for i in stride(from: digits - 1, through: 0, by: -1) {
            start[count + i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        }
        count += digits
    }

    /// A JSON string: `"`, `\` and control characters escaped; everything else copied as UTF-8.
    mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string(utf8: $0) }
    }

    mutating func string(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        byte(UInt8(ascii: "\""))
        for b in bytes {
            if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") {   // the usual byte
                start[count] = b
                count += 1
                continue
            }
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte(UInt8(ascii: "\\")); byte(b)
            case 0x0A: byte(UInt8(ascii: "\\")); byte(UInt8(ascii: "n"))
            case 0x0D: byte(UInt8(ascii: "\\")); byte(UInt8(ascii: "r"))
            case 0x09: byte(UInt8(ascii: "\\")); byte(UInt8(ascii: "t"))
            case 0..<0x20:
                literal("\\u00")
                byte(Self.hexDigits[Int(b >> 4)])
                byte(Self.hexDigits[Int(b & 15)])
            default: byte(b)
            }
        }
        byte(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// At most `ISO8601Format.maximumInstantLength` bytes: `2026-03-08T03:00:00-04:00`, or UTC with `Z` without an offset.
    mutating func instant(_ instant: Instant, offsetSeconds: Int?) {
        count += ISO8601Format.write(instant, offsetSeconds: offsetSeconds, to: start + count)
    }
}
