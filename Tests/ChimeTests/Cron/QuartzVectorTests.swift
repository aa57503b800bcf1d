import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The quartz flavor on Quartz's own published test vectors, copied by hand from
/// quartz-scheduler/quartz, quartz-core/src/test/java/org/quartz/CronExpressionTest.java (the test
/// names are in each comment). Quartz's `isSatisfiedBy(date)` is `getTimeAfter(date − 1 s) == date`,
/// so each "satisfied" vector is asked here as the next fire one second before it. The tests
/// there run in the JVM's default zone; these dates are far from DST changes, so UTC stands in.
/// Then the DST behaviour, hand-derived from `getTimeAfter` (see `QuartzWalk`) and checked against
/// the real Quartz 2.3.2 jar run here (`Tests/CronOracle/QuartzOracle.java`).
@Suite struct QuartzVectorTests {
    static func fire(_ expression: String, _ zone: String = "UTC", after: String) throws -> String? {
        let trigger = try CronTrigger(expression: expression, flavor: .quartz)
        let rules = try Fixtures.tzifDatabase.rules(for: zone)
        return try trigger.nextFire(after: try ISO8601Format.parseInstant(after), in: rules)?.instant.utcString
    }

    static func refuses(_ expression: String) -> Bool {
        (try? CronTrigger(expression: expression, flavor: .quartz)) == nil
    }

    /// testIsSatisfiedBy: "0 15 10 * * ? 2005" holds 2005-06-01 10:15:00, not 2006's, not 10:16 or 10:14.
    @Test func isSatisfiedBy() throws {
        #expect(try Self.fire("0 15 10 * * ? 2005", after: "2005-06-01T10:14:59Z") == "2005-06-01T10:15:00Z")
        #expect(try Self.fire("0 15 10 * * ? 2005", after: "2006-06-01T10:14:59Z") == nil)
        #expect(try Self.fire("0 15 10 * * ? 2005", after: "2005-06-01T10:15:59Z") == "2005-06-02T10:15:00Z")
        #expect(try Self.fire("0 15 10 * * ? 2005", after: "2005-06-01T10:13:59Z") == "2005-06-01T10:15:00Z")
    }

    /// testLastDayOffset: L-2 is 2010-10-29 (not the 28th), L-5W the 26th, L-1 the 30th, L-1W the 29th
    /// ("29th is a friday in 2010").
    @Test func lastDayOffset() throws {
        #expect(try Self.fire("0 15 10 L-2 * ? 2010", after: "2010-10-29T10:14:59Z") == "2010-10-29T10:15:00Z")
        #expect(try Self.fire("0 15 10 L-2 * ? 2010", after: "2010-10-28T10:14:59Z") == "2010-10-29T10:15:00Z")
        #expect(try Self.fire("0 15 10 L-5W * ? 2010", after: "2010-10-26T10:14:59Z") == "2010-10-26T10:15:00Z")
        #expect(try Self.fire("0 15 10 L-1 * ? 2010", after: "2010-10-30T10:14:59Z") == "2010-10-30T10:15:00Z")
        #expect(try Self.fire("0 15 10 L-1W * ? 2010", after: "2010-10-29T10:14:59Z") == "2010-10-29T10:15:00Z")
    }

    /// testQtz259 / testQtz259LW: "0 0 0 L-2 * ? *" and "0 0 0 LW * ? *" never repeat a fire time.
    @Test func qtz259NoRepeatedFire() throws {
        let rules = try Fixtures.tzifDatabase.rules(for: "UTC")
        for expression in ["0 0 0 L-2 * ? *", "0 0 0 LW * ? *"] {
            let trigger = try CronTrigger(expression: expression, flavor: .quartz)
            let fires = try Trigger.cron(trigger).fires(after: Instant(seconds: 1_780_000_000), in: rules, count: 26)
            #expect(fires.count == 26)
            #expect(zip(fires, fires.dropFirst()).allSatisfy { $0.instant < $1.instant }, "\(expression)")
        }
    }

