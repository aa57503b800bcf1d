import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The robfig flavor against robfig/cron's own published test vectors (robfig/cron v3.0.1, as
/// Debian's golang-github-robfig-cron-dev ships them in /usr/share/gocode/src/github.com/robfig/cron),
/// hand-copied with the file and test named at each group. robfig's tests read times without an
/// offset in `time.Local` (the machine's zone); Chime reads them in UTC — July 2012 and the other
/// dates used have no transition in either, and the tests pass on any machine's zone. Times with an
/// offset (`2012-03-11T00:00:00-0500`) are instants, copied with a colon in the offset.
@Suite struct RobfigTests {
    static func instant(_ text: String) -> Instant { try! ISO8601Format.parseInstant(text) }

    /// robfig's `sched.Next(t)` for `spec`: in the zone its `TZ=` prefix names, else in `zone`.
    static func next(_ spec: String, after: Instant, zone: String = "UTC") throws -> Instant? {
        let trigger = try CronTrigger(expression: spec, flavor: .robfig)
        let rules = try Fixtures.tzifDatabase.rules(for: trigger.zoneIdentifier ?? zone)
        return try trigger.nextFire(after: after, in: rules)?.instant
    }

    /// spec_test.go `TestNext` (every row; `secondParser`, whose 6-field rows are the flavor's grammar).
    @Test func specTestNext() throws {
        let rows: [(time: String, zone: String, spec: String, expected: String?)] = [
            // Simple cases
            ("2012-07-09T14:45:00Z", "UTC", "0 0/15 * * * *", "2012-07-09T15:00:00Z"),
            ("2012-07-09T14:59:00Z", "UTC", "0 0/15 * * * *", "2012-07-09T15:00:00Z"),
            ("2012-07-09T14:59:59Z", "UTC", "0 0/15 * * * *", "2012-07-09T15:00:00Z"),
            // Wrap around hours
            ("2012-07-09T15:45:00Z", "UTC", "0 20-35/15 * * * *", "2012-07-09T16:20:00Z"),
            // Wrap around days
            ("2012-07-09T23:46:00Z", "UTC", "0 */15 * * * *", "2012-07-10T00:00:00Z"),
            ("2012-07-09T23:45:00Z", "UTC", "0 20-35/15 * * * *", "2012-07-10T00:20:00Z"),
            ("2012-07-09T23:35:51Z", "UTC", "15/35 20-35/15 * * * *", "2012-07-10T00:20:15Z"),
            ("2012-07-09T23:35:51Z", "UTC", "15/35 20-35/15 1/2 * * *", "2012-07-10T01:20:15Z"),
            ("2012-07-09T23:35:51Z", "UTC", "15/35 20-35/15 10-12 * * *", "2012-07-10T10:20:15Z"),
            ("2012-07-09T23:35:51Z", "UTC", "15/35 20-35/15 1/2 */2 * *", "2012-07-11T01:20:15Z"),
            ("2012-07-09T23:35:51Z", "UTC", "15/35 20-35/15 * 9-20 * *", "2012-07-10T00:20:15Z"),
            ("2012-07-09T23:35:51Z", "UTC", "15/35 20-35/15 * 9-20 Jul *", "2012-07-10T00:20:15Z"),
            // Wrap around months
            ("2012-07-09T23:35:00Z", "UTC", "0 0 0 9 Apr-Oct ?", "2012-08-09T00:00:00Z"),
            ("2012-07-09T23:35:00Z", "UTC", "0 0 0 */5 Apr,Aug,Oct Mon", "2012-08-01T00:00:00Z"),
            ("2012-07-09T23:35:00Z", "UTC", "0 0 0 */5 Oct Mon", "2012-10-01T00:00:00Z"),
            // Wrap around years
            ("2012-07-09T23:35:00Z", "UTC", "0 0 0 * Feb Mon", "2013-02-04T00:00:00Z"),
            ("2012-07-09T23:35:00Z", "UTC", "0 0 0 * Feb Mon/2", "2013-02-01T00:00:00Z"),
            // Wrap around minute, hour, day, month, and year
            ("2012-12-31T23:59:45Z", "UTC", "0 * * * * *", "2013-01-01T00:00:00Z"),
            // Leap year
            ("2012-07-09T23:35:00Z", "UTC", "0 0 0 29 Feb ?", "2016-02-29T00:00:00Z"),
            // Daylight savings time 2am EST (-5) -> 3am EDT (-4)
            ("2012-03-11T00:00:00-05:00", "UTC", "TZ=America/New_York 0 30 2 11 Mar ?", "2013-03-11T02:30:00-04:00"),
            // hourly job
            ("2012-03-11T00:00:00-05:00", "UTC", "TZ=America/New_York 0 0 * * * ?", "2012-03-11T01:00:00-05:00"),
            ("2012-03-11T01:00:00-05:00", "UTC", "TZ=America/New_York 0 0 * * * ?", "2012-03-11T03:00:00-04:00"),
            ("2012-03-11T03:00:00-04:00", "UTC", "TZ=America/New_York 0 0 * * * ?", "2012-03-11T04:00:00-04:00"),
            ("2012-03-11T04:00:00-04:00", "UTC", "TZ=America/New_York 0 0 * * * ?", "2012-03-11T05:00:00-04:00"),
            // hourly job using CRON_TZ
            ("2012-03-11T00:00:00-05:00", "UTC", "CRON_TZ=America/New_York 0 0 * * * ?", "2012-03-11T01:00:00-05:00"),
            ("2012-03-11T01:00:00-05:00", "UTC", "CRON_TZ=America/New_York 0 0 * * * ?", "2012-03-11T03:00:00-04:00"),
            ("2012-03-11T03:00:00-04:00", "UTC", "CRON_TZ=America/New_York 0 0 * * * ?", "2012-03-11T04:00:00-04:00"),
            ("2012-03-11T04:00:00-04:00", "UTC", "CRON_TZ=America/New_York 0 0 * * * ?", "2012-03-11T05:00:00-04:00"),
            // 1am nightly job
            ("2012-03-11T00:00:00-05:00", "UTC", "TZ=America/New_York 0 0 1 * * ?", "2012-03-11T01:00:00-05:00"),
            ("2012-03-11T01:00:00-05:00", "UTC", "TZ=America/New_York 0 0 1 * * ?", "2012-03-12T01:00:00-04:00"),
            // 2am nightly job (skipped)
            ("2012-03-11T00:00:00-05:00", "UTC", "TZ=America/New_York 0 0 2 * * ?", "2012-03-12T02:00:00-04:00"),
            // Daylight savings time 2am EDT (-4) => 1am EST (-5)
            ("2012-11-04T00:00:00-04:00", "UTC", "TZ=America/New_York 0 30 2 04 Nov ?", "2012-11-04T02:30:00-05:00"),
            ("2012-11-04T01:45:00-04:00", "UTC", "TZ=America/New_York 0 30 1 04 Nov ?", "2012-11-04T01:30:00-05:00"),
            // hourly job
            ("2012-11-04T00:00:00-04:00", "UTC", "TZ=America/New_York 0 0 * * * ?", "2012-11-04T01:00:00-04:00"),
            ("2012-11-04T01:00:00-04:00", "UTC", "TZ=America/New_York 0 0 * * * ?", "2012-11-04T01:00:00-05:00"),
            ("2012-11-04T01:00:00-05:00", "UTC", "TZ=America/New_York 0 0 * * * ?", "2012-11-04T02:00:00-05:00"),
            // 1am nightly job (runs twice)
            ("2012-11-04T00:00:00-04:00", "UTC", "TZ=America/New_York 0 0 1 * * ?", "2012-11-04T01:00:00-04:00"),
            ("2012-11-04T01:00:00-04:00", "UTC", "TZ=America/New_York 0 0 1 * * ?", "2012-11-04T01:00:00-05:00"),
            ("2012-11-04T01:00:00-05:00", "UTC", "TZ=America/New_York 0 0 1 * * ?", "2012-11-05T01:00:00-05:00"),
            // 2am nightly job
            ("2012-11-04T00:00:00-04:00", "UTC", "TZ=America/New_York 0 0 2 * * ?", "2012-11-04T02:00:00-05:00"),
            ("2012-11-04T02:00:00-05:00", "UTC", "TZ=America/New_York 0 0 2 * * ?", "2012-11-05T02:00:00-05:00"),
            // 3am nightly job
            ("2012-11-04T00:00:00-04:00", "UTC", "TZ=America/New_York 0 0 3 * * ?", "2012-11-04T03:00:00-05:00"),
            ("2012-11-04T03:00:00-05:00", "UTC", "TZ=America/New_York 0 0 3 * * ?", "2012-11-05T03:00:00-05:00"),
            // hourly job (the time's own zone: no TZ= prefix)
            ("2012-11-04T00:00:00-04:00", "America/New_York", "0 0 * * * ?", "2012-11-04T01:00:00-04:00"),
            ("2012-11-04T01:00:00-04:00", "America/New_York", "0 0 * * * ?", "2012-11-04T01:00:00-05:00"),
            ("2012-11-04T01:00:00-05:00", "America/New_York", "0 0 * * * ?", "2012-11-04T02:00:00-05:00"),
            // 1am nightly job (runs twice)
            ("2012-11-04T00:00:00-04:00", "America/New_York", "0 0 1 * * ?", "2012-11-04T01:00:00-04:00"),
            ("2012-11-04T01:00:00-04:00", "America/New_York", "0 0 1 * * ?", "2012-11-04T01:00:00-05:00"),
            ("2012-11-04T01:00:00-05:00", "America/New_York", "0 0 1 * * ?", "2012-11-05T01:00:00-05:00"),
            // 2am nightly job
            ("2012-11-04T00:00:00-04:00", "America/New_York", "0 0 2 * * ?", "2012-11-04T02:00:00-05:00"),
            ("2012-11-04T02:00:00-05:00", "America/New_York", "0 0 2 * * ?", "2012-11-05T02:00:00-05:00"),
            // 3am nightly job
            ("2012-11-04T00:00:00-04:00", "America/New_York", "0 0 3 * * ?", "2012-11-04T03:00:00-05:00"),
            ("2012-11-04T03:00:00-05:00", "America/New_York", "0 0 3 * * ?", "2012-11-05T03:00:00-05:00"),
            // Unsatisfiable
            ("2012-07-09T23:35:00Z", "UTC", "0 0 0 30 Feb ?", nil),
            ("2012-07-09T23:35:00Z", "UTC", "0 0 0 31 Apr ?", nil),
            // Monthly job
            ("2012-11-04T00:00:00-04:00", "America/New_York", "0 0 3 3 * ?", "2012-12-03T03:00:00-05:00"),
            // Test the scenario of DST resulting in midnight not being a valid time (robfig/cron#157)
            ("2018-10-17T05:00:00-04:00", "UTC", "TZ=America/Sao_Paulo 0 0 9 10 * ?", "2018-11-10T06:00:00-05:00"),
            ("2018-02-14T05:00:00-05:00", "UTC", "TZ=America/Sao_Paulo 0 0 9 22 * ?", "2018-02-22T07:00:00-05:00"),
        ]
        for row in rows {
            let got = try Self.next(row.spec, after: Self.instant(row.time), zone: row.zone)
            #expect(got == row.expected.map(Self.instant), "\(row.time) \(row.spec)")
        }
    }

