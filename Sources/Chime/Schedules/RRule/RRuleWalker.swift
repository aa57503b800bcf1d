/// Walks an `RRuleTrigger`'s fires in a zone in instant order, strictly after a start instant.
///
/// The rule's wall times arrive in ascending wall order; their instants almost always ascend
/// too, but not across a gap resolved by §3.3.5 (02:30 in New York's spring-forward gap is 03:30
/// EDT, after 03:00 EDT), so each resolved fire waits in `pending` until no later wall time can
/// give an earlier instant: a wall time `w` gives an instant of at least `w − max offset`, or
/// exactly `w − offset` when its whole window lies in one zone period (then nothing after it can
/// come earlier either). RDATE fires merge in; EXDATE instants and repeats are dropped.
///
/// Stepping rules (one instance per period and a fixed period length: SECONDLY … WEEKLY without BY
/// parts, e.g. `FREQ=DAILY;COUNT=3653`) take a fast path: their wall times are
/// `DTSTART + k × step` by addition (no period planning), and `fill` emits every fire whose wall
/// time lies wholly in one zone period by one subtraction while nothing waits in `pending` —
/// the same fires, in the same order, as the general walk (`stepping: false` forces it; the tests
/// compare the two), which takes over for anything else (a transition near, UNTIL/COUNT reached).
struct RRuleWalker {
    let plan: RRulePlan
    let zone: ZoneRules
    let after: Instant
    private let maxOffset: Int64
    private let gap: GapPolicy
    private let overlap: OverlapPolicy
    private var cursor: RRuleExpansion<GregorianRRuleCalendar>.Cursor
    /// The rule's expansion (nil without an RRULE or with RSCALE).
    private let expansion: RRuleExpansion<GregorianRRuleCalendar>?
    /// An RSCALE rule's expansion and its cursor (RFC 7529), when `expansion` is nil: the same
    /// walk, specialised for the calendar's tables.
    private let rscale: RRuleExpansion<RScaleCalendar>?
    private var rscaleCursor: RRuleExpansion<RScaleCalendar>.Cursor
    private let floor: Int64
    private var dtstartPending: Bool
    private var peeked: Int64?
    private var ruleDone = false
    private var pending: [Fire] = []
    private var pendingHead = 0
    private var extra: [Fire] = []
    private var extraIndex = 0
    private var excluded: Set<Instant> = []
    private var lastEmitted: Instant
    private var hint = ZonePeriod(start: 0, end: 0, type: CompactLocalTimeType(utcOffset: 0, abbreviationID: 0, isDST: false))
    private let untilUTC: Int64?
    private let untilWall: Int64
    /// Stepping rules: the wall-time distance between instances (0: the general cursor walks),
    /// the next rule wall time after DTSTART not yet peeked, and the last wall time `fill` may
    /// take itself (past it, `peekWall` decides the end).
    private let step: Int64
    private var stepWall: Int64 = 0
    private let stepLimit: Int64
    private let minOffset: Int64

    /// `stepping: false` walks stepping rules with the general cursor too (for tests).
    init(trigger: borrowing RRuleTrigger, zone: ZoneRules, after: Instant, stepping: Bool = true) {
        plan = trigger.plan
        expansion = trigger.plan.expansion
        self.zone = zone
        self.after = after
        lastEmitted = after
        maxOffset = Int64(zone.table.maxOffset)
        let gap = trigger.gapPolicy ?? RRuleTrigger.defaultGapPolicy, overlap = trigger.overlapPolicy ?? RRuleTrigger.defaultOverlapPolicy
        self.gap = gap
        self.overlap = overlap
        let wallFrom = after.seconds + Int64(zone.table.minOffset)
        let start = plan.start
        floor = max(plan.always ? start + 1 : start, wallFrom)
        cursor = RRuleExpansion<GregorianRRuleCalendar>.Cursor(number: plan.expansion?.firstPeriodNumber(reaching: wallFrom) ?? 0)
        rscale = plan.rscale
        rscaleCursor = RRuleExpansion<RScaleCalendar>.Cursor(number: plan.rscale?.firstPeriodNumber(reaching: wallFrom) ?? 0)
        dtstartPending = plan.always && start >= wallFrom
        if plan.expansion == nil && plan.rscale == nil { ruleDone = !dtstartPending }
        untilWall = plan.untilWall
        untilUTC = plan.untilUTC
        minOffset = Int64(zone.table.minOffset)
        // Past this wall time `peekWall` ends the rule: the cursors need not look further.
        let greatestOffset = Int64(zone.table.maxOffset)
        let ceiling = min(plan.untilWall, plan.untilUTC.map { $0 &+ greatestOffset } ?? Int64.max, RRule.lastWall)
        cursor.ceiling = ceiling
        rscaleCursor.ceiling = ceiling
        if stepping, let step = plan.expansion?.step {
            self.step = step
            // The first DTSTART + k × step (k ≥ 0) at or after the floor: the cursor's first wall.
            let floor = self.floor
            if floor <= start { stepWall = start }
            else if floor > RRule.lastWall { stepWall = floor }
            else { stepWall = start + (floor - start + step - 1) / step * step }
            let utcLimit = plan.untilUTC.map { $0 &+ Int64(zone.table.maxOffset) } ?? Int64.max
            stepLimit = min(plan.untilWall, RRule.lastWall, utcLimit)
        } else {
            step = 0
            stepLimit = Int64.min
        }
        // Built in locals and stored once: mutating the walk's fields in these loops made the
        // initializer copy the whole walk.
        if !trigger.rdates.isEmpty {
            var extra: [Fire] = []
            for time in trigger.rdates {
                for fire in Self.resolve(time, in: zone, gap: gap, overlap: overlap) where fire.instant > after { extra.append(fire) }
            }
            extra.sort { $0.instant < $1.instant }
            self.extra = extra
        }
        if !trigger.exdates.isEmpty {
            var excluded: Set<Instant> = []
            for time in trigger.exdates {
                for fire in Self.resolve(time, in: zone, gap: gap, overlap: overlap) { excluded.insert(fire.instant) }
            }
            self.excluded = excluded
        }
    }

