import Foundation
import Testing
import Chime
import ChimeFoundation

/// ChimeFoundation against Foundation itself: Foundation's `Date`, `TimeZone` and
/// `Calendar.nextDate` are the oracle here.
@Suite struct ChimeFoundationTests {
    static func gregorian(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }

    @Test func instantsAndDates() {
        let date = Date(timeIntervalSince1970: 1_772_953_200.25)
        let instant = Instant(date)
        #expect(instant == Instant(seconds: 1_772_953_200, nanoseconds: 250_000_000))
        #expect(instant.date == date)
        // Before 1970: the floor second, then the nanoseconds after it.
        #expect(Instant(Date(timeIntervalSince1970: -0.5)) == Instant(seconds: -1, nanoseconds: 500_000_000))
        #expect(Instant(Date(timeIntervalSince1970: 0)).date.timeIntervalSince1970 == 0)
    }

    /// The offset Chime's rules give for a `TimeZone` is Foundation's, hourly through 2020–2030,
    /// in zones with DST both ways of the equator and a half-hour one.
    @Test(arguments: ["America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata", "America/Santiago"])
    func zoneOffsetsAgreeWithFoundation(_ id: String) throws {
        let zone = try #require(TimeZone(identifier: id))
        let rules = try ZoneDatabase.shared.rules(for: zone)
        #expect(rules.identifier == id)
        var seconds: Int64 = 1_577_836_800   // 2020-01-01T00:00:00Z
        var mismatches: [String] = []
        while seconds < 1_893_456_000 {      // 2030-01-01T00:00:00Z
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let foundation = zone.secondsFromGMT(for: date)
            if Int(rules.utcOffset(at: date)) != foundation { mismatches.append("\(Instant(seconds: seconds)): \(rules.utcOffset(at: date)) vs \(foundation)") }
            seconds += 3600
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func currentAndFixedTimeZones() throws {
        let current = try Chime.zone(TimeZone.current)
        #expect(current.utcOffset(at: Date()) == Int32(TimeZone.current.secondsFromGMT(for: Date())))
        let plusOne = try #require(TimeZone(secondsFromGMT: 3600))
        let rules = try ZoneDatabase.shared.rules(for: plusOne)
        #expect(rules.utcOffset(at: Date()) == 3600)
    }

    @Test func dateComponentsBecomeCalendarComponents() throws {
        let components = DateComponents(month: 3, day: 8, hour: 2, minute: 30, weekday: 1, weekdayOrdinal: 2)
        #expect(try CalendarComponents(components) == CalendarComponents(month: 3, day: 8, hour: 2, minute: 30, weekday: 1, weekdayOrdinal: 2))
        #expect(DateComponents(try CalendarComponents(components)) == components)
        // Refused, never dropped.
        #expect(throws: FoundationBridgeError.self) { try CalendarComponents(DateComponents(era: 1, hour: 9)) }
        #expect(throws: FoundationBridgeError.self) { try CalendarComponents(DateComponents(hour: 9, quarter: 2)) }
        #expect(throws: FoundationBridgeError.self) { try CalendarComponents(DateComponents(timeZone: TimeZone(identifier: "UTC"), hour: 9)) }
        #expect(throws: FoundationBridgeError.nonGregorianCalendar("buddhist")) {
            try CalendarComponents(DateComponents(calendar: Calendar(identifier: .buddhist), hour: 9))
        }
        #expect(throws: TriggerError.self) { try CalendarComponents(DateComponents(hour: 25)) }
        #expect(throws: FoundationBridgeError.self) { try CalendarTrigger(DateComponents(hour: 9), calendar: Calendar(identifier: .hebrew)) }
    }

    /// A trigger built from `DateComponents` and Foundation's policies fires where
    /// `Calendar.nextDate(after:matching:matchingPolicy:repeatedTimePolicy:direction:)` says, DST included.
    @Test(arguments: [
        (DateComponents(hour: 2, minute: 30), Calendar.MatchingPolicy.nextTime, Calendar.RepeatedTimePolicy.first),
        (DateComponents(hour: 2, minute: 30), .nextTimePreservingSmallerComponents, .first),
        (DateComponents(hour: 2, minute: 30), .previousTimePreservingSmallerComponents, .first),
        (DateComponents(hour: 2, minute: 30), .strict, .first),
        (DateComponents(hour: 1, minute: 30), .nextTime, .last),
        (DateComponents(day: 31, hour: 9), .nextTime, .first),
        (DateComponents(hour: 9, weekday: 2), .nextTime, .first),
    ])
    func triggersAgreeWithCalendarNextDate(_ components: DateComponents, _ matching: Calendar.MatchingPolicy,
                                           _ repeated: Calendar.RepeatedTimePolicy) throws {
        let zone = TimeZone(identifier: "America/New_York")!
        let calendar = Self.gregorian(zone)
        let rules = try ZoneDatabase.shared.rules(for: zone)
        let trigger = Trigger.calendar(try CalendarTrigger(components, matchingPolicy: matching, repeatedTimePolicy: repeated, calendar: calendar))
        // Starts around both 2026 transitions and a 30-day month.
        for start in ["2026-03-07T12:00:00Z", "2026-10-31T12:00:00Z", "2026-04-15T12:00:00Z"] {
            let after = try ISO8601Format.parseInstant(start)
            let expected = calendar.nextDate(after: after.date, matching: components, matchingPolicy: matching,
                                             repeatedTimePolicy: repeated, direction: .forward)
            let fire = try trigger.nextFire(after: after.date, in: rules)
            #expect(fire?.date == expected, "\(components) \(matching) \(repeated) after \(start)")
        }
    }

    @Test func errorsAreLocalized() {
        let error: any Error = ZoneError.unknownZone("Mars/Olympus", suggestions: ["America/Montevideo"])
        #expect(error.localizedDescription == "unknown time zone 'Mars/Olympus'; did you mean America/Montevideo?")
        let trigger: any Error = TriggerError.invalidComponent(name: "weekday", value: 8, allowed: "1–7")
        #expect(trigger.localizedDescription == "component weekday = 8 is invalid: expected 1–7")
        #expect((FoundationBridgeError.nonGregorianCalendar("hebrew") as any Error).localizedDescription.contains("Gregorian"))
    }

    @Test func dateSpellingsOfTheCalls() throws {
        let ny = try Chime.zone(TimeZone(identifier: "America/New_York")!)
        let daily = Trigger.calendar(try .daily(hour: 9, minute: 0))
        let after = Date(timeIntervalSince1970: 1_772_884_800)   // 2026-03-07T12:00:00Z
        let fire = try #require(try daily.nextFire(after: after, in: ny))
        #expect(fire.date == Date(timeIntervalSince1970: 1_772_892_000))   // 14:00Z = 09:00 EST
        let schedule = try Schedule(daily, in: TimeZone(identifier: "America/New_York")!)
        #expect(try schedule.fires(after: after, count: 2).map(\.date) == [1_772_892_000, 1_772_974_800].map { Date(timeIntervalSince1970: $0) })
    }
}
