/// A `Decoder` over one node of a `JSONTree`, so that existing `Decodable` conformances read
/// JSON without Foundation. It is two words (the tree and a node index): nested values get a
/// new decoder for free, and the coding path is rebuilt from the tree only when an error needs it.
///
/// Compatible with Foundation's `JSONDecoder` where callers can tell: the same `DecodingError`
/// cases (`keyNotFound`, `typeMismatch`, `valueNotFound`, `dataCorrupted`) with the same coding
/// paths (array positions are `Index N`), the first of duplicate keys wins, and errors thrown by
/// `init(from:)` itself pass through untouched. Numbers are stricter and exact: an integer type
/// only accepts a number whose decimal value is an integer in its range (`2.0` and `1e2` are
/// fine, `1.5` and `1e19` for `Int` are `dataCorrupted`); `Double` accepts any number; a `String`
/// never accepts a number.
///
/// ```swift
/// let tree = try JSONParser.parse(Array(#"{"trigger": {"weekly": {"weekdays": [2, 4], "time": "09:00"}}}"#.utf8))
/// let decoder = JSONTreeDecoder(tree: tree, node: tree.member("trigger", of: tree.root)!)
/// let trigger = try Trigger(from: decoder)
/// ```
package struct JSONTreeDecoder: Decoder {
    package let tree: JSONTree
    package let node: Int

    package init(tree: JSONTree, node: Int) {
        self.tree = tree
        self.node = node
    }

    /// A decoder of the whole tree.
    package static func root(of tree: JSONTree) -> JSONTreeDecoder { JSONTreeDecoder(tree: tree, node: tree.root) }

    /// Decodes the whole tree as `type`.
    package static func decode<T: Decodable>(_ type: T.Type, from tree: JSONTree) throws -> T {
        try T(from: JSONTreeDecoder(tree: tree, node: tree.root))
    }

    package var codingPath: [any CodingKey] { tree.codingPath(to: node) }

    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tree.kind(at: node) == .object else { throw tree.mismatch([String: Any].self, at: node) }
        return KeyedDecodingContainer(JSONTreeKeyedContainer<Key>(tree: tree, object: node))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tree.kind(at: node) == .array else { throw tree.mismatch([Any].self, at: node) }
        return JSONTreeUnkeyedContainer(tree: tree, array: node)
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

extension JSONTreeDecoder: SingleValueDecodingContainer {
    package func decodeNil() -> Bool { tree.kind(at: node) == .null }
    package func decode(_ type: Bool.Type) throws -> Bool { try tree.decodeBool(at: node) }
    package func decode(_ type: String.Type) throws -> String { try tree.decodeString(at: node) }
    package func decode(_ type: Double.Type) throws -> Double { try tree.decodeDouble(at: node) }
    package func decode(_ type: Float.Type) throws -> Float { try tree.decodeFloat(at: node) }
    package func decode(_ type: Int.Type) throws -> Int { try tree.decodeInteger(type, at: node) }
    package func decode(_ type: Int8.Type) throws -> Int8 { try tree.decodeInteger(type, at: node) }
    package func decode(_ type: Int16.Type) throws -> Int16 { try tree.decodeInteger(type, at: node) }
    package func decode(_ type: Int32.Type) throws -> Int32 { try tree.decodeInteger(type, at: node) }
    package func decode(_ type: Int64.Type) throws -> Int64 { try tree.decodeInteger(type, at: node) }
    package func decode(_ type: UInt.Type) throws -> UInt { try tree.decodeInteger(type, at: node) }
    package func decode(_ type: UInt8.Type) throws -> UInt8 { try tree.decodeInteger(type, at: node) }
    package func decode(_ type: UInt16.Type) throws -> UInt16 { try tree.decodeInteger(type, at: node) }
    package func decode(_ type: UInt32.Type) throws -> UInt32 { try tree.decodeInteger(type, at: node) }
    package func decode(_ type: UInt64.Type) throws -> UInt64 { try tree.decodeInteger(type, at: node) }
    package func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}
