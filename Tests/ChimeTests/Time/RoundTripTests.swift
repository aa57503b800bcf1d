import Foundation
import Testing
@testable import Chime
@testable import ChimeBatch
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// Every instant Chime writes, it reads back (issue 30, item 4): a fire's `at` (its wall time and
/// offset, seconds included for historical offsets) and `utc` (UTC years 0 and 10000 at the ends of
/// `Instant.readableRange`) parse to the fire's instant, and `at` taken as the next request's
/// `after` continues the chain.
@Suite struct RoundTripTests {
    /// Every fire of the golden corpus's answers (118 zones, gaps, overlaps, LMT): `at` and `utc`
    /// read back to one instant, and a request after the k-th fire's `at` answers the (k+1)-th.
    @Test func everyFireOfTheGoldenAnswersReadsBack() throws {
        var processor = BatchProcessor(database: Fixtures.tzifDatabase)
        var differences: [String] = [], fires = 0, chained = 0
        func respond(_ request: [String: Any]) throws -> [String: Any] {
            var answer: [UInt8] = []
            let line = try JSONSerialization.data(withJSONObject: request, options: [.sortedKeys])
            Array(line).withUnsafeBufferPointer { processor.respond(toLine: $0, into: &answer) }
            return try JSONSerialization.jsonObject(with: Data(answer)) as! [String: Any]
        }
        for golden in try GoldenCorpusTests.loaded.get() {
            var request = try JSONSerialization.jsonObject(with: Data(golden.request.utf8)) as! [String: Any]
            let answered = (try respond(request)["fires"] as? [[String: Any]]) ?? []
            for (k, fire) in answered.enumerated() {
                let at = fire["at"] as! String, utc = fire["utc"] as! String
                fires += 1
                guard let local = try? ISO8601Format.parseInstant(at), let universal = try? ISO8601Format.parseInstant(utc),
                      local == universal else {
                    differences.append("\(golden.id): at \(at) and utc \(utc) do not read back to one instant")
                    continue
                }
                // Stateless triggers only (the android profile carries state from fire to fire).
                guard k + 1 < answered.count, !golden.request.contains("flutterAndroid") else { continue }
                request["after"] = at
                request["count"] = 1
                let next = (try respond(request)["fires"] as? [[String: Any]])?.first?["utc"] as? String
                if next != answered[k + 1]["utc"] as? String {
                    differences.append("\(golden.id): after \(at) answers \(next ?? "nothing"), the chain \(answered[k + 1]["utc"]!)")
                }
                chained += 1
            }
        }
        #expect(fires > 10_000 && chained > 5_000, "\(fires) fires, \(chained) chained")
        Differences.expectNone(differences, of: fires, "written instants do not read back")
    }

    /// Seeded instants over every fixture zone, 1800–9999 (a third with nanoseconds), written as a
    /// fire's `at` and `utc` are and read back.
    @Test func seededInstantsInEveryZoneReadBack() throws {
        let run = DifferentialRun(name: "ROUND_TRIP", defaultCases: 50_000, defaultSeed: 0x2071_2026)
        let zones = try ZoneSets.all.map { try Fixtures.tzifDatabase.rules(for: $0) }
        var rng = SplitMix64(seed: run.seed)
        var differences: [String] = []
        let from: Int64 = -5_364_662_400, until = Instant.lastSupportedSecond   // 1800-01-01 ... end of 9999
        for _ in 0..<run.cases {
            let zone = zones[rng.next(in: 0...zones.count - 1)]
            let instant = Instant(seconds: Int64.random(in: from...until, using: &rng),
                                  nanoseconds: rng.next(in: 0...2) == 0 ? Int32(rng.next(in: 0...999_999_999)) : 0)
            let offset = Int(zone.utcOffset(at: instant))
            for text in [instant.iso8601(offsetSeconds: offset), instant.utcString] {
                let read = Result { () throws(TimeError) in try ISO8601Format.parseInstant(text) }
                if read != .success(instant) { differences.append("\(zone.identifier) \(text) reads as \(read)") }
            }
        }
        Differences.expectNone(differences, of: run.cases, "seeded instants do not read back")
    }

    /// The ends of `Instant.readableRange`, at the widest offsets a TZif file may hold (±25:59:59):
    /// the wall times are 9999-12-31T23:59:59.999999999 and 0001-01-01T00:00:00; one nanosecond
    /// or second further is out of range.
    @Test func theEndsOfTheReadableRange() throws {
        let last = Instant.readableRange.upperBound, first = Instant.readableRange.lowerBound
        #expect(last.iso8601(offsetSeconds: -93_599) == "9999-12-31T23:59:59.999999999-25:59:59")
        #expect(last.utcString == "10000-01-02T01:59:58.999999999Z")
        #expect(first.iso8601(offsetSeconds: 93_599) == "0001-01-01T00:00:00+25:59:59")
        #expect(first.utcString == "0000-12-30T22:00:01Z")
        for (instant, offset) in [(last, -93_599), (first, 93_599)] {
            #expect(try ISO8601Format.parseInstant(instant.iso8601(offsetSeconds: offset)) == instant)
            #expect(try ISO8601Format.parseInstant(instant.utcString) == instant)
        }
        #expect(throws: TimeError.self) { try ISO8601Format.parseInstant("10000-01-02T02:00:00Z") }
        #expect(throws: TimeError.self) { try ISO8601Format.parseInstant("0000-12-30T22:00:00Z") }
        #expect(throws: TimeError.self) { try ISO8601Format.parseInstant("2026-03-08T03:00:00-26:00") }
        #expect(try TimeText.parse("@\(last.seconds)") == .instant(Instant(seconds: last.seconds)))
    }
}
