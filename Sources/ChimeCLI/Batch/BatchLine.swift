#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a request line's fields are, found in one pass over its bytes without building a JSON
/// tree or a String: the common case of `chime batch`.
///
/// `init?(scanning:)` accepts a strict subset of what `JSONParser` accepts — strings without
/// escapes or control characters, nesting at most `maximumDepth` deep, each request member at
/// most once, member names and the id, zone and after values in ASCII, an integer count — and
/// returns nil for anything else, malformed lines included. A nil sends the line down the general
/// path (`JSONParser` and `JSONTreeDecoder`), which words every error as it always has; so does
/// any line whose answer here would differ from that path's.
///
/// ```swift
/// // {"id":"r1","zone":"Europe/Paris","count":2,"trigger":{"weekly":{"weekdays":[2],"time":"09:00"}}}
/// let request = BatchLine(scanning: bytes)!   // zone: 17..<29, count: 2, trigger: 50..<93 (byte ranges)
/// ```
struct BatchLine {
    /// The id to echo: `"id"` if the member is there, else `"identifier"`; a string or an integer,
    /// echoed as given, or nothing for any other value.
    enum ID {
        case none
        case text(Range<Int>)
        case integer(Int64)

        /// The bytes of a `.text` id.
        var length: Int {
            if case .text(let range) = self { return range.count }
            return 0
        }
    }

    static let maximumDepth = 64

    private(set) var id = ID.none
    private(set) var zone = 0..<0
    private(set) var after: Range<Int>?
    private(set) var count: Int?
    private(set) var trigger = 0..<0

    init?(scanning bytes: UnsafeBufferPointer<UInt8>) {
        var cursor = Cursor(bytes: bytes)
        var seen: UInt8 = 0
        var idMember: ID?, identifierMember: ID?
        cursor.skipWhitespace()
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        cursor.skipWhitespace()
        if !cursor.take(UInt8(ascii: "}")) {
            repeat {
                cursor.skipWhitespace()
                guard cursor.peek == UInt8(ascii: "\""), let (name, ascii) = cursor.string(), ascii else { return nil }
                cursor.skipWhitespace()
                guard cursor.take(UInt8(ascii: ":")) else { return nil }
                cursor.skipWhitespace()
                let start = cursor.position
                guard let value = cursor.value(depth: 1) else { return nil }
                let member = Member(UnsafeBufferPointer(rebasing: bytes[name]))
                if let member {
                    guard seen & member.rawValue == 0 else { return nil }   // duplicates: the first wins there
                    seen |= member.rawValue
                }
                switch member {
                case .id?, .identifier?:
                    let read: ID
                    switch value {
                    case .string(let range, ascii: true): read = .text(range)
                    case .integer(let number): read = .integer(number)
                    case .string, .number: return nil   // escapes, non-ASCII, 1e2, 2.0: read as the decoder does
                    case .other: read = .none
                    }
                    if member == .id { idMember = read } else { identifierMember = read }
                case .zone?:
                    guard case .string(let range, ascii: true) = value else { return nil }
                    zone = range
                case .after?:
                    guard case .string(let range, ascii: true) = value else { return nil }
                    after = range
                case .count?:
                    guard case .integer(let number) = value, let n = Int(exactly: number) else { return nil }
                    count = n
                case .trigger?:
                    trigger = start..<cursor.position
                case nil:
                    break
                }
                cursor.skipWhitespace()
            } while cursor.take(UInt8(ascii: ","))
            guard cursor.take(UInt8(ascii: "}")) else { return nil }
        }
        cursor.skipWhitespace()
        guard cursor.atEnd, seen & Member.zone.rawValue != 0, seen & Member.trigger.rawValue != 0 else { return nil }
        id = idMember ?? identifierMember ?? .none
    }

    /// The request members, as bits of a set.
    private enum Member: UInt8 {
        case id = 1, identifier = 2, zone = 4, after = 8, count = 16, trigger = 32

