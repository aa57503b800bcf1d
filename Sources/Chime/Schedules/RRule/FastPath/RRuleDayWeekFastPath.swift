/// The candidate wall times of a WEEKLY or DAILY rule with BY parts by arithmetic, without a
/// buffer: the periods are fixed spans of days (a week from WKST, a day), so the period holding a
/// wall time and the next one `DTSTART's + k × INTERVAL` are a division away; a week's days are a
/// 7-bit mask (bit i = the week's first day + i) of the weekdays BYDAY names, a DAILY day passes
/// by its weekday, and BYMONTH and BYMONTHDAY, where given, are read from the month holding the day
/// (a month's days as a bit mask, as `RRuleDatedFastPath` builds them). A period's instances are its
/// days × the day's times (BYHOUR × BYMINUTE × BYSECOND); BYSETPOS picks positions in that product —
/// for DAILY one day's times, the same picks every day, so they are chosen once here. It allocates
/// nothing per fire and its cost does not grow with the distance from DTSTART.
///
/// Example: `DTSTART:20260105T090000` (a Monday), `FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU`.
/// Weeks start on Sunday: week p begins on day 7p − 4 + 0 (1970-01-01, day 0, was a Thursday), so
/// DTSTART's day 20,458 is in week 2,923 (its Sunday, 2026-01-04, is day 20,457). The week mask is
/// bits 2 (Tuesday) and 4 (Thursday) from Sunday: 0b0010100. From 2026-01-16T00:00 (day 20,469,
/// week 2,924, one week after DTSTART's: odd, so not a rule week) the next rule week is 2,925
/// (Sunday 2026-01-18, day 20,471); its lowest bit is 2, so the candidate is day 20,473 — Tuesday
/// 2026-01-20 — at 09:00 (DTSTART's time: no BYHOUR).
///
/// It answers the same as `RRuleExpansion.candidates` through its cursor (`RRuleFastPathTests`
/// holds the two together) for the rules it takes: FREQ=WEEKLY or DAILY, not one instance per
/// period (the walk's stepping path has those), BYDAY plain weekdays only (the parser refuses
/// numbered ones outside MONTHLY and YEARLY; dateutil's are read as plain), no BYYEARDAY or BYWEEKNO
/// (dateutil's readings of them), at most `RRuleFastDays.maxTimes` times a day, months of at most 31 days. The
/// first week of dateutil's WEEKLY with BYSETPOS starts at DTSTART's day (`firstWeekFromStart`),
/// as there. Anything else has no fast path; a search that finds nothing within `maxSteps` periods
/// or months gives up (nil) and the general walk answers.
final class RRuleDayWeekFastPath: RRuleFastCandidates, Sendable {
    let weekly: Bool
    let interval: Int64
    /// DTSTART's period (its day for DAILY, its week per WKST for WEEKLY) and its day.
    let startPeriod: Int64
    let startDay: Int64
    /// WKST, 0 = Sunday.
    let weekStart: Int64
    /// dateutil's WEEKLY with BYSETPOS: the first period runs from DTSTART's day.
    let firstWeekFromStart: Bool
    /// The weekdays that pass, bit 0 = Sunday (all when BYDAY is not given, for DAILY).
    let weekdays: UInt8
    /// WEEKLY: the weekdays that pass as a week's days, bit i = weekday WKST + i.
    let weekMask: UInt8
    /// BYMONTH or BYMONTHDAY given: a day's month must be read.
    let needsMonth: Bool
    /// BYMONTH as a mask of `RRuleMonth.key` bits (0: every month).
    let monthMask: UInt32
    /// BYMONTHDAY's days of a month of each length (index 0…31), or empty when every day passes.
    let monthDays: [UInt32]
    /// DAILY: the weekday-passing days of a month starting on each weekday (index 0 = Sunday).
    let plainDays: [UInt32]
    /// The times of day (seconds), ascending, each once; for DAILY after BYSETPOS.
    let times: [Int64]
    /// WEEKLY's BYSETPOS (DAILY's is in `times`).
    let setPositions: [Int]
    let minimalGap: Int64