    /// spec_test.go `TestActivation`: `Next(time − 1s) == time` exactly when `expected`. Its specs are
    /// 5-field (`ParseStandard`); `normalizeFields` (parser.go) fills the absent seconds field with
    /// its default "0", so each is written here with a leading `0 ` — the same schedule.
    @Test func specTestActivation() throws {
        let rows: [(time: String, spec: String, expected: Bool)] = [
            // Every fifteen minutes.
            ("2012-07-09T15:00:00Z", "0/15 * * * *", true), ("2012-07-09T15:45:00Z", "0/15 * * * *", true),
            ("2012-07-09T15:40:00Z", "0/15 * * * *", false),
            // Every fifteen minutes, starting at 5 minutes.
            ("2012-07-09T15:05:00Z", "5/15 * * * *", true), ("2012-07-09T15:20:00Z", "5/15 * * * *", true),
            ("2012-07-09T15:50:00Z", "5/15 * * * *", true),
            // Named months
            ("2012-07-15T15:00:00Z", "0/15 * * Jul *", true), ("2012-07-15T15:00:00Z", "0/15 * * Jun *", false),
            // Everything set.
            ("2012-07-15T08:30:00Z", "30 08 ? Jul Sun", true), ("2012-07-15T08:30:00Z", "30 08 15 Jul ?", true),
            ("2012-07-16T08:30:00Z", "30 08 ? Jul Sun", false), ("2012-07-16T08:30:00Z", "30 08 15 Jul ?", false),
            // Interaction of DOW and DOM: both restricted, only one needs to match.
            ("2012-07-15T00:00:00Z", "* * 1,15 * Sun", true), ("2012-06-15T00:00:00Z", "* * 1,15 * Sun", true),
            ("2012-08-01T00:00:00Z", "* * 1,15 * Sun", true), ("2012-07-15T00:00:00Z", "* * */10 * Sun", true),
            // However, if one has a star, then both need to match.
            ("2012-07-15T00:00:00Z", "* * * * Mon", false), ("2012-07-09T00:00:00Z", "* * 1,15 * *", false),
            ("2012-07-15T00:00:00Z", "* * 1,15 * *", true), ("2012-07-15T00:00:00Z", "* * */2 * Sun", true),
        ]
        for row in rows {
            let at = Self.instant(row.time)
            let got = try Self.next("0 " + row.spec, after: at.adding(seconds: -1))
            #expect((got == at) == row.expected, "\(row.time) \(row.spec)")
        }
        // The predefined schedules of the same test (descriptors need no translation).
        let descriptors: [(time: String, spec: String, expected: Bool)] = [
            ("2012-07-09T15:00:00Z", "@hourly", true), ("2012-07-09T15:04:00Z", "@hourly", false),
            ("2012-07-09T15:00:00Z", "@daily", false), ("2012-07-09T00:00:00Z", "@daily", true),
            ("2012-07-09T00:00:00Z", "@weekly", false), ("2012-07-08T00:00:00Z", "@weekly", true),
            ("2012-07-08T01:00:00Z", "@weekly", false), ("2012-07-08T00:00:00Z", "@monthly", false),
            ("2012-07-01T00:00:00Z", "@monthly", true),
        ]
        for row in descriptors {
            let at = Self.instant(row.time)
            #expect((try Self.next(row.spec, after: at.adding(seconds: -1)) == at) == row.expected, "\(row.time) \(row.spec)")
        }
    }

