import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `ScheduleAudit`: where a schedule meets a gap or an overlap is checked against Python's
/// `zoneinfo` on the same TZif files; what each trigger does there is the trigger's own answer
/// (checked against Foundation, croniter and systemd elsewhere), spot-checked here by hand.
@Suite struct ScheduleAuditTests {
    static let zones = ZoneSets.scheduleAudit
    static let wallTimes = [(2, 30), (1, 30), (0, 0), (2, 15), (3, 15), (23, 30)]

    /// Every day of 2026–2035 at each wall time, in each zone: the audit lists exactly the days
    /// whose wall time zoneinfo says is skipped (no fold converts back) or repeated (both folds
    /// convert back, at different instants).
    @Test func findsEveryGapAndOverlapZoneinfoFinds() throws {
        let script = """
        import sys
        from datetime import datetime, date, timedelta, timezone
        from zoneinfo import ZoneInfo
        zones, times = sys.argv[1].split(","), [tuple(map(int, t.split(":"))) for t in sys.argv[2].split(",")]
        def back(w, z, fold):
            aware = w.replace(tzinfo=z, fold=fold)
            return aware.astimezone(timezone.utc).astimezone(z).replace(tzinfo=None) == w, aware.astimezone(timezone.utc)
        for name in zones:
            z = ZoneInfo(name)
            d = date(2026, 1, 1)
            while d <= date(2035, 12, 31):
                for (h, m) in times:
                    w = datetime(d.year, d.month, d.day, h, m)
                    (ok0, u0), (ok1, u1) = back(w, z, 0), back(w, z, 1)
                    if not ok0 and not ok1: print(name, w.isoformat(), "gap")
                    elif ok0 and ok1 and u0 != u1: print(name, w.isoformat(), "overlap")
                d += timedelta(days=1)
        """
        let result = Fixtures.run("/usr/bin/env", ["python3", "-c", script, Self.zones.joined(separator: ","),
                                                   Self.wallTimes.map { "\($0.0):\($0.1)" }.joined(separator: ",")],
                                  environment: ["PYTHONTZPATH": Fixtures.zoneinfoDirectory])
        try #require(result.status == 0, "python3 zoneinfo failed: \(result.error.prefix(500))")
        let expected = Set(result.output.split(separator: "\n").map(String.init))

        var found = Set<String>()
        for (hour, minute) in Self.wallTimes {
            let audit = try ScheduleAudit(trigger: .calendar(try CalendarTrigger(components: CalendarComponents(hour: hour, minute: minute))),
                                          years: 2026...2035)
            for zone in Self.zones {
                for event in try audit.events(in: try Fixtures.tzifDatabase.rules(for: zone)).events {
                    found.insert("\(zone) \(event.wanted) \(event.kind.rawValue)")
                }
            }
        }
        #expect(expected.count > 300, "zoneinfo found only \(expected.count) gap/overlap wall times")
        #expect(found.subtracting(expected).sorted().prefix(20) == [], "audited but not in zoneinfo's list")
        #expect(expected.subtracting(found).sorted().prefix(20) == [], "in zoneinfo's list but not audited")
    }

    /// New York, 2026-03-08 (02:00 EST → 03:00 EDT at 07:00:00Z): croniter moves the first wanted
    /// wall time of the gap to the first existing minute after it (03:00 EDT, a wall-clock shift of
    /// 1 h) and, walking on from there, never meets 02:20 and 02:40 (docs/cron.md, croniter 7.0
    /// `_calc`); Vixie cron runs `*/20` (a wildcard minute) by the clock, skipping all three.
    @Test func gapOutcomesFollowEachFlavorsRule() throws {
        let ny = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        let croniter = try ScheduleAudit(trigger: .cron(try CronTrigger(expression: "*/20 2 * * *", flavor: .croniter)), years: 2026...2026)
        let events = try croniter.events(in: ny).events
        #expect(events.map(\.wanted) == ["2026-03-08T02:00:00", "2026-03-08T02:20:00", "2026-03-08T02:40:00"])
        #expect(events.map(\.outcome) == [.moved, .skipped, .skipped])
        #expect(events[0].fires.map(\.instant) == [Instant(seconds: 1_772_953_200)])     // 2026-03-08T07:00:00Z
        #expect(events[0].shiftSeconds == 3600)
        let posix = try ScheduleAudit(trigger: .cron(try CronTrigger(expression: "*/20 2 * * *")), years: 2026...2026)
        #expect(try posix.events(in: ny).events.map(\.outcome) == [.skipped, .skipped, .skipped])
    }

