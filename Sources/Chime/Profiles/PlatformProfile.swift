/// One app schedule as a platform runs it: an app built with flutter_local_notifications asks for
/// the same `zonedSchedule(…, matchDateTimeComponents: …)` on both, but iOS hands it to Foundation
/// (`UNCalendarNotificationTrigger`: Chime's apple semantics) and Android to the plugin's own Java
/// code (`FlutterAndroidTrigger`), and each keeps a different number of pending requests.
///
/// | profile | trigger | pending limit | beyond the limit |
/// | --- | --- | --- | --- |
/// | `ios` | calendar / weekly, apple semantics | 64 | keep the soonest-firing |
/// | `android` | `FlutterAndroidTrigger` (java.time, state carried from fire to fire) | 500 | refuse (AlarmManager's 500 alarms) |
///
/// Example, every day at 02:30 in America/New_York from 2026-03-07T12:00:00Z: `ios` fires 03:00 EDT
/// on 2026-03-08 and 02:30 from the 9th; `android` fires 03:30 EDT on the 8th and 03:30 every day
/// after (docs/profiles.md).
public enum PlatformProfile: String, Sendable, Hashable, CaseIterable, Codable {
    /// iPhone and iPad: Foundation's calendar rules (Chime's apple semantics), the 64
    /// soonest-firing requests kept.
    case ios
    /// Android: the plugin's Java code (`FlutterAndroidTrigger`), 500 alarms, then refused.
    case android

    /// Requests the platform keeps pending: 64 on iOS ("the soonest-firing 64"), 500 on Android
    /// (the concurrent-alarm limit per app).
    public var pendingLimit: Int { self == .ios ? 64 : 500 }

    /// What happens beyond the limit: iOS keeps the soonest, Android refuses the new alarm.
    public var pendingRule: PendingStore.Rule { self == .ios ? .soonest : .rejectBeyondLimit }

    /// The trigger as this platform runs `trigger`, the app's request.
    ///
    /// - `ios`: calendar and weekly triggers with Foundation's rules (`consistent` is refused: iOS
    ///   does not run it); intervals as they are.
    /// - `android`: a calendar trigger of hour (minute, second) with nothing else, with `weekday`,
    ///   with `day`, or with `month` and `day` becomes flutter's `time`, `dayOfWeekAndTime`,
    ///   `dayOfMonthAndTime` or `dateAndTime`; a weekly trigger with one weekday becomes
    ///   `dayOfWeekAndTime` (the plugin takes one weekday per notification); intervals as they are.
    ///   Explicit DST policies are refused: java.time's rules apply.
    /// Cron, OnCalendar and RRULE schedules are neither platform's: refused.
    public func trigger(for trigger: Trigger) throws(TriggerError) -> Trigger {
        switch (self, trigger) {
        case (_, .interval):
            return trigger
        case (.ios, .calendar(let t)):
            guard t.semantics == .apple else { throw .invalidProfile("iOS runs Foundation's rules (apple semantics), not \(t.semantics.rawValue)") }
            return trigger
        case (.ios, .weekly(let t)):
            guard t.semantics == .apple else { throw .invalidProfile("iOS runs Foundation's rules (apple semantics), not \(t.semantics.rawValue)") }
            return trigger
        case (.ios, .flutterAndroid):
            throw .invalidProfile("a flutterAndroid trigger is Android's; give the schedule as calendar components or weekly")
        case (.android, .flutterAndroid):
            return trigger
        case (.android, .calendar(let t)):
            return .flutterAndroid(try Self.android(t))
        case (.android, .weekly(let t)):
            guard t.weekdays.count == 1 else {
                throw .invalidProfile("flutter_local_notifications schedules one weekday per notification: give one weekday (or one request per weekday)")
            }
            guard t.gapPolicy == nil, t.overlapPolicy == nil, t.semantics == .apple else {
                throw .invalidProfile("the android profile has java.time's DST rules: leave out the gap, overlap and semantics policies")
            }
            return .flutterAndroid(try FlutterAndroidTrigger(match: .dayOfWeekAndTime, hour: t.hour, minute: t.minute, second: t.second,
                                                             weekday: t.weekdays[0]))
        case (_, .cron), (_, .onCalendar), (_, .rrule):
            throw .invalidProfile("cron, OnCalendar and RRULE schedules are neither iOS's nor Android's notification triggers; use a calendar or weekly trigger")
        }
    }

    private static func android(_ t: CalendarTrigger) throws(TriggerError) -> FlutterAndroidTrigger {
        let c = t.components
        guard t.matchingPolicy == .nextTime, t.repeatedTimePolicy == .first, t.direction == .forward, t.repeats,
              t.gapPolicy == nil, t.overlapPolicy == nil, t.semantics == .apple else {
            throw .invalidProfile("the android profile is a repeating forward schedule with java.time's DST rules: leave out matchingPolicy, repeatedTimePolicy, direction, gap, overlap and semantics")
        }
        guard let hour = c.hour else {
            throw .invalidProfile("flutter's zonedSchedule repeats a wall time: the components need an hour (and minute, second)")
        }
        guard c.year == nil, c.weekdayOrdinal == nil, c.weekOfMonth == nil, c.weekOfYear == nil, c.yearForWeekOfYear == nil,
              c.dayOfYear == nil else {
            throw .invalidProfile("flutter's DateTimeComponents match time, weekday, day of month or month and day only")
        }
        let (minute, second, nanosecond) = (c.minute ?? 0, c.second ?? 0, c.nanosecond ?? 0)
        switch (c.weekday, c.day, c.month) {
        case (nil, nil, nil):
            return try FlutterAndroidTrigger(match: .time, hour: hour, minute: minute, second: second, nanosecond: nanosecond)
        case (let weekday?, nil, nil):
            return try FlutterAndroidTrigger(match: .dayOfWeekAndTime, hour: hour, minute: minute, second: second, nanosecond: nanosecond,
                                             weekday: Weekday(rawValue: weekday))
        case (nil, let day?, nil) where day > 0:
            return try FlutterAndroidTrigger(match: .dayOfMonthAndTime, hour: hour, minute: minute, second: second, nanosecond: nanosecond, day: day)
        case (nil, let day?, let month?) where day > 0:
            return try FlutterAndroidTrigger(match: .dateAndTime, hour: hour, minute: minute, second: second, nanosecond: nanosecond,
                                             day: day, month: month)
        default:
            throw .invalidProfile("flutter's DateTimeComponents are time, weekday+time, day+time or month+day+time (no negative days, no weekday with a date)")
        }
    }
}