    /// constantdelay_test.go `TestConstantDelayNext`: `Every(delay).Next(t)`, the delays written as
    /// the `@every` durations Go's `time.ParseDuration` reads to the same `time.Duration`.
    @Test func constantDelayNext() throws {
        let rows: [(time: Instant, every: String, expected: String)] = [
            (Self.instant("2012-07-09T14:45:00Z"), "15m50ns", "2012-07-09T15:00:00Z"),
            (Self.instant("2012-07-09T14:59:00Z"), "15m", "2012-07-09T15:14:00Z"),
            (Self.instant("2012-07-09T14:59:59Z"), "15m", "2012-07-09T15:14:59Z"),
            (Self.instant("2012-07-09T15:45:00Z"), "35m", "2012-07-09T16:20:00Z"),
            (Self.instant("2012-07-09T23:46:00Z"), "14m", "2012-07-10T00:00:00Z"),
            (Self.instant("2012-07-09T23:45:00Z"), "35m", "2012-07-10T00:20:00Z"),
            (Self.instant("2012-07-09T23:35:51Z"), "44m24s", "2012-07-10T00:20:15Z"),
            (Self.instant("2012-07-09T23:35:51Z"), "25h44m24s", "2012-07-11T01:20:15Z"),
            (Self.instant("2012-07-09T23:35:00Z"), "2184h25m", "2012-10-09T00:00:00Z"),      // 91*24h + 25m
            (Self.instant("2012-12-31T23:59:45Z"), "15s", "2013-01-01T00:00:00Z"),
            (Self.instant("2012-07-09T14:45:00Z"), "15ms", "2012-07-09T14:45:01Z"),
            (Instant(seconds: Self.instant("2012-07-09T14:45:00Z").seconds, nanoseconds: 5_000_000), "15m", "2012-07-09T15:00:00Z"),
            (Instant(seconds: Self.instant("2012-07-09T14:45:00Z").seconds, nanoseconds: 5_000_000), "15m50ns", "2012-07-09T15:00:00Z"),
        ]
        for row in rows {
            #expect(try Self.next("@every " + row.every, after: row.time) == Self.instant(row.expected), "\(row.time) \(row.every)")
        }
    }

