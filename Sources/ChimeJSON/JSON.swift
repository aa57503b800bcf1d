/// A JSON value with ordered object keys, and a compact serializer that writes UTF-8 bytes: what
/// every Chime interface writes, and what a pending request's opaque payload crosses a generic
/// `Encoder`/`Decoder` as (`Codable`).
///
/// ```swift
/// JSON.object([("id", .string("r1")), ("count", .int(2)), ("ratio", .number("0.5"))]).serialized
/// // {"id":"r1","count":2,"ratio":0.5}
/// try JSON(parsing: Array(#"{"a": [1, 2.50]}"#.utf8)).serialized   // {"a":[1,2.50]}
/// ```
package enum JSON: Sendable {
    case string(String)
    case int(Int64)
    /// A number's JSON text, written as is (a fraction, an exponent, an integer beyond `Int64`, or a
    /// number read from a text, which keeps its spelling).
    case number(String)
    case bool(Bool)
    case null
    case array([JSON])
    case object([(String, JSON)])
    /// JSON text written as is (already valid compact JSON: a fire, a payload).
    case raw(String)

    package static func int(_ value: Int) -> JSON { .int(Int64(value)) }
    package static func int(_ value: Int32) -> JSON { .int(Int64(value)) }
    package static func optional(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }

    /// The value of one JSON text (RFC 8259, `JSONParser`'s limits): numbers keep their spelling,
    /// objects their member order.
    package init(parsing bytes: [UInt8]) throws(JSONSyntaxError) {
        let tree = try JSONParser.parse(bytes)
        self = tree.value(at: tree.root)
    }

    package var serialized: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    package func write(to out: inout [UInt8]) {
        switch self {
        case .string(let s): JSON.writeString(s, to: &out)
        case .int(let v): JSON.writeInteger(v, to: &out)
        case .bool(let b): JSON.writeLiteral(b ? "true" : "false", to: &out)
        case .null: JSON.writeLiteral("null", to: &out)
        case .number(let text), .raw(let text): out += Array(text.utf8)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let fields):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in fields.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSON.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Escapes `"`, `\` and control characters; everything else is copied as UTF-8.
    package static func writeString(_ s: String, to out: inout [UInt8]) {
        ByteWriter.append(to: &out, maximum: ByteWriter.maximumLength(of: s)) { $0.string(s) }
    }

    /// Decimal digits, `-` first when negative.
    package static func writeInteger(_ value: Int64, to out: inout [UInt8]) {
        ByteWriter.append(to: &out, maximum: ByteWriter.maximumIntegerLength) { $0.integer(value) }
    }

    /// Literal punctuation and names, copied as they are.
    package static func writeLiteral(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
