/// A parsed cron expression: each field as the set of values it allows, and how the day fields
/// combine, as the flavor reads them (`CronParser` builds it). Values are bit sets: bit `v` set
/// when value `v` is allowed (day-of-week 0 = Sunday … 6 = Saturday).
///
/// Example: `30 2 * * 1-5` (posix) is seconds {0}, minutes {30}, hours {2}, every day of the
/// month and month, weekdays {1…5}; day-of-month starts with `*`, so the days combine with AND:
/// 02:30 on Monday to Friday.
public struct CronExpression: Sendable, Hashable {
    /// How the day-of-month and day-of-week fields combine.
    enum DayRule: Sendable, Hashable {
        /// Both must hold (an unrestricted field holds every day).
        case and
        /// Either may hold (Vixie: both fields restricted and neither starts with `*`).
        case or
        /// croniter with both fields restricted and a `#`/`L<d>` or `W` term: the union of
        /// (day-of-month side ∧ `#` side) and (`W` side ∧ day-of-week side), as its `_calc_next`
        /// computes it with one field set to `*` at a time.
        case croniterSplit
    }

    /// The flavor the expression was read as.
    public let flavor: CronFlavor
    /// The expression as given.
    public let text: String
    /// The fields read (a descriptor such as `@daily` replaced by its fields).
    public let normalized: String

    var seconds: UInt64 = 1
    var minutes: UInt64 = 0
    var hours: UInt64 = 0
    /// Bits 1…31.
    var daysOfMonth: UInt64 = 0
    /// `L` in day-of-month: the month's last day.
    var lastDayOfMonth = false
    /// `15W`: the weekday nearest the 15th within its month (bits 1…31).
    var nearestWeekdays: UInt64 = 0
    /// Bits 1…12.
    var months: UInt64 = 0
    /// Bits 0…6, 0 = Sunday.
    var weekdays: UInt64 = 0
    /// `2#3`, `L5`: per weekday (0 = Sunday), bit n−1 for the n-th in the month, bit 5 for the last.
    var nthWeekdays: [UInt8] = []
    /// Bits (year − 1970) for 1970…2099, or nil for every year.
    var years: [UInt64]?
    var dayRule: DayRule = .and
    /// The jobs that "run by the clock" for the flavor's DST rule: posix — the minute or hour field
    /// starts with `*` (Vixie's MIN_STAR|HR_STAR); croniter — the hour field allows every hour.
    var clockDriven = false
    /// robfig: the zone a `TZ=`/`CRON_TZ=` prefix names (nil: none, or `TZ=Local`).
    var zoneIdentifier: String?
    /// robfig `@every`: the delay (whole seconds, in nanoseconds) — elapsed time, not a calendar.
    var everyNanoseconds: Int64?
    /// The quartz flavor's own reading (`QuartzParser`), which `QuartzWalk` evaluates.
    var quartz: QuartzSchedule?

    init(flavor: CronFlavor, text: String, normalized: String) {
        self.flavor = flavor
        self.text = text
        self.normalized = normalized
    }

    var hasNth: Bool { !nthWeekdays.isEmpty }

    // MARK: Days

    /// Whether the date matches the month, year and day fields.
    func matches(year: Int, month: Int, day: Int, dayNumber: Int64) -> Bool {
        guard months & (1 << UInt64(month)) != 0 else { return false }
        if let years {
            let index = year - 1970
            guard (0..<130).contains(index), years[index >> 6] & (1 << UInt64(index & 63)) != 0 else { return false }
        }
        return matchesDay(year: year, month: month, day: day, dayNumber: dayNumber)
    }

