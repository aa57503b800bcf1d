/// One rule expanded from one DTSTART wall time, in wall time (local seconds since 1970), by RFC
/// 5545 §3.3.10: the rule's periods are the FREQ-sized spans (years, months, weeks per WKST, days,
/// hours, minutes, seconds) `DTSTART's period + k × INTERVAL`, k = 0, 1, 2, …; in each period the
/// BYxxx parts either *expand* (produce every matching value below the period's size) or *limit*
/// (keep the period only when its own value matches), exactly as the RFC's table says:
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
/// from the Start Time"): a YEARLY rule with no day parts takes DTSTART's month (unless BYMONTH)
/// and day, MONTHLY its day, WEEKLY its weekday; the time parts coarser than FREQ its hour,
/// minute and second. Invalid dates (`BYMONTHDAY=30` in February) are not produced (§3.3.10:
/// "MUST be ignored"). BYSETPOS then picks positions from the period's whole sorted set.
///
/// The expansion is pure calendar arithmetic on wall times; which instants they are in a zone
/// (gaps, overlaps) is `RRuleTrigger`'s business. Immutable, and a class so that a walk holds it
/// by one reference: copying its lists for every period or walk cost more than the next fire.
final class RRuleExpansion: Sendable {
    let frequency: RRule.Frequency
    let interval: Int64
    /// DTSTART's wall time and its period.
    let start: Int64
    let startPeriod: Int64
    /// WKST, 0 = Sunday … 6 = Saturday.
    let weekStart: Int64

    // Day parts, after DTSTART's defaults. A zero mask means "not given".
    let monthMask: UInt16
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

    // Time parts: expanded lists below the frequency, limit masks at or above it (0 = none).
    let hours: [Int64]
    let minutes: [Int64]
    let seconds: [Int64]
    let hourLimit: UInt32
    let minuteLimit: UInt64
    let secondLimit: UInt64

    let setPositions: [Int]
    /// Every period holds exactly one instance, at `singleCandidate(period:)` (no BY parts, and
    /// DTSTART's day exists in every month or year).
    let onePerPeriod: Bool
    /// A sub-day rule whose INTERVAL never lands on a time of day its BYHOUR/BYMINUTE/BYSECOND
    /// limits allow (`FREQ=SECONDLY;INTERVAL=2;BYSECOND=3` from an even second): no period can hold
    /// an instance, so the walk ends at once instead of trying every period to the year 9999.
    let neverMatches: Bool
    /// Cursor steps (periods ÷ INTERVAL) in 400 Gregorian years, when INTERVAL divides that cycle's
    /// periods; else nil. The calendar repeats every 400 years (146,097 days, a whole number of
    /// weeks), and so do the day and time parts and, with such an INTERVAL, the periods: a rule
    /// that found no instance in a whole cycle never will again.
    let stepsInCycle: Int64?

    static let lastWall: Int64 = 253_402_300_799       // 9999-12-31T23:59:59

