import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The dateutil flavor (`RRuleFlavor.dateutil`) against python-dateutil 2.9.0.post0's answers, run
/// here and quoted with the command that gave them (`Z` = UTC; zones from Python's zoneinfo):
///
///     python3 -c "from dateutil.rrule import rrulestr; from datetime import datetime; from zoneinfo import ZoneInfo
///     import itertools; z = ZoneInfo('Europe/Berlin')
///     print([d.astimezone(ZoneInfo('UTC')).isoformat() for d in itertools.islice(rrulestr(RULE, dtstart=datetime(2026, 1, 29, 9, 0, tzinfo=z)), 6)])"
///
/// DTSTART 2026-01-29 09:00 (a Thursday) in Europe/Berlin unless a test says otherwise; dateutil
/// yields DTSTART only when the rule makes it, which is the flavor's default DTSTART mode.
@Suite struct RRuleFlavorTests {
    static let berlin = try! Fixtures.tzifDatabase.rules(for: "Europe/Berlin")
    static let newYork = try! Fixtures.tzifDatabase.rules(for: "America/New_York")

    static func fires(_ rule: String, start: String = "20260129T090000", zone: String = "Europe/Berlin", count: Int = 6,
                      gap: GapPolicy? = nil) throws -> [String] {
        let trigger = try RRuleTrigger(text: "DTSTART;TZID=\(zone):\(start)\nRRULE:\(rule)", flavor: .dateutil, gapPolicy: gap)
        let rules = zone == "Europe/Berlin" ? berlin : try Fixtures.tzifDatabase.rules(for: zone)
        return try trigger.fires(after: try ISO8601Format.parseInstant("2000-01-01T00:00:00Z"), in: rules, count: count).map(\.instant.utcString)
    }

    /// A DATE DTSTART with BYMINUTE: RFC 5545 §3.3.10 says BYSECOND, BYMINUTE and BYHOUR "MUST be
    /// ignored" then, and the rfc5545 flavor ignores them (libical's `icalrecur_test.txt` "time-related
    /// BY* should be ignored if DTSTART is date-only": Oct 18, 20, 22 at midnight); python-dateutil, which
    /// has no DATE value, applies them (`rrulestr('DTSTART;VALUE=DATE:20241018\nRRULE:FREQ=DAILY;BYMINUTE=1,2,3,4;INTERVAL=2;COUNT=3')`:
    /// 00:01, 00:02, 00:03 on Oct 18), and so does the dateutil flavor.
    @Test func timePartsWithADateDTSTART() throws {
        let text = "DTSTART;VALUE=DATE:20241018\nRRULE:FREQ=DAILY;BYMINUTE=1,2,3,4;INTERVAL=2;COUNT=3"
        func fires(_ flavor: RRuleFlavor) throws -> [String] {
            try RRuleTrigger(text: text, flavor: flavor, dtstartMode: .ifMatching)
                .fires(after: try ISO8601Format.parseInstant("2024-01-01T00:00:00Z"), in: LibicalHarvestTests.utc, count: 4).map(\.instant.utcString)
        }
        #expect(try fires(.rfc5545) == ["2024-10-18T00:00:00Z", "2024-10-20T00:00:00Z", "2024-10-22T00:00:00Z"])
        #expect(try fires(.dateutil) == ["2024-10-18T00:01:00Z", "2024-10-18T00:02:00Z", "2024-10-18T00:03:00Z"])
        // The rule keeps its text as written.
        #expect(try RRuleTrigger(text: text).rule?.text.contains("BYMINUTE=1,2,3,4") == true)
    }

