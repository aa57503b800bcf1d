/// The components a calendar trigger matches, named and numbered as Apple's `DateComponents`
/// (weekday 1 = Sunday … 7 = Saturday). `nil` means "any" or, below the smallest given
/// component, "its minimum" (`{hour: 9}` is 09:00:00.000).
public struct CalendarComponents: Sendable, Hashable, Codable {
    /// The year, e.g. 2026.
    public var year: Int?
    /// The month, 1…12.
    public var month: Int?
    /// 1…31, or -1…-31 counting from the end of the month (-1 = the last day; beyond Apple).
    public var day: Int?
    /// The hour, 0…23.
    public var hour: Int?
    /// The minute, 0…59.
    public var minute: Int?
    /// The second, 0…59.
    public var second: Int?
    /// The nanosecond within the second, 0…999,999,999.
    public var nanosecond: Int?
    /// The weekday, 1 = Sunday … 7 = Saturday (Apple's numbering; `Weekday`'s raw values).
    public var weekday: Int?
    /// 1…7 (as Foundation; 6 and 7 never match), or -1…-5 counting from the end of the month
    /// (-1 = the last such weekday; beyond Apple).
    public var weekdayOrdinal: Int?
    /// The week of the month, as Foundation counts it under `WeekRules` (first weekday, minimum
    /// days).
    public var weekOfMonth: Int?
    /// The week of the year, as Foundation counts it under `WeekRules`.
    public var weekOfYear: Int?
    /// The year a `weekOfYear` belongs to (near New Year it can differ from the calendar year).
    public var yearForWeekOfYear: Int?
    /// The day of the year, 1…366.
    public var dayOfYear: Int?

    /// Components as Apple's `DateComponents` names them; every one defaults to nil (any value, or
    /// its minimum below the smallest given one). Values are checked when a `CalendarTrigger` is
    /// made from them.
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

    /// The components' JSON and CLI names in Apple's order: `year`, `month`, `day`, … `dayOfYear`.
    public static let names = CalendarComponents().named.map(\.name)

    /// Sets a component by its name; `false` for an unknown name.
    public mutating func set(_ name: String, _ value: Int) -> Bool {
        guard let index = Self.names.firstIndex(of: name) else { return false }
        set(at: index, value)
        return true
    }

    /// Sets the component `names[index]` names (`chime batch` finds it from bytes).
    package mutating func set(at index: Int, _ value: Int) {
        switch index {
        case 0: year = value
        case 1: month = value
        case 2: day = value
        case 3: hour = value
        case 4: minute = value
        case 5: second = value
        case 6: nanosecond = value
        case 7: weekday = value
        case 8: weekdayOrdinal = value
        case 9: weekOfMonth = value
        case 10: weekOfYear = value
        case 11: yearForWeekOfYear = value
        case 12: dayOfYear = value
        default: preconditionFailure("no component \(index)")
        }
    }

    /// Ranges as Foundation's Gregorian calendar validates them; a value outside is an error
    /// (Foundation silently returns nil). Negative ordinals are Chime's extension.
    public func validated() throws(TriggerError) -> CalendarComponents {
        // The usual trigger passes every check: answer it without building the lists below.
        func within(_ value: Int?, _ range: ClosedRange<Int>) -> Bool { value.map(range.contains) ?? true }
        if within(year, 1...9999), within(month, 1...12), within(hour, 0...23), within(minute, 0...59),
           within(second, 0...59), within(nanosecond, 0...999_999_999), within(weekday, 1...7), within(weekOfMonth, 0...6),
           within(weekOfYear, 1...53), within(yearForWeekOfYear, 1...9999), within(dayOfYear, 1...366),
           day.map({ $0 != 0 && (-31...31).contains($0) }) ?? true,
           weekdayOrdinal.map({ $0 != 0 && (-5...7).contains($0) }) ?? true,
           year != nil || month != nil || day != nil || hour != nil || minute != nil || second != nil || nanosecond != nil
            || weekday != nil || weekdayOrdinal != nil || weekOfMonth != nil || weekOfYear != nil || yearForWeekOfYear != nil
            || dayOfYear != nil {
            return self
        }
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

extension CalendarComponents {
    /// Reads `{"hour": 9, "minute": 30, …}` by Apple's names; a name it does not know is an
    /// `UnknownFieldError`, never ignored (`"minite": 30` must not fire at minute 0).
    public init(from decoder: any Decoder) throws {
        try UnknownFieldError.check(decoder, known: Self.names)
        let c = try decoder.container(keyedBy: DecodingPath.Key.self)
        self.init()
        for name in Self.names {
            if let value = try c.decodeIfPresent(Int.self, forKey: DecodingPath.Key(name)) { _ = set(name, value) }
        }
    }
}
