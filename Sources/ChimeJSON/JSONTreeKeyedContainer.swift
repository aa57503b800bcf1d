/// `JSONTreeDecoder`'s keyed container: the members of one object node, looked up by a linear
/// scan (request objects have a handful of members; no dictionary is built). The first of
/// duplicate keys wins and `allKeys` lists each key once, in source order.
///
/// ```swift
/// let c = try decoder.container(keyedBy: CodingKeys.self)
/// let zone = try c.decode(String.self, forKey: .zone)        // keyNotFound / typeMismatch / valueNotFound
/// let count = try c.decodeIfPresent(Int.self, forKey: .count) // nil when absent or null
/// ```
struct JSONTreeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let tree: JSONTree
    let object: Int

    var codingPath: [any CodingKey] { tree.codingPath(to: object) }

    /// Each member name once (the first of duplicates), in source order, that `Key` accepts.
    var allKeys: [Key] {
        // A plain loop: this code runs unspecialized (Key is only known at run time), where
        // `compactMap` costs several times more.
        var keys: [Key] = []
        for name in tree.uniqueMemberNames(of: object) {
            if let key = Key(stringValue: name) { keys.append(key) }
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { tree.member(key.stringValue, of: object) != nil }

    /// The value node for `key`, or `keyNotFound`.
    private func value(for key: Key) throws -> Int {
        guard let value = tree.member(key.stringValue, of: object) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no value for key '\(key.stringValue)'"))
        }
        return value
    }

    /// The value node for `key`, or nil when it is absent or null.
    private func presentValue(for key: Key) -> Int? {
        guard let value = tree.member(key.stringValue, of: object), tree.kind(at: value) != .null else { return nil }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { tree.kind(at: try value(for: key)) == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try tree.decodeBool(at: try value(for: key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try tree.decodeString(at: try value(for: key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try tree.decodeDouble(at: try value(for: key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try tree.decodeFloat(at: try value(for: key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try tree.decodeInteger(type, at: try value(for: key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try tree.decodeInteger(type, at: try value(for: key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try tree.decodeInteger(type, at: try value(for: key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try tree.decodeInteger(type, at: try value(for: key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try tree.decodeInteger(type, at: try value(for: key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try tree.decodeInteger(type, at: try value(for: key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try tree.decodeInteger(type, at: try value(for: key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try tree.decodeInteger(type, at: try value(for: key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try tree.decodeInteger(type, at: try value(for: key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try tree.decodeInteger(type, at: try value(for: key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: JSONTreeDecoder(tree: tree, node: try value(for: key)))
    }

    // One lookup each, instead of the protocol's default contains + decodeNil + decode.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try presentValue(for: key).map(tree.decodeBool) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try presentValue(for: key).map(tree.decodeString) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try presentValue(for: key).map(tree.decodeDouble) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try presentValue(for: key).map(tree.decodeFloat) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = presentValue(for: key) else { return nil }
        return try T(from: JSONTreeDecoder(tree: tree, node: value))
    }

    private func integerIfPresent<T: FixedWidthInteger>(_ key: Key) throws -> T? {
        guard let value = presentValue(for: key) else { return nil }
        return try tree.decodeInteger(T.self, at: value)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONTreeDecoder(tree: tree, node: try value(for: key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONTreeDecoder(tree: tree, node: try value(for: key)).unkeyedContainer()
    }

    /// A decoder for the member named `super`; `keyNotFound` when there is none.
    func superDecoder() throws -> any Decoder {
        guard let value = tree.member("super", of: object) else {
            throw DecodingError.keyNotFound(JSONCodingKey(stringValue: "super"), .init(codingPath: codingPath, debugDescription: "no value for key 'super'"))
        }
        return JSONTreeDecoder(tree: tree, node: value)
    }

    /// A decoder for the member `key`; `keyNotFound` when there is none.
    func superDecoder(forKey key: Key) throws -> any Decoder { JSONTreeDecoder(tree: tree, node: try value(for: key)) }
}
