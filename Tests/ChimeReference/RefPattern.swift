// The reference's model of a calendar pattern and docs/semantics.md section 1 (which wall times a
// pattern names) and section 2 (missing days). Plain Ints and strings: no Chime types.

enum RefMatching: String, CaseIterable { case strict, nextTime, nextTimePreservingSmallerComponents, previousTimePreservingSmallerComponents }
enum RefRepeated: String, CaseIterable { case first, last }
enum RefDirection: String, CaseIterable { case forward, backward }
enum RefGap: String, CaseIterable { case skip, shift, nextValid, previous, reject }
enum RefOverlap: String, CaseIterable { case first, last, both }
/// Which wall times a pattern names: docs/semantics.md rule 1 (`consistent`), or Foundation's
/// reading as docs/apple-semantics.md §1.1, §1.2 and §3.11 describe it (`apple`, see `RefMatcher`).
enum RefReading: String { case consistent, apple }

/// Adjustments in the precedence order of section 3 (earlier wins when several wall times give
/// the same instant). Raw values are the doc's names.
enum RefAdjustment: String, CaseIterable, Comparable {
    case exact, overlapFirst, overlapLast, gapNextTime, gapShiftedForward, gapShiftedBackward
    case missingDayNextTime, missingDayNextTimePreservingSmallerComponents, missingDayPreviousTimePreservingSmallerComponents

    var precedence: Int { Self.allCases.firstIndex(of: self)! }
    static func < (a: Self, b: Self) -> Bool { a.precedence < b.precedence }
}

struct RefPattern: Hashable {
    var year: Int?
    var month: Int?
    var day: Int?
    var hour: Int?
    var minute: Int?
    var second: Int?
    var nanosecond: Int?
    var weekday: Int?
    var weekdayOrdinal: Int?
    var weekOfMonth: Int?
    var weekOfYear: Int?
    var yearForWeekOfYear: Int?
    var dayOfYear: Int?
}

struct RefTrigger {
    var pattern: RefPattern
    var matching: RefMatching
    var repeated: RefRepeated
    var direction: RefDirection
    var weekRules: RefWeekRules
    var gap: RefGap?
    var overlap: RefOverlap?
    var reading: RefReading = .consistent
    /// Apple verdict only: a wall time that occurs more than once gives nothing (used to find
    /// the nearest wall time that is wanted under every reading of the repeated-time policy).
    var overlapsExcluded = false
    /// Apple verdict only: a wall-clock day (day number) whose wall times are not wanted.
    var excludedWallDay: Int? = nil

    /// Section 3: without an explicit gap policy the matching policy gives it.
    var effectiveGap: RefGap {
        if let gap { return gap }
        switch matching {
        case .strict: return .skip
        case .nextTime: return .nextValid
        case .nextTimePreservingSmallerComponents: return .shift
        case .previousTimePreservingSmallerComponents: return .previous
        }
    }

    /// Section 3: without an explicit overlap policy the repeated-time policy decides.
    var effectiveOverlap: RefOverlap {
        if let overlap { return overlap }
        return repeated == .first ? .first : .last
    }
}

/// Section 1's levels, coarse to fine.
enum RefLevel: Int, Comparable {
    case year, month, week, day, hour, minute, second, nanosecond
    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// Which dates and times a pattern names (sections 1 and 2), evaluated day by day.
struct RefMatcher {
    let p: RefPattern
    let rules: RefWeekRules
    let matching: RefMatching
    /// F, the finest level with a given field (nil: empty pattern, never generated).
    let finest: RefLevel?
    /// The matching times of a day as sorted lists (rule 1); nanosecond is a single value.
    let hours: [Int], minutes: [Int], seconds: [Int], nanosecond: Int
    let reading: RefReading

    init(_ t: RefTrigger) {
        p = t.pattern; rules = t.weekRules; matching = t.matching; reading = t.reading
        var f: RefLevel? = nil
        func note(_ v: Int?, _ l: RefLevel) { if v != nil, f == nil || f! < l { f = l } }
        note(p.year, .year); note(p.yearForWeekOfYear, .year)
        note(p.month, .month); note(p.weekOfYear, .month)
        note(p.weekOfMonth, .week)
        note(p.day, .day); note(p.weekday, .day); note(p.weekdayOrdinal, .day); note(p.dayOfYear, .day)
        note(p.hour, .hour); note(p.minute, .minute); note(p.second, .second); note(p.nanosecond, .nanosecond)
        finest = f
        // Rule 1: a time field finer than F is 0; at or coarser than F and not given, free.
        func times(_ v: Int?, _ l: RefLevel, _ maxValue: Int) -> [Int] {
            if let v { return [v] }
            if let f, l <= f { return Array(0...maxValue) }
            return [0]
        }
        if reading == .apple {
            (hours, minutes, seconds) = Self.appleTimes(p)
        } else {
            hours = times(p.hour, .hour, 23)
            minutes = times(p.minute, .minute, 59)
            seconds = times(p.second, .second, 59)
        }
        nanosecond = p.nanosecond ?? 0
    }

