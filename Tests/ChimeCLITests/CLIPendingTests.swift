import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `chime pending`, `chime simulate` and `chime plan` end to end, on a small request file whose
/// answers are derived by hand (reasoning beside each), with fixture tz data.
@Suite struct CLIPendingTests {
    /// Added at 2026-03-07T12:00:00Z (a Saturday; New York is on EST, UTC-5, until 2026-03-08
    /// 07:00Z; Berlin on CET, UTC+1, until 2026-03-29).
    static let now = "2026-03-07T12:00:00Z"
    static let lines = [
        // Daily 09:00 New York: next 09:00 EST = 14:00Z today.
        #"{"identifier": "standup", "zone": "America/New_York", "trigger": {"calendar": {"components": {"hour": 9, "minute": 0}}}, "payload": {"title": "Standup", "n": 1.5}}"#,
        // Replaced by line 7.
        #"{"identifier": "pill", "zone": "Europe/Berlin", "trigger": {"calendar": {"components": {"hour": 8}}}}"#,
        // One-shot, 3600 s after creation (now): 13:00Z.
        #"{"identifier": "call", "zone": "UTC", "trigger": {"interval": {"seconds": 3600, "repeats": false}}}"#,
        #"{"identifier": "bad-zone", "zone": "Mars/Olympus", "trigger": {"calendar": {"components": {"hour": 8}}}}"#,
        #"not json"#,
        #"{"identifier": "too-fast", "zone": "UTC", "trigger": {"interval": {"seconds": 30, "repeats": true}}}"#,
        // Daily 07:30 Berlin: today's has passed (12:00Z = 13:00 CET), so 2026-03-08 07:30 CET = 06:30Z.
        #"{"identifier": "pill", "zone": "Europe/Berlin", "trigger": {"calendar": {"components": {"hour": 7, "minute": 30}}}}"#,
        // 2020-01-01 is long gone: never fires.
        #"{"identifier": "past", "zone": "UTC", "trigger": {"calendar": {"components": {"year": 2020, "month": 1, "day": 1}}}}"#,
    ]

    static func file() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chime-pending-\(UUID().uuidString).jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func utc(_ fire: Any?) -> String? { (fire as? [String: Any])?["utc"] as? String }

