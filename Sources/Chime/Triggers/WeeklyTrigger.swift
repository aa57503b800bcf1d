/// Fires on a set of weekdays at one wall time (flutter's `dayOfWeekAndTime` for several days,
/// or "Mon, Wed, Fri at 09:00"). Each weekday behaves as the calendar trigger
/// `{weekday, hour, minute, second}` with the notification defaults (`nextTime`, `first`).
///
/// Example: Mon/Wed at 02:30 in America/New_York after 2026-03-07T12:00:00Z: Monday 2026-03-09
/// 02:30 EDT = 06:30:00Z, then Wednesday 2026-03-11 02:30 EDT = 06:30:00Z.
public struct WeeklyTrigger: Sendable, Hashable {
    /// The weekdays it fires on, in order Sunday … Saturday.
    public let weekdays: [Weekday]
    /// The hour of the wall time, 0…23.
    public let hour: Int
    /// The minute, 0…59.
    public let minute: Int
    /// The second, 0…59.
    public let second: Int
    /// Explicit handling of a wall time a gap skips; nil keeps the semantics' default (`nextTime`:
    /// the first instant after the gap).
    public let gapPolicy: GapPolicy?
    /// Explicit handling of a repeated wall time; nil keeps the default (the first pass).
    public let overlapPolicy: OverlapPolicy?
    /// As for a calendar trigger; the two agree except at DST gaps and overlaps near the start.
    public let semantics: Semantics
    let perWeekday: [CalendarTrigger]

    /// Fires on `weekdays` at `hour`:`minute`:`second`; throws `TriggerError.invalidWeekly` for no
    /// weekdays and `.invalidComponent` for a field out of range.
    public init(weekdays: Set<Weekday>, hour: Int, minute: Int, second: Int = 0,
                gapPolicy: GapPolicy? = nil, overlapPolicy: OverlapPolicy? = nil, semantics: Semantics = CalendarTrigger.defaultSemantics) throws(TriggerError) {
        guard !weekdays.isEmpty else { throw .invalidWeekly("at least one weekday is needed") }
        self.weekdays = weekdays.sorted { $0.rawValue < $1.rawValue }
        self.hour = hour; self.minute = minute; self.second = second
        self.gapPolicy = gapPolicy; self.overlapPolicy = overlapPolicy; self.semantics = semantics
        var triggers: [CalendarTrigger] = []
        for day in self.weekdays {
            triggers.append(try CalendarTrigger(components: CalendarComponents(hour: hour, minute: minute, second: second, weekday: day.rawValue),
                                                gapPolicy: gapPolicy, overlapPolicy: overlapPolicy, semantics: semantics))
        }
        perWeekday = triggers
    }

    /// Parses `HH:MM` or `HH:MM:SS` into this trigger's time.
    public init(weekdays: Set<Weekday>, time: String, gapPolicy: GapPolicy? = nil, overlapPolicy: OverlapPolicy? = nil,
                semantics: Semantics = CalendarTrigger.defaultSemantics) throws(TriggerError) {
        guard let (hour, minute, second) = ISO8601Format.parseTimeOfDay(time) else {
            throw .invalidWeekly("time '\(time)' is not HH:MM or HH:MM:SS")
        }
        try self.init(weekdays: weekdays, hour: hour, minute: minute, second: second, gapPolicy: gapPolicy,
                      overlapPolicy: overlapPolicy, semantics: semantics)
    }

    /// `HH:MM:SS`.
    public var time: String {
        ISO8601Format.pad(hour, 2) + ":" + ISO8601Format.pad(minute, 2) + ":" + ISO8601Format.pad(second, 2)
    }

    /// The first fire strictly after `instant` on any of the weekdays.
    public func nextFire(after instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        try nearestFire(from: instant, in: zone, forward: true)
    }

    /// The last fire strictly before `instant` on any of the weekdays.
    public func previousFire(before instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        try nearestFire(from: instant, in: zone, forward: false)
    }

    /// The weekdays' fire sets as one (`docs/semantics.md`): the nearest fire, of several at one
    /// instant the one whose adjustment comes first (section 3). With gap policy `reject` the
    /// search fails when a skipped wall time of any weekday comes no later than that fire (section
    /// 4) — not when it merely comes before its own weekday's next fire: Sat,Sun@02:30 in New York
    /// from Friday 2026-03-06 fires on Saturday the 7th, before Sunday's 02:30 is skipped.
    private func nearestFire(from instant: Instant, in zone: ZoneRules, forward: Bool) throws(TriggerError) -> Fire? {
        var best: Fire?
        var rejection: SearchOutcome?
        for trigger in perWeekday {
            let fire: Fire?
            if gapPolicy == .reject {
                let outcome = try trigger.searchOutcome(from: instant, in: zone, forward: forward)
                fire = outcome.fire
                if let transition = outcome.rejection?.transition,
                   rejection?.rejection.map({ forward ? transition < $0.transition : transition > $0.transition }) ?? true {
                    rejection = SearchOutcome(fire: nil, rejection: outcome.rejection)
                }
            } else {
                fire = forward ? try trigger.fire(after: instant, in: zone) : try trigger.fire(before: instant, in: zone)
            }
            guard let fire else { continue }
            if let current = best {
                let nearer = forward ? fire.instant < current.instant : fire.instant > current.instant
                guard nearer || (fire.instant == current.instant && fire.adjustment.precedence < current.adjustment.precedence) else { continue }
            }
            best = fire
        }
        if var rejection {
            rejection.fire = best
            if rejection.rejectionComesFirst(forward: forward) { throw rejection.rejection!.error }
        }
        return best
    }
}
