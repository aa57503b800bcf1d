/// One rule expanded from one DTSTART wall time, in wall time (local seconds since 1970), by RFC
/// 5545 §3.3.10 counted in `calendar` (RFC 7529; `GregorianRRuleCalendar` for a plain rule): the
/// rule's periods are the FREQ-sized spans (the calendar's years and months — a Chinese leap month
/// is a month of its own —, weeks per WKST, days, hours, minutes, seconds) `DTSTART's period + k ×
/// INTERVAL`, k = 0, 1, 2, …; in each period the BYxxx parts either *expand* (produce every
/// matching value below the period's size) or *limit* (keep the period only when its own value
/// matches), exactly as the RFC's table says:
///
/// ```text
///            SECONDLY MINUTELY HOURLY DAILY  WEEKLY  MONTHLY YEARLY
/// BYMONTH    Limit    Limit    Limit  Limit  Limit   Limit   Expand
/// BYWEEKNO   N/A      N/A      N/A    N/A    N/A     N/A     Expand
/// BYYEARDAY  Limit    Limit    Limit  N/A    N/A     N/A     Expand
/// BYMONTHDAY Limit    Limit    Limit  Limit  N/A     Expand  Expand
/// BYDAY      Limit    Limit    Limit  Limit  Expand  Note 1  Note 2
/// BYHOUR     Limit    Limit    Limit  Expand Expand  Expand  Expand
/// BYMINUTE   Limit    Limit    Expand Expand Expand  Expand  Expand
/// BYSECOND   Limit    Expand   Expand Expand Expand  Expand  Expand
/// BYSETPOS   Limit    Limit    Limit  Limit  Limit   Limit   Limit
/// ```
/// Note 1: limit if BYMONTHDAY is present, else expand within the month. Note 2: limit if
/// BYYEARDAY or BYMONTHDAY is present, else expand within the weeks of BYWEEKNO, else within the
/// months of BYMONTH, else within the year. So a period's days are those of the period that pass
/// every BY-day part given (several expanding parts intersect: `FREQ=YEARLY;BYMONTH=1;BYDAY=MO` is
/// every Monday in January), and a numbered BYDAY (`-1FR`) counts within the month (MONTHLY, or
/// YEARLY with BYMONTH) or the year. Parts the rule leaves out come from DTSTART (§3.3.10: "derived
/// from the Start Time"), its fields read in the calendar: a YEARLY rule with no day parts takes
/// DTSTART's month (unless BYMONTH) and day, MONTHLY its day, WEEKLY its weekday; the time parts
/// coarser than FREQ its hour, minute and second. BYSETPOS then picks positions from the period's
/// whole sorted set.
///
/// Dates a part names that a month or year lacks (`BYMONTHDAY=30` in February, `BYMONTH=5L` in a
/// Hebrew common year) are not produced (§3.3.10: "MUST be ignored"), unless RFC 7529's SKIP
/// moves them ("SKIP=BACKWARD … a date with an invalid month is changed to the previous (valid)
/// month. A date with an invalid day-of-month is changed to the previous (valid) day-of-month";
/// FORWARD the next). SKIP acts where a part *makes* dates, the parts that expand:
/// - a leap month BYMONTH names (or DTSTART's, for YEARLY) that the year lacks: BACKWARD takes
///   month n (Shevat for 5L), FORWARD the month after it (Adar), whose days then follow the rules below;
/// - a month day (BYMONTHDAY, or DTSTART's day) past the month's end: BACKWARD the month's last
///   day, FORWARD the next month's first; before its start (−30 in a 29-day month): BACKWARD the
///   previous month's last day, FORWARD the month's first;
/// - a year day (YEARLY's BYYEARDAY) past the year's end or before its start, likewise.
/// A moved date still has to pass the parts RFC 5545 applies after the one that made it (BYDAY
/// after BYMONTHDAY; BYMONTHDAY and BYDAY after BYYEARDAY), and stays even when it leaves the
/// month BYMONTH named (`BYMONTH=2;BYMONTHDAY=29;SKIP=FORWARD`: March 1 in a common year). Where a
/// part only limits (DAILY's BYMONTHDAY, MONTHLY's BYMONTH) the periods are real days and months
/// and SKIP changes nothing. A moved date another date of the set already is counts once. BYWEEKNO
/// values a year lacks are left out whatever SKIP says (RFC 7529 gives no rule for moving a week).
///
/// The dateutil flavor (`RRuleFlavor`) reads the combinations the table marks N/A as
/// python-dateutil 2.9 does: every BY-day part filters the period's days (BYWEEKNO by the week
/// numbers of each day's year, BYYEARDAY by its day of the year, BYMONTHDAY by its day of the
/// month), so they go through the same day tests; a numbered BYDAY outside MONTHLY and YEARLY is a
/// plain weekday; plain and numbered BYDAY entries must both pass (`weekdaysBoth`); and the first
/// WEEKLY period runs from DTSTART's day to the next WKST (`firstWeekFromStart`), which BYSETPOS counts in.
///
/// The expansion is pure calendar arithmetic on wall times; which instants they are in a zone
/// (gaps, overlaps) is `RRuleTrigger`'s business. Immutable, and a class so that a walk holds it
/// by one reference: copying its lists for every period or walk cost more than the next fire.
final class RRuleExpansion<C: RRuleCalendar>: Sendable {
    let calendar: C
    let frequency: RRule.Frequency
    let interval: Int64
    /// DTSTART's wall time and its period.
    let start: Int64
    let startPeriod: Int64
    /// WKST, 0 = Sunday … 6 = Saturday.
    let weekStart: Int64
    let skip: RRule.Skip

