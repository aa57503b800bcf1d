// The brute-force search of docs/semantics.md sections 3 and 4, over local dates.
//
// A forward step walks wall-clock days upwards from the day before start + minOffset, lists each
// day's wanted wall times (and its missing-day stand-in wall times) in ascending order, resolves
// each against the oracle, and keeps the earliest instant strictly after the start (ties: the
// adjustment earliest in the precedence list) and the earliest `reject` gap T after the start.
// A backward step is the mirror image.
//
// Why stopping is sound. Every instant a wall time w (with nanoseconds ns) can give lies in
// [(w − max, ns), (w − min, ns)] for the smallest and largest offset in effect around it: a
// unique or overlapping instant is w − off(u); a gap has T + before ≤ w < T + after, so
// T ∈ (w − after, w − before], `shift` gives w − before and `previous` w − after. The offsets
// involved (off(u), and before/after at T − 1 and T) are all in effect within
// [w − maxOffset − span − 1, w − minOffset + span + 1], where span = maxOffset − minOffset over the
// whole zone bounds any gap's length; the reference takes min and max over that interval for
// each day (`dayOffsets`, from the TZif table checked against glibc). So forward:
// - a wall time with (w − min, ns) ≤ start gives nothing after the start (skipped unresolved;
//   this also covers every day before the walk's first day, chosen with the zone's minOffset);
// - once best is known, an instant in (start, best] and its gap's T − 1 and T lie in
//   R = [start − span − 1, best + span + 1] (a `shift` instant is less than span after its T, a
//   `previous` one less than span before it), so with maxR the largest offset in effect on R,
//   a wall time with (w − maxR, ns) > best gives nothing in (start, best], and neither does any
//   later one (walked in ascending order): no nearer instant and no tie (whose adjustment could
//   win) is missed, and no reject T ≤ best either. Then the step ends.
// - the walk also ends at the edge of the calendar (9999-12-31 or 0001-01-01: section 4's
//   "within years 1–9999"), and at the bounds of the given year / yearForWeekOfYear
//   (`RefMatcher.yearBounds`).
// - when neither year nor yearForWeekOfYear is given, the pattern's dates and stand-ins repeat
//   with the 400-year cycle (146 097 days, a whole number of weeks, so weekdays and every week
//   numbering repeat), and so does the zone from `latestYear + 1` on (RefTZSource). Let A be a day
//   from which on every wall time's instants are after the start (two days past start + maxOffset)
//   and on/after January 1st of latestYear + 2 (one year's margin for instants near the
//   boundary). A wall time on day D ≥ A + 146 097 has a twin 146 097 days earlier, on a day ≥ A,
//   that is wanted iff it is and resolves to the same instants shifted by exactly 146 097 days.
//   So if days A … A + 146 097 − 1 gave no instant and no reject T, no later day does:
//   the walk stops at A + 146 097 with "no fire". Backward uses the mirror argument with the
//   zone's constant offset before January 1st of earliestYear (days ≤ Jan 1 of earliestYear − 1).
// This bounds a never-firing case to about 146 097 + (distance to the periodic region) days,
// each a few field increments, never millions.

struct RefInstant: Comparable, Hashable, CustomStringConvertible {
    var seconds: Int64
    var nanoseconds: Int
    static func < (a: Self, b: Self) -> Bool { (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds) }
    var description: String { "\(seconds).\(String(nanoseconds + 1_000_000_000).dropFirst())" }
}

struct RefFire: Hashable {
    var instant: RefInstant
    var offset: Int
    var adjustment: RefAdjustment
}

enum RefOutcome: Hashable {
    /// The chain (fewer than asked when the pattern stops firing).
    case fires([RefFire])
    /// A step failed with `wallTimeSkipped`; the fires before it are kept for the report.
    case wallTimeSkipped(firesBefore: [RefFire])
}

struct RefSearch {
    let trigger: RefTrigger
    let matcher: RefMatcher
    let zone: RefZoneOracle
    let earliestYear: Int
    let latestYear: Int
    /// A window for callers that only need the answer near the start (the fuzz harness): a step
    /// walks at most this many wall-clock days past its first. An answer then is exact only when it
    /// lies well inside the window (the caller judges that); `.none` means none in the window.
    var walkLimitDays: Int? = nil

    init(trigger: RefTrigger, zone: RefZoneOracle, earliestYear: Int, latestYear: Int) {
        self.trigger = trigger
        self.matcher = RefMatcher(trigger)
        self.zone = zone
        self.earliestYear = earliestYear
        self.latestYear = latestYear
    }