    /// parser_test.go `TestParseSchedule` (the `secondParser` rows) and `TestField`/`TestRange`'s
    /// bit patterns, read through whole expressions.
    @Test func parserTestParseSchedule() throws {
        let every5min = try CronParser.parse("CRON_TZ=UTC  0 5 * * * *", flavor: .robfig)
        #expect(every5min.zoneIdentifier == "UTC" && every5min.seconds == 1 && every5min.minutes == 1 << 5 && every5min.hours == 0xFF_FFFF)
        #expect(try CronParser.parse("CRON_TZ=Asia/Tokyo 0 5 * * * *", flavor: .robfig).zoneIdentifier == "Asia/Tokyo")
        #expect(try CronParser.parse("0 5 * * * *", flavor: .robfig).zoneIdentifier == nil)
        #expect(try CronParser.parse("@every 5m", flavor: .robfig).everyNanoseconds == 300_000_000_000)
        let midnight = try CronParser.parse("TZ=UTC  @midnight", flavor: .robfig)
        #expect(midnight.zoneIdentifier == "UTC" && midnight.hours == 1 && midnight.minutes == 1 && midnight.seconds == 1)
        #expect(try CronParser.parse("TZ=Asia/Tokyo @midnight", flavor: .robfig).zoneIdentifier == "Asia/Tokyo")
        for yearly in ["@yearly", "@annually"] {
            let e = try CronParser.parse(yearly, flavor: .robfig)
            #expect(e.daysOfMonth == 1 << 1 && e.months == 1 << 1 && e.weekdays == 0x7F && e.dayRule == .and)
        }
        // "* 5 * * * *": every second of minute 5 of every hour.
        let e = try CronParser.parse("* 5 * * * *", flavor: .robfig)
        #expect(e.seconds == 0x0FFF_FFFF_FFFF_FFFF && e.minutes == 1 << 5 && e.daysOfMonth == 0xFFFF_FFFE && e.months == 0x1FFE && e.weekdays == 0x7F)
        // TestField "1,5-7/2,3" (here in the hour field) and TestRange "5-7/2", "5-6/2", "*/2".
        #expect(try CronParser.parse("0 0 1,5-7/2,3 * * *", flavor: .robfig).hours == 1 << 1 | 1 << 5 | 1 << 7 | 1 << 3)
        #expect(try CronParser.parse("0 5-7/2 5-6/2 * * *", flavor: .robfig).minutes == 1 << 5 | 1 << 7)
        #expect(try CronParser.parse("0 5-7/2 5-6/2 * * *", flavor: .robfig).hours == 1 << 5)
        #expect(try CronParser.parse("0 0 0 * */2 *", flavor: .robfig).months == 1 << 1 | 1 << 3 | 1 << 5 | 1 << 7 | 1 << 9 | 1 << 11)
    }

