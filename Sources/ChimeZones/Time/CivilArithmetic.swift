/// Exact proleptic-Gregorian day arithmetic (Howard Hinnant's days-from-civil).
///
/// Day 0 is 1970-01-01. All arithmetic is on `Int64` and exact for any year
/// representable here; range checks (years 1...9999) happen at the API edges.
@usableFromInline
package enum CivilArithmetic {
    @usableFromInline package static let secondsPerDay: Int64 = 86_400
    /// 400 Gregorian years = 146,097 days = exactly 20,871 weeks, so calendars,
    /// weekdays and annual DST rules repeat with this period.
    @usableFromInline package static let daysPer400Years: Int64 = 146_097
    @usableFromInline package static let secondsPer400Years: Int64 = daysPer400Years * secondsPerDay

    /// Days since 1970-01-01 of the given civil date (month 1...12, day 1...31).
    @inlinable @inline(__always)
    package static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400                                   // [0, 399]
        let mp = (month + 9) % 12                                 // March = 0
        let doy = (153 * mp + 2) / 5 + day - 1                    // [0, 365]
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy           // [0, 146096]
        return era * daysPer400Years + doe - 719_468
    }

    /// The civil date of a day number (inverse of `daysFromCivil`).
    @inlinable @inline(__always)
    package static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / daysPer400Years
        let doe = z - era * daysPer400Years                       // [0, 146096]
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)         // [0, 365]
        let mp = (5 * doy + 2) / 153                              // [0, 11]
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `civilFromDays` for days 0001-01-01 ... 9999-12-31 counted from 0001-01-01 (0...3,652,058),
    /// in 32-bit unsigned arithmetic without divisions by variables or branches on the era
    /// (Neri and Schneider, "Euclidean affine functions and their application to calendar
    /// algorithms", 2022: the year and day of year come from one 64-bit product). Formatting
    /// uses it for every instant `chime batch` writes, two per fire; it agrees with
    /// `civilFromDays` on every day of the range (`CivilArithmeticTests`).
    @inlinable @inline(__always)
    package static func civilFromDays(sinceYearOne days: UInt32) -> (year: UInt32, month: UInt32, day: UInt32) {
        // Day 0 of the computational calendar is 0000-03-01, 306 days before 0001-01-01: years
        // start in March, so a leap day is the last day of its year.
        let n1 = 4 &* (days &+ 306) &+ 3
        let century = n1 / 146_097
        let dayOfCentury = n1 % 146_097 / 4
        let product = UInt64(2_939_745) &* UInt64(4 &* dayOfCentury &+ 3)
        let yearOfCentury = UInt32(truncatingIfNeeded: product >> 32)
        let dayOfYear = UInt32(truncatingIfNeeded: product) / 2_939_745 / 4   // 0 = March 1
        let n3 = 2141 &* dayOfYear &+ 197_913
        let month = n3 >> 16                                                   // 3...14
        let day = (n3 & 0xFFFF) / 2141 &+ 1
        let january: UInt32 = dayOfYear >= 306 ? 1 : 0                        // January or February
        return (100 &* century &+ yearOfCentury &+ january, month &- 12 &* january, day)
    }

    /// Apple numbering: 1 = Sunday ... 7 = Saturday. 1970-01-01 was a Thursday (5).
    @inlinable @inline(__always)
    package static func weekday(ofDay days: Int64) -> Int {
        let r = (days + 4) % 7                                    // 0 = Sunday
        return Int(r >= 0 ? r : r + 7) + 1
    }

    @inlinable @inline(__always)
    package static func isLeapYear(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    @inlinable @inline(__always)
    package static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Floor division and modulo for possibly negative seconds.
    @inlinable @inline(__always)
    package static func floorDivMod(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
        let q = a / b, r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }
}
