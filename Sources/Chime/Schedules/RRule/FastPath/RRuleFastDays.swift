/// What both RRULE fast paths (`RRuleDatedFastPath`, `RRuleDayWeekFastPath`) compute the same
/// way: a span of days (a month, a week) as a bit mask — bit i is the span's first day + i — and
/// the wall times of those days: each day × the day's times (BYHOUR × BYMINUTE × BYSECOND), or the
/// BYSETPOS picks among them.
///
/// Example: `FREQ=MONTHLY;BYMONTHDAY=1,-1;BYHOUR=9,17` in February 2026 (28 days, day 20,485
/// since 1970 its first): the month's mask is bits 0 and 27, the times 32,400 and 61,200 s;
/// `first` at or after 2026-02-01T10:00 (local seconds 1,769,940,000) is 17:00 that day,
/// 1,769,965,200, and with `BYSETPOS=-1` the only pick is 2026-02-28T17:00.
enum RRuleFastDays {
    /// BYMONTHDAY's days of a month of each length (index 0…31), or empty when every day passes.
    static func monthDayMasks<C>(_ e: RRuleExpansion<C>) -> [UInt32] {
        guard e.monthDayPositive | e.monthDayNegative != 0 else { return [] }
        return (0...31).map { length in
            var mask: UInt32 = 0
            for d in 1...31 where d <= length {
                if e.monthDayPositive & (1 << UInt32(d)) != 0 || e.monthDayNegative & (1 << UInt32(length - d + 1)) != 0 {
                    mask |= 1 << UInt32(d - 1)
                }
            }
            return mask
        }
    }

    /// The days of a 31-day span whose first day is each weekday (index 0 = Sunday) on which one
    /// of the `passing` weekdays (bit 0 = Sunday) falls.
    static func weekdayMasks(passing: UInt8) -> [UInt32] {
        (0..<7).map { first in
            var mask: UInt32 = 0
            for i in 0..<31 where passing & (1 << UInt8((first + i) % 7)) != 0 { mask |= 1 << UInt32(i) }
            return mask
        }
    }

    /// The most wall times a day a fast path takes (BYHOUR × BYMINUTE × BYSECOND).
    static let maxTimes = 1_440

    /// Whether the rule's times of day are ones a fast path takes: at least one, at most `maxTimes`.
    static func takesTimes<C>(_ e: RRuleExpansion<C>) -> Bool {
        !e.hours.isEmpty && !e.minutes.isEmpty && !e.seconds.isEmpty && e.hours.count * e.minutes.count * e.seconds.count <= maxTimes
    }

    /// BYHOUR × BYMINUTE × BYSECOND as seconds of the day, in the expansion's order (ascending).
    static func times<C>(_ e: RRuleExpansion<C>) -> [Int64] {
        var times: [Int64] = []
        for h in e.hours { for m in e.minutes { for s in e.seconds { times.append(h * 3600 + m * 60 + s) } } }
        return times
    }

    /// The least distance between two candidates: two of a day's `times`, or the last of a day and
    /// the first of the next day that has candidates, `daysApart` days on at the nearest.
    static func minimalGap(_ times: [Int64], daysApart: Int64) -> Int64 {
        var gap: Int64 = daysApart * 86_400 + times[0] - times[times.count - 1]
        for i in times.indices.dropFirst() { gap = min(gap, times[i] - times[i - 1]) }
        return gap
    }

    /// The first wall time at or after `minimum` on the days `days` of a span from `firstDay`:
    /// every day's `times`, or with `setPositions` (BYSETPOS over the span) the picked ones.
    @inline(__always)
    static func first(_ days: UInt32, from firstDay: Int64, atLeast minimum: Int64, times: [Int64], setPositions: [Int]) -> Int64? {
        guard days != 0 else { return nil }
        if !setPositions.isEmpty { return pick(days, from: firstDay, atLeast: minimum, times: times, setPositions: setPositions) }
        var rest = UInt64(days)
        if minimum > firstDay &* 86_400 {
            let (minimumDay, time) = CivilArithmetic.floorDivMod(minimum, 86_400)
            let d = minimumDay - firstDay
            guard d < 32 else { return nil }
            if rest & (1 << UInt64(d)) != 0 {
                // The first time of that day at or after the minimum (the times ascend).
                for t in times where t >= time { return minimumDay &* 86_400 &+ t }
            }
            rest &= ~((2 << UInt64(d)) - 1)
            guard rest != 0 else { return nil }
        }
        return (firstDay + Int64(rest.trailingZeroBitCount)) &* 86_400 &+ times[0]
    }

    /// BYSETPOS in one span: the least picked wall time at or after `minimum`.
    static func pick(_ days: UInt32, from firstDay: Int64, atLeast minimum: Int64, times: [Int64], setPositions: [Int]) -> Int64? {
        let perDay = times.count, size = days.nonzeroBitCount * perDay
        var best = Int64.max
        for position in setPositions {
            let index = position > 0 ? position - 1 : size + position
            guard index >= 0 && index < size else { continue }
            let wall = (firstDay + Int64(select(days, index / perDay))) &* 86_400 &+ times[index % perDay]
            if wall >= minimum && wall < best { best = wall }
        }
        return best == Int64.max ? nil : best
    }

    /// The position of the `k`-th (from 0) set bit of `mask`, which has more than `k`.
    @inline(__always)
    static func select(_ mask: UInt32, _ k: Int) -> Int {
        var m = mask
        for _ in 0..<k { m &= m - 1 }
        return m.trailingZeroBitCount
    }
}
