/// How weeks are counted for `weekOfMonth`, `weekOfYear` and `yearForWeekOfYear`.
///
/// Foundation's `Calendar(identifier: .gregorian)` uses firstWeekday 1 (Sunday) and
/// minimumDaysInFirstWeek 1; ISO 8601 is firstWeekday 2 (Monday) and 4 days.
public struct WeekRules: Sendable, Hashable, Codable {
    /// 1 = Sunday ... 7 = Saturday.
    public let firstWeekday: Int
    /// How many days of a new year (or month) the first week must contain, 1...7.
    public let minimumDaysInFirstWeek: Int

    /// Foundation's `Calendar(identifier: .gregorian)` default: weeks start on Sunday, the first
    /// week needs 1 day.
    public static let gregorian = WeekRules(uncheckedFirstWeekday: 1, minimumDaysInFirstWeek: 1)
    /// ISO 8601: weeks start on Monday, the first week needs 4 days (it holds the year's first
    /// Thursday).
    public static let iso8601 = WeekRules(uncheckedFirstWeekday: 2, minimumDaysInFirstWeek: 4)

    /// Week rules from their values; throws `TriggerError.invalidWeekRules` when either is outside
    /// 1…7.
    public init(firstWeekday: Int, minimumDaysInFirstWeek: Int) throws(TriggerError) {
        guard (1...7).contains(firstWeekday) else { throw .invalidWeekRules("firstWeekday \(firstWeekday) is not 1–7") }
        guard (1...7).contains(minimumDaysInFirstWeek) else {
            throw .invalidWeekRules("minimumDaysInFirstWeek \(minimumDaysInFirstWeek) is not 1–7")
        }
        self.init(uncheckedFirstWeekday: firstWeekday, minimumDaysInFirstWeek: minimumDaysInFirstWeek)
    }

    /// A locale's rules from CLDR through ICU: `de_DE` is Monday and 4 days, `en_US` Sunday and 1.
    public init(locale: String) throws(TriggerError) {
        guard let rules = ICU.weekRules(locale: locale) else {
            throw .invalidWeekRules("ICU has no week data for locale '\(locale)'")
        }
        try self.init(firstWeekday: rules.firstWeekday, minimumDaysInFirstWeek: rules.minimumDays)
    }

    /// Explicit numbers win over a locale's rules; without either, Foundation's Gregorian defaults (1 and 1).
    public init(firstWeekday: Int?, minimumDaysInFirstWeek: Int?, locale: String?) throws(TriggerError) {
        let localeRules = try locale.map { (id) throws(TriggerError) in try WeekRules(locale: id) }
        try self.init(firstWeekday: firstWeekday ?? localeRules?.firstWeekday ?? 1,
                      minimumDaysInFirstWeek: minimumDaysInFirstWeek ?? localeRules?.minimumDaysInFirstWeek ?? 1)
    }

    init(uncheckedFirstWeekday: Int, minimumDaysInFirstWeek: Int) {
        self.firstWeekday = uncheckedFirstWeekday
        self.minimumDaysInFirstWeek = minimumDaysInFirstWeek
    }
}
