import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// Issue 11, end to end: zone ids made canonical before a source is chosen, the instant forms
/// people type, deterministic interval anchors, and the output details. Expected values come from
/// Python's zoneinfo over the same pinned tz data (an oracle that is not our code) or are derived
/// by hand with the reasoning beside them.
@Suite struct CLIIssue11Tests {
    static let ny = "America/New_York"

    /// Python zoneinfo over the fixture data: the UTC instant (`...Z`) of a wall time, fold 0 (the
    /// earlier of a repeated time; a skipped time read with the offset before the gap — the
    /// "compatible" reading Chime uses by default).
    static func pythonUTC(_ zone: String, _ local: String) throws -> String {
        let script = """
        import sys
        from datetime import datetime, timezone
        from zoneinfo import ZoneInfo
        w = datetime.fromisoformat(sys.argv[2]).replace(tzinfo=ZoneInfo(sys.argv[1]), fold=0)
        print(w.astimezone(timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ'))
        """
        let result = Fixtures.run("/usr/bin/env", ["python3", "-c", script, zone, local],
                                  environment: ["PYTHONTZPATH": Fixtures.zoneinfoDirectory])
        return try #require(result.output.split(separator: "\n").first.map(String.init), "python3 failed: \(result.error)")
    }

    /// Python zoneinfo: the UTC offset in seconds of `zone` at a UTC instant.
    static func pythonOffset(_ zone: String, _ utc: String) throws -> Int {
        let script = """
        import sys
        from datetime import datetime
        from zoneinfo import ZoneInfo
        t = datetime.fromisoformat(sys.argv[2].replace('Z', '+00:00'))
        print(int(t.astimezone(ZoneInfo(sys.argv[1])).utcoffset().total_seconds()))
        """
        let result = Fixtures.run("/usr/bin/env", ["python3", "-c", script, zone, utc],
                                  environment: ["PYTHONTZPATH": Fixtures.zoneinfoDirectory])
        return try #require(Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)), "python3 failed: \(result.error)")
    }

    static func json(_ arguments: [String], environment: [String: String] = [:]) throws -> [String: Any] {
        let run = try ChimeCLI.run(arguments, environment: environment)
        ChimeCLI.expectNoCrash(run)
        #expect(run.status == 0, "\(run)")
        return try ChimeCLI.json(run)
    }

    static func fireUTCs(_ json: [String: Any]) -> [String] {
        (json["fires"] as? [[String: Any]] ?? []).compactMap { $0["utc"] as? String }
    }

    // MARK: 1. Zone ids

    /// ICU-only ids (Java's three-letter ids) are made canonical first, then answered from the
    /// newest data (TZif 2025b), exactly as their zone: Cairo has DST again since 2023, which ICU
    /// 2022e does not know, so July 2026 is +03:00 EEST (Python zoneinfo agrees).
    @Test(arguments: [("ART", "Africa/Cairo"), ("PST", "America/Los_Angeles"), ("ACT", "Australia/Darwin")])
    func icuOnlyIdsAnswerAsTheirZone(_ id: String, _ canonical: String) throws {
        let at = "2026-07-15T12:00:00Z"
        let zone = try Self.json(["zone", id, "--at", at, "--json"])
        #expect(zone["id"] as? String == canonical)
        #expect(zone["requested"] as? String == id)
        #expect(zone["match"] as? String == "icuOnly")
        #expect(zone["source"] as? String == "tzif" && zone["version"] as? String == "2025b")
        let offset = try Self.pythonOffset(canonical, at)
        #expect((zone["at"] as? [String: Any])?["offset"] as? Int == offset)
        #expect((zone["notes"] as? [String])?.first?.contains("not a tz database id") == true)
        // `next --tz` answers from the same rules and says so.
        let next = try Self.json(["next", "--tz", id, "--at", "09:00", "--after", "2026-07-01T00:00:00Z", "--json"])
        #expect(next["zone"] as? String == canonical && next["source"] as? String == "tzif" && next["version"] as? String == "2025b")
        let same = try Self.json(["next", "--tz", canonical, "--at", "09:00", "--after", "2026-07-01T00:00:00Z", "--json"])
        #expect(Self.fireUTCs(next) == Self.fireUTCs(same))
    }

