/// A day of the week, numbered as Apple's `DateComponents.weekday`: 1 = Sunday ... 7 = Saturday.
public enum Weekday: Int, Sendable, Codable, CaseIterable, Hashable, CustomStringConvertible {
    /// Sunday, 1 (the first day of the week in Foundation's default Gregorian calendar).
    case sunday = 1
    /// Monday, 2 (the first day of an ISO 8601 week).
    case monday
    /// Tuesday, 3.
    case tuesday
    /// Wednesday, 4.
    case wednesday
    /// Thursday, 5.
    case thursday
    /// Friday, 6.
    case friday
    /// Saturday, 7.
    case saturday

    /// The English three-letter name: `Sun`, `Mon`, … `Sat`.
    public var shortName: String {
        ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][rawValue - 1]
    }

    /// The three-letter name (`shortName`).
    public var description: String { shortName }
}
