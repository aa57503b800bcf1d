/// How a wall time (no offset) maps to instants in a zone. Data, not an exception: the caller's
/// policy decides what to do with a gap or an overlap.
///
/// Worked examples, America/New_York 2026:
/// - `2026-07-01T12:00:00` is `.unique` at 16:00:00Z (EDT, -04:00).
/// - `2026-03-08T02:30:00` falls in the spring-forward gap (02:00 EST -> 03:00 EDT at 07:00:00Z):
///   `.gap` with `before` = EST and `after` = EDT. Read with the earlier offset it is 07:30:00Z
///   (03:30 EDT, the RFC 5545 / Temporal "compatible" shift); with the later offset, 06:30:00Z (01:30 EST).
/// - `2026-11-01T01:30:00` occurs twice (EDT -> EST at 06:00:00Z): `.overlap` with the earlier
///   instant 05:30:00Z (EDT) and the later 06:30:00Z (EST).
public enum LocalResolution: Sendable, Hashable {
    case unique(ZonedInstant)
    case gap(Gap)
    case overlap(earlier: ZonedInstant, later: ZonedInstant)

    /// A wall time skipped by a forward transition.
    public struct Gap: Sendable, Hashable {
        /// The wall time that does not exist.
        public let local: CivilDateTime
        /// The transition that skips it; its `instant` is the first valid instant after the gap.
        public let transition: ZoneTransition

        /// The wall time read with the offset in force before the gap: later than the gap on the
        /// wall clock (02:30 EST = 03:30 EDT). RFC 5545's rule and Temporal's "compatible".
        public var shiftedForward: ZonedInstant {
            ZonedInstant(instant: Instant(seconds: local.localSeconds - Int64(transition.before.utcOffset),
                                          nanoseconds: Int32(local.nanosecond)),
                         type: transition.after)
        }

        /// The wall time read with the offset in force after the gap: earlier on the wall clock
        /// (02:30 EDT = 01:30 EST).
        public var shiftedBackward: ZonedInstant {
            ZonedInstant(instant: Instant(seconds: local.localSeconds - Int64(transition.after.utcOffset),
                                          nanoseconds: Int32(local.nanosecond)),
                         type: transition.before)
        }

        /// Length of the gap in seconds (3600 for a one-hour spring-forward).
        public var length: Int32 { transition.wallClockChange }
    }
}

/// An instant together with the local time type in force at it.
public struct ZonedInstant: Sendable, Hashable, Codable {
    public let instant: Instant
    public let type: LocalTimeType

    public init(instant: Instant, type: LocalTimeType) {
        self.instant = instant
        self.type = type
    }

    /// The wall time at this instant.
    public var local: CivilDateTime {
        CivilDateTime(localSeconds: instant.seconds + Int64(type.utcOffset), nanosecond: Int(instant.nanoseconds))
    }
}