    /// Periods (or, for DAILY with month parts, months) tried before the general walk takes over:
    /// `FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29` can look 8 years, 96 months, ahead.
    static let maxSteps = 128

    /// The fast path of `e`, or nil when the rule is not one it takes.
    init?<C>(_ e: RRuleExpansion<C>) {
        guard e.frequency == .weekly || e.frequency == .daily, !e.onePerPeriod, !e.neverMatches,
              e.weekNumbers.isEmpty, e.yearDays.isEmpty, e.ordinals.isEmpty, !e.weekdaysBoth,
              e.interval >= 1, e.interval <= 100_000,
              RRuleFastDays.takesTimes(e)
        else { return nil }
        weekly = e.frequency == .weekly
        interval = e.interval
        startPeriod = e.startPeriod
        startDay = CivilArithmetic.floorDivMod(e.start, 86_400).quotient
        weekStart = e.weekStart
        firstWeekFromStart = e.firstWeekFromStart
        // Without numbered entries `passes` reduces to `weekdaysNamed` (`weekdaysPassing` is the
        // same weekdays when BYDAY is given).
        let passing = e.weekdaysNamed
        weekdays = passing
        var week: UInt8 = 0
        for i in 0..<7 where passing & (1 << UInt8((e.weekStart + Int64(i)) % 7)) != 0 { week |= 1 << UInt8(i) }
        weekMask = week
        monthMask = e.monthMask
        needsMonth = e.monthMask != 0 || e.monthDayPositive | e.monthDayNegative != 0
        monthDays = RRuleFastDays.monthDayMasks(e)
        plainDays = RRuleFastDays.weekdayMasks(passing: passing)
        let all = RRuleFastDays.times(e)
        if e.frequency == .daily && !e.setPositions.isEmpty {
            // A DAILY period is one day: its instances are the day's times, and BYSETPOS picks the
            // same of them every day (`candidates`: days × times, then the positions, each once).
            var picked: [Int64] = []
            for position in e.setPositions {
                let index = position > 0 ? position - 1 : all.count + position
                if index >= 0 && index < all.count && !picked.contains(all[index]) { picked.append(all[index]) }
            }
            guard !picked.isEmpty else { return nil }
            times = picked.sorted()
            setPositions = []
        } else {
            times = all
            setPositions = e.setPositions
        }
        // Consecutive candidates: two times of one day, or the last time of a day and the first of
        // a later one (a DAILY rule's next day is INTERVAL days on).
        minimalGap = RRuleFastDays.minimalGap(times, daysApart: weekly ? 1 : e.interval)
    }

    /// The first candidate wall time at or after `floor` (not before DTSTART), or nil when this path
    /// gives up (no month from `years`, none within `maxSteps`).
    @inline(__always)
    func next<S: RRuleFastYears>(atLeast floor: Int64, years: S) -> Int64? {
        weekly ? nextInWeeks(atLeast: floor, years: years) : nextInDays(atLeast: floor, years: years)
    }

    // MARK: DAILY

    /// DAILY: the rule's days are `startDay + k × INTERVAL`; the first at or after the floor's day,
    /// then on through the days that pass, by weekday alone or month by month.
    private func nextInDays<S: RRuleFastYears>(atLeast floor: Int64, years: S) -> Int64? {
        let (floorDay, floorTime) = CivilArithmetic.floorDivMod(floor, 86_400)
        let r = CivilArithmetic.floorDivMod(floorDay - startPeriod, interval).remainder
        var day = r == 0 ? floorDay : floorDay + interval - r
        if day == floorDay && floorTime > times[times.count - 1] { day += interval }
        if !needsMonth {
            // Weekdays repeat every 7 days: 7 rule days hold every weekday they can reach.
            for _ in 0..<7 {
                if weekdays & (1 << UInt8(Self.weekday(of: day))) != 0 { return wall(day, floorDay, floorTime) }
                day += interval
            }
            return nil
        }
        for _ in 0..<Self.maxSteps {
            guard let y = years.year(containing: day) else { return nil }
            let m = y.month(y.monthIndex(containing: day))
            if monthMask == 0 || monthMask & (1 << UInt32(m.key)) != 0 {
                guard m.dayCount <= 31 else { return nil }
                let days = (monthDays.isEmpty ? UInt32.max : monthDays[Int(m.dayCount)]) & plainDays[Int(Self.weekday(of: m.firstDay))]
                var offset = day - m.firstDay
                while offset < m.dayCount {
                    if days & (1 << UInt32(offset)) != 0 { return wall(m.firstDay + offset, floorDay, floorTime) }
                    offset += interval
                }
                day = m.firstDay + offset
            } else {
                // The first rule day after the month.
                let after = m.lastDay + 1 - day
                day += (after + interval - 1) / interval * interval
            }
        }
        return nil
    }