    /// An RDATE or EXDATE as fires: UTC values as they are, others resolved in their zone (the
    /// walk's zone, or the TZID's when it names another) with the policies. A rejected gap gives none.
    private static func resolve(_ time: RRuleTime, in zone: ZoneRules, gap: GapPolicy, overlap: OverlapPolicy) -> [Fire] {
        switch time.zone {
        case .utc:
            let instant = Instant(seconds: time.wall)
            return [Fire(instant: instant, compact: zone.compactType(at: instant), adjustment: .exact)]
        case .floating:
            return zone.resolve(CivilDateTime(localSeconds: time.wall), gap: gap, overlap: overlap)
        case .named(let id):
            var rules = zone
            if id != zone.identifier, let other = try? ZoneDatabase.shared.rules(for: id), other.identifier != zone.identifier { rules = other }
            return rules.resolve(CivilDateTime(localSeconds: time.wall), gap: gap, overlap: overlap).map {
                Fire(instant: $0.instant, compact: zone.compactType(at: $0.instant), adjustment: $0.adjustment)
            }
        }
    }

    /// The next rule wall time (DTSTART first when it counts), within COUNT and UNTIL.
    private mutating func peekWall() -> Int64? {
        if let peeked { return peeked }
        if ruleDone { return nil }
        var wall: Int64
        if dtstartPending {
            dtstartPending = false
            wall = plan.start
        } else if step > 0 {
            if stepWall > RRule.lastWall { ruleDone = true; return nil }
            wall = stepWall
            stepWall += step
        } else if expansion != nil, let next = cursor.next(expansion.unsafelyUnwrapped, atLeast: floor) {
            wall = next
        } else if let rscale, let next = rscaleCursor.next(rscale, atLeast: floor) {
            wall = next
        } else {
            ruleDone = true
            return nil
        }
        if wall > untilWall || (untilUTC.map { wall - maxOffset > $0 } ?? false) {
            ruleDone = true
            return nil
        }
        peeked = wall
        return wall
    }

    /// The least instant any wall time at or after `wall` can give; remembers a unique resolution
    /// for `resolve`.
    @inline(__always)
    private mutating func lowerBound(_ wall: Int64) -> Int64 {
        if let (seconds, type) = zone.uniqueResolution(localSeconds: wall, period: &hint) {
            resolved = (wall, seconds, type)
            return seconds
        }
        return wall - maxOffset
    }

    private var resolved: (wall: Int64, seconds: Int64, type: CompactLocalTimeType)?

    private mutating func resolve(_ wall: Int64) throws(TriggerError) {
        if let r = resolved, r.wall == wall {
            add(Fire(instant: Instant(seconds: r.seconds), compact: r.type, adjustment: .exact))
            return
        }
        if let (seconds, type) = zone.uniqueResolution(localSeconds: wall, period: &hint) {
            add(Fire(instant: Instant(seconds: seconds), compact: type, adjustment: .exact))
            return
        }
        let resolved = zone.resolve(localSeconds: wall).instants(wall: wall, gap: gap, overlap: overlap)
        if let rejected = resolved.rejectedAt, rejected > after {
            throw .wallTimeSkipped(local: CivilDateTime(localSeconds: wall).description, zone: zone.identifier)
        }
        for adjusted in [resolved.first, resolved.second] {
            guard let adjusted else { continue }
            add(Fire(instant: adjusted.instant, compact: zone.compactType(at: adjusted.instant), adjustment: adjusted.adjustment))
        }
    }