    func matchesDay(year: Int, month: Int, day: Int, dayNumber: Int64) -> Bool {
        if let quartz { return quartz.matchesDay(year: year, month: month, day: day, dayNumber: dayNumber) }
        let length = Int(CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(month)))
        let weekday = CivilArithmetic.weekday(ofDay: dayNumber) - 1
        switch dayRule {
        case .and:
            return domSide(year: year, month: month, day: day, length: length)
                && dowSide(weekday: weekday, day: day, length: length)
        case .or:
            return domSide(year: year, month: month, day: day, length: length)
                || dowSide(weekday: weekday, day: day, length: length)
        case .croniterSplit:
            let nth = hasNth ? nthMatches(weekday: weekday, day: day, length: length) : true
            let w = nearestWeekdays != 0 ? nearestMatches(year: year, month: month, day: day, length: length) : true
            let first = domSide(year: year, month: month, day: day, length: length) && nth
            let second = w && (hasNth ? nth : weekdays & (1 << UInt64(weekday)) != 0)
            return first || second
        }
    }

    private func domSide(year: Int, month: Int, day: Int, length: Int) -> Bool {
        if nearestWeekdays != 0 { return nearestMatches(year: year, month: month, day: day, length: length) }
        return daysOfMonth & (1 << UInt64(day)) != 0 || (lastDayOfMonth && day == length)
    }

    private func dowSide(weekday: Int, day: Int, length: Int) -> Bool {
        if hasNth { return nthMatches(weekday: weekday, day: day, length: length) }
        return weekdays & (1 << UInt64(weekday)) != 0
    }

    private func nthMatches(weekday: Int, day: Int, length: Int) -> Bool {
        let bits = nthWeekdays[weekday]
        guard bits != 0 else { return false }
        if bits & (1 << UInt8((day - 1) / 7)) != 0 { return true }
        return bits & (1 << 5) != 0 && day + 7 > length
    }

    /// croniter's `_get_nearest_weekday` (Quartz's `W`): the weekday nearest the wanted day
    /// (clamped to the month), never leaving the month.
    private func nearestMatches(year: Int, month: Int, day: Int, length: Int) -> Bool {
        var bits = nearestWeekdays
        let first = CivilArithmetic.daysFromCivil(year: Int64(year), month: Int64(month), day: 1)
        while bits != 0 {
            let wanted = min(bits.trailingZeroBitCount, length)
            bits &= bits - 1
            let weekday = CivilArithmetic.weekday(ofDay: first + Int64(wanted - 1)) - 1   // 0 = Sunday
            let target: Int
            switch weekday {
            case 6: target = wanted > 1 ? wanted - 1 : wanted + 2
            case 0: target = wanted < length ? wanted + 1 : wanted - 2
            default: target = wanted
            }
            if target == day { return true }
        }
        return false
    }

    /// croniter with a `#`/`W` term and both day fields restricted computes each side of the day OR
    /// on its own and raises when either has no day in its search window (`clean_split`): whether
    /// both sides have a day between `from` and `through` (day numbers, either order).
    func croniterSidesHaveDays(from: Int64, through: Int64) -> Bool {
        guard dayRule == .croniterSplit else { return true }
        var sideA = self, sideB = self
        // Side A: day-of-month (or W) with the n-th weekday terms; side B: W with the weekday field.
        sideA.weekdays = CronParser.fullBits(.dayOfWeek); sideA.dayRule = .and
        sideB.daysOfMonth = CronParser.fullBits(.dayOfMonth); sideB.lastDayOfMonth = false; sideB.dayRule = .and
        func hasDay(_ x: CronExpression) -> Bool {
            var day = min(from, through)
            while day <= max(from, through) {
                let (y, m, d) = CivilArithmetic.civilFromDays(day)
                if x.matches(year: Int(y), month: Int(m), day: Int(d), dayNumber: day) { return true }
                day += 1
            }
            return false
        }
        return hasDay(sideA) && hasDay(sideB)
    }

    // MARK: Times of day

    /// The first matching second of the day at or after `second` (0…86399), if any.
    func firstSecond(atOrAfter second: Int) -> Int? {
        Self.firstSecond(atOrAfter: second, seconds: seconds, minutes: minutes, hours: hours)
    }

    /// `firstSecond(atOrAfter:)` over the time fields alone (what `CronDayTimesFastPath` keeps).
    @inline(__always)
    static func firstSecond(atOrAfter second: Int, seconds: UInt64, minutes: UInt64, hours: UInt64) -> Int? {
        guard second < 86_400 else { return nil }
        var (h, m, s) = (second / 3600, second / 60 % 60, second % 60)
        while true {
            guard let hour = Self.next(hours, from: h, limit: 23) else { return nil }
            if hour > h { (m, s) = (0, 0) }
            h = hour
            guard let minute = Self.next(minutes, from: m, limit: 59) else { (h, m, s) = (h + 1, 0, 0); continue }
            if minute > m { s = 0 }
            m = minute
            guard let sec = Self.next(seconds, from: s, limit: 59) else {
                if m == 59 { (h, m, s) = (h + 1, 0, 0) } else { (m, s) = (m + 1, 0) }
                continue
            }
            return (h * 60 + m) * 60 + sec
        }
    }

    /// The last matching second of the day at or before `second` (0…86399), if any.
    func lastSecond(atOrBefore second: Int) -> Int? {
        guard second >= 0 else { return nil }
        var (h, m, s) = (second / 3600, second / 60 % 60, second % 60)
        while true {
            guard let hour = Self.previous(hours, from: h) else { return nil }
            if hour < h { (m, s) = (59, 59) }
            h = hour
            guard let minute = Self.previous(minutes, from: m) else { (h, m, s) = (h - 1, 59, 59); continue }
            if minute < m { s = 59 }
            m = minute
            guard let sec = Self.previous(seconds, from: s) else {
                if m == 0 { (h, m, s) = (h - 1, 59, 59) } else { (m, s) = (m - 1, 59) }
                continue
            }
            return (h * 60 + m) * 60 + sec
        }
    }

    @inline(__always)
    static func next(_ bits: UInt64, from value: Int, limit: Int) -> Int? {
        guard value >= 0, value <= limit else { return nil }
        let rest = bits >> UInt64(value)
        guard rest != 0 else { return nil }
        let found = value + rest.trailingZeroBitCount
        return found <= limit ? found : nil
    }

    @inline(__always)
    static func previous(_ bits: UInt64, from value: Int) -> Int? {
        guard value >= 0 else { return nil }
        let kept = value >= 63 ? bits : bits & ((1 << UInt64(value + 1)) - 1)
        guard kept != 0 else { return nil }
        return 63 - kept.leadingZeroBitCount
    }

    /// Whether the expression restricts the year and holds `year`.
    func allowsYear(_ year: Int) -> Bool {
        if let quartz { return quartz.nextYear(from: year) == year }
        guard let years else { return true }
        let index = year - 1970
        return (0..<130).contains(index) && years[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    /// The years the year field holds, in order; nil for every year.
    var yearList: [Int]? {
        years == nil ? nil : (1970...2099).filter(allowsYear)
    }

    /// The nearest year in the year field at or beyond `year` in the direction, if any.
    func nearestYear(from year: Int, forward: Bool) -> Int? {
        if let quartz { return forward ? quartz.nextYear(from: year) : quartz.previousYear(atOrBefore: year) }
        guard years != nil else { return year }
        var y = forward ? max(year, 1970) : min(year, 2099)
        while (1970...2099).contains(y) {
            if allowsYear(y) { return y }
            y += forward ? 1 : -1
        }
        return nil
    }
}
