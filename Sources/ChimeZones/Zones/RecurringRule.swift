/// The annual daylight-saving rule that governs a zone after its last listed transition:
/// a TZif footer such as `EST5EDT,M3.2.0,M11.1.0`, or ICU's final `AnnualTimeZoneRule` pair.
///
/// Example (`EST5EDT,M3.2.0,M11.1.0`): in 2027 DST starts on the second Sunday of March
/// (Mar 14) at 02:00 EST = 2027-03-14T07:00:00Z and ends on the first Sunday of November
/// (Nov 7) at 02:00 EDT = 2027-11-07T06:00:00Z.
public struct RecurringRule: Sendable, Hashable {
    /// The type in force outside DST (`EST`, -18000).
    public let standard: LocalTimeType
    /// The type in force during DST (`EDT`, -14400).
    public let daylight: LocalTimeType
    /// When DST starts each year.
    public let dstStart: DateRule
    /// When DST ends each year.
    public let dstEnd: DateRule
    /// The first year the rule applies (ICU final rules); `nil` = right after the last listed transition.
    public let startYear: Int64?

    /// A rule from its parts; `startYear` nil when it applies right after the last listed
    /// transition.
    public init(standard: LocalTimeType, daylight: LocalTimeType, dstStart: DateRule, dstEnd: DateRule, startYear: Int64? = nil) {
        self.standard = standard
        self.daylight = daylight
        self.dstStart = dstStart
        self.dstEnd = dstEnd
        self.startYear = startYear
    }

    /// A day in a year and a time on it at which a transition happens.
    public struct DateRule: Sendable, Hashable {
        /// Which day of the year a transition falls on.
        public enum Day: Sendable, Hashable {
            /// A fixed date (POSIX `Jn` converts to this: Feb 29 is never counted).
            case dayOfMonth(month: Int, day: Int)
            /// The nth weekday of the month; n = -1 is the last (POSIX `Mm.w.d`, w = 5).
            case nthWeekday(month: Int, n: Int, weekday: Weekday)
            /// The first such weekday on or after a date (tz `Sun>=8`).
            case weekdayOnOrAfter(month: Int, day: Int, weekday: Weekday)
            /// The last such weekday on or before a date (tz `Sun<=25`).
            case weekdayOnOrBefore(month: Int, day: Int, weekday: Weekday)
            /// Zero-based day of the year counting Feb 29 (POSIX `n`, 0...365).
            case zeroBasedDayOfYear(Int)
        }

        /// Which clock `secondsOfDay` is read on.
        public enum TimeReference: Sendable, Hashable {
            /// The wall clock in force just before the transition (POSIX rules).
            case wall
            /// Standard time, ignoring DST.
            case standard
            /// UTC.
            case utc
        }

        /// The day of the transition.
        public let day: Day
        /// Seconds after midnight of the day; POSIX allows -167h...167h.
        public let secondsOfDay: Int32
        /// The clock `secondsOfDay` is read on.
        public let reference: TimeReference

        /// A transition on `day` at `secondsOfDay` after midnight, read on the `reference` clock.
        public init(day: Day, secondsOfDay: Int32, reference: TimeReference) {
            self.day = day
            self.secondsOfDay = secondsOfDay
            self.reference = reference
        }

        /// Day number (days since 1970-01-01) of the rule's day in `year`.
        package func dayNumber(in year: Int64) -> Int64 {
            switch day {
            case let .dayOfMonth(month, day):
                return CivilArithmetic.daysFromCivil(year: year, month: Int64(month), day: Int64(day))
            case let .nthWeekday(month, n, weekday):
                if n < 0 {
                    let last = CivilArithmetic.daysInMonth(year: year, month: Int64(month))
                    let lastDay = CivilArithmetic.daysFromCivil(year: year, month: Int64(month), day: last)
                    let back = (Int64(CivilArithmetic.weekday(ofDay: lastDay)) - Int64(weekday.rawValue) + 7) % 7
                    return lastDay - back - Int64(-n - 1) * 7
                }
                let first = CivilArithmetic.daysFromCivil(year: year, month: Int64(month), day: 1)
                let ahead = (Int64(weekday.rawValue) - Int64(CivilArithmetic.weekday(ofDay: first)) + 7) % 7
                return first + ahead + Int64(n - 1) * 7
            case let .weekdayOnOrAfter(month, day, weekday):
                let base = CivilArithmetic.daysFromCivil(year: year, month: Int64(month), day: Int64(day))
                return base + (Int64(weekday.rawValue) - Int64(CivilArithmetic.weekday(ofDay: base)) + 7) % 7
            case let .weekdayOnOrBefore(month, day, weekday):
                let base = CivilArithmetic.daysFromCivil(year: year, month: Int64(month), day: Int64(day))
                return base - (Int64(CivilArithmetic.weekday(ofDay: base)) - Int64(weekday.rawValue) + 7) % 7
            case let .zeroBasedDayOfYear(n):
                return CivilArithmetic.daysFromCivil(year: year, month: 1, day: 1) + Int64(n)
            }
        }

        /// The UTC second at which this rule fires in `year`, given the offsets in force.
        func utcSeconds(in year: Int64, wallOffsetBefore: Int32, standardOffset: Int32) -> Int64 {
            let local = dayNumber(in: year) * CivilArithmetic.secondsPerDay + Int64(secondsOfDay)
            switch reference {
            case .wall: return local - Int64(wallOffsetBefore)
            case .standard: return local - Int64(standardOffset)
            case .utc: return local
            }
        }
    }

    /// The UTC seconds of `year`'s DST start and end.
    func transitions(in year: Int64) -> (dstStart: Int64, dstEnd: Int64) {
        (dstStart.utcSeconds(in: year, wallOffsetBefore: standard.utcOffset, standardOffset: standard.utcOffset),
         dstEnd.utcSeconds(in: year, wallOffsetBefore: daylight.utcOffset, standardOffset: standard.utcOffset))
    }
}
