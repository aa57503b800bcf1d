/// The components a calendar trigger matches, named and numbered as Apple's `DateComponents`
/// (weekday 1 = Sunday … 7 = Saturday). `nil` means "any" or, below the smallest given
/// component, "its minimum" (`{hour: 9}` is 09:00:00.000).
public struct CalendarComponents: Sendable, Hashable, Codable {
    public var year: Int?
    public var month: Int?
    /// 1…31, or -1…-31 counting from the end of the month (-1 = the last day; beyond Apple).
    public var day: Int?
    public var hour: Int?
    public var minute: Int?
    public var second: Int?
    public var nanosecond: Int?
    public var weekday: Int?
    /// 1…7 (as Foundation; 6 and 7 never match), or -1…-5 counting from the end of the month
    /// (-1 = the last such weekday; beyond Apple).
    public var weekdayOrdinal: Int?
    public var weekOfMonth: Int?
    public var weekOfYear: Int?
    public var yearForWeekOfYear: Int?
    public var dayOfYear: Int?

    public init(year: Int? = nil, month: Int? = nil, day: Int? = nil, hour: Int? = nil, minute: Int? = nil,
                second: Int? = nil, nanosecond: Int? = nil, weekday: Int? = nil, weekdayOrdinal: Int? = nil,
                weekOfMonth: Int? = nil, weekOfYear: Int? = nil, yearForWeekOfYear: Int? = nil, dayOfYear: Int? = nil) {
        self.year = year; self.month = month; self.day = day
        self.hour = hour; self.minute = minute; self.second = second; self.nanosecond = nanosecond
        self.weekday = weekday; self.weekdayOrdinal = weekdayOrdinal; self.weekOfMonth = weekOfMonth
        self.weekOfYear = weekOfYear; self.yearForWeekOfYear = yearForWeekOfYear; self.dayOfYear = dayOfYear
    }

    /// Every component with its JSON/CLI name, in Apple's order.
    public var named: [(name: String, value: Int?)] {
        [("year", year), ("month", month), ("day", day), ("hour", hour), ("minute", minute), ("second", second),
         ("nanosecond", nanosecond), ("weekday", weekday), ("weekdayOrdinal", weekdayOrdinal), ("weekOfMonth", weekOfMonth),
         ("weekOfYear", weekOfYear), ("yearForWeekOfYear", yearForWeekOfYear), ("dayOfYear", dayOfYear)]
    }

    public static let names = CalendarComponents().named.map(\.name)

    /// Sets a component by its name; `false` for an unknown name.
    public mutating func set(_ name: String, _ value: Int) -> Bool {
        switch name {
        case "year": year = value
        case "month": month = value
        case "day": day = value
        case "hour": hour = value
        case "minute": minute = value
        case "second": second = value
        case "nanosecond": nanosecond = value
        case "weekday": weekday = value
        case "weekdayOrdinal": weekdayOrdinal = value
        case "weekOfMonth": weekOfMonth = value
        case "weekOfYear": weekOfYear = value
        case "yearForWeekOfYear": yearForWeekOfYear = value
        case "dayOfYear": dayOfYear = value
        default: return false
        }
        return true
    }

    /// Ranges as Foundation's Gregorian calendar validates them; a value outside is an error
    /// (Foundation silently returns nil). Negative ordinals are Chime's extension.
    public func validated() throws(TriggerError) -> CalendarComponents {
        let ranges: [(String, Int?, ClosedRange<Int>)] = [
            ("year", year, 1...9999), ("month", month, 1...12), ("hour", hour, 0...23),
            ("minute", minute, 0...59), ("second", second, 0...59), ("nanosecond", nanosecond, 0...999_999_999),
            ("weekday", weekday, 1...7), ("weekOfMonth", weekOfMonth, 0...6), ("weekOfYear", weekOfYear, 1...53),
            ("yearForWeekOfYear", yearForWeekOfYear, 1...9999), ("dayOfYear", dayOfYear, 1...366),
        ]
        for (name, value, range) in ranges {
            if let value, !range.contains(value) {
                throw .invalidComponent(name: name, value: value, allowed: "\(range.lowerBound)–\(range.upperBound)")
            }
        }
        if let day, day == 0 || !(-31...31).contains(day) {
            throw .invalidComponent(name: "day", value: day, allowed: "1–31, or -1…-31 from the month's end")
        }
        // Foundation accepts 1…7 (6 and 7 never match); negatives count from the month's end.
        if let ordinal = weekdayOrdinal, ordinal == 0 || !(-5...7).contains(ordinal) {
            throw .invalidComponent(name: "weekdayOrdinal", value: ordinal, allowed: "1–7, or -1…-5 from the month's end")
        }
        guard named.contains(where: { $0.value != nil }) else { throw .noComponents }
        return self
    }
}
