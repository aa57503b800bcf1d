/// One rule expanded from one DTSTART wall time in an RFC 7529 calendar (`RSCALE=HEBREW`): the
/// `RRuleExpansion` of RFC 5545 §3.3.10 with its years, months, month days, year days and week
/// numbers counted in `calendar` instead of the Gregorian calendar, and RFC 7529 §4.1's SKIP.
/// Weekdays, weeks (WKST), days and times of day are the same in every calendar, so WEEKLY,
/// DAILY and finer periods are RFC 5545's; YEARLY periods are the calendar's years and MONTHLY
/// periods its months (a Chinese leap month is a month of its own). DTSTART's wall time is
/// Gregorian; its calendar fields (year, month, day) are read from `calendar`, so a YEARLY rule
/// without day parts recurs on DTSTART's month and day *in the calendar* ("derived from the
/// Start Time", §3.3.10).
///
/// SKIP (RFC 7529 §4.1: "SKIP=BACKWARD … a date with an invalid month is changed to the previous
/// (valid) month. A date with an invalid day-of-month is changed to the previous (valid)
/// day-of-month"; FORWARD the next) acts where a rule part *makes* dates — the parts that expand:
/// - a leap month BYMONTH names (or DTSTART's, for YEARLY) that the year lacks (`5L` in a Hebrew
///   common year): OMIT drops it; BACKWARD takes month n (Shevat), FORWARD the month after it
///   (Adar), whose days then follow the rules below;
/// - a month day (BYMONTHDAY, or DTSTART's day) past the month's end (30 in a 29-day month):
///   BACKWARD the month's last day, FORWARD the next month's first day; before its start (−30 in
///   a 29-day month): BACKWARD the previous month's last day, FORWARD the month's first day;
/// - a year day (YEARLY's BYYEARDAY) past the year's end or before its start, likewise.
/// A moved date still has to pass the parts RFC 5545 applies after the one that made it (BYDAY
/// after BYMONTHDAY; BYMONTHDAY and BYDAY after BYYEARDAY), and stays in the rule even when it
/// leaves the month BYMONTH named (`BYMONTH=2;BYMONTHDAY=29;SKIP=FORWARD` gives March 1 in a
/// common year). Where a part only limits (DAILY's BYMONTHDAY, MONTHLY's BYMONTH), the periods
/// are real days and months, no date is invalid and SKIP changes nothing: a leap-month limit
/// matches in the years that have the month. A moved date that another date of the set already
/// is counts once (the set has no repeats). BYWEEKNO values a year lacks (53 in a 52-week year)
/// are left out whatever SKIP says (RFC 7529 gives no rule for moving a week).
/// A class, as `RRuleExpansion`: a walk holds it by one reference instead of copying its lists.
final class RScaleExpansion: Sendable {
    let calendar: RScaleCalendar
    let frequency: RRule.Frequency
    let interval: Int64
    /// DTSTART's wall time and its period.
    let start: Int64
    let startPeriod: Int64
    /// WKST, 0 = Sunday … 6 = Saturday.
    let weekStart: Int64
    let skip: RRule.Skip

    /// BYMONTH (after DTSTART's default) as `RScaleMonth.key`s, ascending; empty when not given.
    let monthKeys: [Int]
    /// BYMONTHDAY (after DTSTART's default); empty when not given.
    let monthDays: [Int]
    let weekdayMask: UInt8
    let ordinals: [RRule.WeekdayNum]
    let hasDayOfWeek: Bool
    let yearDays: [Int]
    let weekNumbers: [Int]
    /// A numbered BYDAY counts within the year (YEARLY without BYMONTH) rather than the month.
    let ordinalsInYear: Bool
    let hours: [Int64]
    let minutes: [Int64]
    let seconds: [Int64]
    let hourLimit: UInt32
    let minuteLimit: UInt64
    let secondLimit: UInt64
    let setPositions: [Int]
    let neverMatches: Bool
    /// YEARLY or MONTHLY whose dates are months × month days alone (no BYDAY, BYYEARDAY or BYWEEKNO).
    let direct: Bool
    /// SKIP can move a period's date out of the period (by at most one day past its end or before its start).
    let spills: Bool

