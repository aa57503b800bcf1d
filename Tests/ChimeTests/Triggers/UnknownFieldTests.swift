import Foundation
import Testing
@testable import Chime

/// A member Chime does not read is an error naming it and the nearest known one — never ignored.
/// Decoded here with Foundation's `JSONDecoder` (the library's `Codable`, as an app uses it); the
/// CLI's batch and pending paths are held to the same in `CLIBatchTests` and Tests/BadInput.
@Suite struct UnknownFieldTests {
    func decodingError<T: Decodable>(_ type: T.Type, _ json: String) -> (path: [String], error: UnknownFieldError?)? {
        do {
            _ = try JSONDecoder().decode(type, from: Data(json.utf8))
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return (context.codingPath.map(\.stringValue), context.underlyingError as? UnknownFieldError)
        } catch {
            return ([], nil)
        }
    }

    /// `"minite"` is one edit from `minute`: without the check the trigger fired at 09:00.
    @Test func misspeltComponent() throws {
        let found = try #require(decodingError(Trigger.self, #"{"calendar": {"components": {"hour": 9, "minite": 30}}}"#))
        #expect(found.path == ["calendar", "components", "minite"])
        let error = try #require(found.error)
        #expect(error.field == "minite" && error.suggestion == "minute" && error.path == "calendar.components")
        #expect(error.description == "unknown field 'minite' in calendar.components: did you mean 'minute'?")
    }

    @Test(arguments: [
        (#"{"calender": {"components": {"hour": 9}}}"#, "calender", "calendar"),
        (#"{"calendar": {"components": {"hour": 9}, "overlapp": "last"}}"#, "overlapp", "overlap"),
        (#"{"interval": {"seconds": 60, "anchor": "2026-01-01T00:00:00Z", "repeat": true}}"#, "repeat", "repeats"),
        (#"{"weekly": {"weekdays": [2], "time": "09:00", "semantic": "consistent"}}"#, "semantic", "semantics"),
        (#"{"cron": {"expression": "30 2 * * *", "flavour": "croniter"}}"#, "flavour", "flavor"),
        (#"{"onCalendar": {"expression": "*-*-* 02:30", "gaps": "skip"}}"#, "gaps", "gap"),
        (#"{"rrule": {"text": "DTSTART:20260101T090000\nRRULE:FREQ=DAILY", "dtStart": "always"}}"#, "dtStart", "dtstart"),
        (#"{"flutterAndroid": {"match": "time", "time": "02:30", "weekdays": 2}}"#, "weekdays", "weekday"),
    ])
    func misspeltMember(json: String, field: String, suggestion: String) throws {
        let error = try #require(decodingError(Trigger.self, json)?.error, "\(json) decoded")
        #expect(error.field == field && error.suggestion == suggestion)
    }

    /// Nothing near enough: the message lists what is known instead of guessing.
    @Test func farFromEveryName() throws {
        let error = try #require(decodingError(CronTrigger.self, #"{"expression": "30 2 * * *", "zzzzzzzz": 1}"#)?.error)
        #expect(error.suggestion == nil)
        #expect(error.description == "unknown field 'zzzzzzzz'; known fields: expression, flavor, direction, gap, overlap, hashId, zone, fields")
    }

    /// A pending request's client data travels in `payload`; any other member is refused.
    @Test func pendingRecord() throws {
        let ok = #"{"identifier": "a", "zone": "UTC", "count": 3, "trigger": {"calendar": {"components": {"hour": 9}}}, "payload": {"title": "x"}}"#
        #expect(throws: Never.self) { try JSONDecoder().decode(ScheduleRequest.self, from: Data(ok.utf8)) }
        let bad = #"{"identifier": "a", "zone": "UTC", "title": "x", "trigger": {"calendar": {"components": {"hour": 9}}}}"#
        #expect(decodingError(ScheduleRequest.self, bad)?.error?.field == "title")
    }

    /// The members Chime writes for the reader (a normalized form, a named zone) read back only
    /// when they say what the expression says: a hand-edited one is an error, not ignored.
    @Test func derivedMembersMustAgree() throws {
        let ok = #"{"cron": {"expression": "TZ=Asia/Tokyo 0 30 2 * * *", "flavor": "robfig", "zone": "Asia/Tokyo", "fields": "0 30 2 * * *"}}"#
        #expect(throws: Never.self) { try JSONDecoder().decode(Trigger.self, from: Data(ok.utf8)) }
        for json in [#"{"cron": {"expression": "30 2 * * *", "fields": "0 0 * * *"}}"#,
                     #"{"onCalendar": {"expression": "*-*-* 02:30", "normalized": "*-*-* 03:30:00"}}"#,
                     #"{"rrule": {"text": "DTSTART;TZID=Europe/Berlin:20260101T090000\nRRULE:FREQ=DAILY", "zone": "UTC"}}"#] {
            do {
                _ = try JSONDecoder().decode(Trigger.self, from: Data(json.utf8))
                Issue.record("\(json) decoded")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.debugDescription.contains("is not what the rest of the trigger gives"), "\(json)")
            }
        }
    }

    /// What Chime writes it reads back: every encoder's members are known to its decoder.
    @Test func encodedTriggersReadBack() throws {
        let triggers: [Trigger] = [
            .calendar(try CalendarTrigger(components: CalendarComponents(hour: 2, minute: 30), gapPolicy: .skip, overlapPolicy: .both)),
            .interval(try IntervalTrigger(interval: try ExactDuration(seconds: 90), repeats: true, anchor: Instant(seconds: 0), reportsWallClockDrift: true)),
            .weekly(try WeeklyTrigger(weekdays: [.monday], time: "09:00", gapPolicy: .shift, overlapPolicy: .last, semantics: .consistent)),
            .cron(try CronTrigger(expression: "0 9 * * 2#3", flavor: .croniter, hashId: "job")),
            .onCalendar(try OnCalendarTrigger(expression: "Mon *-*-* 02:30")),
            .rrule(try RRuleTrigger(text: "DTSTART:20260101T090000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR")),
        ]
        for trigger in triggers {
            let data = try JSONEncoder().encode(trigger)
            #expect(try JSONDecoder().decode(Trigger.self, from: data) == trigger, "\(String(decoding: data, as: UTF8.self))")
        }
    }
}
