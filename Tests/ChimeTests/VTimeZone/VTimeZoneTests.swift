import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// VTIMEZONE reading and compiling (RFC 5545 §3.6.5), against hand-derived facts; the
/// differential test (ChimeOracleTests/VTimeZoneDifferentialTests) compares whole zones with
/// libical and python's icalendar.
@Suite struct VTimeZoneTests {
    static func calendar(_ zone: String, event tzid: String = "Custom") -> String {
        "BEGIN:VCALENDAR\nVERSION:2.0\n" + zone + "\nBEGIN:VEVENT\nUID:e\nDTSTART;TZID=\(tzid):20260105T090000\nRRULE:FREQ=WEEKLY;COUNT=3\nEND:VEVENT\nEND:VCALENDAR\n"
    }

    /// Outlook's "Customized Time Zone" (Central European rules, DTSTARTs in 1601).
    static let outlook = """
        BEGIN:VTIMEZONE
        TZID:Custom
        BEGIN:STANDARD
        DTSTART:16010101T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:16010101T020000
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
        END:DAYLIGHT
        END:VTIMEZONE
        """

    static func seconds(_ y: Int64, _ m: Int64, _ d: Int64, _ h: Int64 = 0) -> Int64 {
        CivilArithmetic.daysFromCivil(year: y, month: m, day: d) * 86_400 + h * 3600
    }

    static func rules(_ zone: String) throws -> ZoneRules {
        try #require(try VTimeZone.named("Custom", inCalendar: calendar(zone))).rules()
    }

    /// The last Sundays of March and October (python's calendar.monthcalendar: 2026 Mar 29 / Oct 25,
    /// 2100 Mar 28 / Oct 31, 2400 Mar 26 / Oct 29, 9999 Mar 28 / Oct 31): DST from 02:00 +01:00
    /// (01:00Z) to 03:00 +02:00 (01:00Z), in every year through 9999 (the annual rule).
    @Test func outlookRulesHoldEveryYear() throws {
        let zone = try Self.rules(Self.outlook)
        #expect(zone.source == .vtimezone && zone.identifier == "Custom")
        for (year, march, october) in [(Int64(2026), Int64(29), Int64(25)), (2100, 28, 31), (2400, 26, 29), (9999, 28, 31)] {
            let start = Self.seconds(year, 3, march, 1), end = Self.seconds(year, 10, october, 1)
            #expect(zone.utcOffset(atSeconds: start - 1) == 3600, "\(year)")
            #expect(zone.utcOffset(atSeconds: start) == 7200, "\(year)")
            #expect(zone.utcOffset(atSeconds: end - 1) == 7200, "\(year)")
            #expect(zone.utcOffset(atSeconds: end) == 3600, "\(year)")
        }
        // No TZNAME (Outlook writes none): the abbreviation is the offset; DAYLIGHT is DST.
        #expect(zone.type(at: Instant(seconds: Self.seconds(2026, 7, 1))) == LocalTimeType(utcOffset: 7200, isDST: true, abbreviation: "+02:00"))
    }

    /// RDATE onsets across the date line (Samoa's 2011 change, tz's Pacific/Apia): at 2011-12-29
    /// 24:00 -10:00 (2011-12-30T10:00:00Z) the clock goes to +14:00.
    @Test func rdateOnsetsCrossTheDateLine() throws {
        let zone = try Self.rules("""
            BEGIN:VTIMEZONE
            TZID:Custom
            BEGIN:DAYLIGHT
            DTSTART:20110924T030000
            TZOFFSETFROM:-1100
            TZOFFSETTO:-1000
            END:DAYLIGHT
            BEGIN:DAYLIGHT
            DTSTART:20111230T000000
            TZOFFSETFROM:-1000
            TZOFFSETTO:+1400
            END:DAYLIGHT
            BEGIN:STANDARD
            DTSTART:20120401T040000
            TZOFFSETFROM:+1400
            TZOFFSETTO:+1300
            RDATE:20130407T040000,20140406T040000
            END:STANDARD
            BEGIN:DAYLIGHT
            DTSTART:20120930T030000
            TZOFFSETFROM:+1300
            TZOFFSETTO:+1400
            RDATE;VALUE=PERIOD:20130929T030000/PT1H
            END:DAYLIGHT
            END:VTIMEZONE
            """)
        let jump = Self.seconds(2011, 12, 30, 10)
        #expect(zone.utcOffset(atSeconds: jump - 1) == -36000)
        #expect(zone.utcOffset(atSeconds: jump) == 50400)
        // 2013-04-07 04:00 +14:00 = 2013-04-06T14:00:00Z; 2013-09-29 03:00 +13:00 = 2013-09-28T14:00:00Z.
        #expect(zone.utcOffset(atSeconds: Self.seconds(2013, 4, 6, 14) - 1) == 50400)
        #expect(zone.utcOffset(atSeconds: Self.seconds(2013, 4, 6, 14)) == 46800)
        #expect(zone.utcOffset(atSeconds: Self.seconds(2013, 9, 28, 14)) == 50400)
        // Before the first onset: its TZOFFSETFROM (libical's reading; the RFC says nothing).
        #expect(zone.utcOffset(atSeconds: Self.seconds(2000, 1, 1)) == -39600)
        // After the last (2014-04-06 04:00 +14:00): +13:00 for good.
        #expect(zone.utcOffset(atSeconds: Self.seconds(2030, 1, 1)) == 46800)
    }

