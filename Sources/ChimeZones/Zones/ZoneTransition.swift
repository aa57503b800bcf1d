/// An instant at which a zone's offset, abbreviation or DST flag changes.
///
/// Example: America/New_York at 2026-03-08T07:00:00Z goes from EST (-05:00) to EDT (-04:00);
/// the wall clock jumps from 02:00 to 03:00.
public struct ZoneTransition: Sendable, Hashable, Codable {
    /// The first instant of the new period.
    public let instant: Instant
    /// The type in force just before the transition.
    public let before: LocalTimeType
    /// The type in force from the transition on.
    public let after: LocalTimeType

    /// A transition at `instant` from `before` to `after`.
    public init(instant: Instant, before: LocalTimeType, after: LocalTimeType) {
        self.instant = instant
        self.before = before
        self.after = after
    }

    /// Positive when the wall clock jumps forward (a gap), negative when it falls back (an overlap).
    public var wallClockChange: Int32 { after.utcOffset - before.utcOffset }
}
