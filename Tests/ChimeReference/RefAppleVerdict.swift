// The reference's verdict on a difference between two answers to one apple-semantics search
// (Chime's and Foundation's `Calendar.nextDate`): is Foundation's answer wrong, and is Chime's
// right? Both under the apple reading of the pattern (`RefMatcher`, `reading: .apple`), on the
// zone's offsets (`RefZoneOracle`), with the brute-force search of RefSearch.swift. Written from
// docs/apple-semantics.md, not from Chime's code (this module cannot import Chime).
//
// Definitions (`trigger.direction` gives "nearer" and "strictly between"):
// - a *match* is an instant on the searched side of the start whose wall time is wanted (the
//   wanted wall time exists there: once, or as one pass of a repeated wall time);
// - an *allowed adjustment* is what the matching policy calls for instead of a wanted wall time
//   that does not exist: in a gap, nextTime → the gap's end T, preserve → the wall time read with
//   the offset before the gap, previous → with the offset after it (§1.2 rule 6); for a missing
//   day (`day` 29–31 in a month without it, §1.2 rule 4): nextTime → 00:00 on the 1st of the month
//   after, preserve → that 1st, previous → the month's last day, at the pattern's hour/minute/
//   second with the unset ones from the start's wall clock; strict → none;
// - *surely wanted* existing instants: every instant of a wanted wall time that occurs once, and
//   both passes of a repeated one when the pattern leaves the hour free (both are matches, §4
//   "rules found"); with an hour given, which pass the repeated-time policy picks depends on the
//   direction in Foundation, so repeated wall times are left out — *possibly wanted* includes both.
//
// Foundation is wrong when it answered nil although a surely wanted instant exists ahead; or its
// answer is not on the searched side of the start; or a surely wanted instant lies strictly
// between the start and its answer (not the nearest); or its answer is neither a match nor an
// allowed adjustment; or it passes over an allowed adjustment: Chime's answer is one (checked
// here, its wall time occurring once), nearer than Foundation's answer (or Foundation answered
// nil), with no possibly wanted instant and no gap adjustment nearer still; or, forward with an
// hour given and `.last`, it answers the earlier pass of a repeated wall time whose later pass is
// ahead (rule 8). Chime's match is also right, forward with an hour given, when it is exactly the
// nearest surely wanted instant (rule 8's pick) with no gap adjustment nearer. Chime is right when its answer is a match or an allowed adjustment and no
// possibly wanted instant lies strictly between the start and it; or, when it answered nil, no
// possibly wanted instant lies ahead, no gap adjustment either, and no missing-day stand-in can
// apply. The difference is explained only when both hold; otherwise the reasons say why not.

struct RefAppleVerdict: CustomStringConvertible {
    /// Why Foundation's answer is wrong (nil: not shown wrong).
    var foundationWrong: String?
    /// Why Chime's answer is right (nil: not shown right), and why not.
    var chimeRight: String?
    var chimeNotRight: String?
    var explained: Bool { foundationWrong != nil && chimeRight != nil }
    var description: String {
        explained ? "Foundation \(foundationWrong!); Chime \(chimeRight!)"
                  : "undecided: Foundation \(foundationWrong ?? "not shown wrong"); Chime \(chimeRight ?? "not shown right (\(chimeNotRight ?? "?"))")"
    }
}

struct RefAppleJudge {
    let trigger: RefTrigger          // reading is set to .apple here
    let zone: RefZoneOracle
    let earliestYear: Int
    let latestYear: Int
    /// Nanoseconds of slack when comparing with Foundation's answers (its Date is a Double).
    let tolerance: Int64