    // Day parts, after DTSTART's defaults. An empty list or a zero mask means "not given".
    /// BYMONTH as `RRuleMonth.key`s, ascending, and as a mask (bit `key`).
    let monthKeys: [Int]
    let monthMask: UInt32
    /// BYMONTHDAY ascending, and as masks: bit d for d > 0, bit −d for d < 0.
    let monthDays: [Int]
    let monthDayPositive: UInt32
    let monthDayNegative: UInt32
    let weekdayMask: UInt8                 // bit (0 = Sunday) for plain BYDAY entries
    let ordinals: [RRule.WeekdayNum]       // numbered BYDAY entries
    let hasDayOfWeek: Bool
    /// Every weekday BYDAY names (plain or numbered), bit 0 = Sunday; 0x7F when BYDAY is not given.
    let weekdaysNamed: UInt8
    let yearDays: [Int]
    let weekNumbers: [Int]
    /// A numbered BYDAY counts within the year (YEARLY without BYMONTH) rather than the month.
    let ordinalsInYear: Bool
    /// WEEKLY and finer: a day's month and year are needed to test it (BYMONTH, BYMONTHDAY,
    /// BYYEARDAY or, in the dateutil flavor, BYWEEKNO given); else its weekday says.
    private let limitsNeedCalendar: Bool
    /// dateutil flavor with plain and numbered BYDAY entries: a day passes only when both kinds
    /// name it (dateutil's two masks; `BYDAY=SA,-3SU` has no day): `weekdaysNamed` is then the
    /// weekdays both name, and `weekdaysPassing` (the plain weekdays that pass without an ordinal) is empty.
    let weekdaysBoth: Bool
    let weekdaysPassing: UInt8
    /// dateutil flavor, WEEKLY with BYSETPOS: the first period is DTSTART's day to the day before
    /// the next WKST (dateutil's first week starts at DTSTART), so positions count from DTSTART.
    let firstWeekFromStart: Bool
    /// DTSTART's day (days since 1970).
    private let startDay: Int64
    /// BYWEEKNO as dateutil numbers weeks (`WeekNumbering`, dateutil flavor).
    private let dateutilWeeks: Bool

    // Time parts: expanded lists below the frequency, limit masks at or above it (0 = none).
    let hours: [Int64]
    let minutes: [Int64]
    let seconds: [Int64]
    let hourLimit: UInt32
    let minuteLimit: UInt64
    let secondLimit: UInt64

    let setPositions: [Int]
    /// Every period holds exactly one instance, at `singleCandidate(number:)` (no BY parts, and
    /// DTSTART's day exists in every month or year).
    let onePerPeriod: Bool
    /// DTSTART's month, day of month and time of day (`singleCandidate`).
    private let startMonthKey: Int, startMonthDay: Int64, startTimeOfDay: Int64
    /// No period can hold an instance: a sub-day INTERVAL that never lands on a time of day the
    /// BYHOUR/BYMINUTE/BYSECOND limits allow (`FREQ=SECONDLY;INTERVAL=2;BYSECOND=3` from an even
    /// second), or a BYSETPOS past every period's size. The walk ends at once instead of trying
    /// every period to the year 9999.
    let neverMatches: Bool
    /// Cursor steps (periods ÷ INTERVAL) in the calendar's cycle, when INTERVAL divides that
    /// cycle's periods; else nil. The day and time parts repeat with the calendar and, with such an
    /// INTERVAL, so do the periods: a rule that found no instance in a whole cycle never will again.
    let stepsInCycle: Int64?
    /// YEARLY or MONTHLY whose dates are months × month days alone (no BYDAY, BYYEARDAY or BYWEEKNO).
    let direct: Bool
    /// SKIP can move a period's date out of the period (by at most one day past its end or before its start).
    let spills: Bool

