import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// Hand-derived facts for the `apscheduler3` and `apscheduler` flavors: each expectation is worked
/// out in its comment from APScheduler's source (`apscheduler/triggers/cron/__init__.py`:
/// `get_next_fire_time` / `next`, `_increment_field_value`, `_set_field_value`; 3.11.3 and 4.0.0a6
/// share the walk) and New York's offsets, or copied from APScheduler's own test suite with its
/// citation. The differential test (`APSchedulerDifferentialTests`) runs the real libraries.
@Suite struct APSchedulerTriggerTests {
    static func fires(_ expression: String, _ flavor: CronFlavor = .apscheduler3, zone: String = "America/New_York",
                      after: String, count: Int) throws -> [Fire] {
        try CronTriggerTests.fires(expression, flavor, zone: zone, after: after, count: count)
    }

    static func utc(_ fires: [Fire]) -> [String] { fires.map(\.instant.utcString) }

    static func error(_ expression: String, _ flavor: CronFlavor = .apscheduler3) -> String? {
        do { _ = try CronTrigger(expression: expression, flavor: flavor); return nil } catch { return "\(error)" }
    }

    // MARK: DST, New York 2026 (hand-derived)

    /// 2026-03-08: 02:00 EST (−05:00) → 03:00 EDT (−04:00) at 07:00:00Z; 02:00–02:59 never happen.
    /// `30 2 * * *` after 2026-03-07T12:00:00Z: the walk starts at 07:00:01 EST on the 7th; the hour
    /// field (2) is below 7, so it carries to the 8th 00:00 (`_increment_field_value`), then raises
    /// the hour to 2 with `_set_field_value` → minute 30: the wall time 02:30 with fold 0, which
    /// zoneinfo reads with the offset before the gap (PEP 495), −05:00: 07:30:00Z = 03:30 EDT. It is
    /// not skipped and not moved to 03:00. Chained from 07:30:01Z (03:30:01 EDT, hour 3 > 2) it
    /// carries to the 9th: 02:30 EDT = 06:30:00Z, then 03-10 06:30:00Z. Both versions.
    @Test(arguments: [CronFlavor.apscheduler3, .apscheduler])
    func dailyInTheSpringGap(flavor: CronFlavor) throws {
        let f = try Self.fires("30 2 * * *", flavor, after: "2026-03-07T12:00:00Z", count: 3)
        #expect(Self.utc(f) == ["2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z", "2026-03-10T06:30:00Z"])
        #expect(f.map(\.adjustment) == [.gapShiftedForward, .exact, .exact])
    }

    /// 2026-11-01: 02:00 EDT → 01:00 EST at 06:00:00Z; 01:00–01:59 happen twice. `30 1 * * *` after
    /// 2026-10-31T12:00:00Z: the walk reaches the 1st 00:00 EDT, raises the hour to 1 and the minute
    /// to 30 with fold 0: 01:30 EDT = 05:30:00Z. Chained from 05:30:01Z (01:30:01 EDT): the second
    /// (0) carries the minute to 01:31; the minute (30) carries the hour: 02:00 wall is 29 minutes
    /// on, and `_increment_field_value` adds those 29 minutes to 05:31:00Z: 06:00:00Z, which is
    /// 01:00 EST (fold 1) — back in hour 1. The hour matches, the minute is raised to 30 keeping
    /// fold 1: 01:30 EST = 06:30:00Z fires too. From 06:30:01Z the same carry reaches 02:00 EST
    /// (07:00:00Z), hour 2 > 1: the next day, 01:30 EST = 2026-11-02T06:30:00Z.
    @Test(arguments: [CronFlavor.apscheduler3, .apscheduler])
    func dailyInTheRepeatedHourFiresTwice(flavor: CronFlavor) throws {
        let f = try Self.fires("30 1 * * *", flavor, after: "2026-10-31T12:00:00Z", count: 3)
        #expect(Self.utc(f) == ["2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z", "2026-11-02T06:30:00Z"])
        #expect(f.map(\.adjustment) == [.overlapFirst, .overlapLast, .exact])
    }