    /// `start` is the search's start: backward, the start's own wall day is passed over for
    /// `{day: D[, time]}` alone and for weekday/week/dayOfYear patterns without a time field (§4,
    /// "rules found": a rule of Foundation's that the apple semantics copies).
    init(trigger: RefTrigger, zone: RefZoneOracle, earliestYear: Int, latestYear: Int, tolerance: Int64, start: RefInstant) {
        var t = trigger
        t.reading = .apple
        t.gap = nil; t.overlap = nil; t.overlapsExcluded = false
        let p = t.pattern
        let timeGiven = p.hour != nil || p.minute != nil || p.second != nil || p.nanosecond != nil
        let otherDateFields = p.year != nil || p.month != nil || p.weekday != nil || p.weekdayOrdinal != nil || p.weekOfMonth != nil
            || p.weekOfYear != nil || p.yearForWeekOfYear != nil || p.dayOfYear != nil
        let weekish = p.weekday != nil || p.weekdayOrdinal != nil || p.weekOfMonth != nil || p.weekOfYear != nil
            || p.yearForWeekOfYear != nil || p.dayOfYear != nil
        // Found without a year; with one (§3.11) the start's own day is considered.
        if t.direction == .backward && p.year == nil && ((p.day != nil && !otherDateFields) || (!timeGiven && p.day == nil && weekish)) {
            t.excludedWallDay = RefCal.wallDay(start.seconds + Int64(zone.gmtoff(start.seconds)))
        }
        self.trigger = t; self.zone = zone; self.earliestYear = earliestYear; self.latestYear = latestYear
        self.tolerance = tolerance
    }

    var forward: Bool { trigger.direction == .forward }
    var matcher: RefMatcher { RefMatcher(trigger) }

    private func ns(_ i: RefInstant) -> Int64 { i.seconds * 1_000_000_000 + Int64(i.nanoseconds) }
    /// `a` is nearer to the start than `b` in the search direction, by more than the tolerance.
    func isNearer(_ a: RefInstant, than b: RefInstant) -> Bool {
        forward ? ns(a) + tolerance < ns(b) : ns(a) - tolerance > ns(b)
    }
    /// `x` lies on the searched side of the start (beyond the tolerance for Foundation's rounding).
    func isAhead(_ x: RefInstant, of start: RefInstant, slack: Int64) -> Bool {
        forward ? ns(x) + slack > ns(start) : ns(x) - slack < ns(start)
    }

    /// The nearest existing wanted instant after (before) the start: `surely` leaves out repeated
    /// wall times when the pattern gives an hour.
    ///
    /// Forward, with an hour given, the repeated-time policy's pick is documented (§1.2 rule 8):
    /// `.first` the earlier pass, and the later one too when the start lies strictly after the
    /// earlier one (a start inside the hour after it; chained from the earlier pass itself, the
    /// later is passed over); `.last` the later pass.
    func nearestExisting(_ start: RefInstant, surely: Bool) -> RefInstant? {
        var t = trigger
        t.gap = .skip
        t.overlap = .both
        guard surely && trigger.pattern.hour != nil else { return step(t, start) }
        guard forward else { t.overlapsExcluded = true; return step(t, start) }
        t.overlap = trigger.repeated == .first ? .first : .last
        let picked = step(t, start)
        t.overlap = .both
        guard trigger.repeated == .first, let any = step(t, start), picked.map({ any < $0 }) ?? true else { return picked }
        // `any` is a later pass of a repeated wall time whose earlier pass is at or behind the start.
        if case .instants(let us) = zone.resolve(wall(any), candidates: zone.offsets(from: any.seconds - 2 * 86_400, through: any.seconds + 2 * 86_400)),
           us.count > 1, let earliest = us.first, RefInstant(seconds: earliest, nanoseconds: any.nanoseconds) < start {
            return any
        }
        return picked
    }

    /// The nearest match or gap adjustment (the policy's), no missing-day stand-ins; of a repeated
    /// wall time both passes, or (`rule8`) the one the repeated-time policy picks forward.
    func nearestWithGapAdjustments(_ start: RefInstant, rule8: Bool = false) -> RefInstant? {
        var t = trigger
        t.overlap = rule8 ? (trigger.repeated == .first ? .first : .last) : .both
        return step(t, start)
    }

    private func step(_ t: RefTrigger, _ start: RefInstant) -> RefInstant? {
        switch RefSearch(trigger: t, zone: zone, earliestYear: earliestYear, latestYear: latestYear).step(from: start) {
        case .fire(let f): return f.instant
        case .none, .rejected: return nil
        }
    }

    /// Wall seconds (local) of an instant.
    func wall(_ x: RefInstant) -> Int64 { x.seconds + Int64(zone.gmtoff(x.seconds)) }

