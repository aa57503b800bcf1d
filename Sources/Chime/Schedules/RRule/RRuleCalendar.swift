/// The calendar an RRULE counts its years, months, month days and year days in: RFC 5545's
/// Gregorian calendar (`GregorianRRuleCalendar`, by arithmetic) or an RFC 7529 `RSCALE` calendar
/// (`RScaleCalendar`, ICU's month tables). Days (days since 1970-01-01), weekdays, weeks (WKST) and
/// times of day are the same in every calendar, so this is all `RRuleExpansion` asks of one.
/// The expansion is generic over it and specialised at compile time, so the Gregorian walk pays
/// for no table, lock or indirect call.
protocol RRuleCalendar: Sendable {
    associatedtype Year: RRuleCalendarYear

    /// The RSCALE name (`GREGORIAN`, `HEBREW`), for errors.
    var name: String { get }
    /// Year `number`, or nil outside the calendar's range.
    func year(_ number: Int64) -> Year?
    /// The year holding day `day`, or nil outside the calendar's range.
    func year(containing day: Int64) -> Year?
    /// The index of year `number`'s first month in one count of all months (MONTHLY's periods);
    /// nil outside the range.
    func monthsBefore(year number: Int64) -> Int64?
    /// The year and month index of month `index` of that count.
    func month(atIndex index: Int64) -> (year: Year, month: Int)?

    /// The days, years and months after which the calendar repeats (the Gregorian 400 years), or
    /// nil. A rule that finds no instance in a whole cycle never will: the walk stops.
    var cycle: (days: Int64, years: Int64, months: Int64)? { get }
    /// Every month has day `day`: a MONTHLY rule on it holds one instance a period, by arithmetic.
    func everyMonthHas(day: Int64) -> Bool
    /// Every year has day `day` of month `key` (`RRuleMonth.key`): the same for a YEARLY rule.
    func everyYearHas(day: Int64, ofMonth key: Int) -> Bool
    /// The most months and days a year can have (BYSETPOS's reach: a position past every
    /// period's size selects nothing).
    var mostMonths: Int { get }
    var maxYearDays: Int { get }
    /// The most days a month can have: a BYMONTHDAY beyond it, either way, names no day.
    var longestMonth: Int { get }
}

/// One year of an `RRuleCalendar`: its days and months as day numbers.
protocol RRuleCalendarYear: Sendable {
    var number: Int64 { get }
    var firstDay: Int64 { get }
    var dayCount: Int64 { get }
    var monthCount: Int { get }
    /// Month `index` (0 ..< `monthCount`, in order; the first starts on `firstDay`).
    func month(_ index: Int) -> RRuleMonth
    /// The index of the month holding `day`, which must lie in the year.
    func monthIndex(containing day: Int64) -> Int
    /// The index of month `number` (a leap month when `leap`), or nil when the year has none.
    func monthIndex(number: Int, leap: Bool) -> Int?
}

extension RRuleCalendarYear {
    var lastDay: Int64 { firstDay + dayCount - 1 }
}

/// One month of a calendar year, numbered as RFC 7529 writes BYMONTH: 1… in the year's order, a
/// leap month carrying the number of the month it follows (Chinese `4L` after the fourth month)
/// or, in the Hebrew calendar, `5L` for Adar I (between Shevat, 5, and Adar, 6).
struct RRuleMonth: Sendable, Hashable {
    let number: Int
    let leap: Bool
    let firstDay: Int64
    let dayCount: Int64

    var lastDay: Int64 { firstDay + dayCount - 1 }
    /// The BYMONTH key of this month: number × 2, + 1 for a leap month.
    var key: Int { number * 2 + (leap ? 1 : 0) }
}
