/// A trigger's fires as they happen: an `AsyncSequence` that sleeps until each fire's instant and
/// then hands the fire over (`trigger.alarms(after:in:)`, `Schedule.alarms()`).
///
/// ```swift
/// for try await fire in schedule.alarms() {      // sleeps until 09:00 each day
///     await sendReminder(fire)
/// }
/// ```
///
/// - Time: each step computes the next fire after the previous one, asks `now` for the wall
///   clock (default: the system's, `Instant.now()`), and sleeps on `clock` for the difference
///   (nothing when the fire is already due). The default clock is `ContinuousClock`; tests pass a
///   clock whose `sleep` returns at once (and a `now` that moves with it), so they run instantly.
///   One sleep per fire: if the wall clock is set back during a sleep, the fire arrives when the
///   sleep ends, by elapsed time.
/// - Errors: `next()` throws what the walk throws, `TriggerError.wallTimeSkipped` for gap policy
///   `reject`, and what `clock.sleep` throws (`CancellationError` when the task is cancelled);
///   after an error the sequence is over. Never an error swallowed: nothing is refused up front.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct FireAlarms<C: Clock>: AsyncSequence, Sendable where C.Duration == Duration {
    /// Each element is the fire that just came due.
    public typealias Element = Fire

    /// The trigger whose fires are delivered.
    public let trigger: Trigger
    /// The zone it fires in.
    public let zone: ZoneRules
    /// Fires come strictly after this instant.
    public let start: Instant
    /// The clock the sequence sleeps on (`ContinuousClock` by default; a test clock in tests).
    public let clock: C
    let now: @Sendable () -> Instant

    /// The fires of `trigger` in `zone` strictly after `start`, each handed over when `now()`
    /// reaches it, sleeping on `clock` in between.
    public init(trigger: Trigger, zone: ZoneRules, after start: Instant, clock: C, now: @escaping @Sendable () -> Instant) {
        self.trigger = trigger
        self.zone = zone
        self.start = start
        self.clock = clock
        self.now = now
    }

    /// A new walk from `start` (each iterator walks on its own).
    public func makeAsyncIterator() -> Iterator {
        Iterator(fires: FireIterator(trigger: trigger, zone: zone, start: start), clock: clock, now: now)
    }

    /// Walks the fires, sleeping until each one is due; finished after the last fire or the first
    /// error.
    public struct Iterator: AsyncIteratorProtocol {
        var fires: FireIterator
        let clock: C
        let now: @Sendable () -> Instant
        var finished = false

        /// The next fire once it is due (at once when it already is); nil when the trigger fires no
        /// more. Throws the walk's `TriggerError` or what the clock's sleep throws
        /// (`CancellationError`), and ends the sequence then.
        public mutating func next() async throws -> Fire? {
            guard !finished else { return nil }
            do {
                guard let fire = try fires.nextFire() else { finished = true; return nil }
                let wait = fire.instant.duration(since: now())
                if wait > .zero { try await clock.sleep(until: clock.now.advanced(by: wait), tolerance: nil) }
                return fire
            } catch {
                finished = true
                throw error
            }
        }
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Trigger {
    /// The fires after `instant` (default: now), each delivered when its time comes (`FireAlarms`).
    public func alarms<C: Clock>(after instant: Instant? = nil, in zone: ZoneRules, clock: C,
                                 now: @escaping @Sendable () -> Instant = { Instant.now() }) -> FireAlarms<C> where C.Duration == Duration {
        FireAlarms(trigger: self, zone: zone, after: instant ?? now(), clock: clock, now: now)
    }

    /// The fires after `instant` (default: now), each delivered when its time comes, on the
    /// system's continuous clock.
    public func alarms(after instant: Instant? = nil, in zone: ZoneRules) -> FireAlarms<ContinuousClock> {
        alarms(after: instant, in: zone, clock: ContinuousClock())
    }
}
