/// A cron expression as the hooks of the one calendar search (`CalendarSearch`): candidate days
/// are the days its month, year and day fields allow, wanted times the seconds its time fields
/// allow, and each wall time resolves by the flavor's DST rule — or by the trigger's explicit
/// `gap`/`overlap` policies, which replace the flavor's. The search, the nearest-instant choice
/// and the stopping bound are the shared ones.
///
/// DST defaults (`CronFlavorProfile.DSTDefault`; `CronFlavor` has the sources):
/// - posix (Vixie cron / cronie): a job whose minute or hour field starts with `*` runs by the
///   clock (gap `skip`, overlap `both`); any other job runs right after a gap that skipped it
///   (`nextValid`) and once in a repeated hour (`first`). America/New_York, 2026-03-08 (02:00 EST →
///   03:00 EDT at 07:00:00Z): `30 2 * * *` fires at 07:00:00Z (`gapNextTime`), `*/30 2 * * *` not
///   that night; 2026-11-01 (EDT → EST at 06:00:00Z): `30 1 * * *` fires once, 05:30:00Z
///   (`overlapFirst`), `*/30 1 * * *` at 05:00, 05:30, 06:00 and 06:30:00Z.
/// - croniter: a repeated wall time fires at both instants; a skipped one fires at the first
///   existing minute after it, second kept (its `_add_tzinfo` steps a minute at a time), and only
///   the first wanted wall time of a gap that is after the start's wall time does so — croniter walks
///   wall times in order from the start and the next search starts from the fire's wall time, past
///   the rest of the gap. When the hour field allows every hour it skips the gap instead. Example,
///   New York 2026-03-08, `30 2 * * * 10,45` (second field 10 and 45) after 06:00:00Z: 02:30:10
///   fires at 03:00:10 EDT = 07:00:10Z (`gapNextTime`); 02:30:45 would be 07:00:45Z but is not
///   first in its gap, so the next fire is 2026-03-09T06:30:10Z. Not a gap policy: the rule looks
///   at the other wanted times of the gap and at the start, so it lives here, in `resolve`.
///   croniter also gives up 50 years after the start (`max_years_between_matches`).
/// - robfig: its own walk answers (`RobfigSchedule`: robfig's answer is not a nearest-instant
///   rule); these rules serve robfig only with explicit `gap`/`overlap` policies, the missing one
///   defaulting to what the walk does in the plain case (gap `skip`, overlap `both`), within robfig's
///   horizon (the start's year + 5).
struct CronRules: CalendarSearchRules {
    let expression: CronExpression
    let zone: ZoneRules
    let gapPolicy: GapPolicy?
    let overlapPolicy: OverlapPolicy?
    /// The flavor's DST rule (its `CronFlavorProfile` row).
    let dst: CronFlavorProfile.DSTDefault
    var forward = true
    /// The start's wall time (local seconds), set by `begin`.
    var startWall: Int64 = 0
    /// croniter backward: the wall time its walk starts from (1 µs before the start, to the second).
    var croniterBackFrom: Int64 = 0
    /// The years searched (the horizon: croniter's 50 either side of the start's, robfig's + 5).
    var yearBounds: ClosedRange<Int> = 1...9999
    /// croniter: one side of a `#`/`W` day OR has no day ahead, so croniter raises (no fire).
    var splitFails = false

    /// Inlined where a search starts, so that the trigger is read in place rather than copied.
    @inline(__always)
    init(trigger: CronTrigger, zone: ZoneRules) {
        expression = trigger.expression
        self.zone = zone
        gapPolicy = trigger.gapPolicy
        overlapPolicy = trigger.overlapPolicy
        dst = trigger.flavor.profile.dst
    }

    var neverMatches: Bool { expression.months == 0 }

    /// No start-day rule: the walk begins at the first wall time whose instants can be beyond the
    /// start (forward `start + minOffset`, backward `start + maxOffset`).
    mutating func begin(at start: Instant, forward: Bool) -> (day: Int64, time: Int64) {
        self.forward = forward
        startWall = start.seconds + Int64(zone.utcOffset(at: start))
        switch expression.flavor.profile.horizon {
        case .unbounded, .quartzMaxYear:
            break
        case .yearsAfterStart(let years):
            // robfig's yearLimit (spec.go `Next`): the start's year, once rounded up to the next second, + 5.
            let year = Int(CivilArithmetic.civilFromDays(CivilArithmetic.floorDivMod(startWall + 1, 86_400).quotient).year)
            yearBounds = 1...min(9999, year + years)
        case .yearsAround(let years):
            let year = Int(CivilArithmetic.civilFromDays(CivilArithmetic.floorDivMod(startWall, 86_400).quotient).year)
            yearBounds = max(1, year - years)...min(9999, year + years)
        }
        croniterBackFrom = start.nanoseconds >= 1000 ? startWall : startWall - 1
        if expression.dayRule == .croniterSplit {
            let today = CivilArithmetic.floorDivMod(startWall, 86_400).quotient
            let bound = forward ? CivilArithmetic.daysFromCivil(year: Int64(yearBounds.upperBound), month: 12, day: 31)
                                : CivilArithmetic.daysFromCivil(year: Int64(yearBounds.lowerBound), month: 1, day: 1)
            splitFails = !expression.croniterSidesHaveDays(from: today, through: bound)
        }
        return edge(of: start, forward: forward)
    }

