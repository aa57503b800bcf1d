/// The candidate wall times of a MONTHLY or YEARLY rule by closed forms, without a buffer: a
/// month's days are a bit mask (bit i = day i + 1) built from the month's length and the weekday
/// of its first day — BYMONTHDAY (positive and from the end), BYDAY (every such weekday:
/// `0b1_0000001_0000001…` shifted; numbered: one bit, counted in the month or, for YEARLY without
/// BYMONTH, in the year), BYYEARDAY — and a period's instances are those days × the day's times
/// (BYHOUR × BYMINUTE × BYSECOND), BYSETPOS picking positions in that product by counting bits.
/// It jumps to the period holding the start (`firstPeriodNumber`'s arithmetic), so the cost does
/// not grow with the distance from DTSTART, and allocates nothing.
///
/// It answers the same as `RRuleExpansion.candidates` (`RRuleFastPathTests` holds the two
/// together), for the rules it takes: FREQ=MONTHLY or YEARLY, no BYWEEKNO, SKIP=OMIT, at most
/// `RRuleFastDays.maxTimes` times a day, months of at most 31 days. Anything else has no fast path; a period
/// search that finds nothing within `maxPeriods` periods gives up (nil) and the general walk answers.
final class RRuleDatedFastPath: Sendable {
    let monthly: Bool
    let interval: Int64
    let startPeriod: Int64
    /// BYMONTH as a mask of `RRuleMonth.key` bits (0: every month) and as ascending keys.
    let monthMask: UInt32
    let monthKeys: [Int]
    /// BYMONTHDAY's days of a month of each length (index 0…31), or empty when every day passes.
    let monthDays: [UInt32]
    /// BYDAY given; its plain weekdays' days of a month starting on each weekday (index 0 = Sunday).
    let hasDayOfWeek: Bool
    let plainDays: [UInt32]
    /// Numbered BYDAY entries whose weekday can pass: (ordinal, weekday 0 = Sunday).
    let ordinals: [(n: Int64, weekday: Int64)]
    let ordinalsInYear: Bool
    /// BYDAY counted in the month: its days (plain and numbered) of a month starting on weekday w
    /// (0 = Sunday) with n days, at index w × 32 + n; empty when BYDAY counts in the year or is not given.
    let weekdayDays: [UInt32]
    let yearDays: [Int64]
    /// The times of day (seconds), ascending, each once.
    let times: [Int64]
    let setPositions: [Int]
    /// The least distance between two candidate wall times (consecutive times, or a day).
    let minimalGap: Int64

    /// Periods tried before giving the search to the general walk (a rule that matches rarely,
    /// `FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29`, can skip 7 years).
    static let maxPeriods = 48

    /// The fast path of `e`, or nil when the rule is not one it takes.
    init?<C>(_ e: RRuleExpansion<C>) {
        guard e.frequency == .monthly || e.frequency == .yearly, e.weekNumbers.isEmpty, e.skip == .omit, !e.spills,
              !e.neverMatches, e.interval >= 1, e.interval <= 1_200,
              RRuleFastDays.takesTimes(e)
        else { return nil }
        monthly = e.frequency == .monthly
        interval = e.interval
        startPeriod = e.startPeriod
        monthMask = e.monthMask
        monthKeys = e.monthKeys
        monthDays = RRuleFastDays.monthDayMasks(e)
        hasDayOfWeek = e.hasDayOfWeek
        plainDays = RRuleFastDays.weekdayMasks(passing: e.weekdaysPassing)
        // `passes` tests `weekdaysNamed` first: an ordinal whose weekday it leaves out never matches.
        ordinals = e.ordinals.compactMap { entry in
            let weekday = Int64(entry.weekday.rawValue - 1)
            return e.weekdaysNamed & (1 << UInt8(weekday)) != 0 ? (Int64(entry.ordinal!), weekday) : nil
        }
        ordinalsInYear = e.ordinalsInYear
        let plain = plainDays, numbered = ordinals
        weekdayDays = !e.hasDayOfWeek || e.ordinalsInYear ? [] : (0..<7 * 32).map { i in
            let first = Int64(i / 32), length = Int64(i % 32)
            var days = plain[Int(first)] & (length >= 32 ? UInt32.max : (1 << UInt32(length)) - 1)
            for (n, weekday) in numbered {
                if let day = Self.ordinalIndex(n, weekday, startWeekday: first, count: length) { days |= 1 << UInt32(day) }
            }
            return days
        }
        yearDays = e.yearDays.map(Int64.init)
        times = RRuleFastDays.times(e)
        setPositions = e.setPositions
        minimalGap = RRuleFastDays.minimalGap(times, daysApart: 1)
    }

