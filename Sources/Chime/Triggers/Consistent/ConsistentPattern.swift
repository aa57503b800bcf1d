/// A calendar trigger's components read by the consistent semantics' rule 1 (`docs/semantics.md`):
/// fields finer than the finest given field take their minimum, every other field is free.
///
/// Examples: `{year: 2027, hour: 9}` is every day of 2027 at 09:00:00 (month and day are coarser
/// than the hour, so free); `{day: 1, minute: 30}` is :30:00 of every hour on the 1st; `{month: 3}`
/// is the first day of each March at 00:00 (the day is finer than the month: its minimum).
///
/// A class: built once per trigger, shared by every search on it without copying its fields.
final class ConsistentPattern: Sendable, Hashable {
    /// The kind of period whose first matching day a year-, month- or week-level pattern names.
    enum Period: Sendable, Hashable {
        case year, weekYear, month, weekOfYear, weekOfMonth
    }

    /// The given date fields (copied out of `CalendarComponents`, so reading one costs one load).
    let year: Int?, month: Int?, day: Int?, weekday: Int?, weekdayOrdinal: Int?, dayOfYear: Int?
    let weekOfMonth: Int?, weekOfYear: Int?, yearForWeekOfYear: Int?
    let weekRules: WeekRules
    /// Set when the finest given field is a year, month or week field: the pattern names only the
    /// first matching day of each such period.
    let period: Period?
    /// Time fields after rule 1: a value, or `nil` for free.
    let hour: Int?, minute: Int?, second: Int?
    /// Always fixed: the nanosecond is the finest level, so it is given or finer than what is.
    let nanosecond: Int
    /// No date field: every day matches.
    let isTimeOnly: Bool

    static func == (a: ConsistentPattern, b: ConsistentPattern) -> Bool {
        (a.year, a.month, a.day, a.weekday, a.weekdayOrdinal, a.dayOfYear) == (b.year, b.month, b.day, b.weekday, b.weekdayOrdinal, b.dayOfYear)
            && (a.weekOfMonth, a.weekOfYear, a.yearForWeekOfYear) == (b.weekOfMonth, b.weekOfYear, b.yearForWeekOfYear)
            && (a.hour, a.minute, a.second, a.nanosecond) == (b.hour, b.minute, b.second, b.nanosecond) && a.weekRules == b.weekRules
    }

    func hash(into hasher: inout Hasher) {
        for field in [year, month, day, weekday, weekdayOrdinal, dayOfYear, weekOfMonth, weekOfYear, yearForWeekOfYear, hour, minute, second] {
            hasher.combine(field)
        }
        hasher.combine(nanosecond)
        hasher.combine(weekRules)
    }

    init(_ c: CalendarComponents, weekRules: WeekRules) {
        (year, month, day, weekday, weekdayOrdinal, dayOfYear) = (c.year, c.month, c.day, c.weekday, c.weekdayOrdinal, c.dayOfYear)
        (weekOfMonth, weekOfYear, yearForWeekOfYear) = (c.weekOfMonth, c.weekOfYear, c.yearForWeekOfYear)
        self.weekRules = weekRules
        let dayLevel = c.day != nil || c.weekday != nil || c.weekdayOrdinal != nil || c.dayOfYear != nil
        // The finest given time field: 3 hour … 6 nanosecond, 0 when none is given.
        let finest = c.nanosecond != nil ? 6 : c.second != nil ? 5 : c.minute != nil ? 4 : c.hour != nil ? 3 : 0
        isTimeOnly = c.year == nil && c.month == nil && !dayLevel && c.weekOfMonth == nil && c.weekOfYear == nil
            && c.yearForWeekOfYear == nil
        if finest == 0 && !dayLevel {
            period = c.weekOfMonth != nil ? .weekOfMonth : c.weekOfYear != nil ? .weekOfYear : c.month != nil ? .month
                : c.yearForWeekOfYear != nil ? .weekYear : .year
        } else {
            period = nil
        }
        // Coarser than the finest given time field and not given: free (nil); finer: 0.
        hour = c.hour ?? (finest > 3 ? nil : 0)
        minute = c.minute ?? (finest > 4 ? nil : 0)
        second = c.second ?? (finest > 5 ? nil : 0)
        nanosecond = c.nanosecond ?? 0
        singleTime = if let hour, let minute, let second {
            ((Int64(hour) * 60 + Int64(minute)) * 60 + Int64(second)) * 1_000_000_000 + Int64(nanosecond)
        } else { nil }
    }

    /// The one wall time of a matching day (ns since midnight) when hour, minute and second are all
    /// fixed (`{hour: 9}`: 09:00:00.0), else nil.
    let singleTime: Int64?

    /// Hour, minute and second all fixed: one wall time per matching day.
    var hasFixedTime: Bool { singleTime != nil }

    // MARK: Dates