    // MARK: the apple reading (docs/apple-semantics.md, written from the doc, not from Chime)
    //
    // Foundation pins the unset fields below its "highest set" field (order: year, dayOfYear,
    // month, day, hour, minute, second, weekday, weekdayOrdinal, weekOfMonth, weekOfYear,
    // yearForWeekOfYear, nanosecond) and leaves the ones above it free (§1.2 rule 2), which for
    // the time of day gives:
    // - an unset hour/minute/second finer than a given one is 0 (`{hour: 12, second: 5}` is
    //   12:00:05, the hour matcher truncates);
    // - an unset one coarser than every given time field is free (`{minute: 30}` hourly,
    //   `{weekday: 2, minute: 30}` hourly on Mondays — the weekday sits below the second in the
    //   order), unless a field above it truncates or always moves to its period's start: a given
    //   `day` (`{day: 1, minute: 30}` is 00:30), and without a `year`, a `month` or `dayOfYear`
    //   (the loop moves by whole years: `{month: 5, minute: 9}` is May 1 00:09); with a `year`
    //   (§3.11) month and dayOfYear do not move, so `{year: 2027, month: 5, minute: 30}` is hourly
    //   in May 2027 while `{year: 2027, month: 5, day: 5, minute: 30}` is 00:30 only;
    // - with no hour, minute, second or nanosecond given, 00:00:00 (date-only patterns land on the
    //   day's start: `{weekday: 2}` is Monday 00:00).
    // For the date: every date satisfying every given field, except where no day-level field
    // (day, weekday, dayOfYear, weekdayOrdinal with weekday) is given and either no time field is
    // (`{month: 3}` Mar 1, `{year: 2027}` Jan 1, `{weekOfYear: 10}` the week's first day,
    // `{weekOfMonth: W}` its first day within the month, `{yearForWeekOfYear: Y}` its first day),
    // or a month is given without a year (the month's start: `{month: 5, hour: 9}` is May 1 09:00):
    // then only the first such date of its period (as in rule 1). A week field with a time field
    // names every day of the week (`{weekOfMonth: 3, hour: 1}`; "rules found", §4);
    // `{weekdayOrdinal: k}` without a weekday names the first day with that ordinal (day 7k − 6).
    // Missing days and DST are not part of the reading: the verdict (`RefAppleVerdict`) checks
    // the policies' adjustments itself.

    static func appleTimes(_ p: RefPattern) -> (hours: [Int], minutes: [Int], seconds: [Int]) {
        let truncates = p.day != nil || (p.year == nil && (p.month != nil || p.dayOfYear != nil))
        let given = [p.hour, p.minute, p.second]
        let maxima = [23, 59, 59]
        var out: [[Int]] = []
        for k in 0..<3 {
            if let v = given[k] { out.append([v]); continue }
            let coarserGiven = given[..<k].contains { $0 != nil }
            let finerGiven = given[(k + 1)...].contains { $0 != nil } || p.nanosecond != nil
            out.append(!coarserGiven && finerGiven && !truncates ? Array(0...maxima[k]) : [0])
        }
        return (out[0], out[1], out[2])
    }

    /// Whether `d` is a wanted date under the apple reading.
    private func isAppleWantedDate(_ d: RefDay) -> Bool {
        if let k = p.day, k < 1 || d.day != k { return false }      // no negative days in apple
        guard satisfiesAll(d) else { return false }
        if p.weekdayOrdinal != nil && p.weekday == nil {
            guard (d.day - 1) % 7 == 0 else { return false }        // the first day with the ordinal
        }
        let dayLevel = p.day != nil || p.weekday != nil || p.dayOfYear != nil || p.weekdayOrdinal != nil
        let timeGiven = p.hour != nil || p.minute != nil || p.second != nil || p.nanosecond != nil
        let firstOfPeriod = !dayLevel && (!timeGiven || (p.month != nil && p.year == nil))
        guard firstOfPeriod else { return true }
        var s = RefDay(periodStart(d))
        while s.n < d.n {
            if satisfiesAll(s) { return false }
            s.advance()
        }
        return true
    }

    // MARK: dates

    /// The given date fields other than year, month and day (the ones a stand-in must satisfy).
    func satisfiesOthers(_ d: RefDay) -> Bool {
        if let w = p.weekday, d.weekday != w { return false }
        if let k = p.dayOfYear, d.dayOfYear != k { return false }
        if let k = p.weekdayOrdinal {
            let ordinal = k > 0 ? (d.day - 1) / 7 + 1 : -((d.dim - d.day) / 7 + 1)
            if ordinal != k { return false }     // 6, 7 never equal (day ≤ 31 gives ≤ 5)
        }
        if p.weekOfYear != nil || p.yearForWeekOfYear != nil {
            let w = rules.weekOfYear(d.n, year: d.year)
            if let k = p.weekOfYear, w.week != k { return false }
            if let k = p.yearForWeekOfYear, w.year != k { return false }
        }
        if let k = p.weekOfMonth, rules.weekOfMonth(d) != k { return false }
        return true
    }

