import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `chime batch` end to end: one response line per input line, in order, whatever the line holds.
@Suite struct CLIBatchTests {
    static func batch(_ lines: [String]) throws -> [[String: Any]] {
        let input = lines.joined(separator: "\n") + "\n"
        let result = Fixtures.run(try ChimeCLI.executable(), ["batch"], environment: ChimeCLI.baseEnvironment, stdin: Data(input.utf8))
        #expect(result.status == 0, "\(result.error)")
        let outputs = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        // Blank lines are skipped (docs/contract.md): one response per non-blank line.
        #expect(outputs.count == lines.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }.count, "one response per request line")
        return try outputs.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }

    @Test func mixedValidAndMalformedLines() throws {
        let lines = [
            #"{"id": "r1", "zone": "America/New_York", "after": "2026-03-07T12:00:00Z", "count": 3, "trigger": {"calendar": {"components": {"hour": 2, "minute": 30}}}}"#,
            #"{"id": "r2", "zone": "Nowhere/City", "trigger": {"calendar": {"components": {"hour": 2}}}}"#,
            #"this is not json"#,
            "",
            #"{"id": "r5", "zone": "UTC", "trigger": {"calendar": {"components": {"weekday": 8}}}}"#,
            #"{"id": "r6", "zone": "UTC", "after": "yesterday", "trigger": {"interval": {"seconds": 60}}}"#,
            #"{"id": "r7", "zone": "UTC", "after": "2026-01-01T00:00:00Z", "count": 2, "trigger": {"interval": {"seconds": 5400, "repeats": true, "anchor": "2026-01-01T00:00:00Z"}}}"#,
            #"{"id": "r8", "zone": "UTC", "after": "2026-01-01T00:00:00Z", "count": 3, "trigger": {"calendar": {"components": {"month": 2, "day": 30}, "matchingPolicy": "strict"}}}"#,
            #"{"id": 9, "trigger": {"weekly": {"weekdays": [2], "time": "09:00"}}}"#,
            #"{"id": "r10", "zone": "Europe/Berlin", "after": "2026-03-28T00:00:00Z", "count": 2, "trigger": {"weekly": {"weekdays": [2, 4], "time": "09:00"}}}"#,
        ]
        let responses = try Self.batch(lines)
        func code(_ i: Int) -> String? { (responses[i]["error"] as? [String: Any])?["code"] as? String }
        func utc(_ i: Int) -> [String] { (responses[i]["fires"] as? [[String: Any]] ?? []).compactMap { $0["utc"] as? String } }

        // CONTRACT.md's example: 02:30 on the spring-forward day becomes 03:00 EDT.
        #expect(responses[0]["id"] as? String == "r1")
        #expect(utc(0) == ["2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z", "2026-03-10T06:30:00Z"])
        #expect((responses[0]["fires"] as? [[String: Any]])?.first?["adjustment"] as? String == "gapNextTime")
        #expect(code(1) == "unknownZone" && responses[1]["id"] as? String == "r2")
        #expect(code(2) == "malformedJSON" && responses[2]["id"] == nil)
        // Line 4 is blank: skipped, no response.
        #expect(code(3) == "invalidTrigger" && responses[3]["id"] as? String == "r5")
        #expect(code(4) == "malformedInstant")
        // 5400 s steps from the anchor: 01:30 and 03:00.
        #expect(utc(5) == ["2026-01-01T01:30:00Z", "2026-01-01T03:00:00Z"])
        // Never fires: an empty list, not an error.
        #expect(responses[6]["fires"] as? [Any] != nil && utc(6).isEmpty && code(6) == nil)
        #expect(code(7) == "missingField" && responses[7]["id"] as? Int == 9)
        // Mon 2026-03-30 and Wed 2026-04-01, 09:00 CEST (+02:00) = 07:00Z (Berlin switched on Mar 29).
        #expect(utc(8) == ["2026-03-30T07:00:00Z", "2026-04-01T07:00:00Z"])
    }