    @inline(__always)
    private mutating func add(_ fire: Fire) {
        guard fire.instant > after else { return }
        if let untilUTC, fire.instant.seconds > untilUTC { return }
        if pendingHead == pending.count {
            if pendingHead > 0 {
                pending.removeAll(keepingCapacity: true)
                pendingHead = 0
            }
            pending.append(fire)
            return
        }
        var i = pending.count
        while i > pendingHead && fire.instant < pending[i - 1].instant { i -= 1 }
        pending.insert(fire, at: i)
    }

    /// Appends fires to `out` until it holds `count` (or the recurrence ends): `next()` in a loop,
    /// with stepping rules' runs of one-period wall times taken in bulk.
    mutating func fill(_ out: inout [Fire], count: Int) throws(TriggerError) {
        while out.count < count {
            if step > 0 { stepRun(&out, count: count) }
            if out.count >= count { return }
            guard let fire = try next() else { return }
            out.append(fire)
        }
    }

    /// `fill(_:count:)` in slices of 256 fires, `deadline` checked before each.
    mutating func fill(_ out: inout [Fire], count: Int, deadline: Deadline) throws(TriggerError) {
        while out.count < count {
            try deadline.check(Deadline.firesDone(out.count, of: count))
            let target = min(count, out.count + 256)
            try fill(&out, count: target)
            if out.count < target { return }
        }
    }

    /// The general walk's steps for a stepping rule while they are trivial: nothing pending, no
    /// RDATE left to merge, no EXDATE, and the next wall time `w` lies with its whole window
    /// `[w − maxOffset, w − minOffset]` in one zone period (its only instant is `w − offset`,
    /// `lowerBound` exactly). That instant is the next fire when no later wall time can give an
    /// earlier one — the general walk's test on the wall time after (`lowerBound(w + step)` ≥ it):
    /// `w + step − maxOffset` is not earlier, or `w + step` lies in the same period. A fire at or
    /// before the last emitted one (so before `after`) or past a UTC UNTIL is dropped, as `add`
    /// and `next` drop it. Anything else returns with `w` unconsumed, for `next()`.
    private mutating func stepRun(_ out: inout [Fire], count: Int) {
        guard !ruleDone, !dtstartPending, pendingHead == pending.count, extraIndex == extra.count, excluded.isEmpty else { return }
        var w = peeked ?? stepWall                   // a peeked wall time is the one before `stepWall`
        peeked = nil
        var period = hint
        var last = lastEmitted.seconds
        let step = step, limit = stepLimit, maxOffset = maxOffset, minOffset = minOffset
        let untilUTC = untilUTC ?? Int64.max
        while out.count < count && w <= limit {
            let low = w - maxOffset, high = w - minOffset
            if low < period.start || high >= period.end {
                period = zone.period(containing: low)
                if high >= period.end { break }
            }
            let u = w - Int64(period.type.utcOffset)
            let next = w + step
            if next - maxOffset < u && next - minOffset >= period.end { break }
            w = next
            if u <= last || u > untilUTC { continue }
            last = u
            out.append(Fire(instant: Instant(seconds: u), compact: period.type, adjustment: .exact))
        }
        stepWall = w
        hint = period
        if last != lastEmitted.seconds { lastEmitted = Instant(seconds: last) }
    }

    mutating func next() throws(TriggerError) -> Fire? {
        while true {
            while let wall = peekWall() {
                if pendingHead < pending.count {
                    if lowerBound(wall) >= pending[pendingHead].instant.seconds { break }
                } else {
                    _ = lowerBound(wall)
                }
                peeked = nil
                try resolve(wall)
            }
            let ruleFire: Fire? = pendingHead < pending.count ? pending[pendingHead] : nil
            let extraFire: Fire? = extraIndex < extra.count ? extra[extraIndex] : nil
            let fire: Fire
            if let r = ruleFire, extraFire == nil || r.instant <= extraFire!.instant {
                fire = r
                pendingHead += 1
            } else if let x = extraFire {
                fire = x
                extraIndex += 1
            } else {
                // Not the rule's end: ICU could not give the calendar's next year. Fewer fires than
                // asked for with no word would read as "never fires again".
                if let rscale, rscaleCursor.calendarEnded {
                    throw .calendarUnavailable("ICU's \(rscale.calendar.name) calendar gives no consistent year after "
                                               + "\(lastEmitted.utcString): the rule's fires past it cannot be found")
                }
                return nil
            }
            if fire.instant <= lastEmitted || (!excluded.isEmpty && excluded.contains(fire.instant)) { continue }
            lastEmitted = fire.instant
            return fire
        }
    }
}