    /// The first candidate wall time at or after `floor` (which must be after DTSTART), or nil
    /// when this path gives up (no year from `years`, no instance within `maxPeriods` periods).
    @inline(__always)
    func next<S: RRuleFastYears>(atLeast floor: Int64, years: S) -> Int64? {
        let floorDay = CivilArithmetic.floorDivMod(floor, 86_400).quotient
        guard var y = years.year(containing: floorDay) else { return nil }
        var minimum = floor
        if monthly {
            var index = y.monthIndex(containing: floorDay)
            guard let before = years.monthsBefore(y) else { return nil }
            let r = CivilArithmetic.floorDivMod(before + Int64(index) - startPeriod, interval).remainder
            var step = r == 0 ? 0 : interval - r
            for _ in 0..<Self.maxPeriods {
                if step > 0 {
                    guard advance(&y, &index, by: step, years) else { return nil }
                    minimum = Int64.min
                }
                let m = y.month(index)
                if monthMask == 0 || monthMask & (1 << UInt32(m.key)) != 0 {
                    guard m.dayCount <= 31 else { return nil }
                    let days = dayMask(m, y)
                    if let wall = first(days, m.firstDay, minimum) { return wall }
                }
                step = interval
            }
            return nil
        }
        let r = CivilArithmetic.floorDivMod(y.number - startPeriod, interval).remainder
        if r != 0 {
            guard let later = years.year(y.number + interval - r) else { return nil }
            y = later
            minimum = Int64.min
        }
        for _ in 0..<Self.maxPeriods {
            switch firstInYear(y, minimum) {
            case .wall(let wall): return wall
            case .giveUp: return nil
            case .none: break
            }
            guard let later = years.year(y.number + interval) else { return nil }
            y = later
            minimum = Int64.min
        }
        return nil
    }

    /// Month `index` of `y` moved on by `step` months (across years).
    @inline(__always)
    private func advance<S: RRuleFastYears>(_ y: inout S.Year, _ index: inout Int, by step: Int64, _ years: S) -> Bool {
        var i = Int64(index) + step
        while i >= Int64(y.monthCount) {
            i -= Int64(y.monthCount)
            guard let next = years.year(y.number + 1) else { return false }
            y = next
        }
        index = Int(i)
        return true
    }

    private enum YearOutcome { case wall(Int64), none, giveUp }

    /// The first candidate of year `y` at or after `minimum`.
    private func firstInYear<Y: RRuleCalendarYear>(_ y: Y, _ minimum: Int64) -> YearOutcome {
        if !setPositions.isEmpty { return pickInYear(y, minimum) }
        let minimumDay = CivilArithmetic.floorDivMod(minimum, 86_400).quotient
        if monthKeys.isEmpty {
            var i = minimumDay > y.firstDay && minimumDay <= y.lastDay ? y.monthIndex(containing: minimumDay) : 0
            if minimumDay > y.lastDay { return .none }
            while i < y.monthCount {
                let m = y.month(i)
                guard m.dayCount <= 31 else { return .giveUp }
                if let wall = first(dayMask(m, y), m.firstDay, minimum) { return .wall(wall) }
                i += 1
            }
            return .none
        }
        for key in monthKeys {
            guard let i = y.monthIndex(number: key / 2, leap: key % 2 == 1) else { continue }
            let m = y.month(i)
            if m.lastDay < minimumDay { continue }
            guard m.dayCount <= 31 else { return .giveUp }
            if let wall = first(dayMask(m, y), m.firstDay, minimum) { return .wall(wall) }
        }
        return .none
    }

