/// Reading one node as a Swift value for `JSONTreeDecoder`, with Foundation-compatible errors:
/// `valueNotFound` for null, `typeMismatch` for another kind of value, `dataCorrupted` for a
/// number that the type cannot hold exactly. Each error's coding path is the node's own path.
///
/// ```swift
/// let tree = try JSONParser.parse(Array(#"{"count": 2.5}"#.utf8))
/// try tree.decodeInteger(Int.self, at: 2)   // throws dataCorrupted at "count": number 2.5 is not an integer
/// try tree.decodeDouble(at: 2)              // 2.5
/// ```
extension JSONTree {
    func decodeBool(at index: Int) throws -> Bool {
        switch kind(at: index) {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, at: index)
        }
    }

    func decodeString(at index: Int) throws -> String {
        guard kind(at: index) == .string else { throw mismatch(String.self, at: index) }
        return string(at: index)
    }

    /// An integer only from a number whose decimal value is an integer in `T`'s range.
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, at index: Int) throws -> T {
        guard kind(at: index) == .number else { throw mismatch(T.self, at: index) }
        if isPlainInteger(at: index), let value = withNumberBytes(at: index, { Self.plainInteger($0, as: T.self) }) {
            return value
        }
        switch withNumberBytes(at: index, { JSONNumberText.integer($0, as: T.self) }) {
        case .value(let value):
            return value
        case .notAnInteger:
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath(to: index),
                                                    debugDescription: "number \(numberText(at: index)) is not an integer"))
        case .outOfRange:
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath(to: index),
                                                    debugDescription: "number \(numberText(at: index)) is out of range"))
        }
    }

    /// The nearest `Double` to any number (`±infinity` beyond its range).
    func decodeDouble(at index: Int) throws -> Double {
        guard kind(at: index) == .number else { throw mismatch(Double.self, at: index) }
        return withNumberBytes(at: index) { JSONNumberText.double($0) }
    }

    /// The nearest `Float` to any number (`±infinity` beyond its range).
    func decodeFloat(at index: Int) throws -> Float {
        guard kind(at: index) == .number else { throw mismatch(Float.self, at: index) }
        return Float(numberText(at: index)) ?? .nan
    }

    /// `valueNotFound` when the node is null, else `typeMismatch`.
    func mismatch(_ type: Any.Type, at index: Int) -> DecodingError {
        let found = kind(at: index)
        if found == .null {
            return .valueNotFound(type, .init(codingPath: codingPath(to: index),
                                              debugDescription: "expected to decode \(type) but found null"))
        }
        return .typeMismatch(type, .init(codingPath: codingPath(to: index),
                                         debugDescription: "expected to decode \(type) but found \(Self.describe(found))"))
    }

    static func describe(_ kind: Kind) -> String {
        switch kind {
        case .null: return "null"
        case .false, .true: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The fast path: up to 18 digits (and a sign) cannot overflow an `Int64`.
    private static func plainInteger<T: FixedWidthInteger>(_ text: UnsafeBufferPointer<UInt8>, as type: T.Type) -> T? {
        let negative = text[0] == UInt8(ascii: "-")
        let digits = text.count - (negative ? 1 : 0)
        guard digits <= 18 else { return nil }
        var magnitude: Int64 = 0
        for byte in text[(negative ? 1 : 0)...] { magnitude = magnitude &* 10 &+ Int64(byte &- UInt8(ascii: "0")) }
        return T(exactly: negative ? -magnitude : magnitude)
    }
}
