/// One year of an RFC 7529 calendar (`RScaleCalendar`): its days and its months, as day numbers
/// (days since 1970-01-01, the civil day, midnight to midnight). Hebrew 5784 (a leap year) has 13
/// months, the sixth of them `5L` (Adar I); Chinese 4651 (2014) has a leap ninth month `9L`.
struct RScaleYear: Sendable {
    /// The calendar's year number (ICU's extended year: no eras, one number per year).
    let number: Int64
    let firstDay: Int64
    let dayCount: Int64
    /// In order; `months[0].firstDay == firstDay`, each month starts where the one before ends.
    let months: [RScaleMonth]

    var lastDay: Int64 { firstDay + dayCount - 1 }

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

/// One month of an `RScaleYear`, numbered as RFC 7529 writes BYMONTH: 1… in the year's order,
/// a leap month carrying the number of the month it follows (Chinese `4L` after the fourth month)
/// or, in the Hebrew calendar, `5L` for Adar I (between Shevat, 5, and Adar, 6).
struct RScaleMonth: Sendable, Hashable {
    let number: Int
    let leap: Bool
    let firstDay: Int64
    let dayCount: Int64

    var lastDay: Int64 { firstDay + dayCount - 1 }
    /// The BYMONTH key of this month: number × 2, + 1 for a leap month.
    var key: Int { number * 2 + (leap ? 1 : 0) }
}
