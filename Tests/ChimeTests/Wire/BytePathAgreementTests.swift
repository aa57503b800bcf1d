import Foundation
import Testing
@testable import Chime
@testable import ChimeBatch
@testable import ChimeJSON
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `chime batch` answers most lines from their bytes (`BatchLine`, `TriggerScanner`, `FireWriter`)
/// and the rest through the JSON tree and `Codable` (`BatchProcessor.generalResponse`). The byte
/// path is only a speed-up: over the golden corpus (every line an oracle's answer) and the example
/// requests, each line's answer from it is byte for byte the general path's. (The batch fuzz
/// harness, Fuzz/Batch, holds the two together on generated lines.)
@Suite struct BytePathAgreementTests {
    @Test func goldenCorpusAndExamplesAnswerAlikeOnBothPaths() throws {
        // As a client writes them: `JSONSerialization` escapes `/` (`Africa\/Cairo`), which sends a
        // line down the general path; the same text without the escape is the same JSON.
        var lines = try GoldenCorpusTests.loaded.get().map { $0.request.replacingOccurrences(of: "\\/", with: "/") }
        let examples = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("examples/requests.jsonl"), encoding: .utf8)
        lines += examples.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        var processor = BatchProcessor(database: Fixtures.tzifDatabase)
        var differences: [String] = [], byteAnswers = 0
        for line in lines {
            let bytes = Array(line.utf8)
            var fast: [UInt8] = []
            bytes.withUnsafeBufferPointer { processor.respond(toLine: $0, into: &fast) }
            var general: [UInt8] = []
            processor.generalResponse(toLine: bytes).write(to: &general)
            if fast != general {
                differences.append("\(line)\n  byte path: \(String(decoding: fast, as: UTF8.self))\n  general:   \(String(decoding: general, as: UTF8.self))")
            }
            // Whether the byte path could take the line at all (else respond used the general path).
            if bytes.withUnsafeBufferPointer({ BatchLine(scanning: $0) { _ in nil } }) != nil { byteAnswers += 1 }
        }
        print("byte path agreement: \(lines.count) lines, \(byteAnswers) read by the byte path, \(differences.count) answered differently")
        #expect(byteAnswers > lines.count / 2, "only \(byteAnswers) of \(lines.count) lines took the byte path")
        Differences.expectNone(differences, of: lines.count, "lines answer differently on the byte path")
    }

    /// One fire shape: `Fire`'s `Codable` writes the bytes `chime batch` writes (`FireFormatting`),
    /// for every fire the golden corpus answers (gaps, overlaps, LMT offsets, 118 zones).
    @Test func fireCodableWritesTheBatchBytes() throws {
        var processor = BatchProcessor(database: Fixtures.tzifDatabase)
        var differences: [String] = [], fires = 0
        for golden in try GoldenCorpusTests.loaded.get() {
            var answer: [UInt8] = []
            Array(golden.request.utf8).withUnsafeBufferPointer { processor.respond(toLine: $0, into: &answer) }
            let response = try JSONSerialization.jsonObject(with: Data(answer)) as! [String: Any]
            for object in response["fires"] as? [[String: Any]] ?? [] {
                let fire = try JSONDecoder().decode(Fire.self, from: JSONSerialization.data(withJSONObject: object))
                var batch: [UInt8] = []
                FireFormatting.write(fire, to: &batch)
                let codable = try JSONValueEncoder.encode(fire).serialized
                if codable != String(decoding: batch, as: UTF8.self) { differences.append("Codable \(codable)\n  batch   \(String(decoding: batch, as: UTF8.self))") }
                fires += 1
            }
        }
        #expect(fires > 10_000, "only \(fires) fires in the golden answers")
        Differences.expectNone(differences, of: fires, "fires encode differently through Codable")
    }
}

/// The byte path reads exactly the members a batch request has (`ScheduleRequest.Kind.batch`):
/// each takes it, and any other member (a pending line's `created` or `payload`, a typo) sends the
/// line to the general path, which refuses it by name.
@Suite struct BytePathMemberTests {
    static let base = #""zone":"UTC","trigger":{"calendar":{"components":{"hour":9}}}"#
    static let values = ["id": #""r1""#, "identifier": #""r1""#, "after": #""2026-01-01T00:00:00Z""#, "count": "2", "deadlineMs": "500"]

    static func scanned(_ line: String) -> Bool {
        Array(line.utf8).withUnsafeBufferPointer { BatchLine(scanning: $0) { _ in nil } } != nil
    }

    @Test func readsTheBatchMembersAndNoOther() throws {
        for member in ScheduleRequest.Kind.batch.members where member != "zone" && member != "trigger" {
            let value = try #require(Self.values[member], "no sample value for '\(member)'")
            #expect(Self.scanned("{\(Self.base),\"\(member)\":\(value)}"), "the byte path does not read '\(member)'")
        }
        for other in ["created", "payload", "cuont"] {
            #expect(!Self.scanned("{\(Self.base),\"\(other)\":1}"), "the byte path reads '\(other)'")
            var processor = BatchProcessor(database: Fixtures.tzifDatabase)
            let answer = processor.generalResponse(toLine: Array("{\(Self.base),\"\(other)\":1}".utf8)).serialized
            #expect(answer.contains(#""code":"unknownField""#) && answer.contains("'\(other)'"), "\(answer)")
        }
    }
}
