import Testing
@testable import Chime

/// The schedule in words (`Trigger.inWords`). The expected sentences are written by hand from the
/// expressions' documented meaning (crontab(5), systemd.time(7), Apple's `DateComponents`), and the
/// same schedule written in different dialects must read the same.
@Suite struct ScheduleWordsTests {
    static func calendar(_ components: CalendarComponents) throws -> Trigger {
        .calendar(try CalendarTrigger(components: components))
    }

    static func cron(_ expression: String, _ flavor: CronFlavor = .posix) throws -> Trigger {
        .cron(try CronTrigger(expression: expression, flavor: flavor))
    }

    static func onCalendar(_ expression: String) throws -> Trigger {
        .onCalendar(try OnCalendarTrigger(expression: expression, isZone: { $0 == "UTC" }))
    }

    /// One schedule, three dialects, one sentence.
    @Test func sameScheduleReadsTheSameInEveryDialect() throws {
        let daily = [try Self.calendar(CalendarComponents(hour: 2, minute: 30)), try Self.cron("30 2 * * *"),
                     try Self.cron("30 2 * * *", .croniter), try Self.onCalendar("*-*-* 02:30:00")]
        #expect(Set(daily.map { $0.inWords(zone: "America/New_York") }) == ["at 02:30 every day, America/New_York"])

        let weekdays = [Trigger.weekly(try WeeklyTrigger(weekdays: [.monday, .tuesday, .wednesday, .thursday, .friday], hour: 9, minute: 0)),
                        try Self.cron("0 9 * * mon-fri"), try Self.onCalendar("Mon..Fri 09:00")]
        #expect(Set(weekdays.map { $0.inWords() }) == ["at 09:00 on Monday through Friday"])

        // Apple weekday 1 is Sunday, cron 0 (and 7), systemd `Sun`.
        let sundays = [try Self.calendar(CalendarComponents(hour: 7, minute: 15, weekday: 1)), try Self.cron("15 7 * * 7"),
                       try Self.cron("15 7 * * 0"), try Self.onCalendar("Sun *-*-* 07:15")]
        #expect(Set(sundays.map { $0.inWords() }) == ["at 07:15 on Sunday"])

        // The last day of the month: Chime's negative day, croniter's `L`, systemd's `~1`.
        let lastDay = [try Self.calendar(CalendarComponents(day: -1, hour: 18)), try Self.cron("0 18 L * *", .croniter),
                       try Self.onCalendar("*-*~1 18:00")]
        #expect(Set(lastDay.map { $0.inWords() }) == ["at 18:00 on the last day of the month"])

        let quarterly = [try Self.cron("0 0 1 */3 *"), try Self.cron("0 0 1 jan,apr,jul,oct *"), try Self.onCalendar("quarterly")]
        #expect(Set(quarterly.map { $0.inWords() }) == ["at 00:00 on day 1 of the month in January, April, July and October"])
    }

    @Test(arguments: [
        // A component not given is any value above the smallest given and its minimum below it.
        (CalendarComponents(day: 31), "at 00:00 on day 31 of the month"),
        (CalendarComponents(minute: 15, weekday: 2), "at minute 15 of every hour on Monday (as written; Foundation's search may fire on fewer of these)"),
        (CalendarComponents(second: 30), "at second 30 of every minute"),
        (CalendarComponents(hour: 9, weekday: 6, weekdayOrdinal: -1), "at 09:00 on the last Friday of the month"),
        (CalendarComponents(day: -2, hour: 8), "at 08:00 on the second-to-last day of the month"),
        (CalendarComponents(month: 2, day: 29, hour: 9), "at 09:00 on February 29"),
        (CalendarComponents(year: 2027, month: 1, day: 1), "at 00:00 on January 1 in 2027"),
        (CalendarComponents(hour: 9, weekday: 2, weekOfYear: 10), "at 09:00 in week 10 of the year when it is Monday"),
        (CalendarComponents(month: 3), "at 00:00 every day in March"),
    ])
    func calendarComponents(components: CalendarComponents, words: String) throws {
        #expect(try Self.calendar(components).inWords() == words)
    }

