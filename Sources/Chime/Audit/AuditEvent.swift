/// One occurrence that does not fire exactly as written: a wall time a DST gap skips or an overlap
/// repeats, or a day the month does not have.
///
/// Example, `{hour: 2, minute: 30}` (apple semantics) in America/New_York: on 2026-03-08 the clocks
/// jump from 02:00 EST to 03:00 EDT at 07:00:00Z, so the wanted `2026-03-08T02:30:00` is a `gap`
/// event, `moved` to 03:00 EDT = 07:00:00Z (`gapNextTime`), `shiftSeconds` 1800 (the wall clock
/// reads 30 minutes later than written). On 2026-11-01 `01:30` happens at 05:30:00Z (EDT) and
/// 06:30:00Z (EST): an `overlap` event, fired `once`, at 05:30:00Z (`overlapFirst`).
public struct AuditEvent: Sendable, Hashable {
    /// What bends the occurrence: a gap, an overlap or a day the month lacks.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// The wanted wall time falls in a spring-forward gap: it never shows on the clock.
        case gap
        /// The wanted wall time happens twice (fall back).
        case overlap
        /// The wanted day does not exist in the month (April 31, February 29 in 2027).
        case missingDay
    }

    /// What the trigger did about it.
    public enum Outcome: String, Sendable, Codable, CaseIterable {
        /// No fire for it.
        case skipped
        /// Fired once, at another wall time than written.
        case moved
        /// Fired at both instants of a repeated wall time.
        case doubled
        /// Fired at one of the two instants of a repeated wall time.
        case once
        /// A missing day fired on a stand-in day.
        case stoodIn
    }

    /// The wall time as written, e.g. `2026-03-08T02:30:00`; for a missing day a date the month
    /// does not have (`2026-04-31T09:00:00`, or `2026-04 day -31` counted from the end).
    public let wanted: String
    /// The local date of the wanted wall time (for grouping), days since 1970-01-01.
    public let day: Int64
    /// Whether the wanted wall time meets a gap, an overlap or a missing day.
    public let kind: Kind
    /// What the trigger did: skipped it, moved it, fired once or twice, or fired on a stand-in day.
    public let outcome: Outcome
    /// The fires for it, in order (none when skipped, two when doubled).
    public let fires: [Fire]
    /// How far the wall clock at the fire is from the wanted wall time, in seconds, when a gap
    /// moved it; nil otherwise (a missing day has no wall time to measure from).
    public let shiftSeconds: Int64?

    /// An event as the audit reports it (the fields are documented on the properties); public so
    /// that tests and other tools can build expected events.
    public init(wanted: String, day: Int64, kind: Kind, outcome: Outcome, fires: [Fire], shiftSeconds: Int64?) {
        self.wanted = wanted
        self.day = day
        self.kind = kind
        self.outcome = outcome
        self.fires = fires
        self.shiftSeconds = shiftSeconds
    }

    /// The first fire's adjustment, when there is a fire.
    public var adjustment: FireAdjustment? { fires.first?.adjustment }
}
