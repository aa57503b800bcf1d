import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// cron-utils' own DST assertions (github.com/jmrozanec/cron-utils at commit
/// d31697ec4c30d4f43a1b528e5781d1d00ea1c967, `src/test/java/com/cronutils/…`), each cited by test
/// class, method and the line the method starts on. cron-utils' expected values are the oracle: where
/// a test asserts only part of the answer (hours between, the hour and minute), the comment says how
/// the full instant follows from it, and zone offsets were checked with zdump against the pinned tz
/// data.
///
/// cron-utils is a library of cron definitions (UNIX, QUARTZ, CRON4J, custom) with one execution
/// engine of its own; Chime has no cron-utils flavor. Each expression runs in the Chime flavor of its
/// definition's grammar — UNIX → `posix`, QUARTZ → `quartz`; CRON4J and Issue446Test's custom
/// five-field definition (minute, hour, day of week, day of month, day of year, month) → `posix` with
/// the same times — with that flavor's own DST rule. Where that rule is not cron-utils',
/// `differences` lists the assertion with the tool's answer (derived from the tool's documented
/// rule) and the explicit `--gap`/`--overlap` that gives cron-utils' answer; both are checked.
/// Left out: Issue332Test and Issue319Test's `isMatch`/`lastExecution` loops assert only that the
/// call returns (Issue319's is kept as `lastExecutionReturns`), Issue404Test's two `@Disabled` tests,
/// and Issue367Test (it asserts the Quartz library's answer, not cron-utils').
@Suite struct CronUtilsHarvestTests {
    struct Assertion: Sendable, CustomTestStringConvertible {
        /// `Class.method:line` in cron-utils' tests, and which assertion of the method (1-based).
        let test: String
        let index: Int
        /// The expression as Chime reads it, its flavor, and the zone.
        let expression: String
        let flavor: CronFlavor
        let zone: String
        let backward: Bool
        /// The instant the test asks from (`nextExecution(start)`, `lastExecution(start)`) and
        /// cron-utils' expected answer.
        let start: String
        let expected: String
        init(_ test: String, _ index: Int, _ expression: String, _ flavor: CronFlavor, _ zone: String, backward: Bool = false,
             from start: String, _ expected: String) {
            (self.test, self.index, self.expression, self.flavor, self.zone) = (test, index, expression, flavor, zone)
            (self.backward, self.start, self.expected) = (backward, start, expected)
        }
        var key: String { "\(test)#\(index)" }
        var testDescription: String { "\(key) \(flavor) '\(expression)' \(zone) \(backward ? "before" : "after") \(start)" }
    }

    static let unix = "src/test/java/com/cronutils/model/time/generator/ExecutionTimeUnixIntegrationTest.java"

    /// ExecutionTimeUnixIntegrationTest.testDSTOverlap (line 391): UNIX `30 1 1-7 11 *` in New York,
    /// chained `nextExecution` from 2015-11-01 00:00 EDT through 2026, each expected 01:30 at −04:00 up
    /// to and including the test's DST-end date of the year and −05:00 after it (the test's `dstDates`,
    /// its data; zdump: New York falls back on those Sundays).
    static let dstOverlap: [Assertion] = {
        let ends = [2015: 1, 2016: 6, 2017: 5, 2018: 4, 2019: 3, 2020: 1, 2021: 7, 2022: 6, 2023: 5, 2024: 3, 2025: 2, 2026: 1]
        var result: [Assertion] = []
        var start = "2015-11-01T00:00:00-04:00"
        for year in 2015...2026 {
            for day in 1...7 {
                let expected = "\(year)-11-\(pad(day))T01:30:00\(day <= ends[year]! ? "-04:00" : "-05:00")"
                result.append(Assertion("ExecutionTimeUnixIntegrationTest.testDSTOverlap:391", result.count + 1, "30 1 1-7 11 *", .posix,
                                        "America/New_York", from: start, expected))
                start = expected
            }
        }
        return result
    }()

