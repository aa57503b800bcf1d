import Foundation
import Testing
@testable import Chime
@testable import ChimeBatch
@testable import ChimeJSON
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// A pending file's line is read from its bytes when it can be (`PendingLineDecoder`: `BatchLine`
/// with `Kind.pending`, the trigger and zone caches, the payload compacted) and through the JSON
/// tree otherwise. The byte path is only a speed-up: over the golden corpus's requests made
/// pending lines (with `identifier`, `created`, no creation instant, payloads of every shape),
/// each line decodes to the general path's request with its next fire, or fails with its code,
/// message and id.
@Suite struct PendingBytePathAgreementTests {
    static let now = Instant(seconds: 1_772_884_800)   // 2026-03-07T12:00:00Z

    /// Payloads as a client may write them: the byte path keeps the ASCII ones without escapes
    /// (compacted, as the general path writes the value back) and leaves the others to the tree.
    static let payloads = [
        #"{"title":"Stand-up","n":1}"#, #"{ "title" : "Stand up now" , "tags" : [ "a" , "b" ] }"#,
        #"[1, 2.50, -0, 1e3, true, false, null, {"a": {"b": []}}]"#, #""just text""#, "42", "{}", "[]",
        #"{"path":"a\/b","quote":"\""}"#, #"{"name":"Zürich"}"#, "null", #"{"a":1,"a":2}"#, #"{"deep":[[[[[[[[1]]]]]]]]}"#,
    ]

