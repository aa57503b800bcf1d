/// A calendar trigger's components, normalised once for matching: unspecified fields below the
/// largest given component are pinned to their minimum, the rest are free.
///
/// Example: `{month: 3}` becomes month 3, day 1, 00:00:00.0 (once a year); `{minute: 30}` becomes
/// any hour at :30:00.0; `{weekday: 2, hour: 9}` becomes Mondays at 09:00:00.0; `{day: 1, minute: 30}`
/// becomes the 1st at 00:30:00.0. A given year pins nothing below it (nor does a month given with
/// it): `{year: 2027, hour: 9}` is every day of 2027 at 09:00:00.0, `{year: 2027, month: 5, hour: 9}`
/// every day of May 2027 at 09:00; only with nothing below them do they mean the first instant
/// (`{year: 2027}` is 2027-01-01 00:00, `{year: 2027, month: 5}` 2027-05-01 00:00).
struct MatchPattern: Sendable, Hashable {
    var year: Int?, month: Int?, day: Int?
    var weekday: Int?, weekdayOrdinal: Int?, weekOfMonth: Int?, weekOfYear: Int?, yearForWeekOfYear: Int?, dayOfYear: Int?
    var hour: Int?, minute: Int?, second: Int?, nanosecond: Int?
    let weekRules: WeekRules
    /// The largest given unit (Foundation's "highest set" component, the unit its search loop
    /// moves by): 0 year, 1 month, 2 day level (day, dayOfYear, weekday and week fields), 3 hour,
    /// 4 minute, 5 second, 6 nanosecond only.
    let highestLevel: Int
    /// The unit below which unspecified fields are pinned to their minimum (same scale): the
    /// highest level, except that a given year, and a month given with it, pin nothing — the
    /// largest given unit below them does (`{year: 2027, minute: 30}`: 4, hourly).
    let pinLevel: Int
    /// Only the first day of the matching week within the month (`{weekOfMonth}` alone).
    private(set) var firstDayOfWeekInMonth = false

