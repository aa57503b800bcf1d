/// What to do when the components name a wall time or date that does not exist — Apple's
/// `Calendar.MatchingPolicy`, with Foundation's exact behaviour.
///
/// Worked DST example, America/New_York, `{hour: 2, minute: 30}` on 2026-03-08 (02:00 EST jumps
/// to 03:00 EDT at 07:00:00Z, so 02:30 does not exist):
/// - `nextTime`: 03:00 EDT = 2026-03-08T07:00:00Z (the first instant after the gap)
/// - `nextTimePreservingSmallerComponents`: 03:30 EDT = 07:30:00Z
/// - `previousTimePreservingSmallerComponents`: 01:30 EST = 06:30:00Z
/// - `strict`: the next day's 02:30 EDT = 2026-03-09T06:30:00Z
public enum MatchingPolicy: String, Sendable, Codable, CaseIterable, Hashable {
    /// A skipped wall time fires at the first instant after the gap (02:30 → 03:00 EDT); a missing
    /// day (April 31) at 00:00 on the day after it (May 1). Foundation's default.
    case nextTime
    /// A skipped wall time fires later by the gap (02:30 → 03:30 EDT); a missing day on the day
    /// after it, at the wanted time.
    case nextTimePreservingSmallerComponents
    /// A skipped wall time fires earlier by the gap (02:30 → 01:30 EST); a missing day on the
    /// month's last day, at the wanted time.
    case previousTimePreservingSmallerComponents
    /// Only exact matches fire: a skipped wall time or a missing day has no fire.
    case strict
}

extension MatchingPolicy {
    /// The gap policy a matching policy stands for when no explicit `gap` is given (both semantics):
    /// `nextTime` -> `nextValid`, `nextTimePreservingSmallerComponents` -> `shift`,
    /// `previousTimePreservingSmallerComponents` -> `previous`, `strict` -> `skip`.
    public var gapPolicy: GapPolicy {
        switch self {
        case .nextTime: .nextValid
        case .nextTimePreservingSmallerComponents: .shift
        case .previousTimePreservingSmallerComponents: .previous
        case .strict: .skip
        }
    }
}