    init(rule: RRule, start: Int64, calendar: C) throws(RRuleError) {
        self.calendar = calendar
        frequency = rule.frequency
        interval = Int64(rule.interval)
        self.start = start
        let weekStart = Int64(rule.weekStart.rawValue - 1)
        self.weekStart = weekStart
        skip = rule.skip ?? .omit
        let civil = CivilDateTime(localSeconds: start)
        let (startDay, timeOfDay) = CivilArithmetic.floorDivMod(start, 86_400)
        func outside() -> RRuleError { .invalid(part: "DTSTART", reason: "\(civil) is outside the \(calendar.name) calendar's range in ICU") }
        guard let startYear = calendar.year(containing: startDay) else { throw outside() }
        let startMonth = startYear.month(startYear.monthIndex(containing: startDay))
        startMonthKey = startMonth.key
        startMonthDay = startDay - startMonth.firstDay + 1
        startTimeOfDay = timeOfDay
        var keys = rule.byMonth.map { $0 * 2 } + rule.byLeapMonth.map { $0 * 2 + 1 }
        var byMonthDay = rule.byMonthDay
        let dateutil = rule.flavor == .dateutil
        // dateutil reads a numbered weekday outside MONTHLY and YEARLY as the plain weekday
        // (rrule.__init__: `elif not wday.n or freq > MONTHLY: self._byweekday.add(wday.weekday)`).
        let byDay = dateutil && rule.frequency < .monthly ? rule.byDay.map { RRule.WeekdayNum(ordinal: nil, weekday: $0.weekday) } : rule.byDay
        var plainWeekdays = byDay.filter { $0.ordinal == nil }.map { $0.weekday.rawValue - 1 }
        let noDayParts = rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty
        if noDayParts {
            switch rule.frequency {
            case .yearly:
                if keys.isEmpty { keys = [startMonth.key] }
                byMonthDay = [Int(startMonthDay)]
            case .monthly: byMonthDay = [Int(startMonthDay)]
            case .weekly: plainWeekdays = [CivilArithmetic.weekday(ofDay: startDay) - 1]
            default: break
            }
        }
        monthKeys = Array(Set(keys)).sorted()
        monthMask = keys.reduce(0) { $0 | UInt32(1) << UInt32($1) }
        monthDays = Array(Set(byMonthDay)).sorted()
        monthDayPositive = byMonthDay.filter { $0 > 0 }.reduce(0) { $0 | UInt32(1) << UInt32($1) }
        monthDayNegative = byMonthDay.filter { $0 < 0 }.reduce(0) { $0 | UInt32(1) << UInt32(-$1) }
        weekdayMask = plainWeekdays.reduce(0) { $0 | UInt8(1) << UInt8($1) }
        ordinals = byDay.filter { $0.ordinal != nil }
        weekdaysBoth = dateutil && weekdayMask != 0 && !ordinals.isEmpty
        firstWeekFromStart = dateutil && rule.frequency == .weekly && !rule.bySetPos.isEmpty
        self.startDay = startDay
        dateutilWeeks = dateutil
        hasDayOfWeek = weekdayMask != 0 || !ordinals.isEmpty
        let ordinalWeekdays = ordinals.reduce(UInt8(0)) { $0 | UInt8(1) << UInt8($1.weekday.rawValue - 1) }
        weekdaysNamed = !hasDayOfWeek ? 0x7F : weekdaysBoth ? weekdayMask & ordinalWeekdays : weekdayMask | ordinalWeekdays
        weekdaysPassing = weekdaysBoth ? 0 : weekdayMask
        yearDays = rule.byYearDay
        weekNumbers = rule.byWeekNo
        ordinalsInYear = rule.frequency == .yearly && rule.byMonth.isEmpty && rule.byLeapMonth.isEmpty
        limitsNeedCalendar = !keys.isEmpty || !byMonthDay.isEmpty || !rule.byYearDay.isEmpty || !rule.byWeekNo.isEmpty
        func expanded(_ given: [Int], _ level: RRule.Frequency, _ own: Int) -> [Int64] {
            guard rule.frequency > level else { return [] }
            return (given.isEmpty ? [own] : Array(Set(given)).sorted()).map(Int64.init)
        }
        hours = expanded(rule.byHour, .hourly, civil.hour)
        minutes = expanded(rule.byMinute, .minutely, civil.minute)
        seconds = expanded(rule.bySecond, .secondly, civil.second)
        hourLimit = rule.frequency <= .hourly ? rule.byHour.reduce(0) { $0 | UInt32(1) << UInt32($1) } : 0
        minuteLimit = rule.frequency <= .minutely ? rule.byMinute.reduce(0) { $0 | UInt64(1) << UInt64($1) } : 0
        secondLimit = rule.frequency == .secondly ? rule.bySecond.reduce(0) { $0 | UInt64(1) << UInt64($1) } : 0
        setPositions = rule.bySetPos
        let dated = rule.frequency == .yearly || rule.frequency == .monthly
        direct = dated && rule.byDay.isEmpty && rule.byYearDay.isEmpty && rule.byWeekNo.isEmpty && !byMonthDay.isEmpty
        spills = dated && skip != .omit
        let noParts = noDayParts && rule.byMonth.isEmpty && rule.byLeapMonth.isEmpty && rule.byHour.isEmpty && rule.byMinute.isEmpty
            && rule.bySecond.isEmpty && rule.bySetPos.isEmpty
        switch rule.frequency {
        case .monthly: onePerPeriod = noParts && calendar.everyMonthHas(day: startMonthDay)
        case .yearly: onePerPeriod = noParts && calendar.everyYearHas(day: startMonthDay, ofMonth: startMonth.key)
        default: onePerPeriod = noParts
        }
        switch rule.frequency {
        case .yearly: startPeriod = startYear.number
        case .monthly:
            guard let before = calendar.monthsBefore(year: startYear.number) else { throw outside() }
            startPeriod = before + Int64(startYear.monthIndex(containing: startDay))
        default: startPeriod = Self.period(containing: start, frequency: rule.frequency, weekStart: weekStart)
        }
        stepsInCycle = calendar.cycle.flatMap { cycle in
            let periods = switch rule.frequency {
            case .yearly: cycle.years
            case .monthly: cycle.months
            default: cycle.days * 86_400 / Self.length(of: rule.frequency)
            }
            return periods % Int64(rule.interval) == 0 ? periods / Int64(rule.interval) : nil
        }
        // The most days one period can hold (an upper bound: the parts that only limit lower the
        // true count), so that a BYSETPOS whose every position lies past it selects nothing in any
        // period (`FREQ=MINUTELY;BYSECOND=5;BYSETPOS=2`, one instance a minute: about 4 × 10⁹
        // periods, a hang): a week's named weekdays; a month's named month days, or five of each
        // named weekday; a year's named year days, named month days in each named month, or a
        // year's worth of each named weekday. SKIP's moves can raise it: a rule that spills is not bounded.
        let weekdays = Set(plainWeekdays + rule.byDay.map { $0.weekday.rawValue - 1 }).count, any = Int.max
        let most = switch rule.frequency {
        case .weekly: min(7, weekdays > 0 ? weekdays : any)
        case .monthly: min(31, monthDays.isEmpty ? any : monthDays.count, weekdays > 0 ? 5 * weekdays : any)
        case .yearly: min(calendar.maxYearDays, yearDays.isEmpty ? any : Set(yearDays).count,
                          monthDays.isEmpty ? any : monthDays.count * (monthKeys.isEmpty ? calendar.mostMonths : monthKeys.count),
                          weekdays > 0 ? (calendar.maxYearDays + 6) / 7 * weekdays : any)
        default: 1
        }
        let size = most * max(hours.count, 1) * max(minutes.count, 1) * max(seconds.count, 1)
        neverMatches = Self.timeOfDayUnreachable(frequency: rule.frequency, interval: interval, startPeriod: startPeriod,
                                                 hours: hourLimit, minutes: minuteLimit, seconds: secondLimit)
            || (!spills && !rule.bySetPos.isEmpty && rule.bySetPos.allSatisfy { abs($0) > size })
            // No month has the day (BYMONTHDAY=31 in a calendar of 29- and 30-day months), and
            // SKIP=OMIT moves no missing day: known now, rather than after a scan to the year 9999.
            || (skip == .omit && !monthDays.isEmpty && monthDays.allSatisfy { abs($0) > calendar.longestMonth })
    }

    /// Periods of a sub-day FREQ fall on the times of day `startPeriod + k × INTERVAL` (mod the
    /// periods in a day): those ≡ startPeriod modulo gcd(INTERVAL, periods per day). True when
    /// none of them passes the limits.
    static func timeOfDayUnreachable(frequency: RRule.Frequency, interval: Int64, startPeriod: Int64,
                                     hours: UInt32, minutes: UInt64, seconds: UInt64) -> Bool {
        guard frequency < .daily, hours != 0 || minutes != 0 || seconds != 0 else { return false }
        let unit: Int64 = frequency == .hourly ? 3600 : frequency == .minutely ? 60 : 1
        let perDay = 86_400 / unit
        var (a, b) = (interval, perDay)
        while b != 0 { (a, b) = (b, a % b) }
        let g = a, target = CivilArithmetic.floorDivMod(startPeriod, g).remainder
        var value = target
        while value < perDay {
            let second = value * unit
            let h = second / 3600, m = second / 60 % 60, s = second % 60
            if (hours == 0 || hours & (1 << UInt32(h)) != 0) && (minutes == 0 || frequency == .hourly || minutes & (1 << UInt64(m)) != 0)
                && (seconds == 0 || frequency != .secondly || seconds & (1 << UInt64(s)) != 0) {
                return false
            }
            value += g
        }
        return true
    }