    init(_ c: CalendarComponents, weekRules: WeekRules) {
        self.weekRules = weekRules
        year = c.year; month = c.month; day = c.day
        weekday = c.weekday; weekdayOrdinal = c.weekdayOrdinal; weekOfMonth = c.weekOfMonth
        weekOfYear = c.weekOfYear; yearForWeekOfYear = c.yearForWeekOfYear; dayOfYear = c.dayOfYear
        hour = c.hour; minute = c.minute; second = c.second; nanosecond = c.nanosecond

        // Foundation pins every unspecified unit below the *highest* given unit to its minimum,
        // checking units in its own order (weekday and week fields after second; nanosecond last).
        // So `{day: 1, minute: 30}` is the 1st at 00:30 only, while `{minute: 30}` is every hour.
        let weekdayFamily = weekday != nil || weekdayOrdinal != nil || weekOfMonth != nil || weekOfYear != nil
            || yearForWeekOfYear != nil
        let highest: Int   // 0 year, 1 month, 2 day level, 3 hour, 4 minute, 5 second, 6 nanosecond
        if year != nil { highest = 0 }
        else if dayOfYear != nil { highest = 2 }
        else if month != nil { highest = 1 }
        else if day != nil { highest = 2 }
        else if hour != nil { highest = 3 }
        else if minute != nil { highest = 4 }
        else if second != nil { highest = 5 }
        else if weekdayFamily { highest = 2 }
        else { highest = 6 }
        highestLevel = highest
        // A given year neither truncates the date nor pins the month or day (Foundation's year
        // matcher leaves a date already in the year alone, and with a year given it pins no month
        // from the start as it does for `{month: 5, hour: 9}`), so the fields between the year and
        // the next given field are free: `{year: 2027, hour: 9}` after 2027-03-05 10:20 UTC fires
        // 03-06 09:00; `{year: 2027, day: 5}` after 2027-03-10 fires 04-05 00:00;
        // `{year: 2027, month: 5, hour: 9}` after 2027-05-05 10:20 fires 05-06 09:00. With nothing
        // below them the pattern is the first instant of the year or month (Foundation:
        // `{year: 2027}` 2027-01-01 00:00, `{year: 2027, month: 5}` 05-01 00:00, both directions).
        let pin: Int
        if year == nil { pin = highest }
        else if dayOfYear != nil || day != nil { pin = 2 }
        else if hour != nil { pin = 3 }
        else if minute != nil { pin = 4 }
        else if second != nil { pin = 5 }
        else if weekdayFamily { pin = 2 }
        else if nanosecond != nil { pin = 6 }
        else { pin = month != nil ? 1 : 0 }
        pinLevel = pin
        if pin < 1 && dayOfYear == nil && weekOfYear == nil && yearForWeekOfYear == nil { month = month ?? 1 }
        // A week-numbering year with a month and a time pins the day like a month alone does
        // (docs/apple-semantics.md §3.11: `{yearForWeekOfYear: 2036, month: 10, hour: 3}` is
        // October 1st at 03:00 only, then nil).
        let weekYearOnly = yearForWeekOfYear != nil && weekday == nil && weekdayOrdinal == nil && weekOfMonth == nil
            && weekOfYear == nil && month != nil && (hour != nil || minute != nil || second != nil)
        if pin < 2 && dayOfYear == nil && (!weekdayFamily || weekYearOnly) { day = day ?? 1 }
        // A week given without a weekday means the week's first day — unless a time field is
        // given, which makes every day of the week a candidate (`{weekOfMonth: 3, hour: 1}` is
        // 01:00 on each day of the third week). A week of the month starts on the 1st when the
        // month does not begin on the first weekday (`{weekOfMonth: 1}` after 2001-07-03 is
        // Wednesday 2001-08-01, not Sunday 08-05, which is in week 2).
        if pin <= 2 && hour == nil && minute == nil && second == nil && weekday == nil && day == nil && dayOfYear == nil {
            if weekOfMonth != nil && weekOfYear == nil && yearForWeekOfYear == nil {
                firstDayOfWeekInMonth = true
            } else if weekOfYear != nil || weekOfMonth != nil || yearForWeekOfYear != nil {
                weekday = weekRules.firstWeekday
                // A week-year alone is its first instant (Foundation: `{yearForWeekOfYear: 2027}`
                // -> 2026-12-27 00:00), in both directions.
                if weekOfYear == nil && weekOfMonth == nil { weekOfYear = 1 }
            }
        }
        if pin < 3 { hour = hour ?? 0 }
        if pin < 4 { minute = minute ?? 0 }
        if pin < 5 { second = second ?? 0 }
        if pin < 6 { nanosecond = nanosecond ?? 0 }
    }

    /// Any weekday or week field is given.
    var hasWeekdayFields: Bool {
        weekday != nil || weekdayOrdinal != nil || weekOfMonth != nil || weekOfYear != nil || yearForWeekOfYear != nil
    }

    var needsWeekOfYear: Bool { weekOfYear != nil || yearForWeekOfYear != nil }

    /// No date field at all (`{hour: 8, minute: 30}`): every day is a candidate.
    var isTimeOnly: Bool {
        year == nil && month == nil && day == nil && weekday == nil && weekdayOrdinal == nil && weekOfMonth == nil
            && weekOfYear == nil && yearForWeekOfYear == nil && dayOfYear == nil
    }

    /// The single time of day when hour, minute, second and nanosecond are all fixed.
    var fixedTime: Int64? {
        guard let hour, let minute, let second, let nanosecond else { return nil }
        return Self.time(hour, minute, second, nanosecond)
    }

    /// Whether a date satisfies every date field other than year, month and day (which the search
    /// steps through directly).
    func matchesWeekAndWeekday(_ f: DateFields) -> Bool {
        if let weekday, f.weekday != weekday { return false }
        if let ordinal = weekdayOrdinal {
            if ordinal > 0 ? f.weekdayOrdinal != ordinal : f.weekdayOrdinalFromEnd != ordinal { return false }
        }
        if let dayOfYear, f.dayOfYear != dayOfYear { return false }
        if let weekOfMonth, f.weekOfMonth(weekRules) != weekOfMonth { return false }
        if firstDayOfWeekInMonth && f.day != 1 && f.weekday != weekRules.firstWeekday { return false }
        if needsWeekOfYear {
            let (week, yearForWeek) = f.weekOfYear(weekRules)
            if let weekOfYear, week != weekOfYear { return false }
            if let yearForWeekOfYear, yearForWeek != yearForWeekOfYear { return false }
        }
        return true
    }

