/// Where and when a schedule does not fire as written in one zone: every wanted wall time that a
/// DST gap skips or an overlap repeats, and every day the month does not have, with what the
/// trigger does about it (`AuditEvent`). `chime audit` runs it over many zones.
///
/// How, per transition of the zone in the years (the trigger itself is never re-implemented):
/// 1. The window of wall times the transition skips (gap) or repeats (overlap). New York,
///    2026-03-08 07:00:00Z, EST → EDT: the gap is 02:00:00 ≤ wall < 03:00:00.
/// 2. The wanted wall times in it: the trigger's own fires in a zone that keeps the offset before
///    the transition for ever, where every wall time exists once. `{hour: 2, minute: 30}`: 02:30.
/// 3. What the trigger really does: its fires in the zone from two hours before the window to two
///    hours after it. Gap: the fires marked with a gap adjustment answer the wanted times in
///    order (every rule moves wall times monotonically); wanted times left over were skipped.
///    Overlap: the fires at each wanted wall time — two (doubled), one (once) or none (skipped).
/// Missing days: calendar triggers with a day component are walked fire by fire across the years
/// (when they fire at most four times a day) and every stand-in fire is an event.
public struct ScheduleAudit: Sendable {
    /// The trigger audited; the audit asks it for its fires and never re-implements its rules.
    public let trigger: Trigger
    /// The years audited, inclusive (events whose wanted wall time falls in them).
    public let years: ClosedRange<Int>
    /// Fires examined per window before the window is reported as too dense to list.
    public static let fireLimitPerWindow = 100_000

    /// An audit of `trigger` over `years` (inclusive).
    ///
    /// Throws `AuditError` for what has nothing to audit: an interval trigger (DST never moves it),
    /// a backward search, a one-shot trigger, gap policy `reject`, or years outside 1…9998.
    public init(trigger: Trigger, years: ClosedRange<Int>) throws(AuditError) {
        guard years.lowerBound >= 1, years.upperBound <= 9998 else { throw .yearsOutOfRange(from: years.lowerBound, to: years.upperBound) }
        let gap: GapPolicy?
        switch trigger {
        case .interval: throw .intervalTrigger
        case .calendar(let t):
            if t.direction == .backward { throw .backwardDirection }
            if !t.repeats { throw .oneShot }
            gap = t.gapPolicy
        case .cron(let t):
            if t.direction == .backward { throw .backwardDirection }
            if t.expression.everyNanoseconds != nil { throw .intervalTrigger }
            gap = t.gapPolicy
        case .weekly(let t): gap = t.gapPolicy
        case .onCalendar(let t): gap = t.gapPolicy
        case .flutterAndroid: gap = nil
        case .rrule(let t): gap = t.gapPolicy
        }
        if gap == .reject { throw .rejectingGaps }
        self.trigger = trigger
        self.years = years
    }

    /// The zone's events, in the order of their wanted wall times, the fires examined counted in
    /// `work` against its bounds: past them, `AuditError.trigger(.limitReached)`.
    public func events(in zone: ZoneRules, work: inout AuditWork) throws(AuditError) -> ZoneAudit {
        do { return try audit(zone, work: &work) } catch { throw .trigger(error) }
    }

    /// The zone's events with the default bounds (`AuditWork()`).
    public func events(in zone: ZoneRules) throws(AuditError) -> ZoneAudit {
        var work = AuditWork()
        return try events(in: zone, work: &work)
    }

    private func audit(_ zone: ZoneRules, work: inout AuditWork) throws(TriggerError) -> ZoneAudit {
        let first = CivilArithmetic.daysFromCivil(year: Int64(years.lowerBound), month: 1, day: 1)
        let last = CivilArithmetic.daysFromCivil(year: Int64(years.upperBound) + 1, month: 1, day: 1) - 1
        var events: [AuditEvent] = []
        var notes: [String] = []
        let from = Instant(seconds: (first - 2) * 86_400), to = Instant(seconds: (last + 3) * 86_400)
        for transition in zone.transitions(from: from, to: to) where transition.wallClockChange != 0 {
            try audit(transition, in: zone, days: first...last, into: &events, notes: &notes, work: &work)
        }
        try missingDays(in: zone, days: first...last, into: &events, notes: &notes, work: &work)
        events.sort { ($0.day, $0.wanted, $0.kind.rawValue) < ($1.day, $1.wanted, $1.kind.rawValue) }
        return ZoneAudit(zone: zone, events: events, notes: notes)
    }

