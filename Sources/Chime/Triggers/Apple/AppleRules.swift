/// The apple semantics as the hooks of the one search (`CalendarSearch`): Foundation's
/// `Calendar.nextDate`, rule by rule. Each hook is one of Foundation's rules, with its cases in
/// the tests (`AppleRuleTests`, one named test per hook) and its description in
/// docs/apple-semantics.md:
/// - how the components are read (`MatchPattern`: Foundation pins the fields below its highest
///   given unit);
/// - start-day handling (`begin`): backward, Foundation passes over the start's own day for some
///   shapes (`skipsStartDayBackward`); forward, a preserving stand-in for the month just passed
///   (`standInForMonthJustPassed`);
/// - candidate days and missing-day stand-ins (`nextCandidateDay`, `missingDayStandIn`);
/// - the gap decision and overlap choice (`resolve`, with Foundation's transition rules in
///   `AppleRules+FoundationTransitions.swift`).
/// Everything in this folder is Foundation's behaviour; Chime's own rules are in `Consistent/`.
///
/// Example, America/New_York, `{hour: 2, minute: 30}` with `nextTime` after 2026-03-07T12:00:00Z:
/// 02:30 on 03-08 is skipped (02:00 EST → 03:00 EDT at 07:00:00Z) and Foundation answers the gap's
/// end, 2026-03-08T07:00:00Z (`gapNextTime`); `previousTimePreservingSmallerComponents` answers
/// 01:30 EST = 06:30:00Z (`gapShiftedBackward`).
struct AppleRules: CalendarSearchRules {
    /// The trigger's components as given, as Foundation reads them, and its policies.
    let components: CalendarComponents
    let p: MatchPattern
    let matchingPolicy: MatchingPolicy
    let repeatedTimePolicy: RepeatedTimePolicy
    let gapPolicy: GapPolicy?
    let overlapPolicy: OverlapPolicy?
    let zone: ZoneRules
    /// The search direction and start, and the start's wall time (local seconds), set by `begin`.
    var forward = true
    var start = Instant(seconds: 0)
    var startWall: Int64 = 0
    /// A skipped wall time was met (gap policy `skip`): the next exact fire says `gapSkipped`.
    var skippedGap = false
    /// No month without the wanted day met yet (see `missingDay`).
    var firstMissingDay = true
    /// Forward: the stand-in for the month just passed, offered before the walk's first day.
    var pendingStandIn: CandidateDay?
    /// The gap transition of the skipped wall time `resolve` failed on (gap policy `reject`).
    var thrownRejection: Int64?

    init(trigger: borrowing CalendarTrigger, zone: ZoneRules) {
        (components, p) = (trigger.components, trigger.pattern)
        (matchingPolicy, repeatedTimePolicy) = (trigger.matchingPolicy, trigger.repeatedTimePolicy)
        (gapPolicy, overlapPolicy) = (trigger.gapPolicy, trigger.overlapPolicy)
        self.zone = zone
    }