    // MARK: Periods

    /// The length of a period of a FREQ of fixed length (WEEKLY and finer), in seconds.
    @inline(__always)
    static func length(of frequency: RRule.Frequency) -> Int64 {
        switch frequency {
        case .secondly: 1
        case .minutely: 60
        case .hourly: 3600
        case .daily: 86_400
        default: 604_800
        }
    }

    /// The index of the period of a FREQ of fixed length holding wall time `wall`: seconds,
    /// minutes, hours or days since 1970, or weeks per WKST (1970-01-01 was a Thursday).
    @inline(__always)
    static func period(containing wall: Int64, frequency: RRule.Frequency, weekStart: Int64) -> Int64 {
        guard frequency == .weekly else { return CivilArithmetic.floorDivMod(wall, length(of: frequency)).quotient }
        return CivilArithmetic.floorDivMod(CivilArithmetic.floorDivMod(wall, 86_400).quotient + 4 - weekStart, 7).quotient
    }

    /// The first wall time of period `p` of a FREQ of fixed length.
    @inline(__always)
    static func periodStart(_ p: Int64, frequency: RRule.Frequency, weekStart: Int64) -> Int64 {
        frequency == .weekly ? (p &* 7 - 4 + weekStart) &* 86_400 : p &* length(of: frequency)
    }

    /// The index of the period holding wall time `wall` (the calendar's years; its months in one
    /// count, `RRuleCalendar.monthsBefore`; else as above); nil past the calendar's range.
    func period(containing wall: Int64) -> Int64? {
        let day = CivilArithmetic.floorDivMod(wall, 86_400).quotient
        switch frequency {
        case .yearly: return calendar.year(containing: day)?.number
        case .monthly:
            guard let y = calendar.year(containing: day), let before = calendar.monthsBefore(year: y.number) else { return nil }
            return before + Int64(y.monthIndex(containing: day))
        default: return Self.period(containing: wall, frequency: frequency, weekStart: weekStart)
        }
    }

    /// The least wall time period `p` can produce: its first (a day earlier when SKIP moves dates
    /// back across its start); nil past the calendar's range.
    @inline(__always)
    func lowerBound(ofPeriod p: Int64) -> Int64? {
        let first: Int64
        switch frequency {
        case .yearly:
            guard let y = calendar.year(p) else { return nil }
            first = y.firstDay &* 86_400
        case .monthly:
            guard let (y, i) = calendar.month(atIndex: p) else { return nil }
            first = y.month(i).firstDay &* 86_400
        default: return Self.periodStart(p, frequency: frequency, weekStart: weekStart)
        }
        return spills ? first - 86_400 : first
    }

    /// The number k of the first rule period (DTSTART's + k × INTERVAL) that can make a wall time
    /// at or after `wall` (when SKIP moves dates, one period earlier than the one holding it: its
    /// moved dates may spill into the next), not below 0.
    func firstPeriodNumber(reaching wall: Int64) -> Int64 {
        guard wall > start, let p = period(containing: min(wall, RRule.lastWall)) else { return 0 }
        return max(0, CivilArithmetic.floorDivMod(p - startPeriod, interval).quotient - (spills ? 1 : 0))
    }

    /// For a rule with one instance in every period of a fixed length (SECONDLY … WEEKLY with
    /// `onePerPeriod`): the wall-time distance between instances, `INTERVAL` periods. Instance k
    /// is `start + k × step` (`singleCandidate(number: k)`).
    var step: Int64? {
        guard onePerPeriod, !neverMatches, frequency <= .weekly else { return nil }
        return Self.length(of: frequency) * interval
    }

    /// The wall time of the one instance in rule period `k` (when `onePerPeriod`); nil past the
    /// calendar's range.
    @inline(__always)
    func singleCandidate(number k: Int64) -> Int64? {
        let p = startPeriod &+ k &* interval
        let day: Int64
        switch frequency {
        case .monthly:
            guard let (y, i) = calendar.month(atIndex: p) else { return nil }
            day = y.month(i).firstDay + startMonthDay - 1
        case .yearly:
            guard let y = calendar.year(p), let i = y.monthIndex(number: startMonthKey / 2, leap: startMonthKey % 2 == 1) else { return nil }
            day = y.month(i).firstDay + startMonthDay - 1
        default:
            return start &+ k &* interval &* Self.length(of: frequency)
        }
        return day &* 86_400 &+ startTimeOfDay
    }

    // MARK: Candidates

    enum Outcome {
        /// The period's wall times are in the buffer (ascending, BYSETPOS applied).
        case made
        /// The period was rejected by a limit at a coarser level (the next month, day, hour or
        /// minute): no period before this wall time can hold an instance, so a fine FREQ skips
        /// ahead rather than walking every second.
        case skip(to: Int64)
        /// Past the calendar's range: no more periods.
        case end
    }

