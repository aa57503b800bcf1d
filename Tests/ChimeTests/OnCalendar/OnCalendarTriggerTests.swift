import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import Chime

/// Hand-derived facts about systemd's DST rule (each also what systemd-analyze 252 prints; the
/// command is given), and the explicit policies that replace it.
@Suite struct OnCalendarTriggerTests {
    static let newYork = try! Fixtures.tzifDatabase.rules(for: "America/New_York")

    static func fires(_ expression: String, after: String, count: Int, gap: GapPolicy? = nil, overlap: OverlapPolicy? = nil) throws -> [String] {
        let trigger = try OnCalendarTrigger(expression: expression, gapPolicy: gap, overlapPolicy: overlap)
        return try Trigger.onCalendar(trigger).fires(after: try ISO8601Format.parseInstant(after), in: newYork, count: count).map(\.instant.utcString)
    }

    /// 2026-03-08 02:00 EST jumps to 03:00 EDT (07:00:00Z): 02:30 does not exist that day, and
    /// systemd skips it (mktime moves it to 03:30 and the walk goes on from 03:00): the next 02:30
    /// is 03-09 02:30 EDT = 06:30:00Z. `systemd-analyze calendar --base-time=@1772884800 '*-*-* 02:30 America/New_York'`.
    @Test func springForwardSkips() throws {
        #expect(try Self.fires("*-*-* 02:30", after: "2026-03-07T12:00:00Z", count: 2) == ["2026-03-09T06:30:00Z", "2026-03-10T06:30:00Z"])
    }

    /// A wanted wall time after the gap on the same night still fires: 02,03:30 from 00:10 EST gives
    /// 03:30 EDT = 07:30:00Z (systemd-analyze: "Sun 2026-03-08 07:30:00 UTC").
    @Test func laterTimeSameNight() throws {
        #expect(try Self.fires("*-*-* 02,03:30", after: "2026-03-08T05:10:00Z", count: 1) == ["2026-03-08T07:30:00Z"])
    }

    /// 2026-11-01 01:30 happens at 05:30:00Z (EDT) and 06:30:00Z (EST). From the day before,
    /// systemd fires once, at the first (mktime's guess is the offset it last saw, EDT); the next
    /// day's 01:30 EST is 11-02 06:30:00Z.
    @Test func fallBackFiresOnceAtTheFirst() throws {
        #expect(try Self.fires("*-*-* 01:30", after: "2026-10-31T12:00:00Z", count: 2) == ["2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"])
    }

    /// Hourly at :30 through the fall-back night: systemd walks wall times, so after 01:30 EDT
    /// (05:30Z) comes 02:30 EST (07:30Z); the repeated 01:30 EST (06:30Z) is never met.
    /// systemd-analyze (base 05:15Z): 05:30, 07:30, 08:30.
    @Test func wallClockWalkPassesTheRepeatedHourOnce() throws {
        #expect(try Self.fires("*:30", after: "2026-11-01T05:15:00Z", count: 3) == ["2026-11-01T05:30:00Z", "2026-11-01T07:30:00Z", "2026-11-01T08:30:00Z"])
        // Starting inside the second pass (01:15 EST = 06:15Z), 01:30 is the EST one.
        #expect(try Self.fires("*:30", after: "2026-11-01T06:15:00Z", count: 1) == ["2026-11-01T06:30:00Z"])
    }

    /// Explicit policies replace systemd's: `shift` reads 02:30 with EST (07:30:00Z); `both` fires twice.
    @Test func explicitPolicies() throws {
        #expect(try Self.fires("*-*-* 02:30", after: "2026-03-07T12:00:00Z", count: 1, gap: .shift) == ["2026-03-08T07:30:00Z"])
        #expect(try Self.fires("*-*-* 01:30", after: "2026-10-31T12:00:00Z", count: 2, overlap: .both) == ["2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z"])
        #expect(throws: TriggerError.self) { try Self.fires("*-*-* 02:30", after: "2026-03-07T12:00:00Z", count: 1, gap: .reject) }
    }

    /// Hand-derived: `*-02-30` never exists; systemd answers "never" (it stops after 2199).
    @Test func neverElapses() throws {
        #expect(try Self.fires("*-02-30", after: "2026-01-01T00:00:00Z", count: 1).isEmpty)
    }

    /// JSON round trip: {"onCalendar": {"expression": …, "gap": …}}.
    @Test func codable() throws {
        let json = #"{"onCalendar":{"expression":"Mon..Fri *-*-* 07:00 Europe/Berlin","overlap":"both"}}"#
        let trigger = try JSONDecoder().decode(Trigger.self, from: Data(json.utf8))
        guard case .onCalendar(let t) = trigger else { Issue.record("not onCalendar"); return }
        #expect(t.normalized == "Mon..Fri *-*-* 07:00:00 Europe/Berlin")
        #expect(t.zoneIdentifier == "Europe/Berlin")
        #expect(t.overlapPolicy == .both)
        #expect(try JSONDecoder().decode(Trigger.self, from: try JSONEncoder().encode(trigger)) == trigger)
    }
}

/// `chime batch` with `onCalendar` triggers: the expression's zone, conflicts, policies, errors.
@Suite struct OnCalendarBatchTests {
    @Test func batchShapes() throws {
        let input = [
            #"{"id":"a","after":"2026-10-31T12:00:00Z","count":2,"trigger":{"onCalendar":{"expression":"*-*-* 01:30 America/New_York"}}}"#,
            #"{"id":"b","zone":"Europe/Paris","after":"2026-10-31T12:00:00Z","trigger":{"onCalendar":{"expression":"daily UTC"}}}"#,
            #"{"id":"c","zone":"America/New_York","after":"2026-03-07T12:00:00Z","trigger":{"onCalendar":{"expression":"*-*-* 02:30","gap":"nextValid"}}}"#,
            #"{"id":"d","zone":"America/New_York","trigger":{"onCalendar":{"expression":"*-*-* 25:00"}}}"#,
            #"{"id":"e","zone":"UTC","after":"2026-01-01T00:00:00Z","trigger":{"onCalendar":{"expression":"*-02-30"}}}"#,
        ].joined(separator: "\n") + "\n"
        let result = Fixtures.run(try ChimeCLI.executable(), ["batch"], environment: ChimeCLI.baseEnvironment, stdin: Data(input.utf8))
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        // 01:30 on the fall-back night: once, EDT (05:30Z); then 11-02 01:30 EST.
        #expect(lines[0].contains(#""utc":"2026-11-01T05:30:00Z""#) && lines[0].contains(#""utc":"2026-11-02T06:30:00Z""#))
        #expect(lines[1].contains(#""code":"zoneConflict""#))
        // An explicit gap policy: 02:30 in the gap → 03:00 EDT = 07:00Z.
        #expect(lines[2].contains(#""utc":"2026-03-08T07:00:00Z","offset":-14400,"abbreviation":"EDT","adjustment":"gapNextTime""#))
        #expect(lines[3].contains(#""code":"invalidTrigger""#) && lines[3].contains("position 7"))
        #expect(lines[4] == #"{"id":"e","zone":"Etc/UTC","requested":"UTC","source":"tzif","version":"2025b","fires":[]}"#)
    }
}