    /// BYSETPOS over a whole year: its months' masks, then each position's day and time.
    private func pickInYear<Y: RRuleCalendarYear>(_ y: Y, _ minimum: Int64) -> YearOutcome {
        var masks = InlineArray<14, UInt32>(repeating: 0)
        var firsts = InlineArray<14, Int64>(repeating: 0)
        var count = 0, total = 0
        func add(_ m: RRuleMonth) -> Bool {
            guard m.dayCount <= 31, count < 14 else { return false }
            masks[count] = dayMask(m, y)
            firsts[count] = m.firstDay
            total += masks[count].nonzeroBitCount
            count += 1
            return true
        }
        if monthKeys.isEmpty {
            for i in 0..<y.monthCount where !add(y.month(i)) { return .giveUp }
        } else {
            for key in monthKeys {
                guard let i = y.monthIndex(number: key / 2, leap: key % 2 == 1) else { continue }
                if !add(y.month(i)) { return .giveUp }
            }
        }
        let perDay = times.count, size = total * perDay
        var best = Int64.max
        for position in setPositions {
            let index = position > 0 ? position - 1 : size + position
            guard index >= 0 && index < size else { continue }
            var dayIndex = index / perDay
            var month = 0
            while dayIndex >= masks[month].nonzeroBitCount {
                dayIndex -= masks[month].nonzeroBitCount
                month += 1
            }
            let wall = (firsts[month] + Int64(RRuleFastDays.select(masks[month], dayIndex))) &* 86_400 &+ times[index % perDay]
            if wall >= minimum && wall < best { best = wall }
        }
        return best == Int64.max ? .none : .wall(best)
    }

    /// The days of month `m` (of year `y`) that pass BYMONTHDAY, BYDAY and BYYEARDAY.
    @inline(__always)
    func dayMask<Y: RRuleCalendarYear>(_ m: RRuleMonth, _ y: Y) -> UInt32 {
        let length = Int(m.dayCount)
        let all: UInt32 = length >= 32 ? UInt32.max : (1 << UInt32(length)) - 1
        var mask = monthDays.isEmpty ? all : monthDays[length]
        if !weekdayDays.isEmpty {
            mask &= weekdayDays[Int(Self.weekday(of: m.firstDay)) * 32 + length]
        } else if hasDayOfWeek {
            // Numbered weekdays counted in the year.
            var days = plainDays[Int(Self.weekday(of: m.firstDay))] & all
            let startWeekday = Self.weekday(of: y.firstDay), before = m.firstDay - y.firstDay
            for (n, weekday) in ordinals {
                guard let index = Self.ordinalIndex(n, weekday, startWeekday: startWeekday, count: y.dayCount) else { continue }
                let day = index - before
                if day >= 0 && day < length { days |= 1 << UInt32(day) }
            }
            mask &= days
        }
        if !yearDays.isEmpty {
            var days: UInt32 = 0
            let start = m.firstDay - y.firstDay
            for v in yearDays {
                let day = (v > 0 ? v - 1 : y.dayCount + v) - start
                if day >= 0 && day < length { days |= 1 << UInt32(day) }
            }
            mask &= days
        }
        return mask
    }

    /// The first candidate of a month (its days `days`, from `firstDay`) at or after `minimum`.
    @inline(__always)
    private func first(_ days: UInt32, _ firstDay: Int64, _ minimum: Int64) -> Int64? {
        RRuleFastDays.first(days, from: firstDay, atLeast: minimum, times: times, setPositions: setPositions)
    }

    /// The day index (from 0) of the n-th (n < 0: from the end) `weekday` in a span of `count` days
    /// whose first day is `startWeekday` (0 = Sunday), or nil when the span has no such day.
    @inline(__always)
    static func ordinalIndex(_ n: Int64, _ weekday: Int64, startWeekday: Int64, count: Int64) -> Int64? {
        let offset = (weekday - startWeekday + 7) % 7
        let index = n > 0 ? offset + 7 * (n - 1) : offset + 7 * ((count - 1 - offset) / 7) + 7 * (n + 1)
        return index >= 0 && index < count ? index : nil
    }

    /// 0 = Sunday.
    @inline(__always)
    static func weekday(of day: Int64) -> Int64 {
        let r = (day + 4) % 7
        return r < 0 ? r + 7 : r
    }
}

/// Where the fast path reads a calendar's years: the Gregorian calendar by arithmetic, an RSCALE
/// calendar through its trigger's `RScaleYearCache`.
protocol RRuleFastYears {
    associatedtype Year: RRuleCalendarYear
    func year(_ number: Int64) -> Year?
    func year(containing day: Int64) -> Year?
    /// Months before `year` in the count MONTHLY's periods use (`RRuleCalendar.monthsBefore`).
    func monthsBefore(_ year: Year) -> Int64?
}

extension GregorianRRuleCalendar: RRuleFastYears {
    @inline(__always)
    func monthsBefore(_ year: Year) -> Int64? { year.number * 12 }
}
