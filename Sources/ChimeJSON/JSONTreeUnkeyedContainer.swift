/// `JSONTreeDecoder`'s unkeyed container: the elements of one array node, in order. Errors name
/// the element as `Index N`; reading past the end is `valueNotFound`.
///
/// ```swift
/// var c = try decoder.unkeyedContainer()     // [2, 4]
/// while !c.isAtEnd { days.append(try c.decode(Int.self)) }
/// ```
struct JSONTreeUnkeyedContainer: UnkeyedDecodingContainer {
    let tree: JSONTree
    let array: Int
    let count: Int?
    private(set) var currentIndex = 0
    /// The node of the element at `currentIndex`.
    private var element: Int

    init(tree: JSONTree, array: Int) {
        self.tree = tree
        self.array = array
        count = Int(tree.nodes[array].length)
        element = tree.firstElement(of: array)
    }

    var codingPath: [any CodingKey] { tree.codingPath(to: array) }

    var isAtEnd: Bool { currentIndex >= count! }

    /// The current element's node, or `valueNotFound` past the end.
    private func current(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [JSONCodingKey(index: currentIndex)],
                                                          debugDescription: "unkeyed container is at end"))
        }
        return element
    }

    private mutating func advance() {
        element = tree.next(after: element)
        currentIndex += 1
    }

    /// Reads the current element with `read` and moves on; stays put if `read` throws.
    private mutating func take<T>(_ type: T.Type, _ read: (Int) throws -> T) throws -> T {
        let value = try read(try current(type))
        advance()
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard tree.kind(at: try current(Never.self)) == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try take(type, tree.decodeBool) }
    mutating func decode(_ type: String.Type) throws -> String { try take(type, tree.decodeString) }
    mutating func decode(_ type: Double.Type) throws -> Double { try take(type, tree.decodeDouble) }
    mutating func decode(_ type: Float.Type) throws -> Float { try take(type, tree.decodeFloat) }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try take(type) { [tree] in try T(from: JSONTreeDecoder(tree: tree, node: $0)) }
    }

    private mutating func integer<T: FixedWidthInteger>() throws -> T {
        try take(T.self) { [tree] in try tree.decodeInteger(T.self, at: $0) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try take(KeyedDecodingContainer<NestedKey>.self) { [tree] in try JSONTreeDecoder(tree: tree, node: $0).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try take((any UnkeyedDecodingContainer).self) { [tree] in try JSONTreeDecoder(tree: tree, node: $0).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try take((any Decoder).self) { [tree] in JSONTreeDecoder(tree: tree, node: $0) }
    }
}
