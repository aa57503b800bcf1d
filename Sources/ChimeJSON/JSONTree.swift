#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A parsed JSON text (RFC 8259) as a flat array of nodes in document order, built by `JSONParser`.
///
/// Every value is one `Node`; a container's children follow it, and each node records where its
/// subtree ends, so siblings are one step apart however deep they are. Objects keep their members
/// in source order, keys included (a key is a string node right before its value). Numbers keep
/// their source text, so integers and decimals are read exactly, when asked for, in the type asked for.
///
/// ```swift
/// let tree = try JSONParser.parse(Array(#"{"zone": "UTC", "count": 3}"#.utf8))
/// tree.member("count", of: tree.root)        // 4: the node of `3`
/// tree.string(at: 2)                         // "UTC"
/// ```
package final class JSONTree {
    package enum Kind: UInt8 {
        case null, `false`, `true`, number, string, array, object

        /// "an array", "a number", …: for messages.
        package var words: String {
            switch self {
            case .null: "null"
            case .false, .true: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    struct Node {
        var kind: Kind
        var flags: Flags
        /// String or number: where its text starts (strings without the quotes).
        var start: Int32
        /// String or number: the text's length in bytes; array or object: the number of elements or members.
        var length: Int32
        /// The index just past this node's subtree: its next sibling, if it has one.
        var end: Int32
        /// The enclosing array or object, or -1 for the root.
        var parent: Int32
    }

    struct Flags: OptionSet {
        let rawValue: UInt8
        /// String: the text is in `unescaped` (it had escapes).
        static let escaped = Flags(rawValue: 1)
        /// String: the text has bytes beyond ASCII.
        static let nonASCII = Flags(rawValue: 2)
        /// Number: written without a fraction or exponent.
        static let plainInteger = Flags(rawValue: 4)
    }

    /// The JSON text; string and number nodes point into it.
    let source: [UInt8]
    let nodes: [Node]
    /// The contents of strings that had escapes, unescaped, back to back.
    let unescaped: [UInt8]

    /// The top-level value.
    package var root: Int { 0 }

    init(source: [UInt8], nodes: [Node], unescaped: [UInt8]) {
        self.source = source
        self.nodes = nodes
        self.unescaped = unescaped
    }

    package func kind(at index: Int) -> Kind { nodes[index].kind }

    /// A string node's UTF-8 bytes (invalid UTF-8 from the source is passed through as is).
    func withStringBytes<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let node = nodes[index]
        let bytes = node.flags.contains(.escaped) ? unescaped : source
        return try bytes.withUnsafeBufferPointer { buffer in
            try body(UnsafeBufferPointer(rebasing: buffer[Int(node.start)..<Int(node.start + node.length)]))
        }
    }

    /// A string node's value. Ill-formed UTF-8 becomes U+FFFD, as `String(decoding:as:)` does.
    package func string(at index: Int) -> String {
        withStringBytes(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// A number node's source text, e.g. `-12.50e3`.
    package func numberText(at index: Int) -> String {
        let node = nodes[index]
        return String(decoding: source[Int(node.start)..<Int(node.start + node.length)], as: UTF8.self)
    }

    /// A number node's source bytes.
    func withNumberBytes<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let node = nodes[index]
        return try source.withUnsafeBufferPointer { buffer in
            try body(UnsafeBufferPointer(rebasing: buffer[Int(node.start)..<Int(node.start + node.length)]))
        }
    }

    /// Whether a number node was written as a plain integer (no fraction, no exponent).
    func isPlainInteger(at index: Int) -> Bool { nodes[index].flags.contains(.plainInteger) }

    /// The index of the value of `object`'s first member named `name` (later duplicates are
    /// ignored, as Foundation's JSONDecoder does), or nil. Names match as Swift strings do
    /// (canonical equivalence); only non-ASCII names need more than a byte comparison for that.
    package func member(_ name: String, of object: Int) -> Int? {
        var utf8 = name
        return utf8.withUTF8 { wanted in
            let asciiName = wanted.allSatisfy { $0 < 0x80 }
            var key = object + 1
            let end = Int(nodes[object].end)
            while key < end {
                let value = key + 1
                let matches = asciiName && !nodes[key].flags.contains(.nonASCII) ? bytesEqual(key, wanted) : string(at: key) == name
                if matches {
                    return value
                }
                key = Int(nodes[value].end)
            }
            return nil
        }
    }

    /// `object`'s member names in source order, each once (the first of duplicates).
    func uniqueMemberNames(of object: Int) -> [String] {
        var names: [String] = []
        names.reserveCapacity(Int(nodes[object].length))
        var seen = Set<String>()
        let hashing = nodes[object].length > 16   // small objects (every request) look back instead
        var key = object + 1
        let end = Int(nodes[object].end)
        while key < end {
            let name = string(at: key)
            if hashing ? seen.insert(name).inserted : !names.contains(name) { names.append(name) }
            key = Int(nodes[key + 1].end)
        }
        return names
    }

    /// The index of `array`'s first element, or of the node after it if it is empty.
    func firstElement(of array: Int) -> Int { array + 1 }

    /// The index after `index`'s subtree: the next sibling if there is one.
    func next(after index: Int) -> Int { Int(nodes[index].end) }

    private func bytesEqual(_ string: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let node = nodes[string]
        guard Int(node.length) == wanted.count else { return false }
        guard wanted.count > 0 else { return true }
        let bytes = node.flags.contains(.escaped) ? unescaped : source
        return bytes.withUnsafeBufferPointer { buffer in
            memcmp(buffer.baseAddress! + Int(node.start), wanted.baseAddress!, wanted.count) == 0
        }
    }

    /// The path from the root to `index`, as `Decoder.codingPath` spells it: member keys, and
    /// `Index N` for array elements.
    func codingPath(to index: Int) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var child = index
        while case let parent = Int(nodes[child].parent), parent >= 0 {
            if nodes[parent].kind == .object {
                path.append(JSONCodingKey(stringValue: string(at: child - 1)))
            } else {
                var position = 0
                var element = parent + 1
                while element != child {
                    element = Int(nodes[element].end)
                    position += 1
                }
                path.append(JSONCodingKey(index: position))
            }
            child = parent
        }
        return path.reversed()
    }
}