    init(rule: RRule, start: Int64, calendar: RScaleCalendar) throws(RRuleError) {
        self.calendar = calendar
        frequency = rule.frequency
        interval = Int64(rule.interval)
        self.start = start
        weekStart = Int64(rule.weekStart.rawValue - 1)
        skip = rule.skip ?? .omit
        let civil = CivilDateTime(localSeconds: start)
        let startDay = CivilArithmetic.floorDivMod(start, 86_400).quotient
        guard let startYear = calendar.year(containing: startDay) else {
            throw .invalid(part: "DTSTART", reason: "\(civil) is outside the \(calendar.name) calendar's range in ICU")
        }
        let startMonth = startYear.months[startYear.monthIndex(containing: startDay)]
        var keys = rule.byMonth.map { $0 * 2 } + rule.byLeapMonth.map { $0 * 2 + 1 }
        var byMonthDay = rule.byMonthDay
        var plainWeekdays = rule.byDay.filter { $0.ordinal == nil }.map { $0.weekday.rawValue - 1 }
        let noDayParts = rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty
        if noDayParts {
            switch rule.frequency {
            case .yearly:
                if keys.isEmpty { keys = [startMonth.key] }
                byMonthDay = [Int(startDay - startMonth.firstDay + 1)]
            case .monthly: byMonthDay = [Int(startDay - startMonth.firstDay + 1)]
            case .weekly: plainWeekdays = [CivilArithmetic.weekday(ofDay: startDay) - 1]
            default: break
            }
        }
        monthKeys = Array(Set(keys)).sorted()
        monthDays = Array(Set(byMonthDay)).sorted()
        weekdayMask = plainWeekdays.reduce(0) { $0 | UInt8(1) << UInt8($1) }
        ordinals = rule.byDay.filter { $0.ordinal != nil }
        hasDayOfWeek = weekdayMask != 0 || !ordinals.isEmpty
        yearDays = rule.byYearDay
        weekNumbers = rule.byWeekNo
        ordinalsInYear = rule.frequency == .yearly && rule.byMonth.isEmpty && rule.byLeapMonth.isEmpty
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
        let weekStart = Int64(rule.weekStart.rawValue - 1)
        switch rule.frequency {
        case .yearly: startPeriod = startYear.number
        case .monthly:
            guard let before = calendar.monthsBefore(year: startYear.number) else {
                throw .invalid(part: "DTSTART", reason: "\(civil) is outside the \(calendar.name) calendar's range in ICU")
            }
            startPeriod = before + Int64(startYear.monthIndex(containing: startDay))
        default: startPeriod = RRuleExpansion.period(containing: start, frequency: rule.frequency, weekStart: weekStart)
        }
        neverMatches = RRuleExpansion.timeOfDayUnreachable(frequency: rule.frequency, interval: Int64(rule.interval), startPeriod: startPeriod,
                                                           hours: hourLimit, minutes: minuteLimit, seconds: secondLimit)
    }

    // MARK: Periods

    /// The index of the period holding wall time `wall` (calendar years; months in one count of
    /// all months, `RScaleCalendar.monthsBefore`; weeks, days, hours, minutes, seconds as RFC 5545's).
    func period(containing wall: Int64) -> Int64? {
        let day = CivilArithmetic.floorDivMod(wall, 86_400).quotient
        switch frequency {
        case .yearly: return calendar.year(containing: day)?.number
        case .monthly:
            guard let y = calendar.year(containing: day), let before = calendar.monthsBefore(year: y.number) else { return nil }
            return before + Int64(y.monthIndex(containing: day))
        default: return RRuleExpansion.period(containing: wall, frequency: frequency, weekStart: weekStart)
        }
    }

    /// The first wall time of period `p`; nil past the calendar's range.
    func periodStart(_ p: Int64) -> Int64? {
        switch frequency {
        case .secondly: return p
        case .minutely: return p &* 60
        case .hourly: return p &* 3600
        case .daily: return p &* 86_400
        case .weekly: return (p &* 7 - 4 + weekStart) &* 86_400
        case .monthly:
            guard let (y, i) = calendar.month(atIndex: p) else { return nil }
            return y.months[i].firstDay &* 86_400
        case .yearly: return calendar.year(p).map { $0.firstDay &* 86_400 }
        }
    }

