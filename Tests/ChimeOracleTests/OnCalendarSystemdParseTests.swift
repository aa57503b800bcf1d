import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import Chime

/// The OnCalendar parser against systemd-analyze itself: the published vectors, the bad input and
/// seeded random expressions are read alike (accepted or refused, and normalized the same).
@Suite struct OnCalendarSystemdParseTests {
    /// The same vectors through systemd-analyze: the page and the program agree but for the one noted.
    @Test(.requires(.systemdAnalyze)) func manPageMatchesSystemd() {
        for (input, expected) in OnCalendarVectors.manPage {
            #expect(SystemdOracle.normalized(input) == expected, "\(input)")
        }
    }

    @Test(.requires(.systemdAnalyze)) func badInputRefusedBySystemd() {
        for (input, _) in OnCalendarVectors.bad {
            #expect(SystemdOracle.normalized(input) == nil, "systemd accepts '\(input)'")
        }
    }

    /// Seeded random expressions, some mutated (a character dropped, doubled or replaced): Chime and
    /// systemd accept the same ones and normalize them alike (`CHIME_ONCALENDAR_PARSE_CASES`, default 600).
    @Test(.requires(.systemdAnalyze)) func randomAgreeWithSystemd() {
        let run = DifferentialRun(name: "ONCALENDAR_PARSE", defaultCases: 600, defaultSeed: 1252)
        let cases = run.cases
        var generator = OnCalendarGenerator(seed: run.seed)
        let alphabet = Array("0123456789*-~:.,/ MonTueSatSun@")
        var mismatches: [String] = []
        for _ in 0..<cases {
            var text = Array(generator.expression())
            if generator.chance(50), !text.isEmpty {
                let at = generator.int(0...text.count - 1)
                switch generator.int(1...3) {
                case 1: text.remove(at: at)
                case 2: text.insert(text[at], at: at)
                default: text[at] = alphabet[generator.int(0...alphabet.count - 1)]
                }
            }
            let expression = String(text)
            let ours = try? OnCalendarVectors.parse(expression).normalized
            let theirs = SystemdOracle.normalized(expression)
            if ours != theirs { mismatches.append("'\(expression)': systemd \(theirs ?? "refuses"), Chime \(ours ?? "refuses")") }
        }
        Differences.expectNone(mismatches, of: cases, "differ from systemd-analyze")
    }
}