    /// The wall times of rule period `p` into `out` (cleared first). `cache` keeps the last year a
    /// day was looked up in (days of one period mostly share a year) across calls.
    func candidates(period p: Int64, into out: inout [Int64], cache: inout C.Year?) -> Outcome {
        out.removeAll(keepingCapacity: true)
        if frequency >= .daily {
            switch frequency {
            case .yearly:
                guard let y = calendar.year(p) else { return .end }
                if direct {
                    forEachMonth(of: y) { _, m in addMonthDays(m, into: &out) }
                } else {
                    scanYear(y, into: &out)
                }
            case .monthly:
                guard let (y, i) = calendar.month(atIndex: p) else { return .end }
                let m = y.month(i)
                guard monthMask == 0 || monthMask & (1 << UInt32(m.key)) != 0 else { break }
                if direct {
                    addMonthDays(m, into: &out)
                } else {
                    // BYWEEKNO here only in the dateutil flavor; RFC 5545's rules scan without week numbers.
                    if weekNumbers.isEmpty { scanDays(m.firstDay, m.lastDay, of: m, y, into: &out) }
                    else { scanDays(m.firstDay, m.lastDay, of: m, y, weeks: weekNumbering(y), into: &out) }
                    addMovedMonthDays(m, into: &out)
                }
            default:
                let first = frequency == .weekly ? p &* 7 - 4 + weekStart : p
                let from = firstWeekFromStart && p == startPeriod ? startDay : first
                let outcome = limitedDays(from, frequency == .weekly ? first + 6 : first, into: &out, cache: &cache)
                guard case .made = outcome else { return outcome }
            }
            Self.ascendingOnce(&out)
            if !setPositions.isEmpty {
                pickPositions(ofDays: &out)
                return .made
            }
            addTimes(&out)
        } else {
            let wall = p &* Self.length(of: frequency)
            let (day, timeOfDay) = CivilArithmetic.floorDivMod(wall, 86_400)
            let outcome = limitedDays(day, day, into: &out, cache: &cache)
            guard case .made = outcome else { return outcome }
            if out.isEmpty { return .skip(to: (day + 1) * 86_400) }
            out.removeAll(keepingCapacity: true)
            let hour = timeOfDay / 3600, minute = timeOfDay / 60 % 60, second = timeOfDay % 60
            // A period whose hour, minute or second the limits leave out is empty, and so is every
            // period before the next value they name: skip to it (SECONDLY;BYSECOND=0,59 would
            // otherwise test 58 empty seconds a minute, which COUNT's count from DTSTART pays for).
            if hourLimit != 0 && hourLimit & (1 << UInt32(hour)) == 0 {
                let later = (UInt64(hourLimit) >> UInt64(hour + 1)) << UInt64(hour + 1)
                return .skip(to: later == 0 ? (day + 1) * 86_400 : wall - timeOfDay % 3600 + (Int64(later.trailingZeroBitCount) - hour) * 3600)
            }
            if minuteLimit != 0 && minuteLimit & (1 << UInt64(minute)) == 0 {
                let later = (minuteLimit >> UInt64(minute + 1)) << UInt64(minute + 1)
                return .skip(to: later == 0 ? wall - timeOfDay % 3600 + 3600 : wall - timeOfDay % 60 + (Int64(later.trailingZeroBitCount) - minute) * 60)
            }
            if secondLimit != 0 && secondLimit & (1 << UInt64(second)) == 0 {
                let later = (secondLimit >> UInt64(second + 1)) << UInt64(second + 1)
                return .skip(to: later == 0 ? wall - timeOfDay % 60 + 60 : wall + Int64(later.trailingZeroBitCount) - second)
            }
            switch frequency {
            case .hourly: for m in minutes { for s in seconds { out.append(wall + m * 60 + s) } }
            case .minutely: for s in seconds { out.append(wall + s) }
            default: out.append(wall)
            }
        }
        if !setPositions.isEmpty && !out.isEmpty {
            let all = out
            var picked: [Int64] = []
            for position in setPositions {
                let index = position > 0 ? position - 1 : all.count + position
                if index >= 0 && index < all.count { picked.append(all[index]) }
            }
            out = Array(Set(picked)).sorted()
        }
        return .made
    }

    /// BYSETPOS over a period of days (`out`, ascending, each once) × the day's wall times, without
    /// writing that set out: it is days × times in order, so position i (from 0) is day
    /// `i / perDay` at time `i % perDay`. Every second of a year (`FREQ=YEARLY;BYYEARDAY=1,…,366;
    /// BYHOUR=0,…,23;BYMINUTE=0,…,59;BYSECOND=0,…,59;BYSETPOS=-1`) is 31.6 million instances,
    /// 253 MB as a list; this keeps the days and the picks.
    private func pickPositions(ofDays out: inout [Int64]) {
        let perDay = hours.count * minutes.count * seconds.count, total = out.count * perDay
        var picked: [Int64] = []
        picked.reserveCapacity(setPositions.count)
        for position in setPositions {
            let index = position > 0 ? position - 1 : total + position
            guard index >= 0 && index < total else { continue }
            let (dayIndex, time) = index.quotientAndRemainder(dividingBy: perDay)
            let (hour, rest) = time.quotientAndRemainder(dividingBy: minutes.count * seconds.count)
            let (minute, second) = rest.quotientAndRemainder(dividingBy: seconds.count)
            picked.append(out[dayIndex] &* 86_400 &+ hours[hour] &* 3600 &+ minutes[minute] &* 60 &+ seconds[second])
        }
        picked.sort()
        out.removeAll(keepingCapacity: true)
        for wall in picked where out.last != wall { out.append(wall) }
    }

    /// Days in ascending order, each once: already so when scanned day by day; months × month days
    /// may come out of order (`BYMONTHDAY=-1,1`) or twice (`1,-31` in a 31-day month), and SKIP may
    /// move a day onto another.
    private static func ascendingOnce(_ days: inout [Int64]) {
        var i = 1
        while i < days.count && days[i - 1] < days[i] { i += 1 }
        guard i < days.count else { return }
        days.sort()
        var unique = 1
        for j in 1..<days.count where days[j] != days[unique - 1] {
            days[unique] = days[j]
            unique += 1
        }
        days.removeSubrange(unique...)
    }

    /// Each day of `out` (ascending) replaced by its wall times, ascending: BYHOUR × BYMINUTE ×
    /// BYSECOND (DTSTART's where not given), written from the back so no second buffer is needed.
    @inline(__always)
    private func addTimes(_ out: inout [Int64]) {
        let count = out.count, perDay = hours.count * minutes.count * seconds.count
        if perDay == 1 {
            let time = hours[0] * 3600 + minutes[0] * 60 + seconds[0]
            for i in 0..<count { out[i] = out[i] &* 86_400 &+ time }
            return
        }
        out.append(contentsOf: repeatElement(0, count: count * (perDay - 1)))
        var j = out.count
        for i in stride(from: count - 1, through: 0, by: -1) {
            let day = out[i] &* 86_400
            for h in hours.reversed() { for m in minutes.reversed() { for s in seconds.reversed() { j -= 1; out[j] = day &+ h &* 3600 &+ m &* 60 &+ s } } }
        }
    }