    /// The least wall time period `p` can produce (a day earlier than its start when SKIP moves
    /// dates back across its start); nil past the calendar's range.
    func lowerBound(ofPeriod p: Int64) -> Int64? {
        guard let wall = periodStart(p) else { return nil }
        return spills ? wall - 86_400 : wall
    }

    /// The number k of the first rule period (DTSTART's + k × INTERVAL) that can make a wall time
    /// at or after `wall` (when SKIP moves dates, one period earlier than the one holding it: its
    /// moved dates may spill into the next), not below 0.
    func firstPeriodNumber(reaching wall: Int64) -> Int64 {
        guard wall > start, let p = period(containing: min(wall, RRuleExpansion.lastWall)) else { return 0 }
        return max(0, CivilArithmetic.floorDivMod(p - startPeriod, interval).quotient - (spills ? 1 : 0))
    }

    // MARK: Candidates

    enum Step {
        /// The period's wall times are in the buffer (ascending, BYSETPOS applied).
        case made
        /// The period was rejected by a limit at a coarser level; no period before this wall time
        /// can hold an instance.
        case skip(to: Int64)
        /// Past the calendar's range: no more periods.
        case end
    }

    /// The last year a walk looked a day up in (days of one period mostly share a year): spares
    /// the calendar's lock and table lookup for each day a limit tests.
    struct YearCache: Sendable {
        var year: RScaleYear?

        @inline(__always)
        mutating func year(containing day: Int64, _ calendar: RScaleCalendar) -> RScaleYear? {
            if let y = year, day >= y.firstDay, day <= y.lastDay { return y }
            year = calendar.year(containing: day)
            return year
        }
    }

    /// The wall times of rule period `p` into `out` (cleared first).
    func candidates(period p: Int64, into out: inout [Int64]) -> Step {
        var cache = YearCache()
        return candidates(period: p, into: &out, cache: &cache)
    }