    @Test(arguments: [
        ("*/15 9-17 * * 1-5", CronFlavor.posix, "every 15 minutes during hours 9 through 17 on Monday through Friday"),
        // Both day fields restricted: crontab(5) fires when either matches.
        ("0 0 13 * 5", .posix, "at 00:00 on day 13 of the month and on every Friday"),
        // Day-of-month starts with `*`: both must match (cronie's DOM_STAR).
        ("0 0 */13 * 5", .posix, "at 00:00 on days 1, 14 and 27 of the month when it is Friday"),
        ("0 */2 * * *", .posix, "at minute 0 of every 2nd hour"),
        ("*/5 * * * *", .posix, "every 5 minutes"),
        ("@hourly", .posix, "at minute 0 of every hour"),
        ("0 0 * jan-mar,oct *", .posix, "at 00:00 every day in January through March and October"),
        ("30 2 * * * 10,45", .croniter, "at 02:30:10 and 02:30:45 every day"),
        ("0 9 * * 2#3", .croniter, "at 09:00 on the third Tuesday of the month"),
        ("0 9 * * L5", .croniter, "at 09:00 on the last Friday of the month"),
        ("0 9 15W * *", .croniter, "at 09:00 on the weekday nearest day 15 of the month"),
        ("* * * * * */10", .croniter, "every 10 seconds of every minute"),
        ("0 0 1 1 * 0 2027-2030", .croniter, "at 00:00 on January 1 in years 2027 through 2030"),
        // Quartz's day flags (its CronExpression class comment): `6L` the last Friday, `6#3` the
        // third, `L-3` three days before the last, `LW` the last weekday, `15W` nearest the 15th.
        ("0 0 9 ? * 6L", .quartz, "at 09:00 on the last Friday of the month"),
        ("0 0 9 ? * 6#3", .quartz, "at 09:00 on the third Friday of the month"),
        ("0 0 9 L * ?", .quartz, "at 09:00 on the last day of the month"),
        ("0 0 9 L-3 * ?", .quartz, "at 09:00 on the fourth-to-last day of the month"),
        ("0 0 9 LW * ?", .quartz, "at 09:00 on the last weekday (Monday to Friday) of the month"),
        ("0 0 9 15W * ?", .quartz, "at 09:00 on the weekday nearest day 15 of the month"),
        ("0 0 9 ? * MON-FRI", .quartz, "at 09:00 on Monday through Friday"),
        ("0 0 9 1,15 * ? 2030", .quartz, "at 09:00 on days 1 and 15 of the month in 2030"),
    ])
    func cronExpressions(expression: String, flavor: CronFlavor, words: String) throws {
        #expect(try Self.cron(expression, flavor).inWords() == words)
    }

    @Test(arguments: [
        ("Sat,Sun 2027..2029-03..10-* 9,12,17:00", "at 09:00, 12:00 and 17:00 on Saturday and Sunday in March through October in years 2027 through 2029"),
        ("*-*~7/1 04:00", "at 04:00 on the last 7 days of the month"),
        ("*-*~3 04:00", "at 04:00 on the third-to-last day of the month"),
        ("*:0/10:0.5", "at second 00.5 of every 10th minute"),
        ("*-*-* *:*:*", "every second"),
        ("minutely", "every minute"),
    ])
    func onCalendarExpressions(expression: String, words: String) throws {
        #expect(try Self.onCalendar(expression).inWords() == words)
    }

    /// Foundation answers `{month: 3, hour: 9}` with March 1 only (from 2026-03-01T10:00:00Z: 2027-03-01
    /// 09:00, docs/apple-semantics.md rule 2), so the apple semantics' words say they are the plain reading.
    @Test func appleWordsWarnWhereFoundationFillsOpenFields() throws {
        let open = CalendarComponents(month: 3, hour: 9)
        #expect(try Self.calendar(open).inWords() == "at 09:00 every day in March (as written; Foundation's search may fire on fewer of these)")
        #expect(Trigger.calendar(try CalendarTrigger(components: open, semantics: .consistent)).inWords() == "at 09:00 every day in March")
        #expect(try !Self.calendar(CalendarComponents(month: 3, day: 1, hour: 9)).inWords().contains("as written"))
    }

    /// systemd.time(7): seconds may have decimals; `A/R` repeats from A by R within the minute.
    @Test(arguments: [
        ("*:*:0/0.5", "every 0.5 seconds of every minute"),
        ("*:*:23.42/1.77", "every 1.77 seconds from 23.42 through 58.82 of every minute"),   // 23.42 + 20 × 1.77
        ("*:*:10/20", "every 20th second from 10 through 50 of every minute"),
        ("*:*:05..06", "at seconds 05 through 06 of every minute"),
    ])
    func onCalendarFractionalSeconds(expression: String, words: String) throws {
        #expect(try Self.onCalendar(expression).inWords() == words)
    }

    @Test func intervalsReadAsElapsedTime() throws {
        let anchor = Instant(seconds: 1_772_928_000)                 // 2026-03-08T00:00:00Z
        let every = try IntervalTrigger(interval: ExactDuration(nanoseconds: 5_400_000_000_000), repeats: true, anchor: anchor)
        #expect(Trigger.interval(every).inWords(zone: "America/New_York")
                == "every 1 h 30 min of elapsed time from 2026-03-08T00:00:00Z, America/New_York")
        let once = try IntervalTrigger(interval: ExactDuration(nanoseconds: 90_000_000_000), repeats: false, anchor: anchor)
        #expect(Trigger.interval(once).inWords() == "once, 1 min 30 s after 2026-03-08T00:00:00Z")
        #expect(Trigger.interval(once).outline == nil)
        // robfig's `@every 1h30m` is elapsed time too (constantdelay.go).
        #expect(try Self.cron("@every 1h30m", .robfig).inWords() == "every 1 h 30 min of elapsed time")
    }
}
