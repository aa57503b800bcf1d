import Chime
import ChimeJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a request line's fields are, found in one pass over its bytes without building a JSON
/// tree or a String: the common case of `chime batch` and of a pending file's line
/// (`PendingLineDecoder`), each reading its kind's members (`ScheduleRequest.Kind.members`).
///
/// `init?(scanning:kind:knownLength:)` accepts a strict subset of what `JSONParser` accepts — strings without
/// escapes (but in the trigger, whose text `DecodedTrigger.decode` checks whole) or control characters, nesting at most `maximumDepth` deep, each request member at
/// most once and no other member, member names and the id, zone and after values in ASCII, a
/// string or integer id, an integer count, a pending line's `created` in ASCII and its `payload`
/// any value but `null` — and
/// returns nil for anything else, malformed lines included. A nil sends the line down the general
/// path (`JSONParser` and `JSONTreeDecoder`), which words every error as it always has; so does
/// any line whose answer here would differ from that path's.
///
/// ```swift
/// // {"id":"r1","zone":"Europe/Paris","count":2,"trigger":{"weekly":{"weekdays":[2],"time":"09:00"}}}
/// let request = BatchLine(scanning: bytes, knownLength: { _ in nil })!   // zone 19..<31, count 2, trigger 53..<95
/// ```
struct BatchLine {
    /// The id to echo: `"id"` if the member is there, else `"identifier"`; a string or an integer,
    /// echoed as given (any other value sends the line to the general path, which refuses it).
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
    /// `deadlineMs`, when given (any integer: the general path checks its range and applies it).
    private(set) var deadlineMilliseconds: Int?
    private(set) var trigger = 0..<0
    /// A pending line's `created` (its creation instant, before `after`) and `payload` (the
    /// value's bytes, unchecked beyond the subset: the caller keeps them as they are).
    private(set) var created: Range<Int>?
    private(set) var payload: Range<Int>?

    /// `knownLength` recognizes a trigger text already checked on an earlier line: given the
    /// bytes from the trigger's first one to the end of the line, the length of such a text they
    /// start with (a complete JSON object, so it ends where it ends), or nil to check them here.
    /// `kind` says which members a line may have and where its id is read (`Kind.batch`: `id`,
    /// else `identifier`; `Kind.pending`: `identifier`, else `id`).
    ///
    /// Always inlined: from two callers (batch and pending files) Swift stopped specializing it for
    /// batch's `knownLength` closure, and `chime batch` of 200,000 mixed requests cost 3% more.
    @inline(__always)
    init?(scanning bytes: UnsafeBufferPointer<UInt8>, kind: ScheduleRequest.Kind = .batch,
          knownLength: (UnsafeBufferPointer<UInt8>) -> Int?) {
        var cursor = Cursor(bytes: bytes)
        var seen: UInt16 = 0
        var idMember: ID?, identifierMember: ID?
        cursor.skipWhitespace()
        guard cursor.take(UInt8(ascii: "{")) else { return nil }
        cursor.skipWhitespace()
        if !cursor.take(UInt8(ascii: "}")) {
            repeat {
                cursor.skipWhitespace()
                guard let name = cursor.memberName() else { return nil }
                cursor.skipWhitespace()
                guard cursor.take(UInt8(ascii: ":")) else { return nil }
                cursor.skipWhitespace()
                let member = name.member
                // A pending line's members in a batch line: the general path refuses them by name.
                if kind == .batch, member == .created || member == .payload { return nil }
                // And a batch line's deadline in a pending line.
                if kind == .pending, member == .deadlineMs { return nil }
                if let member {
                    guard seen & member.rawValue == 0 else { return nil }   // duplicates: the first wins there
                    seen |= member.rawValue
                }
                switch member {
                case .id?, .identifier?:
                    let read: ID
                    switch cursor.peek {
                    case UInt8(ascii: "\""):
                        // Escapes and non-ASCII text are read as the decoder reads them.
                        guard let (range, ascii) = cursor.string(), ascii else { return nil }
                        read = .text(range)
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        guard let number = cursor.integer() else { return nil }   // 1e2, 2.0: as the decoder does
                        read = .integer(number)
                    default:
                        return nil   // not a string or an integer: the general path refuses it
                    }
                    if member == .id { idMember = read } else { identifierMember = read }
                case .zone?, .after?, .created?:
                    guard cursor.peek == UInt8(ascii: "\""), let (range, ascii) = cursor.string(), ascii else { return nil }
                    switch member {
                    case .zone?: zone = range
                    case .after?: after = range
                    default: created = range
                    }
                case .count?:
                    guard let number = cursor.integer() else { return nil }
                    count = Int(number)
                case .deadlineMs?:
                    guard let number = cursor.integer() else { return nil }
                    deadlineMilliseconds = Int(number)
                case .trigger?:
                    let start = cursor.position
                    if let length = knownLength(UnsafeBufferPointer(rebasing: bytes[start...])) {
                        cursor.position += length
                    } else {
                        // Escapes too (an RRULE's `\n`): the trigger's text is decoded by
                        // `DecodedTrigger.decode`, which checks it whole (and refuses it there).
                        guard cursor.skipValue(allowingEscapes: true) else { return nil }
                    }
                    trigger = start..<cursor.position
                case .payload?:
                    // `null` is no payload there (`decodeIfPresent`): left to it.
                    let start = cursor.position
                    guard cursor.peek != UInt8(ascii: "n"), cursor.skipValue() else { return nil }
                    payload = start..<cursor.position
                case nil:
                    // Other members (ignored there, but checked: UTF-8, names given twice) are the
                    // general path's.
                    return nil
                }
                cursor.skipWhitespace()
            } while cursor.take(UInt8(ascii: ","))
            guard cursor.take(UInt8(ascii: "}")) else { return nil }
        }
        cursor.skipWhitespace()
        guard cursor.atEnd, seen & Member.zone.rawValue != 0, seen & Member.trigger.rawValue != 0 else { return nil }
        id = (kind == .batch ? idMember ?? identifierMember : identifierMember ?? idMember) ?? .none
    }

