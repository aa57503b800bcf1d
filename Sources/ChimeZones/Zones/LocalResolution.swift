/// How a wall time (no offset) maps to instants in a zone — the one place DST is decided. Data,
/// not an exception: `instants(wall:nanosecond:gap:overlap:)` applies the caller's policy, and
/// the calendar search, `chime resolve` and everything built on them go through it.
///
/// Worked examples, America/New_York 2026 (wall times as local seconds since 1970):
/// - `2026-07-01T12:00:00` is `.unique` at 16:00:00Z (EDT, −04:00).
/// - `2026-03-08T02:30:00` falls in the spring-forward gap (02:00 EST → 03:00 EDT at 07:00:00Z):
///   `.gap(transition: 07:00:00Z, offsetBefore: −18000, offsetAfter: −14400)`. `shift` reads it
///   with the earlier offset, 07:30:00Z (03:30 EDT, RFC 5545 / Temporal "compatible");
///   `previous` with the later one, 06:30:00Z (01:30 EST); `nextValid` gives 07:00:00Z.
/// - `2026-11-01T01:30:00` occurs twice (EDT → EST at 06:00:00Z): `.overlap` with the earlier
///   instant 05:30:00Z (EDT) and the later 06:30:00Z (EST).
public enum LocalResolution: Sendable, Hashable {
    /// The one instant (UTC seconds), and the offset in force at it.
    case unique(Int64, offset: Int32)
    /// Both instants (earlier first) and their offsets.
    case overlap(earlier: Int64, earlierOffset: Int32, later: Int64, laterOffset: Int32)
    /// The transition instant that skips the wall time (the first instant after the gap), with
    /// the offsets either side.
    case gap(transition: Int64, offsetBefore: Int32, offsetAfter: Int32)

    /// The instants wall time `wall` (local seconds, with `nanosecond`) gives under the policies,
    /// each with what was adjusted. Example: the New York gap above with `.shift` gives
    /// 2026-03-08T07:30:00Z, `gapShiftedForward`; the overlap with `.both` gives 05:30:00Z
    /// (`overlapFirst`) and 06:30:00Z (`overlapLast`).
    public func instants(wall: Int64, nanosecond: Int32 = 0, gap: GapPolicy, overlap: OverlapPolicy) -> ResolvedWallTime {
        switch self {
        case let .unique(seconds, _):
            return ResolvedWallTime(first: AdjustedInstant(Instant(seconds: seconds, nanoseconds: nanosecond), .exact))
        case let .overlap(earlier, _, later, _):
            let first = AdjustedInstant(Instant(seconds: earlier, nanoseconds: nanosecond), .overlapFirst)
            let last = AdjustedInstant(Instant(seconds: later, nanoseconds: nanosecond), .overlapLast)
            switch overlap {
            case .first: return ResolvedWallTime(first: first)
            case .last: return ResolvedWallTime(first: last)
            case .both: return ResolvedWallTime(first: first, second: last)
            }
        case let .gap(transition, before, after):
            switch gap {
            case .skip: return ResolvedWallTime()
            case .reject: return ResolvedWallTime(rejectedAt: Instant(seconds: transition))
            case .nextValid: return ResolvedWallTime(first: AdjustedInstant(Instant(seconds: transition), .gapNextTime))
            case .shift:
                return ResolvedWallTime(first: AdjustedInstant(Instant(seconds: wall - Int64(before), nanoseconds: nanosecond), .gapShiftedForward))
            case .previous:
                return ResolvedWallTime(first: AdjustedInstant(Instant(seconds: wall - Int64(after), nanoseconds: nanosecond), .gapShiftedBackward))
            }
        }
    }
}

/// An instant and what was adjusted to reach it from a wall time.
public struct AdjustedInstant: Sendable, Hashable {
    /// The instant.
    public let instant: Instant
    /// What was adjusted to reach it: `exact`, or the gap or overlap rule applied.
    public let adjustment: FireAdjustment

    /// An instant and its adjustment.
    public init(_ instant: Instant, _ adjustment: FireAdjustment) {
        self.instant = instant
        self.adjustment = adjustment
    }
}

/// What a gap or overlap policy makes of one wall time: no instant (a skipped gap), one, or two
/// (`overlap: .both`), earlier first; with `gap: .reject`, the transition that skipped it.
public struct ResolvedWallTime: Sendable, Hashable {
    /// The instant, or the earlier one of two; nil when a gap skipped the wall time.
    public var first: AdjustedInstant?
    /// The later instant, when an overlap's `both` gave two.
    public var second: AdjustedInstant?
    /// Set when the wall time is in a gap and the policy is `reject`: the gap's transition instant.
    public var rejectedAt: Instant?

    /// A resolution from its parts (all nil: the wall time was skipped).
    public init(first: AdjustedInstant? = nil, second: AdjustedInstant? = nil, rejectedAt: Instant? = nil) {
        self.first = first
        self.second = second
        self.rejectedAt = rejectedAt
    }
}

/// An instant together with the local time type in force at it.
public struct ZonedInstant: Sendable, Hashable, Codable {
    /// The instant.
    public let instant: Instant
    /// The offset, DST flag and abbreviation in force at it.
    public let type: LocalTimeType

    /// An instant with the local time type in force at it.
    public init(instant: Instant, type: LocalTimeType) {
        self.instant = instant
        self.type = type
    }

    /// The wall time at this instant.
    public var local: CivilDateTime {
        CivilDateTime(localSeconds: instant.seconds + Int64(type.utcOffset), nanosecond: Int(instant.nanoseconds))
    }
}
