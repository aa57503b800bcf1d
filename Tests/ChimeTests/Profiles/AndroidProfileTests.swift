import Foundation
import Testing
@testable import Chime

/// Hand-derived facts about the android profile (flutter_local_notifications on Android), with the
/// reasoning; the random comparison with java.time is `AndroidProfileOracleTests`.
@Suite struct AndroidProfileTests {
    static let ny = try! ZoneDatabase.shared.rules(for: "America/New_York")

    static func instant(_ text: String) -> Instant { try! ISO8601Format.parseInstant(text) }

    /// Daily 02:30 in New York, scheduled 2026-03-07T12:00:00Z (07:00 EST).
    /// - 2026-03-08: clocks jump from 02:00 EST to 03:00 EDT at 07:00:00Z, so 02:30 does not exist;
    ///   java.time moves a wall time in a gap later by the gap's length (1 h): 03:30 EDT = 07:30:00Z.
    ///   The plugin stores "2026-03-08T03:30:00" as the scheduled wall time.
    /// - After that fire the plugin computes the next from the stored 03:30: 2026-03-09 03:30 EDT =
    ///   07:30:00Z, and so on every day (EDT, UTC-4, until November).
    /// - iOS (Foundation, apple semantics) fires 03:00 EDT (07:00:00Z) on the 8th and 02:30 EDT
    ///   (06:30:00Z) from the 9th.
    @Test func dailyTwoThirtyDriftsToThreeThirtyAtTheSpringGap() throws {
        let android = Trigger.flutterAndroid(try FlutterAndroidTrigger(match: .time, hour: 2, minute: 30))
        let fires = try android.fires(after: Self.instant("2026-03-07T12:00:00Z"), in: Self.ny, count: 4)
        #expect(fires.map(\.instant.utcString) == ["2026-03-08T07:30:00Z", "2026-03-09T07:30:00Z", "2026-03-10T07:30:00Z", "2026-03-11T07:30:00Z"])
        #expect(fires.map(\.local.description) == ["2026-03-08T03:30:00", "2026-03-09T03:30:00", "2026-03-10T03:30:00", "2026-03-11T03:30:00"])
        #expect(fires.map(\.adjustment) == [.gapShiftedForward, .gapShiftCarried, .gapShiftCarried, .gapShiftCarried])

        let ios = try PlatformProfile.ios.trigger(for: .calendar(try .daily(hour: 2, minute: 30)))
        let iosFires = try ios.fires(after: Self.instant("2026-03-07T12:00:00Z"), in: Self.ny, count: 2)
        #expect(iosFires.map(\.instant.utcString) == ["2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z"])
    }

