import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The zone commands end to end: JSON shapes from CONTRACT.md and the headline facts of the issue.
@Suite struct CLIZoneCommandTests {
    static func json(_ run: ChimeRun) throws -> [String: Any] {
        #expect(run.status == 0 && !run.signaled, "\(run)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run)")
    }

    /// Mexico abolished DST in October 2022 (tz 2022f); ICU 2022e predates that and still has
    /// summer time. By default the newer TZif data answers: -06:00 CST in July 2026.
    @Test func mexicoCityDefaultsToNewestData() throws {
        let args = ["zone", "America/Mexico_City", "--at", "2026-07-01T00:00:00Z", "--json"]
        let newest = try Self.json(try ChimeCLI.run(args))
        #expect(newest["source"] as? String == "tzif")
        #expect(newest["version"] as? String == "2025b")
        let at = try #require(newest["at"] as? [String: Any])
        #expect(at["offset"] as? Int == -21600)
        #expect(at["abbreviation"] as? String == "CST")
        #expect(at["dst"] as? Bool == false)
        let sources = try #require(newest["sources"] as? [[String: Any]])
        #expect(sources.map { $0["source"] as? String } == ["tzif", "icu"])
        #expect(sources.map { $0["version"] as? String } == ["2025b", "2022e"])

        let icu = try Self.json(try ChimeCLI.run(args + ["--source", "icu"]))
        #expect(icu["source"] as? String == "icu")
        #expect(icu["version"] as? String == "2022e")
        #expect((icu["at"] as? [String: Any])?["offset"] as? Int == -18000)

        // The human form says which source answered and what the other one has.
        let text = try ChimeCLI.run(["zone", "America/Mexico_City", "--source", "icu"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("icu 2022e") && text.stdout.contains("tzif has 2025b"), "\(text)")
    }

    /// On the host's own tz database (no TZDIR override) the default source is the OS data,
    /// whose version is the first line of /usr/share/zoneinfo/tzdata.zi.
    @Test func hostDatabaseVersionIsReported() throws {
        let zi = try String(contentsOfFile: "/usr/share/zoneinfo/tzdata.zi", encoding: .utf8)
        let version = try #require(zi.split(separator: "\n").first?.split(separator: " ").last.map(String.init))
        let run = try ChimeCLI.run(["zone", "America/Mexico_City", "--at", "2026-07-01T00:00:00Z", "--json"],
                                   environment: ["TZDIR": "/usr/share/zoneinfo"])
        let zone = try Self.json(run)
        #expect(zone["version"] as? String == version)
        #expect(zone["source"] as? String == "tzif")
        #expect((zone["at"] as? [String: Any])?["offset"] as? Int == -21600)
    }

    /// New York 2026 (hand-derived from the US rule, second Sunday of March / first Sunday of
    /// November at 02:00 local): 2026-03-08T07:00:00Z and 2026-11-01T06:00:00Z.
    @Test func transitionsJSON() throws {
        let result = try Self.json(try ChimeCLI.run(["transitions", "America/New_York", "--from", "2026", "--to", "2026", "--json"]))
        let transitions = try #require(result["transitions"] as? [[String: Any]])
        #expect(transitions.map { $0["utc"] as? String } == ["2026-03-08T07:00:00Z", "2026-11-01T06:00:00Z"])
        #expect(transitions.first?["offsetBefore"] as? Int == -18000)
        #expect(transitions.first?["offsetAfter"] as? Int == -14400)
        #expect(transitions.first?["abbreviationAfter"] as? String == "EDT")
        #expect(transitions.first?["dst"] as? Bool == true)
    }

    @Test func resolveJSON() throws {
        let gap = try Self.json(try ChimeCLI.run(["resolve", "America/New_York", "2026-03-08T02:30:00", "--json"]))
        #expect(gap["kind"] as? String == "gap")
        let candidates = try #require(gap["candidates"] as? [[String: Any]])
        // 02:30 read as EDT = 06:30Z (shown as 01:30 EST); read as EST = 07:30Z (03:30 EDT).
        #expect(candidates.map { $0["utc"] as? String } == ["2026-03-08T06:30:00Z", "2026-03-08T07:30:00Z"])
        #expect(candidates.map { $0["at"] as? String } == ["2026-03-08T01:30:00-05:00", "2026-03-08T03:30:00-04:00"])

        let overlap = try Self.json(try ChimeCLI.run(["resolve", "US/Eastern", "2026-11-01T01:30:00", "--json"]))
        #expect(overlap["kind"] as? String == "overlap")
        let both = try #require(overlap["candidates"] as? [[String: Any]])
        #expect(both.map { $0["utc"] as? String } == ["2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z"])
        #expect(both.map { $0["abbreviation"] as? String } == ["EDT", "EST"])
    }

    @Test func zonesSearch() throws {
        let run = try ChimeCLI.run(["zones", "--search", "kolkata"])
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").contains("Asia/Kolkata"))
        // A space matches the underscore ids spell it with.
        let spaced = try ChimeCLI.run(["zones", "--search", "new york"])
        #expect(spaced.stdout.split(separator: "\n").contains("America/New_York"))
        let none = try ChimeCLI.run(["zones", "--search", "no-such-place"])
        #expect(none.status == 1, "no match is 'no answer' (exit 1)")
    }
}