    // MARK: Time of day

    static let nanosPerSecond: Int64 = 1_000_000_000
    static let nanosPerDay: Int64 = 86_400 * nanosPerSecond

    /// The first time of day (nanoseconds since midnight) at or after `lower` that matches the
    /// hour/minute/second/nanosecond fields, or nil if none is left in the day.
    func firstTime(atOrAfter lower: Int64) -> Int64? {
        guard lower < Self.nanosPerDay else { return nil }
        if let fixed = fixedTime { return fixed >= lower ? fixed : nil }
        let lower = max(lower, 0)
        let h0 = Int(lower / 3_600_000_000_000), m0 = Int(lower / 60_000_000_000 % 60)
        let s0 = Int(lower / Self.nanosPerSecond % 60), n0 = Int(lower % Self.nanosPerSecond)
        for h in Self.values(hour, from: h0, max: 23) {
            for m in Self.values(minute, from: h == h0 ? m0 : 0, max: 59) {
                for s in Self.values(second, from: h == h0 && m == m0 ? s0 : 0, max: 59) {
                    let nLower = h == h0 && m == m0 && s == s0 ? n0 : 0
                    if let n = Self.lowest(nanosecond, from: nLower) { return Self.time(h, m, s, n) }
                }
            }
        }
        return nil
    }

    /// The last time of day at or before `upper` that matches, or nil.
    func lastTime(atOrBefore upper: Int64) -> Int64? {
        guard upper >= 0 else { return nil }
        if let fixed = fixedTime { return fixed <= upper ? fixed : nil }
        let upper = min(upper, Self.nanosPerDay - 1)
        let h0 = Int(upper / 3_600_000_000_000), m0 = Int(upper / 60_000_000_000 % 60)
        let s0 = Int(upper / Self.nanosPerSecond % 60), n0 = Int(upper % Self.nanosPerSecond)
        for h in Self.valuesDown(hour, from: h0) {
            for m in Self.valuesDown(minute, from: h == h0 ? m0 : 59) {
                for s in Self.valuesDown(second, from: h == h0 && m == m0 ? s0 : 59) {
                    let nUpper = h == h0 && m == m0 && s == s0 ? n0 : 999_999_999
                    if let n = Self.highest(nanosecond, upTo: nUpper) { return Self.time(h, m, s, n) }
                }
            }
        }
        return nil
    }

    static func time(_ h: Int, _ m: Int, _ s: Int, _ n: Int) -> Int64 {
        Int64(h) * 3_600_000_000_000 + Int64(m) * 60_000_000_000 + Int64(s) * nanosPerSecond + Int64(n)
    }

    private static func lowest(_ fixed: Int?, from: Int) -> Int? {
        guard let fixed else { return from }
        return fixed >= from ? fixed : nil
    }

    private static func highest(_ fixed: Int?, upTo: Int) -> Int? {
        guard let fixed else { return upTo }
        return fixed <= upTo ? fixed : nil
    }

    /// A fixed value if it is at least `from`, or every value from `from` to `max`.
    private static func values(_ fixed: Int?, from: Int, max: Int) -> StrideThrough<Int> {
        if let fixed { return fixed >= from ? stride(from: fixed, through: fixed, by: 1) : stride(from: 1, through: 0, by: 1) }
        return stride(from: from, through: max, by: 1)
    }

    private static func valuesDown(_ fixed: Int?, from: Int) -> StrideThrough<Int> {
        if let fixed { return fixed <= from ? stride(from: fixed, through: fixed, by: -1) : stride(from: 0, through: 1, by: -1) }
        return stride(from: from, through: 0, by: -1)
    }
}
