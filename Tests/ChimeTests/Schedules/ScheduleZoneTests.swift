import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The zone a schedule fires in is decided once (`Trigger.zone(given:in:)`) for `Schedule`,
/// `chime batch` and pending files: the zone the trigger names wins, a given zone may repeat it
/// but not contradict it. (`Schedule` once ignored an RRULE's `TZID`: no zone given was `noZone`,
/// another zone was silently used, where batch answered `zoneConflict`; Tests/BadInput holds
/// batch and pending files to the same cases.)
@Suite struct ScheduleZoneTests {
    let zones = Fixtures.tzifDatabase
    let berlinDaily = Trigger.rrule(try! RRuleTrigger(text: "DTSTART;TZID=Europe/Berlin:20260101T090000\nRRULE:FREQ=DAILY"))

    @Test func rruleTZIDIsTheZone() throws {
        let schedule = try Schedule(berlinDaily, in: nil, zones: zones)
        #expect(schedule.zone.identifier == "Europe/Berlin")
        // 2026-01-02 09:00 CET (UTC+1, winter) = 08:00Z: 1767340800 is 2026-01-02T08:00:00Z
        // (20,455 days after 1970-01-01 × 86,400 + 8 h).
        // After 2026-01-01T20:00:00Z (1767297600), the next is the 2nd.
        #expect(try schedule.next(after: Instant(seconds: 1_767_297_600))?.instant.seconds == 1_767_340_800)
    }

    @Test func rruleTZIDConflictsWithAnotherZone() throws {
        #expect(throws: ScheduleError.zoneConflict(given: "America/New_York", named: "Europe/Berlin")) {
            try Schedule(berlinDaily, in: "America/New_York", zones: zones)
        }
        // The same zone by another of its names is no conflict (Arctic/Longyearbyen links to Berlin).
        #expect(try Schedule(berlinDaily, in: "Arctic/Longyearbyen", zones: zones).zone.identifier == "Europe/Berlin")
    }

    @Test func eachDialectNamesItsZone() throws {
        let onCalendar = Trigger.onCalendar(try OnCalendarTrigger(expression: "*-*-* 02:30 Asia/Tokyo"))
        let robfig = Trigger.cron(try CronTrigger(expression: "TZ=Asia/Tokyo 0 30 2 * * *", flavor: .robfig))
        for trigger in [onCalendar, robfig] {
            #expect(trigger.namedZone == "Asia/Tokyo")
            #expect(try trigger.zone(given: nil, in: zones).rules.identifier == "Asia/Tokyo")
            #expect(throws: ScheduleError.self) { try trigger.zone(given: "UTC", in: zones) }
        }
        let daily = Trigger.calendar(try CalendarTrigger(components: CalendarComponents(hour: 9)))
        #expect(throws: ScheduleError.noZone) { try daily.zone(given: nil, in: zones) }
        #expect(try daily.zone(given: "US/Eastern", in: zones).requested == "US/Eastern")
    }
}