    /// A rule with UNTIL stops; the next observance takes over (RFC 5545 §3.6.5's fourth example:
    /// daylight time from the first Sunday of April only through 1998).
    @Test func untilEndsAnObservance() throws {
        let zone = try Self.rules("""
            BEGIN:VTIMEZONE
            TZID:Custom
            BEGIN:STANDARD
            DTSTART:19671029T020000
            RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
            TZOFFSETFROM:-0400
            TZOFFSETTO:-0500
            TZNAME:EST
            END:STANDARD
            BEGIN:DAYLIGHT
            DTSTART:19870405T020000
            RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=4;UNTIL=19980404T070000Z
            TZOFFSETFROM:-0500
            TZOFFSETTO:-0400
            TZNAME:EDT
            END:DAYLIGHT
            END:VTIMEZONE
            """)
        // 1997-04-06 (first Sunday) 02:00 EST = 07:00Z; 1998-04-05 is after UNTIL (1998-04-04T07:00Z).
        #expect(zone.utcOffset(atSeconds: Self.seconds(1997, 4, 6, 7)) == -14400)
        #expect(zone.type(at: Instant(seconds: Self.seconds(1997, 7, 1))).abbreviation == "EDT")
        #expect(zone.utcOffset(atSeconds: Self.seconds(1998, 7, 1)) == -18000)
        #expect(zone.utcOffset(atSeconds: Self.seconds(2026, 7, 1)) == -18000)
    }

    /// The Sunday on or after the 8th (BYDAY=SU with BYMONTHDAY=8…14) and a fixed BYMONTHDAY.
    @Test func monthDayRules() throws {
        let zone = try Self.rules("""
            BEGIN:VTIMEZONE
            TZID:Custom
            BEGIN:DAYLIGHT
            DTSTART:20070311T020000
            RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=SU;BYMONTHDAY=14,13,12,11,10,9,8
            TZOFFSETFROM:-0500
            TZOFFSETTO:-0400
            END:DAYLIGHT
            BEGIN:STANDARD
            DTSTART:20071101T020000
            RRULE:FREQ=YEARLY;BYMONTH=11;BYMONTHDAY=1
            TZOFFSETFROM:-0400
            TZOFFSETTO:-0500
            END:STANDARD
            END:VTIMEZONE
            """)
        // 2026: Sunday March 8 (02:00 -05:00 = 07:00Z); November 1 (02:00 -04:00 = 06:00Z).
        #expect(zone.utcOffset(atSeconds: Self.seconds(2026, 3, 8, 7) - 1) == -18000)
        #expect(zone.utcOffset(atSeconds: Self.seconds(2026, 3, 8, 7)) == -14400)
        #expect(zone.utcOffset(atSeconds: Self.seconds(2026, 11, 1, 6) - 1) == -14400)
        #expect(zone.utcOffset(atSeconds: Self.seconds(2026, 11, 1, 6)) == -18000)
    }

