/// Which instant to use when a wall time occurs twice (Apple's `Calendar.RepeatedTimePolicy`).
///
/// Example, America/New_York, `{hour: 1, minute: 30}` on 2026-11-01 (EDT -> EST at 06:00:00Z):
/// `first` = 01:30 EDT = 2026-11-01T05:30:00Z; `last` = 01:30 EST = 06:30:00Z.
public enum RepeatedTimePolicy: String, Sendable, Codable, CaseIterable, Hashable {
    /// The first pass of a repeated wall time (the earlier instant). Foundation's default.
    case first
    /// The second pass (the later instant).
    case last
}
