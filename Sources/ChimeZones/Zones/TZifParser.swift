/// Reads TZif files (RFC 8536, versions 1–4): the 64-bit data block when present, else the
/// 32-bit one, and the POSIX TZ footer that extends the rules past the last transition.
///
/// Every count and index is checked against the file before use, so a truncated or corrupt
/// file is an error naming the problem, never a crash or an absurd allocation.
enum TZifParser {
    struct Contents {
        var initial: LocalTimeType
        var transitions: [(seconds: Int64, type: LocalTimeType)]
        var footer: POSIXTimeZoneString.Footer?
        var version: UInt8
    }

    struct Header {
        var version: UInt8
        var isutcnt = 0, isstdcnt = 0, leapcnt = 0, timecnt = 0, typecnt = 0, charcnt = 0

        func dataSize(timeSize: Int) -> Int {
            timecnt * timeSize + timecnt + typecnt * 6 + charcnt + leapcnt * (timeSize + 4) + isstdcnt + isutcnt
        }
    }

    /// Parses a TZif file and builds its rules (what `TZifDirectoryProvider` does per zone).
    static func rules(_ bytes: [UInt8], path: String, identifier: String, version: String?) throws(ZoneError) -> ZoneRules {
        let contents = try parse(bytes, path: path)
        let table = try TransitionTableBuilder.build(initial: contents.initial, transitions: contents.transitions,
                                                     footer: contents.footer, origin: path)
        return ZoneRules(identifier: identifier, source: .tzif, version: version, table: table)
    }

    static func parse(_ bytes: [UInt8], path: String) throws(ZoneError) -> Contents {
        var reader = Reader(bytes: bytes, path: path)
        let first = try reader.header()
        guard first.version >= 2 else {
            return try body(&reader, first, timeSize: 4, footer: nil)
        }
        // v2+: skip the 32-bit block; the 64-bit block and the footer follow.
        try reader.skip(first.dataSize(timeSize: 4), what: "version 1 data block")
        let second = try reader.header()
        let data = try body(&reader, second, timeSize: 8, footer: nil)
        let footer = try reader.footer()
        return Contents(initial: data.initial, transitions: data.transitions, footer: footer, version: second.version)
    }

    private static func body(_ r: inout Reader, _ h: Header, timeSize: Int, footer: POSIXTimeZoneString.Footer?) throws(ZoneError) -> Contents {
        guard h.typecnt >= 1 else { throw r.fail("no local time types (typecnt is 0)") }
        guard h.charcnt >= 1 else { throw r.fail("no abbreviation characters (charcnt is 0)") }
        guard h.isstdcnt == 0 || h.isstdcnt == h.typecnt, h.isutcnt == 0 || h.isutcnt == h.typecnt else {
            throw r.fail("isstdcnt/isutcnt must be 0 or typecnt")
        }
        guard h.leapcnt == 0 else {
            throw r.fail("leap-second ('right/') TZif data is not supported: Chime counts POSIX seconds")
        }
        guard r.remaining >= h.dataSize(timeSize: timeSize) else {
            throw r.fail("truncated: header promises \(h.dataSize(timeSize: timeSize)) bytes of data, \(r.remaining) remain")
        }
        var times = [Int64](); times.reserveCapacity(h.timecnt)
        for _ in 0..<h.timecnt { times.append(timeSize == 8 ? r.int64() : Int64(r.int32())) }
        var indices = [Int](); indices.reserveCapacity(h.timecnt)
        for _ in 0..<h.timecnt { indices.append(Int(r.byte())) }
        var raw: [(offset: Int32, isDST: UInt8, abbreviationIndex: Int)] = []
        for _ in 0..<h.typecnt { raw.append((r.int32(), r.byte(), Int(r.byte()))) }
        let chars = Array(r.bytes(h.charcnt))
        r.skipUnchecked(h.isstdcnt + h.isutcnt)

        var types: [LocalTimeType] = []
        for (n, t) in raw.enumerated() {
            // RFC 8536: utoff must not be -2^31 and should be within -25:59:59...+25:59:59.
            guard t.offset > -93_600 && t.offset < 93_600 else { throw r.fail("type \(n) has an absurd UTC offset \(t.offset)") }
            guard t.isDST <= 1 else { throw r.fail("type \(n) has isdst \(t.isDST) (must be 0 or 1)") }
            guard t.abbreviationIndex < chars.count, let end = chars[t.abbreviationIndex...].firstIndex(of: 0) else {
                throw r.fail("type \(n) abbreviation index \(t.abbreviationIndex) is outside the NUL-terminated abbreviations")
            }
            let abbreviation = String(decoding: chars[t.abbreviationIndex..<end], as: UTF8.self)
            types.append(LocalTimeType(utcOffset: t.offset, isDST: t.isDST == 1, abbreviation: abbreviation))
        }
        var transitions: [(seconds: Int64, type: LocalTimeType)] = []
        transitions.reserveCapacity(h.timecnt)
        for i in 0..<h.timecnt {
            guard indices[i] < types.count else { throw r.fail("transition \(i) names type \(indices[i]) of \(types.count)") }
            guard i == 0 || times[i - 1] < times[i] else { throw r.fail("transition times are not ascending at \(i)") }
            transitions.append((times[i], types[indices[i]]))
        }
        // RFC 8536 §3.2: local time before the first transition is type 0.
        return Contents(initial: types[0], transitions: transitions, footer: footer, version: h.version)
    }

