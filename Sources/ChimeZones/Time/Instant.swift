/// A point on the UTC time line: whole seconds since 1970-01-01T00:00:00Z plus nanoseconds.
///
/// Exact integer arithmetic only (no `Double`). Leap seconds are not counted, as in POSIX
/// time, TZif "posix" data and Foundation.
public struct Instant: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Seconds since the Unix epoch (floor; may be negative).
    public var seconds: Int64
    /// Nanoseconds within the second, 0..<1_000_000_000.
    public var nanoseconds: Int32

    /// An instant `seconds` after 1970-01-01T00:00:00Z (negative: before) plus `nanoseconds`
    /// (0…999,999,999; anything else is a precondition failure).
    @inlinable
    public init(seconds: Int64, nanoseconds: Int32 = 0) {
        precondition(nanoseconds >= 0 && nanoseconds < 1_000_000_000, "nanoseconds out of range")
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The instants the engine's calendars cover: 0001-01-01T00:00:00Z ... 9999-12-31T23:59:59.999999999Z.
    /// Input is read over the wider `readableRange`.
    public static let supportedRange: ClosedRange<Instant> =
        Instant(seconds: -62_135_596_800)...Instant(seconds: lastSupportedSecond, nanoseconds: 999_999_999)

    /// The whole second of `supportedRange.upperBound`, as a literal inlinable code can fold.
    @inlinable package static var lastSupportedSecond: Int64 { 253_402_300_799 }

    /// Every instant whose wall time is in years 1...9999 at some offset a zone can have (under 26
    /// hours either way, as RFC 8536 bounds a TZif offset): 0000-12-30T22:00:01Z ...
    /// 10000-01-02T01:59:58.999999999Z. Chime writes such instants — a fire late on the last day of
    /// 9999 west of UTC is in UTC year 10000: 9999-12-31T20:00:00-05:00 is 10000-01-01T01:00:00Z —
    /// and reads every one back (`ISO8601Format.parseInstant`, `@` seconds, the C ABI).
    public static let readableRange: ClosedRange<Instant> =
        Instant(seconds: supportedRange.lowerBound.seconds - 93_599)...Instant(seconds: lastSupportedSecond + 93_599, nanoseconds: 999_999_999)

    /// Fails with `.yearOutOfRange` when the instant is outside `readableRange`.
    public func checkedReadable() throws(TimeError) -> Instant {
        guard Instant.readableRange.contains(self) else {
            let year = CivilArithmetic.civilFromDays(CivilArithmetic.floorDivMod(seconds, 86_400).quotient).year
            throw .yearOutOfRange(year)
        }
        return self
    }

    /// Fails with `.yearOutOfRange` when the instant is outside years 1...9999 UTC.
    public func checkedInSupportedRange() throws(TimeError) -> Instant {
        guard Instant.supportedRange.contains(self) else {
            let year = CivilArithmetic.civilFromDays(CivilArithmetic.floorDivMod(seconds, 86_400).quotient).year
            throw .yearOutOfRange(year)
        }
        return self
    }

    /// Earlier first.
    @inlinable
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.seconds != rhs.seconds ? lhs.seconds < rhs.seconds : lhs.nanoseconds < rhs.nanoseconds
    }

    /// This instant moved by whole seconds.
    @inlinable
    public func adding(seconds delta: Int64) -> Instant {
        Instant(seconds: seconds + delta, nanoseconds: nanoseconds)
    }

    /// ISO 8601 in UTC, e.g. `2026-03-08T07:00:00Z`; fractional seconds only when non-zero.
    public var description: String { utcString }
}
