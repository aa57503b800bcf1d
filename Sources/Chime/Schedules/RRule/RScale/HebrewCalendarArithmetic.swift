/// The Hebrew calendar's years by its own arithmetic (Reingold & Dershowitz, *Calendrical
/// Calculations*, "hebrew-calendar-elapsed-days", "hebrew-year-length-correction",
/// "hebrew-new-year"), not by ICU: ICU 72 (and Foundation's newer ICU) makes Heshvan 5806 30 days,
/// so every date from 1 Kislev 5806 to 1 Tishri 5807 came out a day late (Hanukkah 2045-12-05,
/// published 12-04; Rosh Hashanah 5807 2046-10-02, published 10-01).
///
/// A year begins on 1 Tishri: the molad (mean new moon) of Tishri counted in parts (1/1080 hour)
/// from the epoch, moved by the postponement rules; the year's length (353–355 or 383–385 days)
/// is the distance to the next new year, and its last digit says which of Heshvan and Kislev
/// have 29 or 30 days. Worked example: 5807 begins 2046-10-01, 5806 on 2045-09-12, so 5806 has
/// 384 days — a leap year ((7 × 5806 + 1) mod 19 = 6 < 7), regular: Heshvan 29, Kislev 30, and
/// 25 Kislev (Hanukkah) is 2045-12-04.
enum HebrewCalendarArithmetic {
    /// 1 Tishri AM 1 as days since 1970-01-01 (R.D. −1,373,427; 1970-01-01 is R.D. 719,163).
    static let epoch: Int64 = -1_373_427 - 719_163

    /// Days from the epoch to the molad of Tishri of year `y`, postponed a day when it falls on
    /// Sunday, Wednesday or Friday (lo ADU rosh).
    static func elapsedDays(_ y: Int64) -> Int64 {
        let months = CivilArithmetic.floorDivMod(235 * y - 234, 19).quotient
        let parts = 12_084 + 13_753 * months
        let days = 29 * months + CivilArithmetic.floorDivMod(parts, 25_920).quotient
        return CivilArithmetic.floorDivMod(3 * (days + 1), 7).remainder < 3 ? days + 1 : days
    }

    /// 1 Tishri of year `y`, days since 1970-01-01: two more days when the next year would be 356
    /// days long, one when the year before would be 382.
    static func newYear(_ y: Int64) -> Int64 {
        let (before, this, next) = (elapsedDays(y - 1), elapsedDays(y), elapsedDays(y + 1))
        return epoch + this + (next - this == 356 ? 2 : this - before == 382 ? 1 : 0)
    }

    /// Seven leap years (13 months) in every 19.
    static func isLeap(_ y: Int64) -> Bool {
        CivilArithmetic.floorDivMod(7 * y + 1, 19).remainder < 7
    }

    /// Year `y`'s months numbered as RFC 7529 writes them (Tishri 1 … Shevat 5, Adar I `5L` in a
    /// leap year, Adar 6 … Elul 12).
    static func year(_ y: Int64) -> RScaleYear {
        let first = newYear(y)
        let length = newYear(y + 1) - first
        let heshvan: Int64 = length % 10 == 5 ? 30 : 29      // a complete year (355, 385)
        let kislev: Int64 = length % 10 == 3 ? 29 : 30       // a deficient year (353, 383)
        var lengths: [(number: Int, leap: Bool, days: Int64)] = [(1, false, 30), (2, false, heshvan), (3, false, kislev), (4, false, 29), (5, false, 30)]
        if isLeap(y) { lengths.append((5, true, 30)) }
        lengths += [(6, false, 29), (7, false, 30), (8, false, 29), (9, false, 30), (10, false, 29), (11, false, 30), (12, false, 29)]
        var months: [RRuleMonth] = []
        months.reserveCapacity(lengths.count)
        var day = first
        for month in lengths {
            months.append(RRuleMonth(number: month.number, leap: month.leap, firstDay: day, dayCount: month.days))
            day += month.days
        }
        assert(day == first + length, "Hebrew year \(y): months add up to \(day - first) days, not \(length)")
        return RScaleYear(number: y, firstDay: first, dayCount: length, months: months)
    }
}
