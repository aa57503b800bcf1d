/// flutter_local_notifications' `zonedSchedule(…, matchDateTimeComponents: …)` as its Android
/// code runs it: each next fire is computed from the wall time of the fire before, so a daily
/// 02:30 that met a spring-forward gap fires at 03:30 from then on.
///
/// The plugin's Android source (MaikuB/flutter_local_notifications, commit
/// 00200c634f365a9ec855e2439cbc14ebd510fdb4,
/// `flutter_local_notifications/android/src/main/java/com/dexterous/flutterlocalnotifications/`):
/// - `FlutterLocalNotificationsPlugin.zonedSchedule` (lines 1551–1565): with
///   `matchDateTimeComponents` set, the requested `scheduledDateTime` (the Dart `TZDateTime`'s wall
///   time as `yyyy-MM-ddTHH:mm:ss`, `lib/src/tz_datetime_mapper.dart`) is replaced by
///   `getNextFireDateMatchingDateTimeComponents` (lines 1554–1557) before the alarm is set.
/// - `getNextFireDateMatchingDateTimeComponents` (lines 1280–1321): reads the stored wall time
///   with `ZonedDateTime.of(LocalDateTime.parse(scheduledDateTime), zone)` (1283–1284); takes
///   today's date in the zone at that time of day (`ZonedDateTime.of(now.year, month, day,
///   hour, minute, second, nano, zone)`, 1286–1295); adds a day while it is before now (1296–1299);
///   then, for `DayOfWeekAndTime` / `DayOfMonthAndTime` / `DateAndTime`, adds days until the
///   weekday / day of month / month and day equal the stored wall time's (1302–1319); and returns
///   the result's wall time, `ISO_LOCAL_DATE_TIME.format(nextFireDate)` — the offset is dropped.
/// - `zonedScheduleNotification` (lines 550–573) sets the alarm at
///   `ZonedDateTime.of(LocalDateTime.parse(scheduledDateTime), zone)` (561–566) and saves the
///   details with the new `scheduledDateTime`.
/// - `ScheduledNotificationReceiver.onReceive` (commit 01fd38205d0742e880082c8fa512eac068d13b29,
///   lines 24–51) shows the notification and calls `scheduleNextNotification` (48–49), which for
///   `matchDateTimeComponents` calls `zonedScheduleNextNotificationMatchingDateComponents`
///   (`FlutterLocalNotificationsPlugin.java` 219–235 and 1255–1263): the same computation again,
///   from the stored wall time — the one that just fired.
///
/// So the state carried from fire to fire is the fired wall time: when a gap moves a fire (java.time
/// moves a wall time in a gap later by the gap's length, `JavaZonedTime`), the moved time of day is
/// stored and every later fire keeps it. A repeated wall time fires once, at the earlier instant.
///
/// `nextFire(after:)` from any instant is the schedule the app makes at that instant: the plugin
/// run with `now` = the instant, from the stored wall time (at first the requested one). A fire
/// exactly at `now` counts as past (the receiver runs just after its alarm), so the fire is strictly
/// after the instant. `rescheduled(after:)` is the trigger the receiver leaves behind after a fire;
/// `FireIterator` and `PendingStore` carry it from fire to fire, so a chain of fires is the chain
/// the phone would deliver (with exact alarms delivered on time).
///
/// Example, daily 02:30 in America/New_York made at 2026-03-07T12:00:00Z: 2026-03-08 03:30 EDT
/// (07:30:00Z, `gapShiftedForward`), then 2026-03-09 03:30 EDT (07:30:00Z, `gapShiftCarried`),
/// 03:30 every day after — Foundation (iOS) fires 03:00 on the 8th and 02:30 from the 9th.
public struct FlutterAndroidTrigger: Sendable, Hashable {
    /// flutter's `DateTimeComponents`: which fields of the stored wall time a fire must match.
    public enum Match: String, Sendable, Hashable, Codable, CaseIterable {
        /// Every day at the time (`DateTimeComponents.time`).
        case time
        /// Every week on the weekday (`dayOfWeekAndTime`).
        case dayOfWeekAndTime
        /// Every month on the day (`dayOfMonthAndTime`); a month without the day is passed over.
        case dayOfMonthAndTime
        /// Every year on the month and day (`dateAndTime`); February 29 waits for a leap year.
        case dateAndTime
    }

