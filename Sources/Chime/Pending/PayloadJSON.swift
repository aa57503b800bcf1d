/// A JSON value, just enough to carry a `PendingPayload` through a generic `Encoder`/`Decoder`:
/// parsed from the payload's bytes to encode it, rebuilt from a decoder and written back as
/// compact JSON text to decode it. Numbers keep their text when parsed from bytes; from a
/// decoder they are read as `Int64`, else `Double` (shortest form), as a `Decoder` hands them out.
enum PayloadJSON: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([PayloadJSON])
    case object([(String, PayloadJSON)])

    static func == (a: PayloadJSON, b: PayloadJSON) -> Bool { a.text == b.text }
    func hash(into hasher: inout Hasher) { hasher.combine(text) }

    // MARK: Text

    /// Compact JSON text.
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let text): out += text
        case .string(let s): Self.quote(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() { if i > 0 { out += "," }; item.write(to: &out) }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                Self.quote(key, to: &out); out += ":"; value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func quote(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// Parses one JSON text (RFC 8259; nesting up to 512 deep), nil when it is not JSON.
    static func parse(_ bytes: [UInt8]) -> PayloadJSON? {
        var parser = Parser(bytes: bytes)
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.i == bytes.count ? value : nil
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        mutating func skipSpace() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }

        mutating func literal(_ word: String) -> Bool {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { return false }
            i += w.count
            return true
        }

        mutating func value(depth: Int) -> PayloadJSON? {
            guard depth < 512 else { return nil }
            skipSpace()
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "\""): return string().map(PayloadJSON.string)
            case UInt8(ascii: "["):
                i += 1
                var items: [PayloadJSON] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                while true {
                    guard let item = value(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipSpace()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                    return nil
                }
            case UInt8(ascii: "{"):
                i += 1
                var members: [(String, PayloadJSON)] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let key = string() else { return nil }
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                    i += 1
                    guard let item = value(depth: depth + 1) else { return nil }
                    members.append((key, item))
                    skipSpace()
                    guard i < bytes.count else { return nil }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                    return nil
                }
            default: return number()
            }
        }

        mutating func number() -> PayloadJSON? {
            let start = i
            func digits() -> Int { let s = i; while i < bytes.count, (48...57).contains(bytes[i]) { i += 1 }; return i - s }
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count else { return nil }
            if bytes[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { return nil }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") { i += 1; guard digits() > 0 else { return nil } }
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { return nil }
            }
            return .number(String(decoding: bytes[start..<i], as: UTF8.self))
        }

        mutating func string() -> String? {
            i += 1   // the opening quote
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw.removeAll() }
            func hex4() -> UInt32? {
                guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else { return nil }
                i += 4
                return v
            }
            while i < bytes.count {
                let b = bytes[i]
                if b == UInt8(ascii: "\"") { i += 1; flush(); return String(scalars) }
                guard b >= 0x20 else { return nil }
                if b != UInt8(ascii: "\\") { raw.append(b); i += 1; continue }
                flush()
                i += 1
                guard i < bytes.count else { return nil }
                let e = bytes[i]; i += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    guard var v = hex4() else { return nil }
                    if (0xD800...0xDBFF).contains(v), i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        guard let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
                        v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                    }
                    scalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
                default: return nil
                }
            }
            return nil
        }
    }

    // MARK: Codable

    init(from decoder: Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: DecodingPath.Key.self) {
            self = .object(try keyed.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                (key.stringValue, try keyed.decode(PayloadJSON.self, forKey: key))
            })
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var items: [PayloadJSON] = []
            while !list.isAtEnd { items.append(try list.decode(PayloadJSON.self)) }
            self = .array(items)
            return
        }
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Int64.self) { self = .number(String(n)) }
        else if let d = try? c.decode(Double.self), d.isFinite { self = .number("\(d)") }
        else { self = .string(try c.decode(String.self)) }
    }

    func encode(to encoder: Encoder) throws {
        switch self {
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        case .bool(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        case .number(let text):
            var c = encoder.singleValueContainer()
            if let n = Int64(text) { try c.encode(n) } else if let u = UInt64(text) { try c.encode(u) } else { try c.encode(Double(text) ?? 0) }
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        case .array(let items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case .object(let members):
            var c = encoder.container(keyedBy: DecodingPath.Key.self)
            for (key, value) in members { try c.encode(value, forKey: DecodingPath.Key(key)) }
        }
    }
}

/// A payload crosses a generic `Encoder` as the JSON value it holds (an object stays an object),
/// and comes back from a `Decoder` as that value's compact JSON text. Through a generic coder,
/// object keys come back sorted and numbers as `Int64` or `Double`: the same JSON value, not
/// always the same bytes (the `chime` tool slices payload bytes out of its lines untouched).
extension PendingPayload: Codable {
    /// Reads the payload as any JSON value at the decoder's position and keeps its compact JSON
    /// text.
    public init(from decoder: Decoder) throws {
        self.init(rawJSON: try PayloadJSON(from: decoder).text)
    }

    /// Writes the payload as the JSON value it holds; throws `EncodingError.invalidValue` when its
    /// bytes are not JSON text.
    public func encode(to encoder: Encoder) throws {
        guard let value = PayloadJSON.parse(bytes) else {
            throw EncodingError.invalidValue(text, .init(codingPath: encoder.codingPath, debugDescription: "the payload is not JSON text"))
        }
        try value.encode(to: encoder)
    }
}