    /// ExecutionTimeUnixIntegrationTest.testDSTGap (line 451): UNIX `15 2 7-14 3 *` in New York,
    /// chained from 2015-03-07 00:00 EST through 2026; the test's DST-start date of each year (its data;
    /// zdump: New York springs forward at 02:00 on those Sundays) has no 02:15 and is skipped, days
    /// before it expect −05:00, days after −04:00.
    static let dstGap: [Assertion] = {
        let starts = [2015: 8, 2016: 13, 2017: 12, 2018: 11, 2019: 10, 2020: 8, 2021: 14, 2022: 13, 2023: 12, 2024: 10, 2025: 9, 2026: 8]
        var result: [Assertion] = []
        var start = "2015-03-07T00:00:00-05:00"
        for year in 2015...2026 {
            for day in 7...14 where day != starts[year]! {
                let expected = "\(year)-03-\(pad(day))T02:15:00\(day < starts[year]! ? "-05:00" : "-04:00")"
                result.append(Assertion("ExecutionTimeUnixIntegrationTest.testDSTGap:451", result.count + 1, "15 2 7-14 3 *", .posix,
                                        "America/New_York", from: start, expected))
                start = expected
            }
        }
        return result
    }()

    static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    static let singles: [Assertion] = [
        // testNextExecutionDaylightSaving (line 294): UNIX `0 17 * * *`, from 2016-03-12 17:00 in New York the next is 23 hours
        // later (`millis / 3600000 == 23`; the day after is 17:00 EDT, the spring-forward day being 23 hours long).
        Assertion("ExecutionTimeUnixIntegrationTest.testNextExecutionDaylightSaving:294", 1, "0 17 * * *", .posix, "America/New_York",
                  from: "2016-03-12T17:00:00-05:00", "2016-03-13T17:00:00-04:00"),
        // testLastExecutionDaylightSaving (line 313): the same in America/Phoenix (no DST), the last is 24 hours before.
        Assertion("ExecutionTimeUnixIntegrationTest.testLastExecutionDaylightSaving:313", 1, "0 17 * * *", .posix, "America/Phoenix",
                  backward: true, from: "2016-03-12T17:00:00-07:00", "2016-03-11T17:00:00-07:00"),
        // testWrongNextExecutionOnDSTEnd (line 369): UNIX `* * * * *` from epoch ms 1456020000000 (2016-02-20 23:00 −03:00, the
        // first minute of São Paulo's repeated hour; zdump: 02:00Z is 23:00 −03) expects that + 60 000 ms.
        Assertion("ExecutionTimeUnixIntegrationTest.testWrongNextExecutionOnDSTEnd:369", 1, "* * * * *", .posix, "America/Sao_Paulo",
                  from: "2016-02-21T02:00:00Z", "2016-02-21T02:01:00Z"),
        // ExecutionTimeQuartzIntegrationTest.testDayLightSavingsSwitch (line 410): QUARTZ `* 0/2 * * * ?` (every second of the even
        // minutes) in Denver from 2016-03-13 01:59:59 MST asserts hour 3, minute 0 (02:00 does not exist; 03:00:00 MDT); from that
        // plus a minute (03:01 MDT) hour 3, minute 2; and from 2016-03-14T00:00:59Z, in UTC, hour 0, minute 2 (the next even minute).
        Assertion("ExecutionTimeQuartzIntegrationTest.testDayLightSavingsSwitch:410", 1, "* 0/2 * * * ?", .quartz, "America/Denver",
                  from: "2016-03-13T01:59:59-07:00", "2016-03-13T03:00:00-06:00"),
        Assertion("ExecutionTimeQuartzIntegrationTest.testDayLightSavingsSwitch:410", 2, "* 0/2 * * * ?", .quartz, "America/Denver",
                  from: "2016-03-13T03:01:00-06:00", "2016-03-13T03:02:00-06:00"),
        Assertion("ExecutionTimeQuartzIntegrationTest.testDayLightSavingsSwitch:410", 3, "* 0/2 * * * ?", .quartz, "Etc/UTC",
                  from: "2016-03-14T00:00:59Z", "2016-03-14T00:02:00Z"),
        // ExecutionTimeCron4jIntegrationTest.testQuick (line 103): CRON4J `0 0/2 * * *` (posix `0 */2 * * *`) from 2017-03-12
        // 00:55:50 in Los Angeles (springs forward at 02:00 that day) asserts an even hour after the start: 02:00 does not
        // exist, so 04:00 PDT (the assertion allows any even hour; this is the first).
        Assertion("ExecutionTimeCron4jIntegrationTest.testQuick:103", 1, "0 */2 * * *", .posix, "America/Los_Angeles",
                  from: "2017-03-12T00:55:50-08:00", "2017-03-12T04:00:00-07:00"),
        // Issue446Test.testDaylightSavingOverlapMinuteNextRun (line 67): custom `10/30 * ? 25 ? 10` (minute 10 and 40, every
        // hour, October 25) in Europe/Rome, chained from 2020-10-25 01:10 +02:00; the test asserts hour and minute (and the
        // offset of the 2nd–5th): 01:40, 02:10 +02, 02:40 +02, 02:10 +01, 02:40 +01, 03:10, 03:40 (zdump: Rome falls back at
        // 03:00 CEST = 01:00Z that day, so 01:40 and 03:xx are +02 and +01).
        Assertion("Issue446Test.testDaylightSavingOverlapMinuteNextRun:67", 1, "10,40 * 25 10 *", .posix, "Europe/Rome",
                  from: "2020-10-25T01:10:00+02:00", "2020-10-25T01:40:00+02:00"),
        Assertion("Issue446Test.testDaylightSavingOverlapMinuteNextRun:67", 2, "10,40 * 25 10 *", .posix, "Europe/Rome",
                  from: "2020-10-25T01:40:00+02:00", "2020-10-25T02:10:00+02:00"),
        Assertion("Issue446Test.testDaylightSavingOverlapMinuteNextRun:67", 3, "10,40 * 25 10 *", .posix, "Europe/Rome",
                  from: "2020-10-25T02:10:00+02:00", "2020-10-25T02:40:00+02:00"),
        Assertion("Issue446Test.testDaylightSavingOverlapMinuteNextRun:67", 4, "10,40 * 25 10 *", .posix, "Europe/Rome",
                  from: "2020-10-25T02:40:00+02:00", "2020-10-25T02:10:00+01:00"),
        Assertion("Issue446Test.testDaylightSavingOverlapMinuteNextRun:67", 5, "10,40 * 25 10 *", .posix, "Europe/Rome",
                  from: "2020-10-25T02:10:00+01:00", "2020-10-25T02:40:00+01:00"),
        Assertion("Issue446Test.testDaylightSavingOverlapMinuteNextRun:67", 6, "10,40 * 25 10 *", .posix, "Europe/Rome",
                  from: "2020-10-25T02:40:00+01:00", "2020-10-25T03:10:00+01:00"),
        Assertion("Issue446Test.testDaylightSavingOverlapMinuteNextRun:67", 7, "10,40 * 25 10 *", .posix, "Europe/Rome",
                  from: "2020-10-25T03:10:00+01:00", "2020-10-25T03:40:00+01:00"),
        // Issue446Test.testDaylightSavingOverlapHourNextRun (line 105): custom `0 1/1 ? 24 ? 10` (posix `0 1-23 24 10 *`) from
        // 2020-10-24 01:00 +02:00 expects 02:00 +02, then 03:00 +02; `0 1/1 ? 25 ? 10` from 2020-10-25 01:00 +02:00 expects
        // 02:00 +02, 02:00 +01 (the repeated hour again), 03:00 +01.
        Assertion("Issue446Test.testDaylightSavingOverlapHourNextRun:105", 1, "0 1-23 24 10 *", .posix, "Europe/Rome",
                  from: "2020-10-24T01:00:00+02:00", "2020-10-24T02:00:00+02:00"),
        Assertion("Issue446Test.testDaylightSavingOverlapHourNextRun:105", 2, "0 1-23 24 10 *", .posix, "Europe/Rome",
                  from: "2020-10-24T02:00:00+02:00", "2020-10-24T03:00:00+02:00"),
        Assertion("Issue446Test.testDaylightSavingOverlapHourNextRun:105", 3, "0 1-23 25 10 *", .posix, "Europe/Rome",
                  from: "2020-10-25T01:00:00+02:00", "2020-10-25T02:00:00+02:00"),
        Assertion("Issue446Test.testDaylightSavingOverlapHourNextRun:105", 4, "0 1-23 25 10 *", .posix, "Europe/Rome",
                  from: "2020-10-25T02:00:00+02:00", "2020-10-25T02:00:00+01:00"),
        Assertion("Issue446Test.testDaylightSavingOverlapHourNextRun:105", 5, "0 1-23 25 10 *", .posix, "Europe/Rome",
                  from: "2020-10-25T02:00:00+01:00", "2020-10-25T03:00:00+01:00"),
        // Issue404Test.testSaturdayMidnight (line 78): custom `0 0 *` (minute, hour, day of week: posix `0 0 * * *`), the time
        // from the last execution to 2019-11-02 00:00:01 in São Paulo is 1 second (Brazil kept standard time from 2019; zdump:
        // no transition after February 2019). testNoTimezone (line 87): from 2019-11-03 16:00 UTC it is 16 hours.
        Assertion("Issue404Test.testSaturdayMidnight:78", 1, "0 0 * * *", .posix, "America/Sao_Paulo", backward: true,
                  from: "2019-11-02T00:00:01-03:00", "2019-11-02T00:00:00-03:00"),
        Assertion("Issue404Test.testNoTimezone:87", 1, "0 0 * * *", .posix, "Etc/UTC", backward: true,
                  from: "2019-11-03T16:00:00Z", "2019-11-03T00:00:00Z"),
    ]