    func satisfiesAll(_ d: RefDay) -> Bool {
        if let y = p.year, d.year != y { return false }
        if let m = p.month, d.month != m { return false }
        // day > 0: the day of the month; day < 0 counts from the month's end (−1 = the last day).
        if let k = p.day, d.day != (k > 0 ? k : d.dim + k + 1) { return false }
        return satisfiesOthers(d)
    }

    /// Rule 1, third bullet: with F at the year, month or week level only the first date of each
    /// period satisfying every given date field is named. The period is that of the last given of
    /// year, yearForWeekOfYear, month, weekOfYear, weekOfMonth. Returns the day number the period
    /// holding `d` starts on.
    private func periodStart(_ d: RefDay) -> Int {
        if p.weekOfMonth != nil { return max(rules.weekStart(d.n), d.n - (d.day - 1)) }
        if p.weekOfYear != nil { return rules.weekStart(d.n) }
        if p.month != nil { return d.n - (d.day - 1) }
        if p.yearForWeekOfYear != nil { return rules.week1Start(rules.weekOfYear(d.n, year: d.year).year) }
        return d.n - (d.dayOfYear - 1)                      // year
    }

    /// Whether `d` is a wanted date (sections 1): every given field, and, when F is coarser than
    /// the day, the first such date of its period (found by walking the period from its start).
    func isWantedDate(_ d: RefDay) -> Bool {
        if reading == .apple { return isAppleWantedDate(d) }
        guard let finest, satisfiesAll(d) else { return false }
        if finest >= .day { return true }
        var s = RefDay(periodStart(d))
        while s.n < d.n {
            if satisfiesAll(s) { return false }
            s.advance()
        }
        return true
    }

    /// Section 2: the missing-day stand-in `d` is, if any (its adjustment). `day` must be given,
    /// the policy not strict; the missing month (fewer than |day| days) must satisfy the given year
    /// and month; the stand-in date must satisfy every other given date field. A missing positive
    /// day lies after its month: the next month's 1st, or the month's own last day. A missing
    /// negative day lies before its month: the month's own 1st, or the previous month's last day.
    /// Stand-ins stay inside 0001-01-01…9999-12-31 (a day number ≥ 0; the walks never go later).
    func standIn(_ d: RefDay) -> RefAdjustment? {
        // Apple: stand-ins are judged by `RefAppleVerdict`, not searched for.
        guard reading == .consistent, let wantedDay = p.day, abs(wantedDay) > 28, matching != .strict else { return nil }
        let next = matching != .previousTimePreservingSmallerComponents
        // The month whose wanted day is missing, for which `d` would stand in.
        let missing: (year: Int, month: Int)
        switch (wantedDay > 0, next) {
        case (true, true):      // d is the 1st of the month after the missing month
            guard d.day == 1, d.n > RefCal.firstDay else { return nil }
            missing = d.month == 1 ? (d.year - 1, 12) : (d.year, d.month - 1)
        case (true, false):     // d is the last day of the missing month
            guard d.day == d.dim else { return nil }
            missing = (d.year, d.month)
        case (false, true):     // d is the 1st of the missing month
            guard d.day == 1 else { return nil }
            missing = (d.year, d.month)
        case (false, false):    // d is the last day of the month before the missing month
            guard d.day == d.dim else { return nil }
            missing = d.month == 12 ? (d.year + 1, 1) : (d.year, d.month + 1)
        }
        guard missing.year >= 1, missing.year <= 9999, RefCal.daysInMonth(missing.year, missing.month) < abs(wantedDay) else { return nil }
        if let y = p.year, y != missing.year { return nil }
        if let m = p.month, m != missing.month { return nil }
        guard satisfiesOthers(d) else { return nil }
        switch matching {
        case .nextTime: return .missingDayNextTime
        case .nextTimePreservingSmallerComponents: return .missingDayNextTimePreservingSmallerComponents
        default: return .missingDayPreviousTimePreservingSmallerComponents
        }
    }

    /// Day-number bounds outside which nothing (wanted date or stand-in) can lie, from the
    /// given year (stand-ins of a year's months lie in that year, on January 1st after it or on
    /// December 31st before it) and
    /// yearForWeekOfYear (a week-numbering year Y only holds dates of calendar years Y−1…Y+1).
    /// nil when neither is given: the pattern is then periodic with the 400-year cycle.
    var yearBounds: (lo: Int, hi: Int)? {
        var lo = Int.min, hi = Int.max
        if let y = p.year { lo = max(lo, RefCal.daysBeforeYear(y) - 1); hi = min(hi, RefCal.daysBeforeYear(y + 1)) }
        if let y = p.yearForWeekOfYear {
            lo = max(lo, RefCal.daysBeforeYear(max(1, y - 1))); hi = min(hi, RefCal.daysBeforeYear(y + 2) - 1)
        }
        return lo == Int.min ? nil : (lo, hi)
    }
}