    static func lines() throws -> [String] {
        let golden = try GoldenCorpusTests.loaded.get().map { $0.request.replacingOccurrences(of: "\\/", with: "/") }
        var lines: [String] = []
        for (i, line) in golden.enumerated() {
            guard line.hasPrefix("{"), line.hasSuffix("}") else { continue }
            let body = String(line.dropFirst().dropLast())
            lines.append(line)                                                           // "id", "after" as the creation
            lines.append("{" + body.replacingOccurrences(of: #""id":"#, with: #""identifier":"#) + "}")
            lines.append("{" + body.replacingOccurrences(of: #""after":"#, with: #""created":"#) + "}")
            lines.append("{" + body.replacingOccurrences(of: #""after":"#, with: #""ignored":"#) + "}")   // an unknown member
            lines.append("{\"identifier\":\"p\(i)\"," + body + ",\"payload\":" + payloads[i % payloads.count] + "}")
        }
        // Edge lines of the byte path's own: ids, creation instants, escapes in the trigger.
        let trigger = #""trigger":{"rrule":{"text":"DTSTART:20260101T090000\nRRULE:FREQ=DAILY"}}"#
        lines += [
            #"{"identifier":"r","zone":"Europe/Paris","# + trigger + "}",
            #"{"identifier":"","zone":"UTC","trigger":{"interval":{"seconds":60}}}"#,
            #"{"identifier":7,"zone":"UTC","trigger":{"interval":{"seconds":60}}}"#,
            #"{"id":-7,"identifier":"x","zone":"UTC","trigger":{"interval":{"seconds":60}}}"#,
            #"{"identifier":"n","zone":"UTC","created":"now","trigger":{"interval":{"seconds":60}}}"#,
            #"{"identifier":"l","zone":"Asia/Tokyo","created":"2026-03-07 09:00","trigger":{"interval":{"seconds":60}}}"#,
            #"{"identifier":"b","zone":"UTC","trigger":{"calendar":{"components":{"hour":9},"direction":"backward"}}}"#,
            #"{"identifier":"z","zone":"Mars/Base","trigger":{"interval":{"seconds":60}}}"#,
            #"{"identifier":"e","zone":"UTC","trigger":{"rrule":{"text":"DTSTART:20260101T090000\qRRULE:FREQ=DAILY"}}}"#,
            #"{"identifier":"w","zone":"UTC","trigger":{"weekly":{"weekdays":["mon","Friday",1],"time":"09:00"}}}"#,
            #"{"identifier":"c","zone":"UTC","trigger":{"cron":{"expression":"0 9 * * 1-5"}}}"#,
            #"{"identifier":"o","zone":"UTC","trigger":{"onCalendar":{"expression":"Mon..Fri *-*-* 09:00"}}}"#,
            #"{"identifier":"oz","trigger":{"onCalendar":{"expression":"*-*-* 09:00 Europe/Berlin"}}}"#,
            #"{"identifier":"rr","zone":"America/New_York","trigger":{"rrule":{"text":"DTSTART:20260308T023000\nRRULE:FREQ=DAILY;COUNT=5\nEXDATE:20260310T023000"}}}"#,
            #"{"identifier":"rs","zone":"UTC","trigger":{"rrule":{"text":"DTSTART:20260101T090000\r\nRRULE:FREQ=MONTHLY;BYDAY=-1FR\t"}}}"#,
            #"{"identifier":"ru","zone":"UTC","trigger":{"rrule":{"text":"DTSTART:20260101T090000\u000aRRULE:FREQ=DAILY"}}}"#,
            #"{"identifier":"rq","zone":"UTC","trigger":{"rrule":{"text":"DTSTART:20260101T090000\nRRULE:FREQ=DAILY","dtstart":"ifMatching"}}}"#,
        ]
        return lines
    }

    @Test func goldenCorpusLinesDecodeAlikeOnBothPaths() throws {
        let lines = try Self.lines()
        var decoder = PendingLineDecoder(database: Fixtures.tzifDatabase, now: Self.now)
        var differences: [String] = [], bytePath = 0
        func text(_ request: PendingRequest, next: Result<Fire?, PendingError>) -> String {
            "\(request.identifier) \(request.zoneIdentifier) \(request.zone.identifier) \(request.createdAt) "
                + "\(request.payload?.text ?? "-") \(request.trigger) next \(next)"
        }
        func text(_ failure: PendingLineDecoder.Failure) -> String { "\(failure.id?.serialized ?? "-") \(failure.code): \(failure.message)" }
        for line in lines {
            let bytes = Array(line.utf8)
            let a: String, b: String
            var fastRequest: PendingRequest?, generalRequest: PendingRequest?
            switch bytes.withUnsafeBufferPointer({ decoder.decode($0) }) {
            case .success(let decoded):
                if decoded.source != nil { bytePath += 1 }
                let zone = decoder.zones[Int(decoded.zone)]
                let request = try PendingRequest(identifier: decoded.identifier, trigger: decoder.trigger(of: decoded), zone: zone.rules,
                                                 zoneIdentifier: zone.requested, payload: decoded.payload, createdAt: decoded.createdAt)
                a = text(request, next: try #require(decoded.next))
                fastRequest = request
            case .failure(let failure): a = text(failure)
            }
            switch PendingLineDecoder.generalDecode(bytes, database: Fixtures.tzifDatabase, now: Self.now) {
            case .success(let request):
                b = text(request, next: Result { () throws(PendingError) in try request.nextFire(after: Self.now) })
                generalRequest = request
            case .failure(let failure): b = text(failure)
            }
            if a != b || fastRequest != generalRequest { differences.append("\(line)\n  byte path: \(a)\n  general:   \(b)") }
        }
        print("pending byte path agreement: \(lines.count) lines, \(bytePath) read by the byte path, \(differences.count) decoded differently")
        #expect(bytePath > lines.count / 2, "only \(bytePath) of \(lines.count) lines took the byte path")
        Differences.expectNone(differences, of: lines.count, "pending lines decode differently on the byte path")
    }

    /// The compacted payload is the general path's text exactly (`JSONTree.compactText`), for
    /// every payload the byte path reads (the others are the general path's).
    @Test func compactedPayloadIsTheTreesText() throws {
        var read = 0
        for payload in Self.payloads {
            let line = Array(#"{"identifier":"p","zone":"UTC","trigger":{"interval":{"seconds":60}},"payload":"#.utf8) + Array(payload.utf8) + [UInt8(ascii: "}")]
            guard let range = line.withUnsafeBufferPointer({ BatchLine(scanning: $0, kind: .pending) { _ in nil }?.payload }) else { continue }
            let bytes = Array(line[range])
            guard let compact = bytes.withUnsafeBufferPointer(PendingLineDecoder.compacted) else {
                #expect(bytes.contains { $0 >= 0x80 }, "refused an ASCII payload: \(payload)")
                continue
            }
            let tree = try JSONParser.parse(bytes)
            #expect(String(decoding: compact, as: UTF8.self) == tree.compactText(at: tree.root), "\(payload)")
            read += 1
        }
        #expect(read >= 8, "the byte path read only \(read) payloads")
    }
}

/// The byte path reads exactly the members a pending line has (`ScheduleRequest.Kind.pending`),
/// and a batch line's byte path still refuses `created` and `payload` (`BytePathMemberTests`).
@Suite struct PendingBytePathMemberTests {
    static let base = #""zone":"UTC","trigger":{"calendar":{"components":{"hour":9}}}"#
    static let values = ["id": #""r1""#, "identifier": #""r1""#, "after": #""2026-01-01T00:00:00Z""#, "count": "2",
                         "created": #""2026-01-01T00:00:00Z""#, "payload": #"{"title":"x"}"#]

    static func scanned(_ line: String) -> Bool {
        Array(line.utf8).withUnsafeBufferPointer { BatchLine(scanning: $0, kind: .pending) { _ in nil } } != nil
    }

    @Test func readsThePendingMembersAndNoOther() throws {
        for member in ScheduleRequest.Kind.pending.members where member != "zone" && member != "trigger" {
            let value = try #require(Self.values[member], "no sample value for '\(member)'")
            #expect(Self.scanned("{\(Self.base),\"\(member)\":\(value)}"), "the byte path does not read '\(member)'")
        }
        #expect(!Self.scanned("{\(Self.base),\"cuont\":1}"))
        #expect(!Self.scanned("{\(Self.base),\"payload\":null}"), "a null payload is the general path's")
    }
}