    init(rule: RRule, start: Int64) {
        frequency = rule.frequency
        interval = Int64(rule.interval)
        self.start = start
        weekStart = Int64(rule.weekStart.rawValue - 1)
        let civil = CivilDateTime(localSeconds: start)
        let startDay = CivilArithmetic.floorDivMod(start, 86_400).quotient
        var byMonth = rule.byMonth, byMonthDay = rule.byMonthDay
        var plainWeekdays = rule.byDay.filter { $0.ordinal == nil }.map { $0.weekday.rawValue - 1 }
        let noDayParts = rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty
        if noDayParts {
            switch rule.frequency {
            case .yearly:
                if byMonth.isEmpty { byMonth = [civil.month] }
                byMonthDay = [civil.day]
            case .monthly: byMonthDay = [civil.day]
            case .weekly: plainWeekdays = [CivilArithmetic.weekday(ofDay: startDay) - 1]
            default: break
            }
        }
        monthMask = byMonth.reduce(0) { $0 | UInt16(1) << UInt16($1) }
        monthDayPositive = byMonthDay.filter { $0 > 0 }.reduce(0) { $0 | UInt32(1) << UInt32($1) }
        monthDayNegative = byMonthDay.filter { $0 < 0 }.reduce(0) { $0 | UInt32(1) << UInt32(-$1) }
        weekdayMask = plainWeekdays.reduce(0) { $0 | UInt8(1) << UInt8($1) }
        ordinals = rule.byDay.filter { $0.ordinal != nil }
        hasDayOfWeek = weekdayMask != 0 || !ordinals.isEmpty
        weekdaysNamed = hasDayOfWeek ? ordinals.reduce(weekdayMask) { $0 | UInt8(1) << UInt8($1.weekday.rawValue - 1) } : 0x7F
        yearDays = rule.byYearDay
        weekNumbers = rule.byWeekNo
        ordinalsInYear = rule.frequency == .yearly && rule.byMonth.isEmpty
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
        let noParts = noDayParts && rule.byMonth.isEmpty && rule.byHour.isEmpty && rule.byMinute.isEmpty && rule.bySecond.isEmpty
            && rule.bySetPos.isEmpty
        switch rule.frequency {
        case .monthly: onePerPeriod = noParts && civil.day <= 28
        case .yearly: onePerPeriod = noParts && !(civil.month == 2 && civil.day == 29)
        default: onePerPeriod = noParts
        }
        startPeriod = Self.period(containing: start, frequency: rule.frequency, weekStart: Int64(rule.weekStart.rawValue - 1))
        let cycleDays: Int64 = 146_097
        let periodsInCycle: Int64 = switch rule.frequency {
        case .yearly: 400
        case .monthly: 4_800
        case .weekly: cycleDays / 7
        case .daily: cycleDays
        case .hourly: cycleDays * 24
        case .minutely: cycleDays * 1_440
        case .secondly: cycleDays * 86_400
        }
        stepsInCycle = periodsInCycle % interval == 0 ? periodsInCycle / interval : nil
        neverMatches = Self.timeOfDayUnreachable(frequency: rule.frequency, interval: Int64(rule.interval), startPeriod: startPeriod,
                                                 hours: hourLimit, minutes: minuteLimit, seconds: secondLimit)
            || Self.setPositionsUnreachable(positions: rule.bySetPos,
                                            size: Self.mostDays(rule, byMonth: byMonth, byMonthDay: byMonthDay, plainWeekdays: plainWeekdays)
                                                * max(hours.count, 1) * max(minutes.count, 1) * max(seconds.count, 1))
    }

    /// A period holds at most `size` instances (its most days × every time the finer BYHOUR ×
    /// BYMINUTE × BYSECOND expand to), so a BYSETPOS whose every position lies past `size` selects
    /// nothing in any period: the rule is empty, and the walk ends at once instead of trying every
    /// period to the year 9999 (`FREQ=MINUTELY;BYSECOND=5;BYSETPOS=2`, one instance a minute:
    /// about 4 × 10⁹ periods, a hang; `FREQ=WEEKLY;BYDAY=MO,TH,SA;BYSETPOS=4`, three a week:
    /// 417,000 periods, 4 s in a debug build).
    static func setPositionsUnreachable(positions: [Int], size: Int) -> Bool {
        !positions.isEmpty && positions.allSatisfy { abs($0) > size }
    }