    /// The months of year `y` BYMONTH selects (all when not given), a leap month the year lacks
    /// replaced by SKIP's month (BACKWARD: month n; FORWARD: the month after month n, the next
    /// year's first when n is the last), with the year each is in.
    @inline(__always)
    private func forEachMonth(of y: C.Year, _ body: (C.Year, RRuleMonth) -> Void) {
        guard !monthKeys.isEmpty else {
            for i in 0..<y.monthCount { body(y, y.month(i)) }
            return
        }
        for key in monthKeys {
            if let i = y.monthIndex(number: key / 2, leap: key % 2 == 1) {
                body(y, y.month(i))
                continue
            }
            guard key % 2 == 1, skip != .omit, let base = y.monthIndex(number: key / 2, leap: false) else { continue }
            if skip == .backward {
                body(y, y.month(base))
            } else if base + 1 < y.monthCount {
                body(y, y.month(base + 1))
            } else if let next = calendar.year(y.number + 1) {
                body(next, next.month(0))
            }
        }
    }

    /// Month `m`'s days BYMONTHDAY names, and SKIP's days for those it lacks.
    private func addMonthDays(_ m: RRuleMonth, into days: inout [Int64]) {
        for v in monthDays {
            if v > 0 && Int64(v) <= m.dayCount { days.append(m.firstDay + Int64(v) - 1) }
            else if v < 0 && Int64(-v) <= m.dayCount { days.append(m.firstDay + m.dayCount + Int64(v)) }
        }
        addMovedMonthDays(m, into: &days)
    }

    /// Where SKIP puts the month days month `m` lacks, those that pass BYDAY.
    private func addMovedMonthDays(_ m: RRuleMonth, into days: inout [Int64]) {
        guard skip != .omit else { return }
        for v in monthDays where Int64(abs(v)) > m.dayCount {
            if let day = moved(v, m.firstDay, m.lastDay), passesDayOfWeek(day) { days.append(day) }
        }
    }

    /// Where SKIP puts value `v` (a month day or year day) that the span `first…last` lacks: nil
    /// for OMIT; BACKWARD the span's last day (v > 0) or the day before it (v < 0); FORWARD the
    /// day after it or its first day.
    private func moved(_ v: Int, _ first: Int64, _ last: Int64) -> Int64? {
        switch skip {
        case .omit: nil
        case .backward: v > 0 ? last : first - 1
        case .forward: v > 0 ? last + 1 : first
        }
    }

    /// YEARLY with BYDAY, BYYEARDAY or BYWEEKNO: the days of the selected months that pass every
    /// day part, and the days SKIP moves in that pass the parts after theirs.
    private func scanYear(_ y: C.Year, into days: inout [Int64]) {
        let weeks = weekNumbering(y)
        forEachMonth(of: y) { year, m in
            let numbering = year.number == y.number ? weeks : weekNumbering(year)
            scanDays(m.firstDay, m.lastDay, of: m, year, weeks: numbering, into: &days)
        }
        guard skip != .omit else { return }
        if !monthDays.isEmpty { forEachMonth(of: y) { _, m in addMovedMonthDays(m, into: &days) } }
        for v in yearDays where Int64(abs(v)) > y.dayCount {
            guard let day = moved(v, y.firstDay, y.lastDay) else { continue }
            if monthDayPositive | monthDayNegative != 0 {
                guard let (_, m) = locate(day), matchesMonthDay(day, m) else { continue }
            }
            if passesDayOfWeek(day) { days.append(day) }
        }
    }

    /// The days `first…last` of month `m` of year `y` that pass BYWEEKNO (with `weeks`), BYYEARDAY,
    /// BYMONTHDAY and BYDAY.
    private func scanDays(_ first: Int64, _ last: Int64, of m: RRuleMonth, _ y: C.Year, weeks: WeekNumbering? = nil, into days: inout [Int64]) {
        var weekday = Self.weekday(of: first)
        for day in first...last {
            if passes(day, weekday, m, y, weeks) { days.append(day) }
            weekday = weekday == 6 ? 0 : weekday + 1
        }
    }

    /// WEEKLY, DAILY and finer, where the day parts only limit: the days `first…last` whose month
    /// BYMONTH keeps and that pass BYYEARDAY, BYMONTHDAY and BYDAY, appended in order (only the
    /// first one when `firstOnly`). `.skip` when BYMONTH rejects every day's month (to the month
    /// after the last: no period before it holds an instance); `.end` past the calendar's range.
    private func limitedDays(_ first: Int64, _ last: Int64, into out: inout [Int64], cache: inout C.Year?, firstOnly: Bool = false) -> Outcome {
        guard limitsNeedCalendar else {
            var weekday = Self.weekday(of: first)
            for day in first...last {
                if weekdaysNamed & (1 << UInt8(weekday)) != 0 {
                    out.append(day)
                    if firstOnly { return .made }
                }
                weekday = weekday == 6 ? 0 : weekday + 1
            }
            return .made
        }
        var day = first, next = first, kept = false
        // BYWEEKNO (dateutil flavor): the days are numbered as the year of the period's first day
        // sees them (dateutil's week mask of the period's year, 7 days longer for a week that ends in the next).
        var weeks: WeekNumbering?
        if !weekNumbers.isEmpty {
            guard let y = calendar.year(containing: first) else { return .end }
            weeks = weekNumbering(y)
        }
        while day <= last {
            if cache.map({ day < $0.firstDay || day > $0.lastDay }) ?? true { cache = calendar.year(containing: day) }
            guard let y = cache else { return .end }
            let m = y.month(y.monthIndex(containing: day))
            let end = min(last, m.lastDay)
            if monthMask == 0 || monthMask & (1 << UInt32(m.key)) != 0 {
                kept = true
                if let weeks { scanDays(day, end, of: m, y, weeks: weeks, into: &out) } else { scanDays(day, end, of: m, y, into: &out) }
                if firstOnly && !out.isEmpty { return .made }
            }
            day = end + 1
            next = m.lastDay + 1
        }
        return kept ? .made : .skip(to: next &* 86_400)
    }