    /// Section 4's chain: each search repeats from the previous fire.
    func chain(after start: RefInstant, count: Int) -> RefOutcome {
        var fires: [RefFire] = []
        var s = start
        for _ in 0..<count {
            switch step(from: s) {
            case .none: return .fires(fires)
            case .rejected: return .wallTimeSkipped(firesBefore: fires)
            case .fire(let f): fires.append(f); s = f.instant
            }
        }
        return .fires(fires)
    }

    /// `rejected` carries the nearest skipped wall time's gap transition T (section 4).
    enum Step { case none, rejected(RefInstant), fire(RefFire) }

    /// What one wanted (or stand-in) wall time gives: instants with adjustments, or a reject T.
    private func outcomes(wall: Int64, ns: Int, standIn: RefAdjustment?, candidates: (all: [Int], min: Int, max: Int)) -> (fires: [(RefInstant, RefAdjustment)], reject: Int64?) {
        switch zone.resolve(wall, candidates: candidates) {
        case .instants(let us):
            if us.count == 1 { return ([(RefInstant(seconds: us[0], nanoseconds: ns), standIn ?? .exact)], nil) }
            if trigger.overlapsExcluded { return ([], nil) }
            switch trigger.effectiveOverlap {
            case .first: return ([(RefInstant(seconds: us.first!, nanoseconds: ns), standIn ?? .overlapFirst)], nil)
            case .last: return ([(RefInstant(seconds: us.last!, nanoseconds: ns), standIn ?? .overlapLast)], nil)
            case .both:
                // Reading: "each labelled so" = the earliest overlapFirst, the later one(s) overlapLast.
                return (us.enumerated().map { (RefInstant(seconds: $0.element, nanoseconds: ns), standIn ?? ($0.offset == 0 ? .overlapFirst : .overlapLast)) }, nil)
            }
        case .gap(let t, let before, let after):
            switch trigger.effectiveGap {
            case .skip: return ([], nil)
            case .nextValid: return ([(RefInstant(seconds: t, nanoseconds: 0), standIn ?? .gapNextTime)], nil)
            case .shift: return ([(RefInstant(seconds: wall - Int64(before), nanoseconds: ns), standIn ?? .gapShiftedForward)], nil)
            case .previous: return ([(RefInstant(seconds: wall - Int64(after), nanoseconds: ns), standIn ?? .gapShiftedBackward)], nil)
            // Reading: a stand-in wall time in a gap "resolves like any other", so reject applies to it too.
            case .reject: return ([], t)
            }
        }
    }

    /// The wall times of day `d` (second of day, nanosecond, stand-in adjustment), or nil.
    private func dayTimes(_ d: RefDay) -> (hours: [Int], minutes: [Int], seconds: [Int], ns: Int, standIn: RefAdjustment?)? {
        if d.n == trigger.excludedWallDay { return nil }
        let standIn = matcher.standIn(d)
        if let standIn {
            precondition(!matcher.isWantedDate(d), "a day both wanted and a stand-in")
            if standIn == .missingDayNextTime { return ([0], [0], [0], 0, standIn) }   // 00:00:00 only
            return (matcher.hours, matcher.minutes, matcher.seconds, matcher.nanosecond, standIn)
        }
        guard matcher.isWantedDate(d) else { return nil }
        return (matcher.hours, matcher.minutes, matcher.seconds, matcher.nanosecond, nil)
    }

