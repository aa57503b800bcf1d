import Foundation
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The differences from a peer tool that were judged one by one: a JSON Lines file under
/// `Tests/CronOracle/` whose lines hold the exact `case` and the `verdict` of an independent check
/// (a brute-force walk, not the peer and not Chime). A differential test passes a difference only
/// when its case is here with a verdict that says the peer is wrong and Chime right.
enum ExplainedDifferences {
    struct Line<Case: Decodable>: Decodable {
        let `case`: Case
        let verdict: String
    }

    /// `key(case)` of every line whose verdict `accepts`; empty when the file is missing.
    static func keys<Case: Decodable>(_ file: String, _: Case.Type, accepts: (String) -> Bool,
                                      key: (Case) -> String) -> Set<String> {
        let path = Fixtures.packageRoot.appendingPathComponent("Tests/CronOracle/" + file).path
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return Set(text.split(separator: "\n").compactMap { line in
            guard let l = try? JSONDecoder().decode(Line<Case>.self, from: Data(line.utf8)), accepts(l.verdict) else { return nil }
            return key(l.case)
        })
    }
}