    /// Whether the wall time `w` (with nanoseconds `n`, within the tolerance) is wanted.
    func isWantedWall(_ w: Int64, _ n: Int, slack: Int64) -> Bool {
        let m = matcher
        let day = RefCal.wallDay(w)
        guard day != trigger.excludedWallDay,  day >= RefCal.firstDay, day <= RefCal.lastDay, m.isWantedDate(RefDay(day)) else { return false }
        let sod = Int(w - RefCal.wallSeconds(day: day, secondOfDay: 0))
        guard m.hours.contains(sod / 3600), m.minutes.contains(sod / 60 % 60), m.seconds.contains(sod % 60) else { return false }
        return abs(Int64(n - m.nanosecond)) <= slack
    }

    /// A match: on the searched side of the start, its wall time wanted.
    func isMatch(_ x: RefInstant, start: RefInstant, slack: Int64) -> Bool {
        isAhead(x, of: start, slack: slack) && isWantedWall(wall(x), x.nanoseconds, slack: slack)
    }

    /// The adjustment the policy calls for that `x` is, if any (described), on the searched side.
    func allowedAdjustment(_ x: RefInstant, start: RefInstant, slack: Int64) -> String? {
        guard trigger.matching != .strict, isAhead(x, of: start, slack: slack) else { return nil }
        if let g = gapAdjustment(x, slack: slack) { return g }
        return missingDayStandIn(x, start: start, slack: slack)
    }

    private func gapAdjustment(_ x: RefInstant, slack: Int64) -> String? {
        for g in zone.transitions(from: x.seconds - 2 * 86_400, through: x.seconds + 2 * 86_400) where g.after > g.before {
            let lo = g.t + Int64(g.before), hi = g.t + Int64(g.after)      // the skipped wall times [lo, hi)
            switch trigger.matching {
            case .nextTime:
                guard x.seconds == g.t, Int64(x.nanoseconds) <= slack else { continue }
                if anyWantedWall(in: lo, hi) { return "the gap's end for a skipped wanted wall time (nextTime)" }
            case .nextTimePreservingSmallerComponents:
                let w = x.seconds + Int64(g.before)
                if w >= lo && w < hi && isWantedWall(w, x.nanoseconds, slack: slack) { return "a skipped wanted wall time shifted by the gap (preserve)" }
            case .previousTimePreservingSmallerComponents:
                let w = x.seconds + Int64(g.after)
                if w >= lo && w < hi && isWantedWall(w, x.nanoseconds, slack: slack) { return "a skipped wanted wall time shifted back by the gap (previous)" }
            case .strict: return nil
            }
        }
        return nil
    }

    /// Whether some wanted wall time (any nanosecond) lies in [lo, hi).
    private func anyWantedWall(in lo: Int64, _ hi: Int64) -> Bool {
        let m = matcher
        var day = RefCal.wallDay(lo)
        while RefCal.wallSeconds(day: day, secondOfDay: 0) < hi {
            if day >= RefCal.firstDay, day <= RefCal.lastDay, m.isWantedDate(RefDay(day)) {
                let base = RefCal.wallSeconds(day: day, secondOfDay: 0)
                for h in m.hours { for mi in m.minutes { for s in m.seconds {
                    let w = base + Int64(h * 3600 + mi * 60 + s)
                    if w >= lo && w < hi { return true }
                } } }
            }
            day += 1
        }
        return false
    }

