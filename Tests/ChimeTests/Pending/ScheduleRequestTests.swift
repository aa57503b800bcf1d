import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The one request shape (docs/contract.md): a pending line read with Foundation's JSONDecoder,
/// resolved into a request whose errors name it.
@Suite struct ScheduleRequestTests {
    static let now = Instant(seconds: unixSeconds("2026-03-07T12:00:00Z"))

    static func record(_ json: String) throws -> ScheduleRequest {
        try JSONDecoder().decode(ScheduleRequest.self, from: Data(json.utf8))
    }

    @Test func decodesABatchLineWithAnIdentifier() throws {
        let record = try Self.record("""
            {"identifier": "standup", "id": "ignored", "zone": "US/Eastern", "after": "2026-03-07T12:00:00Z", "count": 3,
             "trigger": {"calendar": {"components": {"hour": 9, "minute": 0}}}, "payload": {"title": "Stand-up"}}
            """)
        // Through Foundation's decoder the payload is the same JSON value, written compactly.
        #expect(record.payload?.text == #"{"title":"Stand-up"}"#)
        #expect(record.count == 3 && record.id == .string("standup"), "`identifier` is the key when `id` is there too")
        let request = try PendingRequest(record, zones: Fixtures.tzifDatabase, now: Instant(seconds: 0))
        #expect(request.identifier == "standup" && request.zoneIdentifier == "US/Eastern")
        #expect(request.createdAt == Self.now, "`after` is the creation instant when `created` is absent")
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
        #expect(record.anchor == .start)
        let request = try PendingRequest(record, zones: Fixtures.tzifDatabase, now: Self.now)
        let created = Instant(seconds: unixSeconds("2026-03-08T00:00:00Z"))
        #expect(try request.nextFire(after: created)?.instant.seconds == unixSeconds("2026-03-08T01:30:00Z"))
        // Without `created` or `after`, the `now` given when resolving is the creation instant.
        var bare = record
        bare.after = nil
        let atNow = try PendingRequest(bare, zones: Fixtures.tzifDatabase, now: Self.now)
        #expect(atNow.createdAt == Self.now)
        #expect(try atNow.nextFire(after: Self.now)?.instant.seconds == Self.now.seconds + 5400)
        // An explicit anchor is kept.
        let anchored = try Self.record("""
            {"identifier": "a", "zone": "UTC", "trigger": {"interval": {"seconds": 60, "repeats": true, "anchor": "2026-01-01T00:00:30Z"}}}
            """)
        #expect(anchored.anchor == .given)
        #expect(try PendingRequest(anchored, zones: Fixtures.tzifDatabase, now: Self.now).nextFire(after: Self.now)?.instant.seconds == Self.now.seconds + 30)
    }

    @Test func roundTripsThroughJSON() throws {
        let original = try Self.record("""
            {"identifier": "w", "zone": "Australia/Sydney", "created": "2026-03-07T12:00:00Z",
             "trigger": {"interval": {"seconds": "90.5", "repeats": true}}}
            """)
        let encoded = try JSONEncoder().encode(original)
        let decoded = try JSONDecoder().decode(ScheduleRequest.self, from: encoded)
        #expect(decoded.anchor == .start && decoded.identifier == "w" && decoded.after == "2026-03-07T12:00:00Z")
        #expect(try PendingRequest(decoded, zones: Fixtures.tzifDatabase, now: Self.now) == PendingRequest(original, zones: Fixtures.tzifDatabase, now: Self.now))

        // A resolved request encodes as its record, anchor written out.
        let request = try PendingRequest(original, zones: Fixtures.tzifDatabase, now: Self.now)
        let back = try JSONDecoder().decode(ScheduleRequest.self, from: JSONEncoder().encode(request))
        #expect(back.anchor == .given)
        #expect(try PendingRequest(back, zones: Fixtures.tzifDatabase, now: Instant(seconds: 0)) == request)
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
            // The trigger's own error, as `chime batch` reports it (the pending line's error names the line).
            #expect(context.underlyingError as? TriggerError == .repeatingIntervalTooShort(seconds: "30"))
        }
        // An unknown zone, found when resolving.
        let lost = try Self.record(#"{"identifier": "r2", "zone": "Mars/Olympus_Mons", "trigger": {"calendar": {"components": {"hour": 9}}}}"#)
        do {
            _ = try PendingRequest(lost, zones: Fixtures.tzifDatabase, now: Self.now)
            Issue.record("an unknown zone was accepted")
        } catch {
            #expect(error.code == "unknownZone" && error.identifier == "r2")
            #expect(error.description.hasPrefix("request 'r2': unknown time zone 'Mars/Olympus_Mons'"))
        }
        // A creation instant that is not one.
        let badTime = try Self.record(#"{"identifier": "r3", "zone": "UTC", "created": "yesterday", "trigger": {"calendar": {"components": {"hour": 9}}}}"#)
        #expect(throws: PendingError.invalidCreationInstant(identifier: "r3", .malformedInstant("yesterday"))) {
            try PendingRequest(badTime, zones: Fixtures.tzifDatabase, now: Self.now)
        }
        // An empty identifier.
        let empty = try Self.record(#"{"identifier": "", "zone": "UTC", "trigger": {"calendar": {"components": {"hour": 9}}}}"#)
        #expect(throws: PendingError.emptyIdentifier) { try PendingRequest(empty, zones: Fixtures.tzifDatabase, now: Self.now) }
    }
}
