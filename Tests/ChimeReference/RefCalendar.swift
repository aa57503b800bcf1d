// The reference's own proleptic Gregorian arithmetic. It deliberately does not use Chime (no
// `import Chime` in this module, Tests/ChimeReference/, whose target cannot depend on Chime) and uses a different algorithm from the engine's
// days-from-civil: days are counted from 0001-01-01 (day 0) by summing whole years
// (365 a year plus the leap days before it) and a cumulative month table; the inverse estimates
// the year and corrects it by comparing with the year starts. Only years 1...9999 are searched;
// a week that holds 0001-01-01 reaches back into year 0 (1 BC, a leap year), whose days have
// negative numbers, so year 0 is handled explicitly and no negative division occurs.

enum RefCal {
    /// Day number of 1970-01-01 counted from 0001-01-01: 1969 years of 365 days plus
    /// 1969/4 − 1969/100 + 1969/400 = 492 − 19 + 4 leap days.
    static let unixEpochDay = 719_162
    /// One Gregorian cycle: 400 years = 146 097 days = 20 871 weeks exactly, so dates, weekdays
    /// and all week numberings repeat with it.
    static let cycleDays = 146_097
    static let firstDay = 0                               // 0001-01-01
    static let lastDay = dayNumber(9999, 12, 31)

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysInMonth(_ y: Int, _ m: Int) -> Int {
        switch m {
        case 2: return isLeap(y) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func daysInYear(_ y: Int) -> Int { isLeap(y) ? 366 : 365 }

    /// Days from 0001-01-01 to January 1st of `y` (y ≥ 0).
    static func daysBeforeYear(_ y: Int) -> Int {
        if y == 0 { return -366 }                         // year 0 is a leap year (divisible by 400)
        let p = y - 1
        return 365 * p + p / 4 - p / 100 + p / 400
    }

    private static let daysBeforeMonth = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]

    static func dayNumber(_ y: Int, _ m: Int, _ d: Int) -> Int {
        daysBeforeYear(y) + daysBeforeMonth[m - 1] + (m > 2 && isLeap(y) ? 1 : 0) + d - 1
    }

    /// Inverse of `dayNumber` for day numbers ≥ −366 (from 0000-01-01).
    static func civil(_ n: Int) -> (year: Int, month: Int, day: Int) {
        precondition(n >= -366, "day \(n) is before year 0")
        var y = n < 0 ? 0 : n / 366 + 1                  // never past the true year
        while daysBeforeYear(y + 1) <= n { y += 1 }
        var rest = n - daysBeforeYear(y)
        var m = 1
        while rest >= daysInMonth(y, m) { rest -= daysInMonth(y, m); m += 1 }
        return (y, m, rest + 1)
    }

    /// Apple numbering, 1 = Sunday … 7 = Saturday. 0001-01-01 was a Monday (2).
    static func weekday(_ n: Int) -> Int { ((n + 1) % 7 + 7) % 7 + 1 }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// The wall clock day (day number) and second of day of a wall-clock second count
    /// (seconds of local time since 1970-01-01T00:00 local).
    static func wallDay(_ wallSeconds: Int64) -> Int {
        Int(floorDiv(wallSeconds, 86_400)) + unixEpochDay
    }

    static func wallSeconds(day: Int, secondOfDay: Int) -> Int64 {
        Int64(day - unixEpochDay) * 86_400 + Int64(secondOfDay)
    }
}

/// A date with every field the rules of docs/semantics.md section 1 look at.
struct RefDay {
    var n: Int              // day number
    var year: Int
    var month: Int
    var day: Int
    var dim: Int            // days in this month
    var dayOfYear: Int      // 1 = January 1st
    var weekday: Int        // 1 = Sunday

    init(_ n: Int) {
        self.n = n
        let c = RefCal.civil(n)
        year = c.year; month = c.month; day = c.day
        dim = RefCal.daysInMonth(year, month)
        dayOfYear = n - RefCal.daysBeforeYear(year) + 1
        weekday = RefCal.weekday(n)
    }

    /// The next day, counted field by field (cheap: the walks call this hundreds of thousands of times).
    mutating func advance() {
        n += 1
        weekday = weekday == 7 ? 1 : weekday + 1
        if day < dim { day += 1; dayOfYear += 1; return }
        day = 1
        if month < 12 { month += 1; dayOfYear += 1 } else { month = 1; year += 1; dayOfYear = 1 }
        dim = RefCal.daysInMonth(year, month)
    }

    mutating func retreat() {
        n -= 1
        weekday = weekday == 1 ? 7 : weekday - 1
        if day > 1 { day -= 1; dayOfYear -= 1; return }
        if month > 1 { month -= 1; dayOfYear -= 1 } else { month = 12; year -= 1; dayOfYear = RefCal.daysInYear(year) }
        dim = RefCal.daysInMonth(year, month)
        day = dim
    }
}

/// Week numbering per docs/semantics.md: weeks are seven days starting on `firstWeekday`.
struct RefWeekRules: Hashable {
    var firstWeekday: Int           // 1 = Sunday
    var minimumDaysInFirstWeek: Int

    /// Day number of the first day of the (firstWeekday-based) week holding day `n`.
    func weekStart(_ n: Int) -> Int {
        n - (RefCal.weekday(n) - firstWeekday + 7) % 7
    }

    /// Day number of the first day of week 1 of week-numbering year `y`: the first week holding at
    /// least `minimumDaysInFirstWeek` days of January of `y`. The week holding January 1st holds
    /// 7 − (Jan 1 − its start) January days (January is longer than a week).
    func week1Start(_ y: Int) -> Int {
        let jan1 = RefCal.daysBeforeYear(y)
        let ws = weekStart(jan1)
        let januaryDays = 7 - (jan1 - ws)
        return januaryDays >= minimumDaysInFirstWeek ? ws : ws + 7
    }

    /// (weekOfYear, yearForWeekOfYear) of day `n` in calendar year `year`.
    func weekOfYear(_ n: Int, year: Int) -> (week: Int, year: Int) {
        var y = year
        if n < week1Start(y) { y -= 1 } else if n >= week1Start(y + 1) { y += 1 }
        return ((weekStart(n) - week1Start(y)) / 7 + 1, y)
    }

    /// weekOfMonth: the month's days split into the same weeks, clipped to the month; week 1 is
    /// the first clipped week with at least `minimumDaysInFirstWeek` days, the days before it are
    /// week 0.
    func weekOfMonth(_ d: RefDay) -> Int {
        let first = d.n - (d.day - 1)
        let firstWeekStart = weekStart(first)
        let firstClippedLength = 7 - (first - firstWeekStart)
        return (weekStart(d.n) - firstWeekStart) / 7 + (firstClippedLength >= minimumDaysInFirstWeek ? 1 : 0)
    }
}
