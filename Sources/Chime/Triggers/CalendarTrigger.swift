/// Fires when the wall clock in a zone matches a set of calendar components — Apple's
/// `UNCalendarNotificationTrigger` / `Calendar.nextDate(after:matching:…)` semantics, plus
/// explicit DST policies.
///
/// Example: `{hour: 2, minute: 30}` in America/New_York after 2026-03-07T12:00:00Z fires at
/// 2026-03-08T07:00:00Z (03:00 EDT, `gapNextTime`: 02:30 does not exist that day), then
/// 2026-03-09T06:30:00Z (02:30 EDT, `exact`).
public struct CalendarTrigger: Sendable, Hashable {
    /// The components the wall clock must match.
    public let components: CalendarComponents
    /// Foundation's `Calendar.MatchingPolicy`: what to do when no wall time matches exactly (a gap,
    /// a missing day).
    public let matchingPolicy: MatchingPolicy
    /// Foundation's `Calendar.RepeatedTimePolicy`: which pass of a repeated wall time matches.
    public let repeatedTimePolicy: RepeatedTimePolicy
    /// Forward (next fires) or backward (previous fires).
    public let direction: SearchDirection
    /// Whether the trigger fires on every match (true) or only at the first (a one-shot).
    public let repeats: Bool
    /// How weeks are counted for `weekOfMonth`, `weekOfYear` and `yearForWeekOfYear` (first
    /// weekday, minimum days in the first week).
    public let weekRules: WeekRules
    /// When set, replaces the matching policy's handling of DST gaps.
    public let gapPolicy: GapPolicy?
    /// When set, replaces the repeated-time policy.
    public let overlapPolicy: OverlapPolicy?
    /// Foundation's rules (`apple`, the default) or Chime's own (`consistent`, `docs/semantics.md`).
    public let semantics: Semantics
    let pattern: MatchPattern
    /// The components as the consistent semantics reads them (`nil` in the apple semantics, so
    /// building an apple trigger allocates nothing).
    let consistentPattern: ConsistentPattern?
    /// The shortcut `nextFire(after:in:)` tries first, when the shape has one (`FastPaths/`).
    let fastPath: CalendarFastPath?

    // The defaults, decided here once for every way a calendar trigger is made (this initializer,
    // the JSON decoding, `chime batch`'s byte decoder, `chime next`'s flags): a notification
    // trigger's, as iOS asks Foundation. A skipped 02:30 in America/New_York on 2026-03-08 then
    // fires at 03:00 EDT = 07:00:00Z (`nextTime`: `gapNextTime`); 01:30 on 2026-11-01 at its first
    // pass, 05:30:00Z (`first`: `overlapFirst`).

    /// `nextTime`, Foundation's default for a notification trigger.
    public static let defaultMatchingPolicy = MatchingPolicy.nextTime
    /// `first`: the earlier pass of a repeated wall time.
    public static let defaultRepeatedTimePolicy = RepeatedTimePolicy.first
    /// `forward`: next fires.
    public static let defaultDirection = SearchDirection.forward
    /// `apple`: Foundation's rules (`consistent` is Chime's own, docs/semantics.md).
    public static let defaultSemantics = Semantics.apple

    /// Defaults are a notification trigger's (`defaultMatchingPolicy` …): `nextTime`, `first`,
    /// forward, repeating, Gregorian weeks, apple semantics.
    public init(components: CalendarComponents, matchingPolicy: MatchingPolicy = defaultMatchingPolicy,
                repeatedTimePolicy: RepeatedTimePolicy = defaultRepeatedTimePolicy, direction: SearchDirection = defaultDirection,
                repeats: Bool = true, weekRules: WeekRules = .gregorian,
                gapPolicy: GapPolicy? = nil, overlapPolicy: OverlapPolicy? = nil,
                semantics: Semantics = defaultSemantics) throws(TriggerError) {
        self.components = try components.validated()
        self.matchingPolicy = matchingPolicy
        self.repeatedTimePolicy = repeatedTimePolicy
        self.direction = direction
        self.repeats = repeats
        self.weekRules = weekRules
        self.gapPolicy = gapPolicy
        self.overlapPolicy = overlapPolicy
        self.semantics = semantics
        self.pattern = MatchPattern(components, weekRules: weekRules)
        self.consistentPattern = semantics == .consistent ? ConsistentPattern(self.components, weekRules: weekRules) : nil
        let night = FastPathNight(self.components, pattern, semantics: semantics, matchingPolicy: matchingPolicy,
                                  repeatedTimePolicy: repeatedTimePolicy, gapPolicy: gapPolicy, overlapPolicy: overlapPolicy)
        self.fastPath = switch semantics {
        case .apple: CalendarFastPath(pattern, matchingPolicy: matchingPolicy, night: night)
        // The fast paths walk the same wall times when the time of day is fixed by rule 1 too and
        // a month comes with a day or an ordinal weekday (`{month: 3, hour: 9}` is every day of
        // March here, not the 1st).
        case .consistent: consistentPattern!.hasFixedTime
            && (components.month == nil || components.day != nil || (components.weekday != nil && components.weekdayOrdinal != nil))
            ? CalendarFastPath(pattern, matchingPolicy: matchingPolicy, night: night) : nil
        }
    }

    // MARK: flutter_local_notifications' DateTimeComponents

    /// flutter `DateTimeComponents.time`: every day at a wall time.
    public static func daily(hour: Int, minute: Int, second: Int = 0) throws(TriggerError) -> CalendarTrigger {
        try CalendarTrigger(components: CalendarComponents(hour: hour, minute: minute, second: second))
    }

    /// flutter `DateTimeComponents.dayOfWeekAndTime`: every week on a weekday at a wall time.
    public static func weekly(weekday: Weekday, hour: Int, minute: Int, second: Int = 0) throws(TriggerError) -> CalendarTrigger {
        try CalendarTrigger(components: CalendarComponents(hour: hour, minute: minute, second: second, weekday: weekday.rawValue))
    }

    /// flutter `DateTimeComponents.dayOfMonthAndTime`: every month on a day at a wall time.
    public static func monthly(day: Int, hour: Int, minute: Int, second: Int = 0) throws(TriggerError) -> CalendarTrigger {
        try CalendarTrigger(components: CalendarComponents(day: day, hour: hour, minute: minute, second: second))
    }

    /// flutter `DateTimeComponents.dateAndTime`: every year on a date at a wall time.
    public static func yearly(month: Int, day: Int, hour: Int, minute: Int, second: Int = 0) throws(TriggerError) -> CalendarTrigger {
        try CalendarTrigger(components: CalendarComponents(month: month, day: day, hour: hour, minute: minute, second: second))
    }
}
