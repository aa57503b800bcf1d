/// Explicit handling of a wall time that occurs twice (beyond Apple; replaces the repeated-time
/// policy when set).
///
/// Example, America/New_York 2026-11-01, 01:30: `first` = 05:30:00Z (EDT), `last` = 06:30:00Z
/// (EST), `both` = two fires, 05:30:00Z then 06:30:00Z.
public enum OverlapPolicy: String, Sendable, Codable, CaseIterable, Hashable {
    /// The first pass (the earlier instant, still on the offset before the change).
    case first
    /// The second pass (the later instant, on the offset after the change).
    case last
    /// Both passes: two fires, in order.
    case both
}