    /// A TZID with TEXT escapes (Outlook's display names) and one with RFC 5545 §3.2.19's "/".
    @Test func identifiers() throws {
        let text = Self.calendar(Self.outlook.replacingOccurrences(of: "TZID:Custom", with: "TZID:(UTC+01:00) Berlin\\, Rome"))
        #expect(try VTimeZone.named("(UTC+01:00) Berlin, Rome", inCalendar: text) != nil)
        let global = Self.calendar(Self.outlook.replacingOccurrences(of: "TZID:Custom", with: "TZID:/example.com/Custom"))
        #expect(try VTimeZone.named("example.com/Custom", inCalendar: global) != nil)
        #expect(try VTimeZone.named("Other", inCalendar: global) == nil)
    }

    /// Where two zones first differ: the stale 1987-2006 US rules against the tz database's New
    /// York in 2026 differ from the second Sunday of March (Mar 8, 02:00 EST = 07:00Z).
    @Test func firstDifference() throws {
        let stale = try Self.rules("""
            BEGIN:VTIMEZONE
            TZID:Custom
            BEGIN:DAYLIGHT
            DTSTART:19870405T020000
            RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU
            TZOFFSETFROM:-0500
            TZOFFSETTO:-0400
            END:DAYLIGHT
            BEGIN:STANDARD
            DTSTART:19671029T020000
            RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
            TZOFFSETFROM:-0400
            TZOFFSETTO:-0500
            END:STANDARD
            END:VTIMEZONE
            """)
        let newYork = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        let d = try #require(VTimeZone.firstDifference(stale, newYork, from: Self.seconds(2026, 1, 1), to: Self.seconds(2027, 1, 1)))
        #expect(d.seconds == Self.seconds(2026, 3, 8, 7) && d.a == -18000 && d.b == -14400)
        // 1990-2006 both follow the 1987 rules.
        #expect(VTimeZone.firstDifference(stale, newYork, from: Self.seconds(1990, 1, 1), to: Self.seconds(2007, 1, 1)) == nil)
    }

