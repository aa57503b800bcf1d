/// A JSON value crosses any `Encoder` as itself (an object stays an object) and comes back from any
/// `Decoder` as the value found there. Through a generic coder, object keys come back sorted and
/// numbers as `Int64` or `Double`: the same JSON value, not always the same bytes. From ChimeJSON's
/// own decoder the value is the text's, exactly (member order, number spelling).
extension JSON: Codable {
    package init(from decoder: Decoder) throws {
        if let own = decoder as? JSONTreeDecoder {
            self = own.tree.value(at: own.node)
            return
        }
        if let keyed = try? decoder.container(keyedBy: JSONCodingKey.self) {
            self = .object(try keyed.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                (key.stringValue, try keyed.decode(JSON.self, forKey: key))
            })
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var items: [JSON] = []
            while !list.isAtEnd { items.append(try list.decode(JSON.self)) }
            self = .array(items)
            return
        }
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Int64.self) { self = .int(n) }
        else if let d = try? c.decode(Double.self), d.isFinite { self = .number("\(d)") }
        else { self = .string(try c.decode(String.self)) }
    }

    /// Writes the value; a number's text as `Int64`, `UInt64` or else `Double`, the nearest a
    /// generic encoder takes; `raw` text as the value it spells (an `EncodingError` if it is not JSON).
    package func encode(to encoder: Encoder) throws {
        switch self {
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        case .bool(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        case .int(let n): var c = encoder.singleValueContainer(); try c.encode(n)
        case .number(let text):
            var c = encoder.singleValueContainer()
            if let n = Int64(text) { try c.encode(n) } else if let u = UInt64(text) { try c.encode(u) } else { try c.encode(Double(text) ?? 0) }
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        case .raw(let text):
            let value: JSON
            do { value = try JSON(parsing: Array(text.utf8)) } catch {
                throw EncodingError.invalidValue(text, .init(codingPath: encoder.codingPath, debugDescription: "not JSON text: \(error)"))
            }
            try value.encode(to: encoder)
        case .array(let items):
            var c = encoder.unkeyedContainer()
            for item in items { try c.encode(item) }
        case .object(let members):
            var c = encoder.container(keyedBy: JSONCodingKey.self)
            for (key, value) in members { try c.encode(value, forKey: JSONCodingKey(stringValue: key)) }
        }
    }
}