    private struct Reader {
        let bytes: [UInt8]
        let path: String
        var offset = 0
        var remaining: Int { bytes.count - offset }

        func fail(_ reason: String) -> ZoneError { .malformedTZif(path: path, reason: reason) }

        mutating func header() throws(ZoneError) -> Header {
            let magic: [UInt8] = [0x54, 0x5A, 0x69, 0x66]   // "TZif"
            // Magic first (as far as the bytes go), so a non-TZif file is named as such even when short.
            guard bytes[offset...].starts(with: magic.prefix(min(4, remaining))) else {
                throw fail(offset == 0 ? "not a TZif file (magic is not 'TZif')" : "second header lacks the 'TZif' magic")
            }
            guard remaining >= 44 else { throw fail("truncated header (\(remaining) bytes, need 44)") }
            let v = bytes[offset + 4]
            let version: UInt8
            switch v {
            case 0: version = 1
            case UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "4"): version = v - 48
            default: throw fail("unknown TZif version byte 0x\(String(v, radix: 16))")
            }
            offset += 20
            var h = Header(version: version)
            var counts: [Int] = []
            for _ in 0..<6 {
                let c = Int(UInt32(bitPattern: int32()))
                // Each count needs at least one byte per item; anything larger than the file is absurd.
                guard c <= bytes.count else {
                    throw fail(c < 1 << 16 ? "truncated: header count \(c) exceeds the file size (\(bytes.count) bytes)"
                                          : "absurd count \(c) in header (file is \(bytes.count) bytes)")
                }
                counts.append(c)
            }
            (h.isutcnt, h.isstdcnt, h.leapcnt, h.timecnt, h.typecnt, h.charcnt) = (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
            guard h.typecnt <= 256 else { throw fail("typecnt \(h.typecnt) exceeds 256") }
            return h
        }

        mutating func skip(_ n: Int, what: String) throws(ZoneError) {
            guard remaining >= n else { throw fail("truncated \(what): need \(n) bytes, \(remaining) remain") }
            offset += n
        }

        mutating func skipUnchecked(_ n: Int) { offset += n }

        mutating func byte() -> UInt8 {
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func int32() -> Int32 {
            var v: UInt32 = 0
            for k in 0..<4 { v = v << 8 | UInt32(bytes[offset + k]) }
            offset += 4
            return Int32(bitPattern: v)
        }

        mutating func int64() -> Int64 {
            var v: UInt64 = 0
            for k in 0..<8 { v = v << 8 | UInt64(bytes[offset + k]) }
            offset += 8
            return Int64(bitPattern: v)
        }

        mutating func bytes(_ n: Int) -> ArraySlice<UInt8> {
            defer { offset += n }
            return bytes[offset..<(offset + n)]
        }

        /// `\n<POSIX TZ string>\n`; an empty string means no rule after the last transition.
        mutating func footer() throws(ZoneError) -> POSIXTimeZoneString.Footer? {
            guard remaining >= 2, bytes[offset] == 0x0A else { throw fail("missing footer (expected a newline after the data)") }
            guard let end = bytes[(offset + 1)...].firstIndex(of: 0x0A) else { throw fail("footer is not terminated by a newline") }
            let text = String(decoding: bytes[(offset + 1)..<end], as: UTF8.self)
            offset = end + 1
            guard !text.isEmpty else { return nil }
            do {
                return try POSIXTimeZoneString.parse(text)
            } catch {
                throw fail("bad footer: \(error)")
            }
        }
    }
}