    // MARK: Transitions

    private func audit(_ transition: ZoneTransition, in zone: ZoneRules, days: ClosedRange<Int64>,
                       into events: inout [AuditEvent], notes: inout [String], work: inout AuditWork) throws(TriggerError) {
        let t = transition.instant.seconds
        let before = Int64(transition.before.utcOffset), after = Int64(transition.after.utcOffset)
        let isGap = after > before
        // The wall times skipped or repeated, [start, end) in local seconds.
        let start = t + min(before, after), end = t + max(before, after)
        let wanted = try wantedWallTimes(from: start, to: end, offset: Int32(before), zone: zone, notes: &notes, work: &work)
        guard !wanted.isEmpty else { return }
        let near = try fires(in: zone, from: start - max(before, after) - 7_200, through: end - min(before, after) + 7_200,
                             notes: &notes, work: &work)
        if isGap {
            let moved = near.filter { [.gapNextTime, .gapShiftedForward, .gapShiftedBackward].contains($0.adjustment) }
            for (i, (wall, nanosecond)) in wanted.enumerated() {
                let day = CivilArithmetic.floorDivMod(wall, 86_400).quotient
                guard days.contains(day) else { continue }
                let text = Self.wallText(wall, nanosecond)
                if i < moved.count {
                    let fire = moved[i]
                    let shift = fire.instant.seconds + Int64(fire.offset) - wall
                    events.append(AuditEvent(wanted: text, day: day, kind: .gap, outcome: .moved, fires: [fire], shiftSeconds: shift))
                } else {
                    events.append(AuditEvent(wanted: text, day: day, kind: .gap, outcome: .skipped, fires: [], shiftSeconds: nil))
                }
            }
        } else {
            // The fires by wall time, once: a wanted time per second of the hour times the window's
            // fires would be 3,600 × 18,000 comparisons for an every-second schedule.
            var firesAt: [WallTime: [Fire]] = [:]
            for fire in near { firesAt[WallTime(seconds: fire.instant.seconds + Int64(fire.offset), nanosecond: fire.instant.nanoseconds), default: []].append(fire) }
            for (wall, nanosecond) in wanted {
                let day = CivilArithmetic.floorDivMod(wall, 86_400).quotient
                guard days.contains(day) else { continue }
                let at = firesAt[WallTime(seconds: wall, nanosecond: nanosecond)] ?? []
                let outcome: AuditEvent.Outcome = at.count >= 2 ? .doubled : at.count == 1 ? .once : .skipped
                events.append(AuditEvent(wanted: Self.wallText(wall, nanosecond), day: day, kind: .overlap, outcome: outcome,
                                         fires: at, shiftSeconds: nil))
            }
        }
    }

    private struct WallTime: Hashable {
        let seconds: Int64
        let nanosecond: Int32
    }

    /// The wall times the trigger asks for in [start, end) (local seconds): its fires in a zone
    /// whose offset is `offset` for ever, where every wall time exists once.
    private func wantedWallTimes(from start: Int64, to end: Int64, offset: Int32, zone: ZoneRules,
                                 notes: inout [String], work: inout AuditWork) throws(TriggerError) -> [(wall: Int64, nanosecond: Int32)] {
        let fixed = ZoneRules.fixed(identifier: zone.identifier, type: LocalTimeType(utcOffset: offset, isDST: false, abbreviation: "-"))
        return try fires(in: fixed, from: start - Int64(offset), through: end - Int64(offset) - 1, notes: &notes, work: &work)
            .filter { $0.adjustment == .exact }
            .map { ($0.instant.seconds + Int64(offset), $0.instant.nanoseconds) }
            .filter { $0.0 < end }
    }

