import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The golden corpus (`tzdata-fixtures/golden/*.jsonl`, issue 16 item 3): `chime batch` requests
/// whose expected fires were computed by `tzdata-fixtures/golden/generate.py` with Python's
/// zoneinfo over the pinned tz source compiled by zic, applying docs/semantics.md's consistent
/// rules. The oracle shares nothing with the engine; an expectation is never edited to match Chime.
/// Every line is run here through `chime batch` against the same pinned data (TZif source only).
@Suite struct GoldenCorpusTests {
    static let directory = Fixtures.packageRoot.appendingPathComponent("tzdata-fixtures/golden")

    /// One corpus line: the request to send and what the oracle says comes back.
    struct Case {
        let file: String
        let id: String
        let request: String
        let expected: [String]
        let expectedError: String?
    }

    /// Zones (and the transitions named in the issue) the corpus must cover.
    static let requiredZones = [
        "Australia/Lord_Howe", "Pacific/Chatham", "Antarctica/Troll", "Europe/Dublin", "America/Sao_Paulo",
        "America/Havana", "Asia/Gaza", "Asia/Beirut", "Pacific/Apia", "Pacific/Kiritimati", "Africa/Casablanca",
        "America/St_Johns", "Asia/Kathmandu", "Australia/Eucla", "America/Caracas", "Europe/Moscow",
        "Asia/Pyongyang", "America/Mexico_City", "Africa/Cairo", "Asia/Almaty", "America/Asuncion", "America/Nuuk",
    ]

    /// Read once per test process (both tests use it).
    static let loaded = Result { try loadCases() }

    static func loadCases() throws -> [Case] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        var cases: [Case] = []
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n").enumerated() where !line.isEmpty {
                let position = "\(file):\(index + 1)"
                var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(position)")
                let id = try #require(object["id"] as? String, "\(position): no id")
                let expected = try #require(object["expected"] as? [String], "\(position): no expected")
                let oracle = try #require(object["oracle"] as? String, "\(position): no oracle")
                #expect(oracle.hasPrefix("python zoneinfo"), "\(position): oracle \(oracle)")
                let expectedError = object["expectedError"] as? String
                for key in ["expected", "expectedError", "oracle"] { object[key] = nil }
                let request = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
                cases.append(Case(file: file, id: id, request: request, expected: expected, expectedError: expectedError))
            }
        }
        return cases
    }

    @Test func theCorpusCoversTheIssuesZones() throws {
        let cases = try Self.loaded.get()
        #expect(cases.count >= 2000, "\(cases.count) lines")
        #expect(Set(cases.map(\.id)).count == cases.count, "ids are unique")
        let zones = Set(cases.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.request.utf8)) as? [String: Any])?["zone"] as? String })
        for zone in Self.requiredZones { #expect(zones.contains(zone), "no line for \(zone)") }
    }

    @Test func everyLineAnswersAsTheOracleSays() throws {
        let cases = try Self.loaded.get()
        let input = cases.map(\.request).joined(separator: "\n") + "\n"
        let result = Fixtures.run(try ChimeCLI.executable(), ["batch"],
                                  environment: ChimeCLI.baseEnvironment.merging(["CHIME_ZONE_SOURCE": "tzif"]) { $1 },
                                  stdin: Data(input.utf8))
        #expect(result.status == 0, "\(result.error)")
        let outputs = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(outputs.count == cases.count, "one response per request: \(outputs.count) for \(cases.count)")

        var mismatches: [String] = []
        for (golden, output) in zip(cases, outputs) {
            let response = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            let label = "\(golden.file) \(golden.id)"
            guard response["id"] as? String == golden.id else {
                mismatches.append("\(label): response id \(response["id"] ?? "none")"); continue
            }
            if let code = (response["error"] as? [String: Any])?["code"] as? String {
                if code != golden.expectedError {
                    mismatches.append("\(label): error \(code) (\((response["error"] as? [String: Any])?["message"] ?? "")), expected \(golden.expectedError.map { "error " + $0 } ?? "\(golden.expected)")\n  request: \(golden.request)")
                }
                continue
            }
            if let error = golden.expectedError {
                mismatches.append("\(label): fires \(Self.utc(response)), expected error \(error)\n  request: \(golden.request)")
                continue
            }
            if response["source"] as? String != "tzif" || response["version"] as? String != Fixtures.pinnedVersion {
                mismatches.append("\(label): answered from \(response["source"] ?? "?") \(response["version"] ?? "?")")
            }
            let fires = Self.utc(response)
            if fires != golden.expected {
                mismatches.append("\(label): fires \(fires), expected \(golden.expected)\n  request: \(golden.request)")
            }
        }
        let shown = mismatches.prefix(40).joined(separator: "\n")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(cases.count) golden lines differ:\n\(shown)")
    }

    static func utc(_ response: [String: Any]) -> [String] {
        (response["fires"] as? [[String: Any]] ?? []).compactMap { $0["utc"] as? String }
    }
}
