/// Any trigger the engine evaluates. JSON (docs/contract.md): `{"calendar": {…}}`, `{"interval": {…}}`
/// `{"weekly": {…}}`, `{"onCalendar": {…}}`, `{"cron": {…}}` or `{"rrule": {…}}`.
public enum Trigger: Sendable, Hashable {
    case calendar(CalendarTrigger)
    case interval(IntervalTrigger)
    case weekly(WeeklyTrigger)
    /// A systemd `OnCalendar=` expression (forward only: it has no previous fire).
    case onCalendar(OnCalendarTrigger)
    case cron(CronTrigger)
    /// An RFC 5545 recurrence (DTSTART, RRULE, RDATE, EXDATE; forward only).
    case rrule(RRuleTrigger)

    /// Whether the trigger fires more than once.
    public var repeats: Bool {
        switch self {
        case .calendar(let t): return t.repeats
        case .interval(let t): return t.repeats
        case .weekly, .onCalendar, .cron, .rrule: return true
        }
    }

    /// The first fire strictly after `instant` (for a calendar or cron trigger with direction `backward`,
    /// the last fire strictly before it, as Foundation's `nextDate(…, direction: .backward)`).
    public func nextFire(after instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        switch self {
        case .calendar(let t): return try t.nextFire(after: instant, in: zone)
        case .interval(let t): return t.nextFire(after: instant, in: zone)
        case .weekly(let t): return try t.nextFire(after: instant, in: zone)
        case .onCalendar(let t): return try t.nextFire(after: instant, in: zone)
        case .cron(let t): return try t.nextFire(after: instant, in: zone)
        case .rrule(let t): return try t.nextFire(after: instant, in: zone)
        }
    }

    /// The last fire strictly before `instant`.
    public func previousFire(before instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        switch self {
        case .calendar(let t): return try t.previousFire(before: instant, in: zone)
        case .interval(let t): return t.previousFire(before: instant, in: zone)
        case .weekly(let t): return try t.previousFire(before: instant, in: zone)
        case .onCalendar, .rrule: return nil
        case .cron(let t): return try t.previousFire(before: instant, in: zone)
        }
    }

    /// Up to `count` fires after `instant`, in the trigger's direction; a one-shot trigger fires at
    /// most once. With an overlap policy of `.both` both instants of a repeated wall time appear.
    public func fires(after instant: Instant, in zone: ZoneRules, count: Int) throws(TriggerError) -> [Fire] {
        if case .rrule(let t) = self { return try t.fires(after: instant, in: zone, count: count) }
        var result: [Fire] = []
        var iterator = FireIterator(trigger: self, zone: zone, start: instant)
        while result.count < count, let fire = try iterator.nextFire() { result.append(fire) }
        return result
    }
}

/// Walks a trigger's fires lazily: each step searches from the previous fire.
public struct FireIterator: Sendable {
    public let trigger: Trigger
    public let zone: ZoneRules
    private var cursor: Instant
    private var done = false

    public init(trigger: Trigger, zone: ZoneRules, start: Instant) {
        self.trigger = trigger
        self.zone = zone
        self.cursor = start
    }

    public mutating func nextFire() throws(TriggerError) -> Fire? {
        guard !done, let fire = try trigger.nextFire(after: cursor, in: zone) else { return nil }
        cursor = fire.instant
        if !trigger.repeats { done = true }
        return fire
    }
}