    /// The request members, as bits of a set.
    enum Member: UInt16 {
        case id = 1, identifier = 2, zone = 4, after = 8, count = 16, trigger = 32, created = 64, payload = 128, deadlineMs = 256
    }

    /// A member name: one of the request's, or another (ignored, as the decoder ignores it).
    enum Name {
        case request(Member)
        case other

        var member: Member? {
            if case .request(let member) = self { return member }
            return nil
        }
    }

    /// A position in the line; `peek` is 0 at the end (a 0 byte is invalid everywhere in JSON).
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        var atEnd: Bool { position == bytes.count }
        var peek: UInt8 { position < bytes.count ? bytes[position] : 0 }

        @inline(__always)
        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            position += 1
            return true
        }

        /// A member name at `position` (its opening quote), read through its closing quote; nil
        /// unless it is ASCII without escapes.
        @inline(__always)
        mutating func memberName() -> Name? {
            guard peek == UInt8(ascii: "\"") else { return nil }
            let first = position + 1
            // The usual line has 16 bytes after the quote: the name (with its closing quote)
            // compared as two words, not byte by byte.
            if first + 16 <= bytes.count {
                let raw = UnsafeRawPointer(bytes.baseAddress! + first)
                let low = raw.loadUnaligned(as: UInt64.self), high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                if let (member, length) = Self.requestMember(low, high) {
                    position = first + length
                    return .request(member)
                }
            }
            /// Whether the name is `word` (given with its closing quote).
            func named(_ word: StaticString) -> Bool {
                let n = word.utf8CodeUnitCount
                return first + n <= bytes.count && memcmp(bytes.baseAddress! + first, word.utf8Start, n) == 0
            }
            let member: Member, length: Int
            switch first < bytes.count ? bytes[first] : 0 {
            case UInt8(ascii: "i") where named("id\""): (member, length) = (.id, 3)
            case UInt8(ascii: "i") where named("identifier\""): (member, length) = (.identifier, 11)
            case UInt8(ascii: "z") where named("zone\""): (member, length) = (.zone, 5)
            case UInt8(ascii: "a") where named("after\""): (member, length) = (.after, 6)
            case UInt8(ascii: "c") where named("count\""): (member, length) = (.count, 6)
            case UInt8(ascii: "c") where named("created\""): (member, length) = (.created, 8)
            case UInt8(ascii: "d") where named("deadlineMs\""): (member, length) = (.deadlineMs, 11)
            case UInt8(ascii: "p") where named("payload\""): (member, length) = (.payload, 8)
            case UInt8(ascii: "t") where named("trigger\""): (member, length) = (.trigger, 8)
            default:
                guard let (_, ascii) = string(), ascii else { return nil }
                return .other
            }
            position = first + length
            return .request(member)
        }

        /// The request member whose name and closing quote the 16 bytes after a member's opening
        /// quote begin with, read as two little-endian words (`low`: bytes 0–7, `high`: 8–15),
        /// and the name's length with its quote; nil for any other name (the byte-by-byte
        /// comparison decides those). The constants are the names' bytes, masked to their length
        /// (`BatchLineTests.memberNamesReadAsWords` holds them to the names).
        @inline(__always)
        static func requestMember(_ low: UInt64, _ high: UInt64) -> (member: Member, length: Int)? {
            func starts(_ word: UInt64, _ mask: UInt64) -> Bool { low & mask == word }
            switch UInt8(truncatingIfNeeded: low) {
            case UInt8(ascii: "i"):
                if starts(0x22_6469, 0xFF_FFFF) { return (.id, 3) }                                           // id"
                if low == 0x6966_6974_6E65_6469, high & 0xFF_FFFF == 0x22_7265 { return (.identifier, 11) }    // identifier"
            case UInt8(ascii: "z"): if starts(0x22_656E_6F7A, 0xFF_FFFF_FFFF) { return (.zone, 5) }            // zone"
            case UInt8(ascii: "a"): if starts(0x2272_6574_6661, 0xFFFF_FFFF_FFFF) { return (.after, 6) }      // after"
            case UInt8(ascii: "c"):
                if starts(0x2274_6E75_6F63, 0xFFFF_FFFF_FFFF) { return (.count, 6) }                          // count"
                if low == 0x2264_6574_6165_7263 { return (.created, 8) }                                       // created"
            case UInt8(ascii: "d"):
                if low == 0x656E_696C_6461_6564, high & 0xFF_FFFF == 0x22_734D { return (.deadlineMs, 11) }    // deadlineMs"
            case UInt8(ascii: "p"): if low == 0x2264_616F_6C79_6170 { return (.payload, 8) }                   // payload"
            case UInt8(ascii: "t"): if low == 0x2272_6567_6769_7274 { return (.trigger, 8) }                   // trigger"
            default: break
            }
            return nil
        }

        @inline(__always)
        mutating func skipWhitespace() {
            while case let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
        }

        /// Skips one value at `position` (no leading whitespace) after checking it; false for
        /// anything outside the subset. One loop with an explicit stack (one bit per open
        /// container: 1 object, 0 array) rather than a call per value.
        mutating func skipValue(allowingEscapes: Bool = false) -> Bool {
            var open: UInt64 = 0, depth = 0
            var expectingName = false
            while true {
                // A value, or after `{` or `,` in an object a member name and its colon.
                if expectingName {
                    guard peek == UInt8(ascii: "\""), skipString(allowingEscapes) else { return false }
                    skipWhitespace()
                    guard take(UInt8(ascii: ":")) else { return false }
                    skipWhitespace()
                    expectingName = false
                }
                switch peek {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard depth < BatchLine.maximumDepth else { return false }
                    let isObject = peek == UInt8(ascii: "{")
                    position += 1
                    skipWhitespace()
                    if take(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) { break }   // empty
                    open = open << 1 | (isObject ? 1 : 0)
                    depth += 1
                    expectingName = isObject
                    continue
                case UInt8(ascii: "\""):
                    guard skipString(allowingEscapes) else { return false }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    guard number() else { return false }
                case UInt8(ascii: "t"):
                    guard literal("true") else { return false }
                case UInt8(ascii: "f"):
                    guard literal("false") else { return false }
                case UInt8(ascii: "n"):
                    guard literal("null") else { return false }
                default:
                    return false
                }
                // After a value: close containers, or a comma and the next value.
                while depth > 0 {
                    skipWhitespace()
                    let inObject = open & 1 == 1
                    if take(UInt8(ascii: ",")) {
                        skipWhitespace()
                        expectingName = inObject
                        break
                    }
                    guard take(inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
                    open >>= 1
                    depth -= 1
                }
                if depth == 0 { return true }
            }
        }

        /// Skips a string at `position` (the opening quote); with `allowingEscapes`, escapes as
        /// RFC 8259 spells them (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\uXXXX`).
        mutating func skipString(_ allowingEscapes: Bool) -> Bool {
            guard allowingEscapes else { return string() != nil }
            let start = position
            if string() != nil { return true }
            // At an escape (or the end, or a control character): again, a byte at a time.
            position = start + 1
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""): return true
                case UInt8(ascii: "\\"):
                    switch peek {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                         UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        position += 1
                    case UInt8(ascii: "u"):
                        position += 1
                        for _ in 0..<4 {
                            guard case let hex = peek | 0x20, isDigit(peek) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(hex) else { return false }
                            position += 1
                        }
                    default: return false
                    }
                case 0..<0x20: return false
                default: break
                }
            }
            return false
        }

        /// A string at `position` (the opening quote): the range of its contents and whether they
        /// are ASCII; nil at an escape, a control character or the end of the line.
        @inline(__always)
        mutating func string() -> (range: Range<Int>, ascii: Bool)? {
            position += 1
            let start = position
            var high: UInt64 = 0
            // Eight bytes at a time while none of them needs a closer look.
            let raw = UnsafeRawBufferPointer(bytes)
            while position + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                if Self.mayEndString(word) { break }
                high |= word
                position += 8
            }
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    position += 1
                    return (start..<position - 1, high & 0x8080_8080_8080_8080 == 0)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                high |= UInt64(byte)
                position += 1
            }
            return nil
        }

        /// Whether a byte of `word` may be `"`, `\` or below 0x20 (no false negatives; a rare false
        /// positive only sends those bytes through the byte loop): the has-less-than-n test,
        /// applied to the word and to its XOR with each of the two characters.
        private static func mayEndString(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
            let control = (word &- ones &* 0x20) & ~word & highs
            return (control | hasZero(word ^ (ones &* 0x22)) | hasZero(word ^ (ones &* 0x5C))) != 0
        }

        /// RFC 8259's number grammar, as `JSONParser` checks it: whether a number is there, and
        /// where its integer digits are and whether a fraction or exponent follows.
        private mutating func scanNumber() -> (digits: Range<Int>, negative: Bool, plain: Bool)? {
            let negative = take(UInt8(ascii: "-"))
            let digitsStart = position
            guard isDigit(peek) else { return nil }
            if take(UInt8(ascii: "0")) {
                if isDigit(peek) { return nil }
            } else {
                while isDigit(peek) { position += 1 }
            }
            let digits = digitsStart..<position
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
            return (digits, negative, plain)
        }

        mutating func number() -> Bool { scanNumber() != nil }

        /// A number written as a plain integer of at most 18 digits (so it fits in an `Int64`), or nil.
        mutating func integer() -> Int64? {
            guard let (digits, negative, plain) = scanNumber(), plain, digits.count <= 18 else { return nil }
            var magnitude: Int64 = 0
            for index in digits { magnitude = magnitude &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0")) }   // 18 digits fit
            return negative ? -magnitude : magnitude
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

        mutating func literal(_ word: StaticString) -> Bool {
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard bytes.count - position >= expected.count,
                  UnsafeBufferPointer(rebasing: bytes[position..<position + expected.count]).elementsEqual(expected)
            else { return false }
            position += expected.count
            return true
        }
    }
}