    /// parser_test.go `TestParseScheduleErrors` and `TestRange`'s error rows (as whole expressions),
    /// spec_test.go `TestErrors` and `TestSlash0NoHang` (6-field forms): each an error naming the field.
    @Test func parserErrors() {
        let cases: [(String, String)] = [
            ("* 5 j * * *", "field 3 (hour) at column 5, 'j': 'j' is not a number"),
            ("@every Xm", "field 1 (@every duration) at column 8, 'Xm'"),
            ("@unrecognized", "field 1 (descriptor) at column 1, '@unrecognized'"),
            ("* * * *", "a robfig cron expression has 6 fields, got 4"),
            ("", "the cron expression is empty"),
            ("0 5--5 * * * *", "field 2 (minute) at column 3, '5--5': too many hyphens"),
            ("0 0 0 * jan-x *", "field 5 (month) at column 9, 'jan-x': 'x' is not a number or a name"),
            ("*/-12 * * * * *", "field 1 (second) at column 1, '*/-12': negative number (-12) not allowed"),
            ("*//2 * * * * *", "field 1 (second) at column 1, '*//2': too many slashes"),
            ("0 0 0 0 * *", "field 4 (day-of-month) at column 7, '0': beginning of range (0) below minimum (1)"),
            ("0 0 24 * * *", "field 3 (hour) at column 5, '24': end of range (24) above maximum (23)"),
            ("0 0 5-3 * * *", "field 3 (hour) at column 5, '5-3': beginning of range (5) beyond end of range (3)"),
            ("*/0 * * * * *", "field 1 (second) at column 1, '*/0': the step must be a positive number"),
            ("xyz", "a robfig cron expression has 6 fields, got 1"),
            ("0 60 0 * * *", "field 2 (minute) at column 3, '60': end of range (60) above maximum (59)"),
            ("0 0 0 * * XYZ", "field 6 (day-of-week) at column 11, 'XYZ': 'XYZ' is not a number or a name"),
            ("TZ=America/New_York 0 15/0 * * * *", "field 2 (minute) at column 23, '15/0': the step must be a positive number"),
            ("TZ=UTC", "field 0 (zone prefix) at column 1, 'TZ=UTC'"),
            ("0 0 0 * * 7", "field 6 (day-of-week) at column 11, '7': end of range (7) above maximum (6)"),
            ("0 0 1,2,x * * *", "field 3 (hour) at column 9, 'x'"),
        ]
        for (expression, message) in cases {
            do {
                _ = try CronTrigger(expression: expression, flavor: .robfig)
                Issue.record("\(expression) was accepted")
            } catch {
                #expect(error.description.hasPrefix(message), "\(expression): \(error.description)")
            }
        }
        // Backward: robfig has no previous-fire search.
        #expect(throws: CronError.self) { try CronTrigger(expression: "0 0 0 * * *", flavor: .robfig, direction: .backward) }
    }

