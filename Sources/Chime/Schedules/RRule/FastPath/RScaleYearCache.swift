import Synchronization

/// The years of an RSCALE calendar one trigger has used, kept on the trigger (in its `RRulePlan`)
/// for `RRuleDatedFastPath`: 16 slots, year n in slot n mod 16, each a year's months as day offsets
/// in fixed storage, so a next fire reads them under one lock without a dictionary, hashing,
/// reference counting or allocation. A miss asks the calendar (`RScaleCalendar.year`, which asks
/// ICU once per year per process) and fills the slot.
///
/// Shared by every copy of the trigger and every thread: the slots sit behind a `Mutex`, and a
/// year is copied out by value.
final class RScaleYearCache: RRuleFastYears, Sendable {
    let calendar: RScaleCalendar
    private let slots = Mutex(InlineArray<16, CachedRScaleYear?>(repeating: nil))

    init(calendar: RScaleCalendar) {
        self.calendar = calendar
    }

    func year(_ number: Int64) -> CachedRScaleYear? {
        let slot = Int(number & 15)
        if let hit = slots.withLock({ s -> CachedRScaleYear? in
            if let y = s[slot], y.number == number { return y }
            return nil
        }) { return hit }
        return fill(calendar.year(number))
    }

    func year(containing day: Int64) -> CachedRScaleYear? {
        if let hit = slots.withLock({ s -> CachedRScaleYear? in
            for i in 0..<16 {
                if let y = s[i], day >= y.firstDay, day < y.firstDay + y.dayCount { return y }
            }
            return nil
        }) { return hit }
        return fill(calendar.year(containing: day))
    }

    func monthsBefore(_ year: CachedRScaleYear) -> Int64? { year.monthsBefore }

    private func fill(_ year: RScaleYear?) -> CachedRScaleYear? {
        guard let year, let before = calendar.monthsBefore(year: year.number), let cached = CachedRScaleYear(year, monthsBefore: before)
        else { return nil }
        slots.withLock { $0[Int(year.number & 15)] = cached }
        return cached
    }
}

/// One RSCALE year in fixed storage (at most 13 months), with its MONTHLY count.
struct CachedRScaleYear: RRuleCalendarYear {
    let number: Int64
    let firstDay: Int64
    let dayCount: Int64
    let monthsBefore: Int64
    let monthCount: Int
    /// Month i's first day minus the year's (i ≤ `monthCount`; the last is the year's length).
    private var starts = InlineArray<14, Int16>(repeating: 0)
    /// Month i's `RRuleMonth.key`.
    private var keys = InlineArray<13, UInt8>(repeating: 0)

    init?(_ year: RScaleYear, monthsBefore: Int64) {
        guard year.months.count <= 13, year.dayCount < Int64(Int16.max) else { return nil }
        number = year.number
        firstDay = year.firstDay
        dayCount = year.dayCount
        self.monthsBefore = monthsBefore
        monthCount = year.months.count
        for (i, m) in year.months.enumerated() {
            starts[i] = Int16(m.firstDay - year.firstDay)
            keys[i] = UInt8(m.key)
        }
        starts[monthCount] = Int16(year.dayCount)
    }

    @inline(__always)
    func month(_ index: Int) -> RRuleMonth {
        let key = Int(keys[index]), start = Int64(starts[index])
        return RRuleMonth(number: key / 2, leap: key % 2 == 1, firstDay: firstDay + start, dayCount: Int64(starts[index + 1]) - start)
    }

    @inline(__always)
    func monthIndex(containing day: Int64) -> Int {
        let offset = day - firstDay
        var i = 0
        while i + 1 < monthCount && Int64(starts[i + 1]) <= offset { i += 1 }
        return i
    }

    func monthIndex(number: Int, leap: Bool) -> Int? {
        let key = UInt8(number * 2 + (leap ? 1 : 0))
        for i in 0..<monthCount where keys[i] == key { return i }
        return nil
    }
}