    /// The drift lasts: on 2026-11-01 New York falls back (01:00–02:00 repeats), which 03:30 is not
    /// in, so the fire stays 03:30, now EST (UTC-5) = 08:30:00Z; next spring 03:30 exists again.
    @Test func theDriftOutlastsTheYear() throws {
        var iterator = FireIterator(trigger: .flutterAndroid(try FlutterAndroidTrigger(match: .time, hour: 2, minute: 30)),
                                    zone: Self.ny, start: Self.instant("2026-03-07T12:00:00Z"))
        var last: Fire?
        while let fire = try iterator.nextFire(), fire.instant < Self.instant("2027-04-01T00:00:00Z") {
            #expect(fire.local.hour == 3 && fire.local.minute == 30, "\(fire.local)")
            if fire.local.description == "2026-11-02T03:30:00" { #expect(fire.instant.utcString == "2026-11-02T08:30:00Z") }
            last = fire
        }
        #expect(last?.local.description == "2027-03-31T03:30:00")
        #expect(last?.adjustment == .gapShiftCarried)
    }

    /// Daily 01:30 across the fall-back: on 2026-11-01 01:30 happens at 05:30:00Z (EDT) and again at
    /// 06:30:00Z (EST). java.time's `ZonedDateTime.of` takes the earlier offset, so the alarm is
    /// 05:30:00Z; the receiver then schedules from 01:30 with now after 05:30:00Z: today's 01:30 read
    /// again is 05:30:00Z, not after now, so the next is 2026-11-02 01:30 EST = 06:30:00Z. One fire
    /// for the repeated hour, no drift (the stored wall time is still 01:30).
    @Test func dailyOneThirtyFiresOnceInTheOverlap() throws {
        let android = Trigger.flutterAndroid(try FlutterAndroidTrigger(match: .time, hour: 1, minute: 30))
        let fires = try android.fires(after: Self.instant("2026-10-31T12:00:00Z"), in: Self.ny, count: 3)
        #expect(fires.map(\.instant.utcString) == ["2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z", "2026-11-03T06:30:00Z"])
        #expect(fires.map(\.adjustment) == [.overlapFirst, .exact, .exact])
    }

    /// Scheduling on the gap day after the gap: the plugin takes today at 02:30 (→ 03:30 EDT, already
    /// past at 12:00Z), adds a day to that java.time value — whose wall time is 03:30 — so even the
    /// first fire is 2026-03-09 03:30 EDT (07:30:00Z), not 02:30.
    @Test func schedulingOnTheGapDayDriftsFromTheFirstFire() throws {
        let android = Trigger.flutterAndroid(try FlutterAndroidTrigger(match: .time, hour: 2, minute: 30))
        let fire = try android.nextFire(after: Self.instant("2026-03-08T12:00:00Z"), in: Self.ny)
        #expect(fire?.instant.utcString == "2026-03-09T07:30:00Z")
        #expect(fire?.adjustment == .gapShiftCarried)
    }

    /// Weekly Sunday 02:30: 2026-03-08 is a Sunday, the gap day: 03:30 EDT, then Sundays at 03:30.
    @Test func weeklyDriftsToo() throws {
        let android = try PlatformProfile.android.trigger(for: .weekly(try WeeklyTrigger(weekdays: [.sunday], hour: 2, minute: 30)))
        let fires = try android.fires(after: Self.instant("2026-03-01T12:00:00Z"), in: Self.ny, count: 3)
        #expect(fires.map(\.local.description) == ["2026-03-08T03:30:00", "2026-03-15T03:30:00", "2026-03-22T03:30:00"])
    }

    /// The pending store carries the fired wall time too (simulate): pill at 02:30 daily, Android
    /// limits (500, reject).
    @Test func pendingStoreCarriesTheState() throws {
        let profile = PlatformProfile.android
        var store = try PendingStore(limit: profile.pendingLimit, rule: profile.pendingRule)
        let trigger = try profile.trigger(for: .calendar(try .daily(hour: 2, minute: 30)))
        let request = try PendingRequest(identifier: "pill", trigger: trigger, zone: Self.ny, createdAt: Self.instant("2026-03-07T12:00:00Z"))
        try store.add(request, now: Self.instant("2026-03-07T12:00:00Z"))
        let report = try store.deliver(until: Self.instant("2026-03-10T12:00:00Z"))
        #expect(report.deliveries.map(\.fire.instant.utcString) == ["2026-03-08T07:30:00Z", "2026-03-09T07:30:00Z", "2026-03-10T07:30:00Z"])
        #expect(profile.pendingLimit == 500 && PlatformProfile.ios.pendingLimit == 64)
    }

    /// What each profile accepts.
    @Test func profilesRefuseWhatThePlatformCannotRun() throws {
        #expect(throws: TriggerError.self) { try PlatformProfile.android.trigger(for: .weekly(try WeeklyTrigger(weekdays: [.monday, .friday], hour: 9, minute: 0))) }
        #expect(throws: TriggerError.self) { try PlatformProfile.android.trigger(for: .calendar(try CalendarTrigger(components: CalendarComponents(minute: 30)))) }
        #expect(throws: TriggerError.self) { try PlatformProfile.ios.trigger(for: .calendar(try CalendarTrigger(components: CalendarComponents(hour: 9), semantics: .consistent))) }
        #expect(throws: TriggerError.self) { try PlatformProfile.android.trigger(for: .cron(try CronTrigger(expression: "30 2 * * *"))) }
        let monthly = try PlatformProfile.android.trigger(for: .calendar(try .monthly(day: 31, hour: 9, minute: 0)))
        guard case .flutterAndroid(let t) = monthly else { Issue.record("not android"); return }
        #expect(t.match == .dayOfMonthAndTime && t.requested.day == 31)
        // Day 31 is passed over in months without it (the plugin adds days until the day is 31).
        let fires = try monthly.fires(after: Self.instant("2026-04-01T00:00:00Z"), in: Self.ny, count: 2)
        #expect(fires.map(\.local.description) == ["2026-05-31T09:00:00", "2026-07-31T09:00:00"])
    }

    /// JSON round trip, the drifted state included.
    @Test func codableKeepsTheStoredWallTime() throws {
        var iterator = FireIterator(trigger: .flutterAndroid(try FlutterAndroidTrigger(match: .time, hour: 2, minute: 30)),
                                    zone: Self.ny, start: Self.instant("2026-03-07T12:00:00Z"))
        _ = try iterator.nextFire()
        let data = try JSONEncoder().encode(iterator.trigger)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"scheduled\":{\"time\":\"03:30:00\"}"), "\(text)")
        #expect(try JSONDecoder().decode(Trigger.self, from: data) == iterator.trigger)
    }
}
