import Chime
import ChimeJSON

/// Fires as docs/contract.md's JSON objects and as human-readable rows.
package enum FireFormatting {
    /// `{"at":…,"utc":…,"offset":…,"abbreviation":…,"adjustment":…}` (`JSON.fire`), in one append.
    static func write(_ fire: Fire, to out: inout [UInt8]) {
        ByteWriter.append(to: &out, maximum: maximumLength(of: fire)) { write(fire, into: &$0) }
    }

    /// The most bytes `write(_:into:)` writes for `fire`.
    package static func maximumLength(of fire: Fire) -> Int {
        maximumTimesLength + maximumTailLength(abbreviation: fire.abbreviation)
    }

    /// The most bytes any adjustment's name takes as a JSON string.
    private static let longestAdjustment = FireAdjustment.allCases.map { ByteWriter.maximumLength(of: $0.rawValue) }.max() ?? 0

    /// The fire object into a writer with `maximumLength(of:)` bytes to spare: `chime batch`
    /// writes a whole response line this way.
    package static func write(_ fire: Fire, into w: inout ByteWriter) {
        writeTimes(fire, into: &w)
        writeTail(fire, abbreviation: fire.abbreviation, into: &w)
    }

    /// The most bytes `writeTimes(_:into:)` writes.
    static let maximumTimesLength = 16 + 2 * ISO8601Format.maximumInstantLength

    /// The fire object up to its UTC time: `{"at":"…","utc":"…`.
    @inline(__always)
    static func writeTimes(_ fire: Fire, into w: inout ByteWriter) {
        w.literal(#"{"at":""#)
        w.instant(fire.instant, offsetSeconds: Int(fire.offset))
        w.literal(#"","utc":""#)
        w.instant(fire.instant, offsetSeconds: nil)
    }

    /// The most bytes `writeTail(_:abbreviation:into:)` writes for a fire with this abbreviation.
    static func maximumTailLength(abbreviation: String) -> Int {
        48 + ByteWriter.maximumIntegerLength + ByteWriter.maximumLength(of: abbreviation) + longestAdjustment
    }

    /// The rest of the fire object, which depends only on its offset, abbreviation (passed in,
    /// as the caller has it already) and adjustment: `","offset":…,"abbreviation":…,"adjustment":…}`.
    static func writeTail(_ fire: Fire, abbreviation: String, into w: inout ByteWriter) {
        w.literal(#"","offset":"#)
        w.integer(Int64(fire.offset))
        w.literal(#","abbreviation":"#)
        w.string(abbreviation)
        w.literal(#","adjustment":"#)
        w.string(fire.adjustment.rawValue)
        w.byte(UInt8(ascii: "}"))
    }
}

extension JSON {
    /// docs/contract.md's fire object as a value: `FireFormatting`'s bytes, written as they are.
    package static func fire(_ fire: Fire) -> JSON {
        var out: [UInt8] = []
        FireFormatting.write(fire, to: &out)
        return .raw(String(decoding: out, as: UTF8.self))
    }
}