    @Test func aliasesWindowsIdsAndCaseNameTheCanonicalId() throws {
        for (id, canonical, match) in [("US/Eastern", Self.ny, "alias"), ("Asia/Calcutta", "Asia/Kolkata", "alias"),
                                       ("Eastern Standard Time", Self.ny, "windows"), ("america/new_york", Self.ny, "caseInsensitive"),
                                       (Self.ny, Self.ny, "canonical")] {
            let zone = try Self.json(["zone", id, "--at", "2026-07-01T00:00:00Z", "--json"])
            #expect(zone["id"] as? String == canonical, "\(id)")
            #expect(zone["match"] as? String == match, "\(id)")
            #expect(zone["source"] as? String == "tzif", "\(id)")
        }
        // The text form names the request and the note.
        let text = try ChimeCLI.run(["zone", "US/Eastern", "--at", "2026-07-01T00:00:00Z"])
        #expect(text.stdout.hasPrefix("America/New_York  (requested as 'US/Eastern')") && text.stdout.contains("alias"), "\(text)")
    }

    /// EST, MST and HST are fixed offsets (tz `Zone EST -5 - EST`): a note says so and names the
    /// region ids people usually mean; the offset in July stays -05:00.
    @Test func fixedOffsetLegacyIdsGetANote() throws {
        for (id, offset) in [("EST", -18000), ("MST", -25200), ("HST", -36000)] {
            let zone = try Self.json(["zone", id, "--at", "2026-07-01T00:00:00Z", "--json"])
            #expect((zone["at"] as? [String: Any])?["offset"] as? Int == offset, "\(id)")
            let notes = zone["notes"] as? [String] ?? []
            #expect(notes.contains { $0.contains("legacy fixed-offset id") && $0.contains("never daylight saving time") }, "\(id): \(notes)")
        }
    }

    /// `zones` lists the `Zone` names of the pinned tzdata.zi (the canonical ids), region ids first;
    /// `--all` adds the links.
    @Test func zonesListsCanonicalIdsAndAllAddsAliases() throws {
        let run = try ChimeCLI.run(["zones"])
        let ids = run.stdout.split(separator: "\n").map(String.init)
        #expect(Set(ids) == Set(Fixtures.zoneIdentifiers), "\(Set(ids).symmetricDifference(Fixtures.zoneIdentifiers).sorted().prefix(10))")
        #expect(!ids.contains("US/Eastern") && ids.first == "Africa/Abidjan")
        let firstLegacy = try #require(ids.firstIndex { !$0.contains("/") || $0.hasPrefix("Etc/") })
        #expect(ids[firstLegacy...].allSatisfy { !$0.contains("/") || $0.hasPrefix("Etc/") }, "legacy ids come last")
        let all = try Self.json(["zones", "--all", "--json"])
        #expect((all["zones"] as? [String])?.contains("US/Eastern") == true)
        #expect(all["canonicalOnly"] as? Bool == false)
    }

    /// `zone` and `transitions` take several zones, like zdump; `zone`/`resolve` take --tz.
    @Test func severalZonesAndTz() throws {
        let run = try ChimeCLI.run(["transitions", Self.ny, "Europe/London", "--from", "2026", "--json"])
        let lines = run.stdout.split(separator: "\n")
        #expect(run.status == 0 && lines.count == 2, "\(run)")
        let london = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        // EU rule: last Sunday of March and of October at 01:00 UTC.
        #expect((london["transitions"] as? [[String: Any]])?.map { $0["utc"] as? String } == ["2026-03-29T01:00:00Z", "2026-10-25T01:00:00Z"])
        let text = try ChimeCLI.run(["transitions", Self.ny, "--from", "2026"])
        #expect(text.stdout.hasPrefix("America/New_York, 2026 (UTC)"), "one year is not '2026–2026'\n\(text)")
        let zone = try Self.json(["zone", "--tz", "Europe/London", "--at", "2026-07-01T00:00:00Z", "--json"])
        #expect(zone["id"] as? String == "Europe/London")
        let resolved = try Self.json(["resolve", "--tz", Self.ny, "2026-03-08T02:30", "--json"])
        #expect(resolved["kind"] as? String == "gap" && resolved["zone"] as? String == Self.ny && resolved["source"] as? String == "tzif")
    }

    // MARK: 2. Time input

