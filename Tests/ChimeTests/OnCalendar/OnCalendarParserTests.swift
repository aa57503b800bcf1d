import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import Chime

/// The parser against published vectors and a battery of bad input (`OnCalendarVectors`); the same
/// against systemd-analyze itself is `OnCalendarSystemdParseTests` (ChimeOracleTests).
@Suite struct OnCalendarParserTests {
    @Test func manPageNormalizedForms() throws {
        for (input, expected) in OnCalendarVectors.manPage {
            #expect(try OnCalendarVectors.parse(input).normalized == expected, "\(input)")
        }
    }

    @Test func badInput() {
        for (input, message) in OnCalendarVectors.bad {
            do {
                let spec = try OnCalendarVectors.parse(input)
                Issue.record("'\(input)' was accepted as \(spec.normalized)")
            } catch {
                #expect(error.description.contains(message), "'\(input)': \(error.description)")
            }
        }
    }
}