    /// Whether any day of a calendar cycle passes the BY-day parts (DAILY and finer, where they
    /// only limit): when none does, no period ever holds an instance, whatever the INTERVAL. The
    /// walk asks once, after a cycle's worth of wall time without a candidate.
    func someDayPasses() -> Bool {
        guard let cycle = calendar.cycle else { return true }
        var days: [Int64] = [], cache: C.Year?
        if case .end = limitedDays(0, cycle.days - 1, into: &days, cache: &cache, firstOnly: true) { return true }
        return !days.isEmpty
    }

    /// The week numbers of year `y`'s days (RFC 5545's, or dateutil's in that flavor); nil without BYWEEKNO.
    private func weekNumbering(_ y: C.Year) -> WeekNumbering? {
        weekNumbers.isEmpty ? nil : WeekNumbering(year: y, calendar: calendar, weekStart: weekStart, dateutil: dateutilWeeks)
    }

    /// 0 = Sunday.
    @inline(__always)
    static func weekday(of day: Int64) -> Int64 {
        let r = (day + 4) % 7
        return r < 0 ? r + 7 : r
    }

    /// Day `day` (weekday `weekday`) of month `m` of year `y` against BYWEEKNO, BYYEARDAY,
    /// BYMONTHDAY and BYDAY (BYMONTH is the caller's).
    @inline(__always)
    private func passes(_ day: Int64, _ weekday: Int64, _ m: RRuleMonth, _ y: C.Year, _ weeks: WeekNumbering?) -> Bool {
        // A day whose weekday BYDAY does not name cannot match: skip the other tests.
        if weekdaysNamed & (1 << UInt8(weekday)) == 0 { return false }
        if !weekNumbers.isEmpty {
            guard let weeks else { return false }
            if !weeks.matches(day, weekNumbers) { return false }
        }
        if !yearDays.isEmpty {
            let index = Int(day - y.firstDay + 1)
            if !yearDays.contains(index) && !yearDays.contains(index - Int(y.dayCount) - 1) { return false }
        }
        return matchesMonthDay(day, m) && (!hasDayOfWeek || matchesDayOfWeek(day, weekday, m, y))
    }

    @inline(__always)
    private func matchesMonthDay(_ day: Int64, _ m: RRuleMonth) -> Bool {
        guard monthDayPositive | monthDayNegative != 0 else { return true }
        let index = day - m.firstDay + 1
        return monthDayPositive & (1 << UInt32(index)) != 0 || monthDayNegative & (1 << UInt32(m.dayCount - index + 1)) != 0
    }

    private func matchesDayOfWeek(_ day: Int64, _ weekday: Int64, _ m: RRuleMonth, _ y: C.Year) -> Bool {
        // (`weekdaysBoth`: the callers' `weekdaysNamed` test has kept only the weekdays both kinds name.)
        if weekdaysPassing & (1 << UInt8(weekday)) != 0 { return true }
        for entry in ordinals where Int64(entry.weekday.rawValue - 1) == weekday {
            let (index, length) = ordinalsInYear ? (day - y.firstDay + 1, y.dayCount) : (day - m.firstDay + 1, m.dayCount)
            let n = Int64(entry.ordinal!)
            if n > 0 ? (index - 1) / 7 + 1 == n : (length - index) / 7 + 1 == -n { return true }
        }
        return false
    }

    /// BYDAY for a day SKIP moved (numbered weekdays counted in its own month or year).
    private func passesDayOfWeek(_ day: Int64) -> Bool {
        guard hasDayOfWeek else { return true }
        guard let (y, m) = locate(day) else { return false }
        return matchesDayOfWeek(day, Self.weekday(of: day), m, y)
    }

    private func locate(_ day: Int64) -> (C.Year, RRuleMonth)? {
        guard let y = calendar.year(containing: day) else { return nil }
        return (y, y.month(y.monthIndex(containing: day)))
    }

    // MARK: Walking

    /// The rule's candidate wall times in ascending order from period number `k` on (not yet
    /// limited by DTSTART, COUNT or UNTIL), each once, ending with the year 9999, the calendar's
    /// range or `ceiling`. When SKIP moves dates across a period's edge the periods are merged: a
    /// wall time is given out only when no period still to come can make an earlier one.
    struct Cursor: Sendable {
        var number: Int64
        private var pending: [Int64] = []
        private var head = 0
        private var buffer: [Int64] = []
        /// The least wall time the next period can make when periods spill (else never reached).
        private var bound = Int64.max
        private var finished = false
        private var last = Int64.min
        private var cache: C.Year?
        /// The step where the current run of periods without a candidate began (see `stepsInCycle`).
        private var quietSince: Int64?
        /// `someDayPasses` was asked (once a walk).
        private var checkedDays = false
        /// No wall time after this one is looked for (the year 9999's end; the walk sets UNTIL's
        /// last wall time, so a rule whose UNTIL passes with no instance stops there instead of
        /// trying every period to the year 9999).
        var ceiling = RRule.lastWall
        /// The walk ended because the calendar could not give a period's year or month (ICU's
        /// Chinese calendar breaks down in its year 7380, Gregorian 4743), not because the rule ran out.
        private(set) var calendarEnded = false

        init(number: Int64) { self.number = number }