    /// The oddities robfig's parser reads without an error (parser.go `getRange`, `getField`), read
    /// the same way: `*-5` is `*`, `?` in any field, `+5`, empty list elements dropped, names in any case.
    @Test func parserOddities() throws {
        let e = try CronParser.parse("*-5 ? +5 1,,15, JAN,jUl ?/2", flavor: .robfig)
        #expect(e.seconds == 0x0FFF_FFFF_FFFF_FFFF && e.minutes == 0x0FFF_FFFF_FFFF_FFFF && e.hours == 1 << 5)
        #expect(e.daysOfMonth == 1 << 1 | 1 << 15 && e.months == 1 << 1 | 1 << 7 && e.weekdays == 1 << 0 | 1 << 2 | 1 << 4 | 1 << 6)
        #expect(e.dayRule == .or)          // "?/2" clears the star bit (step > 1): both day fields restricted
        #expect(try CronParser.parse("0 0 0 1 * */1", flavor: .robfig).dayRule == .and)   // "*/1" keeps it
        #expect(try CronParser.parse("TZ=Local 0 0 0 * * *", flavor: .robfig).zoneIdentifier == nil)
        #expect(try CronParser.parse("TZ= 0 0 0 * * *", flavor: .robfig).zoneIdentifier == "UTC")
        #expect(try CronParser.parse("@every -5m", flavor: .robfig).everyNanoseconds == 1_000_000_000)
        #expect(try CronParser.parse("@every 1.5h", flavor: .robfig).everyNanoseconds == 5_400_000_000_000)
        #expect(throws: CronError.self) { try CronParser.parse("@daily ", flavor: .robfig) }
        #expect(throws: CronError.self) { try CronParser.parse("@Daily", flavor: .robfig) }
    }