    /// Bad definitions: an `RRuleError` naming the property, and where it is.
    @Test(arguments: [
        ("BEGIN:STANDARD\nDTSTART:16010101T030000\nTZOFFSETFROM:+0200\nEND:STANDARD", "TZOFFSETTO is missing: the STANDARD observance #1 of VTIMEZONE 'Custom'"),
        ("BEGIN:STANDARD\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nEND:STANDARD", "DTSTART is missing"),
        ("BEGIN:DAYLIGHT\nDTSTART:16010101T030000\nTZOFFSETTO:+0100\nEND:DAYLIGHT", "TZOFFSETFROM is missing: the DAYLIGHT observance #1"),
        ("BEGIN:STANDARD\nDTSTART:16010101T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+01:00\nEND:STANDARD", "TZOFFSETTO: '+01:00'"),
        ("BEGIN:STANDARD\nDTSTART:16010101T030000\nTZOFFSETFROM:+2400\nTZOFFSETTO:+0100\nEND:STANDARD", "TZOFFSETFROM: '+2400'"),
        ("BEGIN:STANDARD\nDTSTART:16010101T030000\nTZOFFSETFROM:0200\nTZOFFSETTO:+0100\nEND:STANDARD", "TZOFFSETFROM: '0200'"),
        ("BEGIN:STANDARD\nDTSTART:16010101T030000Z\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nEND:STANDARD", "DTSTART: '16010101T030000Z' in the STANDARD observance #1 of VTIMEZONE 'Custom' is UTC"),
        ("BEGIN:STANDARD\nDTSTART:16010101T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nRRULE:FREQ=MONTHLY;BYDAY=-1SU\nEND:STANDARD", "RRULE: 'FREQ=MONTHLY;BYDAY=-1SU' in the STANDARD observance #1 of VTIMEZONE 'Custom' is not yearly"),
        ("BEGIN:STANDARD\nDTSTART:16010101T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nRRULE:FREQ=YEARLY;BYDAY=5SU;BYMONTH=10\nEND:STANDARD", "not the 1st…4th or last…4th last"),
        ("BEGIN:STANDARD\nDTSTART:16010101T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29\nEND:STANDARD", "day 29 of month 2, which not every year has"),
        ("BEGIN:STANDARD\nDTSTART:16010101T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nRRULE:FREQ=YEARLY;INTERVAL=2;BYDAY=-1SU;BYMONTH=10\nEND:STANDARD", "skips years (INTERVAL=2)"),
        ("BEGIN:STANDARD\nDTSTART:16010101T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nRRULE:FREQ=YEARLY;BYDAY=SU;BYMONTHDAY=8,9,10,11,12,13,15;BYMONTH=3\nEND:STANDARD", "seven consecutive days"),
        ("BEGIN:STANDARD\nDTSTART:16010101T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=11\nEND:STANDARD", "RRULE: given twice"),
        ("BEGIN:STANDARD\nDTSTART:16010101T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=13\nEND:STANDARD", "BYMONTH"),
        ("BEGIN:STANDARD\nDTSTART:16010101T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nRDATE:2026\nEND:STANDARD", "RDATE"),
        ("", "VTIMEZONE is missing: VTIMEZONE 'Custom' has no STANDARD or DAYLIGHT component"),
        ("BEGIN:STANDARD\nDTSTART:16010101T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nEND:DAYLIGHT", "END:DAYLIGHT inside the STANDARD observance #1"),
    ])
    func badDefinitions(observances: String, message: String) {
        let text = Self.calendar("BEGIN:VTIMEZONE\nTZID:Custom\n" + observances + "\nEND:VTIMEZONE")
        do throws(RRuleError) {
            guard let zone = try VTimeZone.named("Custom", inCalendar: text) else { Issue.record("no zone read"); return }
            _ = try zone.rules()
            Issue.record("accepted: \(observances)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
            #expect(error.code == "invalidRRule")
        }
    }

    @Test func badZones() {
        func refusal(_ text: String) -> String? {
            do throws(RRuleError) { for zone in try VTimeZone.all(inCalendar: text) { _ = try zone.rules() }; return nil } catch { return error.description }
        }
        let zone = "BEGIN:VTIMEZONE\nTZID:Custom\nBEGIN:STANDARD\nDTSTART:16010101T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nEND:STANDARD\nEND:VTIMEZONE\n"
        #expect(refusal(zone + zone)?.contains("two VTIMEZONE components have TZID 'Custom'") == true)
        #expect(refusal(zone.replacingOccurrences(of: "TZID:Custom\n", with: ""))?.contains("TZID is missing") == true)
        #expect(refusal(String(zone.dropLast("END:VTIMEZONE\n".count)))?.contains("has no END:VTIMEZONE") == true)
        // Three observances without end: a zone alternates between two.
        let three = (0..<3).map { "BEGIN:STANDARD\nDTSTART:20000101T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+010\($0)\nRRULE:FREQ=YEARLY;BYMONTH=\($0 + 1);BYDAY=1SU\nEND:STANDARD\n" }.joined()
        #expect(refusal("BEGIN:VTIMEZONE\nTZID:Custom\n" + three + "END:VTIMEZONE\n")?.contains("3 observances whose RRULE never ends") == true)
    }

    /// The caps: observances a zone, onsets listed.
    @Test func limits() {
        func refusal(_ text: String) -> String? {
            do throws(RRuleError) { for zone in try VTimeZone.all(inCalendar: text) { _ = try zone.rules() }; return nil } catch { return error.description }
        }
        let one = "BEGIN:STANDARD\nDTSTART:20000101T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nEND:STANDARD\n"
        let many = String(repeating: one, count: VTimeZone.observanceLimit + 1)
        #expect(refusal("BEGIN:VTIMEZONE\nTZID:Custom\n" + many + "END:VTIMEZONE\n")?.contains("more than \(VTimeZone.observanceLimit) STANDARD and DAYLIGHT") == true)
        // 11 yearly rules from year 1 to 9999: about 110,000 onsets.
        let long = (0..<11).map { "BEGIN:STANDARD\nDTSTART:00010101T030000\nTZOFFSETFROM:+0200\nTZOFFSETTO:+01\($0 < 10 ? "0" : "")\($0)\nRRULE:FREQ=YEARLY;BYMONTH=\($0 + 1);BYDAY=1SU;UNTIL=99990101T000000Z\nEND:STANDARD\n" }.joined()
        #expect(refusal("BEGIN:VTIMEZONE\nTZID:Custom\n" + long + "END:VTIMEZONE\n")?.contains("more than \(VTimeZone.onsetLimit) onsets") == true)
    }
}
