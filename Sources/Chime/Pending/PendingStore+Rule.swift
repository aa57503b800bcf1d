extension PendingStore {
    /// What happens when more than `limit` requests would be pending.
    public enum Rule: String, Sendable, CaseIterable, Hashable, Codable {
        /// iOS: keep the `limit` soonest-firing requests (a repeating one counts once, by its next
        /// fire) and discard the rest; ties in next fire are broken by identifier.
        case soonest
        /// Keep the `limit` most recently added requests (a replacement counts as an addition).
        case recent
        /// Android/Samsung (500 alarms): refuse a new request with `PendingError.limitReached`;
        /// replacing a pending identifier is always allowed.
        case rejectBeyondLimit
    }
}