        init?(_ name: UnsafeBufferPointer<UInt8>) {
            func matches(_ word: StaticString) -> Bool {
                name.count == word.utf8CodeUnitCount && memcmp(name.baseAddress!, word.utf8Start, name.count) == 0
            }
            switch name.count {
            case 2 where matches("id"): self = .id
            case 10 where matches("identifier"): self = .identifier
            case 4 where matches("zone"): self = .zone
            case 5 where matches("after"): self = .after
            case 5 where matches("count"): self = .count
            case 7 where matches("trigger"): self = .trigger
            default: return nil
            }
        }
    }

    /// What a scanned value was, as far as the request needs to know.
    private enum Value {
        case string(Range<Int>, ascii: Bool)
        /// A number written as a plain integer of at most 18 digits (so it fits in an `Int64`).
        case integer(Int64)
        case number
        case other
    }

    /// A position in the line; `peek` is 0 at the end (a 0 byte is invalid everywhere in JSON).
    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var atEnd: Bool { position == bytes.count }
        var peek: UInt8 { position < bytes.count ? bytes[position] : 0 }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            position += 1
            return true
        }

        mutating func skipWhitespace() {
            while case let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
        }

        /// One value at `position` (no leading whitespace), or nil for anything outside the subset.
        mutating func value(depth: Int) -> Value? {
            switch peek {
            case UInt8(ascii: "\""): return string().map { .string($0.range, ascii: $0.ascii) }
            case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), depth: depth) ? .other : nil
            case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), depth: depth) ? .other : nil
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            case UInt8(ascii: "t"): return literal("true") ? .other : nil
            case UInt8(ascii: "f"): return literal("false") ? .other : nil
            case UInt8(ascii: "n"): return literal("null") ? .other : nil
            default: return nil
            }
        }

        /// An object or array at `position`: members are `"name": value`, elements just values.
        private mutating func container(close: UInt8, depth: Int) -> Bool {
            guard depth < BatchLine.maximumDepth else { return false }
            let isObject = close == UInt8(ascii: "}")
            position += 1
            skipWhitespace()
            if take(close) { return true }
            repeat {
                skipWhitespace()
                if isObject {
                    guard peek == UInt8(ascii: "\""), string() != nil else { return false }
                    skipWhitespace()
                    guard take(UInt8(ascii: ":")) else { return false }
                    skipWhitespace()
                }
                guard value(depth: depth + 1) != nil else { return false }
                skipWhitespace()
            } while take(UInt8(ascii: ","))
            return take(close)
        }

        /// A string at `position` (the opening quote): the range of its contents and whether they
        /// are ASCII; nil at an escape, a control character or the end of the line.
        mutating func string() -> (range: Range<Int>, ascii: Bool)? {
            position += 1
            let start = position
            var high: UInt8 = 0
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return (start..<position - 1, high < 0x80)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                high |= byte
                position += 1
            }
            return nil
        }

        /// RFC 8259's number grammar, as `JSONParser` checks it.
        private mutating func number() -> Value? {
            let negative = take(UInt8(ascii: "-"))
            let digitsStart = position
            guard isDigit(peek) else { return nil }
            if take(UInt8(ascii: "0")) {
                if isDigit(peek) { return nil }
            } else {
                while isDigit(peek) { position += 1 }
            }
            let digitsEnd = position
            var plain = true
            if take(UInt8(ascii: ".")) {
                plain = false
                guard isDigit(peek) else { return nil }
                while isDigit(peek) { position += 1 }
            }
            if peek | 0x20 == UInt8(ascii: "e") {
                plain = false
                position += 1
                if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
                guard isDigit(peek) else { return nil }
                while isDigit(peek) { position += 1 }
            }
            guard plain, digitsEnd - digitsStart <= 18 else { return .number }
            var magnitude: Int64 = 0
            for index in digitsStart..<digitsEnd { magnitude = magnitude * 10 + Int64(bytes[index] &- UInt8(ascii: "0")) }
            return .integer(negative ? -magnitude : magnitude)
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

        private mutating func literal(_ word: StaticString) -> Bool {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard bytes.count - position >= expected.count,
                  UnsafeBufferPointer(rebasing: bytes[position..<position + expected.count]).elementsEqual(expected)
            else { return false }
            position += expected.count
            return true
        }
    }
}
