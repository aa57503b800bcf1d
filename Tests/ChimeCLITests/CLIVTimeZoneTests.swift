import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `chime next --ical` with a file that defines its zone (VTIMEZONE): the file's zone when no
/// source knows the TZID (source `vtimezone`), the tz database's when one does, with a note where
/// the two differ in the event's years; a bad definition is exit 2 naming the property. The
/// fixtures are Tests/VTimeZoneOracle/fixtures (hand-written from documented shapes); expected
/// instants are hand-derived from the rules the files state.
@Suite struct CLIVTimeZoneTests {
    static func fixture(_ name: String) -> String {
        Fixtures.packageRoot.appendingPathComponent("Tests/VTimeZoneOracle/fixtures/\(name).ics").path
    }

    static func utc(_ answer: [String: Any]) -> [String] {
        (answer["fires"] as? [[String: Any]] ?? []).compactMap { $0["utc"] as? String }
    }

    /// Outlook's "Customized Time Zone" (Central European rules): Mondays 09:30, +01:00 until the
    /// last Sunday of March (2026-03-29), +02:00 after: 08:30Z on Mar 23, 07:30Z on Mar 30.
    @Test func customizedTimeZone() throws {
        let run = try ChimeCLI.run(["next", "--ical", Self.fixture("outlook-customized"), "--after", "2026-03-20T00:00:00Z", "--count", "2", "--json"])
        ChimeCLI.expectNoCrash(run)
        try #require(run.status == 0, "\(run)")
        let answer = try ChimeCLI.json(run)
        #expect(answer["zone"] as? String == "Customized Time Zone" && answer["source"] as? String == "vtimezone", "\(answer)")
        #expect(Self.utc(answer) == ["2026-03-23T08:30:00Z", "2026-03-30T07:30:00Z"])
        #expect((answer["notes"] as? [String])?.contains { $0.contains("the iCalendar file's VTIMEZONE defines it") } == true, "\(answer)")
        // --tz may repeat the file's zone.
        let same = try ChimeCLI.run(["next", "--ical", Self.fixture("outlook-customized"), "--tz", "Customized Time Zone", "--after", "2026-03-20T00:00:00Z"])
        #expect(same.status == 0 && same.stdout.hasPrefix("Customized Time Zone (vtimezone)"), "\(same)")
    }

    /// A stale definition under America/New_York (1987-2006 US rules): the tz database answers
    /// (2026-03-10 09:00 EDT = 13:00Z), and the note names 2026-03-08T07:00:00Z, where EDT began
    /// in 2026 (second Sunday of March, 02:00 EST) but the file's rule waits for April.
    @Test func staleDefinitionNote() throws {
        let run = try ChimeCLI.run(["next", "--ical", Self.fixture("pre2007-labeled-new-york"), "--after", "2026-03-09T00:00:00Z", "--count", "1", "--json"])
        ChimeCLI.expectNoCrash(run)
        try #require(run.status == 0, "\(run)")
        let answer = try ChimeCLI.json(run)
        #expect(answer["zone"] as? String == "America/New_York" && answer["source"] as? String != "vtimezone", "\(answer)")
        #expect(Self.utc(answer) == ["2026-03-10T13:00:00Z"])
        let notes = answer["notes"] as? [String] ?? []
        #expect(notes.contains { $0.contains("differs from the tz database's America/New_York") && $0.contains("from 2026-03-08T07:00:00Z the file says UTC-05:00, the tz database UTC-04:00") },
                "\(notes)")
        // Google's export of today's rules agrees with the tz database in the event's years: no note.
        let google = try ChimeCLI.run(["next", "--ical", Self.fixture("google-new-york"), "--after", "2026-03-01T00:00:00Z", "--json"])
        try #require(google.status == 0, "\(google)")
        #expect(!google.stdout.contains("VTIMEZONE"), "\(google)")
    }

    /// A VTIMEZONE without TZOFFSETTO: exit 2 naming the property, the observance and the zone.
    @Test func badDefinition() throws {
        let ics = try String(contentsOfFile: Self.fixture("outlook-customized"), encoding: .utf8).replacingOccurrences(of: "TZOFFSETTO:+0100\r\n", with: "")
            .replacingOccurrences(of: "TZOFFSETTO:+0100\n", with: "")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chime-vtimezone-\(ProcessInfo.processInfo.processIdentifier).ics")
        try Data(ics.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try ChimeCLI.run(["next", "--ical", file.path, "--after", "2026-03-20T00:00:00Z"])
        ChimeCLI.expectBadInput(run, mentions: ["TZOFFSETTO is missing", "STANDARD observance #1", "VTIMEZONE 'Customized Time Zone'"])
    }
}
