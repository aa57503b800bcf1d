/// Foundation's rules at DST transitions that Chime copies, read from its enumeration algorithm
/// (swift-foundation `Calendar_Enumerate.swift`) and confirmed by probes on this machine; each has
/// cases in `AppleRuleTests` (tests `gapDecision` and `overlapChoice`), and docs/apple-semantics.md
/// lists them. They apply only under Apple's policies: an explicit gap or overlap policy replaces
/// them. `AppleRules.resolve` consults them for every wall time in a gap or an overlap.
extension AppleRules {
    /// Where a gap skipped the day's midnight, Foundation's search stands at the day's first
    /// instant and matches only the fields it was given from there, under every matching policy
    /// (`strict` included): a pattern with date fields and no hour fires at that instant, or at
    /// the first wall time after it with the given minute and second (America/Havana 2026-03-08,
    /// 00:00 CST -> 01:00 CDT: `{day: 8}` at 01:00 CDT = 05:00:00Z, `{day: 8, minute: 22}` at
    /// 01:22 CDT = 05:22:00Z). Likewise an hour alone fires where a gap ending inside that hour
    /// ends (Australia/Lord_Howe 2026-10-04, 02:00 +10:30 -> 02:30 +11: `{hour: 2}` at 02:30 =
    /// 15:30:00Z; Asia/Thimphu 1987-10-01, 00:00 +05:30 -> 00:30 +06: `{hour: 0}` at 18:30:00Z).
    /// A month-level pattern gets the stand-in only from a search that starts at or before the
    /// day's first instant (`transition`): from later that day Foundation has passed the month's
    /// start and goes on to the next year, while a day-level pattern still fires (Thimphu: after
    /// 18:30:00Z, `{month: 10, minute: 0}` fires 19:00:00Z; after 18:30:01Z, 1988-09-30T18:00:00Z;
    /// `{day: 1, minute: 0}` after 18:40:00Z still fires 19:00:00Z).
    /// Returns that wall time.
    func foundationDayStartStandIn(wall: Int64, day: Int64, gapStart: Int64, firstWall: Int64, transition: Int64) -> Int64? {
        let c = components
        // An hour alone whose gap ends inside that hour: the gap's end already reads the hour.
        if c.hour != nil && c.minute == nil && c.second == nil
            && CivilArithmetic.floorDivMod(firstWall, 3600).quotient == CivilArithmetic.floorDivMod(wall, 3600).quotient { return firstWall }
        guard gapStart <= day * 86_400, wall - day * 86_400 < 3600 else { return nil }
        guard p.pinLevel <= 2 && c.hour == nil else { return nil }
        if forward && p.highestLevel == 1 && start > Instant(seconds: transition) { return nil }
        guard c.minute != nil || c.second != nil else { return firstWall }
        let period: Int64 = c.minute != nil ? 3600 : 60
        let aligned = CivilArithmetic.floorDivMod(firstWall, period).quotient * period + CivilArithmetic.floorDivMod(wall, period).remainder
        return aligned >= firstWall ? aligned : aligned + period
    }

    /// Which pass of a repeated wall time on `day` Foundation's repeated-time policy picks.
    ///
    /// - Without an hour field (`{day: 29}`, `{weekOfYear: 44}`), Foundation stops at the day's
    ///   first instant and never consults the policy: the earlier pass (America/Guyana, where
    ///   1992-03-29 00:00 came twice: `{day: 29}` with `.last` is 03:00:00Z, not 04:00:00Z).
    /// - Searching backward, `.last` walks back to the earlier pass, and `.first` is the first pass
    ///   met going back in time, the later one — unless a day-level field moved the search to
    ///   another day's start, from which Foundation looks for the hour forward and meets the
    ///   earlier pass first (America/Havana 2026-11-01, 00:59:59 CDT -> 00:00 CST: `{day: 1,
    ///   hour: 0}` before 11-05 is 04:00:00Z under both policies).
    func appleOverlapPolicy(day: Int64, backward: Bool, hourGiven: Bool) -> OverlapPolicy {
        if !hourGiven { return .first }
        guard backward else { return repeatedTimePolicy == .first ? .first : .last }
        // A day of the month sends the search to the day's start even on the start's own day.
        let movedToDayStart = components.day != nil || ((p.day != nil || p.dayOfYear != nil || p.hasWeekdayFields)
            && startDay != day)
        return repeatedTimePolicy == .last || movedToDayStart ? .first : .last
    }