    /// Every instant form, read in New York, against Python zoneinfo (fold 0).
    @Test func instantForms() throws {
        let cases: [(text: String, local: String?)] = [
            ("2026-03-08", "2026-03-08T00:00:00"),            // a date: midnight
            ("2026-03-08T09:00", "2026-03-08T09:00:00"),      // T, no seconds
            ("2026-03-08 09:00", "2026-03-08T09:00:00"),      // a space
            ("2026-03-08 09:00:30", "2026-03-08T09:00:30"),
            ("2026-03-08T02:30", "2026-03-08T02:30:00"),      // in the gap: read with EST, 07:30Z
            ("2026-11-01 01:30", "2026-11-01T01:30:00"),      // repeated: the earlier, EDT
        ]
        for (text, local) in cases {
            // `--every 1h --once` fires once, one hour after the anchor (= --after): after + 3600 s.
            let next = try Self.json(["next", "--tz", Self.ny, "--every", "1h", "--once", "--after", text, "--json"])
            let expected = try Self.pythonUTC(Self.ny, local!)
            #expect(next["after"] as? String == expected, "\(text)")
        }
        // @EPOCH: 1772953200 = 2026-03-08T07:00:00Z (20520 days * 86400 + 7 h; 2026-03-08 is day 20520).
        let epoch = try Self.json(["next", "--tz", Self.ny, "--every", "1h", "--once", "--after", "@1772953200", "--json"])
        #expect(epoch["after"] as? String == "2026-03-08T07:00:00Z")
        // An adjusted local time comes with a note.
        let gap = try Self.json(["next", "--tz", Self.ny, "--at", "09:00", "--after", "2026-03-08T02:30", "--json"])
        #expect((gap["notes"] as? [String])?.contains { $0.contains("does not exist") && $0.contains("03:30:00-04:00") } == true, "\(gap)")
        // `now` has no nanoseconds.
        let now = try Self.json(["next", "--tz", "UTC", "--every", "1m", "--once", "--json"])
        #expect((now["after"] as? String)?.contains(".") == false)
    }

