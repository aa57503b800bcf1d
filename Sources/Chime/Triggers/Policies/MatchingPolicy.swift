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
    case nextTime
    case nextTimePreservingSmallerComponents
    case previousTimePreservingSmallerComponents
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