    /// The `TZ=` prefix sets the zone as an OnCalendar zone does. Berlin 2026-03-29 (02:00 CET →
    /// 03:00 CEST at 01:00:00Z): `0 30 2 * * *` after 03-28 12:00Z — robfig's hour loop steps from
    /// 01:00 CET to 03:00 CEST (an elapsed hour) and never sees hour 2 that day (as spec_test.go's
    /// "2am nightly job (skipped)"), so 03-30 02:30 CEST = 00:30:00Z. A conflicting request zone is
    /// `zoneConflict`, a backward robfig trigger and a 5-field expression are `invalidCronExpression`.
    @Test func batchAndCommandLine() throws {
        let input = [
            #"{"id":"a","after":"2026-03-28T12:00:00Z","count":1,"trigger":{"cron":{"expression":"CRON_TZ=Europe/Berlin 0 30 2 * * *","flavor":"robfig"}}}"#,
            #"{"id":"b","zone":"UTC","trigger":{"cron":{"expression":"TZ=Europe/Berlin 0 30 2 * * *","flavor":"robfig"}}}"#,
            #"{"id":"c","zone":"UTC","trigger":{"cron":{"expression":"0 30 2 * * *","flavor":"robfig","direction":"backward"}}}"#,
            #"{"id":"d","zone":"UTC","trigger":{"cron":{"expression":"30 2 * * *","flavor":"robfig"}}}"#,
        ].joined(separator: "\n") + "\n"
        let result = Fixtures.run(try ChimeCLI.executable(), ["batch"], environment: ChimeCLI.baseEnvironment, stdin: Data(input.utf8))
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].contains(#""zone":"Europe/Berlin""#) && lines[0].contains(#""utc":"2026-03-30T00:30:00Z""#))
        #expect(lines[1].contains(#""code":"zoneConflict""#))
        #expect(lines[2].contains(#""code":"invalidCronExpression""#) && lines[2].contains("backward"))
        #expect(lines[3].contains(#""code":"invalidCronExpression""#) && lines[3].contains("6 fields, got 5"))
        let conflict = Fixtures.run(try ChimeCLI.executable(), ["next", "--cron", "TZ=Europe/Berlin 0 30 2 * * *", "--flavor", "robfig", "--tz", "UTC"],
                                    environment: ChimeCLI.baseEnvironment)
        #expect(conflict.status == 2 && conflict.error.contains("differs from the zone the cron expression"))
        let next = Fixtures.run(try ChimeCLI.executable(), ["next", "--cron", "TZ=Europe/Berlin 0 30 2 * * *", "--flavor", "robfig",
                                                              "--after", "2026-03-28T12:00:00Z", "--json"], environment: ChimeCLI.baseEnvironment)
        #expect(next.status == 0 && next.output.contains(#""utc":"2026-03-30T00:30:00Z""#))
    }

