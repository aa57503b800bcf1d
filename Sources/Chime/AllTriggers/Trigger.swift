/// Any trigger the engine evaluates. JSON (docs/contract.md): `{"calendar": {…}}`, `{"interval": {…}}`
/// `{"weekly": {…}}`, `{"onCalendar": {…}}`, `{"cron": {…}}` or `{"rrule": {…}}`.
public enum Trigger: Sendable, Hashable {
    /// Calendar components matched by the wall clock, Apple's `UNCalendarNotificationTrigger` (or
    /// Chime's consistent semantics).
    case calendar(CalendarTrigger)
    /// Exact elapsed time from an anchor, Apple's `UNTimeIntervalNotificationTrigger`; DST never
    /// moves it.
    case interval(IntervalTrigger)
    /// A set of weekdays at one wall time.
    case weekly(WeeklyTrigger)
    /// A systemd `OnCalendar=` expression (forward only: it has no previous fire).
    case onCalendar(OnCalendarTrigger)
    /// A cron line in one of the flavors (`CronFlavor`), with that tool's DST behaviour.
    case cron(CronTrigger)
    /// flutter_local_notifications' `matchDateTimeComponents` schedule as its Android code runs it:
    /// each fire computed from the wall time of the one before (`Profiles/`; forward only).
    case flutterAndroid(FlutterAndroidTrigger)
    /// An RFC 5545 recurrence (DTSTART, RRULE, RDATE, EXDATE; forward only).
    case rrule(RRuleTrigger)

    /// Whether the trigger fires more than once.
    public var repeats: Bool {
        switch self {
        case .calendar(let t): return t.repeats
        case .interval(let t): return t.repeats
        case .weekly, .onCalendar, .cron, .flutterAndroid, .rrule: return true
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
        case .flutterAndroid(let t): return t.nextFire(after: instant, in: zone)
        case .rrule(let t): return try t.nextFire(after: instant, in: zone)
        }
    }

    /// The last fire strictly before `instant`.
    public func previousFire(before instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        switch self {
        case .calendar(let t): return try t.previousFire(before: instant, in: zone)
        case .interval(let t): return t.previousFire(before: instant, in: zone)
        case .weekly(let t): return try t.previousFire(before: instant, in: zone)
        case .onCalendar, .flutterAndroid, .rrule: return nil
        case .cron(let t): return try t.previousFire(before: instant, in: zone)
        }
    }

    /// The trigger as it stands after delivering `fire`: itself, except a trigger that carries
    /// state from fire to fire (`flutterAndroid` stores the fired wall time).
    public func rescheduled(after fire: Fire) -> Trigger {
        if case .flutterAndroid(let t) = self { return .flutterAndroid(t.rescheduled(after: fire)) }
        return self
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

    /// `fires(after:in:count:)` within `deadline` (none: the same walk unchecked), checked every
    /// 64 fires: past it, `TriggerError.limitReached`.
    public func fires(after instant: Instant, in zone: ZoneRules, count: Int, deadline: Deadline?) throws(TriggerError) -> [Fire] {
        guard let deadline else { return try fires(after: instant, in: zone, count: count) }
        if case .rrule(let t) = self { return try t.fires(after: instant, in: zone, count: count, deadline: deadline) }
        var result: [Fire] = []
        var iterator = FireIterator(trigger: self, zone: zone, start: instant)
        while result.count < count {
            if result.count % 64 == 0 { try deadline.check(Deadline.firesDone(result.count, of: count)) }
            guard let fire = try iterator.nextFire() else { break }
            result.append(fire)
        }
        return result
    }
}

/// Walks a trigger's fires lazily: each step searches from the previous fire, with the trigger as
/// the previous fire left it (`Trigger.rescheduled(after:)`).
///
/// Two ways to walk:
/// - `nextFire()` throws: the one that reports a gap policy of `reject` meeting a skipped wall time.
/// - As an `IteratorProtocol`/`Sequence` (`for fire in iterator`, `while let fire = iterator.next()`):
///   the walk ends at the last fire or at the first error, and the error is kept in `error` (a
///   `for` loop works on a copy, so keep the iterator and use `while let` when the trigger may
///   reject). `Trigger.fires(after:in:)` is the sequence that cannot end at an error: it refuses
///   a trigger that may reject up front. The async walk (`Trigger.alarms(after:in:)`) throws.
public struct FireIterator: Sendable, IteratorProtocol, Sequence {
    /// The trigger as the last fire left it (it changes only for `flutterAndroid`, which carries
    /// state).
    public private(set) var trigger: Trigger
    /// The zone the walk is in.
    public let zone: ZoneRules
    private var cursor: Instant
    private var done = false
    /// A calendar trigger taken out of `trigger` once, and its walk (`CalendarFireStepper`):
    /// reading the payload from the enum copied its few hundred bytes several times a fire.
    private let calendar: CalendarTrigger?
    private var stepper: CalendarFireStepper?
    /// `trigger.repeats`, and whether the trigger carries state from fire to fire (`flutterAndroid`).
    private let repeats: Bool, carriesState: Bool
    /// Why `next()` ended the walk early, or nil (it has not, or it ran out of fires).
    public private(set) var error: TriggerError?

    /// A walk of `trigger`'s fires in `zone` strictly after `start` (before it, for a backward
    /// search).
    public init(trigger: Trigger, zone: ZoneRules, start: Instant) {
        self.trigger = trigger
        self.zone = zone
        self.cursor = start
        if case .calendar(let calendar) = trigger {
            self.calendar = calendar
            stepper = CalendarFireStepper(calendar)
        } else {
            calendar = nil
        }
        repeats = trigger.repeats
        if case .flutterAndroid = trigger { carriesState = true } else { carriesState = false }
    }

    /// The next fire of the walk, or nil after the last one. Throws `TriggerError` when the trigger
    /// fails (gap policy `reject` meeting a skipped wall time); the walk stays where it was, so
    /// asking again throws again.
    public mutating func nextFire() throws(TriggerError) -> Fire? {
        guard !done else { return nil }
        let next: Fire?
        if var walk = stepper {
            next = try walk.nextFire(after: cursor, in: zone) { (instant) throws(TriggerError) in try calendar!.nextFire(after: instant, in: zone) }
            stepper = walk
        } else {
            next = try trigger.nextFire(after: cursor, in: zone)
        }
        guard let fire = next else { return nil }
        cursor = fire.instant
        if !repeats { done = true }
        if carriesState { trigger = trigger.rescheduled(after: fire) }
        return fire
    }

    /// The next fire, or nil when there is none or the walk failed (then `error` says why and
    /// every later call answers nil).
    public mutating func next() -> Fire? {
        guard error == nil else { return nil }
        do { return try nextFire() } catch {
            self.error = error
            done = true
            return nil
        }
    }
}