    func candidates(period p: Int64, into out: inout [Int64], cache: inout YearCache) -> Step {
        out.removeAll(keepingCapacity: true)
        if frequency >= .daily {
            var days: [Int64] = []
            switch frequency {
            case .yearly:
                guard let y = calendar.year(p) else { return .end }
                if direct {
                    for (year, i) in selectedMonths(y) { addMonthDays(year.months[i], into: &days) }
                } else {
                    scanYear(y, into: &days)
                }
            case .monthly:
                guard let (y, i) = calendar.month(atIndex: p) else { return .end }
                let month = y.months[i]
                if !monthKeys.isEmpty && !monthKeys.contains(month.key) { break }
                if direct {
                    addMonthDays(month, into: &days)
                } else {
                    scanMonth(y, i, into: &days)
                }
            case .weekly:
                let first = p * 7 - 4 + weekStart
                var monthsFailed = true
                var resume: Int64 = first + 7
                for day in first...(first + 6) {
                    switch limits(day, &cache) {
                    case .pass: days.append(day); monthsFailed = false
                    case .failDay: monthsFailed = false
                    case .failMonth(let next): resume = next
                    case .end: return .end
                    }
                }
                // Every day's month is one BYMONTH rejects: nothing before the month after the last.
                if monthsFailed && resume > first + 7 { return .skip(to: resume * 86_400) }
            default:
                switch limits(p, &cache) {
                case .pass: days.append(p)
                case .failDay: break
                case .failMonth(let next): return .skip(to: next * 86_400)
                case .end: return .end
                }
            }
            if days.count > 1 {
                days.sort()
                var unique = 0
                for i in days.indices where i == 0 || days[i] != days[unique - 1] {
                    days[unique] = days[i]
                    unique += 1
                }
                days.removeSubrange(unique...)
            }
            for day in days { for h in hours { for m in minutes { for s in seconds { out.append(day &* 86_400 &+ h &* 3600 &+ m &* 60 &+ s) } } } }
        } else {
            let wall = p &* (frequency == .hourly ? 3600 : frequency == .minutely ? 60 : 1)
            let (day, timeOfDay) = CivilArithmetic.floorDivMod(wall, 86_400)
            switch limits(day, &cache) {
            case .pass: break
            case .failDay: return .skip(to: (day + 1) * 86_400)
            case .failMonth(let next): return .skip(to: next * 86_400)
            case .end: return .end
            }
            let hour = timeOfDay / 3600, minute = timeOfDay / 60 % 60, second = timeOfDay % 60
            if hourLimit != 0 && hourLimit & (1 << UInt32(hour)) == 0 { return .skip(to: wall - timeOfDay % 3600 + 3600) }
            if minuteLimit != 0 && minuteLimit & (1 << UInt64(minute)) == 0 { return .skip(to: wall - timeOfDay % 60 + 60) }
            if secondLimit != 0 && secondLimit & (1 << UInt64(second)) == 0 { return .made }
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

    /// The months of year `y` BYMONTH selects (all when not given), a leap month the year lacks
    /// replaced by SKIP's month (BACKWARD: month n; FORWARD: the month after month n, the next
    /// year's first when n is the last).
    private func selectedMonths(_ y: RScaleYear) -> [(RScaleYear, Int)] {
        if monthKeys.isEmpty { return y.months.indices.map { (y, $0) } }
        var result: [(RScaleYear, Int)] = []
        for key in monthKeys {
            if let i = y.monthIndex(number: key / 2, leap: key % 2 == 1) {
                result.append((y, i))
                continue
            }
            guard key % 2 == 1, skip != .omit, let base = y.monthIndex(number: key / 2, leap: false) else { continue }
            if skip == .backward {
                result.append((y, base))
            } else if base + 1 < y.months.count {
                result.append((y, base + 1))
            } else if let next = calendar.year(y.number + 1) {
                result.append((next, 0))
            }
        }
        return result
    }

    /// Month `m`'s days BYMONTHDAY names, SKIP's days for those it lacks.
    private func addMonthDays(_ m: RScaleMonth, into days: inout [Int64]) {
        for v in monthDays {
            if v > 0 && Int64(v) <= m.dayCount { days.append(m.firstDay + Int64(v) - 1) }
            else if v < 0 && Int64(-v) <= m.dayCount { days.append(m.firstDay + m.dayCount + Int64(v)) }
            else if let moved = moved(monthDay: v, in: m) { days.append(moved) }
        }
    }

    /// Where SKIP puts month day `v` that month `m` lacks (nil for OMIT).
    private func moved(monthDay v: Int, in m: RScaleMonth) -> Int64? {
        switch skip {
        case .omit: return nil
        case .backward: return v > 0 ? m.lastDay : m.firstDay - 1
        case .forward: return v > 0 ? m.lastDay + 1 : m.firstDay
        }
    }

    /// Where SKIP puts year day `v` that year `y` lacks (nil for OMIT).
    private func moved(yearDay v: Int, in y: RScaleYear) -> Int64? {
        switch skip {
        case .omit: return nil
        case .backward: return v > 0 ? y.lastDay : y.firstDay - 1
        case .forward: return v > 0 ? y.lastDay + 1 : y.firstDay
        }
    }

    /// YEARLY with BYDAY, BYYEARDAY or BYWEEKNO: the days of the selected months (or of the year)
    /// that pass every day part, and the days SKIP moves in that pass the parts after theirs.
    private func scanYear(_ y: RScaleYear, into days: inout [Int64]) {
        let weeks = weekNumbers.isEmpty ? nil : RScaleWeeks(year: y, calendar: calendar, weekStart: weekStart)
        let ranges = selectedMonths(y)
        for (year, i) in ranges {
            let m = year.months[i]
            let numbering = year.number == y.number ? weeks : (weekNumbers.isEmpty ? nil : RScaleWeeks(year: year, calendar: calendar, weekStart: weekStart))
            for day in m.firstDay...m.lastDay where passes(day, month: m, year: year, weeks: numbering) { days.append(day) }
        }
        guard skip != .omit else { return }
        if !monthDays.isEmpty {
            for (year, i) in ranges {
                let m = year.months[i]
                for v in monthDays where Int64(abs(v)) > m.dayCount {
                    if let day = moved(monthDay: v, in: m), passesDayOfWeek(day) { days.append(day) }
                }
            }
        }
        if !yearDays.isEmpty {
            for v in yearDays where Int64(abs(v)) > y.dayCount {
                guard let day = moved(yearDay: v, in: y) else { continue }
                if !monthDays.isEmpty {
                    guard let (year, i) = locate(day) else { continue }
                    if !matchesMonthDay(day, year.months[i]) { continue }
                }
                if passesDayOfWeek(day) { days.append(day) }
            }
        }
    }

    /// MONTHLY with BYDAY: the month's days that pass, and SKIP's days for month days it lacks that pass BYDAY.
    private func scanMonth(_ y: RScaleYear, _ i: Int, into days: inout [Int64]) {
        let m = y.months[i]
        for day in m.firstDay...m.lastDay where passes(day, month: m, year: y, weeks: nil) { days.append(day) }
        guard skip != .omit else { return }
        for v in monthDays where Int64(abs(v)) > m.dayCount {
            if let day = moved(monthDay: v, in: m), passesDayOfWeek(day) { days.append(day) }
        }
    }

    @inline(__always)
    private func matchesMonthDay(_ day: Int64, _ m: RScaleMonth) -> Bool {
        let dom = Int(day - m.firstDay + 1)
        return monthDays.contains(dom) || monthDays.contains(dom - Int(m.dayCount) - 1)
    }

    /// Day `day` of month `m` of year `y` against BYWEEKNO, BYYEARDAY, BYMONTHDAY and BYDAY.
    private func passes(_ day: Int64, month m: RScaleMonth, year y: RScaleYear, weeks: RScaleWeeks?) -> Bool {
        if !weekNumbers.isEmpty {
            guard let weeks else { return false }
            let (number, negative) = weeks.number(of: day)
            if !weekNumbers.contains(number) && !weekNumbers.contains(negative) { return false }
        }
        if !yearDays.isEmpty {
            let doy = Int(day - y.firstDay + 1)
            if !yearDays.contains(doy) && !yearDays.contains(doy - Int(y.dayCount) - 1) { return false }
        }
        if !monthDays.isEmpty && !matchesMonthDay(day, m) { return false }
        return !hasDayOfWeek || matchesDayOfWeek(day, month: m, year: y)
    }

    private func matchesDayOfWeek(_ day: Int64, month m: RScaleMonth, year y: RScaleYear) -> Bool {
        let weekday = Int64(CivilArithmetic.weekday(ofDay: day) - 1)                     // 0 = Sunday
        if weekdayMask & (1 << UInt8(weekday)) != 0 { return true }
        for entry in ordinals where Int64(entry.weekday.rawValue - 1) == weekday {
            let (index, length) = ordinalsInYear ? (day - y.firstDay + 1, y.dayCount) : (day - m.firstDay + 1, m.dayCount)
            let n = entry.ordinal!
            if n > 0 ? (index - 1) / 7 + 1 == Int64(n) : (length - index) / 7 + 1 == Int64(-n) { return true }
        }
        return false
    }

    /// BYDAY for a day SKIP moved (numbered weekdays counted in its own month or year).
    private func passesDayOfWeek(_ day: Int64) -> Bool {
        guard hasDayOfWeek else { return true }
        guard let (y, i) = locate(day) else { return false }
        return matchesDayOfWeek(day, month: y.months[i], year: y)
    }

    private func locate(_ day: Int64) -> (RScaleYear, Int)? {
        guard let y = calendar.year(containing: day) else { return nil }
        return (y, y.monthIndex(containing: day))
    }

    enum Limit {
        case pass
        case failDay
        /// BYMONTH rejects the day's month: the first day of the next month.
        case failMonth(next: Int64)
        case end
    }

    /// WEEKLY, DAILY and finer: day `day` against the limiting parts (BYMONTH, BYMONTHDAY,
    /// BYYEARDAY, plain BYDAY), in the calendar's months and years.
    private func limits(_ day: Int64, _ cache: inout YearCache) -> Limit {
        if monthKeys.isEmpty && monthDays.isEmpty && yearDays.isEmpty {
            return weekdayMask == 0 || weekdayMask & (1 << UInt8(CivilArithmetic.weekday(ofDay: day) - 1)) != 0 ? .pass : .failDay
        }
        guard let y = cache.year(containing: day, calendar) else { return .end }
        let m = y.months[y.monthIndex(containing: day)]
        if !monthKeys.isEmpty && !monthKeys.contains(m.key) { return .failMonth(next: m.lastDay + 1) }
        if !monthDays.isEmpty && !matchesMonthDay(day, m) { return .failDay }
        if !yearDays.isEmpty {
            let doy = Int(day - y.firstDay + 1)
            if !yearDays.contains(doy) && !yearDays.contains(doy - Int(y.dayCount) - 1) { return .failDay }
        }
        if weekdayMask != 0 && weekdayMask & (1 << UInt8(CivilArithmetic.weekday(ofDay: day) - 1)) == 0 { return .failDay }
        return .pass
    }

    // MARK: Walking

    /// The rule's candidate wall times in ascending order from period number `k` on (not yet
    /// limited by DTSTART, COUNT or UNTIL), each once, ending past the year 9999 or the calendar's
    /// range. Periods whose SKIP moves a date across their edge are merged: a wall time is given
    /// out only when no period still to come can make an earlier one.
    struct Cursor: Sendable {
        var number: Int64
        private var pending: [Int64] = []
        private var head = 0
        private var buffer: [Int64] = []
        private var bound: Int64?
        private var finished = false
        private var last = Int64.min
        private var cache = YearCache()
        /// No wall time after this one is looked for (the year 9999's end; tests set less).
        var ceiling = RRuleExpansion.lastWall

        init(number: Int64) { self.number = number }

        mutating func next(_ e: RScaleExpansion, atLeast floor: Int64) -> Int64? {
            if bound == nil && !finished { bound = e.lowerBound(ofPeriod: e.startPeriod &+ number &* e.interval) ?? Int64.max }
            while true {
                if head < pending.count {
                    let wall = pending[head]
                    if finished || wall < bound! {
                        head += 1
                        if wall == last { continue }
                        last = wall
                        if wall >= floor && wall <= ceiling { return wall }
                        continue
                    }
                } else if finished {
                    return nil
                }
                if e.neverMatches || number > 1 << 40 || bound! > ceiling {
                    finished = true
                    continue
                }
                let p = e.startPeriod &+ number &* e.interval
                switch e.candidates(period: p, into: &buffer, cache: &cache) {
                case .end:
                    finished = true
                    continue
                case .skip(let to):
                    let target = e.period(containing: min(to, RRuleExpansion.lastWall + 1)) ?? Int64.max / 4
                    number = max(number + 1, CivilArithmetic.floorDivMod(target - e.startPeriod + e.interval - 1, e.interval).quotient)
                    if to > RRuleExpansion.lastWall { finished = true }
                case .made:
                    number += 1
                    if !buffer.isEmpty {
                        if head > 0 {
                            pending.removeSubrange(..<head)
                            head = 0
                        }
                        let sorted = pending.last.map { $0 <= buffer[0] } ?? true
                        pending.append(contentsOf: buffer)
                        if !sorted { pending.sort() }
                    }
                }
                bound = finished ? Int64.max : (e.lowerBound(ofPeriod: e.startPeriod &+ number &* e.interval) ?? Int64.max)
                if bound == Int64.max { finished = true }
            }
        }
    }
}

/// RFC 5545 week numbers (week 1 has at least four days of the year, weeks start on WKST) for
/// the days of one calendar year of an RFC 7529 calendar (`RRuleExpansion.WeekNumbering`'s rule
/// with the calendar's year starts).
struct RScaleWeeks {
    private let firstWeek: (previous: Int64, this: Int64, next: Int64, afterNext: Int64)

    init?(year: RScaleYear, calendar: RScaleCalendar, weekStart: Int64) {
        func week1(_ firstDay: Int64) -> Int64 {
            let offset = ((firstDay + 4 - weekStart) % 7 + 7) % 7      // days from the week's start to the year's first day
            return offset <= 3 ? firstDay - offset : firstDay - offset + 7
        }
        guard let previous = calendar.year(year.number - 1), let next = calendar.year(year.number + 1),
              let afterNext = calendar.year(year.number + 2) else { return nil }
        firstWeek = (week1(previous.firstDay), week1(year.firstDay), week1(next.firstDay), week1(afterNext.firstDay))
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