    /// The most days one period of the rule can hold (an upper bound): 1 for DAILY and finer; a
    /// week's named weekdays; a month's named month days, or five of each named weekday; a year's
    /// named year days, named month days in each named month, or 53 of each named weekday. The BY
    /// parts that limit rather than expand only lower the true count. `byMonth`, `byMonthDay` and
    /// `plainWeekdays` are the rule's after DTSTART filled in the missing day parts.
    static func mostDays(_ rule: RRule, byMonth: [Int], byMonthDay: [Int], plainWeekdays: [Int]) -> Int {
        let weekdays = Set(plainWeekdays + rule.byDay.map { $0.weekday.rawValue - 1 }).count
        var most: Int
        switch rule.frequency {
        case .weekly:
            most = 7
            if weekdays > 0 { most = min(most, weekdays) }
        case .monthly:
            most = 31
            if !byMonthDay.isEmpty { most = min(most, Set(byMonthDay).count) }
            if weekdays > 0 { most = min(most, 5 * weekdays) }
        case .yearly:
            most = 366
            if !rule.byYearDay.isEmpty { most = min(most, Set(rule.byYearDay).count) }
            if !byMonthDay.isEmpty { most = min(most, Set(byMonthDay).count * (byMonth.isEmpty ? 12 : Set(byMonth).count)) }
            if weekdays > 0 { most = min(most, 53 * weekdays) }
        default:
            most = 1
        }
        return most
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

    /// The index of the period holding wall time `wall` (years, months since year 0, weeks per
    /// WKST, days, hours, minutes or seconds since 1970).
    @inline(__always)
    func period(containing wall: Int64) -> Int64 {
        Self.period(containing: wall, frequency: frequency, weekStart: weekStart)
    }

    @inline(__always)
    static func period(containing wall: Int64, frequency: RRule.Frequency, weekStart: Int64) -> Int64 {
        switch frequency {
        case .secondly: return wall
        case .minutely: return CivilArithmetic.floorDivMod(wall, 60).quotient
        case .hourly: return CivilArithmetic.floorDivMod(wall, 3600).quotient
        case .daily: return CivilArithmetic.floorDivMod(wall, 86_400).quotient
        case .weekly:
            let day = CivilArithmetic.floorDivMod(wall, 86_400).quotient
            return CivilArithmetic.floorDivMod(day + 4 - weekStart, 7).quotient
        case .monthly:
            let (y, m, _) = CivilArithmetic.civilFromDays(CivilArithmetic.floorDivMod(wall, 86_400).quotient)
            return y * 12 + m - 1
        case .yearly:
            return CivilArithmetic.civilFromDays(CivilArithmetic.floorDivMod(wall, 86_400).quotient).year
        }
    }

    /// The first wall time of period `p`.
    @inline(__always)
    func periodStart(_ p: Int64) -> Int64 {
        switch frequency {
        case .secondly: return p
        case .minutely: return p &* 60
        case .hourly: return p &* 3600
        case .daily: return p &* 86_400
        case .weekly: return (p &* 7 - 4 + weekStart) &* 86_400
        case .monthly:
            let (y, m) = CivilArithmetic.floorDivMod(p, 12)
            return CivilArithmetic.daysFromCivil(year: y, month: m + 1, day: 1) &* 86_400
        case .yearly: return CivilArithmetic.daysFromCivil(year: p, month: 1, day: 1) &* 86_400
        }
    }

    /// The number k of the first rule period (DTSTART's + k × INTERVAL) that ends after `wall`, not below 0.
    func firstPeriodNumber(reaching wall: Int64) -> Int64 {
        guard wall > start else { return 0 }
        let p = period(containing: min(wall, Self.lastWall))
        return CivilArithmetic.floorDivMod(p - startPeriod, interval).quotient
    }

    /// For a rule with one instance in every period of a fixed length (SECONDLY … WEEKLY with
    /// `onePerPeriod`): the wall-time distance between instances, `INTERVAL` periods. Instance k
    /// is `start + k × step` (`singleCandidate(number: k)`).
    var step: Int64? {
        guard onePerPeriod, !neverMatches, frequency <= .weekly else { return nil }
        let length: Int64 = [1, 60, 3600, 86_400, 604_800][frequency.rawValue]
        return length * interval
    }

    /// The wall time of the one instance in rule period `k` (when `onePerPeriod`).
    @inline(__always)
    func singleCandidate(number k: Int64) -> Int64 {
        let p = startPeriod &+ k &* interval
        switch frequency {
        case .secondly, .minutely, .hourly, .daily, .weekly:
            return start &+ (p &- startPeriod) &* (periodStart(startPeriod + 1) - periodStart(startPeriod))
        case .monthly, .yearly:
            let (startDay, timeOfDay) = CivilArithmetic.floorDivMod(start, 86_400)
            let day = CivilArithmetic.civilFromDays(startDay).day
            let (y, m) = frequency == .yearly ? (p, CivilArithmetic.civilFromDays(startDay).month - 1) : CivilArithmetic.floorDivMod(p, 12)
            return CivilArithmetic.daysFromCivil(year: y, month: m + 1, day: day) &* 86_400 &+ timeOfDay
        }
    }

    // MARK: Candidates

    /// The instances of rule period `k` in ascending wall order (BYSETPOS applied), into `out`
    /// (cleared first). Returns a wall time before which no later period can hold an instance
    /// when the period was rejected by a limit at a coarser level (the next month, day, hour or
    /// minute), so a fine FREQ skips ahead rather than walking every second; else nil.
    func candidates(number k: Int64, into out: inout [Int64]) -> Int64? {
        out.removeAll(keepingCapacity: true)
        let p = startPeriod &+ k &* interval
        if onePerPeriod {
            out.append(singleCandidate(number: k))
            return nil
        }
        if frequency >= .daily {
            let (first, last): (Int64, Int64)
            switch frequency {
            case .daily: (first, last) = (p, p)
            case .weekly: (first, last) = (p * 7 - 4 + weekStart, p * 7 + 2 + weekStart)
            case .monthly:
                let (y, m) = CivilArithmetic.floorDivMod(p, 12)
                first = CivilArithmetic.daysFromCivil(year: y, month: m + 1, day: 1)
                last = first + CivilArithmetic.daysInMonth(year: y, month: m + 1) - 1
            default:
                first = CivilArithmetic.daysFromCivil(year: p, month: 1, day: 1)
                last = CivilArithmetic.daysFromCivil(year: p + 1, month: 1, day: 1) - 1
            }
            var cursor = DayCursor(first)
            var weeks = WeekNumbering(year: cursor.year, weekStart: weekStart, needed: !weekNumbers.isEmpty)
            var day = first
            var weekday = ((first + 4) % 7 + 7) % 7                                  // 0 = Sunday
            while day <= last {
                // A day whose weekday BYDAY does not name cannot match: skip the other tests.
                if weekdaysNamed & (1 << UInt8(weekday)) == 0 {
                    day += 1
                    weekday = weekday == 6 ? 0 : weekday + 1
                    cursor.advance()
                    continue
                }
                if cursor.year != weeks.year { weeks = WeekNumbering(year: cursor.year, weekStart: weekStart, needed: !weekNumbers.isEmpty) }
                if let skip = matches(day, cursor, weeks) {
                    if skip && frequency == .daily { return cursor.nextMonthStart * 86_400 }
                } else {
                    for h in hours { for m in minutes { for s in seconds { out.append(day &* 86_400 &+ h &* 3600 &+ m &* 60 &+ s) } } }
                }
                day += 1
                weekday = weekday == 6 ? 0 : weekday + 1
                cursor.advance()
            }
        } else {
            let wall = periodStart(p)
            let (day, timeOfDay) = CivilArithmetic.floorDivMod(wall, 86_400)
            let cursor = DayCursor(day)
            if let monthFailed = matches(day, cursor, WeekNumbering(year: cursor.year, weekStart: weekStart, needed: false)) {
                return monthFailed ? cursor.nextMonthStart * 86_400 : (day + 1) * 86_400
            }
            let hour = timeOfDay / 3600, minute = timeOfDay / 60 % 60, second = timeOfDay % 60
            // A period whose hour, minute or second the limits leave out is empty, and so is every
            // period before the next value they name: skip to it (SECONDLY;BYSECOND=0,59 would
            // otherwise test 58 empty seconds a minute, which COUNT's count from DTSTART pays for).
            if hourLimit != 0 && hourLimit & (1 << UInt32(hour)) == 0 {
                let later = (UInt64(hourLimit) >> UInt64(hour + 1)) << UInt64(hour + 1)
                return later == 0 ? (day + 1) * 86_400 : wall - timeOfDay % 3600 + (Int64(later.trailingZeroBitCount) - hour) * 3600
            }
            if minuteLimit != 0 && minuteLimit & (1 << UInt64(minute)) == 0 {
                let later = (minuteLimit >> UInt64(minute + 1)) << UInt64(minute + 1)
                return later == 0 ? wall - timeOfDay % 3600 + 3600 : wall - timeOfDay % 60 + (Int64(later.trailingZeroBitCount) - minute) * 60
            }
            if secondLimit != 0 && secondLimit & (1 << UInt64(second)) == 0 {
                let later = (secondLimit >> UInt64(second + 1)) << UInt64(second + 1)
                return later == 0 ? wall - timeOfDay % 60 + 60 : wall + Int64(later.trailingZeroBitCount) - second
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
        return nil
    }

    /// Whether any day of a 400-year cycle passes the BY-day parts (DAILY and finer, where they
    /// only limit): when none does, no period ever holds an instance, whatever the INTERVAL. The
    /// walk asks once, after a cycle's worth of wall time without a candidate.
    func someDayPasses() -> Bool {
        if !weekNumbers.isEmpty { return true }        // (YEARLY only: not asked)
        let first: Int64 = 0                           // 1970-01-01; any day would do
        var cursor = DayCursor(first)
        let weeks = WeekNumbering(year: cursor.year, weekStart: weekStart, needed: false)
        for day in first..<first + 146_097 {
            if matches(day, cursor, weeks) == nil { return true }
            cursor.advance()
        }
        return false
    }

    /// nil when day `day` passes every BY-day part; else whether BYMONTH was the part it failed.
    @inline(__always)
    private func matches(_ day: Int64, _ c: DayCursor, _ weeks: WeekNumbering) -> Bool? {
        if monthMask != 0 && monthMask & (1 << UInt16(c.month)) == 0 { return true }
        if !weekNumbers.isEmpty {
            let (number, negative) = weeks.number(of: day)
            if !weekNumbers.contains(number) && !weekNumbers.contains(negative) { return false }
        }
        if !yearDays.isEmpty && !yearDays.contains(Int(c.dayOfYear)) && !yearDays.contains(Int(c.dayOfYear - c.daysInYear - 1)) {
            return false
        }
        if monthDayPositive | monthDayNegative != 0 {
            if monthDayPositive & (1 << UInt32(c.day)) == 0 && monthDayNegative & (1 << UInt32(c.daysInMonth - c.day + 1)) == 0 { return false }
        }
        if hasDayOfWeek {
            let weekday = (day + 4) % 7 < 0 ? (day + 4) % 7 + 7 : (day + 4) % 7          // 0 = Sunday
            var hit = weekdayMask & (1 << UInt8(weekday)) != 0
            if !hit {
                for entry in ordinals where Int64(entry.weekday.rawValue - 1) == weekday {
                    let (index, length) = ordinalsInYear ? (c.dayOfYear, c.daysInYear) : (c.day, c.daysInMonth)
                    let n = entry.ordinal!
                    if n > 0 ? (index - 1) / 7 + 1 == n : (length - index) / 7 + 1 == -n { hit = true; break }
                }
            }
            if !hit { return false }
        }
        return nil
    }

    /// A day's civil fields, stepped one day at a time without division.
    struct DayCursor {
        var year: Int64, month: Int64, day: Int64, daysInMonth: Int64, dayOfYear: Int64, daysInYear: Int64

        init(_ dayNumber: Int64) {
            let (y, m, d) = CivilArithmetic.civilFromDays(dayNumber)
            year = y; month = m; day = d
            daysInMonth = CivilArithmetic.daysInMonth(year: y, month: m)
            dayOfYear = dayNumber - CivilArithmetic.daysFromCivil(year: y, month: 1, day: 1) + 1
            daysInYear = CivilArithmetic.isLeapYear(y) ? 366 : 365
        }

        /// The day number of the first day of the next month.
        var nextMonthStart: Int64 {
            month == 12 ? CivilArithmetic.daysFromCivil(year: year + 1, month: 1, day: 1) : CivilArithmetic.daysFromCivil(year: year, month: month + 1, day: 1)
        }

        @inline(__always)
        mutating func advance() {
            day += 1; dayOfYear += 1
            if day > daysInMonth {
                day = 1; month += 1
                if month > 12 {
                    month = 1; year += 1; dayOfYear = 1
                    daysInYear = CivilArithmetic.isLeapYear(year) ? 366 : 365
                }
                daysInMonth = CivilArithmetic.daysInMonth(year: year, month: month)
            }
        }
    }

    /// RFC 5545 week numbers (§3.3.10 BYWEEKNO: "Week number one of the calendar year is the first
    /// week that contains at least four (4) days in that calendar year", weeks starting on WKST)
    /// for the days of one calendar year. A day belongs to the week-numbering year its week falls
    /// in: Jan 1–3 may be in the last week of the previous year, Dec 29–31 in week 1 of the next.
    struct WeekNumbering {
        let year: Int64
        private let firstWeek: (previous: Int64, this: Int64, next: Int64, afterNext: Int64)

        init(year: Int64, weekStart: Int64, needed: Bool) {
            self.year = year
            guard needed else { firstWeek = (0, 0, 0, 0); return }
            func week1(_ y: Int64) -> Int64 {
                let jan1 = CivilArithmetic.daysFromCivil(year: y, month: 1, day: 1)
                let offset = ((jan1 + 4 - weekStart) % 7 + 7) % 7      // days from the week's start to Jan 1
                return offset <= 3 ? jan1 - offset : jan1 - offset + 7
            }
            firstWeek = (week1(year - 1), week1(year), week1(year + 1), week1(year + 2))
        }

        /// The week number (1…53) and the same counted from the end (-1 = the last week).
        func number(of day: Int64) -> (Int, Int) {
            let (start, end): (Int64, Int64)
            if day < firstWeek.this { (start, end) = (firstWeek.previous, firstWeek.this) }
            else if day >= firstWeek.next { (start, end) = (firstWeek.next, firstWeek.afterNext) }
            else { (start, end) = (firstWeek.this, firstWeek.next) }
            let n = (day - start) / 7 + 1, weeks = (end - start) / 7
            return (Int(n), Int(n - weeks - 1))
        }
    }

    // MARK: Walking

    /// The rule's candidate wall times in ascending order from period number `k` on (not yet
    /// limited by DTSTART, COUNT or UNTIL), ending after the year 9999.
    struct Cursor: Sendable {
        var number: Int64
        var buffer: [Int64] = []
        var index = 0
        var finished = false
        /// The step where the current run of periods without a candidate began (see `stepsInCycle`).
        var quietSince: Int64?
        /// `someDayPasses` was asked (once a walk).
        var checkedDays = false
        /// No wall time after this one is looked for (the year 9999's end; the walk sets UNTIL's
        /// last wall time, so a rule whose UNTIL passes with no instance stops there instead of
        /// trying every period to the year 9999).
        var ceiling = RRuleExpansion.lastWall

        init(number: Int64) { self.number = number }

        /// The next candidate wall time at or after `floor`.
        @inline(__always)
        mutating func next(_ e: RRuleExpansion, atLeast floor: Int64) -> Int64? {
            while true {
                if index < buffer.count {
                    let wall = buffer[index]
                    index += 1
                    if wall >= floor { return wall }
                    continue
                }
                if finished || e.neverMatches { return nil }
                if e.onePerPeriod {
                    // Straight arithmetic: one instance per period.
                    let wall = e.singleCandidate(number: number)
                    number += 1
                    if wall > ceiling || number > 1 << 40 { finished = true; return nil }
                    if wall >= floor { return wall }
                    continue
                }
                let p = e.startPeriod &+ number &* e.interval
                if e.periodStart(p) > ceiling || number > 1 << 40 { finished = true; return nil }
                index = 0
                let quietFrom = number
                if let skipTo = e.candidates(number: number, into: &buffer) {
                    number = max(number + 1, CivilArithmetic.floorDivMod(e.period(containing: min(skipTo, RRuleExpansion.lastWall + 1)) - e.startPeriod + e.interval - 1, e.interval).quotient)
                    if skipTo > RRuleExpansion.lastWall { finished = true }
                } else {
                    number += 1
                }
                // A whole 400-year cycle without a candidate: none ever (`FREQ=SECONDLY;BYYEARDAY=113;
                // BYMONTHDAY=13` — year day 113 is April 22 or 23 — stops after 146,097 days, not 2.9 million).
                if !buffer.isEmpty {
                    quietSince = nil
                } else {
                    if quietSince == nil { quietSince = quietFrom }
                    if let cycle = e.stepsInCycle {
                        if number - quietSince! >= cycle { finished = true }
                    } else if e.frequency <= .daily && !checkedDays
                                && e.periodStart(e.startPeriod &+ number &* e.interval) - e.periodStart(e.startPeriod &+ quietSince! &* e.interval) > 146_097 * 86_400 {
                        // Another INTERVAL: the periods do not repeat with the cycle, but the
                        // days they may fall on do (`FREQ=HOURLY;INTERVAL=19;BYMONTHDAY=-20;BYYEARDAY=212`).
                        checkedDays = true
                        if !e.someDayPasses() { finished = true }
                    }
                }
            }
        }
    }
}

