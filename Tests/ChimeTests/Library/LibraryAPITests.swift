import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases
import Chime

/// Issue 15: the library as a Swift developer meets it. Expected instants are hand-derived:
/// America/New_York in 2026 springs forward on Sunday 8 March (the second Sunday: 1 March 2026 is
/// a Sunday) at 02:00 EST = 07:00Z, and falls back on Sunday 1 November at 02:00 EDT = 06:00Z
/// (US rule, 15 U.S.C. 260a); EST is UTC-5, EDT UTC-4.
@Suite struct LibraryAPITests {
    static let ny = try! Fixtures.tzifDatabase.rules(for: "America/New_York")
    static func at(_ text: String) -> Instant { try! ISO8601Format.parseInstant(text) }
    static let daily = Trigger.calendar(try! .daily(hour: 9, minute: 0))

    // MARK: Fire

    /// The contract's fire object (docs/contract.md "Instants (output)"), both ways: the members
    /// `chime batch` writes, and no other.
    @Test func fireCodesAsTheContract() throws {
        // 02:30 on 8 March does not exist; Foundation's nextTime gives the first instant after the gap.
        let trigger = Trigger.calendar(try CalendarTrigger(components: CalendarComponents(hour: 2, minute: 30)))
        let fire = try #require(try trigger.nextFire(after: Self.at("2026-03-07T12:00:00Z"), in: Self.ny))
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(fire)) as! [String: Any]
        #expect(json["at"] as? String == "2026-03-08T03:00:00-04:00")
        #expect(json["utc"] as? String == "2026-03-08T07:00:00Z")
        #expect(json["offset"] as? Int == -14400)
        #expect(json["abbreviation"] as? String == "EDT")
        #expect(json["adjustment"] as? String == "gapNextTime")
        #expect(Set(json.keys) == ["at", "utc", "offset", "abbreviation", "adjustment"])
        // Read back: every member the object has survives; the DST flag is not one of them.
        let back = try JSONDecoder().decode(Fire.self, from: JSONEncoder().encode(fire))
        #expect(back.instant == fire.instant && back.offset == fire.offset && back.abbreviation == fire.abbreviation
                && back.adjustment == fire.adjustment && !back.isDST)
        #expect(fire.isDST)
        let cli = #"{"at": "2026-03-08T03:00:00-04:00", "utc": "2026-03-08T07:00:00Z", "offset": -14400, "abbreviation": "EDT", "adjustment": "gapNextTime"}"#
        #expect(try JSONDecoder().decode(Fire.self, from: Data(cli.utf8)) == back)
        // A member the object does not have is refused, naming it.
        let extra = cli.replacingOccurrences(of: "}", with: #", "dst": true}"#)
        do {
            _ = try JSONDecoder().decode(Fire.self, from: Data(extra.utf8))
            Issue.record("a fire with a member it does not have was read")
        } catch let DecodingError.dataCorrupted(context) {
            #expect((context.underlyingError as? UnknownFieldError)?.field == "dst")
        }
        let wrong = cli.replacingOccurrences(of: "03:00:00-04:00", with: "04:00:00-04:00")
        do {
            _ = try JSONDecoder().decode(Fire.self, from: Data(wrong.utf8))
            Issue.record("a fire whose at and utc differ was read")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["at"])
        }
    }

    @Test func fireIsComparableAndDescribed() throws {
        let fires = try Self.daily.fires(after: Self.at("2026-03-07T12:00:00Z"), in: Self.ny, count: 3)
        #expect(fires.reversed().sorted() == fires)
        #expect(fires[0] < fires[1] && !(fires[1] < fires[0]))
        // 09:00 EST on the 7th = 14:00Z; the 8th is after the 07:00Z change: 09:00 EDT = 13:00Z.
        #expect(fires[0].description == "2026-03-07T09:00:00-05:00 EST (2026-03-07T14:00:00Z, exact)")
        #expect("\(fires[1])" == "2026-03-08T09:00:00-04:00 EDT (2026-03-08T13:00:00Z, exact)")
    }

    // MARK: ZoneRules

    @Test func zoneRulesAreEquatableAndNamed() throws {
        let again = try Fixtures.tzifDatabase.rules(for: "US/Eastern")
        #expect(again == Self.ny)
        #expect(Set([Self.ny, again]).count == 1)
        // Another database over the same files: another table, the same rules.
        let other = try ZoneDatabase(preference: .tzif, tzifDirectory: Fixtures.zoneinfoDirectory).rules(for: "America/New_York")
        #expect(other == Self.ny)
        #expect(try Fixtures.tzifDatabase.rules(for: "America/Chicago") != Self.ny)
        let plus1 = ZoneRules.fixed(identifier: "X", type: LocalTimeType(utcOffset: 3600, isDST: false, abbreviation: "X"))
        let plus2 = ZoneRules.fixed(identifier: "X", type: LocalTimeType(utcOffset: 7200, isDST: false, abbreviation: "X"))
        #expect(plus1 != plus2)
        #expect(Self.ny.description == "America/New_York (tzif \(Self.ny.version!))")
        #expect(plus1.description == "X (tzif)")
    }

    // MARK: Sequences

    @Test func fireIteratorIsASequence() throws {
        var seen: [Instant] = []
        for fire in FireIterator(trigger: Self.daily, zone: Self.ny, start: Self.at("2026-03-07T12:00:00Z")) {
            seen.append(fire.instant)
            if seen.count == 3 { break }
        }
        #expect(seen == ["2026-03-07T14:00:00Z", "2026-03-08T13:00:00Z", "2026-03-09T13:00:00Z"].map(Self.at))
        // Lazy: prefix, map and first(where:) on the sequence compute only what they need.
        let fires = try Self.daily.fires(after: Self.at("2026-03-07T12:00:00Z"), in: Self.ny)
        #expect(Array(fires.prefix(3).map(\.instant)) == seen)
        #expect(fires.first { $0.offset == -14400 }?.instant == Self.at("2026-03-08T13:00:00Z"))
        // A one-shot trigger ends the sequence after its fire.
        let once = Trigger.interval(try IntervalTrigger(interval: .minutes(90), repeats: false, anchor: Self.at("2026-03-07T12:00:00Z")))
        #expect(Array(try once.fires(after: Self.at("2026-03-07T12:00:00Z"), in: Self.ny)).map(\.instant) == [Self.at("2026-03-07T13:30:00Z")])
    }

    /// `reject` is the one way a walk fails: the plain sequence refuses it up front, the iterator
    /// ends at the gap and says why, the throwing walk throws.
    @Test func rejectIsNeverSwallowed() throws {
        let strict = Trigger.calendar(try CalendarTrigger(components: CalendarComponents(hour: 2, minute: 30), gapPolicy: .reject))
        #expect(strict.mayReject && !Self.daily.mayReject)
        #expect(throws: TriggerError.rejectingTriggerInSequence) { _ = try strict.fires(after: Self.at("2026-03-06T12:00:00Z"), in: Self.ny) }
        var iterator = FireIterator(trigger: strict, zone: Self.ny, start: Self.at("2026-03-06T12:00:00Z"))
        // 7 March 02:30 EST = 07:30Z, then 8 March 02:30 is in the gap.
        #expect(iterator.next()?.instant == Self.at("2026-03-07T07:30:00Z"))
        #expect(iterator.next() == nil)
        #expect(iterator.error == .wallTimeSkipped(local: "2026-03-08T02:30:00", zone: "America/New_York"))
        #expect(iterator.next() == nil)
    }

    /// The async walk sleeps until each fire on the clock it is given; a clock whose sleep returns
    /// at once (and a wall clock that moves with it) makes the test instant.
    @Test func alarmsSleepUntilEachFire() async throws {
        let clock = ImmediateClock()
        let start = Self.at("2026-03-07T12:00:00Z")
        let alarms = Self.daily.alarms(after: start, in: Self.ny, clock: clock, now: { start.advanced(by: clock.elapsed) })
        var fires: [Instant] = []
        for try await fire in alarms {
            fires.append(fire.instant)
            if fires.count == 3 { break }
        }
        #expect(fires == ["2026-03-07T14:00:00Z", "2026-03-08T13:00:00Z", "2026-03-09T13:00:00Z"].map(Self.at))
        // 12:00Z -> 14:00Z, then to 13:00Z the next day (a 23-hour day), then 24 hours.
        #expect(clock.sleeps == [.seconds(2 * 3600), .seconds(23 * 3600), .seconds(24 * 3600)])

        // reject throws from next(), and the sequence is over.
        let strict = Trigger.calendar(try CalendarTrigger(components: CalendarComponents(hour: 2, minute: 30), gapPolicy: .reject))
        var iterator = strict.alarms(after: Self.at("2026-03-07T12:00:00Z"), in: Self.ny, clock: ImmediateClock(), now: { start }).makeAsyncIterator()
        await #expect(throws: TriggerError.wallTimeSkipped(local: "2026-03-08T02:30:00", zone: "America/New_York")) { _ = try await iterator.next() }
        #expect(try await iterator.next() == nil)
    }

    // MARK: Durations

    @Test func exactDurationBridgesSwiftDuration() throws {
        #expect(ExactDuration.minutes(90) == (try ExactDuration(seconds: 5400)))
        #expect(ExactDuration.hours(2).nanoseconds == 7_200_000_000_000)
        #expect(try ExactDuration(.milliseconds(1500)) == ExactDuration(decimal: "1.5"))
        #expect(ExactDuration.minutes(90).duration == .seconds(5400))
        #expect(throws: TriggerError.self) { try ExactDuration(.seconds(-1)) }
        #expect(throws: TriggerError.self) { try ExactDuration(Duration(secondsComponent: 1, attosecondsComponent: 1)) }
        #expect(Self.at("2026-03-07T12:00:00Z").advanced(by: .milliseconds(-1500)) == Self.at("2026-03-07T11:59:58.5Z"))
        #expect(Self.at("2026-03-07T12:00:00.25Z").duration(since: Self.at("2026-03-07T11:00:00.5Z")) == .milliseconds(3_599_750))
    }

    // MARK: Decoding errors

    static func decodingPath(_ json: String, userInfo: [CodingUserInfoKey: any Sendable] = [:]) -> (path: [String], underlying: (any Error)?)? {
        let decoder = JSONDecoder()
        decoder.userInfo = userInfo
        do {
            _ = try decoder.decode(Trigger.self, from: Data(json.utf8))
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return (context.codingPath.map(\.stringValue), context.underlyingError)
        } catch let DecodingError.keyNotFound(key, context) {
            return (context.codingPath.map(\.stringValue) + [key.stringValue], nil)
        } catch {
            return (["not a DecodingError: \(error)"], nil)
        }
    }

    @Test(arguments: [
        (#"{"calendar": {"components": {"hour": 9, "weekday": 8}}}"#, ["calendar", "components", "weekday"]),
        (#"{"calendar": {"components": {"hour": 9}, "matchingPolicy": "sometimes"}}"#, ["calendar", "matchingPolicy"]),
        (#"{"calendar": {"components": {}}}"#, ["calendar"]),
        (#"{"weekly": {"weekdays": ["mon", "funday"], "time": "09:00"}}"#, ["weekly", "weekdays", "Index 1"]),
        (#"{"weekly": {"weekdays": [2], "time": "25:00"}}"#, ["weekly", "time"]),
        (#"{"interval": {"seconds": 30, "repeats": true, "anchor": "2026-03-07T12:00:00Z"}}"#, ["interval", "seconds"]),
        (#"{"interval": {"seconds": 90, "anchor": "now"}}"#, ["interval", "anchor"]),
        (#"{"interval": {"seconds": 90}}"#, ["interval", "anchor"]),
        (#"{"cron": {"expression": "61 * * * *"}}"#, ["cron", "expression"]),
        (#"{"cron": {"expression": "* * * * *", "flavor": "vixie"}}"#, ["cron", "flavor"]),
        (#"{"onCalendar": {"expression": "*-*-* 25:00"}}"#, ["onCalendar", "expression"]),
        (#"{"sometimes": {}}"#, ["sometimes"]),   // an unknown member is named (UnknownFieldError)
        (#"{"calendar": {"components": {"hour": 9}}, "interval": {"seconds": 90}}"#, []),
    ])
    func decodingErrorsHaveCodingPaths(_ json: String, _ path: [String]) {
        let result = Self.decodingPath(json)
        #expect(result?.path == path, "\(json)")
    }

    @Test func decodingErrorsCarryChimesError() throws {
        let result = try #require(Self.decodingPath(#"{"calendar": {"components": {"hour": 9, "weekday": 8}}}"#))
        #expect(result.underlying as? TriggerError == .invalidComponent(name: "weekday", value: 8, allowed: "1–7"))
        // An anchorless interval anchors where the caller says, never at the clock.
        let decoder = JSONDecoder()
        decoder.userInfo[.chimeDefaultAnchor] = Self.at("2026-03-07T12:00:00Z")
        let trigger = try decoder.decode(Trigger.self, from: Data(#"{"interval": {"seconds": 5400}}"#.utf8))
        #expect(try trigger.nextFire(after: Self.at("2026-03-07T12:00:00Z"), in: Self.ny)?.instant == Self.at("2026-03-07T13:30:00Z"))
    }

    // MARK: Parsers never read the clock

    @Test func parsersReadTheClockOnlyWhenAsked() throws {
        #expect(throws: TimeError.malformedInstant("now")) { try ISO8601Format.parseInstant("now") }
        #expect(throws: TimeError.malformedInstant("now")) { try TimeText.parse("now") }
        // A year of five digits is out of range (as year 0 is), not malformed text; UTC 10000-01-01 is
        // read (a wall time of 9999 west of UTC: Instant.readableRange).
        #expect(throws: TimeError.invalidText("10000-01-02T02:00:00Z", .yearOutOfRange(10000))) { try TimeText.parse("10000-01-02T02:00:00Z") }
        #expect(try TimeText.parse("10000-01-01T00:00:00Z") == .instant(Instant(seconds: Instant.lastSupportedSecond + 1)))
        #expect(throws: TimeError.invalidText("99999-01-01", .yearOutOfRange(99999))) { try TimeText.parse("99999-01-01") }
        #expect(throws: TimeError.malformedInstant("10000")) { try TimeText.parse("10000") }
        #expect(try TimeText.parse("now", now: { Self.at("2026-03-07T12:00:00Z") }) == .instant(Self.at("2026-03-07T12:00:00Z")))
        #expect(throws: TimeError.self) { try Chime.instant("now") }
    }

    // MARK: Errors read as library errors

    @Test func errorsNameTheProblemWithoutCLIAdvice() {
        let error = ZoneError.unknownZone("Mars/Olympus", suggestions: [])
        #expect(error.description == "unknown time zone 'Mars/Olympus'")
        #expect(!TimeError.malformedInstant("x").description.contains("now"))
    }

    // MARK: Pending requests

    @Test func pendingRequestCodesWithItsPayload() throws {
        let payload = PendingPayload(rawJSON: #"{"title":"Stand-up","tags":["a","b"],"n":3,"x":1.5,"ok":true,"none":null,"q":"say \"hi\"\n"}"#)
        let request = try PendingRequest(identifier: "standup", trigger: Self.daily, zone: Self.ny, payload: payload,
                                         createdAt: Self.at("2026-03-07T12:00:00Z"))
        let data = try JSONEncoder().encode(request)
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        #expect(json["identifier"] as? String == "standup" && json["zone"] as? String == "America/New_York")
        #expect(json["created"] as? String == "2026-03-07T12:00:00Z")
        #expect((json["payload"] as? [String: Any])?["title"] as? String == "Stand-up")
        let back = try JSONDecoder().decode(PendingRequest.self, from: data)
        #expect(back.identifier == request.identifier && back.trigger == request.trigger && back.createdAt == request.createdAt)
        // The same JSON value (keys sorted by a generic decoder).
        #expect(back.payload?.text == #"{"n":3,"none":null,"ok":true,"q":"say \"hi\"\n","tags":["a","b"],"title":"Stand-up","x":1.5}"#)
        // No creation instant: refused, not the clock.
        let noCreated = #"{"identifier": "a", "zone": "America/New_York", "trigger": {"calendar": {"components": {"hour": 9}}}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PendingRequest.self, from: Data(noCreated.utf8)) }
    }

    // MARK: Entry point

    @Test func scheduleIsTheFrontDoor() throws {
        let job = try Schedule(cron: "30 2 * * *", in: "America/New_York")
        #expect(job.description == "at 02:30 every day, America/New_York")
        // posix cron runs a job the gap skipped right after it (docs/cron.md): 03:00 EDT = 07:00Z.
        let fires = Array(try job.fires(after: Self.at("2026-03-07T12:00:00Z")).prefix(2))
        #expect(fires.map(\.instant) == [Self.at("2026-03-08T07:00:00Z"), Self.at("2026-03-09T06:30:00Z")])
        #expect(fires[0].adjustment == .gapNextTime)
        #expect(try Chime.zone("US/Eastern").identifier == "America/New_York")
        // The zone from the expression; a different given zone is an error.
        let berlin = try Schedule(onCalendar: "*-*-* 02:30 Europe/Berlin")
        #expect(berlin.zone.identifier == "Europe/Berlin")
        #expect(throws: ScheduleError.zoneConflict(given: "America/New_York", named: "Europe/Berlin")) {
            try Schedule(onCalendar: "*-*-* 02:30 Europe/Berlin", in: "America/New_York")
        }
        #expect(throws: ScheduleError.noZone) { try Schedule(Self.daily) }
        let every = try Schedule(every: .minutes(90), from: Self.at("2026-03-07T12:00:00Z"), in: "UTC")
        #expect(try every.next(after: Self.at("2026-03-07T12:00:00Z"))?.instant == Self.at("2026-03-07T13:30:00Z"))
    }
}

/// A clock whose `sleep` returns at once, recording how long it was asked to sleep.
final class ImmediateClock: Clock, @unchecked Sendable {
    struct Tick: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Tick { Tick(offset: offset + duration) }
        func duration(to other: Tick) -> Duration { other.offset - offset }
        static func < (a: Tick, b: Tick) -> Bool { a.offset < b.offset }
    }

    private let lock = NSLock()
    private var _elapsed: Duration = .zero
    private var _sleeps: [Duration] = []

    var elapsed: Duration { lock.withLock { _elapsed } }
    var sleeps: [Duration] { lock.withLock { _sleeps } }
    var now: Tick { Tick(offset: elapsed) }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Tick, tolerance: Duration?) async throws {
        lock.withLock {
            _sleeps.append(deadline.offset - _elapsed)
            _elapsed = max(_elapsed, deadline.offset)
        }
    }
}