    /// The fields of a stored wall time the plugin reads: time of day, and the date fields `match`
    /// compares (`weekday` for `dayOfWeekAndTime`, `day` and `month` for the others).
    public struct WallFields: Sendable, Hashable {
        /// The hour, 0…23.
        public let hour: Int
        /// The minute, 0…59.
        public let minute: Int
        /// The second, 0…59.
        public let second: Int
        /// The nanosecond within the second.
        public let nanosecond: Int
        /// The weekday, for `dayOfWeekAndTime`; nil otherwise.
        public let weekday: Weekday?
        /// The day of the month, for `dayOfMonthAndTime` and `dateAndTime`; nil otherwise.
        public let day: Int?
        /// The month, for `dateAndTime`; nil otherwise.
        public let month: Int?

        /// Fields as given (the trigger's initializer checks them); leave out the date fields
        /// `match` does not read.
        public init(hour: Int, minute: Int, second: Int = 0, nanosecond: Int = 0, weekday: Weekday? = nil, day: Int? = nil, month: Int? = nil) {
            self.hour = hour; self.minute = minute; self.second = second; self.nanosecond = nanosecond
            self.weekday = weekday; self.day = day; self.month = month
        }

        /// The fields `match` reads from a wall time.
        init(_ local: CivilDateTime, match: Match) {
            self.init(hour: local.hour, minute: local.minute, second: local.second, nanosecond: local.nanosecond,
                      weekday: match == .dayOfWeekAndTime ? local.weekday : nil,
                      day: match == .dayOfMonthAndTime || match == .dateAndTime ? local.day : nil,
                      month: match == .dateAndTime ? local.month : nil)
        }

        var secondOfDay: Int64 { Int64(hour * 3600 + minute * 60 + second) }

        /// `HH:MM:SS` (with a fraction when there is one).
        public var time: String {
            var text = ISO8601Format.pad(hour, 2) + ":" + ISO8601Format.pad(minute, 2) + ":" + ISO8601Format.pad(second, 2)
            if nanosecond != 0 {
                var fraction = ISO8601Format.pad(nanosecond, 9)
                while fraction.last == "0" { fraction.removeLast() }
                text += "." + fraction
            }
            return text
        }
    }

    /// Which fields must match: the time alone, or with the weekday, the day of the month, or the
    /// date.
    public let match: Match
    /// What the app asked for.
    public let requested: WallFields
    /// The plugin's stored `scheduledDateTime` fields: the requested ones until a fire, then the
    /// wall time of the last fire.
    public let scheduled: WallFields

