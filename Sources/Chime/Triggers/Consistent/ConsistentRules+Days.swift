/// Which days the consistent search visits: the days whose date matches (rule 1) and the missing
/// days' stand-ins (section 2), found by jumping over fixed years, months and days rather than by
/// stepping one day at a time.
extension ConsistentRules {
    /// The nearest candidate day at or beyond `day` in the search direction, within years 1…9999.
    func nextCandidateDay(from day: Int64) -> CandidateDay? {
        guard day >= Self.firstDay && day <= Self.lastDay else { return nil }
        let found: (day: Int64, kind: CandidateDay.Kind)?
        if pattern.isTimeOnly { found = (day, .exact) }
        else if let period = pattern.period { found = nextPeriodStart(of: period, from: day).map { ($0, .exact) } }
        else if let wanted = pattern.day { found = nextDayOfMonth(wanted, from: day) }
        else { found = nextMatchingDay(from: day) }
        return found.map { CandidateDay(day: $0.day, kind: $0.kind, resume: $0.day + step) }
    }

    private var step: Int64 { forward ? 1 : -1 }

    /// No year and no week-based year: the pattern repeats with the 400-year cycle (`walkMayVisit`).
    private var yearFree: Bool { pattern.year == nil && pattern.yearForWeekOfYear == nil }

    /// Year-, month- and week-level patterns: the first matching day of each period.
    private func nextPeriodStart(of period: ConsistentPattern.Period, from start: Int64) -> Int64? {
        var day = start
        while Self.walkMayVisit(day, from: start, yearFree: yearFree) {
            let f = DateFields(dayNumber: day)
            if let jump = yearJump(from: f) { guard let jump else { return nil }; day = jump; continue }
            let (first, last) = pattern.periodBounds(of: period, containing: f)
            var d = first
            while d <= min(last, Self.lastDay) {
                if pattern.satisfiesDateFields(DateFields(dayNumber: d)) {
                    // A first date before 0001-01-01 (week-year 1 from Sunday 0000-12-31) is outside
                    // the calendar: the period names no wall time, its first date is not moved.
                    if d >= Self.firstDay, forward ? d >= day : d <= day { return d }
                    break
                }
                d += 1
            }
            day = forward ? last + 1 : first - 1
        }
        return nil
    }

    /// Day-level patterns without a day of the month: step through days, jumping to a fixed year,
    /// month, weekday or day of the year.
    private func nextMatchingDay(from start: Int64) -> (day: Int64, kind: CandidateDay.Kind)? {
        var day = start
        while Self.walkMayVisit(day, from: start, yearFree: yearFree) {
            let f = DateFields(dayNumber: day)
            if let jump = yearJump(from: f) { guard let jump else { return nil }; day = jump; continue }
            if let month = pattern.month, f.month != month {
                day = monthJump(from: f, to: month, or: month); continue
            }
            if let weekday = pattern.weekday, f.weekday != weekday {
                day += forward ? Int64((weekday - f.weekday + 7) % 7) : -Int64((f.weekday - weekday + 7) % 7); continue
            }
            if let dayOfYear = pattern.dayOfYear, f.dayOfYear != dayOfYear {
                let yearStart = day - Int64(f.dayOfYear) + 1
                if forward {
                    day = dayOfYear > f.dayOfYear ? yearStart + Int64(dayOfYear - 1)
                        : CivilArithmetic.daysFromCivil(year: Int64(f.year) + 1, month: 1, day: Int64(dayOfYear))
                } else {
                    day = dayOfYear < f.dayOfYear ? yearStart + Int64(dayOfYear - 1) : yearStart - 1
                }
                continue
            }
            if pattern.satisfiesDateFields(f) { return (day, .exact) }
            day += step
        }
        return nil
    }

