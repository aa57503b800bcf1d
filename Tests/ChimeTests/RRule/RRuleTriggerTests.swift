import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// Hand-derived answers. America/New_York 2026 (tz data): spring forward on 2026-03-08 at 02:00
/// EST (07:00Z) to 03:00 EDT; fall back on 2026-11-01 at 02:00 EDT (06:00Z) to 01:00 EST.
@Suite struct RRuleTriggerTests {
    static let ny = try! Fixtures.tzifDatabase.rules(for: "America/New_York")
    static let utc = ZoneRules.fixed(identifier: "UTC", type: LocalTimeType(utcOffset: 0, isDST: false, abbreviation: "UTC"))

    static func utcTimes(_ text: String, after: String, count: Int, zone: ZoneRules = ny, mode: RRuleTrigger.DTStartMode = .always,
                         gap: GapPolicy? = nil, overlap: OverlapPolicy? = nil) throws -> [String] {
        let trigger = try RRuleTrigger(text: text, dtstartMode: mode, gapPolicy: gap, overlapPolicy: overlap)
        return try trigger.fires(after: try ISO8601Format.parseInstant(after), in: zone, count: count).map(\.instant.utcString)
    }

    /// §3.3.5: 02:30 on 2026-03-08 does not exist; read with the offset before the gap (EST, −5 h)
    /// it is 07:30Z (03:30 EDT). The next day's 02:30 EDT (−4 h) is 06:30Z — not libical's 07:30Z.
    @Test func gapTakesTheOffsetBeforeTheGap() throws {
        let text = "DTSTART;TZID=America/New_York:20260306T023000\nRRULE:FREQ=DAILY"
        #expect(try Self.utcTimes(text, after: "2026-03-01T00:00:00Z", count: 4)
                == ["2026-03-06T07:30:00Z", "2026-03-07T07:30:00Z", "2026-03-08T07:30:00Z", "2026-03-09T06:30:00Z"])
        // `--gap skip` (§3.3.10's "MUST be ignored" reading): no instance on March 8.
        #expect(try Self.utcTimes(text, after: "2026-03-07T12:00:00Z", count: 2, gap: .skip) == ["2026-03-09T06:30:00Z", "2026-03-10T06:30:00Z"])
    }

    /// §3.3.5: 01:30 on 2026-11-01 happens at 05:30Z (EDT) and 06:30Z (EST); the first is meant.
    @Test func overlapIsTheFirstOccurrence() throws {
        let text = "DTSTART;TZID=America/New_York:20261030T013000\nRRULE:FREQ=DAILY"
        #expect(try Self.utcTimes(text, after: "2026-10-31T12:00:00Z", count: 2) == ["2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"])
        #expect(try Self.utcTimes(text, after: "2026-10-31T12:00:00Z", count: 3, overlap: .both)
                == ["2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z", "2026-11-02T06:30:00Z"])
    }

    /// HOURLY at :00 across the gap: wall 02:00 is read as 07:00Z (= 03:00 EDT), the same instant as
    /// wall 03:00; the recurrence set holds it once. 01:00 EST = 06:00Z, 04:00 EDT = 08:00Z.
    @Test func hourlyAcrossTheGapHasNoRepeat() throws {
        let text = "DTSTART;TZID=America/New_York:20260308T000000\nRRULE:FREQ=HOURLY"
        #expect(try Self.utcTimes(text, after: "2026-03-08T05:30:00Z", count: 3) == ["2026-03-08T06:00:00Z", "2026-03-08T07:00:00Z", "2026-03-08T08:00:00Z"])
    }

    /// 2026-01-29 is a Thursday, 2026-01-30 the last Friday of January, 2026-02-27 of February.
    @Test func dtstartModes() throws {
        let text = "DTSTART:20260129T090000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=2"
        #expect(try Self.utcTimes(text, after: "2026-01-01T00:00:00Z", count: 5, zone: Self.utc) == ["2026-01-29T09:00:00Z", "2026-01-30T09:00:00Z"])
        #expect(try Self.utcTimes(text, after: "2026-01-01T00:00:00Z", count: 5, zone: Self.utc, mode: .ifMatching)
                == ["2026-01-30T09:00:00Z", "2026-02-27T09:00:00Z"])
    }

    /// COUNT far from DTSTART: 2026-01-01 + 3652 days (ten years with the leap days of 2028 and 2032)
    /// is 2036-01-01, the 3,653rd and last instance.
    @Test func countFarFromDTSTART() throws {
        let text = "DTSTART:20260101T090000\nRRULE:FREQ=DAILY;COUNT=3653"
        #expect(try Self.utcTimes(text, after: "2035-12-31T12:00:00Z", count: 3, zone: Self.utc) == ["2036-01-01T09:00:00Z"])
        // Months with a 31st from January 2026: Jan, Mar, May, Jul are the four instances.
        let sparse = "DTSTART:20260131T090000\nRRULE:FREQ=MONTHLY;BYMONTHDAY=31;COUNT=4"
        #expect(try Self.utcTimes(sparse, after: "2026-06-01T00:00:00Z", count: 3, zone: Self.utc) == ["2026-07-31T09:00:00Z"])
    }

    /// RDATE adds, EXDATE removes (by instant).
    @Test func rdateAndExdate() throws {
        let text = "DTSTART:20260105T090000\nRRULE:FREQ=WEEKLY;COUNT=3\nRDATE:20260107T120000\nEXDATE:20260112T090000"
        #expect(try Self.utcTimes(text, after: "2026-01-01T00:00:00Z", count: 10, zone: Self.utc)
                == ["2026-01-05T09:00:00Z", "2026-01-07T12:00:00Z", "2026-01-19T09:00:00Z"])
    }

    /// The first instance after a start fifty years on, `FREQ=MONTHLY;BYDAY=-1FR`: 2076-03-27 is a
    /// Friday (2076-03-31 is a Tuesday: 50 years = 18,262 days after 2026-03-31, a Tuesday; 18,262 ≡ 0 mod 7).
    @Test func farFromDTSTART() throws {
        let text = "DTSTART:20260130T090000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR"
        #expect(try Self.utcTimes(text, after: "2076-03-01T00:00:00Z", count: 1, zone: Self.utc) == ["2076-03-27T09:00:00Z"])
    }

    /// BYSETPOS picks positions in a period's set (§3.3.10); a position past the most a period can
    /// hold selects nothing, ever (found by the differential test, where Chime walked every period to
    /// the year 9999: a hang for MINUTELY and SECONDLY, 417,000 weeks for WEEKLY). DTSTART
    /// 2026-01-01 00:00 UTC, a Thursday, hand-derived:
    /// - a DAILY or finer period holds every time its finer BYHOUR × BYMINUTE × BYSECOND expand to, or
    ///   nothing: `FREQ=MINUTELY;BYSECOND=5` is one instance a minute (hh:mm:05); HOURLY takes DTSTART's
    ///   minute (00) and BYSECOND's 5, one a period; DAILY BYHOUR=5 one a day; SECONDLY one a period.
    ///   `FREQ=HOURLY;BYMINUTE=10,5;BYSETPOS=-1`: each hour's set is {:05, :10}, the last is :10;
    ///   `FREQ=MINUTELY;BYSECOND=5,6;BYSETPOS=2,-2`: {:05, :06}, position 2 is :06 and −2 is :05.
    /// - coarser periods vary in size but have a most: a week its named weekdays (the week of Monday
    ///   2025-12-29 holds MO 29, TH 1, SA 3: position 3 is Saturday 01-03, then every Saturday), a
    ///   month five of each named weekday or its named month days (January 2026's Fridays are 2 … 30;
    ///   only May, 1 … 29, and July, 3 … 31, have five until August), a year its month days in each
    ///   named month, times the finer times (MONTHLY with two hours: two a month).
    @Test(arguments: [
        ("FREQ=MINUTELY;BYSECOND=5;BYSETPOS=2", []), ("FREQ=HOURLY;BYSECOND=5;BYSETPOS=2,-2", []), ("FREQ=DAILY;BYHOUR=5;BYSETPOS=-2", []),
        ("FREQ=SECONDLY;BYHOUR=5;BYSETPOS=2", []), ("FREQ=MINUTELY;BYSECOND=5;BYSETPOS=2;COUNT=3", []),
        ("FREQ=HOURLY;BYMINUTE=10,5;BYSETPOS=-1", ["2026-01-01T00:10:00Z", "2026-01-01T01:10:00Z", "2026-01-01T02:10:00Z"]),
        ("FREQ=MINUTELY;BYSECOND=5,6;BYSETPOS=2,-2", ["2026-01-01T00:00:05Z", "2026-01-01T00:00:06Z", "2026-01-01T00:01:05Z"]),
        ("FREQ=WEEKLY;BYDAY=MO,TH,SA;BYSETPOS=4", []), ("FREQ=WEEKLY;BYDAY=MO,TH,SA;BYSETPOS=-4;COUNT=9", []),
        ("FREQ=MONTHLY;BYMONTHDAY=1,15;BYSETPOS=-3", []), ("FREQ=MONTHLY;BYDAY=FR;BYSETPOS=6", []),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=3", []), ("FREQ=MONTHLY;BYHOUR=1,2;BYSETPOS=3", []),
        ("FREQ=WEEKLY;BYDAY=MO,TH,SA;BYSETPOS=3", ["2026-01-03T00:00:00Z", "2026-01-10T00:00:00Z", "2026-01-17T00:00:00Z"]),
        ("FREQ=MONTHLY;BYDAY=FR;BYSETPOS=5", ["2026-01-30T00:00:00Z", "2026-05-29T00:00:00Z", "2026-07-31T00:00:00Z"]),
    ] as [(String, [String])])
    func setPositions(_ rule: String, _ expected: [String]) throws {
        #expect(try Self.utcTimes("DTSTART:20260101T000000\nRRULE:" + rule, after: "2025-12-31T00:00:00Z", count: 3, zone: Self.utc,
                                  mode: .ifMatching) == expected)
    }

    /// BYSETPOS over every second of a year, 31.6 million instances a period, picked by position
    /// without the period being written out (it held 255 MB). Hand-derived: the set is the year's
    /// days × 86,400 seconds in order, so position 100 is day 1 at 00:01:39 (99 s in) and −2 the
    /// last day's 23:59:58; −366 is the last day at 86,400 − 366 = 86,034 s, 23:53:54 (2028 has 366
    /// days: still December 31). With BYMONTHDAY=-1 (the last day of each month: 12 days), position
    /// 366 is January 31 at 365 s, 00:06:05. America/New_York: the positions are wall times, so
    /// 2026-12-31 23:59:58 EST is 2027-01-01T04:59:58Z. DTSTART (position 1) is not an instance.
    @Test func setPositionsOverEverySecondOfAYear() throws {
        let everySecond = "BYHOUR=" + (0...23).map(String.init).joined(separator: ",") + ";BYMINUTE=" + (0...59).map(String.init).joined(separator: ",")
            + ";BYSECOND=" + (0...59).map(String.init).joined(separator: ",")
        let allDays = "BYYEARDAY=" + (1...366).map(String.init).joined(separator: ",")
        func fires(_ rule: String, year: Int, count: Int, zone: ZoneRules = Self.utc) throws -> [String] {
            try Self.utcTimes("DTSTART:\(year)0101T000000\nRRULE:FREQ=YEARLY;" + rule, after: "\(year - 1)-12-31T00:00:00Z", count: count,
                              zone: zone, mode: .ifMatching)
        }
        #expect(try fires("\(allDays);\(everySecond);BYSETPOS=100,-2", year: 2026, count: 4)
                == ["2026-01-01T00:01:39Z", "2026-12-31T23:59:58Z", "2027-01-01T00:01:39Z", "2027-12-31T23:59:58Z"])
        #expect(try fires("\(allDays);\(everySecond);BYSETPOS=-366", year: 2028, count: 1) == ["2028-12-31T23:53:54Z"])
        #expect(try fires("BYMONTHDAY=-1;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12;\(everySecond);BYSETPOS=366", year: 2026, count: 2)
                == ["2026-01-31T00:06:05Z", "2027-01-31T00:06:05Z"])
        #expect(try fires("\(allDays);\(everySecond);BYSETPOS=-2", year: 2026, count: 1,
                          zone: try Fixtures.tzifDatabase.rules(for: "America/New_York")) == ["2027-01-01T04:59:58Z"])
    }

    /// UNTIL is inclusive (§3.3.10), in UTC too: Tokyo's 09:00 is 00:00Z, so UNTIL=20260103T000000Z
    /// keeps 2026-01-03T00:00Z. A rule whose UNTIL passes before any instance after DTSTART (year
    /// day −235 of 2011 is May 11, not a 9th, 24th or 14th-from-last) gives DTSTART alone — found by
    /// the differential test, where the walk looked for an instance to the year 9999.
    @Test func untilEndsTheWalk() throws {
        let tokyo = try Fixtures.tzifDatabase.rules(for: "Asia/Tokyo")
        #expect(try Self.utcTimes("DTSTART;TZID=Asia/Tokyo:20260101T090000\nRRULE:FREQ=DAILY;UNTIL=20260103T000000Z", after: "2025-12-31T00:00:00Z",
                                  count: 5, zone: tokyo) == ["2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z", "2026-01-03T00:00:00Z"])
        #expect(try Self.utcTimes("DTSTART:20260101T000000\nRRULE:FREQ=DAILY;UNTIL=20260103T000000", after: "2025-12-31T00:00:00Z",
                                  count: 5, zone: Self.utc) == ["2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z", "2026-01-03T00:00:00Z"])
        #expect(try Self.utcTimes("DTSTART:20110310T020000\nRRULE:FREQ=HOURLY;UNTIL=20110310T080000;BYYEARDAY=-235;BYMONTHDAY=24,-14,9;BYDAY=TU",
                                  after: "2011-03-10T00:00:00Z", count: 5, zone: Self.utc) == ["2011-03-10T02:00:00Z"])
    }

    /// Day parts no day satisfies end the walk after a 400-year cycle, whatever the INTERVAL. Hand-
    /// derived: year day 212 is July 31 (the month's −1st; July 30, −2nd, in a leap year), year day
    /// −274 April 2 (April's −29th), 321 November 17 or 16 (−14th or −15th) — never the −20th; year
    /// day 113 is April 23 or 22, never the 13th; April has no 31st. So DTSTART (counted, `always`) alone.
    @Test func dayPartsNoDaySatisfiesEndTheWalk() throws {
        for rule in ["FREQ=HOURLY;INTERVAL=19;BYMONTHDAY=-20;BYYEARDAY=-274,212,321", "FREQ=SECONDLY;INTERVAL=2;COUNT=7;BYYEARDAY=113;BYMONTHDAY=13",
                     "FREQ=DAILY;INTERVAL=3;BYMONTH=4;BYMONTHDAY=31", "FREQ=MINUTELY;INTERVAL=7;BYYEARDAY=212;BYMONTHDAY=-20"] {
            #expect(try Self.utcTimes("DTSTART:20190218T020000\nRRULE:" + rule, after: "2019-01-01T00:00:00Z", count: 3, zone: Self.utc)
                    == ["2019-02-18T02:00:00Z"], "\(rule)")
        }
    }

    /// The walk ends with the year 9999, the last of Chime's calendar (docs/semantics.md: "years
    /// 1–9999"; the fuzz checks hold every fire's wall time to them), in every calendar. 9999-12-31
    /// is a Friday (the weekday of 1999-12-31: 8,000 years are twenty 400-year cycles of 146,097
    /// days, whole weeks), so the week of Monday 9999-12-27 (WKST=MO) ends on Sunday 10000-01-02:
    /// `FREQ=WEEKLY;BYDAY=MO,SU` from 9999-12-27 09:00 has the one instance 9999-12-27, whatever
    /// COUNT asks. (Before the calendars shared one expansion the Gregorian walk also gave 10000-01-02.)
    @Test func walkEndsWithTheYear9999() throws {
        for rule in ["FREQ=WEEKLY;BYDAY=MO,SU", "FREQ=WEEKLY;BYDAY=MO,SU;COUNT=3", "RSCALE=HEBREW;FREQ=WEEKLY;BYDAY=MO,SU"] {
            #expect(try Self.utcTimes("DTSTART:99991227T090000\nRRULE:" + rule, after: "9999-12-20T00:00:00Z", count: 5, zone: Self.utc)
                    == ["9999-12-27T09:00:00Z"], "\(rule)")
        }
    }

    @Test(arguments: [
        ("FREQ=MONTHLY;BYWEEKNO=20", "BYWEEKNO"), ("FREQ=DAILY;COUNT=2;UNTIL=20260101T000000", "COUNT"), ("FREQ=DAILY;BYDAY=1MO", "BYDAY"),
        ("FREQ=MONTHLY;BYYEARDAY=5", "BYYEARDAY"), ("FREQ=WEEKLY;BYMONTHDAY=5", "BYMONTHDAY"), ("FREQ=DAILY;BYSETPOS=1", "BYSETPOS"),
        ("INTERVAL=2", "FREQ"), ("FREQ=DAILY;BYHOUR=24", "BYHOUR"), ("FREQ=DAILY;FOO=1", "FOO"), ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0", "BYSETPOS"),
        ("FREQ=DAILY;INTERVAL=0", "INTERVAL"), ("FREQ=YEARLY;BYWEEKNO=1;BYDAY=1MO", "BYDAY"), ("FREQ=DAILY;FREQ=DAILY", "FREQ"),
        ("FREQ=FORTNIGHTLY", "FREQ"), ("FREQ=DAILY;WKST=XX", "WKST"), ("FREQ=DAILY;UNTIL=2026", "UNTIL"), ("FREQ=DAILY;BYSECOND=60", "BYSECOND"),
    ])
    func invalidRulesNameThePart(_ rule: String, _ part: String) {
        #expect(throws: RRuleError.self) { try RRuleParser.rule(rule) }
        do { _ = try RRuleParser.rule(rule) } catch { #expect(error.part == part, "\(rule): \(error)") }
    }

    @Test func textNeedsDTSTART() {
        do { _ = try RRuleTrigger(text: "RRULE:FREQ=DAILY"); Issue.record("accepted") } catch { #expect(error.part == "DTSTART") }
    }

    /// The batch trigger object in the CLI's spelling (`rule`, `dtstart` as a local date-time,
    /// `dtstartMode`; issue 28) is the iCalendar text's: the same trigger, field for field. The
    /// older `{"text", "dtstart": mode}` spelling stays; a mode given twice must agree.
    @Test func cliSpellingIsTheTextsTrigger() throws {
        func decoded(_ json: String) throws -> Trigger { try JSONDecoder().decode(Trigger.self, from: Data(json.utf8)) }
        let text = try RRuleTrigger(text: "DTSTART:20260130T090000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR", dtstartMode: .ifMatching, gapPolicy: .skip)
        for json in [#"{"rrule": {"rule": "FREQ=MONTHLY;BYDAY=-1FR", "dtstart": "2026-01-30T09:00", "dtstartMode": "ifMatching", "gap": "skip"}}"#,
                     #"{"rrule": {"rule": "FREQ=MONTHLY;BYDAY=-1FR", "dtstart": "20260130T090000", "dtstartMode": "ifMatching", "gap": "skip"}}"#,
                     #"{"rrule": {"text": "DTSTART:20260130T090000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR", "dtstart": "ifMatching", "gap": "skip"}}"#,
                     #"{"rrule": {"text": "DTSTART:20260130T090000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR", "dtstartMode": "ifMatching", "gap": "skip"}}"#] {
            #expect(try decoded(json) == .rrule(text), "\(json)")
        }
        #expect(throws: DecodingError.self) { try decoded(#"{"rrule": {"rule": "FREQ=DAILY"}}"#) }
        #expect(throws: (any Error).self) { try decoded(#"{"rrule": {"rule": "FREQ=DAILY", "dtstart": "tomorrow"}}"#) }
        #expect(throws: DecodingError.self) {
            try decoded(#"{"rrule": {"text": "DTSTART:20260130T090000\nRRULE:FREQ=DAILY", "dtstart": "always", "dtstartMode": "ifMatching"}}"#)
        }
    }

    @Test func icalendarEvent() throws {
        let ics = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART;TZID=Europe/Berlin:20260105T090000\r\nRRULE:FREQ=DAILY;CO\r\n UNT=2\r\nEND:VEVENT\r\n"
            + "BEGIN:VEVENT\r\nUID:b\r\nDTSTART:20260105T100000Z\r\nRRULE:FREQ=WEEKLY\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let a = try RRuleParser.event(inCalendar: ics, uid: "a")
        #expect(a.uid == "a" && a.rule?.count == 2 && a.dtstart?.zone == .named("Europe/Berlin"))
        // Two events and no UID named: a choice to make, not the first one silently (issue 28).
        do { _ = try RRuleParser.event(inCalendar: ics); Issue.record("two events answered without a UID") } catch {
            #expect(error.part == "UID" && error.description.contains("a, b"), "\(error)")
        }
        // One event, or one series with a changed instance (the same UID twice): no UID needed.
        let series = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:s\r\nDTSTART:20260105T090000Z\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\n"
            + "BEGIN:VEVENT\r\nUID:s\r\nRECURRENCE-ID:20260106T090000Z\r\nDTSTART:20260106T110000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        #expect(try RRuleParser.event(inCalendar: series).rule?.frequency == .daily)
        let b = try RRuleParser.event(inCalendar: ics, uid: "b")
        #expect(b.dtstart?.zone == .utc && b.rule?.frequency == .weekly)
        #expect(throws: RRuleError.self) { try RRuleParser.event(inCalendar: ics, uid: "c") }
    }
}