    /// Whether `f` satisfies every given date field, except year, month and day when `standIn`.
    func satisfiesDateFields(_ f: DateFields, standIn: Bool = false) -> Bool {
        if !standIn {
            if let year, f.year != year { return false }
            if let month, f.month != month { return false }
            if let day, f.day != (day > 0 ? day : f.daysInMonth + day + 1) { return false }
        }
        if let weekday, f.weekday != weekday { return false }
        if let ordinal = weekdayOrdinal {
            if ordinal > 0 ? f.weekdayOrdinal != ordinal : f.weekdayOrdinalFromEnd != ordinal { return false }
        }
        if let dayOfYear, f.dayOfYear != dayOfYear { return false }
        if let weekOfMonth, f.weekOfMonth(weekRules) != weekOfMonth { return false }
        if weekOfYear != nil || yearForWeekOfYear != nil {
            let (week, yearForWeek) = f.weekOfYear(weekRules)
            if let weekOfYear, week != weekOfYear { return false }
            if let yearForWeekOfYear, yearForWeek != yearForWeekOfYear { return false }
        }
        return true
    }

    /// The first and last day numbers of the `period` holding the date `f`.
    func periodBounds(of period: Period, containing f: DateFields) -> (first: Int64, last: Int64) {
        let day = f.dayNumber
        switch period {
        case .year:
            let first = day - Int64(f.dayOfYear) + 1
            return (first, first + (CivilArithmetic.isLeapYear(Int64(f.year)) ? 365 : 364))
        case .month:
            let first = day - Int64(f.day) + 1
            return (first, first + Int64(f.daysInMonth) - 1)
        case .weekOfYear, .weekOfMonth:
            let first = day - Int64((f.weekday - weekRules.firstWeekday + 7) % 7)
            guard period == .weekOfMonth else { return (first, first + 6) }
            let monthFirst = day - Int64(f.day) + 1
            return (max(first, monthFirst), min(first + 6, monthFirst + Int64(f.daysInMonth) - 1))
        case .weekYear:
            let yearForWeek = f.weekOfYear(weekRules).yearForWeek
            return (weekYearStart(Int64(yearForWeek)), weekYearStart(Int64(yearForWeek) + 1) - 1)
        }
    }

    /// The first day of week 1 of the week-numbering `year`.
    func weekYearStart(_ year: Int64) -> Int64 {
        let january1 = CivilArithmetic.daysFromCivil(year: year, month: 1, day: 1)
        let weekStart = january1 - Int64((CivilArithmetic.weekday(ofDay: january1) - weekRules.firstWeekday + 7) % 7)
        // That week is week 1 when it holds enough days of January; otherwise week 1 is the next.
        return 7 - (january1 - weekStart) >= Int64(weekRules.minimumDaysInFirstWeek) ? weekStart : weekStart + 7
    }

    // MARK: Times of day

    /// The wall times of one day (ns since midnight) the pattern names, ascending from `lower`.
    func firstTime(atOrAfter lower: Int64) -> Int64? {
        let ns = Int64(nanosecond)
        var (second, fraction) = CivilArithmetic.floorDivMod(max(lower, 0), 1_000_000_000)
        if fraction > ns { second += 1 }
        guard let s = nextSecond(atOrAfter: Int(second)) else { return nil }
        return Int64(s) * 1_000_000_000 + ns
    }

    /// Descending from `upper`.
    func lastTime(atOrBefore upper: Int64) -> Int64? {
        guard upper >= 0 else { return nil }
        let ns = Int64(nanosecond)
        var (second, fraction) = CivilArithmetic.floorDivMod(min(upper, MatchPattern.nanosPerDay - 1), 1_000_000_000)
        if fraction < ns { second -= 1 }
        guard second >= 0, let s = previousSecond(atOrBefore: Int(second)) else { return nil }
        return Int64(s) * 1_000_000_000 + ns
    }

    /// The first second of the day at or after `x` whose hour, minute and second match.
    private func nextSecond(atOrAfter x: Int) -> Int? {
        var (h, m, s) = (x / 3600, x / 60 % 60, x % 60)
        while h < 24 {
            if let wanted = hour, h != wanted {
                guard h < wanted else { return nil }
                (h, m, s) = (wanted, 0, 0)
            } else if let wanted = minute, m != wanted {
                (h, m, s) = m < wanted ? (h, wanted, 0) : (h + 1, 0, 0)
            } else if let wanted = second, s != wanted {
                if s < wanted { s = wanted } else { (m, s) = (m + 1, 0); if m == 60 { (h, m) = (h + 1, 0) } }
            } else {
                return (h * 60 + m) * 60 + s
            }
        }
        return nil
    }

    /// The last second of the day at or before `x` whose hour, minute and second match.
    private func previousSecond(atOrBefore x: Int) -> Int? {
        var (h, m, s) = (x / 3600, x / 60 % 60, x % 60)
        while h >= 0 {
            if let wanted = hour, h != wanted {
                guard h > wanted else { return nil }
                (h, m, s) = (wanted, 59, 59)
            } else if let wanted = minute, m != wanted {
                (h, m, s) = m > wanted ? (h, wanted, 59) : (h - 1, 59, 59)
            } else if let wanted = second, s != wanted {
                if s > wanted { s = wanted } else { (m, s) = (m - 1, 59); if m < 0 { (h, m) = (h - 1, 59) } }
            } else {
                return (h * 60 + m) * 60 + s
            }
        }
        return nil
    }
}
