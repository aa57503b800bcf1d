import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// glibc's `$TZ` forms end to end (docs/contract.md, "Zones"): a POSIX TZ rule or a path as
/// `--tz`, as `$TZ` (the default zone), as a batch request's `zone`. Facts are hand-derived from
/// the rules' words (POSIX.1-2024 `TZ`), reasoning beside each.
@Suite struct CLIPOSIXZoneTests {
    /// `EST5EDT,M3.2.0,M11.1.0`: DST from the second Sunday of March (2026-03-08: Mar 1 2026 is a
    /// Sunday) at 02:00 EST = 07:00Z, so 02:30 that night is skipped and a daily 02:30 fires at
    /// 03:00 EDT (notification default, `gapNextTime`), then 02:30 EDT = 06:30Z on Mar 9.
    @Test func nextWithARule() throws {
        let run = try ChimeCLI.run(["next", "--at", "02:30", "--tz", "EST5EDT,M3.2.0,M11.1.0",
                                    "--after", "2026-03-07T12:00:00Z", "--count", "2", "--json"])
        let json = try ChimeCLI.json(run)
        #expect(json["zone"] as? String == "EST5EDT,M3.2.0,M11.1.0")
        #expect(json["source"] as? String == "posix")
        #expect(json["version"] is NSNull)
        let fires = try #require(json["fires"] as? [[String: Any]])
        #expect(fires.map { $0["utc"] as? String } == ["2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z"])
        #expect(fires.first?["adjustment"] as? String == "gapNextTime")
    }

    /// `$TZ` holding a rule is the default zone, as glibc reads it. `AEST-10AEDT,M10.1.0,M4.1.0/3`
    /// ends DST on the first Sunday of April at 03:00 AEDT (+11): 2026-04-01 is a Wednesday
    /// (2026-01-01 a Thursday, +90 days), so Sunday Apr 5, 03:00+11 = 2026-04-04T16:00:00Z.
    @Test func ruleInTZIsTheDefaultZone() throws {
        for tz in ["AEST-10AEDT,M10.1.0,M4.1.0/3", ":AEST-10AEDT,M10.1.0,M4.1.0/3"] {
            let before = try ChimeCLI.json(try ChimeCLI.run(["zone", "--at", "2026-04-04T15:59:59Z", "--json"], environment: ["TZ": tz]))
            #expect(before["id"] as? String == "AEST-10AEDT,M10.1.0,M4.1.0/3")
            #expect(before["source"] as? String == "posix")
            #expect((before["at"] as? [String: Any])?["offset"] as? Int == 39600)
            #expect((before["nextTransition"] as? [String: Any])?["utc"] as? String == "2026-04-04T16:00:00Z")
            #expect((before["notes"] as? [String])?.contains { $0.contains("from $TZ") } == true)
        }
    }

    /// `--tz` with glibc's `:Zone` and an absolute path to a TZif file.
    @Test func colonAndPath() throws {
        let colon = try ChimeCLI.json(try ChimeCLI.run(["zone", "--tz", ":Europe/Berlin", "--json"]))
        #expect(colon["id"] as? String == "Europe/Berlin" && colon["requested"] as? String == ":Europe/Berlin")
        let path = Fixtures.zonePath("Europe/Berlin")
        let file = try ChimeCLI.json(try ChimeCLI.run(["zone", path, "--at", "2026-07-01T00:00:00Z", "--json"]))
        #expect(file["id"] as? String == path && file["source"] as? String == "tzif" && file["match"] as? String == "file")
        #expect((file["at"] as? [String: Any])?["abbreviation"] as? String == "CEST")
        let fromTZ = try ChimeCLI.run(["resolve", "2026-03-29T02:30"], environment: ["TZ": path])
        #expect(fromTZ.status == 0 && fromTZ.stdout.contains("gap"), "\(fromTZ)")
    }

    /// A malformed rule is `unknownZone` naming the fault (exit 2); a path that is no zone file
    /// names the path.
    @Test func badRulesAndPaths() throws {
        ChimeCLI.expectBadInput(try ChimeCLI.run(["zone", "EST25EDT"]), mentions: ["unknown time zone 'EST25EDT'", "hour 25 exceeds 24"])
        ChimeCLI.expectBadInput(try ChimeCLI.run(["next", "--at", "09:00"], environment: ["TZ": "EST5EDT,M3.2.0/168,M11.1.0"]),
                                mentions: ["hour 168 exceeds 167", "from $TZ"])
        ChimeCLI.expectBadInput(try ChimeCLI.run(["zone", "/etc"]), mentions: ["cannot read /etc", "a directory"])
    }

    /// Batch (and so the C ABI and Python): `<+0330>-3:30` is +03:30 forever, so 09:00 daily
    /// after 2026-01-01T00:00Z is 05:30Z; a bad rule answers `unknownZone` with the reason.
    @Test func batchZones() throws {
        let lines = [
            #"{"id": 1, "zone": "<+0330>-3:30", "after": "2026-01-01T00:00:00Z", "trigger": {"calendar": {"components": {"hour": 9, "minute": 0}}}}"#,
            #"{"id": 2, "zone": "EST5EDT,M3.2.0,M13.1.0", "trigger": {"calendar": {"components": {"hour": 9}}}}"#,
        ]
        let answers = try CLIBatchTests.batch(lines)
        #expect(answers.first?["source"] as? String == "posix")
        #expect((answers.first?["fires"] as? [[String: Any]])?.first?["utc"] as? String == "2026-01-01T05:30:00Z")
        let error = answers.last?["error"] as? [String: Any]
        #expect(error?["code"] as? String == "unknownZone")
        #expect((error?["message"] as? String)?.contains("month 13 outside 1-12") == true)
    }
}