    static let assertions: [Assertion] = dstOverlap + dstGap + singles

    /// Where the Chime flavor's tool does not do what cron-utils does: the assertion, the tool's
    /// answer (what the flavor gives), why, and the explicit policy that gives cron-utils' answer.
    struct Difference: Sendable {
        let tool: String
        let why: String
        let gap: GapPolicy?
        let overlap: OverlapPolicy?
    }

    /// cronie (the posix flavor's tool, `src/cron.c`, docs/cron.md "posix") runs "any fixed-time jobs
    /// that would otherwise be skipped" right after a forward clock jump — a job whose minute and hour
    /// fields do not start with `*` — and does not repeat them after a backward jump. cron-utils skips a
    /// fixed time the gap removes (testDSTGap) and repeats `1/1`'s hours in the overlap (Issue446Test).
    static let differences: [String: Difference] = {
        var d: [String: Difference] = [:]
        // testDSTGap: from 02:15 EST on the day before each spring-forward Sunday, cronie runs `15 2` at 03:00 EDT that Sunday.
        let starts = [2015: 8, 2016: 13, 2017: 12, 2018: 11, 2019: 10, 2020: 8, 2021: 14, 2022: 13, 2023: 12, 2024: 10, 2025: 9, 2026: 8]
        // (The last assertion of 2021 asks from March 13; the gap day, the 14th, ends the range: cron-utils' next is 2022's.)
        for a in dstGap {
            let year = Int(a.start.prefix(4))!, month = Int(a.start.dropFirst(5).prefix(2))!, day = Int(a.start.dropFirst(8).prefix(2))!
            let gapDay = starts[year]!
            guard month == 3, day < gapDay, a.expected > "\(year)-03-\(pad(gapDay))" else { continue }
            d[a.key] = Difference(tool: "\(year)-03-\(pad(gapDay))T03:00:00-04:00",
                                  why: "cronie runs a fixed-time job the gap skips at the jump (gap nextValid); cron-utils skips it",
                                  gap: .skip, overlap: nil)
        }
        // Issue446Test hourly: `0 1-23` is fixed-time to cronie: 02:00 runs once (+02), the next is 03:00 +01.
        d["Issue446Test.testDaylightSavingOverlapHourNextRun:105#4"] = Difference(
            tool: "2020-10-25T03:00:00+01:00", why: "cronie does not repeat a fixed-time job in the repeated hour (overlap first); cron-utils does",
            gap: nil, overlap: .both)
        return d
    }()

