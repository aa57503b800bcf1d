import Foundation

// TZif files written and read by hand, independently of the parser under test: the corruption
// tests (ChimeTests) and the CLI's bad-input tests (ChimeCLITests) build their files with these.

// MARK: - Writing TZif files by hand

/// Serializes TZif files (RFC 8536) from explicit fields, so tests can build exactly the
/// (in)valid structure they need, including ones `zic` would never write.
struct TZifWriter {
    struct TimeType {
        var utoff: Int32
        var isdst: UInt8
        var abbrind: UInt8
    }

    /// 0 for version 1 (32-bit data only, no footer); `UInt8(ascii: "2")`... for v2+.
    var version: UInt8 = UInt8(ascii: "2")
    var transitions: [(time: Int64, type: UInt8)] = []
    var types: [TimeType]
    /// Abbreviation bytes, each abbreviation NUL-terminated, e.g. `"EST\0EDT\0"`.
    var chars: [UInt8]
    var leaps: [(time: Int64, correction: Int32)] = []
    var isstd: [UInt8] = []
    var isut: [UInt8] = []
    /// The POSIX TZ footer of v2+ files (without its newlines); "" means "no rule".
    var footer: String = ""

    func bytes() -> [UInt8] {
        var out: [UInt8] = []
        // A v2+ file repeats its data in 32 bits first (readers skip it); times are truncated there.
        appendBlock(to: &out, timeSize: 4)
        guard version != 0 else { return out }
        appendBlock(to: &out, timeSize: 8)
        out += [0x0A] + Array(footer.utf8) + [0x0A]
        return out
    }

    private func appendBlock(to out: inout [UInt8], timeSize: Int) {
        out += Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
        for count in [isut.count, isstd.count, leaps.count, transitions.count, types.count, chars.count] {
            out += TZifBytes.be32(UInt32(count))
        }
        func time(_ t: Int64) -> [UInt8] {
            timeSize == 8 ? TZifBytes.be64(UInt64(bitPattern: t)) : TZifBytes.be32(UInt32(truncatingIfNeeded: t))
        }
        for t in transitions { out += time(t.time) }
        for t in transitions { out.append(t.type) }
        for t in types { out += TZifBytes.be32(UInt32(bitPattern: t.utoff)) + [t.isdst, t.abbrind] }
        out += chars
        for l in leaps { out += time(l.time) + TZifBytes.be32(UInt32(bitPattern: l.correction)) }
        out += isstd + isut
    }

    /// A minimal v1 file in the style of US Eastern time: EST/EDT with four 32-bit transitions.
    static let minimalV1 = TZifWriter(
        version: 0,
        transitions: [(1_741_417_200, 1), (1_762_149_600, 0), (1_772_953_200, 1), (1_793_512_800, 0)],
        types: [.init(utoff: -18_000, isdst: 0, abbrind: 0), .init(utoff: -14_400, isdst: 1, abbrind: 4)],
        chars: Array("EST\0EDT\0".utf8))

    /// A v2 file with no transitions at all: a single type and a footer that governs all time.
    static let footerOnlyV2 = TZifWriter(
        version: UInt8(ascii: "2"),
        types: [.init(utoff: -18_000, isdst: 0, abbrind: 0)],
        chars: Array("EST\0".utf8),
        footer: "EST5EDT,M3.2.0,M11.1.0")
}

/// Big-endian encoding and byte patching.
enum TZifBytes {
    static func be32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }
    static func be64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: v >> (56 - 8 * $0)) } }

    static func readBE(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        bytes[offset..<(offset + size)].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// `bytes` with `replacement` written over `offset...`.
    static func patched(_ bytes: [UInt8], at offset: Int, with replacement: [UInt8]) -> [UInt8] {
        var copy = bytes
        copy.replaceSubrange(offset..<(offset + replacement.count), with: replacement)
        return copy
    }
}

// MARK: - Dissecting TZif files independently of the parser under test

/// Where each part of a well-formed TZif file lies (computed here, not by `TZifParser`).
struct TZifLayout {
    struct Block {
        let start: Int
        let timeSize: Int
        /// isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt — in header order.
        let counts: [Int]

        var timecnt: Int { counts[3] }
        var typecnt: Int { counts[4] }
        var charcnt: Int { counts[5] }
        /// Offset of the k-th 32-bit count in the header (k in header order).
        func countOffset(_ k: Int) -> Int { start + 20 + 4 * k }
        var versionOffset: Int { start + 4 }
        var times: Int { start + 44 }
        var indices: Int { times + timecnt * timeSize }
        var types: Int { indices + timecnt }
        var chars: Int { types + 6 * typecnt }
        var leaps: Int { chars + charcnt }
        var isstd: Int { leaps + counts[2] * (timeSize + 4) }
        var isut: Int { isstd + counts[1] }
        var end: Int { isut + counts[0] }
        /// Every section boundary, for truncation.
        var boundaries: [Int] { [start, start + 4, start + 5, start + 20, start + 44, indices, types, chars, leaps, isstd, isut, end] }
        func timeOffset(_ i: Int) -> Int { times + i * timeSize }
        func typeOffset(_ j: Int) -> Int { types + 6 * j }
    }

    let first: Block
    let second: Block?
    /// The footer's leading newline ..< just past its trailing newline (v2+ only).
    let footer: Range<Int>?

    /// The block the parser uses: the 64-bit one when present.
    var data: Block { second ?? first }

    init(_ bytes: [UInt8]) {
        func block(at start: Int, timeSize: Int) -> Block {
            Block(start: start, timeSize: timeSize,
                  counts: (0..<6).map { Int(TZifBytes.readBE(bytes, at: start + 20 + 4 * $0, size: 4)) })
        }
        first = block(at: 0, timeSize: 4)
        if bytes[4] == 0 {
            second = nil
            footer = nil
        } else {
            let s = block(at: first.end, timeSize: 8)
            second = s
            footer = s.end..<bytes.count
        }
    }
}