    /// The first time of rule day `day` at or after the floor (`floorTime` on the floor's day, whose
    /// last time `nextInDays` has checked).
    @inline(__always)
    private func wall(_ day: Int64, _ floorDay: Int64, _ floorTime: Int64) -> Int64 {
        if day == floorDay {
            for t in times where t >= floorTime { return day &* 86_400 &+ t }
        }
        return day &* 86_400 &+ times[0]
    }

    // MARK: WEEKLY

    /// WEEKLY: the week holding the floor when it is a rule week, then every INTERVAL-th; a week
    /// whose days all lie in months BYMONTH leaves out jumps to the first rule week after them.
    private func nextInWeeks<S: RRuleFastYears>(atLeast floor: Int64, years: S) -> Int64? {
        let floorDay = CivilArithmetic.floorDivMod(floor, 86_400).quotient
        var p = CivilArithmetic.floorDivMod(floorDay + 4 - weekStart, 7).quotient
        var minimum = floor
        let r = CivilArithmetic.floorDivMod(p - startPeriod, interval).remainder
        if r != 0 {
            p += interval - r
            minimum = Int64.min
        }
        for _ in 0..<Self.maxSteps {
            let first = p &* 7 - 4 + weekStart
            var days = UInt32(weekMask)
            if firstWeekFromStart && p == startPeriod { days &= ~((1 << UInt32(startDay - first)) - 1) }
            var skipTo = Int64.min
            if needsMonth && days != 0 {
                guard let (inMonths, rejectedTo) = monthDaysOfWeek(first, years) else { return nil }
                days &= inMonths
                skipTo = rejectedTo
            }
            if let wall = RRuleFastDays.first(days, from: first, atLeast: minimum, times: times, setPositions: setPositions) { return wall }
            minimum = Int64.min
            if skipTo > first + 7 {
                // Every day to `skipTo` is in a month BYMONTH leaves out: the first rule week holding a later day.
                let q = CivilArithmetic.floorDivMod(skipTo + 4 - weekStart, 7).quotient
                p += (q - p + interval - 1) / interval * interval
            } else {
                p += interval
            }
        }
        return nil
    }

    /// The days of the week from `first` that pass BYMONTH and BYMONTHDAY (bit i = day first + i),
    /// and, when BYMONTH leaves out every month the week touches, the day after the last of them
    /// (else Int64.min); nil when a month is out of reach.
    @inline(__always)
    private func monthDaysOfWeek<S: RRuleFastYears>(_ first: Int64, _ years: S) -> (UInt32, Int64)? {
        var day = first, mask: UInt32 = 0, kept = false, next = Int64.min
        while day <= first + 6 {
            guard let y = years.year(containing: day) else { return nil }
            let m = y.month(y.monthIndex(containing: day))
            let end = min(first + 6, m.lastDay)
            if monthMask == 0 || monthMask & (1 << UInt32(m.key)) != 0 {
                guard m.dayCount <= 31 else { return nil }
                kept = true
                let monthMaskOfDays = monthDays.isEmpty ? UInt32.max : monthDays[Int(m.dayCount)]
                let span: UInt32 = (1 << UInt32(end - day + 1)) - 1
                mask |= ((monthMaskOfDays >> UInt32(day - m.firstDay)) & span) << UInt32(day - first)
            }
            next = m.lastDay + 1
            day = end + 1
        }
        return (mask, kept ? Int64.min : next)
    }

    /// 0 = Sunday.
    @inline(__always)
    static func weekday(of day: Int64) -> Int64 {
        let r = (day + 4) % 7
        return r < 0 ? r + 7 : r
    }
}