    /// §1.2 rule 4 (missing day) and the February run-off (§4 "rules found").
    private func missingDayStandIn(_ x: RefInstant, start: RefInstant, slack: Int64) -> String? {
        let p = trigger.pattern
        guard let wanted = p.day, wanted >= 29 else { return nil }
        // With a year but no month the month is free: no stand-in (§3.11), beyond the run-off.
        let w = wall(x)
        let dayN = RefCal.wallDay(w)
        guard dayN > RefCal.firstDay, dayN <= RefCal.lastDay else { return nil }
        let d = RefDay(dayN)
        let sod = Int(w - RefCal.wallSeconds(day: dayN, secondOfDay: 0))
        let startWall = wall(start)
        let startSod = Int(startWall - RefCal.wallSeconds(day: RefCal.wallDay(startWall), secondOfDay: 0))
        let preserved = (p.hour ?? startSod / 3600) * 3600 + (p.minute ?? startSod / 60 % 60) * 60 + (p.second ?? startSod % 60)
        let fromStart = startSod                                           // the run-off's preserve: the start's wall time
        let m = matcher
        guard m.satisfiesOthers(d), Int64(x.nanoseconds) <= slack else { return nil }
        func monthLacks(_ y: Int, _ mo: Int) -> Bool {
            RefCal.daysInMonth(y, mo) < wanted && (p.month == nil || p.month == mo) && (p.year == nil || p.year == y)
        }
        let previous = d.month == 1 ? (d.year - 1, 12) : (d.year, d.month - 1)
        switch trigger.matching {
        case .nextTime:
            if d.day == 1 && sod == 0 && monthLacks(previous.0, previous.1) && (p.year == nil || p.month != nil || previous.1 == 2) {
                return "the 1st after a month without day \(wanted) (nextTime)"
            }
        case .nextTimePreservingSmallerComponents:
            if d.day == 1 && monthLacks(previous.0, previous.1) && (sod == preserved || (p.month == nil && previous.1 == 2 && sod == fromStart))
                && (p.year == nil || p.month != nil || previous.1 == 2) {
                return "the 1st after a month without day \(wanted), the start's time kept (preserve)"
            }
        case .previousTimePreservingSmallerComponents:
            if d.day == d.dim && monthLacks(d.year, d.month) && sod == preserved && (p.year == nil || p.month != nil) {
                return "the last day of a month without day \(wanted), the start's time kept (previous)"
            }
            // The February run-off: from a later January day, March 1 00:00 under previous too.
            if p.month == nil && d.month == 3 && d.day == 1 && sod == 0 && monthLacks(d.year, 2) {
                return "March 1 for a February without day \(wanted) (the February run-off)"
            }
        case .strict: return nil
        }
        return nil
    }

    func judge(start: RefInstant, chime: RefInstant?, foundation: RefInstant?) -> RefAppleVerdict {
        var v = RefAppleVerdict()
        let sure = nearestExisting(start, surely: true)
        let possible = nearestExisting(start, surely: false)
        // (a) Foundation wrong?
        if let f = foundation {
            if !isAhead(f, of: start, slack: tolerance) {
                v.foundationWrong = "answers \(f), not \(forward ? "after" : "before") the start"
            } else if let n = sure, isNearer(n, than: f) {
                v.foundationWrong = "passes over the wanted \(n) (\(RefAppleJudge.iso(n, zone)))"
            } else if !isMatch(f, start: start, slack: tolerance) && allowedAdjustment(f, start: start, slack: tolerance) == nil {
                v.foundationWrong = "answers \(f) (\(RefAppleJudge.iso(f, zone))), neither a match nor an adjustment the policy calls for"
            }
        } else if let n = sure {
            v.foundationWrong = "answers nil though \(n) (\(RefAppleJudge.iso(n, zone))) is wanted"
        }
        // (a') Foundation passes over an adjustment the policy calls for: Chime's answer is one
        // (a gap adjustment or a missing-day stand-in whose wall time occurs once), no possibly
        // wanted instant and no gap adjustment lies nearer, and Foundation's answer is farther or nil.
        if v.foundationWrong == nil, let c = chime, !isMatch(c, start: start, slack: 0),
           let adjustment = allowedAdjustment(c, start: start, slack: 0), occursOnce(c),
           foundation.map({ isNearer(c, than: $0) }) ?? true,
           !(possible.map { isNearer($0, than: c) } ?? false),
           !(nearestWithGapAdjustments(start).map { isNearer($0, than: c) } ?? false) {
            v.foundationWrong = "passes over \(c) (\(RefAppleJudge.iso(c, zone))), \(adjustment)"
        }
        // (a'') Forward with an hour given, `.last` picks the later pass of a repeated wall time
        // (§1.2 rule 8, Apple's documentation of the policy): an earlier pass whose later one is
        // still ahead is not a fire.
        if v.foundationWrong == nil, forward, trigger.pattern.hour != nil, trigger.repeated == .last, let f = foundation,
           isMatch(f, start: start, slack: tolerance), let later = laterPass(of: f), isAhead(later, of: start, slack: 0) {
            v.foundationWrong = "answers the earlier pass \(f) (\(RefAppleJudge.iso(f, zone))) of a repeated wall time; .last picks \(RefAppleJudge.iso(later, zone))"
        }
        // (b) Chime right?
        if let c = chime {
            let kind: String?
            if isMatch(c, start: start, slack: 0) { kind = "a match" }
            else if let adj = allowedAdjustment(c, start: start, slack: 0) { kind = adj }
            else { kind = nil }
            if kind == nil {
                v.chimeNotRight = "\(c) (\(RefAppleJudge.iso(c, zone))) is neither a match nor an adjustment the policy calls for"
            } else if let n = possible, isNearer(n, than: c) {
                v.chimeNotRight = "passes over the possibly wanted \(n) (\(RefAppleJudge.iso(n, zone)))"
                // Forward with an hour given, the pass rule 8 picks is documented: a match that is
                // the nearest surely wanted instant (no gap adjustment nearer) is right.
                if forward, trigger.pattern.hour != nil, kind == "a match", let s = sure, !isNearer(s, than: c), !isNearer(c, than: s),
                   !(nearestWithGapAdjustments(start, rule8: true).map { isNearer($0, than: c) } ?? false) {
                    v.chimeRight = "the pass the repeated-time policy picks (rule 8), the nearest"
                    v.chimeNotRight = nil
                }
            } else {
                v.chimeRight = "\(kind!), the nearest"
            }
        } else {
            if let n = possible {
                v.chimeNotRight = "nil though \(n) (\(RefAppleJudge.iso(n, zone))) is possibly wanted"
            } else if trigger.matching != .strict, let g = nearestWithGapAdjustments(start) {
                v.chimeNotRight = "nil though the gap adjustment \(g) exists"
            } else if trigger.matching != .strict, (trigger.pattern.day ?? 0) >= 29, !standInsAllBehind(start) {
                v.chimeNotRight = "nil, and a missing-day stand-in may apply (not searched)"
            } else {
                v.chimeRight = "nil, nothing wanted ahead"
            }
        }
        return v
    }