    /// The next day the month, year and day fields allow: whole months and years the fields rule
    /// out are jumped. A pattern with no day in 400 years (one Gregorian cycle) has none at all.
    mutating func nextCandidateDay(from first: Int64) -> CandidateDay? {
        if splitFails { return nil }
        var day = first
        let step: Int64 = forward ? 1 : -1
        var (startYear, _, _) = CivilArithmetic.civilFromDays(day)
        startYear = Int64(min(max(Int(startYear), yearBounds.lowerBound), yearBounds.upperBound))
        while true {
            let (y, m, d) = CivilArithmetic.civilFromDays(day)
            let (year, month) = (Int(y), Int(m))
            guard yearBounds.contains(year), abs(y - startYear) <= 400 else { return nil }
            if !expression.allowsYear(year) {
                guard let next = expression.nearestYear(from: year + (forward ? 1 : -1), forward: forward) else { return nil }
                day = forward ? CivilArithmetic.daysFromCivil(year: Int64(next), month: 1, day: 1)
                              : CivilArithmetic.daysFromCivil(year: Int64(next), month: 12, day: 31)
                // The 400 years without a day count from the first year the year field allows:
                // Quartz backward from 2600 reaches its last year, 2126, 474 years on.
                startYear = Int64(next)
                continue
            }
            if expression.months & (1 << UInt64(month)) == 0 {
                day = forward ? day - d + CivilArithmetic.daysInMonth(year: y, month: m) + 1 : day - d
                continue
            }
            if expression.matchesDay(year: year, month: month, day: Int(d), dayNumber: day) {
                return CandidateDay(day: day, kind: .exact, resume: day + step)
            }
            day += step
        }
    }

    func firstTime(atOrAfter lower: Int64) -> Int64? {
        let second = Int((lower + 999_999_999) / 1_000_000_000)
        return expression.firstSecond(atOrAfter: second).map { Int64($0) * 1_000_000_000 }
    }

    /// nil before the day's midnight (`upper` < 0: the search asks for the time before 00:00:00,
    /// which a truncating division would read as 00:00:00 again, looping there for ever).
    func lastTime(atOrBefore upper: Int64) -> Int64? {
        guard upper >= 0 else { return nil }
        return expression.lastSecond(atOrBefore: Int(upper / 1_000_000_000)).map { Int64($0) * 1_000_000_000 }
    }

    /// The flavor's DST rule (see the type's comment), unless explicit policies replace it.
    func resolve(wall: Int64, nanosecond: Int32, day: Int64, standIn: FireAdjustment?) -> ResolvedWallTime {
        let resolution = zone.resolve(localSeconds: wall)
        let overlap = overlapPolicy ?? dst.overlap(clockDriven: expression.clockDriven)
        if let gapPolicy { return resolution.instants(wall: wall, nanosecond: nanosecond, gap: gapPolicy, overlap: overlap) }
        if dst == .croniter, !expression.clockDriven, case let .gap(transition, before, after) = resolution {
            return croniterGap(wall: wall, day: day, transition: transition, before: before, after: after)
        }
        // APScheduler's default serves only with an explicit overlap policy, or backward
        // (`previousFire`); Quartz's backward only (forward: the flavors' own walks).
        return resolution.instants(wall: wall, nanosecond: nanosecond, gap: dst.gap(clockDriven: expression.clockDriven), overlap: overlap)
    }

    /// croniter's skipped wall time: the first existing wall time `wall + 60·k` (its `_add_tzinfo`
    /// adds a minute until the time exists), for the first wanted wall time of the gap after the
    /// start's wall time only; forward. Backward (`get_prev`), only for the first wanted wall time
    /// of croniter's walk back from 1 µs before the start (none between it and there), and only
    /// when that instant is before the start: otherwise `_calc` walks on past every wanted wall time
    /// that does not exist (its `while not exists` loop) to the previous existing one. Example, Los
    /// Angeles 2012-03-11 (02:00 PST → 03:00 PDT at 10:00:00Z), `24-15 2 2-L * * 22-10` (seconds
    /// 22–59 and 0–10) before 04:36:58 PDT: 02:59:59 fires at 03:00:59 PDT = 10:00:59Z; before that
    /// instant, 02:59:59 is first again and maps to it, so the rest of the gap is passed over: the
    /// next fire is 03-10 02:59:59 PST = 10:59:59Z.
    private func croniterGap(wall: Int64, day: Int64, transition: Int64, before: Int32, after: Int32) -> ResolvedWallTime {
        if !forward {
            let dayStart = day * 86_400
            let upTo = min(croniterBackFrom, dayStart + 86_399)
            guard wall <= upTo else { return ResolvedWallTime() }
            if upTo > wall, let later = expression.lastSecond(atOrBefore: Int(upTo - dayStart)), dayStart + Int64(later) > wall {
                return ResolvedWallTime()
            }
        }
        if forward {
            guard wall > startWall else { return ResolvedWallTime() }
            let gapStart = transition + Int64(before)
            let from = max(gapStart, startWall + 1, day * 86_400)
            if from < wall, let earlier = expression.firstSecond(atOrAfter: Int(from - day * 86_400)),
               day * 86_400 + Int64(earlier) < wall {
                return ResolvedWallTime()
            }
        }
        let gapEnd = transition + Int64(after)
        let minutes = (gapEnd - wall + 59) / 60
        return ResolvedWallTime(first: AdjustedInstant(Instant(seconds: wall + 60 * minutes - Int64(after)), .gapNextTime))
    }
}