    /// The zone defaults to $TZ (else the system zone), named in the output.
    @Test func zoneFromTZ() throws {
        let run = try ChimeCLI.run(["next", "--at", "9:00", "--after", "2026-03-09", "--count", "1"], environment: ["TZ": Self.ny])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("America/New_York (tzif 2025b), after 2026-03-09T04:00:00Z:"), "\(run)")
        #expect(run.stdout.contains("zone America/New_York from $TZ"), "\(run)")
        // 09:00 EDT on Monday 2026-03-09 = 13:00Z.
        #expect(run.stdout.contains("2026-03-09T13:00:00Z"), "\(run)")
        let colon = try ChimeCLI.run(["zone", "--at", "2026-01-01T00:00:00Z", "--json"], environment: ["TZ": ":Europe/Paris"])
        #expect(try ChimeCLI.json(colon)["id"] as? String == "Europe/Paris")
    }

    /// Local times in batch `after` and interval `anchor` are read in the request's zone.
    @Test func batchLocalTimes() throws {
        let responses = try CLIBatchTests.batch([
            #"{"id": 1, "zone": "America/New_York", "after": "2026-03-08 09:00", "trigger": {"interval": {"seconds": 3600}}}"#,
            #"{"id": 2, "zone": "America/New_York", "after": "2026-03-08T00:00:00Z", "trigger": {"interval": {"seconds": 3600, "anchor": "2026-03-08"}}}"#,
            #"{"id": 3, "zone": "America/New_York", "after": "yesterday", "trigger": {"interval": {"seconds": 3600}}}"#,
        ])
        // 09:00 EDT = 13:00Z; one hour later 14:00Z.
        #expect(Self.fireUTCs(responses[0]) == ["2026-03-08T14:00:00Z"])
        // Midnight EST = 05:00Z; one hour later 06:00Z.
        #expect(Self.fireUTCs(responses[1]) == ["2026-03-08T06:00:00Z"])
        #expect((responses[2]["error"] as? [String: Any])?["code"] as? String == "malformedInstant")
    }

    /// Pending files are batch requests: `created` (or `after`) and an interval `anchor` may be
    /// local times, read in the request's zone. 09:00 EST = 14:00Z, + 3600 s = 15:00Z; anchor
    /// 10:00 EST = 15:00Z, + 3600 s = 16:00Z.
    @Test func pendingLocalTimes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chime-local-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try """
        {"identifier": "local-created", "zone": "America/New_York", "created": "2026-03-07 09:00", "trigger": {"interval": {"seconds": 3600}}}
        {"identifier": "local-anchor", "zone": "America/New_York", "trigger": {"interval": {"seconds": 3600, "anchor": "2026-03-07T10:00"}}}
        {"identifier": "bad-created", "zone": "America/New_York", "created": "soon", "trigger": {"interval": {"seconds": 3600}}}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let json = try Self.json(["pending", path, "--now", "2026-03-07 09:30", "--tz", Self.ny, "--json"])
        let kept = json["kept"] as? [[String: Any]] ?? []
        #expect(kept.map { $0["identifier"] as? String } == ["local-created", "local-anchor"])
        #expect(kept.map { ($0["next"] as? [String: Any])?["utc"] as? String } == ["2026-03-07T15:00:00Z", "2026-03-07T16:00:00Z"])
        #expect(json["now"] as? String == "2026-03-07T14:30:00Z")
        let errors = json["errors"] as? [[String: Any]] ?? []
        #expect(errors.map { $0["line"] as? Int } == [3], "\(errors)")
    }

    // MARK: 3. Intervals

    /// An interval without an anchor starts at the request's `after`: the same line gives the
    /// same answer on every run (the CLI's rule), whole seconds.
    @Test func batchIntervalWithoutAnchorIsDeterministic() throws {
        let line = #"{"id": "i", "zone": "UTC", "after": "2026-03-08T00:00:00Z", "count": 2, "trigger": {"interval": {"seconds": 5400, "repeats": true}}}"#
        let first = try CLIBatchTests.batch([line, line])
        let second = try CLIBatchTests.batch([line])
        // 00:00Z + 5400 s = 01:30Z, then 03:00Z.
        #expect(Self.fireUTCs(first[0]) == ["2026-03-08T01:30:00Z", "2026-03-08T03:00:00Z"])
        #expect(Self.fireUTCs(first[1]) == Self.fireUTCs(first[0]) && Self.fireUTCs(second[0]) == Self.fireUTCs(first[0]))
        // The CLI says the same.
        let next = try Self.json(["next", "--tz", "UTC", "--every", "5400", "--after", "2026-03-08T00:00:00Z", "--count", "2", "--json"])
        #expect(Self.fireUTCs(next) == Self.fireUTCs(first[0]))
    }

    @Test(arguments: [("90m", 5400), ("90min", 5400), ("1h30m", 5400), ("5400", 5400), ("2h", 7200), ("1d", 86400),
                      ("1w", 604_800), ("1h 30m", 5400), ("45s", 45), ("1d12h", 129_600)])
    func everyUnits(_ text: String, _ seconds: Int) throws {
        let next = try Self.json(["next", "--tz", "UTC", "--every", text, "--once", "--after", "2026-01-01T00:00:00Z", "--json"])
        let interval = (next["trigger"] as? [String: Any])?["interval"] as? [String: Any]
        #expect(interval?["seconds"] as? Int == seconds, "\(text)")
        #expect(interval?["anchor"] as? String == "2026-01-01T00:00:00Z")
    }

    @Test func everyErrorsListTheUnits() throws {
        let month = try ChimeCLI.run(["next", "--tz", "UTC", "--every", "1mo"])
        ChimeCLI.expectBadInput(month, mentions: ["months are not an exact duration", "s, m or min, h, d, w"])
        let unknown = try ChimeCLI.run(["next", "--tz", "UTC", "--every", "5x"])
        ChimeCLI.expectBadInput(unknown, mentions: ["unknown unit 'x'", "s, m or min, h, d, w"])
        #expect(!unknown.stderr.contains("seconds, got"), "\(unknown)")
    }

    /// A daily interval anchored at 09:00 EST on 2026-03-07 (14:00Z) fires every 86400 s at 14:00Z;
    /// from the 8th New York is on EDT, so the wall time is 10:00: `intervalWallClockDrift` when
    /// asked for (`--report-drift`, batch `"reportDrift": true`), `exact` otherwise.
    @Test func reportDriftMakesDriftReachable() throws {
        let args = ["next", "--tz", Self.ny, "--every", "1d", "--anchor", "2026-03-07T09:00", "--after", "2026-03-07T12:00:00Z", "--count", "2", "--json"]
        let plain = try Self.json(args)
        let adjustments = { (json: [String: Any]) in (json["fires"] as? [[String: Any]] ?? []).compactMap { $0["adjustment"] as? String } }
        #expect(Self.fireUTCs(plain) == ["2026-03-08T14:00:00Z", "2026-03-09T14:00:00Z"])
        #expect(adjustments(plain) == ["exact", "exact"])
        let drift = try Self.json(args + ["--report-drift"])
        #expect(adjustments(drift) == ["intervalWallClockDrift", "intervalWallClockDrift"])
        let batch = try CLIBatchTests.batch([
            #"{"zone": "America/New_York", "after": "2026-03-07T12:00:00Z", "count": 2, "trigger": {"interval": {"seconds": 86400, "repeats": true, "anchor": "2026-03-07T14:00:00Z", "reportDrift": true}}}"#,
        ])
        #expect(adjustments(batch[0]) == ["intervalWallClockDrift", "intervalWallClockDrift"])
    }

    // MARK: 5. Output and help

    @Test func nextJSONNamesZoneSourceVersionAndTrigger() throws {
        let next = try Self.json(["next", "--tz", "US/Eastern", "--weekly", "mon,fri@09:00", "--after", "2026-03-07T12:00:00Z", "--count", "2", "--json"])
        #expect(next["zone"] as? String == Self.ny && next["requested"] as? String == "US/Eastern")
        #expect(next["source"] as? String == "tzif" && next["version"] as? String == "2025b")
        let weekly = (next["trigger"] as? [String: Any])?["weekly"] as? [String: Any]
        #expect(weekly?["weekdays"] as? [Int] == [2, 6] && weekly?["time"] as? String == "09:00:00")
        // Mon 2026-03-09 09:00 EDT = 13:00Z, Fri 2026-03-13 13:00Z.
        #expect(Self.fireUTCs(next) == ["2026-03-09T13:00:00Z", "2026-03-13T13:00:00Z"])
    }

    /// Every batch answer names the zone as answered; `chime batch --explain` adds the instant
    /// searched after and the trigger as understood.
    @Test func batchExplain() throws {
        let line = #"{"id": 1, "zone": "US/Eastern", "after": "2026-03-07T12:00:00Z", "trigger": {"interval": {"seconds": 5400, "repeats": true}}}"#
        let result = Fixtures.run(try ChimeCLI.executable(), ["batch", "--explain"], environment: ChimeCLI.baseEnvironment, stdin: Data((line + "\n").utf8))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result)")
        #expect(json["zone"] as? String == Self.ny && json["requested"] as? String == "US/Eastern")
        #expect(json["source"] as? String == "tzif" && json["version"] as? String == "2025b")
        #expect(((json["trigger"] as? [String: Any])?["interval"] as? [String: Any])?["anchor"] as? String == "2026-03-07T12:00:00Z")
        // 12:00Z + 5400 s = 13:30Z.
        #expect(Self.fireUTCs(json) == ["2026-03-07T13:30:00Z"])
        let plain = try CLIBatchTests.batch([line])
        #expect(plain[0]["zone"] as? String == Self.ny && plain[0]["requested"] as? String == "US/Eastern")
        #expect(plain[0]["source"] as? String == "tzif" && plain[0]["version"] as? String == "2025b")
        #expect(plain[0]["trigger"] == nil && plain[0]["after"] == nil && Self.fireUTCs(plain[0]) == ["2026-03-07T13:30:00Z"])
    }

    @Test func countZeroIsTheSameInCLIAndBatch() throws {
        let next = try Self.json(["next", "--tz", "UTC", "--at", "09:00", "--count", "0", "--json"])
        #expect((next["fires"] as? [Any])?.isEmpty == true)
        let batch = try CLIBatchTests.batch([#"{"zone": "UTC", "count": 0, "trigger": {"calendar": {"components": {"hour": 9}}}}"#])
        #expect((batch[0]["fires"] as? [Any])?.isEmpty == true)
    }

    @Test func backwardSearchesSayBefore() throws {
        let run = try ChimeCLI.run(["next", "--tz", "UTC", "--components", "hour=9", "--direction", "backward", "--after", "2026-03-08T00:00:00Z"])
        #expect(run.status == 0 && run.stdout.hasPrefix("Etc/UTC (tzif 2025b), before 2026-03-08T00:00:00Z:"), "\(run)")
        let json = try Self.json(["next", "--tz", "UTC", "--components", "hour=9", "--direction", "backward", "--after", "2026-03-08T00:00:00Z", "--json"])
        #expect(json["before"] as? String == "2026-03-08T00:00:00Z" && json["after"] == nil)
        #expect(Self.fireUTCs(json) == ["2026-03-07T09:00:00Z"])
    }

    @Test func usageDidYouMeanAndRepeatedOptions() throws {
        ChimeCLI.expectBadInput(try ChimeCLI.run(["nxt"]), mentions: ["unknown command 'nxt'", "did you mean 'next'"])
        ChimeCLI.expectBadInput(try ChimeCLI.run(["next", "--tzz", "UTC"]), mentions: ["'--tzz'", "did you mean --tz"])
        // Other tools' names for an option: --zone is one letter from --once, but means --tz.
        ChimeCLI.expectBadInput(try ChimeCLI.run(["next", "--at", "09:00", "--zone", "UTC"]), mentions: ["'--zone'", "did you mean --tz"])
        ChimeCLI.expectBadInput(try ChimeCLI.run(["next", "--at", "09:00", "--timezone", "UTC"]), mentions: ["did you mean --tz"])
        ChimeCLI.expectBadInput(try ChimeCLI.run(["next", "--at", "09:00", "--at", "10:00", "--tz", "UTC"]), mentions: ["--at given twice"])
        // Required options are shown bare in the usage line, optional ones in brackets.
        let help = try ChimeCLI.run(["pending", "--help"])
        #expect(help.stdout.contains("FILE --now INSTANT [--limit N]"), "\(help)")
        #expect(help.stdout.contains("(required)"), "\(help)")
        #expect(!help.stdout.contains("CONTRACT.md") && help.stdout.contains("docs/contract.md"), "\(help)")
        let next = try ChimeCLI.run(["next", "--help"])
        #expect(next.stdout.contains("(--at HH:MM[:SS] | --components K=V,… | --weekly DAYS@HH:MM | --every DURATION | --oncalendar SPEC"), "\(next)")
        #expect(next.stdout.contains("| --cron EXPR | --rrule RULE --dtstart LOCAL | --ical FILE [--uid UID]) [--tz ZONE]"), "\(next)")
    }

    /// Batch: weekday names as `--weekly` takes them; errors word fields as JSON paths, never
    /// Swift's coding keys or type names.
    @Test func batchWeekdayNamesAndPlainErrors() throws {
        let responses = try CLIBatchTests.batch([
            #"{"zone": "UTC", "after": "2026-03-07T12:00:00Z", "count": 2, "trigger": {"weekly": {"weekdays": ["mon", "Wednesday"], "time": "09:00"}}}"#,
            #"{"zone": "UTC", "trigger": {"weekly": {"weekdays": ["noday"], "time": "09:00"}}}"#,
            #"{"zone": "UTC", "trigger": {"calendar": {"components": {"hour": "nine"}}}}"#,
            #"{"zone": "UTC", "count": 1e30, "trigger": {"calendar": {"components": {"hour": 9}}}}"#,
        ])
        // 2026-03-07 is a Saturday: Mon the 9th, Wed the 11th at 09:00Z.
        #expect(Self.fireUTCs(responses[0]) == ["2026-03-09T09:00:00Z", "2026-03-11T09:00:00Z"])
        for response in responses.dropFirst() {
            let message = (response["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(!message.isEmpty && !message.contains("Index") && !message.contains("Int64") && !message.contains("Swift"), "\(message)")
        }
        #expect(((responses[1]["error"] as? [String: Any])?["message"] as? String)?.contains("'noday' is not a weekday") == true)
        #expect(((responses[2]["error"] as? [String: Any])?["message"] as? String)?.contains("expected a number") == true)
    }

    /// `pending --rule reject`: one story per request. `past` never fires: `neverFires`, not
    /// `limitReached`; `pill` (line 7, replacing line 2) is refused, and its error says so instead
    /// of also listing it under `replaced`.
    @Test func pendingRejectTellsOneStoryPerRequest() throws {
        let path = Fixtures.packageRoot.appendingPathComponent("examples/reminders.jsonl").path
        let json = try Self.json(["pending", path, "--now", "2026-03-07T12:00:00Z", "--limit", "2", "--rule", "reject", "--json"])
        let discarded = json["discarded"] as? [[String: Any]] ?? []
        #expect(discarded.map { $0["identifier"] as? String } == ["past"] && discarded.first?["reason"] as? String == "neverFires")
        let errors = json["errors"] as? [[String: Any]] ?? []
        let refused = errors.filter { ($0["error"] as? [String: Any])?["code"] as? String == "limitReached" }
        #expect(refused.map { $0["id"] as? String } == ["pill"])
        #expect(((refused.first?["error"] as? [String: Any])?["message"] as? String)?.contains("line 2") == true)
        #expect((json["replaced"] as? [Any])?.isEmpty == true)
    }
}
