/// The apple semantics: one search for a calendar trigger's match as Foundation's
/// `Calendar.nextDate` finds it. Steps through candidate days (jumping straight to the wanted
/// year, month and day when they are fixed), then through matching wall times on a day, resolving
/// each against the zone and applying the DST and missing-day policies. Foundation's own rules at
/// transitions are in `AppleCalendarSearch+FoundationTransitions.swift`; the components are read
/// as Foundation reads them (`MatchPattern`). Everything in this folder is Foundation's behaviour;
/// Chime's own rules are in `Consistent/`.
struct AppleCalendarSearch {
    let trigger: CalendarTrigger
    let zone: ZoneRules
    /// The search start and its wall time (local seconds), set when a search begins.
    var start = Instant(seconds: 0)
    var startWall: Int64 = 0
    var p: MatchPattern { trigger.pattern }

    static let firstDay = CivilArithmetic.daysFromCivil(year: 1, month: 1, day: 1)
    static let lastDay = CivilArithmetic.daysFromCivil(year: 9999, month: 12, day: 31)
    static let nanosPerDay = MatchPattern.nanosPerDay

    /// Patterns that can never match, answered without searching.
    var neverMatches: Bool {
        if let ordinal = p.weekdayOrdinal, ordinal > 5 { return true }
        if let week = p.weekOfMonth, week > 6 { return true }
        if trigger.matchingPolicy == .strict, let day = p.day, let month = p.month {
            if day > Int(CivilArithmetic.daysInMonth(year: 2000, month: Int64(month))) { return true }   // 2000: leap
            if let year = p.year, day > Int(CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(month))) { return true }
        }
        return false
    }

    // MARK: Forward

    mutating func forward(after t: Instant) throws(TriggerError) -> Fire? {
        if neverMatches { return nil }
        (start, startWall) = (t, t.seconds + Int64(zone.utcOffset(at: t)))
        // Wall times up to the zone's offset spread before t's wall time can still be after t.
        let spread = Int64(zone.table.maxOffset - zone.table.minOffset)
        let (firstDay, firstSecond) = CivilArithmetic.floorDivMod(startWall - spread, 86_400)
        var day = max(firstDay, Self.firstDay)
        var lowerTime = day == firstDay ? firstSecond * 1_000_000_000 : 0
        var skippedGap = false
        var firstMissingDay = true
        if p.isTimeOnly {
            // Every day is a candidate: no calendar fields to compute.
            while day <= Self.lastDay {
                if let fire = try firstFire(onDay: day, from: lowerTime, after: t, skippedGap: &skippedGap) { return fire }
                (day, lowerTime) = (day + 1, 0)
            }
            return nil
        }
        if let fire = try standInForMonthJustPassed(after: t) { return fire }
        while day <= Self.lastDay {
            let f = DateFields(dayNumber: day)
            if let year = p.year, f.year != year {
                if f.year > year { return nil }
                (day, lowerTime) = (CivilArithmetic.daysFromCivil(year: Int64(year), month: 1, day: 1), 0)
                continue
            }
            if let month = p.month, f.month != month {
                let y = Int64(f.month < month ? f.year : f.year + 1)
                (day, lowerTime) = (CivilArithmetic.daysFromCivil(year: y, month: Int64(month), day: 1), 0)
                continue
            }
            if let wanted = p.day {
                if wanted > f.daysInMonth {
                    // A month before the start's (reached only because wall times a zone's offset
                    // spread back may still be after the start) is not searched by Foundation.
                    // With a year but no month given, no month is pinned, so a month without the
                    // day is no match and has no stand-in — except February run off from January.
                    let startMonth = startDate
                    let runsOff = isFebruaryAfterLaterJanuaryDay(f, wanted: wanted)
                    if (Int64(f.year), Int64(f.month)) >= (startMonth.year, startMonth.month), runsOff || !yearLeavesMonthFree,
                       let fire = try missingDay(in: f, isAfter: { $0 > t }, preferLater: false, monthPinned: !runsOff,
                                                 first: firstMissingDay) { return fire }
                    firstMissingDay = false
                    (day, lowerTime) = (day + Int64(f.daysInMonth - f.day) + 1, 0)
                    continue
                }
                if f.day != wanted {
                    (day, lowerTime) = (f.day < wanted ? day + Int64(wanted - f.day) : day + Int64(f.daysInMonth - f.day) + 1, 0)
                    continue
                }
            }
            if p.matchesWeekAndWeekday(f),
               let fire = try firstFire(onDay: day, from: lowerTime, after: t, skippedGap: &skippedGap) {
                return fire
            }
            (day, lowerTime) = (day + 1, 0)
        }
        return nil
    }

    /// Foundation picks the year to search from the start and the wanted date as its calendar
    /// rolls it over: February 30th 2026 is March 2nd, so a search from March 1st still looks at
    /// February 2026, and `nextTimePreservingSmallerComponents` fires at its stand-in if that is
    /// still ahead (`{month: 2, day: 30, hour: 22, minute: 1}` from 2026-03-01 10:00 UTC fires
    /// 2026-03-01 22:01, not 2027-03-01 22:01). The other policies' stand-ins are behind the start.
    private func standInForMonthJustPassed(after t: Instant) throws(TriggerError) -> Fire? {
        guard trigger.matchingPolicy == .nextTimePreservingSmallerComponents, let month = p.month, let wanted = p.day else { return nil }
        let start = DateFields(dayNumber: startDay)
        let (year, previousMonth) = start.month == 1 ? (start.year - 1, 12) : (start.year, start.month - 1)
        let length = Int(CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(previousMonth)))
        guard previousMonth == month, wanted > length, p.year.map({ $0 == year }) ?? true else { return nil }
        let lastDay = DateFields(dayNumber: CivilArithmetic.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(length)))
        return try missingDay(in: lastDay, isAfter: { $0 > t }, preferLater: false, monthPinned: true, first: true)
    }

    /// The first matching wall time on `day` at or after `lower` (ns since midnight) that fires after `t`.
    ///
    /// Wall-clock order is not instant order inside a repeated hour: hourly `{second: 2}` from
    /// 01:04:35 EDT (America/Port-au-Prince, 2029-11-04T05:04:35Z) meets 01:00:02 first, whose
    /// second pass (EST, 06:00:02Z) is after the start — but 01:05:02 EDT (05:05:02Z) is sooner. So
    /// a fire in an overlap's second pass is kept only once no later wall time within the
    /// overlap's length can fire earlier.
    private func firstFire(onDay day: Int64, from lower: Int64, after t: Instant, skippedGap: inout Bool) throws(TriggerError) -> Fire? {
        var secondPass: (fire: Fire, wallLimit: Int64)?
        var (d, from) = (day, lower)
        while true {
            var time = p.firstTime(atOrAfter: from)
            while let tod = time {
                let wall = d * 86_400 + tod / 1_000_000_000
                if let pending = secondPass, wall >= pending.wallLimit { return pending.fire }
                if let fire = try resolve(day: d, time: tod, isAfter: { $0 > t }, preferLater: false, skippedGap: &skippedGap) {
                    if let pending = secondPass {
                        // Later second-pass fires are later instants too; a first-pass one may be sooner.
                        if fire.adjustment != .overlapLast { return fire.instant < pending.fire.instant ? fire : pending.fire }
                    } else {
                        guard fire.adjustment == .overlapLast, case let .overlap(earlier, _, later, _) = zone.resolve(localSeconds: wall) else {
                            return fire
                        }
                        secondPass = (fire, wall + (later - earlier))
                    }
                }
                time = p.firstTime(atOrAfter: tod + 1)
            }
            // An overlap running past midnight (Phoenix 1944-01-01, 00:01 MWT -> 23:01 MST) puts the
            // next day's first wall times among the candidates.
            guard let pending = secondPass, d == day, pending.wallLimit > (d + 1) * 86_400, canContinue(onDay: d + 1) else {
                return secondPass?.fire
            }
            (d, from) = (d + 1, 0)
        }
    }

    /// Whether the wall times of `day` are candidates without the search stepping to it: no year,
    /// month or day of the month to match, and the day's week fields match.
    private func canContinue(onDay day: Int64) -> Bool {
        p.year == nil && p.month == nil && p.day == nil && p.matchesWeekAndWeekday(DateFields(dayNumber: day))
    }

    // MARK: Backward

    mutating func backward(before t: Instant) throws(TriggerError) -> Fire? {
        if neverMatches { return nil }
        (start, startWall) = (t, t.seconds + Int64(zone.utcOffset(at: t)))
        let spread = Int64(zone.table.maxOffset - zone.table.minOffset)
        var (lastDay, lastSecond) = CivilArithmetic.floorDivMod(startWall + spread, 86_400)
        if skipsStartDayBackward {
            (lastDay, lastSecond) = (startDay - 1, 86_399)
        }
        var day = min(lastDay, Self.lastDay)
        var upperTime = day == lastDay ? lastSecond * 1_000_000_000 + (skipsStartDayBackward ? 999_999_999 : Int64(t.nanoseconds)) : Self.nanosPerDay - 1
        var skippedGap = false
        var firstMissingDay = true
        while day >= Self.firstDay {
            let f = DateFields(dayNumber: day)
            if let year = p.year, f.year != year {
                if f.year < year { return nil }
                (day, upperTime) = (CivilArithmetic.daysFromCivil(year: Int64(year), month: 12, day: 31), Self.nanosPerDay - 1)
                continue
            }
            if let month = p.month, f.month != month {
                let y = Int64(f.month > month ? f.year : f.year - 1)
                let last = CivilArithmetic.daysInMonth(year: y, month: Int64(month))
                (day, upperTime) = (CivilArithmetic.daysFromCivil(year: y, month: Int64(month), day: last), Self.nanosPerDay - 1)
                continue
            }
            if let wanted = p.day {
                if wanted > f.daysInMonth {
                    // With a year but no month given, a month without the day is no match and has
                    // no stand-in (Foundation: `{year: 2027, day: 30}` before 2027-03-10 is 01-30).
                    if !yearLeavesMonthFree,
                       let fire = try missingDay(in: f, isAfter: { $0 < t }, preferLater: true, monthPinned: true,
                                                 first: firstMissingDay) { return fire }
                    firstMissingDay = false
                    (day, upperTime) = (day - Int64(f.day), Self.nanosPerDay - 1)
                    continue
                }
                if f.day != wanted {
                    (day, upperTime) = (f.day > wanted ? day - Int64(f.day - wanted) : day - Int64(f.day), Self.nanosPerDay - 1)
                    continue
                }
            }
            if p.matchesWeekAndWeekday(f), let fire = try lastFire(onDay: day, upTo: upperTime, before: t, skippedGap: &skippedGap) {
                return fire
            }
            (day, upperTime) = (day - 1, Self.nanosPerDay - 1)
        }
        return nil
    }

    /// Whether Foundation, searching backward, passes over the start's own day. It does for a
    /// day of the month alone (it pins the previous month once the wanted day is not ahead:
    /// `{day: 15, hour: 5}` before 2026-03-15 10:00 is 02-15 05:00, not 03-15 05:00), and for
    /// weekday, week and day-of-year patterns without a time (`{weekday: 1}` before Sunday
    /// 10:00 is the previous Sunday's 00:00, while `{weekday: 1, hour: 5}` is the same day's 05:00).
    private var skipsStartDayBackward: Bool {
        guard p.highestLevel == 2 else { return false }
        let c = trigger.components
        if c.day != nil { return c.dayOfYear == nil }
        return c.hour == nil && c.minute == nil && c.second == nil && c.nanosecond == nil
    }

    /// The last matching wall time on `day` at or before `upper` that fires before `t` — the mirror
    /// of `firstFire`: a fire in an overlap's first pass is kept only once no earlier wall time
    /// within the overlap's length can fire later (hourly `{second: 0}` before 01:00:01 +05 on
    /// Antarctica/Mawson's 2009-10-18, 02:00 +06 -> 01:00 +05 at 2009-10-17T20:00:00Z, meets 01:59:00
    /// +06 = 19:59:00Z first, but 01:00:00 +05 = 20:00:00Z is later).
    private func lastFire(onDay day: Int64, upTo upper: Int64, before t: Instant, skippedGap: inout Bool) throws(TriggerError) -> Fire? {
        var firstPass: (fire: Fire, wallLimit: Int64)?
        var (d, to) = (day, upper)
        while true {
            var time = p.lastTime(atOrBefore: to)
            while let tod = time {
                let wall = d * 86_400 + tod / 1_000_000_000
                if let pending = firstPass, wall <= pending.wallLimit { return pending.fire }
                if let fire = try resolve(day: d, time: tod, isAfter: { $0 < t }, preferLater: true, skippedGap: &skippedGap) {
                    if let pending = firstPass {
                        if fire.adjustment != .overlapFirst { return fire.instant > pending.fire.instant ? fire : pending.fire }
                    } else {
                        guard fire.adjustment == .overlapFirst, case let .overlap(earlier, _, later, _) = zone.resolve(localSeconds: wall) else {
                            return fire
                        }
                        firstPass = (fire, wall - (later - earlier))
                    }
                }
                time = p.lastTime(atOrBefore: tod - 1)
            }
            guard let pending = firstPass, d == day, pending.wallLimit < d * 86_400, canContinue(onDay: d - 1) else {
                return firstPass?.fire
            }
            (d, to) = (d - 1, Self.nanosPerDay - 1)
        }
    }

    // MARK: Resolving a wall time

    /// Resolves the wall time `time` (ns since midnight) on `day` against the zone and the policies.
    /// `accept` says whether an instant is on the searched side of the start; `preferLater` is true
    /// when searching backward (of an overlap's two instants, the later one is reached first).
    private func resolve(day: Int64, time: Int64, isAfter accept: (Instant) -> Bool, preferLater: Bool,
                         adjustment base: FireAdjustment = .exact, skippedGap: inout Bool) throws(TriggerError) -> Fire? {
        let wall = day * 86_400 + time / 1_000_000_000
        // With the hour free (`{minute: 30}`), Foundation takes the next instant whose fields match:
        // a skipped wall time is simply not a match, and both passes of a repeated hour are.
        let hourFree = trigger.components.hour == nil && p.pinLevel >= 4
        let nanos = Int32(time % 1_000_000_000)
        let resolution = zone.resolve(localSeconds: wall)
        switch resolution {
        case let .unique(u, _):
            let instant = Instant(seconds: u, nanoseconds: nanos)
            guard accept(instant) else { return nil }
            return fire(instant, base == .exact && skippedGap ? .gapSkipped : base)
        case let .overlap(earlier, _, later, _):
            let first = Instant(seconds: earlier, nanoseconds: nanos), last = Instant(seconds: later, nanoseconds: nanos)
            // A preserving stand-in for a missing day asks for the start's hour, an hour field; the
            // nextTime stand-in is the day's start, whatever the pattern's hour.
            let hourGiven = (trigger.components.hour != nil && base != .missingDayNextTime)
                || base == .missingDayNextTimePreservingSmallerComponents || base == .missingDayPreviousTimePreservingSmallerComponents
            let apple: OverlapPolicy = hourFree ? .both : appleOverlapPolicy(day: day, backward: preferLater, hourGiven: hourGiven)
            let policy = trigger.overlapPolicy ?? apple
            // A search for an hour-level pattern that starts inside the repeated hour, past the
            // chosen occurrence, takes the one still ahead (Foundation retries one hour later). A
            // start exactly at the occurrence (a chained search) does not: it moves to the next day.
            let startsInside = trigger.overlapPolicy == nil && p.highestLevel == 3
                && (preferLater ? last > start && accept(first) : first < start && accept(last))
            // The policy's instants (earlier first), tried in the search's order: backward, the later first.
            let chosen = resolution.instants(wall: wall, nanosecond: nanos, gap: .skip, overlap: startsInside ? .both : policy)
            let (primary, secondary) = preferLater && chosen.second != nil ? (chosen.second, chosen.first) : (chosen.first, chosen.second)
            if let primary, accept(primary.instant) { return fire(primary.instant, base == .exact ? primary.adjustment : base) }
            if let secondary, accept(secondary.instant) { return fire(secondary.instant, base == .exact ? secondary.adjustment : base) }
            return nil
        case let .gap(transition, before, after):
            // A day skipped whole (Pacific/Apia, 2011-12-30) has no times to adjust: like
            // Foundation, go on to the next day rather than fire at the end of the gap.
            if transition + Int64(before) <= day * 86_400 && transition + Int64(after) >= (day + 1) * 86_400 { return nil }
            let instant: Instant, adjustment: FireAdjustment
            if trigger.gapPolicy == nil && base == .missingDayNextTime {
                // nextTime's stand-in for a missing day is the next day's start, wherever it begins.
                (instant, adjustment) = (Instant(seconds: transition), .gapNextTime)
            } else if trigger.gapPolicy == nil, base == .exact,
               let dayStart = foundationDayStartStandIn(wall: wall, day: day, gapStart: transition + Int64(before), firstWall: transition + Int64(after)) {
                (instant, adjustment) = (Instant(seconds: dayStart - Int64(after), nanoseconds: nanos), .gapNextTime)
            } else {
                if trigger.gapPolicy == nil
                    && foundationPassesOverGap(wall: wall, day: day, transition: transition, before: before, after: after,
                                               hourFree: hourFree, backward: preferLater) { return nil }
                let resolved = resolution.instants(wall: wall, nanosecond: nanos, gap: trigger.gapPolicy ?? trigger.matchingPolicy.gapPolicy,
                                                   overlap: .first)
                if resolved.rejectedAt != nil {
                    throw .wallTimeSkipped(local: CivilDateTime(localSeconds: wall, nanosecond: Int(nanos)).description,
                                           zone: zone.identifier)
                }
                guard let chosen = resolved.first else {       // skip
                    skippedGap = true
                    return nil
                }
                (instant, adjustment) = (chosen.instant, chosen.adjustment)
            }
            guard accept(instant) else { return nil }
            return fire(instant, base == .exact ? adjustment : base)
        }
    }

    private func fire(_ instant: Instant, _ adjustment: FireAdjustment) -> Fire {
        Fire(instant: instant, type: zone.type(at: instant), adjustment: adjustment)
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
    private func missingDay(in f: DateFields, isAfter accept: (Instant) -> Bool, preferLater: Bool,
                            monthPinned: Bool, first: Bool) throws(TriggerError) -> Fire? {
        if trigger.matchingPolicy == .strict || (!monthPinned && p.hasWeekdayFields) { return nil }
        let nextDay = f.dayNumber + Int64(f.daysInMonth - f.day) + 1
        let (day, time, adjustment): (Int64, Int64, FireAdjustment)
        switch trigger.matchingPolicy {
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
            let c = trigger.components, asked = Int64(((c.hour ?? 0) * 60 + (c.minute ?? 0)) * 60 + (c.second ?? 0))
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
        if monthPinned, let checked = adjustment == .missingDayNextTime ? (trigger.components.hour != nil ? p.fixedTime : nil) : time,
           case .gap = zone.resolve(localSeconds: day * 86_400 + checked / 1_000_000_000) { return nil }
        var ignored = false
        return try resolve(day: day, time: time, isAfter: accept, preferLater: preferLater, adjustment: adjustment, skippedGap: &ignored)
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
        guard p.pinLevel == 2, trigger.components.month == nil,
              trigger.components.dayOfYear == nil, f.month == 2 else { return false }
        let start = startDate
        guard start.year == Int64(f.year) && start.month == 1 else { return false }
        return trigger.components.year == nil ? Int64(wanted) < start.day : Int64(wanted) <= start.day
    }

    /// A year is given without a month: Foundation then pins no month (see `MatchPattern`), so a
    /// month lacking the wanted day is simply no match.
    private var yearLeavesMonthFree: Bool { trigger.components.year != nil && trigger.components.month == nil }

    /// The start's local date (from `startWall`).
    private var startDate: (year: Int64, month: Int64, day: Int64) { CivilArithmetic.civilFromDays(startDay) }
    /// The day number of the start's wall time.
    var startDay: Int64 { CivilArithmetic.floorDivMod(startWall, 86_400).quotient }
    /// The start's wall-clock time of day, in seconds.
    var startTimeOfDay: Int64 { CivilArithmetic.floorDivMod(startWall, 86_400).remainder }

    /// The trigger's hour/minute/second/nanosecond where given, else the start's wall-clock ones.
    private var preservedTime: Int64 {
        let wall = startTimeOfDay
        let c = trigger.components
        let h = Int64(c.hour ?? Int(wall / 3600)), m = Int64(c.minute ?? Int(wall / 60 % 60)), s = Int64(c.second ?? Int(wall % 60))
        let n = Int64(c.nanosecond ?? 0)        // Foundation keeps h/m/s of the start, not its nanoseconds
        return ((h * 60 + m) * 60 + s) * 1_000_000_000 + n
    }
}
