import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// Every input the libFuzzer harnesses (Fuzz/README.md) once failed on, kept in
/// `FuzzRegressions/TARGET/` beside this file, and the committed seeds (`Fuzz/seeds/TARGET/`), run
/// through the harness's own `run` — the same decoding and checks the fuzzer applies. A file here
/// failing again is the bug coming back. (One test, sequential: the harnesses share caches.)
@Suite("Fuzz replays")
struct FuzzReplayTests {
    static let harnesses: [(target: String, run: @Sendable ([UInt8]) throws(FuzzFailure) -> Void)] = [
        ("cron", CronHarness.run),
        ("oncalendar", OnCalendarHarness.run),
        ("rrule", RRuleHarness.run),
        ("engine", EngineHarness.run),
    ]

    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func inputs(in folder: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { !$0.lastPathComponent.hasPrefix(".") && $0.pathExtension != "md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("Saved fuzz regressions and the seeds pass every harness check")
    func replay() throws {
        FuzzZones.configure(directory: Fixtures.zoneinfoDirectory)
        var replayed = 0
        for (target, run) in Self.harnesses {
            let regressions = Self.inputs(in: Self.here.deletingLastPathComponent().appendingPathComponent("FuzzRegressions/\(target)"))
            let seeds = Self.inputs(in: Fixtures.packageRoot.appendingPathComponent("Fuzz/seeds/\(target)"))
            #expect(!seeds.isEmpty, "no seeds for \(target)")
            for file in regressions + seeds {
                let bytes = [UInt8](try Data(contentsOf: file))
                do { try run(bytes) } catch {
                    Issue.record("\(target)/\(file.lastPathComponent): \(error)")
                }
                replayed += 1
            }
        }
        #expect(replayed > 0)
    }
}
