import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The bounds on one request's work (docs/contract.md, "Limits"): `--deadline`/`"deadlineMs"` and
/// the audit's `--max-fires` end a request with `limitReached`, naming the limit and how to raise
/// it; a bound that is not reached changes nothing.
@Suite struct CLILimitsTests {
    /// An RSCALE rule: 100,000 of its fires cannot be had in 1 ms (even at the engine's floor, some
    /// 30 ns a fire, they take 3 ms; this one costs about 3 µs a fire in a release build).
    static let slowRule = ["--rrule", "RSCALE=ISLAMIC-UMALQURA;FREQ=MONTHLY;BYMONTHDAY=30;SKIP=FORWARD",
                           "--dtstart", "2026-01-01T09:00", "--tz", "UTC", "--after", "2026-01-01T00:00:00Z"]

    @Test func nextStopsAtItsDeadline() throws {
        let run = try ChimeCLI.run(["next"] + Self.slowRule + ["--count", "100000", "--deadline", "1"])
        ChimeCLI.expectNoCrash(run)
        #expect(run.status == 2 && run.stdout.isEmpty)
        #expect(run.stderr.contains("the deadline of 1 ms was reached after") && run.stderr.contains("of 100,000 fires"), "\(run.stderr)")
        #expect(run.stderr.contains("--deadline MS"), "the message says how to raise it: \(run.stderr)")
    }

    /// A deadline that is not reached gives the answer without one, fire for fire.
    @Test func aDeadlineNotReachedChangesNothing() throws {
        for trigger in [Self.slowRule, ["--cron", "*/7 * * * * *", "--flavor", "croniter", "--tz", "America/New_York", "--after", "2026-03-08T06:00:00Z"],
                        ["--at", "02:30", "--tz", "America/New_York", "--after", "2026-03-01T00:00:00Z"]] {
            let plain = try ChimeCLI.run(["next"] + trigger + ["--count", "300", "--json"])
            let bounded = try ChimeCLI.run(["next"] + trigger + ["--count", "300", "--deadline", "600000", "--json"])
            #expect(plain.status == 0 && bounded.status == 0, "\(plain) \(bounded)")
            #expect(plain.stdout == bounded.stdout, "\(trigger)")
        }
    }

    @Test func deadlineOutOfRangeIsAUsageError() throws {
        for value in ["0", "-5", "86400001", "soon"] {
            let run = try ChimeCLI.run(["next", "--at", "09:00", "--tz", "UTC", "--deadline", value])
            #expect(run.status == 2, "\(value): \(run)")
            #expect(run.stderr.contains("--deadline"), "\(value): \(run.stderr)")
        }
    }

    /// Every second in New York: each transition asks for about 25,000 fires (the window's), so
    /// 1,000 are spent inside the first one.
    @Test func auditStopsAtItsFireLimit() throws {
        let run = try ChimeCLI.run(["audit", "--cron", "* * * * * *", "--flavor", "croniter", "--tz", "America/New_York",
                                    "--from", "2026", "--to", "2026", "--max-fires", "1000", "--summary"])
        ChimeCLI.expectNoCrash(run)
        #expect(run.status == 2)
        #expect(run.stderr.contains("the audit's limit of 1,000 fires examined around transitions was reached in America/New_York"), "\(run.stderr)")
        #expect(run.stderr.contains("--max-fires N"), "\(run.stderr)")
        let usage = try ChimeCLI.run(["audit", "--at", "02:30", "--tz", "UTC", "--max-fires", "0"])
        #expect(usage.status == 2 && usage.stderr.contains("--max-fires must be 1–1000000000"), "\(usage)")
    }

    /// An audit whose bounds are not reached answers as without them, byte for byte.
    @Test func auditWithinItsBoundsChangesNothing() throws {
        let audit = ["audit", "--cron", "*/10 * * * *", "--flavor", "croniter", "--zones", "America/New_York,Europe/Berlin,Australia/Lord_Howe",
                     "--from", "2026", "--to", "2027", "--json"]
        let plain = try ChimeCLI.run(audit)
        let bounded = try ChimeCLI.run(audit + ["--deadline", "600000", "--max-fires", "1000000"])
        #expect(plain.status == 0 && bounded.status == 0, "\(plain.stderr) \(bounded.stderr)")
        #expect(plain.stdout == bounded.stdout && plain.stdout.contains(#""events""#))
    }

    /// A century of the examples' reminders is 36,500 day steps: past 1 ms long before the end.
    /// What was delivered before the deadline stays on stdout, in order.
    @Test func simulateStopsAtItsDeadline() throws {
        let examples = Fixtures.packageRoot.appendingPathComponent("examples/reminders.jsonl").path
        let run = try ChimeCLI.run(["simulate", examples, "--from", "2026-03-01T00:00:00Z", "--until", "2126-03-01T00:00:00Z", "--deadline", "1"])
        ChimeCLI.expectNoCrash(run)
        #expect(run.status == 2)
        #expect(run.stderr.contains("the deadline of 1 ms was reached after") && run.stderr.contains("deliveries, up to"), "\(run.stderr)")
        #expect(!run.stdout.contains("still pending"), "the summary line is for a finished timeline")
    }

    @Test func batchLinesCarryTheirOwnDeadline() throws {
        let rule = #""trigger": {"rrule": {"text": "DTSTART:20260101T090000\nRRULE:RSCALE=ISLAMIC-UMALQURA;FREQ=MONTHLY;BYMONTHDAY=30;SKIP=FORWARD"}}"#
        let lines = [
            #"{"id": "slow", "zone": "UTC", "after": "2026-01-01T00:00:00Z", "count": 10000, "deadlineMs": 1, "# + rule + "}",
            #"{"id": "zero", "zone": "UTC", "count": 1, "deadlineMs": 0, "# + rule + "}",
            #"{"id": "roomy", "zone": "UTC", "after": "2026-01-01T00:00:00Z", "count": 3, "deadlineMs": 600000, "# + rule + "}",
            #"{"id": "plain", "zone": "UTC", "after": "2026-01-01T00:00:00Z", "count": 3, "# + rule + "}",
            #"{"id": "typo", "zone": "UTC", "deadlinems": 5, "trigger": {"calendar": {"components": {"hour": 9}}}}"#,
            #"{"id": "text", "zone": "UTC", "deadlineMs": "5", "trigger": {"calendar": {"components": {"hour": 9}}}}"#,
        ]
        let responses = try CLIBatchTests.batch(lines)
        func error(_ i: Int) -> [String: Any]? { responses[i]["error"] as? [String: Any] }
        #expect(error(0)?["code"] as? String == "limitReached", "\(responses[0])")
        #expect((error(0)?["message"] as? String)?.contains("the deadline of 1 ms was reached after") == true, "\(responses[0])")
        #expect(error(1)?["code"] as? String == "invalidDeadline", "\(responses[1])")
        #expect(responses[2]["error"] == nil && responses[3]["error"] == nil)
        #expect((responses[2]["fires"] as? [[String: Any]])?.count == 3)
        #expect(NSDictionary(dictionary: ["fires": responses[2]["fires"] as Any]) == NSDictionary(dictionary: ["fires": responses[3]["fires"] as Any]),
                "a deadline not reached changes nothing")
        #expect(error(4)?["code"] as? String == "unknownField" && (error(4)?["message"] as? String)?.contains("did you mean 'deadlineMs'") == true, "\(responses[4])")
        #expect(error(5) != nil, "a deadline that is not a number is refused: \(responses[5])")
    }
}
