/// RFC 5545's calendar: the proleptic Gregorian calendar by `CivilArithmetic`, with no table and
/// no ICU. Its MONTHLY count is months since year 0 (`year × 12 + month − 1`). It repeats every
/// 400 years (146,097 days, a whole number of weeks), so a rule without an instance in one such
/// cycle has none.
struct GregorianRRuleCalendar: RRuleCalendar {
    struct Year: RRuleCalendarYear {
        let number: Int64
        let firstDay: Int64
        let isLeap: Bool

        @inline(__always)
        init(_ number: Int64) {
            self.number = number
            firstDay = CivilArithmetic.daysFromCivil(year: number, month: 1, day: 1)
            isLeap = CivilArithmetic.isLeapYear(number)
        }

        var dayCount: Int64 { isLeap ? 366 : 365 }
        var monthCount: Int { 12 }

        /// Days in the year before month `m` (1…12): ⌊(367m − 362) / 12⌋, less 2 (1 in a leap
        /// year) from March on, February being 28 (29) days rather than the formula's 30.
        @inline(__always)
        private func daysBefore(_ m: Int64) -> Int64 {
            (367 * m - 362) / 12 - (m <= 2 ? 0 : isLeap ? 1 : 2)
        }

        @inline(__always)
        func month(_ index: Int) -> RRuleMonth {
            let m = Int64(index + 1)
            // 31 in months 1, 3, 5, 7, 8, 10, 12: the parity of m + ⌊m / 8⌋.
            let length = m == 2 ? (isLeap ? 29 : 28) : 30 + ((m + m / 8) & 1)
            return RRuleMonth(number: index + 1, leap: false, firstDay: firstDay + daysBefore(m), dayCount: length)
        }

        @inline(__always)
        func monthIndex(containing day: Int64) -> Int {
            let offset = day - firstDay
            var m = offset / 32 + 1                    // at most one month early
            while m < 12 && daysBefore(m + 1) <= offset { m += 1 }
            return Int(m - 1)
        }

        func monthIndex(number: Int, leap: Bool) -> Int? {
            !leap && (1...12).contains(number) ? number - 1 : nil
        }
    }

    var name: String { "GREGORIAN" }

    @inline(__always)
    func year(_ number: Int64) -> Year? { Year(number) }

    @inline(__always)
    func year(containing day: Int64) -> Year? { Year(CivilArithmetic.civilFromDays(day).year) }

    func monthsBefore(year number: Int64) -> Int64? { number * 12 }

    @inline(__always)
    func month(atIndex index: Int64) -> (year: Year, month: Int)? {
        let (y, m) = CivilArithmetic.floorDivMod(index, 12)
        return (Year(y), Int(m))
    }

    var cycle: (days: Int64, years: Int64, months: Int64)? { (CivilArithmetic.daysPer400Years, 400, 4_800) }
    func everyMonthHas(day: Int64) -> Bool { day <= 28 }
    func everyYearHas(day: Int64, ofMonth key: Int) -> Bool { !(key == 4 && day == 29) }     // February is key 4
    var mostMonths: Int { 12 }
    var maxYearDays: Int { 366 }
    var longestMonth: Int { 31 }
}
