/// A cron expression as Quartz Scheduler 2.3 reads it (`QuartzParser`), in Quartz's own terms, for
/// `QuartzWalk`: the set of values each field allows and the day flags. Day-of-week values are
/// Quartz's, 1 = Sunday … 7 = Saturday. Exactly one of the two day fields is `?` (Quartz refuses
/// both and neither), and only the other one decides the day.
///
/// Example: `0 15 10 ? * 6L` is seconds {0}, minutes {15}, hours {10}, day-of-month `?`, every
/// month, day-of-week {6} with `lastDayOfWeek`: 10:15:00 on the last Friday of every month.
struct QuartzSchedule: Sendable, Hashable {
    /// Bits 0…59.
    var seconds: UInt64 = 0
    var minutes: UInt64 = 0
    /// Bits 0…23.
    var hours: UInt64 = 0
    /// Bits 1…31 (a `15W` term is its day, 15).
    var daysOfMonth: UInt64 = 0
    /// Bits 1…12.
    var months: UInt64 = 0
    /// Bits 1…7, 1 = Sunday.
    var daysOfWeek: UInt64 = 0
    /// The years allowed, ascending (`*`: 1970 through `QuartzWalk.maxYear`).
    var years: [Int] = []
    /// `?` in day-of-month: the day-of-week field decides the day (else day-of-month does).
    var dayOfMonthUnspecified = false
    /// `L` / `L-n` in day-of-month: the month's last day, less `lastDayOffset`.
    var lastDayOfMonth = false
    var lastDayOffset = 0
    /// `W` in day-of-month (`15W`, `LW`): the weekday nearest that day, within the month.
    var nearestWeekday = false
    /// `6L` in day-of-week: the last such weekday of the month.
    var lastDayOfWeek = false
    /// `6#3` in day-of-week: the n-th such weekday of the month (0: none).
    var nthDayOfWeek = 0

    /// The smallest value in `bits` at or above `value` (Quartz's `TreeSet.tailSet(value).first()`).
    static func next(_ bits: UInt64, from value: Int) -> Int? {
        guard value < 64 else { return nil }
        let rest = value <= 0 ? bits : (bits >> UInt64(value)) << UInt64(value)
        return rest == 0 ? nil : rest.trailingZeroBitCount
    }

    /// The smallest value in `bits` (Quartz's `TreeSet.first()`).
    static func first(_ bits: UInt64) -> Int { bits.trailingZeroBitCount }

    /// The smallest allowed year at or after `year`.
    func nextYear(from year: Int) -> Int? {
        var low = 0, high = years.count
        while low < high {
            let mid = (low + high) / 2
            if years[mid] < year { low = mid + 1 } else { high = mid }
        }
        return low < years.count ? years[low] : nil
    }

    /// The largest allowed year at or before `year`.
    func previousYear(atOrBefore year: Int) -> Int? {
        var low = 0, high = years.count
        while low < high {
            let mid = (low + high) / 2
            if years[mid] <= year { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? years[low - 1] : nil
    }

    /// Whether a date matches the year, month and day fields as Quartz documents them (its
    /// CronExpression class comment): the day rule for searches that are not Quartz's own walk —
    /// backward, or with explicit `gap`/`overlap` policies, evaluated by `CronRules`.
    func matchesDay(year: Int, month: Int, day: Int, dayNumber: Int64) -> Bool {
        guard months & (1 << UInt64(month)) != 0, nextYear(from: year) == year else { return false }
        let length = Int(CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(month)))
        let weekday = CivilArithmetic.weekday(ofDay: dayNumber)          // 1 = Sunday
        if dayOfMonthUnspecified {
            guard daysOfWeek & (1 << UInt64(weekday)) != 0 else { return false }
            if lastDayOfWeek { return day + 7 > length }
            if nthDayOfWeek != 0 { return (day - 1) / 7 + 1 == nthDayOfWeek }
            return true
        }
        if lastDayOfMonth || nearestWeekday {
            let wanted = lastDayOfMonth ? length - lastDayOffset : Self.first(daysOfMonth)
            guard nearestWeekday else { return day == wanted }
            // A day past the month's end is the lenient calendar's day in the next month, and
            // Quartz moves from its weekday: `30W` in February 1980 is "February 30" = Saturday
            // 1 March, moved back to Friday 29 February (the real Quartz 2.3.2 fires there).
            guard wanted >= 1 else { return false }
            let wantedWeekday = CivilArithmetic.weekday(ofDay: dayNumber + Int64(wanted - day))
            var target = wanted
            if wantedWeekday == 7 { target = wanted == 1 ? 3 : wanted - 1 }
            if wantedWeekday == 1 { target = wanted == length ? wanted - 2 : wanted + 1 }
            return day == target
        }
        return daysOfMonth & (1 << UInt64(day)) != 0
    }
}
