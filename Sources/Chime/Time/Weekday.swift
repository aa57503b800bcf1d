/// A day of the week, numbered as Apple's `DateComponents.weekday`: 1 = Sunday ... 7 = Saturday.
public enum Weekday: Int, Sendable, Codable, CaseIterable, Hashable, CustomStringConvertible {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    public var shortName: String {
        ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][rawValue - 1]
    }

    public var description: String { shortName }
}
