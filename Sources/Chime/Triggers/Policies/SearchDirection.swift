/// Whether a calendar trigger searches for the next match after an instant or the previous one
/// before it (Apple's `Calendar.SearchDirection`).
public enum SearchDirection: String, Sendable, Codable, CaseIterable, Hashable {
    /// The next match strictly after the start.
    case forward
    /// The previous match strictly before the start.
    case backward
}