    static func zone(_ id: String) throws -> ZoneRules { try Fixtures.tzifDatabase.rules(for: id) }

    static func answer(_ a: Assertion, gap: GapPolicy? = nil, overlap: OverlapPolicy? = nil) throws -> String? {
        let trigger = try CronTrigger(expression: a.expression, flavor: a.flavor, gapPolicy: gap, overlapPolicy: overlap)
        let start = try ISO8601Format.parseInstant(a.start)
        let fire = a.backward ? try trigger.previousFire(before: start, in: zone(a.zone)) : try trigger.nextFire(after: start, in: zone(a.zone))
        return fire?.instant.utcString
    }

    static func utc(_ text: String) throws -> String { try ISO8601Format.parseInstant(text).utcString }

    @Test(arguments: assertions.filter { differences[$0.key] == nil }) func agrees(_ a: Assertion) throws {
        #expect(try Self.answer(a) == Self.utc(a.expected))
    }

    /// The flavor gives its tool's answer; the explicit policy gives cron-utils'.
    @Test(arguments: assertions.filter { differences[$0.key] != nil }) func explainedDifference(_ a: Assertion) throws {
        let d = try #require(Self.differences[a.key])
        #expect(try Self.answer(a) == Self.utc(d.tool), "\(d.why)")
        #expect(try Self.answer(a, gap: d.gap, overlap: d.overlap) == Self.utc(a.expected))
    }