    /// Patterns with a day of the month: per month, the wanted day if the month has it, else the
    /// missing day's stand-ins. A positive day missing from a month lies after it: its stand-ins
    /// are the next month's 1st and the month's last day. A negative day (`-31`) missing from a
    /// month lies before it: the month's 1st and the previous month's last day.
    private func nextDayOfMonth(_ wanted: Int, from start: Int64) -> (day: Int64, kind: CandidateDay.Kind)? {
        let policy = matchingPolicy
        // nextTime's stand-in is the next day's first wall time, 00:00:00, alone.
        let standInOnFirst: CandidateDay.Kind? = switch policy {
        case .nextTime: .standIn(.missingDayNextTime, at: 0)
        case .nextTimePreservingSmallerComponents: .standIn(.missingDayNextTimePreservingSmallerComponents, at: nil)
        default: nil
        }
        let standInOnLast: CandidateDay.Kind? = policy == .previousTimePreservingSmallerComponents
            ? .standIn(.missingDayPreviousTimePreservingSmallerComponents, at: nil) : nil
        var day = start
        while Self.walkMayVisit(day, from: start, yearFree: yearFree) {
            let f = DateFields(dayNumber: day)
            if let jump = yearJump(from: f) { guard let jump else { return nil }; day = jump; continue }
            if let month = pattern.month, f.month != month {
                // The wanted month, and the neighbour that may hold its stand-in.
                let neighbour = wanted > 0 ? month % 12 + 1 : (month + 10) % 12 + 1
                if f.month != neighbour { day = monthJump(from: f, to: month, or: neighbour); continue }
            }
            let monthFirst = day - Int64(f.day) + 1, length = f.daysInMonth
            // Whether a month (by its year, number and length) lacks the wanted day and is wanted.
            func lacks(_ m: (year: Int, month: Int, length: Int)?) -> Bool {
                guard let m, wanted > 0 ? wanted > m.length : -wanted > m.length else { return false }
                return monthMatches(year: m.year, month: m.month)
            }
            let this = (year: f.year, month: f.month, length: length)
            // This month's candidates in calendar order: its 1st as a stand-in, the wanted day, its
            // last day as a stand-in.
            for index in 0..<3 {
                let (candidate, kind): (Int64, CandidateDay.Kind)
                switch forward ? index : 2 - index {
                case 0:
                    guard let standInOnFirst, lacks(wanted > 0 ? monthBefore(f) : this) else { continue }
                    (candidate, kind) = (monthFirst, standInOnFirst)
                case 1:
                    let dayOfMonth = wanted > 0 ? wanted : length + wanted + 1
                    guard dayOfMonth >= 1 && dayOfMonth <= length else { continue }
                    (candidate, kind) = (monthFirst + Int64(dayOfMonth - 1), .exact)
                default:
                    guard let standInOnLast, lacks(wanted > 0 ? this : monthAfter(f)) else { continue }
                    (candidate, kind) = (monthFirst + Int64(length - 1), standInOnLast)
                }
                guard forward ? candidate >= day : candidate <= day else { continue }
                if pattern.satisfiesDateFields(DateFields(dayNumber: candidate), standIn: kind != .exact) { return (candidate, kind) }
            }
            day = forward ? monthFirst + Int64(length) : monthFirst - 1
        }
        return nil
    }

    /// The month before `f`'s (none before year 1): its year, number and length.
    private func monthBefore(_ f: DateFields) -> (year: Int, month: Int, length: Int)? {
        let (year, month) = f.month == 1 ? (f.year - 1, 12) : (f.year, f.month - 1)
        guard year >= 1 else { return nil }
        return (year, month, Int(CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(month))))
    }

    /// The month after `f`'s (none after 9999).
    private func monthAfter(_ f: DateFields) -> (year: Int, month: Int, length: Int)? {
        let (year, month) = f.month == 12 ? (f.year + 1, 1) : (f.year, f.month + 1)
        guard year <= 9999 else { return nil }
        return (year, month, Int(CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(month))))
    }

    private func monthMatches(year: Int, month: Int) -> Bool {
        (pattern.year.map { $0 == year } ?? true) && (pattern.month.map { $0 == month } ?? true)
    }

    /// With a fixed year (or week-numbering year): where to go when the date `f` is in another one
    /// (`.some(nil)`: nowhere, the year is behind the search), or `nil` when `f` is in it.
    /// Every day skipped lies in another year, so it cannot match, not even as a stand-in.
    private func yearJump(from f: DateFields) -> Int64?? {
        if let year = pattern.year, f.year != year {
            if forward {
                return f.year < year ? .some(CivilArithmetic.daysFromCivil(year: Int64(year), month: 1, day: 1)) : .some(nil)
            }
            return f.year > year ? .some(CivilArithmetic.daysFromCivil(year: Int64(year), month: 12, day: 31)) : .some(nil)
        }
        if let weekYear = pattern.yearForWeekOfYear {
            let dayWeekYear = f.weekOfYear(pattern.weekRules).yearForWeek
            if dayWeekYear != weekYear {
                if forward { return dayWeekYear < weekYear ? .some(pattern.weekYearStart(Int64(weekYear))) : .some(nil) }
                return dayWeekYear > weekYear ? .some(pattern.weekYearStart(Int64(weekYear) + 1) - 1) : .some(nil)
            }
        }
        return nil
    }

    /// The nearest day beyond `f`'s month, in the search direction, that lies in month `a` or `b`:
    /// forward its first day, backward its last.
    private func monthJump(from f: DateFields, to a: Int, or b: Int) -> Int64 {
        var (year, month) = (Int64(f.year), Int64(f.month))
        repeat {
            if forward { (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1) }
            else { (year, month) = month == 1 ? (year - 1, 12) : (year, month - 1) }
        } while month != Int64(a) && month != Int64(b)
        return forward ? CivilArithmetic.daysFromCivil(year: year, month: month, day: 1)
                       : CivilArithmetic.daysFromCivil(year: year, month: month, day: CivilArithmetic.daysInMonth(year: year, month: month))
    }
}

extension ConsistentPattern {
    /// Patterns that can never match, answered without searching: ordinals 6 and 7, week 0 of a
    /// month when one day makes a first week, and with `strict` a day that no month of the wanted
    /// month (and year) has.
    func neverMatches(matchingPolicy: MatchingPolicy) -> Bool {
        if let weekdayOrdinal, weekdayOrdinal > 5 { return true }
        // Week 0 holds the days before the first week with enough days; with a minimum of one
        // day, the week holding the 1st is week 1 and there is no week 0.
        if weekOfMonth == 0 && weekRules.minimumDaysInFirstWeek == 1 { return true }
        if matchingPolicy == .strict, let day, let month {
            let longest = CivilArithmetic.daysInMonth(year: Int64(year ?? 2000), month: Int64(month))   // 2000: leap
            if abs(day) > Int(longest) { return true }
        }
        return false
    }
}
