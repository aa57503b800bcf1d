/// One year of an RFC 7529 calendar (`RScaleCalendar`): its days and its months, as day numbers
/// (days since 1970-01-01, the civil day, midnight to midnight). Hebrew 5784 (a leap year) has 13
/// months, the sixth of them `5L` (Adar I); Chinese 4651 (2014) has a leap ninth month `9L`.
struct RScaleYear: RRuleCalendarYear {
    /// The calendar's year number (ICU's extended year: no eras, one number per year).
    let number: Int64
    let firstDay: Int64
    let dayCount: Int64
    /// In order; `months[0].firstDay == firstDay`, each month starts where the one before ends.
    let months: [RRuleMonth]

    var monthCount: Int { months.count }

    @inline(__always)
    func month(_ index: Int) -> RRuleMonth { months[index] }

    /// The index in `months` of the month holding `day` (which must lie in the year).
    @inline(__always)
    func monthIndex(containing day: Int64) -> Int {
        var i = months.count - 1
        while i > 0 && months[i].firstDay > day { i -= 1 }
        return i
    }

    /// The index of month `number` (with RFC 7529's `L` when `leap`), or nil when the year has none.
    @inline(__always)
    func monthIndex(number: Int, leap: Bool) -> Int? {
        months.firstIndex { $0.number == number && $0.leap == leap }
    }
}