    /// Lines at the edge of the byte-level path (`BatchLine`): a trigger text seen before followed by
    /// garbage, duplicate members, escapes, numbers that are not plain integers. Each is answered
    /// exactly as the tree path (`JSONParser` + `JSONTreeDecoder`) answers it.
    /// A member the contract does not name is an error naming it and the nearest known one, on the
    /// byte path's lines as on the general path's; the other lines are answered.
    /// A batch line in the CLI's RRULE spelling answers what `chime next --rrule --dtstart
    /// --dtstart-mode` answers, fire for fire (issue 28: the two were spelt differently).
    @Test func rruleInTheCLIsSpellingAnswersAsTheCLI() throws {
        for (rule, start, mode) in [("FREQ=MONTHLY;BYDAY=-1FR", "2026-01-30T09:00", "always"), ("FREQ=WEEKLY;BYDAY=MO,TH", "20260101T023000", "ifMatching"),
                                    ("FREQ=DAILY;BYHOUR=2;BYMINUTE=30", "2026-03-01T02:30", "always")] {
            let cli = try ChimeCLI.run(["next", "--rrule", rule, "--dtstart", start, "--dtstart-mode", mode, "--tz", "America/New_York",
                                        "--after", "2026-01-01T00:00:00Z", "--count", "6", "--json"])
            try #require(cli.status == 0, "\(cli.stderr)")
            let expected = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])["fires"] as? [[String: Any]]
            let line = #"{"id": "r", "zone": "America/New_York", "after": "2026-01-01T00:00:00Z", "count": 6, "trigger": {"rrule": {"rule": ""#
                + rule + #"", "dtstart": ""# + start + #"", "dtstartMode": ""# + mode + #""}}}"#
            let answer = try Self.batch([line])[0]
            let fires = try #require(answer["fires"] as? [[String: Any]], "\(answer)")
            #expect(fires.map { $0["utc"] as? String } == (expected ?? []).map { $0["utc"] as? String } && fires.count == 6, "\(rule)")
        }
    }

    @Test func unknownMembersAreErrors() throws {
        let good = #""zone": "UTC", "after": "2026-01-01T00:00:00Z", "trigger": {"calendar": {"components": {"hour": 9}}}"#
        let responses = try Self.batch([
            #"{"id": "a", "cuont": 5, "# + good + "}",
            #"{"id": "b", "zone": "UTC", "trigger": {"calendar": {"components": {"hour": 9, "minite": 30}}}}"#,
            #"{"id": "c", "# + good + "}",
        ])
        func error(_ i: Int) -> [String: Any]? { responses[i]["error"] as? [String: Any] }
        #expect(error(0)?["code"] as? String == "unknownField")
        #expect(error(0)?["message"] as? String == "unknown field 'cuont': did you mean 'count'?")
        #expect(error(1)?["message"] as? String == "unknown field 'minite' in trigger.calendar.components: did you mean 'minute'?")
        #expect(responses[1]["id"] as? String == "b" && responses[2]["fires"] != nil)
    }

    /// `batch --explain` echoes each trigger as Chime read it (defaults, normalized forms, named
    /// zones); sent back as the trigger, it answers the same fires.
    @Test func explainedTriggersReadBack() throws {
        let after = #""after": "2026-03-07T12:00:00Z", "count": 3"#
        let lines = [
            #"{"id": "o", "# + after + #", "trigger": {"onCalendar": {"expression": "Mon..Fri *-*-* 2:30 Europe/Berlin"}}}"#,
            #"{"id": "k", "zone": "America/New_York", "# + after + #", "trigger": {"cron": {"expression": "H 2 * * 1#2", "flavor": "croniter", "hashId": "j"}}}"#,
            #"{"id": "r", "# + after + #", "trigger": {"rrule": {"text": "DTSTART;TZID=America/New_York:20260102T090000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR"}}}"#,
            #"{"id": "c", "zone": "America/New_York", "# + after + #", "trigger": {"calendar": {"components": {"hour": 2, "minute": 30}}}}"#,
        ]
        let input = lines.joined(separator: "\n") + "\n"
        let explained = Fixtures.run(try ChimeCLI.executable(), ["batch", "--explain"], environment: ChimeCLI.baseEnvironment, stdin: Data(input.utf8))
        let first = try explained.output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        try #require(first.count == lines.count, "\(explained.error)")
        let again = try first.map { answer -> String in
            var request: [String: Any] = ["id": answer["id"]!, "after": answer["after"]!, "count": 3, "trigger": answer["trigger"]!]
            request["zone"] = answer["requested"] ?? answer["zone"]
            return String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
        }
        let second = try Self.batch(again)
        for (a, b) in zip(first, second) {
            #expect(b["error"] == nil, "\(b)")
            #expect((a["fires"] as? [[String: Any]])?.map { $0["utc"] as? String } == (b["fires"] as? [[String: Any]])?.map { $0["utc"] as? String })
        }
    }

    @Test func linesAtTheEdgeOfTheBytePath() throws {
        let trigger = #"{"calendar":{"components":{"hour":8,"minute":30}}}"#
        let request = #""zone":"Europe/Paris","after":"2026-03-29T00:00:00Z","count":2"#
        let first = #"{"at":"2026-03-29T08:30:00+02:00","utc":"2026-03-29T06:30:00Z","offset":7200,"abbreviation":"CEST","adjustment":"exact"}"#
        let second = #"{"at":"2026-03-30T08:30:00+02:00","utc":"2026-03-30T06:30:00Z","offset":7200,"abbreviation":"CEST","adjustment":"exact"}"#
        // Every answer names the zone as answered (here the canonical id it was asked for).
        let zone = #""zone":"Europe/Paris","source":"tzif","version":"2025b","#
        let fires = zone + #""fires":["# + first + "," + second + "]}"
        // Malformed lines: the code and the start of the message (the reason and byte offset follow).
        let malformed = #"{"error":{"code":"malformedJSON","message":"the line is not valid JSON: "#
        let cases: [(line: String, response: String)] = [
            ("{\"id\":\"warm\",\(request),\"trigger\":\(trigger)}", #"{"id":"warm","# + fires),
            ("{\"id\":\"extra-brace\",\(request),\"trigger\":\(trigger)}}", malformed),
            ("{\"id\":\"garbage\",\(request),\"trigger\":\(trigger) x", malformed),
            ("{\"id\":\"dup-zone\",\(request),\"trigger\":\(trigger),\"zone\":\"UTC\"}", #"{"id":"dup-zone","# + fires),
            ("{\"id\":\"a\\u0062\",\(request),\"trigger\":\(trigger)}", #"{"id":"ab","# + fires),
            // An id is echoed as given, so one written 1e2 (which could only be echoed changed) is refused.
            ("{\"id\":1e2,\(request),\"trigger\":\(trigger)}",
             #"{"error":{"code":"invalidField","message":"field 'id' is invalid: an id is a string or an integer written in digits, not 1e2"}}"#),
            (#"{"identifier":-7,"zone":"Europe/Paris","after":"2026-03-29T00:00:00Z","count":2.0,"trigger":"# + trigger + "}",
             #"{"id":-7,"# + fires),
            (#"{"id":null,"identifier":"x","# + request + #","trigger":{"calendar":{"components":{"hour":8.0,"minute":30}}}}"#,
             "{" + fires),
            (#" { "id" : "spaced" , "zone" : "Europe/Paris" , "after" : "2026-03-29T00:00:00Z" , "trigger" : "# + trigger + " } ",
             #"{"id":"spaced","# + zone + #""fires":["# + first + "]}"),
            ("{\"id\":\"trailing-comma\",\(request),\"trigger\":{\"calendar\":{\"components\":{\"hour\":8,}}}}", malformed),
        ]
        let input = cases.map(\.line).joined(separator: "\n") + "\n"
        let result = Fixtures.run(try ChimeCLI.executable(), ["batch"], environment: ChimeCLI.baseEnvironment, stdin: Data(input.utf8))
        #expect(result.status == 0, "\(result.error)")
        let outputs = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(outputs.count == cases.count)
        for (output, expected) in zip(outputs, cases.map(\.response)) {
            #expect(expected == malformed ? output.hasPrefix(expected) : output == expected, "\(output)")
        }
    }

    /// Memory stays flat however long the input: peak RSS for 60,000 lines (CI: 1,000,000) is
    /// within a few MiB of that for a tenth as many (measured with GNU time's %M, in KiB), and every
    /// line gets its response.
    @Test func streamsInConstantMemory() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            Issue.record("GNU time (/usr/bin/time) is needed to measure peak memory; apt-get install time"); return
        }
        func peakKiB(lines: Int) throws -> Int {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("chime-batch-\(lines)-\(UUID().uuidString).jsonl").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let line = #"{"id": "x", "zone": "Europe/Berlin", "after": "2026-03-07T12:00:00Z", "count": 2, "trigger": {"calendar": {"components": {"hour": 2, "minute": 30}}}}"#
            try String(repeating: line + "\n", count: lines).write(toFile: path, atomically: true, encoding: .utf8)
            let result = Fixtures.run("/usr/bin/time", ["-f", "%M", try ChimeCLI.executable(), "batch", path], environment: ChimeCLI.baseEnvironment)
            #expect(result.status == 0)
            #expect(result.output.split(separator: "\n").count == lines)
            return Int(result.error.split(separator: "\n").last.map(String.init) ?? "") ?? -1
        }
        // CHIME_BATCH_LINES sets the large input (CI: 1,000,000); the small one is a tenth of it.
        let lines = Int(ProcessInfo.processInfo.environment["CHIME_BATCH_LINES"] ?? "") ?? 60_000
        let small = try peakKiB(lines: lines / 10), large = try peakKiB(lines: lines)
        #expect(small > 0 && large > 0)
        #expect(large - small < 4_096, "peak RSS grew from \(small) KiB to \(large) KiB")
    }

    /// Triggers decoded from the line's bytes (`TriggerScanner`) answer as the tree and `Codable`
    /// decode them: each trigger goes once on a line the byte path takes, and once on the same line
    /// with its id spelled with an escape (`"\u0078"` is `"x"`), which only the general path reads.
    /// Both lines must get the same bytes back, errors included.
    @Test func triggersFromBytesAnswerAsDecoded() throws {
        let triggers = [
            #"{"calendar":{"components":{"hour":2,"minute":30}}}"#,
            #"{ "calendar" : { "components" : { "hour" : 2 , "minute" : 30 } } }"#,
            #"{"calendar":{"components":{"hour":1,"minute":30},"repeatedTimePolicy":"last","direction":"backward"}}"#,
            #"{"calendar":{"components":{"hour":2,"minute":30},"matchingPolicy":"strict","gap":"shift","overlap":"both"}}"#,
            #"{"calendar":{"components":{"hour":2,"minute":30},"gap":"reject"}}"#,
            #"{"calendar":{"components":{"day":-1},"semantics":"consistent"}}"#,
            #"{"calendar":{"components":{"day":-1}}}"#,
            #"{"calendar":{"components":{"weekOfYear":10,"weekday":3},"firstWeekday":2,"minimumDaysInFirstWeek":4}}"#,
            #"{"calendar":{"components":{"weekOfYear":10,"weekday":3},"firstWeekday":9}}"#,
            #"{"calendar":{"components":{"hour":25}}}"#,
            #"{"calendar":{"components":{}}}"#,
            #"{"calendar":{"components":{"hour":8,"hour":9}}}"#,
            #"{"calendar":{"components":{"hour":8.0,"minute":-0}}}"#,
            #"{"calendar":{"components":{"hour":8},"repeats":false,"extra":1}}"#,
            #"{"calendar":{"components":{"hour":8},"matchingPolicy":"bogus"}}"#,
            #"{"weekly":{"weekdays":[2,4,6],"time":"09:00:00"}}"#,
            #"{"weekly":{"weekdays":[1,1,2],"time":"02:30","gap":"skip","semantics":"consistent"}}"#,
            #"{"weekly":{"weekdays":[],"time":"09:00"}}"#,
            #"{"weekly":{"weekdays":[8],"time":"09:00"}}"#,
            #"{"weekly":{"weekdays":[1],"time":"25:00"}}"#,
            #"{"interval":{"seconds":5400,"repeats":true,"anchor":"2026-01-01T00:00:00Z"}}"#,
            #"{"interval":{"seconds":86400,"repeats":true,"anchor":"2026-03-01T09:00:00-05:00","reportDrift":true}}"#,
            #"{"interval":{"seconds":86400,"repeats":true,"anchor":"2026-03-01T09:00","reportDrift":true}}"#,
            #"{"interval":{"seconds":5400,"repeats":true}}"#,
            #"{"interval":{"seconds":30,"repeats":true}}"#,
            #"{"interval":{"seconds":0}}"#,
            #"{"interval":{"seconds":5400.25,"repeats":true,"anchor":"2026-01-01T00:00:00Z"}}"#,
        ]
        let outputs = try Self.bothPaths(triggers, in: [("America/New_York", "2026-03-07T12:00:00Z"), ("Europe/London", "2026-10-24T12:00:00Z")],
                                         count: 3)
        #expect(outputs.contains { $0.contains(#""fires":[{"#) } && outputs.contains { $0.contains(#""error""#) })
    }

    /// `chime batch` keeps the offset/abbreviation/adjustment end of recent fire objects and copies
    /// it (`FireWriter`, 8 slots): fires whose end changes within a response (DST changes, gap and
    /// overlap adjustments, 30-minute and negative DST) and more distinct ends in a row than it has
    /// slots must read as the general path writes them, which keeps nothing: each line goes once
    /// on the byte path and once with its id escaped (`"\u0078"`), which only the general path reads.
    @Test func fireEndsKeptAnswerAsWritten() throws {
        let cases = [
            ("America/New_York", "2026-03-01T12:00:00Z"), ("America/New_York", "2026-10-28T12:00:00Z"),
            ("Europe/London", "2026-03-22T12:00:00Z"), ("Europe/Dublin", "2026-10-20T12:00:00Z"),
            ("Australia/Lord_Howe", "2026-03-30T12:00:00Z"), ("Australia/Lord_Howe", "2026-09-28T12:00:00Z"),
            ("Africa/Casablanca", "2026-02-10T12:00:00Z"), ("America/Sao_Paulo", "1990-10-15T12:00:00Z"),
            ("Pacific/Apia", "2011-12-25T12:00:00Z"), ("Pacific/Chatham", "2026-04-01T12:00:00Z"),
            ("Antarctica/Troll", "2026-03-25T12:00:00Z"), ("America/St_Johns", "2026-03-05T12:00:00Z"),
            ("Asia/Kolkata", "2026-03-05T12:00:00Z"), ("Europe/Moscow", "2011-03-20T12:00:00Z"),
        ]
        let triggers = [
            #"{"calendar":{"components":{"hour":2,"minute":30}}}"#,
            #"{"calendar":{"components":{"hour":1,"minute":30},"overlap":"both","gap":"shift"}}"#,
            #"{"calendar":{"components":{"minute":15}}}"#,
        ]
        let outputs = try Self.bothPaths(triggers, in: cases, count: 12)
        // The cases do change tails within a response.
        #expect(outputs.contains { $0.contains("gapNextTime") || $0.contains("gapShiftedForward") })
        #expect(outputs.contains { $0.contains("overlapLast") })
    }

    /// Runs each trigger in each zone from each start once on a line the byte path takes and once
    /// with its id spelled with an escape (`"\u0078"` is `"x"`), which only the general path reads;
    /// expects both lines to get the same bytes back and returns the responses.
    static func bothPaths(_ triggers: [String], in cases: [(zone: String, after: String)], count: Int) throws -> [String] {
        var lines: [String] = []
        for trigger in triggers {
            for (zone, after) in cases {
                let rest = #","zone":"\#(zone)","after":"\#(after)","count":\#(count),"trigger":\#(trigger)}"#
                lines.append(#"{"id":"x""# + rest)
                lines.append(#"{"id":"\u0078""# + rest)
            }
        }
        let input = lines.joined(separator: "\n") + "\n"
        let result = Fixtures.run(try ChimeCLI.executable(), ["batch"], environment: ChimeCLI.baseEnvironment, stdin: Data(input.utf8))
        #expect(result.status == 0, "\(result.error)")
        let outputs = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        try #require(outputs.count == lines.count)
        for i in stride(from: 0, to: lines.count, by: 2) {
            #expect(outputs[i] == outputs[i + 1], "byte path vs general path for \(lines[i])")
        }
        return outputs
    }
}
