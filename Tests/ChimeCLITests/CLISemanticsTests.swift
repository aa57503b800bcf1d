import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `--semantics` and `"semantics"` end to end: the same question in both semantics, where they
/// differ (docs/semantics.md, case 3: Lord Howe's 02:00 on 2025-10-05 is in the DST gap, 02:00
/// +10:30 -> 02:30 +11 at 2025-10-04T15:30:00Z).
@Suite struct CLISemanticsTests {
    @Test func nextNamesTheSemanticsAndAnswersByIt() throws {
        let arguments = ["next", "--components", "hour=2", "--tz", "Australia/Lord_Howe", "--after", "2025-10-04T00:00:00Z",
                         "--matching", "strict", "--json"]
        let apple = Fixtures.run(try ChimeCLI.executable(), arguments, environment: ChimeCLI.baseEnvironment)
        let consistent = Fixtures.run(try ChimeCLI.executable(), arguments + ["--semantics", "consistent"],
                                      environment: ChimeCLI.baseEnvironment)
        #expect(apple.status == 0 && consistent.status == 0, "\(apple.error)\(consistent.error)")
        // apple: Foundation fires where the gap ends, 02:30 +11 = 15:30:00Z; consistent: strict
        // skips the day, so the 6th's 02:00 +11 = 2025-10-05T15:00:00Z.
        #expect(apple.output.contains(#""utc":"2025-10-04T15:30:00Z""#))
        #expect(consistent.output.contains(#""utc":"2025-10-05T15:00:00Z""#))
        #expect(consistent.output.contains(#""semantics":"consistent""#))
        let text = Fixtures.run(try ChimeCLI.executable(), Array(arguments.dropLast()) + ["--semantics", "consistent"],
                                environment: ChimeCLI.baseEnvironment)
        #expect(text.output.contains("consistent semantics"))
        let bad = Fixtures.run(try ChimeCLI.executable(), arguments + ["--semantics", "ours"], environment: ChimeCLI.baseEnvironment)
        #expect(bad.status == 2 && bad.error.contains("apple, consistent"), "\(bad.error)")
    }

    @Test func batchReadsSemanticsInCalendarAndWeeklyTriggers() throws {
        let lines = [
            #"{"id": "c", "zone": "UTC", "after": "2026-06-15T20:00:00Z", "trigger": {"calendar": {"components": {"day": 15, "hour": 14}, "matchingPolicy": "strict", "direction": "backward", "semantics": "consistent"}}}"#,
            #"{"id": "a", "zone": "UTC", "after": "2026-06-15T20:00:00Z", "trigger": {"calendar": {"components": {"day": 15, "hour": 14}, "matchingPolicy": "strict", "direction": "backward"}}}"#,
            #"{"id": "w", "zone": "UTC", "after": "2026-06-15T20:00:00Z", "trigger": {"weekly": {"weekdays": ["mon"], "time": "09:00", "semantics": "consistent"}}}"#,
            #"{"id": "n", "zone": "UTC", "after": "2027-01-15T00:00:00Z", "count": 2, "trigger": {"calendar": {"components": {"day": -1, "hour": 9}, "semantics": "consistent"}}}"#,
        ]
        let responses = try CLIBatchTests.batch(lines)
        func utc(_ i: Int) -> [String] { ((responses[i]["fires"] as? [[String: Any]]) ?? []).compactMap { $0["utc"] as? String } }
        // Case 2 of docs/semantics.md: consistent finds the start's own day, apple (Foundation) May 15.
        #expect(utc(0) == ["2026-06-15T14:00:00Z"])
        #expect(utc(1) == ["2026-05-15T14:00:00Z"])
        // 2026-06-15 is a Monday; the next Monday 09:00 is the 22nd.
        #expect(utc(2) == ["2026-06-22T09:00:00Z"])
        // The last day of January and of February 2027 (not a leap year).
        #expect(utc(3) == ["2027-01-31T09:00:00Z", "2027-02-28T09:00:00Z"])
    }
}
