import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// RFC 7529 RSCALE end to end through the `chime` executable: `next --rrule`, `--ical`, `batch`,
/// `audit`, and bad input (exit 2 naming the part). Expected dates come from python-holidays'
/// PASSOVER_DATES (15 Nisan; see RScalePublishedDatesTests) and Israel's DST rule (tz: spring
/// forward on the Friday before March's last Sunday at 02:00).
@Suite struct CLIRScaleTests {
    static func utc(_ answer: [String: Any]) -> [String] {
        (answer["fires"] as? [[String: Any]] ?? []).compactMap { $0["utc"] as? String }
    }

    /// 1 Tishri at 09:00 in Jerusalem (+03:00 in September and October, IDT): Rosh Hashanah 5786,
    /// 5787, 5788 are 2025-09-23, 2026-09-12, 2027-10-02 (ROSH_HASHANAH_DATES).
    @Test func nextAndBatch() throws {
        let run = try ChimeCLI.run(["next", "--rrule", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1", "--dtstart", "2025-09-23T09:00",
                                    "--tz", "Asia/Jerusalem", "--after", "2025-01-01T00:00:00Z", "--count", "3", "--json"])
        ChimeCLI.expectNoCrash(run)
        try #require(run.status == 0, "\(run)")
        #expect(Self.utc(try ChimeCLI.json(run)) == ["2025-09-23T06:00:00Z", "2026-09-12T06:00:00Z", "2027-10-02T06:00:00Z"])
        let text = try ChimeCLI.run(["next", "--rrule", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1", "--dtstart", "2025-09-23T09:00",
                                     "--tz", "Asia/Jerusalem", "--after", "2025-01-01T00:00:00Z", "--count", "1"])
        #expect(text.stdout.contains("schedule: at 09:00 on 1 Tishri every year (Hebrew calendar)"), "\(text)")

        let request = #"{"id":"r","trigger":{"rrule":{"text":"DTSTART;TZID=Asia/Jerusalem:20250923T090000\nRRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1"}},"after":"2025-01-01T00:00:00Z","count":3}"#
            + "\n" + #"{"id":"bad","trigger":{"rrule":{"text":"DTSTART:20250923T090000\nRRULE:RSCALE=KLINGON;FREQ=YEARLY"}},"zone":"UTC","after":"2025-01-01T00:00:00Z"}"#
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chime-rscale-\(ProcessInfo.processInfo.processIdentifier).jsonl")
        try Data((request + "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let batch = try ChimeCLI.run(["batch", file.path])
        ChimeCLI.expectNoCrash(batch)
        let lines = batch.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        try #require(lines.count == 2, "\(batch)")
        #expect(Self.utc(lines[0] ?? [:]) == ["2025-09-23T06:00:00Z", "2026-09-12T06:00:00Z", "2027-10-02T06:00:00Z"])
        let error = (lines[1]?["error"] as? [String: Any]) ?? [:]
        #expect(error["code"] as? String == "invalidRRule" && (error["message"] as? String)?.hasPrefix("RSCALE: 'KLINGON'") == true, "\(batch)")
    }

    /// RFC 7529 §4.3.3's event as an iCalendar file: 8 Adar I, moved to 8 Adar in common years.
    @Test func icalFile() throws {
        let ics = """
            BEGIN:VCALENDAR
            VERSION:2.0
            BEGIN:VEVENT
            UID:4.3.3
            DTSTART;VALUE=DATE:20140208
            RRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD
            SUMMARY:Anniversary
            END:VEVENT
            END:VCALENDAR
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("chime-rscale-\(ProcessInfo.processInfo.processIdentifier).ics")
        try Data(ics.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try ChimeCLI.run(["next", "--ical", file.path, "--tz", "UTC", "--after", "2014-01-01T00:00:00Z", "--count", "5", "--json"])
        ChimeCLI.expectNoCrash(run)
        try #require(run.status == 0, "\(run)")
        #expect(Self.utc(try ChimeCLI.json(run)) == ["2014-02-08T00:00:00Z", "2015-02-27T00:00:00Z", "2016-02-17T00:00:00Z",
                                                     "2017-03-06T00:00:00Z", "2018-02-23T00:00:00Z"])
    }

    /// 9 Nisan at 02:30 in Jerusalem, 2026–2045: 9 Nisan is Passover − 6 days, and it falls on the
    /// spring-forward Friday (02:00–03:00 missing) in 2026 (Mar 27; Passover Apr 2; March's last
    /// Sunday the 29th) and 2040 (Mar 23; Passover Mar 29; last Sunday the 25th) only — in every
    /// other year 9 Nisan is another day (e.g. 2029 Mar 25, a Sunday; 2045 Mar 27, spring forward
    /// Mar 24). Both are moved (RFC 5545 §3.3.5: the offset before the gap).
    @Test func auditFindsTheSpringForwardNisans() throws {
        let run = try ChimeCLI.run(["audit", "--rrule", "RSCALE=HEBREW;FREQ=YEARLY", "--dtstart", "2026-03-27T02:30", "--tz", "Asia/Jerusalem",
                                    "--from", "2026", "--to", "2045", "--json"])
        ChimeCLI.expectNoCrash(run)
        try #require(run.status == 0, "\(run)")
        let answer = try ChimeCLI.json(run)
        #expect((answer["description"] as? String)?.hasPrefix("at 02:30 on 9 Nisan every year (Hebrew calendar)") == true, "\(answer)")
        let zones = try #require(answer["zones"] as? [[String: Any]])
        let events = try #require(zones.first?["events"] as? [[String: Any]])
        #expect(events.compactMap { $0["wanted"] as? String } == ["2026-03-27T02:30:00", "2040-03-23T02:30:00"])
        #expect(events.allSatisfy { $0["kind"] as? String == "gap" && $0["outcome"] as? String == "moved" })
    }

    static let bad: [BadInvocation] = [
        BadInvocation(arguments: ["next", "--rrule", "RSCALE=RUSSIAN;FREQ=YEARLY", "--dtstart", "2026-01-01T09:00", "--tz", "UTC"],
                      mentions: ["RSCALE", "'RUSSIAN'", "HEBREW", "CHINESE", "ISLAMIC-CIVIL"]),
        BadInvocation(arguments: ["next", "--rrule", "FREQ=YEARLY;SKIP=FORWARD", "--dtstart", "2026-01-01T09:00", "--tz", "UTC"],
                      mentions: ["SKIP", "RSCALE"]),
        BadInvocation(arguments: ["next", "--rrule", "FREQ=YEARLY;BYMONTH=5L", "--dtstart", "2026-01-01T09:00", "--tz", "UTC"],
                      mentions: ["BYMONTH", "'5L'", "RSCALE"]),
        BadInvocation(arguments: ["next", "--rrule", "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=4L", "--dtstart", "2026-01-01T09:00", "--tz", "UTC"],
                      mentions: ["BYMONTH", "5L"]),
        BadInvocation(arguments: ["next", "--rrule", "RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=SOMETIMES", "--dtstart", "2026-01-01T09:00", "--tz", "UTC"],
                      mentions: ["SKIP", "OMIT, BACKWARD or FORWARD"]),
    ]

    @Test(arguments: bad)
    func badInputNamesThePart(_ invocation: BadInvocation) throws {
        ChimeCLI.expectBadInput(try ChimeCLI.run(invocation.arguments), mentions: invocation.mentions)
    }
}