    func step(from start: RefInstant) -> Step {
        let minO = Int64(zone.minOffset), maxO = Int64(zone.maxOffset)
        let span = maxO - minO            // bounds every gap's length (after − before)
        var best: (instant: RefInstant, adjustment: RefAdjustment)? = nil
        var reject: Int64? = nil
        // Offsets that can be in effect for day `n`'s wall times: every instant a wall time w of
        // the day gives, and its gap's T − 1 and T, lie within [w − maxO − span, w − minO + span].
        func dayOffsets(_ dayStart: Int64) -> (all: [Int], min: Int, max: Int) {
            zone.offsets(from: dayStart - maxO - span - 1, through: dayStart + 86_399 - minO + span + 1)
        }
        // Stopping bounds once `best` is known: an instant between the start and best (inclusive)
        // from any wall time, and its gap's T − 1 and T, lie in R = [start − span − 1, best + span + 1]
        // (forward; mirrored backward), so the offsets in effect on R bound w − instant.
        var stopOffsets: (all: [Int], min: Int, max: Int)? = nil
        func setBest(_ i: RefInstant, _ adj: RefAdjustment) {
            if trigger.direction == .forward {
                stopOffsets = zone.offsets(from: start.seconds - span - 1, through: i.seconds + span + 1)
            } else {
                stopOffsets = zone.offsets(from: i.seconds - span - 1, through: start.seconds + span + 1)
            }
            best = (i, adj)
        }

        if trigger.direction == .forward {
            var first = max(RefCal.firstDay, RefCal.wallDay(start.seconds + minO) - 1)
            var last = RefCal.lastDay
            if let b = matcher.yearBounds {
                first = max(first, b.lo); last = min(last, b.hi)
            } else {
                let a = max(RefCal.wallDay(start.seconds + maxO) + 2, RefCal.dayNumber(latestYear + 2, 1, 1))
                last = min(last, a + RefCal.cycleDays)
            }
            if let limit = walkLimitDays { last = min(last, first + limit) }
            guard first <= last else { return .none }
            var d = RefDay(first)
            walk: while true {
                let dayStart = RefCal.wallSeconds(day: d.n, secondOfDay: 0)
                if let b = best, RefInstant(seconds: dayStart - Int64(stopOffsets!.max), nanoseconds: 0) > b.instant { break walk }
                if let t = dayTimes(d) {
                    let offs = dayOffsets(dayStart)
                    let dMin = Int64(offs.min)
                    // Skip: every instant (and T) of w is at most (w − dMin, ns).
                    if RefInstant(seconds: dayStart + 86_399 - dMin, nanoseconds: t.ns) > start {
                        for h in t.hours { for m in t.minutes { for s in t.seconds {
                            let wall = dayStart + Int64(h * 3600 + m * 60 + s)
                            if RefInstant(seconds: wall - dMin, nanoseconds: t.ns) <= start { continue }
                            if let b = best, RefInstant(seconds: wall - Int64(stopOffsets!.max), nanoseconds: t.ns) > b.instant { break walk }
                            let o = outcomes(wall: wall, ns: t.ns, standIn: t.standIn, candidates: offs)
                            for (i, adj) in o.fires where i > start {
                                if best == nil || i < best!.instant || (i == best!.instant && adj < best!.adjustment) { setBest(i, adj) }
                            }
                            if let r = o.reject, RefInstant(seconds: r, nanoseconds: 0) > start { reject = min(reject ?? r, r) }
                        } } }
                    }
                }
                if d.n >= last { break }
                d.advance()
            }
            if let r = reject, best == nil || RefInstant(seconds: r, nanoseconds: 0) <= best!.instant { return .rejected(RefInstant(seconds: r, nanoseconds: 0)) }
        } else {
            var first = min(RefCal.lastDay, RefCal.wallDay(start.seconds + maxO) + 1)
            var last = RefCal.firstDay                                  // walked downwards
            if let b = matcher.yearBounds {
                first = min(first, b.hi); last = max(last, b.lo)
            } else {
                let a = min(RefCal.wallDay(start.seconds + minO) - 2, RefCal.dayNumber(earliestYear - 1, 1, 1))
                last = max(last, a - RefCal.cycleDays)
            }
            if let limit = walkLimitDays { last = max(last, first - limit) }
            guard first >= last else { return .none }
            var d = RefDay(first)
            walk: while true {
                let dayStart = RefCal.wallSeconds(day: d.n, secondOfDay: 0)
                if let b = best, RefInstant(seconds: dayStart + 86_399 - Int64(stopOffsets!.min), nanoseconds: 999_999_999) < b.instant { break walk }
                if let t = dayTimes(d) {
                    let offs = dayOffsets(dayStart)
                    let dMax = Int64(offs.max)
                    // Skip: every instant (and T) of w is at least (w − dMax, ns).
                    if RefInstant(seconds: dayStart - dMax, nanoseconds: t.ns) < start {
                        for h in t.hours.reversed() { for m in t.minutes.reversed() { for s in t.seconds.reversed() {
                            let wall = dayStart + Int64(h * 3600 + m * 60 + s)
                            if RefInstant(seconds: wall - dMax, nanoseconds: t.ns) >= start { continue }
                            if let b = best, RefInstant(seconds: wall - Int64(stopOffsets!.min), nanoseconds: t.ns) < b.instant { break walk }
                            let o = outcomes(wall: wall, ns: t.ns, standIn: t.standIn, candidates: offs)
                            for (i, adj) in o.fires where i < start {
                                if best == nil || i > best!.instant || (i == best!.instant && adj < best!.adjustment) { setBest(i, adj) }
                            }
                            if let r = o.reject, RefInstant(seconds: r, nanoseconds: 0) <= start { reject = max(reject ?? r, r) }
                        } } }
                    }
                }
                if d.n <= last { break }
                d.retreat()
            }
            if let r = reject, best == nil || best!.instant < RefInstant(seconds: r, nanoseconds: 0) { return .rejected(RefInstant(seconds: r, nanoseconds: 0)) }
        }
        guard let b = best else { return .none }
        return .fire(RefFire(instant: b.instant, offset: zone.gmtoff(b.instant.seconds), adjustment: b.adjustment))
    }
}