    /// New York, 2026-11-01 (EDT → EST at 06:00:00Z): 01:30 is 05:30:00Z and 06:30:00Z. croniter
    /// fires at both, Vixie cron runs a fixed-time job once (the first), systemd elapses once (the
    /// first pass of the wall clock). `30 1 * * *` in systemd's words is `*-*-* 01:30:00`.
    @Test func comparisonShowsWhereFlavorsDiffer() throws {
        let ny = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        let cron = try CronTrigger(expression: "30 1 * * *")
        #expect(cron.expression.onCalendarExpression == "*-*-* 01:30:00")
        let versions: [Trigger] = [.cron(cron), .cron(try CronTrigger(expression: "30 1 * * *", flavor: .croniter)),
                                   .onCalendar(try OnCalendarTrigger(expression: cron.expression.onCalendarExpression!))]
        let audits = try versions.map { try ScheduleAudit(trigger: $0, years: 2026...2026).events(in: ny) }
        let differences = AuditComparison.differences(audits)
        try #require(differences.count == 1)
        #expect(differences[0].wanted == "2026-11-01T01:30:00" && differences[0].kind == .overlap)
        #expect(differences[0].answers.map(\.outcome) == [.once, .doubled, .once])
        #expect(differences[0].answers[1].fires.map(\.instant.seconds) == [1_793_511_000, 1_793_514_600])
    }

    /// `{day: 31, hour: 9}` in 2026: February, April, June, September and November have no 31st;
    /// Apple's `nextTime` fires at the start of the next day (docs/apple-semantics.md).
    @Test func missingDaysAreStandIns() throws {
        let audit = try ScheduleAudit(trigger: .calendar(try CalendarTrigger(components: CalendarComponents(day: 31, hour: 9))), years: 2026...2026)
        let events = try audit.events(in: try Fixtures.tzifDatabase.rules(for: "UTC")).events
        #expect(events.map(\.wanted) == ["2026-02-31T09:00:00", "2026-04-31T09:00:00", "2026-06-31T09:00:00", "2026-09-31T09:00:00",
                                         "2026-11-31T09:00:00"])
        #expect(events.allSatisfy { $0.kind == .missingDay && $0.adjustment == .missingDayNextTime })
    }

    @Test func refusesWhatItCannotAudit() throws {
        let interval = try IntervalTrigger(interval: ExactDuration(nanoseconds: 3_600_000_000_000), repeats: true, anchor: Instant(seconds: 0))
        #expect(throws: AuditError.self) { try ScheduleAudit(trigger: .interval(interval), years: 2026...2026) }
        let backward = try CalendarTrigger(components: CalendarComponents(hour: 2), direction: .backward)
        #expect(throws: AuditError.self) { try ScheduleAudit(trigger: .calendar(backward), years: 2026...2026) }
        let rejecting = try CalendarTrigger(components: CalendarComponents(hour: 2), gapPolicy: .reject)
        #expect(throws: AuditError.self) { try ScheduleAudit(trigger: .calendar(rejecting), years: 2026...2026) }
        let daily = try CalendarTrigger(components: CalendarComponents(hour: 2))
        #expect(throws: AuditError.self) { try ScheduleAudit(trigger: .calendar(daily), years: 0...2026) }
    }
}