    /// A schedule as the app makes it. `dayOfWeekAndTime` needs `weekday`, `dayOfMonthAndTime` a
    /// `day` (1–31), `dateAndTime` a `month` and a `day` that month can have.
    public init(match: Match, hour: Int, minute: Int, second: Int = 0, nanosecond: Int = 0,
                weekday: Weekday? = nil, day: Int? = nil, month: Int? = nil) throws(TriggerError) {
        func check(_ name: String, _ value: Int, _ range: ClosedRange<Int>) throws(TriggerError) {
            guard range.contains(value) else { throw .invalidComponent(name: name, value: value, allowed: "\(range.lowerBound)–\(range.upperBound)") }
        }
        try check("hour", hour, 0...23); try check("minute", minute, 0...59); try check("second", second, 0...59)
        try check("nanosecond", nanosecond, 0...999_999_999)
        switch match {
        case .time: break
        case .dayOfWeekAndTime:
            guard weekday != nil else { throw .invalidProfile("flutter dayOfWeekAndTime needs a weekday") }
        case .dayOfMonthAndTime:
            guard let day else { throw .invalidProfile("flutter dayOfMonthAndTime needs a day") }
            try check("day", day, 1...31)
        case .dateAndTime:
            guard let day, let month else { throw .invalidProfile("flutter dateAndTime needs a month and a day") }
            try check("month", month, 1...12)
            try check("day", day, 1...Int(CivilArithmetic.daysInMonth(year: 2000, month: Int64(month))))
        }
        let fields = WallFields(hour: hour, minute: minute, second: second, nanosecond: nanosecond,
                                weekday: match == .dayOfWeekAndTime ? weekday : nil,
                                day: match == .dayOfMonthAndTime || match == .dateAndTime ? day : nil,
                                month: match == .dateAndTime ? month : nil)
        self.init(match: match, requested: fields, scheduled: fields)
    }

    init(match: Match, requested: WallFields, scheduled: WallFields) {
        self.match = match
        self.requested = requested
        self.scheduled = scheduled
    }

    /// Whether the stored wall time has left the requested one (a gap moved an earlier fire).
    public var hasDrifted: Bool { scheduled != requested }

    /// The trigger the plugin stores after `fire`: its wall time becomes the scheduled one.
    public func rescheduled(after fire: Fire) -> FlutterAndroidTrigger {
        FlutterAndroidTrigger(match: match, requested: requested, scheduled: WallFields(fire.local, match: match))
    }

    /// The fire the plugin schedules when it runs at `instant` (see the type's notes): strictly
    /// after `instant`, or nil past year 9999.
    public func nextFire(after instant: Instant, in zone: ZoneRules) -> Fire? {
        let limit = CivilArithmetic.daysFromCivil(year: 9999, month: 12, day: 31) * 86_400
        let nowLocal = instant.seconds + Int64(zone.utcOffset(at: instant))
        let today = CivilArithmetic.floorDivMod(nowLocal, 86_400).quotient
        let nanosecond = Int32(scheduled.nanosecond)
        // Today at the stored time of day, then a day at a time while not after `instant`.
        var candidate = JavaZonedTime.of(localSeconds: today * 86_400 + scheduled.secondOfDay, nanosecond: nanosecond, in: zone)
        while candidate.instant <= instant {
            candidate = candidate.plusDay(in: zone)
            if candidate.localSeconds > limit { return nil }
        }
        while !matches(candidate.local) {
            candidate = candidate.plusDay(in: zone)
            if candidate.localSeconds > limit { return nil }
        }
        // The plugin keeps only the wall time and sets the alarm at it read afresh: an overlap's
        // earlier instant, whichever offset the walk ended on.
        let alarm = JavaZonedTime.of(localSeconds: candidate.localSeconds, nanosecond: nanosecond, in: zone)
        let adjustment: FireAdjustment
        if alarm.resolution == .overlap {
            adjustment = .overlapFirst
        } else if candidate.resolution == .gap {
            adjustment = .gapShiftedForward
        } else if WallFields(alarm.local, match: match) != requested {
            adjustment = .gapShiftCarried
        } else {
            adjustment = .exact
        }
        // An alarm set in the past goes off at once (AlarmManager); only a zone that changes
        // offset twice in a day can make the earlier instant of an overlap fall before `instant`.
        let at = alarm.instant > instant ? alarm.instant : candidate.instant
        return Fire(instant: at, type: zone.type(at: at), adjustment: adjustment)
    }

    private func matches(_ local: CivilDateTime) -> Bool {
        switch match {
        case .time: return true
        case .dayOfWeekAndTime: return local.weekday == scheduled.weekday
        case .dayOfMonthAndTime: return local.day == scheduled.day
        case .dateAndTime: return local.month == scheduled.month && local.day == scheduled.day
        }
    }
}
