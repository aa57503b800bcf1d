/// A strict RFC 8259 parser: UTF-8 bytes in, a `JSONTree` out, or a `JSONSyntaxError` naming the
/// first problem and its byte offset.
///
/// Strict means: no trailing commas, no leading zeros, `+`, `.5`, `NaN` or comments; no raw
/// control characters in strings; only the standard escapes, and `\u` surrogates only in pairs;
/// nothing but whitespace after the value. A leading UTF-8 byte order mark is skipped (RFC 8259
/// §8.1 allows that). Nesting is limited to `maximumDepth` arrays and objects, the same limit as
/// Foundation's JSONDecoder, so the recursion stays shallow whatever the input.
/// Strings must be well-formed UTF-8 (RFC 8259 §8.1): a stray byte is an error, not silently
/// replaced, so a zone id or an expression is never read as something other than what was sent.
///
/// ```swift
/// let tree = try JSONParser.parse(Array(#"{"id": "r1", "count": 3}"#.utf8))
/// tree.kind(at: tree.root)                   // .object
/// try JSONParser.parse(Array("[1, 2,]".utf8)) // throws: unexpected ']' (expected a value) at byte 6
/// ```
package struct JSONParser {
    static let maximumDepth = 512

    private let input: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0
    private var nodes: [JSONTree.Node] = []
    private var unescaped: [UInt8] = []

    private init(input: UnsafeBufferPointer<UInt8>) {
        self.input = input
        nodes.reserveCapacity(32)
    }

    /// Parses one complete JSON text.
    package static func parse(_ source: [UInt8]) throws(JSONSyntaxError) -> JSONTree {
        guard source.count < Int(Int32.max) else {
            throw JSONSyntaxError(reason: "text longer than 2 GiB", offset: Int(Int32.max))
        }
        let (nodes, unescaped) = try source.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
            var parser = JSONParser(input: buffer)
            try parser.parseText()
            return (parser.nodes, parser.unescaped)
        }
        return JSONTree(source: source, nodes: nodes, unescaped: unescaped)
    }

    // MARK: Structure

    private mutating func parseText() throws(JSONSyntaxError) {
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { position = 3 }
        try parseValue(parent: -1)
        skipWhitespace()
        if position < input.count {
            throw .unexpected(input[position], at: position, expected: "the end of the text after the value")
        }
    }

    private mutating func parseValue(parent: Int32) throws(JSONSyntaxError) {
        skipWhitespace()
        guard position < input.count else { throw JSONSyntaxError(reason: "unexpected end of text (expected a value)", offset: position) }
        switch input[position] {
        case UInt8(ascii: "{"): try parseObject(parent: parent)
        case UInt8(ascii: "["): try parseArray(parent: parent)
        case UInt8(ascii: "\""): try parseString(parent: parent)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber(parent: parent)
        case UInt8(ascii: "t"): try parseLiteral("true", .true, parent: parent)
        case UInt8(ascii: "f"): try parseLiteral("false", .false, parent: parent)
        case UInt8(ascii: "n"): try parseLiteral("null", .null, parent: parent)
        case let byte: throw .unexpected(byte, at: position, expected: "a value")
        }
    }

    /// Appends a container node; its count and end are filled in by `close`.
    private mutating func open(_ kind: JSONTree.Kind, parent: Int32) throws(JSONSyntaxError) -> Int {
        guard depth < Self.maximumDepth else {
            throw JSONSyntaxError(reason: "arrays and objects nested more than \(Self.maximumDepth) deep", offset: position)
        }
        depth += 1
        position += 1
        nodes.append(JSONTree.Node(kind: kind, flags: [], start: Int32(position), length: 0, end: 0, parent: parent))
        return nodes.count - 1
    }

    private mutating func close(_ index: Int, count: Int) {
        depth -= 1
        position += 1
        nodes[index].length = Int32(truncatingIfNeeded: count)
        nodes[index].end = Int32(nodes.count)
    }

    private mutating func parseObject(parent: Int32) throws(JSONSyntaxError) {
        let index = try open(.object, parent: parent)
        skipWhitespace()
        if position < input.count, input[position] == UInt8(ascii: "}") { return close(index, count: 0) }
        var count = 0
        while true {
            skipWhitespace()
            guard position < input.count else { throw JSONSyntaxError(reason: "unexpected end of text (expected a member name)", offset: position) }
            guard input[position] == UInt8(ascii: "\"") else { throw .unexpected(input[position], at: position, expected: "a member name in quotes") }
            try parseString(parent: Int32(index))
            skipWhitespace()
            guard position < input.count else { throw JSONSyntaxError(reason: "unexpected end of text (expected ':')", offset: position) }
            guard input[position] == UInt8(ascii: ":") else { throw .unexpected(input[position], at: position, expected: "':'") }
            position += 1
            try parseValue(parent: Int32(index))
            count += 1
            skipWhitespace()
            guard position < input.count else { throw JSONSyntaxError(reason: "unexpected end of text (expected ',' or '}')", offset: position) }
            switch input[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): return close(index, count: count)
            case let byte: throw .unexpected(byte, at: position, expected: "',' or '}'")
            }
        }
    }

    private mutating func parseArray(parent: Int32) throws(JSONSyntaxError) {
        let index = try open(.array, parent: parent)
        skipWhitespace()
        if position < input.count, input[position] == UInt8(ascii: "]") { return close(index, count: 0) }
        var count = 0
        while true {
            try parseValue(parent: Int32(index))
            count += 1
            skipWhitespace()
            guard position < input.count else { throw JSONSyntaxError(reason: "unexpected end of text (expected ',' or ']')", offset: position) }
            switch input[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): return close(index, count: count)
            case let byte: throw .unexpected(byte, at: position, expected: "',' or ']'")
            }
        }
    }

    private mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position += 1
            default: return
            }
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ kind: JSONTree.Kind, parent: Int32) throws(JSONSyntaxError) {
        let start = position
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard position < input.count else {
                throw JSONSyntaxError(reason: "unexpected end of text (expected '\(word)')", offset: position)
            }
            guard input[position] == byte else { throw .unexpected(input[position], at: position, expected: "'\(word)'") }
            position += 1
        }
        nodes.append(JSONTree.Node(kind: kind, flags: [], start: Int32(start), length: Int32(expected.count),
                                   end: Int32(nodes.count + 1), parent: parent))
    }

    // MARK: Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as text.
    private mutating func parseNumber(parent: Int32) throws(JSONSyntaxError) {
        let start = position
        if input[position] == UInt8(ascii: "-") { position += 1 }
        guard position < input.count, isDigit(input[position]) else {
            throw position < input.count
                ? .unexpected(input[position], at: position, expected: "a digit after '-'")
                : JSONSyntaxError(reason: "unexpected end of text (expected a digit after '-')", offset: position)
        }
        if input[position] == UInt8(ascii: "0") {
            position += 1
            if position < input.count, isDigit(input[position]) {
                throw JSONSyntaxError(reason: "leading zero in a number", offset: position - 1)
            }
        } else {
            skipDigits()
        }
        var plainInteger = true
        if position < input.count, input[position] == UInt8(ascii: ".") {
            plainInteger = false
            position += 1
            try requireDigits(after: "'.'")
        }
        if position < input.count, input[position] | 0x20 == UInt8(ascii: "e") {
            plainInteger = false
            position += 1
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") { position += 1 }
            try requireDigits(after: "the exponent")
        }
        nodes.append(JSONTree.Node(kind: .number, flags: plainInteger ? .plainInteger : [], start: Int32(start), length: Int32(position - start),
                                   end: Int32(nodes.count + 1), parent: parent))
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private mutating func skipDigits() {
        while position < input.count, isDigit(input[position]) { position += 1 }
    }

    private mutating func requireDigits(after what: String) throws(JSONSyntaxError) {
        guard position < input.count else {
            throw JSONSyntaxError(reason: "unexpected end of text (expected a digit after \(what))", offset: position)
        }
        guard isDigit(input[position]) else { throw .unexpected(input[position], at: position, expected: "a digit after \(what)") }
        skipDigits()
    }

    // MARK: Strings

    /// A string at `position` (the opening quote). Without escapes its node points into the input;
    /// with escapes, the unescaped bytes are appended to `unescaped` and the node points there.
    private mutating func parseString(parent: Int32) throws(JSONSyntaxError) {
        let quote = position
        position += 1
        let start = position
        var high: UInt8 = 0   // any byte's top bit: non-ASCII text
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                if high >= 0x80 { try Self.requireUTF8(input[start..<position], at: start) }
                nodes.append(JSONTree.Node(kind: .string, flags: high < 0x80 ? [] : .nonASCII, start: Int32(start),
                                           length: Int32(position - start), end: Int32(nodes.count + 1), parent: parent))
                position += 1
                return
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            high |= byte
            position += 1
        }
        let outputStart = unescaped.count
        unescaped.append(contentsOf: input[start..<position])
        while position < input.count {
            let byte = input[position]
            switch byte {
            case UInt8(ascii: "\""):
                let text = unescaped[outputStart...]
                if !text.allSatisfy({ $0 < 0x80 }) { try Self.requireUTF8(text, at: start) }
                nodes.append(JSONTree.Node(kind: .string, flags: text.allSatisfy({ $0 < 0x80 }) ? .escaped : [.escaped, .nonASCII],
                                           start: Int32(outputStart), length: Int32(text.count), end: Int32(nodes.count + 1), parent: parent))
                position += 1
                return
            case UInt8(ascii: "\\"):
                try parseEscape()
            case 0..<0x20:
                throw JSONSyntaxError(reason: "unescaped control character \(JSONSyntaxError.describe(byte)) in a string", offset: position)
            default:
                unescaped.append(byte)
                position += 1
            }
        }
        throw JSONSyntaxError(reason: "unterminated string (it starts at byte \(quote))", offset: position)
    }

    /// Throws unless `bytes` (a string's text, starting at byte `offset` of the input) is
    /// well-formed UTF-8.
    private static func requireUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes, at offset: Int) throws(JSONSyntaxError) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: scalars += 1
            case .emptyInput: return
            case .error: throw JSONSyntaxError(reason: "a string that is not valid UTF-8 (after its \(scalars) first characters)", offset: offset)
            }
        }
    }

    /// One escape at `position` (the backslash), appended to `unescaped` as UTF-8.
    private mutating func parseEscape() throws(JSONSyntaxError) {
        let backslash = position
        guard position + 1 < input.count else { throw JSONSyntaxError(reason: "unterminated escape", offset: backslash) }
        let letter = input[position + 1]
        position += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(letter)
        case UInt8(ascii: "b"): unescaped.append(0x08)
        case UInt8(ascii: "f"): unescaped.append(0x0C)
        case UInt8(ascii: "n"): unescaped.append(0x0A)
        case UInt8(ascii: "r"): unescaped.append(0x0D)
        case UInt8(ascii: "t"): unescaped.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexQuad()
            var scalar = UInt32(unit)
            if UTF16.isTrailSurrogate(unit) {
                throw JSONSyntaxError(reason: "unpaired low surrogate \\u\(hex(unit)) in a string", offset: backslash)
            }
            if UTF16.isLeadSurrogate(unit) {
                guard position + 1 < input.count, input[position] == UInt8(ascii: "\\"), input[position + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(reason: "unpaired high surrogate \\u\(hex(unit)) in a string", offset: backslash)
                }
                position += 2
                let trail = try hexQuad()
                guard UTF16.isTrailSurrogate(trail) else {
                    throw JSONSyntaxError(reason: "high surrogate \\u\(hex(unit)) followed by \\u\(hex(trail)), not a low surrogate", offset: backslash)
                }
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
            }
            appendUTF8(scalar)
        default:
            throw JSONSyntaxError(reason: "invalid escape '\\\(Character(Unicode.Scalar(letter)))' in a string", offset: backslash)
        }
    }

    /// Four hex digits at `position`.
    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard position < input.count else { throw JSONSyntaxError(reason: "unexpected end of text in a \\u escape", offset: position) }
            let byte = input[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .unexpected(byte, at: position, expected: "a hex digit in a \\u escape")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    private func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            unescaped.append(UInt8(scalar))
        case 0x80..<0x800:
            unescaped.append(UInt8(0xC0 | scalar >> 6))
            unescaped.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            unescaped.append(UInt8(0xE0 | scalar >> 12))
            unescaped.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            unescaped.append(UInt8(0x80 | scalar & 0x3F))
        default:
            unescaped.append(UInt8(0xF0 | scalar >> 18))
            unescaped.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            unescaped.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            unescaped.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