    /// robfig's walk where no nearest-instant rule gives its answer (derived by stepping spec.go
    /// `Next` by hand with Go's `time.Date` rule; the real robfig_oracle.go gives the same instants):
    /// - Lord Howe 2025-10-05 (02:00 +10:30 → 02:30 +11 at 2025-10-04T15:30:00Z), `0 0 3 * * *` from
    ///   02:40 +11 (15:40:00Z): hour 2 is not wanted, so the hour loop truncates with
    ///   `time.Date(…, 2, 0, 0)`; 02:00 is in the gap and Date resolves it to 15:30:00Z (02:30 +11),
    ///   one elapsed hour later is 03:30 +11, past the minute 0: 03:00 that day is missed, and the
    ///   fire is 10-06 03:00 +11 = 2025-10-05T16:00:00Z.
    /// - Beirut 2022-03-27 (00:00 +02 → 01:00 +03 at 03-26 22:00:00Z), `0 0 12 27 * *` from
    ///   03-25 12:00 +02: the day loop's `AddDate` reaches 03-27 00:00, in the gap; Date resolves it
    ///   to 01:00 +03, and the loop's rule "subtract an hour if it's 1" moves to 03-26 23:00 +02, the
    ///   next `AddDate` to 03-27 23:00 and "+1 hour" to 03-28 00:00: the 27th is passed, the fire is
    ///   04-27 12:00 +03 = 2022-04-27T09:00:00Z.
    @Test func walkQuirks() throws {
        #expect(try Self.next("0 0 3 * * *", after: Self.instant("2025-10-04T15:40:00Z"), zone: "Australia/Lord_Howe")
                == Self.instant("2025-10-05T16:00:00Z"))
        #expect(try Self.next("0 0 12 27 * *", after: Self.instant("2022-03-25T10:00:00Z"), zone: "Asia/Beirut")
                == Self.instant("2022-04-27T09:00:00Z"))
        // yearLimit (spec.go `Next`): from 2096-03-01 the next February 29 is 2104-02-29 (2100 is not
        // a leap year), past 2096 + 5: no fire.
        #expect(try Self.next("0 0 0 29 2 *", after: Self.instant("2096-03-01T00:00:00Z")) == nil)
        #expect(try Self.next("0 0 0 29 2 *", after: Self.instant("2095-03-01T00:00:00Z")) == Self.instant("2096-02-29T00:00:00Z"))
        // America/Argentina/Catamarca 1991-03-03T02:00:00Z: −02 → −04, the walls 22:00–23:59 of 03-02
        // happen twice. `0 0 23 * * *` from 02:00:00Z (22:00 −04, second pass): robfig's hour loop
        // truncates with time.Date(22:00), which resolves to the first pass (00:00Z), steps an hour to
        // 23:00 −02 = 01:00:00Z and answers that — before the start (the real robfig_oracle.go answers
        // 667962000 = 01:00:00Z). Chime answers the next instant after the start whose wall time is
        // 23:00:00: the second pass, 23:00 −04 = 1991-03-03T03:00:00Z.
        #expect(try Self.next("0 0 23 * * *", after: Self.instant("1991-03-03T02:00:00Z"), zone: "America/Argentina/Catamarca")
                == Self.instant("1991-03-03T03:00:00Z"))
        // The same fields with explicit policies run the shared nearest-instant search instead:
        // 03:00 +11 on 10-05 exists, so it fires that day (2025-10-04T16:00:00Z).
        let trigger = try CronTrigger(expression: "0 0 3 * * *", flavor: .robfig, gapPolicy: .skip, overlapPolicy: .both)
        #expect(try trigger.nextFire(after: Self.instant("2025-10-04T15:40:00Z"), in: Fixtures.tzifDatabase.rules(for: "Australia/Lord_Howe"))?.instant
                == Self.instant("2025-10-04T16:00:00Z"))
    }
}
