/// An `Encoder` that writes any `Encodable` as the wire's `JSON` value, object members in the
/// order they are encoded: what `Trigger`'s `Codable` writes is what `chime next --json`,
/// `chime batch --explain` and `chime audit --json` print (`TriggerJSON`), so there is one trigger
/// encoder. No Foundation: integers stay exact and nothing is reordered.
///
/// ```swift
/// JSONValueEncoder.encode(Trigger.weekly(try WeeklyTrigger(weekdays: [.monday], time: "09:00"))).serialized
/// // {"weekly":{"weekdays":[2],"time":"09:00","semantics":"apple"}}
/// ```
package struct JSONValueEncoder: Encoder {
    /// A value being built: a reference, so that nested containers fill their parent in place.
    final class Box {
        enum Value {
            case pending
            case scalar(JSON)
            case object([(String, Box)])
            case array([Box])
        }
        var value = Value.pending

        var json: JSON {
            switch value {
            case .pending: .null
            case .scalar(let json): json
            case .object(let members): .object(members.map { ($0.0, $0.1.json) })
            case .array(let items): .array(items.map(\.json))
            }
        }

        /// The box for member `key` of this object (made an object if it was not one yet).
        func member(_ key: String) -> Box {
            if case .object(let members) = value, let found = members.first(where: { $0.0 == key }) { return found.1 }
            let box = Box()
            if case .object(var members) = value {
                members.append((key, box))
                value = .object(members)
            } else {
                value = .object([(key, box)])
            }
            return box
        }

        /// A new last element of this array (made an array if it was not one yet).
        func appended() -> Box {
            let box = Box()
            if case .array(var items) = value { items.append(box); value = .array(items) } else { value = .array([box]) }
            return box
        }

        func makeObject() { if case .object = value {} else { value = .object([]) } }
        func makeArray() { if case .array = value {} else { value = .array([]) } }
    }

    let box: Box
    package let codingPath: [any CodingKey]
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// `value` as a `JSON` value.
    package static func encode(_ value: some Encodable) throws -> JSON {
        let box = Box()
        try value.encode(to: JSONValueEncoder(box: box, codingPath: []))
        return box.json
    }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.makeObject()
        return KeyedEncodingContainer(Keyed<Key>(box: box, codingPath: codingPath))
    }

    package func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.makeArray()
        return Unkeyed(box: box, codingPath: codingPath)
    }

    package func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(box: box, codingPath: codingPath)
    }

    /// Writes a scalar or, for anything else, lets it encode itself into `box`.
    static func write<T: Encodable>(_ value: T, into box: Box, at path: [any CodingKey]) throws {
        switch value {
        case let text as String: box.value = .scalar(.string(text))
        case let flag as Bool: box.value = .scalar(.bool(flag))
        case let number as Int: box.value = .scalar(.int(Int64(number)))
        case let number as Int64: box.value = .scalar(.int(number))
        case let number as Int32: box.value = .scalar(.int(Int64(number)))
        case let number as any BinaryInteger: box.value = .scalar(.number("\(number)"))
        case let number as any BinaryFloatingPoint:
            // Chime encodes no binary fractions (exact decimals travel as strings); should one come,
            // its shortest decimal form, or null where JSON has no number for it.
            let double = Double(number)
            box.value = .scalar(double.isFinite ? .number("\(double)") : .null)
        default: try value.encode(to: JSONValueEncoder(box: box, codingPath: path))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: Box
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) { box.member(key.stringValue).value = .scalar(.null) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try JSONValueEncoder.write(value, into: box.member(key.stringValue), at: codingPath + [key])
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let nested = box.member(key.stringValue)
            nested.makeObject()
            return KeyedEncodingContainer(Keyed<NestedKey>(box: nested, codingPath: codingPath + [key]))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = box.member(key.stringValue)
            nested.makeArray()
            return Unkeyed(box: nested, codingPath: codingPath + [key])
        }
        mutating func superEncoder() -> any Encoder { JSONValueEncoder(box: box.member("super"), codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            JSONValueEncoder(box: box.member(key.stringValue), codingPath: codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let box: Box
        let codingPath: [any CodingKey]
        var count: Int {
            if case .array(let items) = box.value { return items.count }
            return 0
        }

        mutating func encodeNil() { box.appended().value = .scalar(.null) }
        mutating func encode<T: Encodable>(_ value: T) throws { try JSONValueEncoder.write(value, into: box.appended(), at: codingPath) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let nested = box.appended()
            nested.makeObject()
            return KeyedEncodingContainer(Keyed<NestedKey>(box: nested, codingPath: codingPath))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = box.appended()
            nested.makeArray()
            return Unkeyed(box: nested, codingPath: codingPath)
        }
        mutating func superEncoder() -> any Encoder { JSONValueEncoder(box: box.appended(), codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let box: Box
        let codingPath: [any CodingKey]

        mutating func encodeNil() { box.value = .scalar(.null) }
        mutating func encode<T: Encodable>(_ value: T) throws { try JSONValueEncoder.write(value, into: box, at: codingPath) }
    }
}