    /// The trigger's fires at instants from `from` through `through` (UTC seconds, inclusive).
    private func fires(in zone: ZoneRules, from: Int64, through: Int64, notes: inout [String], work: inout AuditWork) throws(TriggerError) -> [Fire] {
        var iterator = FireIterator(trigger: trigger, zone: zone, start: Instant(seconds: from - 1, nanoseconds: 999_999_999))
        var found: [Fire] = []
        while let fire = try iterator.nextFire(), fire.instant.seconds <= through {
            try work.count(in: zone)
            found.append(fire)
            if found.count == Self.fireLimitPerWindow {
                notes.append("more than \(Self.fireLimitPerWindow) fires around \(Instant(seconds: from).utcString): only the first are audited")
                break
            }
        }
        return found
    }

    // MARK: Missing days

    /// Stand-in fires of a calendar trigger with a day component, when it fires at most four
    /// times a day (measured over its first 62 days).
    private func missingDays(in zone: ZoneRules, days: ClosedRange<Int64>, into events: inout [AuditEvent],
                             notes: inout [String], work: inout AuditWork) throws(TriggerError) {
        guard case .calendar(let t) = trigger, let wantedDay = t.components.day else { return }
        let start = Instant(seconds: (days.lowerBound - 1) * 86_400)
        var probe = FireIterator(trigger: trigger, zone: zone, start: start)
        var probed = 0
        while let fire = try probe.nextFire(), fire.instant.seconds < start.seconds + 62 * 86_400 {
            probed += 1
            if probed > 4 * 62 {
                notes.append("missing days not audited: the trigger fires more than four times a day")
                return
            }
        }
        var iterator = FireIterator(trigger: trigger, zone: zone, start: start)
        let end = (days.upperBound + 2) * 86_400
        while let fire = try iterator.nextFire(), fire.instant.seconds < end {
            try work.check(in: zone)
            let stoodIn: Bool
            switch fire.adjustment {
            case .missingDayNextTime, .missingDayNextTimePreservingSmallerComponents, .missingDayPreviousTimePreservingSmallerComponents:
                stoodIn = true
            default: stoodIn = false
            }
            guard stoodIn else { continue }
            let local = fire.instant.seconds + Int64(fire.offset)
            let fireDay = CivilArithmetic.floorDivMod(local, 86_400).quotient
            // A next-day stand-in follows the month it stands in for; a previous-day one ends it.
            let monthDay = fire.adjustment == .missingDayPreviousTimePreservingSmallerComponents ? fireDay : fireDay - 1
            let (year, month, _) = CivilArithmetic.civilFromDays(monthDay)
            let c = t.components
            let time = ((c.hour ?? 0) * 60 + (c.minute ?? 0)) * 60 + (c.second ?? 0)
            let clock = String(Self.wallText(Int64(time), 0).dropFirst(11))
            let wanted = wantedDay > 0 ? "\(ISO8601Format.pad(Int(year), 4))-\(ISO8601Format.pad(Int(month), 2))-\(ISO8601Format.pad(wantedDay, 2))T\(clock)"
                                       : "\(ISO8601Format.pad(Int(year), 4))-\(ISO8601Format.pad(Int(month), 2)) day \(wantedDay) \(clock)"
            guard days.contains(monthDay) else { continue }
            events.append(AuditEvent(wanted: wanted, day: monthDay, kind: .missingDay, outcome: .stoodIn, fires: [fire], shiftSeconds: nil))
        }
    }

    // MARK: Text

    /// `2026-03-08T02:30:00` (`.5` and so on for a fraction).
    static func wallText(_ wall: Int64, _ nanosecond: Int32) -> String {
        var text = CivilDateTime(localSeconds: wall).description
        if nanosecond != 0 {
            var fraction = String(nanosecond)
            fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
            while fraction.last == "0" { fraction.removeLast() }
            text += "." + fraction
        }
        return text
    }
}

/// One zone's audit: its events and anything that limited the audit.
public struct ZoneAudit: Sendable {
    /// The zone audited, with its source and tz data version.
    public let zone: ZoneRules
    /// The occurrences that do not fire as written, in wall-time order.
    public let events: [AuditEvent]
    /// What limited the audit, as sentences (a window with too many fires to list); empty normally.
    public let notes: [String]
}