    @Test func pendingKeepsTheSoonestAndReportsTheRest() throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try ChimeCLI.run(["pending", path, "--now", Self.now, "--limit", "2", "--json"])
        ChimeCLI.expectNoCrash(run)
        #expect(run.status == 0, "\(run)")
        let json = try ChimeCLI.json(run)
        let kept = try #require(json["kept"] as? [[String: Any]])
        // Of call 13:00Z, standup 14:00Z, pill 06:30Z tomorrow: the two soonest.
        #expect(kept.map { $0["identifier"] as? String } == ["call", "standup"])
        #expect(kept.map { Self.utc($0["next"]) } == ["2026-03-07T13:00:00Z", "2026-03-07T14:00:00Z"])
        let discarded = try #require(json["discarded"] as? [[String: Any]])
        #expect(discarded.map { $0["identifier"] as? String } == ["pill", "past"])
        #expect(discarded.map { $0["reason"] as? String } == ["notAmongSoonest", "neverFires"])
        #expect(Self.utc(discarded.first?["next"]) == "2026-03-08T06:30:00Z")
        let errors = try #require(json["errors"] as? [[String: Any]])
        #expect(errors.map { $0["line"] as? Int } == [4, 5, 6])
        #expect(errors.map { ($0["error"] as? [String: Any])?["code"] as? String } == ["unknownZone", "malformedJSON", "invalidTrigger"])
        let replaced = try #require(json["replaced"] as? [[String: Any]])
        #expect(replaced.first?["identifier"] as? String == "pill" && replaced.first?["line"] as? Int == 7
                && replaced.first?["replacedLine"] as? Int == 2)
    }

    /// An identifier holding control characters is shown escaped (`\u{1}`), and padded by the
    /// width it shows, so the fire column still lines up: in the kept rows, the discarded rows,
    /// the plan's rows and simulate's deliveries alike. (A row is a line with a local time,
    /// `+00:00`; every row's fire, `2026-03-07T…`, must start in one column.)
    @Test func escapedIdentifiersKeepTheColumnsAligned() throws {
        let lines = [
            #"{"identifier":"a\u0001b\u001bc","zone":"UTC","trigger":{"calendar":{"components":{"hour":13}}}}"#,
            #"{"identifier":"plain","zone":"UTC","trigger":{"calendar":{"components":{"hour":14}}}}"#,
            #"{"identifier":"x\u0002","zone":"UTC","trigger":{"calendar":{"components":{"hour":15}}}}"#,
        ]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chime-pending-\(UUID().uuidString).jsonl").path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for arguments in [["pending", path, "--now", Self.now, "--limit", "2"], ["plan", path, "--now", Self.now, "--limit", "3"],
                          ["simulate", path, "--from", Self.now, "--until", "2026-03-08T00:00:00Z"]] {
            let run = try ChimeCLI.run(arguments)
            ChimeCLI.expectNoCrash(run)
            #expect(run.status == 0, "\(run)")
            #expect(!run.stdout.contains("\u{1}") && run.stdout.contains("a\\u{1}b\\u{1b}c"), "\(run.stdout)")
            let rows = run.stdout.split(separator: "\n").filter { $0.contains("+00:00") }
            #expect(rows.count == 3, "\(arguments[0]): \(run.stdout)")
            let columns = Set(rows.map { $0.distance(from: $0.startIndex, to: $0.range(of: "2026-03-07T")!.lowerBound) })
            #expect(columns.count == 1, "\(arguments[0]): the fire column moves: \(rows)")
        }
    }

    /// `rule reject` (Android/Samsung): beyond the limit new requests are refused with an error.
    @Test func rejectRuleRefusesBeyondTheLimit() throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try ChimeCLI.run(["pending", path, "--now", Self.now, "--limit", "2", "--rule", "reject", "--json"])
        #expect(run.status == 0, "\(run)")
        let json = try ChimeCLI.json(run)
        // File order of the valid requests: standup, call, pill (line 7), past (never fires).
        #expect((json["kept"] as? [[String: Any]])?.map { $0["identifier"] as? String } == ["call", "standup"])
        let codes = (json["errors"] as? [[String: Any]] ?? []).map { ($0["error"] as? [String: Any])?["code"] as? String }
        #expect(codes.contains("limitReached"), "\(json)")
    }

    /// Two days of deliveries across New York's spring-forward (2026-03-08 07:00Z): standup at
    /// 09:00 EST = 14:00Z on the 7th, 09:00 EDT = 13:00Z on the 8th; pill 06:30Z on the 8th and 9th;
    /// call once at 13:00Z on the 7th, its last fire. The payload travels with each fire.
    @Test func simulateDeliversInOrder() throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try ChimeCLI.run(["simulate", path, "--from", Self.now, "--until", "2026-03-09T12:00:00Z", "--json"])
        ChimeCLI.expectNoCrash(run)
        #expect(run.status == 0, "\(run)")
        let lines = try run.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(lines.map { $0["identifier"] as? String } == ["call", "standup", "pill", "standup", "pill"])
        #expect(lines.map { Self.utc($0["fire"]) } == ["2026-03-07T13:00:00Z", "2026-03-07T14:00:00Z", "2026-03-08T06:30:00Z",
                                                      "2026-03-08T13:00:00Z", "2026-03-09T06:30:00Z"])
        #expect(lines.first?["final"] as? Bool == true)
        #expect((lines[1]["payload"] as? [String: Any])?["title"] as? String == "Standup")
        #expect(run.stderr.contains("line 4") && run.stderr.contains("Mars/Olympus"), "bad lines are reported on stderr\n\(run)")
    }

    /// Limit 3: call 13:00Z, standup 14:00Z, pill 06:30Z on the 8th; left out first is standup's
    /// second occurrence, 2026-03-08 09:00 EDT = 13:00Z, so plan again before then.
    @Test func planExpandsAndSaysWhenToPlanAgain() throws {
        let path = try Self.file()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try ChimeCLI.run(["plan", path, "--now", Self.now, "--limit", "3", "--json"])
        #expect(run.status == 0, "\(run)")
        let json = try ChimeCLI.json(run)
        let occurrences = try #require(json["occurrences"] as? [[String: Any]])
        #expect(occurrences.map { $0["notificationIdentifier"] as? String } == ["call#0", "standup#0", "pill#0"])
        #expect(json["refillBy"] as? String == "2026-03-08T13:00:00Z")
        #expect(json["neverFires"] as? [String] == ["past"])
    }

    @Test(arguments: [
        BadInvocation(arguments: ["pending", "/nonexistent/requests.jsonl", "--now", "2026-03-07T12:00:00Z"], mentions: ["/nonexistent/requests.jsonl"]),
        BadInvocation(arguments: ["pending", "-", "--limit", "2"], mentions: ["--now"]),
        BadInvocation(arguments: ["pending", "-", "--now", "2026-03-07T12:00:00Z", "--limit", "0"], mentions: ["--limit"]),
        BadInvocation(arguments: ["pending", "-", "--now", "2026-03-07T12:00:00Z", "--rule", "newest"], mentions: ["--rule", "newest"]),
        BadInvocation(arguments: ["simulate", "-", "--from", "2026-03-08T00:00:00Z", "--until", "2026-03-07T00:00:00Z"], mentions: ["--from", "--until"]),
        BadInvocation(arguments: ["plan", "-", "--now", "yesterday"], mentions: ["yesterday"]),
    ])
    func badUsage(_ invocation: BadInvocation) throws {
        ChimeCLI.expectBadInput(try ChimeCLI.run(invocation.arguments, environment: invocation.environment), mentions: invocation.mentions)
    }
}