    /// Whether every missing-day stand-in the pattern could have lies behind the start: with a
    /// fixed year, each allowed month of it lacking the day has its stand-ins on its own last day
    /// or the 1st after it, and those days end (forward) or begin (backward) more than a day
    /// beyond the start's wall day on the far side. Without a fixed year, not known.
    private func standInsAllBehind(_ start: RefInstant) -> Bool {
        let p = trigger.pattern
        guard let year = p.year, let wanted = p.day else { return false }
        let startDay = RefCal.wallDay(wall(start))
        for month in 1...12 where (p.month ?? month) == month && RefCal.daysInMonth(year, month) < wanted {
            let last = RefCal.dayNumber(year, month, RefCal.daysInMonth(year, month))
            let (lo, hi) = (last, last + 1)             // the month's last day and the 1st after it
            if forward ? hi >= startDay - 1 : lo <= startDay + 1 { return false }
        }
        return true
    }

    /// The later pass of `x`'s wall time, if `x` is an earlier pass of a repeated wall time.
    private func laterPass(of x: RefInstant) -> RefInstant? {
        let candidates = zone.offsets(from: x.seconds - 2 * 86_400, through: x.seconds + 2 * 86_400)
        guard case .instants(let us) = zone.resolve(wall(x), candidates: candidates), us.count > 1, let last = us.last, x.seconds < last else { return nil }
        return RefInstant(seconds: last, nanoseconds: x.nanoseconds)
    }

    /// Whether the wall time of `x` occurs once (no pass of a repeated wall time to choose).
    private func occursOnce(_ x: RefInstant) -> Bool {
        let candidates = zone.offsets(from: x.seconds - 2 * 86_400, through: x.seconds + 2 * 86_400)
        if case .instants(let us) = zone.resolve(wall(x), candidates: candidates) { return us.count == 1 }
        return false
    }

    static func iso(_ i: RefInstant, _ zone: RefZoneOracle) -> String {
        let day = RefCal.wallDay(i.seconds)
        guard day >= RefCal.firstDay else { return "before 0001" }
        let c = RefCal.civil(day)
        let sod = Int(i.seconds - RefCal.wallSeconds(day: day, secondOfDay: 0))
        func pad(_ v: Int, _ n: Int) -> String { let s = String(v); return String(repeating: "0", count: max(0, n - s.count)) + s }
        let frac = i.nanoseconds == 0 ? "" : "." + pad(i.nanoseconds, 9)
        return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))T\(pad(sod / 3600, 2)):\(pad(sod / 60 % 60, 2)):\(pad(sod % 60, 2))\(frac)Z"
    }
}