    /// Whether Foundation, under an Apple matching policy, leaves the skipped wall time `wall` on
    /// `day` unadjusted and moves on (the gap runs from local `transition + before` to
    /// `transition + after`).
    ///
    /// - With the hour free (`{minute: 30}`) a skipped wall time is simply not a match.
    /// - Forward, only a wall time still ahead of the start's (on the wall clock, not as instants)
    ///   is adjusted — except `{hour: 0, …}` with `nextTimePreservingSmallerComponents` on a day
    ///   whose midnight is skipped, started within the first hour after the gap (Asuncion
    ///   1976-10-01, 00:00 -04 -> 01:00 -03, from 01:00 -03: `{hour: 0, minute: 59}` fires 01:59 -03
    ///   = 04:59:00Z, not the next day).
    /// - Backward, a skipped wall time is adjusted whether it is ahead of the start (Indian/Mauritius,
    ///   `{hour: 2}` before 01:59:59 on 2008-10-26 with previousTime: 01:00 +04 =
    ///   2008-10-25T21:00:00Z) or behind it — except with a weekday field in a gap at midnight,
    ///   where Foundation may pass over the day (below).
    func foundationPassesOverGap(wall: Int64, day: Int64, transition: Int64, before: Int32, after: Int32,
                                         hourFree: Bool, backward: Bool) -> Bool {
        if hourFree { return true }
        let gapStart = transition + Int64(before), gapEnd = transition + Int64(after)
        let midnightSkipped = gapStart <= day * 86_400
        let startHour = CivilArithmetic.floorDivMod(startWall, 3600).quotient
        let startsInFirstHourOfDay = midnightSkipped && startDay == day && startHour == CivilArithmetic.floorDivMod(gapEnd, 3600).quotient
        let timeOnly = p.highestLevel == 3 && !p.hasWeekdayFields
        let policy = matchingPolicy
        // A day-level field brings the search to the day's first instant, already past a skipped
        // midnight; stepping back an hour from there would leave the wanted day, so Foundation
        // offers no earlier stand-in and moves on (America/Asuncion 1988-10-01, 00:00 -04 ->
        // 01:00 -03: `{day: 1, hour: 0}` after 09-30 gives 11-01 00:00 -03 = 03:00:00Z).
        if policy == .previousTimePreservingSmallerComponents && midnightSkipped
            && (p.day != nil || p.dayOfYear != nil || p.hasWeekdayFields) { return true }
        if backward {
            // `{hour: 0, …}` alone from within the first hour after a skipped midnight: Foundation
            // takes the day's first hour with the wanted minute and second as its candidate.
            // previousTime gives the evening before's stand-in only while that candidate is still
            // ahead of the start (America/Havana 2026-03-08, 00:00 CST -> 01:00 CDT, before 01:00:01
            // CDT: `{hour: 0, minute: 30}` gives 23:30 CST = 04:30:00Z, `{hour: 0}` the day
            // before's 00:00 CST);
            // nextTime gives the day's first instant. Both pass the day over when a given second
            // ahead of the start's makes Foundation step a candidate still ahead of the start back
            // a minute, which then no longer has the wanted minute (America/Puerto_Rico, same day:
            // `{hour: 0, minute: 59, second: 59}` before 04:00:01Z; `{hour: 0, minute: 59}` gives
            // 04:00:00Z).
            if startsInFirstHourOfDay && timeOnly {
                // With a minute given, Foundation's candidate is the first wall time from the gap's
                // end with the wanted minute and second; one that runs into the next hour (a gap
                // ending at 01:30, minute 0: 02:00) no longer reads as the day's first hour.
                let minuteGiven = components.minute != nil
                let candidate = CivilArithmetic.floorDivMod(gapEnd, 3600).quotient * 3600 + CivilArithmetic.floorDivMod(wall, 3600).remainder
                let runsIntoNextHour = minuteGiven && candidate < gapEnd
                let slips = minuteGiven && components.second != nil && candidate > startWall
                    && CivilArithmetic.floorDivMod(wall, 60).remainder > CivilArithmetic.floorDivMod(startTimeOfDay, 60).remainder
                switch policy {
                case .previousTimePreservingSmallerComponents: return candidate <= startWall || slips
                case .nextTime: return runsIntoNextHour || slips
                case .nextTimePreservingSmallerComponents, .strict: break
                }
            }
            guard p.hasWeekdayFields else { return false }
            // The day's midnight is skipped. Reached from a later day, a weekday search lands on
            // the day's first instant and adjusts from there (America/Grenada 1942-05-03, 00:00 -04
            // -> 01:00 -03: `{weekday: 1, hour: 0, minute: 59}` before Monday 00:03 -03 gives 01:00
            // -03 = 04:00:00Z), as it does from within the day's first hour. A start later that
            // same day matches the weekday already; the hour search then overshoots into the next
            // day, steps back and passes the day over (America/Halifax, `{weekday: 1, hour: 0,
            // minute: 0}` before 1925-05-03T19:54:09Z: 04-26 00:00).
            if midnightSkipped { return startDay == day && !startsInFirstHourOfDay }
            return CivilArithmetic.floorDivMod(gapStart - 1, 86_400).quotient != CivilArithmetic.floorDivMod(gapEnd, 86_400).quotient
        }
        // `{hour: 0, …}` alone, started within midnight's hour the day before a skipped midnight:
        // Foundation rejects that day's candidate (behind the start) and moves to the next day's
        // first instant, past the gap, where previousTime refuses a stand-in (America/Havana
        // 2026-03-08, 00:00 CST -> 01:00 CDT: `{hour: 0}` from 03-07 00:17 CST gives 03-09 00:00
        // CDT; from 03-07 10:00 CST it gives 23:00 CST that evening).
        if policy == .previousTimePreservingSmallerComponents && timeOnly && midnightSkipped
            && startDay == day - 1 && startTimeOfDay < 3600 { return true }
        let midnightGapHour = policy == .nextTimePreservingSmallerComponents && components.hour == 0 && startsInFirstHourOfDay
        return !midnightGapHour && wall <= startWall
    }
}
