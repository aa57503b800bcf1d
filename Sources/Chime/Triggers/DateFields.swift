/// Calendar fields of one civil date that calendar triggers match against, computed with
/// ICU's (and Foundation's) week numbering.
///
/// Example (Gregorian defaults, weeks start Sunday, 1 day minimum): 2026-01-01 is a Thursday,
/// week 1 of 2026; 2026-12-27 (a Sunday) starts week 1 of yearForWeekOfYear 2027, because that
/// week holds Jan 1–2, 2027.
struct DateFields {
    let year: Int
    let month: Int
    let day: Int
    let dayNumber: Int64
    let weekday: Int
    let daysInMonth: Int
    let dayOfYear: Int

    init(dayNumber: Int64) {
        let (y, m, d) = CivilArithmetic.civilFromDays(dayNumber)
        year = Int(y); month = Int(m); day = Int(d)
        self.dayNumber = dayNumber
        weekday = CivilArithmetic.weekday(ofDay: dayNumber)
        daysInMonth = Int(CivilArithmetic.daysInMonth(year: y, month: m))
        dayOfYear = Int(dayNumber - CivilArithmetic.daysFromCivil(year: y, month: 1, day: 1)) + 1
    }

    /// 1 for days 1–7, 2 for 8–14, …
    var weekdayOrdinal: Int { (day - 1) / 7 + 1 }
    /// -1 for the last seven days of the month, -2 for the seven before, …
    var weekdayOrdinalFromEnd: Int { -((daysInMonth - day) / 7 + 1) }

    /// ICU `Calendar::weekNumber`: the week of `desiredDay` in a period where day `dayOfPeriod`
    /// falls on `dayOfWeek`; week 0 holds the days before the first full(-enough) week.
    static func weekNumber(desiredDay: Int, dayOfPeriod: Int, dayOfWeek: Int, rules: WeekRules) -> Int {
        var periodStartDayOfWeek = (dayOfWeek - rules.firstWeekday - dayOfPeriod + 1) % 7
        if periodStartDayOfWeek < 0 { periodStartDayOfWeek += 7 }
        var week = (desiredDay + periodStartDayOfWeek - 1) / 7
        if 7 - periodStartDayOfWeek >= rules.minimumDaysInFirstWeek { week += 1 }
        return week
    }

    func weekOfMonth(_ rules: WeekRules) -> Int {
        Self.weekNumber(desiredDay: day, dayOfPeriod: day, dayOfWeek: weekday, rules: rules)
    }

    /// `(weekOfYear, yearForWeekOfYear)` as ICU computes them (weeks at the year's edges may
    /// belong to the neighbouring year).
    func weekOfYear(_ rules: WeekRules) -> (week: Int, yearForWeek: Int) {
        let relDow = (weekday + 7 - rules.firstWeekday) % 7
        let relDowJan1 = (weekday - dayOfYear + 7001 - rules.firstWeekday) % 7
        var week = (dayOfYear - 1 + relDowJan1) / 7
        if 7 - relDowJan1 >= rules.minimumDaysInFirstWeek { week += 1 }
        var yearForWeek = year
        if week == 0 {
            let previousLength = CivilArithmetic.isLeapYear(Int64(year - 1)) ? 366 : 365
            let previousDoy = dayOfYear + previousLength
            week = Self.weekNumber(desiredDay: previousDoy, dayOfPeriod: previousDoy, dayOfWeek: weekday, rules: rules)
            yearForWeek -= 1
        } else {
            let lastDoy = CivilArithmetic.isLeapYear(Int64(year)) ? 366 : 365
            if dayOfYear >= lastDoy - 5 {
                var lastRelDow = (relDow + lastDoy - dayOfYear) % 7
                if lastRelDow < 0 { lastRelDow += 7 }
                if 6 - lastRelDow >= rules.minimumDaysInFirstWeek && dayOfYear + 7 - relDow > lastDoy {
                    week = 1
                    yearForWeek += 1
                }
            }
        }
        return (week, yearForWeek)
    }
}
