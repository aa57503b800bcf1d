import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `chime audit` end to end: the JSON shape of docs/contract.md, and the answers for New York's
/// 2026 transitions derived by hand (EST → EDT at 2026-03-08T07:00:00Z: 02:00–03:00 does not exist;
/// EDT → EST at 2026-11-01T06:00:00Z: 01:00–02:00 happens twice).
@Suite struct CLIAuditTests {
    static func json(_ arguments: [String]) throws -> [String: Any] {
        let run = try ChimeCLI.run(["audit"] + arguments + ["--json"])
        ChimeCLI.expectNoCrash(run)
        try #require(run.status == 0, "\(run)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test func listsEventsPerZoneWithTotals() throws {
        let answer = try Self.json(["--at", "02:30", "--zones", "America/New_York,Asia/Kolkata", "--from", "2026", "--to", "2026"])
        #expect(answer["description"] as? String == "at 02:30 every day")
        #expect(answer["semantics"] as? String == "apple" && answer["from"] as? Int == 2026 && answer["to"] as? Int == 2026)
        let zones = try #require(answer["zones"] as? [[String: Any]])
        #expect(zones.map { $0["zone"] as? String } == ["America/New_York", "Asia/Kolkata"])
        // Kolkata has no DST: listed, with no events.
        #expect((zones[1]["events"] as? [Any])?.isEmpty == true)
        let events = try #require(zones[0]["events"] as? [[String: Any]])
        try #require(events.count == 1)
        // Apple's nextTime: the first instant after the gap, 03:00 EDT = 07:00:00Z, 30 minutes later on the clock.
        #expect(events[0]["wanted"] as? String == "2026-03-08T02:30:00" && events[0]["kind"] as? String == "gap")
        #expect(events[0]["outcome"] as? String == "moved" && events[0]["adjustment"] as? String == "gapNextTime")
        #expect(events[0]["shiftSeconds"] as? Int == 1800)
        #expect(((events[0]["fires"] as? [[String: Any]])?.first?["utc"] as? String) == "2026-03-08T07:00:00Z")
        let totals = try #require(answer["totals"] as? [String: Int])
        #expect(totals["zones"] == 2 && totals["zonesWithEvents"] == 1 && totals["events"] == 1 && totals["gap"] == 1 && totals["moved"] == 1)
    }

    @Test func comparesCronFlavorsWithSystemd() throws {
        let answer = try Self.json(["--cron", "30 1 * * *", "--zones", "America/New_York", "--from", "2026", "--to", "2026",
                                    "--compare", "posix,croniter,systemd"])
        #expect(answer["compare"] as? [String] == ["posix", "croniter", "systemd"])
        let zone = try #require((answer["zones"] as? [[String: Any]])?.first)
        let differences = try #require(zone["differences"] as? [[String: Any]])
        try #require(differences.count == 1)
        #expect(differences[0]["wanted"] as? String == "2026-11-01T01:30:00" && differences[0]["kind"] as? String == "overlap")
        let answers = try #require(differences[0]["answers"] as? [String: [String: Any]])
        // 01:30 EDT = 05:30:00Z and 01:30 EST = 06:30:00Z: croniter fires at both, cron and systemd once, at the first.
        func utc(_ name: String) -> [String] { (answers[name]?["fires"] as? [[String: Any]] ?? []).compactMap { $0["utc"] as? String } }
        #expect(utc("croniter") == ["2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z"])
        #expect(utc("posix") == ["2026-11-01T05:30:00Z"] && utc("systemd") == ["2026-11-01T05:30:00Z"])
        #expect(answers["croniter"]?["outcome"] as? String == "doubled" && answers["systemd"]?["outcome"] as? String == "once")
    }

    @Test func textLeavesOutZonesWithoutEvents() throws {
        let run = try ChimeCLI.run(["audit", "--at", "02:30", "--zones", "America/New_York,Asia/Kolkata", "--from", "2026", "--to", "2026"])
        try #require(run.status == 0, "\(run)")
        #expect(run.stdout.contains("America/New_York (tzif 2025b): 1 event (1 moved)"))
        #expect(!run.stdout.contains("Asia/Kolkata"))
        #expect(run.stdout.contains("totals: 1 event in 1 of 2 zones: 1 moved"))
    }
}