    /// `*/20 2 * * *` on the spring night: the first walk sets 02:00 fold 0 = 07:00:00Z (03:00
    /// EDT); the next starts at 03:00:01 EDT, where the hour (3) is past 2: 02:20 and 02:40 do not
    /// fire that night (a nearest-instant reading would give 07:20 and 07:40Z). Then 03-09 02:00,
    /// 02:20 EDT = 06:00, 06:20Z.
    @Test func stepsInTheGapFireOnce() throws {
        #expect(Self.utc(try Self.fires("*/20 2 * * *", after: "2026-03-07T12:00:00Z", count: 3))
                == ["2026-03-08T07:00:00Z", "2026-03-09T06:00:00Z", "2026-03-09T06:20:00Z"])
    }

    /// Hourly `0 * * * *` in the repeated hour: from 05:00:01Z (01:00:01 EDT) the minute carries
    /// the hour to 02:00 wall, 59 minutes on, added to 05:01:00Z = 06:00:00Z = 01:00 EST: both
    /// 01:00s fire (05:00Z, 06:00Z), then 02:00 EST = 07:00:00Z.
    @Test(arguments: [CronFlavor.apscheduler3, .apscheduler])
    func hourlyFiresInBothOccurrences(flavor: CronFlavor) throws {
        #expect(Self.utc(try Self.fires("0 * * * *", flavor, after: "2026-11-01T04:30:00Z", count: 3))
                == ["2026-11-01T05:00:00Z", "2026-11-01T06:00:00Z", "2026-11-01T07:00:00Z"])
    }

    /// APScheduler's own vectors, agronholm/apscheduler `tests/triggers/test_cron.py`,
    /// `test_dst_change` (US/Eastern = America/New_York; its `CronTrigger(minute="*/30")` and
    /// `CronTrigger(hour=8)` are the crontab lines `*/30 * * * *` and `0 8 * * *`; its start_time is
    /// inclusive, Chime's start exclusive, so each start here is a second earlier):
    /// interval_spring 2013-03-10 01:35 EST → 03:00 EDT; interval_autumn 2013-11-03 01:35 (fold 0,
    /// EDT) → 01:00 fold 1 (EST); absolute_spring 2013-03-09 12:00 → 2013-03-10 08:00 (EDT);
    /// absolute_autumn 2013-11-02 12:00 → 2013-11-03 08:00 (EST).
    @Test(arguments: [CronFlavor.apscheduler3, .apscheduler])
    func apschedulerOwnDSTVectors(flavor: CronFlavor) throws {
        #expect(Self.utc(try Self.fires("*/30 * * * *", flavor, after: "2013-03-10T06:34:59Z", count: 1)) == ["2013-03-10T07:00:00Z"])
        #expect(Self.utc(try Self.fires("*/30 * * * *", flavor, after: "2013-11-03T05:34:59Z", count: 1)) == ["2013-11-03T06:00:00Z"])
        #expect(Self.utc(try Self.fires("0 8 * * *", flavor, after: "2013-03-09T16:59:59Z", count: 1)) == ["2013-03-10T12:00:00Z"])
        #expect(Self.utc(try Self.fires("0 8 * * *", flavor, after: "2013-11-02T15:59:59Z", count: 1)) == ["2013-11-03T13:00:00Z"])
    }

    // MARK: Grammar

    /// 2026-01-01 is a Thursday. 3.x reads weekday 0 as Monday (`from_crontab` does not convert;
    /// its docstring warns so): the next `0 0 * * 0` is Monday 01-05. 4 converts numbers to cron's
    /// (`DayOfWeekField.append_expression`: 0 and 7 Sunday): Sunday 01-04. Names agree.
    @Test func weekdayNumbering() throws {
        #expect(Self.utc(try Self.fires("0 0 * * 0", .apscheduler3, zone: "UTC", after: "2026-01-01T00:00:00Z", count: 1)) == ["2026-01-05T00:00:00Z"])
        #expect(Self.utc(try Self.fires("0 0 * * 0", .apscheduler, zone: "UTC", after: "2026-01-01T00:00:00Z", count: 1)) == ["2026-01-04T00:00:00Z"])
        #expect(Self.utc(try Self.fires("0 0 * * 7", .apscheduler, zone: "UTC", after: "2026-01-01T00:00:00Z", count: 1)) == ["2026-01-04T00:00:00Z"])
        #expect(Self.utc(try Self.fires("0 0 * * sun", .apscheduler3, zone: "UTC", after: "2026-01-01T00:00:00Z", count: 1)) == ["2026-01-04T00:00:00Z"])
        // 4 drops a numeric step: 1-5/2 is mon-fri → Fri 01-02 right after Thursday.
        #expect(Self.utc(try Self.fires("0 0 * * 1-5/2", .apscheduler, zone: "UTC", after: "2026-01-01T00:00:00Z", count: 2))
                == ["2026-01-02T00:00:00Z", "2026-01-05T00:00:00Z"])
        // 4 splits a backward range: fri-mon is mon and fri-sun: Fri 01-02, Sat, Sun, Mon 01-05.
        #expect(Self.utc(try Self.fires("0 0 * * fri-mon", .apscheduler, zone: "UTC", after: "2026-01-01T00:00:00Z", count: 4)).map { String($0.prefix(10)) }
                == ["2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05"])
        // 0-7 becomes sun-sun: Sundays only.
        #expect(Self.utc(try Self.fires("0 0 * * 0-7", .apscheduler, zone: "UTC", after: "2026-01-01T00:00:00Z", count: 2)).map { String($0.prefix(10)) }
                == ["2026-01-04", "2026-01-11"])
    }

    /// `last` (any element starting with it) is the month's last day; month names ignore what
    /// follows them (`MonthRangeExpression.value_re` is not anchored): `jan/2` is January.
    @Test func lastDayAndNameTails() throws {
        #expect(Self.utc(try Self.fires("0 12 last feb *", zone: "UTC", after: "2028-01-01T00:00:00Z", count: 1)) == ["2028-02-29T12:00:00Z"])
        #expect(Self.utc(try Self.fires("0 12 LASTDAY * *", zone: "UTC", after: "2026-04-01T00:00:00Z", count: 1)) == ["2026-04-30T12:00:00Z"])
        #expect(Self.utc(try Self.fires("0 0 1 jan/2 *", zone: "UTC", after: "2026-01-02T00:00:00Z", count: 1)) == ["2027-01-01T00:00:00Z"])
        // Day-of-month AND day-of-week (no Vixie OR): the 13th that is a Friday (3.x: fri = 4).
        #expect(Self.utc(try Self.fires("0 0 13 * 4", zone: "UTC", after: "2026-01-01T00:00:00Z", count: 1)) == ["2026-02-13T00:00:00Z"])
    }

    /// Malformed lines: APScheduler's `ValueError`s, each naming the field and the element's column.
    @Test func malformedLinesNameTheFieldAndColumn() {
        #expect(Self.error("0 0 32 * *") == "field 3 (day-of-month) at column 5, '32': 32 is above the maximum 31")
        #expect(Self.error("*/60 * * * *")?.hasPrefix("field 1 (minute) at column 1, '*/60': the step 60 is wider") == true)
        #expect(Self.error("0 0 * * 7") == "field 5 (day-of-week) at column 9, '7': 7 is above the maximum 6")
        #expect(Self.error("0 0 * * 7", .apscheduler) == nil)
        #expect(Self.error("0 0 * * 8", .apscheduler)?.hasPrefix("field 5 (day-of-week) at column 9, '8': 8 is not a weekday") == true)
        #expect(Self.error("0 0 * * fri-mon")?.hasPrefix("field 5 (day-of-week) at column 9, 'fri-mon': the range runs backwards") == true)
        #expect(Self.error("0 1,,2 * * *")?.hasPrefix("field 2 (hour) at column 5, '': not an expression") == true)
        #expect(Self.error("0 0 * janx *")?.hasPrefix("field 4 (month) at column 7, 'janx': 'janx' is not a month name") == true)
        #expect(Self.error("0 3-3/1 * * *")?.hasPrefix("field 2 (hour) at column 3, '3-3/1': the step 1 is wider than the range") == true)
        #expect(Self.error("0 0 * *") == "a apscheduler3 cron expression has 5 fields, got 4")
        #expect(Self.error("@daily") == "a apscheduler3 cron expression has 5 fields, got 1")
        #expect(Self.error("0 0 1,5-x * *")?.hasPrefix("field 3 (day-of-month) at column 7, '5-x'") == true)
    }

    /// APScheduler has no backward search: refused. Explicit policies replace its DST walk with
    /// Chime's nearest-instant search: `--gap nextValid` puts 02:30 at 03:00 EDT (07:00:00Z).
    @Test func backwardRefusedAndExplicitPolicies() throws {
        #expect(throws: CronError.self) { try CronTrigger(expression: "30 2 * * *", flavor: .apscheduler3, direction: .backward) }
        let t = try CronTrigger(expression: "30 2 * * *", flavor: .apscheduler3, gapPolicy: .nextValid)
        #expect(try Trigger.cron(t).fires(after: Instant(seconds: CronTriggerTests.seconds("2026-03-07T12:00:00Z")),
                                          in: CronTriggerTests.rules("America/New_York"), count: 1).map(\.instant.utcString)
                == ["2026-03-08T07:00:00Z"])
    }

    /// The batch form `{"cron": {"expression": …, "flavor": "apscheduler3"}}` decodes to the flavor.
    @Test func batchFlavorDecodes() throws {
        let trigger = try JSONDecoder().decode(Trigger.self, from: Data(#"{"cron": {"expression": "30 2 * * *", "flavor": "apscheduler"}}"#.utf8))
        guard case .cron(let cron) = trigger else { Issue.record("not a cron trigger"); return }
        #expect(cron.flavor == .apscheduler)
    }
}
