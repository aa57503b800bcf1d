/// A trigger's fires after an instant, computed one at a time as they are asked for
/// (`trigger.fires(after:in:)`): `for fire in …`, `.prefix(5)`, `.first { … }`, and, being a
/// `LazySequenceProtocol`, `map`/`filter` that stay lazy.
///
/// The walk cannot fail: `Trigger.fires(after:in:)` refuses a trigger whose gap policy is
/// `reject` (the only way evaluating a trigger fails), so the sequence never ends early at an
/// error it could not report. Walk such a trigger with `FireIterator.nextFire()` or the async
/// `alarms(after:in:)`, which throw. A trigger that never fires again ends the sequence; a
/// repeating one does not end by itself (take a prefix).
///
/// ```swift
/// let daily = Trigger.calendar(try .daily(hour: 9, minute: 0))
/// for fire in try daily.fires(after: start, in: ny).prefix(3) { print(fire) }
/// ```
public struct FireSequence: Sendable, Sequence, LazySequenceProtocol {
    /// The trigger walked.
    public let trigger: Trigger
    /// The zone it fires in.
    public let zone: ZoneRules
    /// Fires come strictly after this instant (before it, for a backward calendar or cron trigger).
    public let start: Instant

    init(trigger: Trigger, zone: ZoneRules, start: Instant) {
        self.trigger = trigger
        self.zone = zone
        self.start = start
    }

    /// A new walk from `start`; iterators are independent values.
    public func makeIterator() -> FireIterator {
        FireIterator(trigger: trigger, zone: zone, start: start)
    }
}

extension Trigger {
    /// The fires after `instant`, lazily (see `FireSequence`). Throws
    /// `TriggerError.rejectingTriggerInSequence` for a trigger with gap policy `reject`.
    public func fires(after instant: Instant, in zone: ZoneRules) throws(TriggerError) -> FireSequence {
        if mayReject { throw .rejectingTriggerInSequence }
        return FireSequence(trigger: self, zone: zone, start: instant)
    }

    /// Whether evaluating the trigger can fail: its explicit gap policy is `reject` (a skipped wall
    /// time is then an error, `TriggerError.wallTimeSkipped`). No other evaluation throws.
    public var mayReject: Bool {
        switch self {
        case .calendar(let t): return t.gapPolicy == .reject
        case .interval: return false
        case .weekly(let t): return t.gapPolicy == .reject
        case .onCalendar(let t): return t.gapPolicy == .reject
        case .cron(let t): return t.gapPolicy == .reject
        case .flutterAndroid: return false
        case .rrule(let t): return t.gapPolicy == .reject
        }
    }
}
