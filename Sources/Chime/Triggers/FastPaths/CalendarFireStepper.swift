/// Walks one calendar trigger's fires, each after the one before (as `FireIterator` does), and
/// steps from a fire to the next by a day — a week, on a weekday — where the trigger is a time of
/// day (`DailyFastPath`) and no transition is near: `DailyFastPath.step(from:in:period:)`, one
/// comparison with the zone period in hand instead of a search. Any other fire comes from the
/// trigger's shortcut when it decides one (`CalendarFastPath.fire(after:in:semantics:)`, the rule
/// `CalendarTrigger.fire(after:in:)` applies) and else from the trigger's own
/// `nextFire(after:in:)`, so the fires are exactly that chain's.
///
/// Example, Europe/Paris, `{hour: 2, minute: 30}` after 2026-03-27T12:00:00Z: the first fire is
/// the trigger's, 2026-03-28T01:30:00Z (02:30 CET); the next step would reach past the spring
/// transition (2026-03-29T01:00:00Z), so the trigger answers 2026-03-29T01:00:00Z (03:00 CEST,
/// `gapNextTime`); the trigger again for 2026-03-30T00:30:00Z (02:30 CEST: no step from a fire
/// that is not `exact`), and from there each next day's 00:30:00Z is a step.
///
/// The stepper keeps only the trigger's shortcut and semantics, and the trigger answers through a
/// closure: a caller holding the trigger in a box (`chime batch`'s cache) reads its few hundred
/// bytes only when the trigger's search must answer, not for every fire.
@usableFromInline
package struct CalendarFireStepper: Sendable {
    /// The trigger's shortcut (`FastPaths/`) and semantics, or nil when it has none or walks
    /// backward: then the trigger answers every call.
    @usableFromInline let fastPath: CalendarFastPath?
    @usableFromInline let semantics: Semantics
    /// The last fire returned, from which the next call may step.
    @usableFromInline var last: Fire?
    /// The zone period the last step was checked in (a hint; empty at first).
    @usableFromInline var period = ZonePeriod(start: 0, end: 0, type: CompactLocalTimeType(utcOffset: 0, abbreviationID: 0, isDST: false))

    package init(_ trigger: CalendarTrigger) {
        fastPath = trigger.direction == .forward ? trigger.fastPath : nil
        semantics = trigger.semantics
    }

    /// The trigger's next fire after `instant`: stepped when `instant` is the last fire this
    /// stepper returned (a walk's next call) and the trigger is a time of day, else the
    /// trigger's shortcut (`CalendarFastPath.fire(after:in:semantics:)`), else `trigger(instant)`
    /// — the trigger's `nextFire(after:in:)` in `zone`, which the caller passes.
    @inlinable @inline(__always)
    package mutating func nextFire(after instant: Instant, in zone: ZoneRules,
                                   trigger nextFire: (Instant) throws(TriggerError) -> Fire?) throws(TriggerError) -> Fire? {
        if case .daily(let path)? = fastPath, let last, last.instant == instant, let fire = path.step(from: last, in: zone, period: &period) {
            self.last = fire
            return fire
        }
        if let fire = shortcut(after: instant, in: zone) {
            last = fire
            return fire
        }
        last = try nextFire(instant)
        return last
    }

    /// After the walk's last fire: how many of the next `limit` fires follow it a step apart
    /// (`DailyFastPath.steps`), and the step in seconds; the walk moves past them (its last fire
    /// is then the run's last). (0, 0) when the next fire is not such a step. A caller writes
    /// the run from the last fire it has (`chime batch` moves its dates).
    @inlinable
    package mutating func skipRun(limit: Int, in zone: ZoneRules) -> (count: Int, stride: Int64) {
        guard case .daily(let path)? = fastPath, let last else { return (0, 0) }
        let count = path.steps(from: last, limit: limit, in: zone, period: &period)
        guard count > 0 else { return (0, 0) }
        self.last = last.later(by: Int64(count) * path.stride)
        return (count, path.stride)
    }

    /// The shortcut's fire after `instant`, when it decides one (out of line: the trigger's first
    /// fire, and the step over a transition).
    @usableFromInline
    func shortcut(after instant: Instant, in zone: ZoneRules) -> Fire? {
        fastPath?.fire(after: instant, in: zone, semantics: semantics)
    }
}
