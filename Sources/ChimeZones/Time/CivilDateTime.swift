/// A calendar date and wall-clock time with no zone (proleptic Gregorian), e.g. 2026-03-08T02:30:00.
///
/// Validated on creation: years 1...9999, months 1...12, days within the month,
/// hour 0...23, minute 0...59, second 0...59, nanosecond 0...999,999,999.
public struct CivilDateTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The years a civil date-time may have: 1…9999.
    public static let supportedYears: ClosedRange<Int64> = 1...9999

    /// The year, 1…9999.
    public let year: Int
    /// The month, 1…12.
    public let month: Int
    /// The day of the month, 1…28, 29, 30 or 31.
    public let day: Int
    /// The hour, 0…23.
    public let hour: Int
    /// The minute, 0…59.
    public let minute: Int
    /// The second, 0…59 (leap seconds are not counted).
    public let second: Int
    /// The nanosecond within the second, 0…999,999,999.
    public let nanosecond: Int

    /// A wall time from its fields, each checked: throws `TimeError.yearOutOfRange` for a year
    /// outside 1…9999 and `.invalidField` naming the field otherwise (month 13, April 31, hour 24).
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0) throws(TimeError) {
        guard CivilDateTime.supportedYears.contains(Int64(year)) else { throw .yearOutOfRange(Int64(year)) }
        try Self.check("month", month, 1...12)
        try Self.check("day", day, 1...CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(month)))
        try Self.check("hour", hour, 0...23)
        try Self.check("minute", minute, 0...59)
        try Self.check("second", second, 0...59)
        try Self.check("nanosecond", nanosecond, 0...999_999_999)
        self.init(unchecked: year, month, day, hour, minute, second, nanosecond)
    }

    @usableFromInline
    init(unchecked year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, _ nanosecond: Int) {
        self.year = year; self.month = month; self.day = day
        self.hour = hour; self.minute = minute; self.second = second; self.nanosecond = nanosecond
    }

    private static func check(_ name: String, _ value: Int, _ range: ClosedRange<Int64>) throws(TimeError) {
        guard range.contains(Int64(value)) else { throw .invalidField(name: name, value: Int64(value), allowed: range) }
    }

    /// The wall time `localSeconds` seconds after 1970-01-01T00:00:00 (local, no zone).
    /// Not range-checked: callers that accept user instants check `Instant.supportedRange` first.
    public init(localSeconds: Int64, nanosecond: Int = 0) {
        let (days, secondOfDay) = CivilArithmetic.floorDivMod(localSeconds, CivilArithmetic.secondsPerDay)
        let (y, m, d) = CivilArithmetic.civilFromDays(days)
        let s = Int(secondOfDay)
        self.init(unchecked: Int(y), Int(m), Int(d), s / 3600, s / 60 % 60, s % 60, nanosecond)
    }

    /// Seconds since 1970-01-01T00:00:00 of this wall time, ignoring nanoseconds.
    public var localSeconds: Int64 {
        CivilArithmetic.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day)) * CivilArithmetic.secondsPerDay
            + Int64(hour * 3600 + minute * 60 + second)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int64 {
        CivilArithmetic.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
    }

    /// The day of the week of the date.
    public var weekday: Weekday {
        Weekday(rawValue: CivilArithmetic.weekday(ofDay: dayNumber))!
    }

    /// Earlier wall time first (by date, then time of day, then nanosecond).
    public static func < (lhs: CivilDateTime, rhs: CivilDateTime) -> Bool {
        (lhs.localSeconds, lhs.nanosecond) < (rhs.localSeconds, rhs.nanosecond)
    }

    /// `2026-03-08T02:30:00`, with `.250` style fractional seconds only when non-zero.
    public var description: String { ISO8601Format.localDateTime(self) }
}