    /// testQuartz574, testQuartz621, testQuartz640, testQtz96 and the Issue #58 tests
    /// (test*RangeIntervalAfterSlash): the expressions Quartz refuses, and the `5L` it takes.
    @Test func refusals() throws {
        for expression in ["* * * * Foo ? ", "* * * * Jan-Foo ? ",                               // 574
                           "0 0 * * * *", "0 0 * 4 * *", "0 0 * * * 4",                            // 621
                           "0 43 9 1,5,29,L * ?", "0 43 9 ? * SAT,SUN,L", "0 43 9 ? * 6,7,L",      // 640
                           "0/5 * * 32W 1 ?",                                                     // Qtz96
                           "/120 0 8-18 ? * 2-6", "0/120 0 8-18 ? * 2-6", "/ 0 8-18 ? * 2-6", "0/ 0 8-18 ? * 2-6",
                           "0 /120 8-18 ? * 2-6", "0 0/120 8-18 ? * 2-6", "0 / 8-18 ? * 2-6", "0 0/ 8-18 ? * 2-6",
                           "0 0 /120 ? * 2-6", "0 0 0/120 ? * 2-6", "0 0 / ? * 2-6", "0 0 0/ ? * 2-6",
                           "0 0 0 /120 * 2-6", "0 0 0 0/120 * 2-6", "0 0 0 / * 2-6", "0 0 0 0/ * 2-6",
                           "0 0 0 ? /120 2-6", "0 0 0 ? 0/120 2-6", "0 0 0 ? / 2-6", "0 0 0 ? 0/ 2-6",
                           "0 0 0 ? * /120", "0 0 0 ? * 0/120", "0 0 0 ? * /", "0 0 0 ? * 0/"] {
            #expect(Self.refuses(expression), "\(expression)")
        }
        #expect(!Self.refuses("0 43 9 ? * 5L"))
        #expect(!Self.refuses("19 15 10 24 May ? "))
        #expect(!Self.refuses("19 15 10 4 Apr ? "))
    }

    /// The errors name the field and its column.
    @Test func errorsNameTheField() {
        do {
            _ = try CronTrigger(expression: "0 61 2 ? * MON", flavor: .quartz)
            Issue.record("accepted")
        } catch {
            #expect("\(error)" == "field 2 (minute) at column 3, '61': 61 is outside 0–59")
        }
        do {
            _ = try CronTrigger(expression: "0 0 2 * * MON", flavor: .quartz)
            Issue.record("accepted")
        } catch {
            #expect("\(error)".hasPrefix("field 4 (day-of-month) at column 7, '*':"))
        }
    }

    /// DST, America/New_York 2026 (02:00 EST → 03:00 EDT on 03-08 at 07:00Z; 02:00 EDT → 01:00 EST
    /// on 11-01 at 06:00Z). Hand-derived from getTimeAfter: 02:30 on 03-08 reads as 03:30 EDT, hour 3
    /// is not wanted, so the day passes; 01:30 on 11-01 reads as its later instant, 01:30 EST; a walk
    /// starting at 01:10 EDT reads its wall time as 01:10 EST and goes on from there (01:05 EST,
    /// 06:05Z, is passed over). The real jar gave the same instants (QuartzOracle, run here).
    @Test func newYorkDST() throws {
        let ny = "America/New_York"
        #expect(try Self.fire("0 30 2 * * ?", ny, after: "2026-03-07T12:00:00Z") == "2026-03-09T06:30:00Z")
        #expect(try Self.fire("0 30 1 * * ?", ny, after: "2026-10-31T12:00:00Z") == "2026-11-01T06:30:00Z")
        #expect(try Self.fire("0 30 1 * * ?", ny, after: "2026-11-01T06:30:00Z") == "2026-11-02T06:30:00Z")
        #expect(try Self.fire("0 10 1 * * ?", ny, after: "2026-11-01T05:05:00Z") == "2026-11-01T06:10:00Z")
        #expect(try Self.fire("0 5 * * * ?", ny, after: "2026-11-01T05:10:00Z") == "2026-11-01T07:05:00Z")
        #expect(try Self.fire("0 */20 2 * * ?", ny, after: "2026-03-08T06:00:00Z") == "2026-03-09T06:00:00Z")
    }

    /// Australia/Lord_Howe 2026-10-04 (02:00 +10:30 → 02:30 +11 at 15:30Z on 10-03): `0 15,30 2 * * ?`
    /// depends on the walk's path into the gap. From the evening before, the hour moves to 02:00,
    /// which reads as 02:30: a fire (15:30Z). From 01:40, the minute moves to 02:15, which reads as
    /// 02:45, past 02:30: the next fire is 10-05 02:15 (15:15Z). The real jar gave the same.
    @Test func lordHoweGapDependsOnThePath() throws {
        let zone = "Australia/Lord_Howe"
        #expect(try Self.fire("0 15,30 2 * * ?", zone, after: "2026-10-03T12:00:00Z") == "2026-10-03T15:30:00Z")
        #expect(try Self.fire("0 15,30 2 * * ?", zone, after: "2026-10-03T15:10:00Z") == "2026-10-04T15:15:00Z")
    }
}
