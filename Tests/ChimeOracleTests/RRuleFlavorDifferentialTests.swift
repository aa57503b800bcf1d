import Foundation
import Testing
@testable import ChimeTestSupport

/// The dateutil RRULE flavor against python-dateutil 2.9.0.post0 on seeded random rules, through
/// `Tests/RRuleOracle/dateutil_flavor_diff.py` (its docstring says what is drawn and how each
/// explained difference is checked): the built `chime batch` with `"flavor": "dateutil"` against
/// dateutil's `rrulestr`, the first 15 instants of each case. CI runs the first
/// `CHIME_RRULE_FLAVOR_CASES` cases (default 1,000) of seed `CHIME_RRULE_FLAVOR_SEED` (default 1);
/// docs/rrule.md gives the 100,000-case run. Fails on any unexplained difference.
@Suite struct RRuleFlavorDifferentialTests {
    @Test(.requires(.dateutil)) func dateutilFlavorAgreesWithDateutil() throws {
        let chime = try ChimeCLI.executable()
        let environment = ProcessInfo.processInfo.environment
        let cases = Int(environment["CHIME_RRULE_FLAVOR_CASES"] ?? "") ?? 1_000
        let seed = environment["CHIME_RRULE_FLAVOR_SEED"] ?? "1"
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("chime-dateutil-flavor-\(UUID().uuidString)").path
        let script = Fixtures.packageRoot.appendingPathComponent("Tests/RRuleOracle/dateutil_flavor_diff.py").path
        let run = Fixtures.run("/usr/bin/env", ["python3", script, "--chime", chime, "--cases", "\(cases)", "--seed", seed, "--out", out],
                               environment: ["PYTHONTZPATH": Fixtures.zoneinfoDirectory])
        #expect(run.status == 0, "unexplained differences (\(out)/differences.jsonl):\n\(run.output.suffix(6000))\n\(run.error.suffix(2000))")
        struct Summary: Decodable { let cases: Int; let verdicts: [String: Int] }
        let summary = try JSONDecoder().decode(Summary.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/summary.json")))
        #expect(summary.cases == cases)
        #expect(summary.verdicts["unexplained", default: 0] == 0)
        // Most rules agree outright: the explained classes are rare (a DST gap, dateutil's refusals).
        #expect(summary.verdicts["agree", default: 0] * 100 >= cases * 95, "\(summary.verdicts)")
    }
}
