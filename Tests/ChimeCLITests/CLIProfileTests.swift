import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import Chime

/// `--profile` and `--compare ios,android` on the command line, and docs/profiles.md's examples.
@Suite struct CLIProfileTests {
    /// The `$ chime …` blocks of docs/profiles.md print what it shows.
    @Test func profileDocExamples() throws {
        let examples = try ExamplesTests.readmeExamples("docs/profiles.md")
        #expect(examples.count >= 3)
        for (command, expected) in examples {
            let run = try ChimeCLI.run(ExamplesTests.absolute(command))
            #expect(run.stdout.trimmingCharacters(in: .newlines) == expected, "chime \(command.joined(separator: " "))\n\(run)")
        }
    }

    /// New York daily 02:30 (hand-derived in AndroidProfileTests): the JSON fires and the drift.
    @Test func nextJSONAndAuditDrift() throws {
        let next = try ChimeCLI.run(["next", "--at", "02:30", "--profile", "android", "--tz", "America/New_York",
                                     "--after", "2026-03-07T12:00:00Z", "--count", "2", "--json"])
        #expect(next.status == 0)
        #expect(next.stdout.contains(#""utc":"2026-03-08T07:30:00Z""#) && next.stdout.contains(#""utc":"2026-03-09T07:30:00Z""#))
        #expect(next.stdout.contains(#""flutterAndroid":{"match":"time","time":"02:30:00"}"#), "\(next.stdout)")

        let audit = try ChimeCLI.run(["audit", "--at", "02:30", "--zones", "America/New_York", "--from", "2026", "--to", "2026",
                                      "--compare", "ios,android"])
        #expect(audit.status == 0)
        // The drift runs from the day after the gap (2026-03-09) to 2026-12-31, one fire a day:
        // March 9–31 is 23 days, then 30+31+30+31+31+30+31+30+31 = 275 for April–December: 298.
        #expect(audit.stdout.contains("android drifts: fires at 03:30:00 instead of 02:30:00 from 2026-03-09T03:30:00-04:00 EDT through 2026-12-31T03:30:00-05:00 EST (298 fires"),
                "\(audit.stdout)")
        let json = try ChimeCLI.run(["audit", "--at", "02:30", "--zones", "America/New_York", "--from", "2026", "--to", "2026",
                                     "--compare", "ios,android", "--json"])
        #expect(json.stdout.contains(#""zonesWithDrifts":1"#) && json.stdout.contains(#""firedAt":"03:30:00""#))
    }

    @Test func badProfileInput() throws {
        let unknown = try ChimeCLI.run(["next", "--at", "02:30", "--profile", "windows", "--tz", "UTC"])
        #expect(unknown.status == 2 && unknown.stderr.contains("--profile must be ios or android"))
        let cron = try ChimeCLI.run(["next", "--cron", "30 2 * * *", "--profile", "android", "--tz", "UTC"])
        #expect(cron.status == 2 && cron.stderr.contains("--profile android"), "\(cron)")
        let both = try ChimeCLI.run(["audit", "--at", "02:30", "--tz", "UTC", "--profile", "ios", "--compare", "ios,android"])
        #expect(both.status == 2)
        let mixed = try ChimeCLI.run(["audit", "--at", "02:30", "--tz", "UTC", "--compare", "ios,consistent"])
        #expect(mixed.status == 2)
        let weekly = try ChimeCLI.run(["next", "--weekly", "mon,fri@09:00", "--profile", "android", "--tz", "UTC"])
        #expect(weekly.status == 2 && weekly.stderr.contains("one weekday"))
    }

    /// simulate --profile android: the 500/reject profile and the drift line.
    @Test func simulateAndroid() throws {
        let file = ExamplesTests.root + "/examples/profile-reminders.jsonl"
        let run = try ChimeCLI.run(["simulate", file, "--profile", "android", "--from", "2026-03-07T00:00:00Z", "--until", "2026-03-12T00:00:00Z"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("pill                2026-03-09T03:30:00-04:00"))
        #expect(run.stdout.contains("Drift: 'pill' fired at 03:30:00"), "\(run.stdout)")
        let ios = try ChimeCLI.run(["simulate", file, "--profile", "ios", "--from", "2026-03-07T00:00:00Z", "--until", "2026-03-12T00:00:00Z"])
        #expect(ios.stdout.contains("pill                2026-03-09T02:30:00-04:00") && !ios.stdout.contains("Drift"))
    }
}