    /// Issue319Test.testPreviousClosestMatchDailightSavingsChangeBug319_loop (src/test/java/com/cronutils/Issue319Test.java,
    /// line 18): UNIX `00 02 * * *` `lastExecution` from 02:00 on days 1–28 of every month of 2018 in Europe/Berlin must
    /// return (it hung at the spring-forward day). `ZonedDateTime.of` reads a gap time after the gap (Mar 25 02:00 is 03:00
    /// CEST) and a repeated one at the earlier offset; zdump: Berlin is +01 until 2018-03-25 01:00Z and after 2018-10-28
    /// 01:00Z, +02 between. The test asserts only that an answer comes; here it also comes before the start.
    @Test func lastExecutionReturns() throws {
        let trigger = try CronTrigger(expression: "00 02 * * *", flavor: .posix)
        let berlin = try Self.zone("Europe/Berlin")
        var checked = 0
        for month in 1...12 {
            for day in 1...28 {
                let summer = (month, day) >= (3, 25) && (month, day) <= (10, 28)
                let local = "2018-\(Self.pad(month))-\(Self.pad(day))T\((month, day) == (3, 25) ? "03" : "02"):00:00"
                let start = try ISO8601Format.parseInstant(local + (summer ? "+02:00" : "+01:00"))
                let last = try trigger.previousFire(before: start, in: berlin)
                #expect(last.map { $0.instant < start } == true, "\(local)")
                checked += 1
            }
        }
        #expect(checked == 336)
    }

    /// The harvest's size (docs/cron.md quotes these counts).
    @Test func counts() {
        #expect(Self.dstOverlap.count == 84 && Self.dstGap.count == 84 && Self.singles.count == 21)
        #expect(Self.differences.count == 13)
    }
}
