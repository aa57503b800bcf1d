import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The boundary shape: CONTRACT.md's batch request with "identifier", read with Foundation's
/// JSONDecoder, resolved into a request whose errors name it.
@Suite struct PendingRequestRecordTests {
    static let now = Instant(seconds: unixSeconds("2026-03-07T12:00:00Z"))

    static func record(_ json: String) throws -> PendingRequestRecord {
        try JSONDecoder().decode(PendingRequestRecord.self, from: Data(json.utf8))
    }

    @Test func decodesABatchLineWithAnIdentifier() throws {
        let record = try Self.record("""
            {"identifier": "standup", "id": "ignored", "zone": "US/Eastern", "after": "2026-03-07T12:00:00Z", "count": 3,
             "trigger": {"calendar": {"components": {"hour": 9, "minute": 0}}}, "payload": {"title": "Stand-up"}}
            """)
        // The payload's raw text, sliced out by the boundary, travels untouched (spacing, escapes, order).
        let raw = #"{ "title" : "Stand\u002dup",  "n": 1.50, "tags": [] }"#
        let request = try record.request(zones: Fixtures.tzifDatabase, now: Instant(seconds: 0), payload: PendingPayload(rawJSON: raw))
        #expect(request.identifier == "standup" && request.zoneIdentifier == "US/Eastern")
        #expect(request.createdAt == Self.now, "`after` is the creation instant when `created` is absent")
        #expect(request.payload?.text == raw && request.payload?.bytes == Array(raw.utf8))
        // Daily 09:00 in New York (US/Eastern is its alias) after Sat 12:00Z: 09:00 EST = 14:00Z.
        #expect(try request.nextFire(after: request.createdAt)?.instant.seconds == unixSeconds("2026-03-07T14:00:00Z"))

        // `id` stands in for a missing identifier, as a string or a number.
        #expect(try Self.record(#"{"id": 42, "zone": "UTC", "trigger": {"weekly": {"weekdays": [2], "time": "09:00"}}}"#).identifier == "42")
        #expect(try Self.record(#"{"id": "r7", "zone": "UTC", "trigger": {"weekly": {"weekdays": [2], "time": "09:00"}}}"#).identifier == "r7")
        #expect(throws: DecodingError.self) { try Self.record(#"{"zone": "UTC", "trigger": {"weekly": {"weekdays": [2], "time": "09:00"}}}"#) }
    }

    /// An interval without an anchor counts from the request's creation (Apple's time-interval
    /// trigger counts from when it is added): 5400 s after 2026-03-08T00:00:00Z is 01:30:00Z.
    @Test func anAnchorlessIntervalIsAnchoredAtCreation() throws {
        let record = try Self.record("""
            {"identifier": "water", "zone": "Europe/Berlin", "created": "2026-03-08T00:00:00Z",
             "trigger": {"interval": {"seconds": 5400, "repeats": true}}}
            """)
        #expect(record.anchorsAtCreation)
        let request = try record.request(zones: Fixtures.tzifDatabase, now: Self.now)
        let created = Instant(seconds: unixSeconds("2026-03-08T00:00:00Z"))
        #expect(try request.nextFire(after: created)?.instant.seconds == unixSeconds("2026-03-08T01:30:00Z"))
        // Without `created` or `after`, the `now` given when resolving is the creation instant.
        var bare = record
        bare.created = nil
        let atNow = try bare.request(zones: Fixtures.tzifDatabase, now: Self.now)
        #expect(atNow.createdAt == Self.now)
        #expect(try atNow.nextFire(after: Self.now)?.instant.seconds == Self.now.seconds + 5400)
        // An explicit anchor is kept.
        let anchored = try Self.record("""
            {"identifier": "a", "zone": "UTC", "trigger": {"interval": {"seconds": 60, "repeats": true, "anchor": "2026-01-01T00:00:30Z"}}}
            """)
        #expect(!anchored.anchorsAtCreation)
        #expect(try anchored.request(zones: Fixtures.tzifDatabase, now: Self.now).nextFire(after: Self.now)?.instant.seconds == Self.now.seconds + 30)
    }

    @Test func roundTripsThroughJSON() throws {
        let original = try Self.record("""
            {"identifier": "w", "zone": "Australia/Sydney", "created": "2026-03-07T12:00:00Z",
             "trigger": {"interval": {"seconds": "90.5", "repeats": true}}}
            """)
        let encoded = try JSONEncoder().encode(original)
        let decoded = try JSONDecoder().decode(PendingRequestRecord.self, from: encoded)
        #expect(decoded.anchorsAtCreation && decoded.identifier == "w" && decoded.created == "2026-03-07T12:00:00Z")
        #expect(try decoded.request(zones: Fixtures.tzifDatabase, now: Self.now) == original.request(zones: Fixtures.tzifDatabase, now: Self.now))

        // A resolved request encodes as its record, anchor written out.
        let request = try original.request(zones: Fixtures.tzifDatabase, now: Self.now)
        let back = try JSONDecoder().decode(PendingRequestRecord.self, from: JSONEncoder().encode(request))
        #expect(!back.anchorsAtCreation)
        #expect(try back.request(zones: Fixtures.tzifDatabase, now: Instant(seconds: 0)) == request)
    }

    /// Bad input names the request and the problem.
    @Test func badInputNamesTheRequest() throws {
        // A repeating interval under 60 s (Apple's minimum).
        // A DecodingError at the value's path, with the request's error underneath.
        do {
            _ = try Self.record(#"{"identifier": "r1", "zone": "UTC", "trigger": {"interval": {"seconds": 30, "repeats": true}}}"#)
            Issue.record("a 30 s repeating interval was accepted")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["trigger", "interval", "seconds"])
            #expect(context.underlyingError as? PendingError == .invalidTrigger(identifier: "r1", .repeatingIntervalTooShort(seconds: "30")))
        }
        // An unknown zone, found when resolving.
        let lost = try Self.record(#"{"identifier": "r2", "zone": "Mars/Olympus_Mons", "trigger": {"calendar": {"components": {"hour": 9}}}}"#)
        do {
            _ = try lost.request(zones: Fixtures.tzifDatabase, now: Self.now)
            Issue.record("an unknown zone was accepted")
        } catch {
            #expect(error.code == "unknownZone" && error.identifier == "r2")
            #expect(error.description.hasPrefix("request 'r2': unknown time zone 'Mars/Olympus_Mons'"))
        }
        // A creation instant that is not one.
        let badTime = try Self.record(#"{"identifier": "r3", "zone": "UTC", "created": "yesterday", "trigger": {"calendar": {"components": {"hour": 9}}}}"#)
        #expect(throws: PendingError.invalidCreationInstant(identifier: "r3", .malformedInstant("yesterday"))) {
            try badTime.request(zones: Fixtures.tzifDatabase, now: Self.now)
        }
        // An empty identifier.
        let empty = try Self.record(#"{"identifier": "", "zone": "UTC", "trigger": {"calendar": {"components": {"hour": 9}}}}"#)
        #expect(throws: PendingError.emptyIdentifier) { try empty.request(zones: Fixtures.tzifDatabase, now: Self.now) }
    }
}