    /// Patterns that can never match, answered without searching.
    var neverMatches: Bool {
        if let ordinal = p.weekdayOrdinal, ordinal > 5 { return true }
        if let week = p.weekOfMonth, week > 6 { return true }
        if matchingPolicy == .strict, let day = p.day.map(abs), let month = p.month {
            if day > Int(CivilArithmetic.daysInMonth(year: 2000, month: Int64(month))) { return true }   // 2000: leap
            if let year = p.year, day > Int(CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(month))) { return true }
        }
        return false
    }

    private var step: Int64 { forward ? 1 : -1 }

    // MARK: Start-day handling

    /// Forward, the walk starts at the start less the offsets near it and an hour
    /// (`forwardWalkStart`); backward at the start's wall time plus the zone's offset spread — or, where Foundation passes over the start's own day (`skipsStartDayBackward`),
    /// at the end of the day before.
    mutating func begin(at t: Instant, forward: Bool) -> (day: Int64, time: Int64) {
        self.forward = forward
        (start, startWall) = (t, t.seconds + Int64(zone.utcOffset(at: t)))
        if forward {
            pendingStandIn = p.isTimeOnly ? nil : standInForMonthJustPassed()
            return Self.forwardWalkStart(after: t, in: zone)
        }
        if skipsStartDayBackward { return (startDay - 1, Self.nanosPerDay - 1) }
        let spread = Int64(zone.table.maxOffset - zone.table.minOffset)
        let (day, second) = CivilArithmetic.floorDivMod(startWall + spread, 86_400)
        return (day, second * 1_000_000_000 + Int64(t.nanoseconds))
    }

    /// The forward walk's first day and time (ns since midnight) after the start `t`: `t` plus the
    /// least offset in force near it (no earlier wall time gives an instant after `t`, as
    /// `CalendarSearchRules.edge` explains), less an hour (a skipped midnight's stand-in,
    /// `foundationDayStartStandIn`, lies up to an hour past its gap's end, so "near" reaches an
    /// hour further back). The fast paths start no later (`CalendarFastPath.searchStart`).
    /// Example, Europe/Berlin (+0:53:28 LMT … +3:00 in its history), after 2026-03-07T12:00:00Z
    /// (13:00 CET): the walk starts at 12:00:00 wall time, where the zone-wide spread started it
    /// at 10:06:32 — an every-second pattern resolved 10,712 wall times before the start per fire.
    @inline(__always)
    static func forwardWalkStart(after t: Instant, in zone: ZoneRules) -> (day: Int64, time: Int64) {
        let near = zone.offsetsNear(t.seconds, alsoBefore: 3_600)
        let (day, second) = CivilArithmetic.floorDivMod(t.seconds + Int64(near.min) - 3_600, 86_400)
        return (day, second * 1_000_000_000)
    }

    /// Whether Foundation, searching backward, passes over the start's own day. It does for a
    /// day of the month alone (it pins the previous month once the wanted day is not ahead:
    /// `{day: 15, hour: 5}` before 2026-03-15 10:00 is 02-15 05:00, not 03-15 05:00), and for
    /// weekday, week and day-of-year patterns without a time (`{weekday: 1}` before Sunday
    /// 10:00 is the previous Sunday's 00:00, while `{weekday: 1, hour: 5}` is the same day's 05:00).
    var skipsStartDayBackward: Bool {
        guard p.highestLevel == 2 else { return false }
        let c = components
        if c.day != nil { return c.dayOfYear == nil }
        return c.hour == nil && c.minute == nil && c.second == nil && c.nanosecond == nil
    }

    /// Foundation picks the year to search from the start and the wanted date as its calendar
    /// rolls it over: February 30th 2026 is March 2nd, so a search from March 1st still looks at
    /// February 2026, and `nextTimePreservingSmallerComponents` fires at its stand-in if that is
    /// still ahead (`{month: 2, day: 30, hour: 22, minute: 1}` from 2026-03-01 10:00 UTC fires
    /// 2026-03-01 22:01, not 2027-03-01 22:01). The other policies' stand-ins are behind the start.
    private func standInForMonthJustPassed() -> CandidateDay? {
        guard matchingPolicy == .nextTimePreservingSmallerComponents, let month = p.month, let wanted = p.day else { return nil }
        let start = DateFields(dayNumber: startDay)
        let (year, previousMonth) = start.month == 1 ? (start.year - 1, 12) : (start.year, start.month - 1)
        let length = Int(CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(previousMonth)))
        guard previousMonth == month, wanted > length, p.year.map({ $0 == year }) ?? true else { return nil }
        let lastDay = DateFields(dayNumber: CivilArithmetic.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(length)))
        return missingDay(in: lastDay, monthPinned: true, first: true, resume: startDay)
    }

    // MARK: Candidate days

    /// The days Foundation's search stops at: jumping straight to the wanted year, month and day
    /// when they are fixed, and a month lacking the wanted day gives its stand-in, if any.
    mutating func nextCandidateDay(from first: Int64) -> CandidateDay? {
        if let pending = pendingStandIn {
            pendingStandIn = nil
            // Behind the walk's first day it is behind the start too.
            if pending.day >= first { return CandidateDay(day: pending.day, kind: pending.kind, resume: first) }
        }
        var day = first
        let yearFree = p.year == nil && p.yearForWeekOfYear == nil
        while Self.walkMayVisit(day, from: first, yearFree: yearFree) {
            // Every day is a candidate: no calendar fields to compute.
            if p.isTimeOnly { return CandidateDay(day: day, kind: .exact, resume: day + step) }
            let f = DateFields(dayNumber: day)
            if let year = p.year, f.year != year {
                if forward ? f.year > year : f.year < year { return nil }
                day = forward ? CivilArithmetic.daysFromCivil(year: Int64(year), month: 1, day: 1)
                              : CivilArithmetic.daysFromCivil(year: Int64(year), month: 12, day: 31)
                continue
            }
            // A date's week-based year is its own year or the one next to it, so outside
            // yearForWeekOfYear ± 1 no date matches: stop (or jump to the first year that can)
            // rather than walk to the end of the calendar.
            if let weekYear = p.yearForWeekOfYear {
                if forward ? f.year > weekYear + 1 : f.year < weekYear - 1 { return nil }
                if forward ? f.year < weekYear - 1 : f.year > weekYear + 1 {
                    day = forward ? CivilArithmetic.daysFromCivil(year: Int64(weekYear - 1), month: 1, day: 1)
                                  : CivilArithmetic.daysFromCivil(year: Int64(weekYear + 1), month: 12, day: 31)
                    continue
                }
            }
            if let month = p.month, f.month != month {
                if forward {
                    let y = Int64(f.month < month ? f.year : f.year + 1)
                    day = CivilArithmetic.daysFromCivil(year: y, month: Int64(month), day: 1)
                } else {
                    let y = Int64(f.month > month ? f.year : f.year - 1)
                    day = CivilArithmetic.daysFromCivil(year: y, month: Int64(month), day: CivilArithmetic.daysInMonth(year: y, month: Int64(month)))
                }
                continue
            }
            if let wanted = p.day {
                // A negative day counts from the month's end (`-1`: the last day), Chime's extension.
                let dayOfMonth = wanted > 0 ? wanted : f.daysInMonth + wanted + 1
                if dayOfMonth < 1 {
                    let beyondMonth = forward ? day + Int64(f.daysInMonth - f.day) + 1 : day - Int64(f.day)
                    if let standIn = negativeDayStandIn(f, resume: beyondMonth) { return standIn }
                    day = beyondMonth
                    continue
                }
                if wanted > f.daysInMonth {
                    let beyondMonth = forward ? day + Int64(f.daysInMonth - f.day) + 1 : day - Int64(f.day)
                    let standIn = missingDayStandIn(f, wanted: wanted, resume: beyondMonth)
                    firstMissingDay = false
                    if let standIn { return standIn }
                    day = beyondMonth
                    continue
                }
                if f.day != dayOfMonth {
                    if forward {
                        day = f.day < dayOfMonth ? day + Int64(dayOfMonth - f.day) : day + Int64(f.daysInMonth - f.day) + 1
                    } else {
                        day = f.day > dayOfMonth ? day - Int64(f.day - dayOfMonth) : day - Int64(f.day)
                    }
                    continue
                }
            }
            if p.matchesWeekAndWeekday(f) { return CandidateDay(day: day, kind: .exact, resume: day + step) }
            day += step
        }
        return nil
    }

    var singleTime: Int64? { p.fixedTime }
    func firstTime(atOrAfter lower: Int64) -> Int64? { p.firstTime(atOrAfter: lower) }
    func lastTime(atOrBefore upper: Int64) -> Int64? { p.lastTime(atOrBefore: upper) }

    // MARK: The gap decision and the overlap choice

    /// Resolves one wall time as Foundation does under the trigger's policies (an explicit gap or
    /// overlap policy replaces Foundation's choice, not its rules about which days it visits).
    mutating func resolve(wall: Int64, nanosecond nanos: Int32, day: Int64, standIn: FireAdjustment?) throws(TriggerError) -> ResolvedWallTime {
        let base = standIn ?? .exact
        let accept = { [forward, start] (i: Instant) in forward ? i > start : i < start }
        // With the hour free (`{minute: 30}`), Foundation takes the next instant whose fields match:
        // a skipped wall time is simply not a match, and both passes of a repeated hour are.
        let hourFree = components.hour == nil && p.pinLevel >= 4
        let resolution = zone.resolve(localSeconds: wall)
        switch resolution {
        case let .unique(u, _):
            return ResolvedWallTime(first: AdjustedInstant(Instant(seconds: u, nanoseconds: nanos), base == .exact && skippedGap ? .gapSkipped : base))
        case let .overlap(earlier, _, later, _):
            let first = Instant(seconds: earlier, nanoseconds: nanos), last = Instant(seconds: later, nanoseconds: nanos)
            // A preserving stand-in for a missing day asks for the start's hour, an hour field; the
            // nextTime stand-in is the day's start, whatever the pattern's hour.
            let hourGiven = (components.hour != nil && base != .missingDayNextTime)
                || base == .missingDayNextTimePreservingSmallerComponents || base == .missingDayPreviousTimePreservingSmallerComponents
            let apple: OverlapPolicy = hourFree ? .both : appleOverlapPolicy(day: day, backward: !forward, hourGiven: hourGiven)
            let policy = overlapPolicy ?? apple
            // A search for an hour-level pattern that starts inside the repeated hour, past the
            // chosen occurrence, takes the one still ahead (Foundation retries one hour later). A
            // start exactly at the occurrence (a chained search) does not: it moves to the next day.
            let startsInside = overlapPolicy == nil && p.highestLevel == 3
                && (forward ? first < start && accept(last) : last > start && accept(first))
            return resolution.instants(wall: wall, nanosecond: nanos, gap: .skip, overlap: startsInside ? .both : policy)
        case let .gap(transition, before, after):
            // A day skipped whole (Pacific/Apia, 2011-12-30) has no times to adjust: like
            // Foundation, go on to the next day rather than fire at the end of the gap.
            if transition + Int64(before) <= day * 86_400 && transition + Int64(after) >= (day + 1) * 86_400 { return ResolvedWallTime() }
            if gapPolicy == nil && base == .missingDayNextTime {
                // nextTime's stand-in for a missing day is the next day's start, wherever it begins.
                return ResolvedWallTime(first: AdjustedInstant(Instant(seconds: transition), .gapNextTime))
            }
            if gapPolicy == nil, base == .exact,
               let dayStart = foundationDayStartStandIn(wall: wall, day: day, gapStart: transition + Int64(before), firstWall: transition + Int64(after),
                                                        transition: transition) {
                return ResolvedWallTime(first: AdjustedInstant(Instant(seconds: dayStart - Int64(after), nanoseconds: nanos), .gapNextTime))
            }
            if gapPolicy == nil
                && foundationPassesOverGap(wall: wall, day: day, transition: transition, before: before, after: after,
                                           hourFree: hourFree, backward: !forward) { return ResolvedWallTime() }
            let resolved = resolution.instants(wall: wall, nanosecond: nanos, gap: gapPolicy ?? matchingPolicy.gapPolicy,
                                               overlap: .first)
            if let rejectedAt = resolved.rejectedAt {
                thrownRejection = rejectedAt.seconds
                throw .wallTimeSkipped(local: CivilDateTime(localSeconds: wall, nanosecond: Int(nanos)).description,
                                       zone: zone.identifier)
            }
            // skip: the next fire says `gapSkipped` — when the skipped wall time lies beyond the
            // start (the walk begins up to the offset spread and an hour behind it).
            if resolved.first == nil && standIn == nil && (forward ? transition > start.seconds : transition <= start.seconds) { skippedGap = true }
            return resolved
        }
    }

    // MARK: Missing days (e.g. the 31st of April)

    /// Foundation's handling when the month lacks the wanted day: `nextTime` gives the start of the
    /// next day, `nextTimePreservingSmallerComponents` the next day at the wanted time,
    /// `previousTimePreservingSmallerComponents` the month's last day at the wanted time, `strict`
    /// skips the month.
    ///
    /// Foundation's "smaller components" are the trigger's own time components where given and the
    /// search start's wall-clock time otherwise: `{day: 31}` with `nextTimePreservingSmallerComponents`
    /// from 2021-11-07 14:21:39 EST fires 2021-12-01 14:21:39 EST.
    ///
    /// `monthPinned` is false in the one case Foundation reaches the month without having fixed it:
    /// a day-of-month pattern searched from a later day of January (see
    /// `isFebruaryAfterLaterJanuaryDay`). Its answer is then March 1 at 00:00 for `nextTime` and
    /// `previousTimePreservingSmallerComponents` alike, and March 1 at the start's wall-clock time
    /// for `nextTimePreservingSmallerComponents` (`{day: 30, hour: 9}` after 2026-01-31 10:20:30:
    /// 2026-03-01 10:20:30); with a weekday field there is no stand-in at all.
    ///
    /// `first` says whether this is the first month without the day that the search meets; see
    /// `previousTimePreservingSmallerComponents` below.
    ///
    /// Returns the stand-in day (the search goes on at `resume`), or nil when there is none.
    private func missingDay(in f: DateFields, monthPinned: Bool, first: Bool, resume: Int64) -> CandidateDay? {
        if matchingPolicy == .strict || (!monthPinned && p.hasWeekdayFields) { return nil }
        let nextDay = f.dayNumber + Int64(f.daysInMonth - f.day) + 1
        let (day, time, adjustment): (Int64, Int64, FireAdjustment)
        switch matchingPolicy {
        case .nextTimePreservingSmallerComponents:
            (day, time, adjustment) = (nextDay, monthPinned ? preservedTime : startTimeOfDay * 1_000_000_000,
                                       .missingDayNextTimePreservingSmallerComponents)
        case .previousTimePreservingSmallerComponents where monthPinned:
            // Foundation measures the first such month in the start's year too when its search
            // moved on a year for it: `{month: 2, day: 30}` from 2031-03-06 (past "February 30th
            // 2031", i.e. March 2nd) gives 2032-02-28 although 2032 is a leap year. From before
            // that rolled-over date it looks at the start's year first, and measures each month in
            // its own year (`{month: 2, day: 31}` from 1939-03-01: 1940-02-29).
            let start = startDate
            let rolledOver = CivilArithmetic.daysFromCivil(year: start.year, month: Int64(f.month), day: Int64(p.day ?? f.day))
            let c = components, asked = Int64(((c.hour ?? 0) * 60 + (c.minute ?? 0)) * 60 + (c.second ?? 0))
            let movedOnAYear = startDay > rolledOver || (startDay == rolledOver && startTimeOfDay > asked)
            // With a year given the search date stays at the start meanwhile, so that year is used.
            // A stand-in that misses the weekday is retried with the month measured in its own year
            // (Anchorage `{month: 2, day: 31, weekday: 6}` from 2063-12-11: 2063's 28 days give
            // Thursday 2064-02-28, so Friday 2064-02-29).
            func standIn(measuredIn year: Int64) -> Int64 {
                nextDay - 1 - Int64(f.daysInMonth - min(f.daysInMonth, Int(CivilArithmetic.daysInMonth(year: year, month: Int64(f.month)))))
            }
            var standInDay = standIn(measuredIn: first && (c.year != nil || movedOnAYear) ? start.year : Int64(f.year))
            if !p.matchesWeekAndWeekday(DateFields(dayNumber: standInDay)) { standInDay = standIn(measuredIn: Int64(f.year)) }
            (day, time, adjustment) = (standInDay, preservedTime, .missingDayPreviousTimePreservingSmallerComponents)
        default:    // nextTime, and every policy but the one above in the February run-off
            (day, time, adjustment) = (nextDay, 0, .missingDayNextTime)
        }
        // The stand-in day must still match the other date fields: `{month: 2, day: 29, weekday: 6}`
        // stands in Friday 2013-03-01 for 2013's missing Feb 29, but not Sunday 2009-03-01.
        guard p.matchesWeekAndWeekday(DateFields(dayNumber: day)) else { return nil }
        // Foundation checks a stand-in against the fields it asked for — the preserved time, or
        // with nextTime the pattern's own hour — so one whose wall time falls into a gap is dropped,
        // not moved (America/Asuncion 2023-10-01, 00:00 -04 -> 01:00 -03: `{day: 31, hour: 0,
        // minute: 30}` after 09-20 skips the Oct 1 stand-in and fires 10-31 00:30 under every policy).
        if monthPinned, let checked = adjustment == .missingDayNextTime ? (components.hour != nil ? p.fixedTime : nil) : time,
           case .gap = zone.resolve(localSeconds: day * 86_400 + checked / 1_000_000_000) { return nil }
        return CandidateDay(day: day, kind: .standIn(adjustment, at: time), resume: resume)
    }

    /// The stand-in for month `f`, which lacks the wanted day, if Foundation searches that month.
    /// Forward, a month before the start's (reached only because wall times a zone's offset spread
    /// back may still be after the start) is not searched. With a year but no month given, no
    /// month is pinned, so a month without the day is no match and has no stand-in — except
    /// February run off from January (`isFebruaryAfterLaterJanuaryDay`); backward, not even then
    /// (Foundation: `{year: 2027, day: 30}` before 2027-03-10 is 01-30).
    private func missingDayStandIn(_ f: DateFields, wanted: Int, resume: Int64) -> CandidateDay? {
        guard forward else {
            return yearLeavesMonthFree ? nil : missingDay(in: f, monthPinned: true, first: firstMissingDay, resume: resume)
        }
        let startMonth = startDate
        let runsOff = isFebruaryAfterLaterJanuaryDay(f, wanted: wanted)
        guard (Int64(f.year), Int64(f.month)) >= (startMonth.year, startMonth.month), runsOff || !yearLeavesMonthFree else { return nil }
        return missingDay(in: f, monthPinned: !runsOff, first: firstMissingDay, resume: resume)
    }

    /// The stand-in for a month that lacks a negative day (`-31` in April): Chime's extension, as
    /// Foundation has no negative days. Such a day lies before the month, so `nextTime` gives the
    /// month's 1st at 00:00, `nextTimePreservingSmallerComponents` the 1st at the preserved time,
    /// `previousTimePreservingSmallerComponents` the previous month's last day at it, `strict`
    /// nothing — the consistent semantics' rule (`docs/semantics.md`). With a year but no month,
    /// as for a positive day, there is no stand-in. Example, UTC, `{day: -31, hour: 9}` with
    /// `nextTime` after 2026-04-10T00:00:00Z: April has 30 days, so its stand-in is April 1st
    /// 00:00, behind the start; May's -31 is May 1st: 2026-05-01T09:00:00Z.
    private func negativeDayStandIn(_ f: DateFields, resume: Int64) -> CandidateDay? {
        guard matchingPolicy != .strict, !yearLeavesMonthFree else { return nil }
        let monthFirst = f.dayNumber - Int64(f.day) + 1
        let (day, time, adjustment): (Int64, Int64, FireAdjustment) = switch matchingPolicy {
        case .nextTimePreservingSmallerComponents: (monthFirst, preservedTime, .missingDayNextTimePreservingSmallerComponents)
        case .previousTimePreservingSmallerComponents: (monthFirst - 1, preservedTime, .missingDayPreviousTimePreservingSmallerComponents)
        default: (monthFirst, 0, .missingDayNextTime)
        }
        guard p.matchesWeekAndWeekday(DateFields(dayNumber: day)) else { return nil }
        return CandidateDay(day: day, kind: .standIn(adjustment, at: time), resume: resume)
    }

    /// Whether `f` (a month lacking the wanted day) is a February reached from a later day of the
    /// January before it, with only the day of the month fixed: Foundation pins the month only
    /// when the wanted day is still ahead in the start's month, so from January 31 `{day: 30}`
    /// runs off the end of February instead of treating it as a month with a missing 30th.
    ///
    /// With a year given Foundation pins no month at all; its day search from January runs off
    /// February the same way (`{year: 2027, day: 30}` after 2027-01-31 10:20:30 UTC: 03-01 00:00,
    /// preserving 03-01 10:20:30), and from the wanted day itself too, where Foundation gives up
    /// instead (it tries only the start's own day, then leaves the year): Chime takes the run-off.
    private func isFebruaryAfterLaterJanuaryDay(_ f: DateFields, wanted: Int) -> Bool {
        guard p.pinLevel == 2, components.month == nil,
              components.dayOfYear == nil, f.month == 2 else { return false }
        let start = startDate
        guard start.year == Int64(f.year) && start.month == 1 else { return false }
        return components.year == nil ? Int64(wanted) < start.day : Int64(wanted) <= start.day
    }

    /// A year is given without a month: Foundation then pins no month (see `MatchPattern`), so a
    /// month lacking the wanted day is simply no match.
    private var yearLeavesMonthFree: Bool { components.year != nil && components.month == nil }

    /// The start's local date (from `startWall`).
    private var startDate: (year: Int64, month: Int64, day: Int64) { CivilArithmetic.civilFromDays(startDay) }
    /// The day number of the start's wall time.
    var startDay: Int64 { CivilArithmetic.floorDivMod(startWall, 86_400).quotient }
    /// The start's wall-clock time of day, in seconds.
    var startTimeOfDay: Int64 { CivilArithmetic.floorDivMod(startWall, 86_400).remainder }

    /// The trigger's hour/minute/second/nanosecond where given, else the start's wall-clock ones.
    private var preservedTime: Int64 {
        let wall = startTimeOfDay
        let c = components
        let h = Int64(c.hour ?? Int(wall / 3600)), m = Int64(c.minute ?? Int(wall / 60 % 60)), s = Int64(c.second ?? Int(wall % 60))
        let n = Int64(c.nanosecond ?? 0)        // Foundation keeps h/m/s of the start, not its nanoseconds
        return ((h * 60 + m) * 60 + s) * 1_000_000_000 + n
    }
}