        /// The next candidate wall time at or after `floor`.
        mutating func next(_ e: RRuleExpansion, atLeast floor: Int64) -> Int64? {
            while true {
                while head < pending.count {
                    let wall = pending[head]
                    if wall >= bound && !finished { break }
                    head += 1
                    if wall == last { continue }
                    last = wall
                    if wall >= floor && wall <= ceiling { return wall }
                }
                if finished { return nil }
                if e.neverMatches || number > 1 << 40 {
                    finished = true
                    continue
                }
                if e.onePerPeriod {
                    // Straight arithmetic: one instance per period.
                    guard let wall = e.singleCandidate(number: number) else {
                        finished = true
                        calendarEnded = true
                        continue
                    }
                    guard wall <= ceiling else {
                        finished = true
                        continue
                    }
                    number += 1
                    if wall >= floor { return wall }
                    continue
                }
                let p = e.startPeriod &+ number &* e.interval
                guard let low = e.lowerBound(ofPeriod: p) else {
                    finished = true
                    calendarEnded = true
                    continue
                }
                guard low <= ceiling else {
                    finished = true
                    continue
                }
                // Nothing waits (always so unless periods spill): the period goes straight into `pending`.
                let alone = head == pending.count
                if alone { head = 0 }
                let outcome = alone ? e.candidates(period: p, into: &pending, cache: &cache) : e.candidates(period: p, into: &buffer, cache: &cache)
                let quietFrom = number
                var empty = true
                switch outcome {
                case .end:
                    finished = true
                    calendarEnded = true
                    continue
                case .skip(let to):
                    let target = e.period(containing: min(to, RRule.lastWall + 1)) ?? Int64.max / 4
                    number = max(number + 1, CivilArithmetic.floorDivMod(target - e.startPeriod + e.interval - 1, e.interval).quotient)
                    if to > RRule.lastWall { finished = true }
                case .made:
                    number += 1
                    empty = alone ? pending.isEmpty : buffer.isEmpty
                    if !alone && !buffer.isEmpty {
                        pending.removeSubrange(..<head)
                        head = 0
                        let sorted = pending.last.map { $0 <= buffer[0] } ?? true
                        pending.append(contentsOf: buffer)
                        if !sorted { pending.sort() }
                    }
                }
                if e.spills && !finished {
                    bound = e.lowerBound(ofPeriod: e.startPeriod &+ number &* e.interval) ?? Int64.max
                    if bound == Int64.max { finished = true }
                }
                // A whole cycle without a candidate: none ever (`FREQ=SECONDLY;BYYEARDAY=113;
                // BYMONTHDAY=13` — year day 113 is April 22 or 23 — stops after 146,097 days, not 2.9 million).
                if !empty {
                    quietSince = nil
                    continue
                }
                if quietSince == nil { quietSince = quietFrom }
                if let cycle = e.stepsInCycle {
                    if number - quietSince! >= cycle { finished = true }
                } else if let days = e.calendar.cycle?.days, e.frequency <= .daily, !checkedDays,
                          Self.start(of: number, e) - Self.start(of: quietSince!, e) > days * 86_400 {
                    // Another INTERVAL: the periods do not repeat with the cycle, but the days they
                    // may fall on do (`FREQ=HOURLY;INTERVAL=19;BYMONTHDAY=-20;BYYEARDAY=212`).
                    checkedDays = true
                    if !e.someDayPasses() { finished = true }
                }
            }
        }

        /// The first wall time of rule period `k` of a FREQ of fixed length.
        private static func start(of k: Int64, _ e: RRuleExpansion) -> Int64 {
            RRuleExpansion.periodStart(e.startPeriod &+ k &* e.interval, frequency: e.frequency, weekStart: e.weekStart)
        }
    }

    /// RFC 5545 week numbers (§3.3.10 BYWEEKNO: "Week number one of the calendar year is the first
    /// week that contains at least four (4) days in that calendar year", weeks starting on WKST)
    /// for the days of one calendar year. A day belongs to the week-numbering year its week falls
    /// in: the year's first days may be in the last week of the previous year, its last ones in
    /// week 1 of the next. Nil when the calendar lacks a neighbouring year.
    ///
    /// `dateutil`: as python-dateutil 2.9 numbers them from this year (`_iterinfo.rebuild`'s week
    /// mask, read there, not copied): a last day in the next year's week 1 matches BYWEEKNO 1 only
    /// (not its count from the end); a first day in the previous year's last week matches −1 or
    /// dateutil's count of that year's weeks — which, when the previous year's week 1 began on or after its
    /// January 1, dateutil takes from this year's length (52 + ((days of this year from its week 1) mod 7) ÷ 4,
    /// so 2011-01-01 (WKST=MO) is week 53 of 2010 there, where 2010 has 52 weeks).
    struct WeekNumbering {
        private let firstWeek: (previous: Int64, this: Int64, next: Int64, afterNext: Int64)
        /// dateutil: the number the days before week 1 match (besides −1); 0 for RFC 5545's numbering.
        private let previousWeeks: Int

        init?(year: C.Year, calendar: C, weekStart: Int64, dateutil: Bool = false) {
            func week1(_ firstDay: Int64) -> Int64 {
                let offset = ((firstDay + 4 - weekStart) % 7 + 7) % 7      // days from the week's start to the year's first day
                return offset <= 3 ? firstDay - offset : firstDay - offset + 7
            }
            guard let previous = calendar.year(year.number - 1), let next = calendar.year(year.number + 1),
                  let afterNext = calendar.year(year.number + 2) else { return nil }
            firstWeek = (week1(previous.firstDay), week1(year.firstDay), week1(next.firstDay), week1(afterNext.firstDay))
            // Days from the previous year's January 1 to its first WKST day: 4 or more, its week 1
            // began before January 1 and dateutil counts its weeks right; else from this year.
            let previousOffset = ((weekStart - (previous.firstDay + 4)) % 7 + 7) % 7
            previousWeeks = !dateutil ? 0 : previousOffset >= 4 ? Int((firstWeek.this - firstWeek.previous) / 7)
                : 52 + Int(((year.dayCount - (firstWeek.this - year.firstDay)) % 7 + 7) % 7 / 4)
        }

        /// Whether `day` is in a week `numbers` names (see the type's comment for `dateutil`).
        @inline(never)
        func matches(_ day: Int64, _ numbers: [Int]) -> Bool {
            if previousWeeks != 0 {
                if day >= firstWeek.next { return numbers.contains(1) }
                if day < firstWeek.this { return numbers.contains(-1) || numbers.contains(previousWeeks) }
            }
            let (n, negative) = number(of: day)
            return numbers.contains(n) || numbers.contains(negative)
        }

        /// The week number (1…) and the same counted from the end (-1 = the last week).
        func number(of day: Int64) -> (Int, Int) {
            let (start, end): (Int64, Int64)
            if day < firstWeek.this { (start, end) = (firstWeek.previous, firstWeek.this) }
            else if day >= firstWeek.next { (start, end) = (firstWeek.next, firstWeek.afterNext) }
            else { (start, end) = (firstWeek.this, firstWeek.next) }
            let n = (day - start) / 7 + 1, weeks = (end - start) / 7
            return (Int(n), Int(n - weeks - 1))
        }
    }
}
