import Foundation
import Testing
@testable import ChimeTestSupport

/// The engine's messages are read by every interface (the CLI, batch, the C ABI, Python, Swift
/// programs through `LocalizedError`), so they speak of the trigger's fields, never of one
/// interface's flags: no string literal in the engine's sources names a `--flag`.
@Suite struct EngineWordsTests {
    @Test func engineMessagesNameNoCommandLineFlag() throws {
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        let engine = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { ["Chime", "ChimeZones", "ChimeJSON"].contains($0) }
        #expect(engine.contains("Chime"))
        let literal = try Regex(#""[^"\n]*(^|[\s(])--[a-z][a-z-]*[^"\n]*""#)
        var found: [String] = []
        for target in engine {
            let root = sources.appendingPathComponent(target)
            for case let path as String in FileManager.default.enumerator(atPath: root.path) ?? .init() where path.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    guard !code.hasPrefix("//"), line.contains(literal) else { continue }
                    found.append("\(target)/\(path):\(number + 1): \(code.prefix(160))")
                }
            }
        }
        Differences.expectNone(found, of: engine.count, "engine string literals name a command-line flag")
    }
}