    /// RULE = "FREQ=MONTHLY;BYWEEKNO=20;BYDAY=MO,FR": the Monday and Friday of week 20, in whichever month holds them.
    @Test func byWeekNoMonthly() throws {
        #expect(try Self.fires("FREQ=MONTHLY;BYWEEKNO=20;BYDAY=MO,FR") == ["2026-05-11T07:00:00Z", "2026-05-15T07:00:00Z", "2027-05-17T07:00:00Z",
                                                                         "2027-05-21T07:00:00Z", "2028-05-15T07:00:00Z", "2028-05-19T07:00:00Z"])
    }

    /// RULE = "FREQ=WEEKLY;BYWEEKNO=1,-1": week 53 of 2026 (Dec 28 – Jan 3) is both the last week and
    /// runs into 2027; dateutil numbers a WEEKLY period's days as the year it starts in does.
    @Test func byWeekNoWeekly() throws {
        #expect(try Self.fires("FREQ=WEEKLY;BYWEEKNO=1,-1") == ["2026-12-28T08:00:00Z", "2026-12-29T08:00:00Z", "2026-12-30T08:00:00Z",
                                                               "2026-12-31T08:00:00Z", "2027-01-01T08:00:00Z", "2027-01-02T08:00:00Z"])
    }

    /// RULE = "FREQ=DAILY;BYWEEKNO=53" (2026 has 53 ISO weeks; its 53rd runs to 2027-01-03).
    @Test func byWeekNoDaily() throws {
        #expect(try Self.fires("FREQ=DAILY;BYWEEKNO=53") == ["2026-12-28T08:00:00Z", "2026-12-29T08:00:00Z", "2026-12-30T08:00:00Z",
                                                            "2026-12-31T08:00:00Z", "2027-01-01T08:00:00Z", "2027-01-02T08:00:00Z"])
    }

    /// dateutil's count of the previous year's weeks for a year's first days (`WeekNumbering`):
    /// RULE = "FREQ=DAILY;INTERVAL=6;BYWEEKNO=53" from 2009-09-15 20:00 in Australia/Sydney
    /// (zone and DTSTART changed in the command). 2011-01-02 is a Sunday of 2010's last week, and
    /// 2010 has 52 ISO weeks, yet dateutil matches it with 53.
    @Test func byWeekNoAsDateutilCountsThePreviousYear() throws {
        #expect(try Self.fires("FREQ=DAILY;INTERVAL=6;BYWEEKNO=53", start: "20090915T200000", zone: "Australia/Sydney")
                == ["2010-01-01T09:00:00Z", "2011-01-02T09:00:00Z", "2015-12-31T09:00:00Z", "2020-12-28T09:00:00Z",
                    "2021-01-03T09:00:00Z", "2027-01-02T09:00:00Z"])
    }

    /// RULE = "FREQ=DAILY;BYYEARDAY=1,-1".
    @Test func byYearDayDaily() throws {
        #expect(try Self.fires("FREQ=DAILY;BYYEARDAY=1,-1") == ["2026-12-31T08:00:00Z", "2027-01-01T08:00:00Z", "2027-12-31T08:00:00Z",
                                                               "2028-01-01T08:00:00Z", "2028-12-31T08:00:00Z", "2029-01-01T08:00:00Z"])
    }

    /// RULE = "FREQ=WEEKLY;BYYEARDAY=100,200" (2028 is a leap year: day 100 is April 9).
    @Test func byYearDayWeekly() throws {
        #expect(try Self.fires("FREQ=WEEKLY;BYYEARDAY=100,200") == ["2026-04-10T07:00:00Z", "2026-07-19T07:00:00Z", "2027-04-10T07:00:00Z",
                                                                   "2027-07-19T07:00:00Z", "2028-04-09T07:00:00Z", "2028-07-18T07:00:00Z"])
    }

    /// RULE = "FREQ=MONTHLY;BYYEARDAY=-306" (March 1 in a common year and in a leap year alike).
    @Test func byYearDayMonthly() throws {
        #expect(try Self.fires("FREQ=MONTHLY;BYYEARDAY=-306") == ["2026-03-01T08:00:00Z", "2027-03-01T08:00:00Z", "2028-03-01T08:00:00Z",
                                                                 "2029-03-01T08:00:00Z", "2030-03-01T08:00:00Z", "2031-03-01T08:00:00Z"])
    }

    /// RULE = "FREQ=WEEKLY;BYMONTHDAY=13;BYDAY=FR": every Friday the 13th.
    @Test func byMonthDayWeekly() throws {
        #expect(try Self.fires("FREQ=WEEKLY;BYMONTHDAY=13;BYDAY=FR") == ["2026-02-13T08:00:00Z", "2026-03-13T08:00:00Z", "2026-11-13T08:00:00Z",
                                                                        "2027-08-13T07:00:00Z", "2028-10-13T07:00:00Z", "2029-04-13T07:00:00Z"])
    }

    /// RULE = "FREQ=MONTHLY;BYDAY=MO,-1MO": dateutil's plain and numbered entries both filter, so
    /// the last Monday (RFC 5545 takes the union: every Monday).
    @Test func plainAndNumberedWeekdaysBothFilter() throws {
        #expect(try Self.fires("FREQ=MONTHLY;BYDAY=MO,-1MO") == ["2026-02-23T08:00:00Z", "2026-03-30T07:00:00Z", "2026-04-27T07:00:00Z",
                                                                "2026-05-25T07:00:00Z", "2026-06-29T07:00:00Z", "2026-07-27T07:00:00Z"])
    }

    /// RULE = "FREQ=WEEKLY;BYDAY=TU,TH;BYSETPOS=1;COUNT=3": dateutil's first week runs from DTSTART
    /// (Thursday), so its first position is DTSTART (RFC 5545's week from Monday has Tuesday the 27th first).
    @Test func firstWeekFromDTSTART() throws {
        #expect(try Self.fires("FREQ=WEEKLY;BYDAY=TU,TH;BYSETPOS=1;COUNT=3") == ["2026-01-29T08:00:00Z", "2026-02-03T08:00:00Z", "2026-02-10T08:00:00Z"])
    }

    /// DST, America/New_York (springs forward 2026-03-08 02:00 EST, falls back 2026-11-01 02:00 EDT).
    /// RULE = "FREQ=WEEKLY;BYYEARDAY=67,305;COUNT=2" from 2026-01-01 02:30 and from 01:30 (zone and
    /// DTSTART changed in the command): day 67 is March 8, day 305 November 1. zoneinfo (fold=0)
    /// reads the skipped 02:30 with the offset before the gap, 07:30Z (Chime's default, RFC 5545's
    /// `shift`) and the repeated 01:30 as its first instant, 05:30Z (`first`). With dateutil.tz's
    /// zone (`tz.gettz`) instead, 02:30 comes out as 06:30Z, which is Chime's `--gap previous`.
    @Test func dstAsZoneinfoGivesIt() throws {
        let rule = "FREQ=WEEKLY;BYYEARDAY=67,305;COUNT=2"
        #expect(try Self.fires(rule, start: "20260101T023000", zone: "America/New_York") == ["2026-03-08T07:30:00Z", "2026-11-01T07:30:00Z"])
        #expect(try Self.fires(rule, start: "20260101T013000", zone: "America/New_York") == ["2026-03-08T06:30:00Z", "2026-11-01T05:30:00Z"])
        #expect(try Self.fires(rule, start: "20260101T023000", zone: "America/New_York", gap: .previous) == ["2026-03-08T06:30:00Z", "2026-11-01T07:30:00Z"])
    }

    /// RULE = "FREQ=HOURLY;BYYEARDAY=67;COUNT=4" from 2026-03-08 00:30 New York: dateutil yields the
    /// wall times 00:30, 01:30, 02:30 (read as 07:30Z) and 03:30 EDT (07:30Z again): four datetimes,
    /// three instants. Chime's fires are instants, each once (docs/rrule.md, Flavors).
    @Test func aRepeatedInstantIsOneFire() throws {
        #expect(try Self.fires("FREQ=HOURLY;BYYEARDAY=67;COUNT=4", start: "20260308T003000", zone: "America/New_York")
                == ["2026-03-08T05:30:00Z", "2026-03-08T06:30:00Z", "2026-03-08T07:30:00Z"])
    }

    /// The RFC flavor still refuses what §3.3.10 forbids; the dateutil flavor refuses RFC 7529's
    /// parts (dateutil: "unknown parameter 'RSCALE'"); an unknown flavor names the nearest.
    @Test func errors() throws {
        #expect(throws: RRuleError.self) { try RRuleParser.rule("FREQ=MONTHLY;BYWEEKNO=20") }
        _ = try RRuleParser.rule("FREQ=MONTHLY;BYWEEKNO=20", flavor: .dateutil)
        do { _ = try RRuleParser.rule("RSCALE=HEBREW;FREQ=YEARLY", flavor: .dateutil); Issue.record("accepted") } catch { #expect(error.part == "RSCALE") }
        do { _ = try RRuleFlavor(named: "dateutils", field: "flavor"); Issue.record("accepted") } catch {
            #expect(error.description == "flavor 'dateutils' is not one of rfc5545, dateutil; did you mean dateutil?")
        }
    }

    /// The flavor's default DTSTART mode is ifMatching; an explicit mode wins. Decoding reads
    /// `"flavor"`, and encoding writes it back (RFC 5545's is left out).
    @Test func dtstartModeAndCoding() throws {
        let text = "DTSTART:20260129T090000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR"
        #expect(try RRuleTrigger(text: text, flavor: .dateutil).dtstartMode == .ifMatching)
        #expect(try RRuleTrigger(text: text, flavor: .dateutil, dtstartMode: .always).dtstartMode == .always)
        #expect(try RRuleTrigger(text: text).dtstartMode == .always)
        let json = #"{"rrule": {"text": "DTSTART:20260129T090000\nRRULE:FREQ=WEEKLY;BYMONTHDAY=1", "flavor": "dateutil"}}"#
        let trigger = try JSONDecoder().decode(Trigger.self, from: Data(json.utf8))
        guard case .rrule(let rrule) = trigger else { Issue.record("not an rrule: \(trigger)"); return }
        #expect(rrule.flavor == .dateutil && rrule.dtstartMode == .ifMatching)
        let encoded = String(decoding: try JSONEncoder().encode(trigger), as: UTF8.self)
        #expect(encoded.contains(#""flavor":"dateutil""#))
        #expect(try JSONDecoder().decode(Trigger.self, from: Data(encoded.utf8)) == trigger)
    }
}
