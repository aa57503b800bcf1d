import Foundation
import Testing
@testable import Chime
@testable import ChimeBatch
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `PendingRequestTable.read(_:_:)` decodes a chunk's lines on every core, through one trigger
/// cache shared by its decoders, while one worker adds the previous chunk's rows. That is only a
/// speed-up: over seeded files of mixed lines (every trigger kind, a few bad lines, identifiers
/// repeated across chunk boundaries), the table's rows, lines, next fires, replacements and
/// errors are those of reading each line alone through the general path
/// (`PendingLineDecoder.generalDecode`: the JSON tree, then `PendingRequest`), last line winning.
/// Run under ThreadSanitizer by CI's `tsan` stage.
@Suite struct PendingTablePipelineTests {
    static let now = Instant(seconds: 1_772_884_800)   // 2026-03-07T12:00:00Z

    /// `count` lines: triggers of every kind the byte path reads, in 6 zones, ~1 in 40 not a
    /// request (an unknown zone, a bad trigger, not JSON), ~1 in 25 repeating an earlier identifier.
    static func lines(_ count: Int, seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        let zones = ["America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata", "UTC", "America/St_Johns"]
        return (0..<count).map { i in
            let h = rng.next(in: 0...23), m = rng.next(in: 0...59)
            let trigger: String
            switch rng.next(in: 0...9) {
            case 0, 1: trigger = #"{"calendar":{"components":{"hour":\#(h),"minute":\#(m)}}}"#
            case 2: trigger = #"{"calendar":{"components":{"day":\#(rng.next(in: 1...31)),"hour":\#(h)}}}"#
            case 3: trigger = #"{"weekly":{"weekdays":["mon","\#(["wed", "sat", "sun"][rng.next(in: 0...2)])"],"time":"\#(String(format: "%02d:%02d", h, m))"}}"#
            case 4: trigger = #"{"interval":{"seconds":\#([900, 3600, 86_400][rng.next(in: 0...2)])}}"#
            case 5: trigger = #"{"cron":{"expression":"\#(m) \#(h) * * 1-5"}}"#
            case 6: trigger = #"{"onCalendar":{"expression":"Mon..Fri *-*-* \#(h):\#(m)"}}"#
            case 7: trigger = #"{"rrule":{"text":"DTSTART:20260101T\#(String(format: "%02d%02d", h, m))00\nRRULE:FREQ=MONTHLY;BYMONTHDAY=\#(rng.next(in: 1...28))"}}"#
            case 8: trigger = #"{"calendar":{"components":{"year":2026,"month":\#(rng.next(in: 1...12)),"day":3,"hour":\#(h)},"repeats":false}}"#
            default: trigger = #"{"calendar":{"components":{"hour":\#(h)}}}"#
            }
            let identifier = i > 0 && rng.next(in: 0...24) == 0 ? "r\(rng.next(in: 0...(i - 1)))" : "r\(i)"
            switch rng.next(in: 0...39) {
            case 0: return #"{"identifier":"\#(identifier)","zone":"Nowhere/Zone","trigger":\#(trigger)}"#
            case 1: return #"{"identifier":"\#(identifier)","zone":"UTC","trigger":{"cron":{"expression":"61 * * * *"}}}"#
            case 2: return "not json \(i)"
            default: return #"{"identifier":"\#(identifier)","zone":"\#(zones[rng.next(in: 0...5)])","trigger":\#(trigger)}"#
            }
        }
    }

    /// What the table holds after reading `lines` in chunks of `chunkSize`, as text per row and per
    /// failed line.
    static func table(_ lines: [String], chunkSize: Int) -> (rows: [String], failures: [String], replaced: [String]) {
        var table = PendingRequestTable(database: Fixtures.tzifDatabase, now: now)
        var failures: [String] = [], replaced: [String] = []
        func outcome(_ line: Int, _ outcome: PendingRequestTable.Outcome) {
            switch outcome {
            case .added(let identifier, let replacedLine?): replaced.append("\(identifier) line \(line) replaced \(replacedLine)")
            case .added: break
            case .failed(let failure): failures.append("line \(line): \(failure.code)")
            }
        }
        var chunk = PendingLineChunk()
        for (i, line) in lines.enumerated() {
            Array(line.utf8).withUnsafeBufferPointer { chunk.append($0, number: i + 1) }
            if chunk.count == chunkSize {
                table.read(chunk, outcome)
                chunk.removeAll()
            }
        }
        table.read(chunk, outcome)
        table.flush(outcome)
        _ = table.finish()
        let rows = table.rows.map { row in
            "\(table.identifier(row)) line \(table.line(row)) zone \(table.zone(row).requested) next \(table.next(row)) trigger \(table.request(row).trigger)"
        }
        return (rows, failures, replaced)
    }

    /// The same, each line read alone through the general path, the last line of an identifier winning.
    static func expected(_ lines: [String]) -> (rows: [String], failures: [String], replaced: [String]) {
        var rows: [(identifier: String, line: Int, text: String)] = [], rowOf: [String: Int] = [:]
        var failures: [String] = [], replaced: [String] = []
        for (i, line) in lines.enumerated() {
            switch PendingLineDecoder.generalDecode(Array(line.utf8), database: Fixtures.tzifDatabase, now: now) {
            case .failure(let failure): failures.append("line \(i + 1): \(failure.code)")
            case .success(let request):
                let next = Result { () throws(PendingError) in try request.nextFire(after: now) }
                let text = "\(request.identifier) line \(i + 1) zone \(request.zoneIdentifier) next \(next) trigger \(request.trigger)"
                if let earlier = rowOf[request.identifier] {
                    replaced.append("\(request.identifier) line \(i + 1) replaced \(rows[earlier].line)")
                    rows[earlier].identifier = ""   // gone
                }
                rowOf[request.identifier] = rows.count
                rows.append((request.identifier, i + 1, text))
            }
        }
        return (rows.filter { !$0.identifier.isEmpty }.map(\.text), failures, replaced)
    }

    @Test(arguments: [(seed: UInt64(1), count: 6_000, chunk: 2_048), (seed: 2, count: 5_000, chunk: 1_024), (seed: 3, count: 3_000, chunk: 700)])
    func chunkedParallelReadingIsReadingEachLineAlone(_ run: (seed: UInt64, count: Int, chunk: Int)) {
        let lines = Self.lines(run.count, seed: run.seed)
        let got = Self.table(lines, chunkSize: run.chunk), want = Self.expected(lines)
        #expect(want.rows.count > run.count / 2)
        #expect(!want.failures.isEmpty && !want.replaced.isEmpty)
        #expect(got.failures == want.failures)
        #expect(got.replaced == want.replaced)
        #expect(got.rows.count == want.rows.count)
        let differences = zip(got.rows, want.rows).filter { $0.0 != $0.1 }.prefix(5).map { "table:   \($0.0)\nalone:   \($0.1)" }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }
}
