import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// rrule.js's own rule → expected-dates assertions (github.com/jkbrzt/rrule at commit
/// 9f2061febeeb363d03352efe33d30c33073a0242), most of them python-dateutil's `test_rrule.py` ported
/// to JavaScript. 218 are the `testRecurring(NAME, new RRule({…}), [datetime(…), …])` of
/// `test/rrule.test.ts`, cited by test name and the line its `testRecurring` starts on: the options
/// written as RRULE parts (`byweekday: [RRule.TU.nth(1)]` is `BYDAY=1TU`, `parse('19970902T090000')`
/// a floating DTSTART) and rrule.js's expected dates, the oracle, transcribed from the file. Left
/// out there: BYEASTER (no RRULE part), `testRecurring.skip`, and the sub-second DTSTARTs; its
/// `before`/`after`/`between` tests are `windows`. 18 more are text tests of `test/rrulestr.test.ts`,
/// `test/rruleset.test.ts` and `test/rrule.test.ts`'s `it` tests (their
/// comments below say how each was written). rrule.js's `datetime` is `Date.UTC`, so the wall
/// times are read in UTC and compared as instants. Each transcribed case was also run through
/// python-dateutil 2.9.0.post0's `rrulestr`, which gives the same dates for all 236 (a check of the
/// transcription, not the oracle).
///
/// rrule.js reads rules as python-dateutil does, so every case runs through the dateutil flavor
/// (DTSTART `ifMatching`, the flavor's default). The cases RFC 5545 §3.3.10 allows also run through
/// the rfc5545 flavor with DTSTART `ifMatching`, expecting the same dates; `forbidden` names the
/// §3.3.10 "MUST NOT" a case breaks, and the rfc5545 flavor must refuse it:
/// BYWEEKNO "MUST NOT be used when the FREQ rule part is set to anything other than YEARLY";
/// BYYEARDAY "MUST NOT be specified when the FREQ rule part is set to DAILY, WEEKLY, or MONTHLY";
/// BYMONTHDAY "MUST NOT be specified when the FREQ rule part is set to WEEKLY"; BYDAY "MUST NOT be
/// specified with a numeric value when the FREQ rule part is not set to MONTHLY or YEARLY"; "The
/// UNTIL or COUNT rule parts are OPTIONAL, but they MUST NOT occur in the same 'recur'".
@Suite struct RRuleJSHarvestTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The rrule.js test file, its test's name, and the line the test starts on.
        let file: String
        let name: String
        let line: Int
        /// DTSTART's value, `YYYYMMDDTHHMMSS` (floating, read in UTC) or with `Z`.
        let dtstart: String
        /// The iCalendar text Chime reads.
        let text: String
        /// rrule.js's expected dates, `YYYYMMDDTHHMMSS` (UTC).
        let expected: [String]
        /// The RFC 5545 rule a case breaks, or nil.
        let forbidden: String?
        /// A `testRecurring` of test/rrule.test.ts: DTSTART and the RRULE's value.
        init(_ name: String, line: Int, _ dtstart: String, _ rule: String, _ expected: [String], forbidden: String? = nil) {
            (file, self.name, self.line, self.dtstart, text) = ("test/rrule.test.ts", name, line, dtstart, "DTSTART:\(dtstart)\nRRULE:\(rule)")
            (self.expected, self.forbidden) = (expected, forbidden)
        }
        /// A test given as text (or set up as text here: the lines say how), RFC-valid.
        init(_ file: String, _ name: String, line: Int, dtstart: String, text: String, _ expected: [String]) {
            (self.file, self.name, self.line, self.dtstart, self.text, self.expected, forbidden) = (file, name, line, dtstart, text, expected, nil)
        }
        var testDescription: String { "\(name) (\(file):\(line)) \(text.replacingOccurrences(of: "\n", with: " | "))" }
    }

    static let utc = try! Fixtures.tzifDatabase.rules(for: "Etc/UTC")

    /// The rule's fires from one second before DTSTART, as `YYYYMMDDTHHMMSS` in UTC; asks for one
    /// more than expected so that an extra fire fails too (every case is bounded by COUNT or UNTIL).
    static func fires(_ c: Case, flavor: RRuleFlavor) throws -> [String] {
        let trigger = try RRuleTrigger(text: c.text, flavor: flavor, dtstartMode: .ifMatching)
        let start = try ISO8601Format.parseInstant(iso(c.dtstart)).adding(seconds: -1)
        return try trigger.fires(after: start, in: utc, count: c.expected.count + 1).map { basic($0.instant.utcString) }
    }

    /// `19970902T090000` (or with `Z`) → `1997-09-02T09:00:00Z`.
    static func iso(_ s: String) -> String {
        let c = Array(s)
        func f(_ r: Range<Int>) -> String { String(c[r]) }
        return "\(f(0..<4))-\(f(4..<6))-\(f(6..<8))T\(f(9..<11)):\(f(11..<13)):\(f(13..<15))Z"
    }

    /// `1997-09-02T09:00:00Z` → `19970902T090000`.
    static func basic(_ utc: String) -> String { utc.filter { $0 != "-" && $0 != ":" && $0 != "Z" } }

    @Test(arguments: cases) func dateutilFlavor(_ c: Case) throws {
        #expect(try Self.fires(c, flavor: .dateutil) == c.expected)
    }

    @Test(arguments: cases.filter { $0.forbidden == nil }) func rfc5545Flavor(_ c: Case) throws {
        #expect(try Self.fires(c, flavor: .rfc5545) == c.expected)
    }

    @Test(arguments: cases.filter { $0.forbidden != nil }) func rfc5545Refuses(_ c: Case) {
        #expect(throws: RRuleError.self) { try RRuleTrigger(text: c.text, flavor: .rfc5545) }
    }

    /// test/rrule.test.ts's `before`, `after` and `between` tests (dateutil's testBefore … testBetweenInc):
    /// rrule.js's `after(t)` is the first instance after `t`, `before(t)` the last before it,
    /// `between(a, b)` those strictly between; `inc` includes `t`, `a` and `b`. Chime's `fires(after:)`
    /// is exclusive, so an inclusive bound starts a second earlier. Left out: "testBetweenWithTZ"
    /// (its expected dates depend on the machine's local zone through rrule.js's `expectedDate`).
    struct Window: Sendable, CustomTestStringConvertible {
        enum Method: Sendable { case before(String), after(String), between(String, String) }
        let name: String
        let line: Int
        let dtstart: String
        let rule: String
        let method: Method
        let inclusive: Bool
        let expected: [String]
        var testDescription: String { "\(name) (test/rrule.test.ts:\(line)) \(rule)" }
    }

    static let windows: [Window] = [
        Window(name: "testBefore", line: 80, dtstart: "19970902T090000", rule: "FREQ=DAILY", method: .before("19970905T090000"),
               inclusive: false, expected: ["19970904T090000"]),
        Window(name: "testBeforeInc", line: 93, dtstart: "19970902T090000", rule: "FREQ=DAILY", method: .before("19970905T090000"),
               inclusive: true, expected: ["19970905T090000"]),
        Window(name: "testAfter", line: 106, dtstart: "19970902T090000", rule: "FREQ=DAILY", method: .after("19970904T090000"),
               inclusive: false, expected: ["19970905T090000"]),
        Window(name: "testAfterInc", line: 119, dtstart: "19970902T090000", rule: "FREQ=DAILY", method: .after("19970904T090000"),
               inclusive: true, expected: ["19970904T090000"]),
        Window(name: "testBetween", line: 132, dtstart: "19970902T090000", rule: "FREQ=DAILY", method: .between("19970902T090000", "19970906T090000"),
               inclusive: false, expected: ["19970903T090000", "19970904T090000", "19970905T090000"]),
        Window(name: "testBetweenInc", line: 149, dtstart: "19970902T090000", rule: "FREQ=DAILY", method: .between("19970902T090000", "19970906T090000"),
               inclusive: true, expected: ["19970902T090000", "19970903T090000", "19970904T090000", "19970905T090000", "19970906T090000"]),
        Window(name: "testYearlyBetweenInc", line: 721, dtstart: "20150101T000000", rule: "FREQ=YEARLY",
               method: .between("20160101T000000", "20160101T000000"), inclusive: true, expected: ["20160101T000000"]),
        Window(name: "testYearlyBetweenIncLargeSpan", line: 734, dtstart: "19200101T000000", rule: "FREQ=YEARLY",
               method: .between("20160101T000000", "20160101T000000"), inclusive: true, expected: ["20160101T000000"]),
    ]

    @Test(arguments: windows, [RRuleFlavor.dateutil, .rfc5545]) func window(_ w: Window, flavor: RRuleFlavor) throws {
        let trigger = try RRuleTrigger(text: "DTSTART:\(w.dtstart)\nRRULE:\(w.rule)", flavor: flavor, dtstartMode: .ifMatching)
        func from(_ t: String) throws -> Instant { try ISO8601Format.parseInstant(Self.iso(t)).adding(seconds: w.inclusive ? -1 : 0) }
        func fires(after t: Instant, count: Int) throws -> [String] { try trigger.fires(after: t, in: Self.utc, count: count).map { Self.basic($0.instant.utcString) } }
        let got: [String]
        switch w.method {
        case .after(let t):
            got = try fires(after: from(t), count: 1)
        case .between(let a, let b):
            got = try fires(after: from(a), count: 400).filter { w.inclusive ? $0 <= b : $0 < b }
        case .before(let t):
            let all = try fires(after: ISO8601Format.parseInstant(Self.iso(w.dtstart)).adding(seconds: -1), count: 400)
            got = Array(all.filter { w.inclusive ? $0 <= t : $0 < t }.suffix(1))
        }
        #expect(got == w.expected)
    }

    /// rrule.js tests whose text Chime does not read as rrule.js does, in either flavor (tracked: a
    /// change makes this fail, and the case then moves to `cases`). "testStrKeywords"
    /// (test/rrulestr.test.ts:236) spells BYDAY `byweekday=TH`, an alias python-dateutil's `rrulestr`
    /// also takes (`_handle_BYWEEKDAY`) but §3.3.10 does not have: Chime refuses it, even in the
    /// dateutil flavor. "testStrSpaces" (:78) and "testStrSpacesAndLines" (:88) put spaces before
    /// the properties; rrule.js (and dateutil, which splits the text on whitespace) read them, but in
    /// iCalendar a line beginning with a space continues the line before (RFC 5545 §3.1), so Chime
    /// joins them into one DTSTART value and refuses it.
    static let notRead: [(name: String, text: String)] = [
        ("testStrKeywords", "DTSTART:19970902T030000Z\nRRULE:FREQ=YEARLY;COUNT=3;INTERVAL=3;BYMONTH=3;byweekday=TH;BYMONTHDAY=3;BYHOUR=3;BYMINUTE=3;BYSECOND=3\n"),
        ("testStrSpaces", " DTSTART:19970902T090000Z  RRULE:FREQ=YEARLY;COUNT=3 "),
        ("testStrSpacesAndLines", " DTSTART:19970902T090000Z \n \n RRULE:FREQ=YEARLY;COUNT=3 \n"),
    ]

    @Test func notReadAsRRuleJSReadsThem() {
        for (name, text) in Self.notRead {
            for flavor in [RRuleFlavor.dateutil, .rfc5545] {
                #expect(throws: RRuleError.self, "\(name), \(flavor)") { try RRuleTrigger(text: text, flavor: flavor) }
            }
        }
    }

    /// The harvest's size, so a lost entry is noticed (docs/rrule.md quotes these counts).
    @Test func counts() {
        #expect(Self.cases.count == 236)
        #expect(Self.cases.filter { $0.forbidden == nil }.count == 175)
    }

    static let cases: [Case] = [
        Case("missing Feb 28 https://github.com/jakubroztocil/rrule/issues/21", line: 65, "20130101T000000", "FREQ=MONTHLY;COUNT=3;BYMONTHDAY=28", ["20130128T000000", "20130228T000000", "20130328T000000"]),
        Case("testYearly", line: 189, "19970902T090000", "FREQ=YEARLY;COUNT=3", ["19970902T090000", "19980902T090000", "19990902T090000"]),
        Case("testYearlyInterval", line: 203, "19970902T090000", "FREQ=YEARLY;COUNT=3;INTERVAL=2", ["19970902T090000", "19990902T090000", "20010902T090000"]),
        Case("testYearlyIntervalLarge", line: 218, "19970902T090000", "FREQ=YEARLY;COUNT=3;INTERVAL=100", ["19970902T090000", "20970902T090000", "21970902T090000"]),
        Case("testYearlyByMonth", line: 233, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYMONTH=1,3", ["19980102T090000", "19980302T090000", "19990102T090000"]),
        Case("testYearlyByMonthDay", line: 248, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYMONTHDAY=1,3", ["19970903T090000", "19971001T090000", "19971003T090000"]),
        Case("testYearlyByMonthAndMonthDay", line: 263, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYMONTH=1,3;BYMONTHDAY=5,7", ["19980105T090000", "19980107T090000", "19980305T090000"]),
        Case("testYearlyByWeekDay", line: 279, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYDAY=TU,TH", ["19970902T090000", "19970904T090000", "19970909T090000"]),
        Case("testYearlyByNWeekDay", line: 294, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYDAY=1TU,-1TH", ["19971225T090000", "19980106T090000", "19981231T090000"]),
        Case("testYearlyByNWeekDayLarge", line: 309, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYDAY=13TU,-13TH", ["19971002T090000", "19980331T090000", "19981008T090000"]),
        Case("testYearlyByMonthAndWeekDay", line: 324, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYMONTH=1,3;BYDAY=TU,TH", ["19980101T090000", "19980106T090000", "19980108T090000"]),
        Case("testYearlyByMonthAndNWeekDay", line: 340, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYMONTH=1,3;BYDAY=1TU,-1TH", ["19980106T090000", "19980129T090000", "19980303T090000"]),
        Case("testYearlyByMonthAndNWeekDayLarge", line: 356, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYMONTH=1,3;BYDAY=3TU,-3TH", ["19980115T090000", "19980120T090000", "19980312T090000"]),
        Case("testYearlyByMonthDayAndWeekDay", line: 372, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYMONTHDAY=1,3;BYDAY=TU,TH", ["19980101T090000", "19980203T090000", "19980303T090000"]),
        Case("testYearlyByMonthAndMonthDayAndWeekDay", line: 388, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYMONTH=1,3;BYMONTHDAY=1,3;BYDAY=TU,TH", ["19980101T090000", "19980303T090000", "20010301T090000"]),
        Case("testYearlyByYearDay", line: 405, "19970902T090000", "FREQ=YEARLY;COUNT=4;BYYEARDAY=1,100,200,365", ["19971231T090000", "19980101T090000", "19980410T090000", "19980719T090000"]),
        Case("testYearlyByYearDayNeg", line: 421, "19970902T090000", "FREQ=YEARLY;COUNT=4;BYYEARDAY=-365,-266,-166,-1", ["19971231T090000", "19980101T090000", "19980410T090000", "19980719T090000"]),
        Case("testYearlyByMonthAndYearDay", line: 437, "19970902T090000", "FREQ=YEARLY;COUNT=4;BYMONTH=4,7;BYYEARDAY=1,100,200,365", ["19980410T090000", "19980719T090000", "19990410T090000", "19990719T090000"]),
        Case("testYearlyByMonthAndYearDayNeg", line: 454, "19970902T090000", "FREQ=YEARLY;COUNT=4;BYMONTH=4,7;BYYEARDAY=-365,-266,-166,-1", ["19980410T090000", "19980719T090000", "19990410T090000", "19990719T090000"]),
        Case("testYearlyByWeekNo", line: 471, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYWEEKNO=20", ["19980511T090000", "19980512T090000", "19980513T090000"]),
        Case("testYearlyByWeekNoAndWeekDay", line: 486, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYWEEKNO=1;BYDAY=MO", ["19971229T090000", "19990104T090000", "20000103T090000"]),
        Case("testYearlyByWeekNoAndWeekDayLarge", line: 504, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYWEEKNO=52;BYDAY=SU", ["19971228T090000", "19981227T090000", "20000102T090000"]),
        Case("testYearlyByWeekNoAndWeekDayLast", line: 522, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYWEEKNO=-1;BYDAY=SU", ["19971228T090000", "19990103T090000", "20000102T090000"]),
        Case("testYearlyByWeekNoAndWeekDay53", line: 578, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYWEEKNO=53;BYDAY=MO", ["19981228T090000", "20041227T090000", "20091228T090000"]),
        Case("testYearlyByHour", line: 594, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYHOUR=6,18", ["19970902T180000", "19980902T060000", "19980902T180000"]),
        Case("testYearlyByMinute", line: 609, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYMINUTE=6,18", ["19970902T090600", "19970902T091800", "19980902T090600"]),
        Case("testYearlyBySecond", line: 624, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYSECOND=6,18", ["19970902T090006", "19970902T090018", "19980902T090006"]),
        Case("testYearlyByHourAndMinute", line: 639, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYHOUR=6,18;BYMINUTE=6,18", ["19970902T180600", "19970902T181800", "19980902T060600"]),
        Case("testYearlyByHourAndSecond", line: 655, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYHOUR=6,18;BYSECOND=6,18", ["19970902T180006", "19970902T180018", "19980902T060006"]),
        Case("testYearlyByMinuteAndSecond", line: 671, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYMINUTE=6,18;BYSECOND=6,18", ["19970902T090606", "19970902T090618", "19970902T091806"]),
        Case("testYearlyByHourAndMinuteAndSecond", line: 687, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYHOUR=6,18;BYMINUTE=6,18;BYSECOND=6,18", ["19970902T180606", "19970902T180618", "19970902T181806"]),
        Case("testYearlyBySetPos", line: 704, "19970902T090000", "FREQ=YEARLY;COUNT=3;BYMONTHDAY=15;BYHOUR=6,18;BYSETPOS=3,-3", ["19971115T180000", "19980215T060000", "19981115T180000"]),
        Case("testMonthly", line: 747, "19970902T090000", "FREQ=MONTHLY;COUNT=3", ["19970902T090000", "19971002T090000", "19971102T090000"]),
        Case("testMonthlyInterval", line: 761, "19970902T090000", "FREQ=MONTHLY;COUNT=3;INTERVAL=2", ["19970902T090000", "19971102T090000", "19980102T090000"]),
        Case("testMonthlyIntervalLarge", line: 776, "19970902T090000", "FREQ=MONTHLY;COUNT=3;INTERVAL=18", ["19970902T090000", "19990302T090000", "20000902T090000"]),
        Case("testMonthlyByMonth", line: 791, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYMONTH=1,3", ["19980102T090000", "19980302T090000", "19990102T090000"]),
        Case("testMonthlyByMonthDay", line: 806, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYMONTHDAY=1,3", ["19970903T090000", "19971001T090000", "19971003T090000"]),
        Case("testMonthlyByMonthAndMonthDay", line: 821, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYMONTH=1,3;BYMONTHDAY=5,7", ["19980105T090000", "19980107T090000", "19980305T090000"]),
        Case("testMonthlyByWeekDay", line: 837, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYDAY=TU,TH", ["19970902T090000", "19970904T090000", "19970909T090000"]),
        Case("testMonthlyByNWeekDay", line: 852, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYDAY=1TU,-1TH", ["19970902T090000", "19970925T090000", "19971007T090000"]),
        Case("testMonthlyByNWeekDayLarge", line: 867, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYDAY=3TU,-3TH", ["19970911T090000", "19970916T090000", "19971016T090000"]),
        Case("testMonthlyByMonthAndWeekDay", line: 882, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYMONTH=1,3;BYDAY=TU,TH", ["19980101T090000", "19980106T090000", "19980108T090000"]),
        Case("testMonthlyByMonthAndNWeekDay", line: 898, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYMONTH=1,3;BYDAY=1TU,-1TH", ["19980106T090000", "19980129T090000", "19980303T090000"]),
        Case("testMonthlyByMonthAndNWeekDayLarge", line: 914, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYMONTH=1,3;BYDAY=3TU,-3TH", ["19980115T090000", "19980120T090000", "19980312T090000"]),
        Case("testMonthlyByMonthDayAndWeekDay", line: 930, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYMONTHDAY=1,3;BYDAY=TU,TH", ["19980101T090000", "19980203T090000", "19980303T090000"]),
        Case("testMonthlyByMonthAndMonthDayAndWeekDay", line: 946, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYMONTH=1,3;BYMONTHDAY=1,3;BYDAY=TU,TH", ["19980101T090000", "19980303T090000", "20010301T090000"]),
        Case("testMonthlyByYearDay", line: 963, "19970902T090000", "FREQ=MONTHLY;COUNT=4;BYYEARDAY=1,100,200,365", ["19971231T090000", "19980101T090000", "19980410T090000", "19980719T090000"], forbidden: "BYYEARDAY with FREQ=MONTHLY"),
        Case("testMonthlyByYearDayNeg", line: 979, "19970902T090000", "FREQ=MONTHLY;COUNT=4;BYYEARDAY=-365,-266,-166,-1", ["19971231T090000", "19980101T090000", "19980410T090000", "19980719T090000"], forbidden: "BYYEARDAY with FREQ=MONTHLY"),
        Case("testMonthlyByMonthAndYearDay", line: 995, "19970902T090000", "FREQ=MONTHLY;COUNT=4;BYMONTH=4,7;BYYEARDAY=1,100,200,365", ["19980410T090000", "19980719T090000", "19990410T090000", "19990719T090000"], forbidden: "BYYEARDAY with FREQ=MONTHLY"),
        Case("testMonthlyByMonthAndYearDayNeg", line: 1012, "19970902T090000", "FREQ=MONTHLY;COUNT=4;BYMONTH=4,7;BYYEARDAY=-365,-266,-166,-1", ["19980410T090000", "19980719T090000", "19990410T090000", "19990719T090000"], forbidden: "BYYEARDAY with FREQ=MONTHLY"),
        Case("testMonthlyByWeekNo", line: 1029, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYWEEKNO=20", ["19980511T090000", "19980512T090000", "19980513T090000"], forbidden: "BYWEEKNO with FREQ=MONTHLY"),
        Case("testMonthlyByWeekNoAndWeekDay", line: 1044, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYWEEKNO=1;BYDAY=MO", ["19971229T090000", "19990104T090000", "20000103T090000"], forbidden: "BYWEEKNO with FREQ=MONTHLY"),
        Case("testMonthlyByWeekNoAndWeekDayLarge", line: 1062, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYWEEKNO=52;BYDAY=SU", ["19971228T090000", "19981227T090000", "20000102T090000"], forbidden: "BYWEEKNO with FREQ=MONTHLY"),
        Case("testMonthlyByWeekNoAndWeekDayLast", line: 1080, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYWEEKNO=-1;BYDAY=SU", ["19971228T090000", "19990103T090000", "20000102T090000"], forbidden: "BYWEEKNO with FREQ=MONTHLY"),
        Case("testMonthlyByWeekNoAndWeekDay53", line: 1096, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYWEEKNO=53;BYDAY=MO", ["19981228T090000", "20041227T090000", "20091228T090000"], forbidden: "BYWEEKNO with FREQ=MONTHLY"),
        Case("testMonthlyByHour", line: 1157, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYHOUR=6,18", ["19970902T180000", "19971002T060000", "19971002T180000"]),
        Case("testMonthlyByMinute", line: 1172, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYMINUTE=6,18", ["19970902T090600", "19970902T091800", "19971002T090600"]),
        Case("testMonthlyBySecond", line: 1187, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYSECOND=6,18", ["19970902T090006", "19970902T090018", "19971002T090006"]),
        Case("testMonthlyByHourAndMinute", line: 1202, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYHOUR=6,18;BYMINUTE=6,18", ["19970902T180600", "19970902T181800", "19971002T060600"]),
        Case("testMonthlyByHourAndSecond", line: 1218, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYHOUR=6,18;BYSECOND=6,18", ["19970902T180006", "19970902T180018", "19971002T060006"]),
        Case("testMonthlyByMinuteAndSecond", line: 1234, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYMINUTE=6,18;BYSECOND=6,18", ["19970902T090606", "19970902T090618", "19970902T091806"]),
        Case("testMonthlyByHourAndMinuteAndSecond", line: 1250, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYHOUR=6,18;BYMINUTE=6,18;BYSECOND=6,18", ["19970902T180606", "19970902T180618", "19970902T181806"]),
        Case("testMonthlyBySetPos", line: 1267, "19970902T090000", "FREQ=MONTHLY;COUNT=3;BYMONTHDAY=13,17;BYHOUR=6,18;BYSETPOS=3,-3", ["19970913T180000", "19970917T060000", "19971013T180000"]),
        Case("testMonthlyNegByMonthDayJanFebForNonLeapYear", line: 1284, "20131201T090000", "FREQ=MONTHLY;COUNT=4;BYMONTHDAY=-1", ["20131231T090000", "20140131T090000", "20140228T090000", "20140331T090000"]),
        Case("testMonthlyNegByMonthDayJanFebForLeapYear", line: 1300, "20151201T090000", "FREQ=MONTHLY;COUNT=4;BYMONTHDAY=-1", ["20151231T090000", "20160131T090000", "20160229T090000", "20160331T090000"]),
        Case("testWeekly", line: 1316, "19970902T090000", "FREQ=WEEKLY;COUNT=3", ["19970902T090000", "19970909T090000", "19970916T090000"]),
        Case("testWeeklyInterval", line: 1330, "19970902T090000", "FREQ=WEEKLY;COUNT=3;INTERVAL=2", ["19970902T090000", "19970916T090000", "19970930T090000"]),
        Case("testWeeklyIntervalLarge", line: 1345, "19970902T090000", "FREQ=WEEKLY;COUNT=3;INTERVAL=20", ["19970902T090000", "19980120T090000", "19980609T090000"]),
        Case("testWeeklyByMonth", line: 1360, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYMONTH=1,3", ["19980106T090000", "19980113T090000", "19980120T090000"]),
        Case("testWeeklyByMonthDay", line: 1375, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYMONTHDAY=1,3", ["19970903T090000", "19971001T090000", "19971003T090000"], forbidden: "BYMONTHDAY with FREQ=WEEKLY"),
        Case("testWeeklyByMonthAndMonthDay", line: 1390, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYMONTH=1,3;BYMONTHDAY=5,7", ["19980105T090000", "19980107T090000", "19980305T090000"], forbidden: "BYMONTHDAY with FREQ=WEEKLY"),
        Case("testWeeklyByWeekDay", line: 1406, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYDAY=TU,TH", ["19970902T090000", "19970904T090000", "19970909T090000"]),
        Case("testWeeklyByNWeekDay", line: 1421, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYDAY=1TU,-1TH", ["19970902T090000", "19970904T090000", "19970909T090000"], forbidden: "numbered BYDAY with FREQ=WEEKLY"),
        Case("testWeeklyByMonthAndWeekDay", line: 1436, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYMONTH=1,3;BYDAY=TU,TH", ["19980101T090000", "19980106T090000", "19980108T090000"]),
        Case("testWeeklyByMonthAndNWeekDay", line: 1455, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYMONTH=1,3;BYDAY=1TU,-1TH", ["19980101T090000", "19980106T090000", "19980108T090000"], forbidden: "numbered BYDAY with FREQ=WEEKLY"),
        Case("testWeeklyByMonthDayAndWeekDay", line: 1471, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYMONTHDAY=1,3;BYDAY=TU,TH", ["19980101T090000", "19980203T090000", "19980303T090000"], forbidden: "BYMONTHDAY with FREQ=WEEKLY"),
        Case("testWeeklyByMonthAndMonthDayAndWeekDay", line: 1487, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYMONTH=1,3;BYMONTHDAY=1,3;BYDAY=TU,TH", ["19980101T090000", "19980303T090000", "20010301T090000"], forbidden: "BYMONTHDAY with FREQ=WEEKLY"),
        Case("testWeeklyByYearDay", line: 1504, "19970902T090000", "FREQ=WEEKLY;COUNT=4;BYYEARDAY=1,100,200,365", ["19971231T090000", "19980101T090000", "19980410T090000", "19980719T090000"], forbidden: "BYYEARDAY with FREQ=WEEKLY"),
        Case("testWeeklyByYearDayNeg", line: 1520, "19970902T090000", "FREQ=WEEKLY;COUNT=4;BYYEARDAY=-365,-266,-166,-1", ["19971231T090000", "19980101T090000", "19980410T090000", "19980719T090000"], forbidden: "BYYEARDAY with FREQ=WEEKLY"),
        Case("testWeeklyByMonthAndYearDay", line: 1536, "19970902T090000", "FREQ=WEEKLY;COUNT=4;BYMONTH=1,7;BYYEARDAY=1,100,200,365", ["19980101T090000", "19980719T090000", "19990101T090000", "19990719T090000"], forbidden: "BYYEARDAY with FREQ=WEEKLY"),
        Case("testWeeklyByMonthAndYearDayNeg", line: 1553, "19970902T090000", "FREQ=WEEKLY;COUNT=4;BYMONTH=1,7;BYYEARDAY=-365,-266,-166,-1", ["19980101T090000", "19980719T090000", "19990101T090000", "19990719T090000"], forbidden: "BYYEARDAY with FREQ=WEEKLY"),
        Case("testWeeklyByWeekNo", line: 1570, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYWEEKNO=20", ["19980511T090000", "19980512T090000", "19980513T090000"], forbidden: "BYWEEKNO with FREQ=WEEKLY"),
        Case("testWeeklyByWeekNoAndWeekDay", line: 1585, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYWEEKNO=1;BYDAY=MO", ["19971229T090000", "19990104T090000", "20000103T090000"], forbidden: "BYWEEKNO with FREQ=WEEKLY"),
        Case("testWeeklyByWeekNoAndWeekDayLarge", line: 1603, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYWEEKNO=52;BYDAY=SU", ["19971228T090000", "19981227T090000", "20000102T090000"], forbidden: "BYWEEKNO with FREQ=WEEKLY"),
        Case("testWeeklyByWeekNoAndWeekDayLast", line: 1621, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYWEEKNO=-1;BYDAY=SU", ["19971228T090000", "19990103T090000", "20000102T090000"], forbidden: "BYWEEKNO with FREQ=WEEKLY"),
        Case("testWeeklyByWeekNoAndWeekDay53", line: 1637, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYWEEKNO=53;BYDAY=MO", ["19981228T090000", "20041227T090000", "20091228T090000"], forbidden: "BYWEEKNO with FREQ=WEEKLY"),
        Case("testWeeklyByHour", line: 1698, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYHOUR=6,18", ["19970902T180000", "19970909T060000", "19970909T180000"]),
        Case("testWeeklyByMinute", line: 1713, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYMINUTE=6,18", ["19970902T090600", "19970902T091800", "19970909T090600"]),
        Case("testWeeklyBySecond", line: 1728, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYSECOND=6,18", ["19970902T090006", "19970902T090018", "19970909T090006"]),
        Case("testWeeklyByHourAndMinute", line: 1743, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYHOUR=6,18;BYMINUTE=6,18", ["19970902T180600", "19970902T181800", "19970909T060600"]),
        Case("testWeeklyByHourAndSecond", line: 1759, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYHOUR=6,18;BYSECOND=6,18", ["19970902T180006", "19970902T180018", "19970909T060006"]),
        Case("testWeeklyByMinuteAndSecond", line: 1775, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYMINUTE=6,18;BYSECOND=6,18", ["19970902T090606", "19970902T090618", "19970902T091806"]),
        Case("testWeeklyByHourAndMinuteAndSecond", line: 1791, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYHOUR=6,18;BYMINUTE=6,18;BYSECOND=6,18", ["19970902T180606", "19970902T180618", "19970902T181806"]),
        Case("testWeeklyBySetPos", line: 1808, "19970902T090000", "FREQ=WEEKLY;COUNT=3;BYDAY=TU,TH;BYHOUR=6,18;BYSETPOS=3,-3", ["19970902T180000", "19970904T060000", "19970909T180000"]),
        Case("testDaily", line: 1825, "19970902T090000", "FREQ=DAILY;COUNT=3", ["19970902T090000", "19970903T090000", "19970904T090000"]),
        Case("testDailyInterval", line: 1839, "19970902T090000", "FREQ=DAILY;COUNT=3;INTERVAL=2", ["19970902T090000", "19970904T090000", "19970906T090000"]),
        Case("testDailyIntervalLarge", line: 1854, "19970902T090000", "FREQ=DAILY;COUNT=3;INTERVAL=92", ["19970902T090000", "19971203T090000", "19980305T090000"]),
        Case("testDailyByMonth", line: 1869, "19970902T090000", "FREQ=DAILY;COUNT=3;BYMONTH=1,3", ["19980101T090000", "19980102T090000", "19980103T090000"]),
        Case("testDailyByMonthDay", line: 1884, "19970902T090000", "FREQ=DAILY;COUNT=3;BYMONTHDAY=1,3", ["19970903T090000", "19971001T090000", "19971003T090000"]),
        Case("testDailyByMonthAndMonthDay", line: 1899, "19970902T090000", "FREQ=DAILY;COUNT=3;BYMONTH=1,3;BYMONTHDAY=5,7", ["19980105T090000", "19980107T090000", "19980305T090000"]),
        Case("testDailyByWeekDay", line: 1915, "19970902T090000", "FREQ=DAILY;COUNT=3;BYDAY=TU,TH", ["19970902T090000", "19970904T090000", "19970909T090000"]),
        Case("testDailyByNWeekDay", line: 1930, "19970902T090000", "FREQ=DAILY;COUNT=3;BYDAY=1TU,-1TH", ["19970902T090000", "19970904T090000", "19970909T090000"], forbidden: "numbered BYDAY with FREQ=DAILY"),
        Case("testDailyByMonthAndWeekDay", line: 1945, "19970902T090000", "FREQ=DAILY;COUNT=3;BYMONTH=1,3;BYDAY=TU,TH", ["19980101T090000", "19980106T090000", "19980108T090000"]),
        Case("testDailyByMonthAndNWeekDay", line: 1961, "19970902T090000", "FREQ=DAILY;COUNT=3;BYMONTH=1,3;BYDAY=1TU,-1TH", ["19980101T090000", "19980106T090000", "19980108T090000"], forbidden: "numbered BYDAY with FREQ=DAILY"),
        Case("testDailyByMonthDayAndWeekDay", line: 1977, "19970902T090000", "FREQ=DAILY;COUNT=3;BYMONTHDAY=1,3;BYDAY=TU,TH", ["19980101T090000", "19980203T090000", "19980303T090000"]),
        Case("testDailyByMonthAndMonthDayAndWeekDay", line: 1993, "19970902T090000", "FREQ=DAILY;COUNT=3;BYMONTH=1,3;BYMONTHDAY=1,3;BYDAY=TU,TH", ["19980101T090000", "19980303T090000", "20010301T090000"]),
        Case("testDailyByYearDay", line: 2010, "19970902T090000", "FREQ=DAILY;COUNT=4;BYYEARDAY=1,100,200,365", ["19971231T090000", "19980101T090000", "19980410T090000", "19980719T090000"], forbidden: "BYYEARDAY with FREQ=DAILY"),
        Case("testDailyByYearDayNeg", line: 2026, "19970902T090000", "FREQ=DAILY;COUNT=4;BYYEARDAY=-365,-266,-166,-1", ["19971231T090000", "19980101T090000", "19980410T090000", "19980719T090000"], forbidden: "BYYEARDAY with FREQ=DAILY"),
        Case("testDailyByMonthAndYearDay", line: 2042, "19970902T090000", "FREQ=DAILY;COUNT=4;BYMONTH=1,7;BYYEARDAY=1,100,200,365", ["19980101T090000", "19980719T090000", "19990101T090000", "19990719T090000"], forbidden: "BYYEARDAY with FREQ=DAILY"),
        Case("testDailyByMonthAndYearDayNeg", line: 2059, "19970902T090000", "FREQ=DAILY;COUNT=4;BYMONTH=1,7;BYYEARDAY=-365,-266,-166,-1", ["19980101T090000", "19980719T090000", "19990101T090000", "19990719T090000"], forbidden: "BYYEARDAY with FREQ=DAILY"),
        Case("testDailyByWeekNo", line: 2076, "19970902T090000", "FREQ=DAILY;COUNT=3;BYWEEKNO=20", ["19980511T090000", "19980512T090000", "19980513T090000"], forbidden: "BYWEEKNO with FREQ=DAILY"),
        Case("testDailyByWeekNoAndWeekDay", line: 2091, "19970902T090000", "FREQ=DAILY;COUNT=3;BYWEEKNO=1;BYDAY=MO", ["19971229T090000", "19990104T090000", "20000103T090000"], forbidden: "BYWEEKNO with FREQ=DAILY"),
        Case("testDailyByWeekNoAndWeekDayLarge", line: 2109, "19970902T090000", "FREQ=DAILY;COUNT=3;BYWEEKNO=52;BYDAY=SU", ["19971228T090000", "19981227T090000", "20000102T090000"], forbidden: "BYWEEKNO with FREQ=DAILY"),
        Case("testDailyByWeekNoAndWeekDayLast", line: 2127, "19970902T090000", "FREQ=DAILY;COUNT=3;BYWEEKNO=-1;BYDAY=SU", ["19971228T090000", "19990103T090000", "20000102T090000"], forbidden: "BYWEEKNO with FREQ=DAILY"),
        Case("testDailyByWeekNoAndWeekDay53", line: 2143, "19970902T090000", "FREQ=DAILY;COUNT=3;BYWEEKNO=53;BYDAY=MO", ["19981228T090000", "20041227T090000", "20091228T090000"], forbidden: "BYWEEKNO with FREQ=DAILY"),
        Case("testDailyByHour", line: 2204, "19970902T090000", "FREQ=DAILY;COUNT=3;BYHOUR=6,18", ["19970902T180000", "19970903T060000", "19970903T180000"]),
        Case("testDailyByMinute", line: 2219, "19970902T090000", "FREQ=DAILY;COUNT=3;BYMINUTE=6,18", ["19970902T090600", "19970902T091800", "19970903T090600"]),
        Case("testDailyBySecond", line: 2234, "19970902T090000", "FREQ=DAILY;COUNT=3;BYSECOND=6,18", ["19970902T090006", "19970902T090018", "19970903T090006"]),
        Case("testDailyByHourAndMinute", line: 2249, "19970902T090000", "FREQ=DAILY;COUNT=3;BYHOUR=6,18;BYMINUTE=6,18", ["19970902T180600", "19970902T181800", "19970903T060600"]),
        Case("testDailyByHourAndSecond", line: 2265, "19970902T090000", "FREQ=DAILY;COUNT=3;BYHOUR=6,18;BYSECOND=6,18", ["19970902T180006", "19970902T180018", "19970903T060006"]),
        Case("testDailyByMinuteAndSecond", line: 2281, "19970902T090000", "FREQ=DAILY;COUNT=3;BYMINUTE=6,18;BYSECOND=6,18", ["19970902T090606", "19970902T090618", "19970902T091806"]),
        Case("testDailyByHourAndMinuteAndSecond", line: 2297, "19970902T090000", "FREQ=DAILY;COUNT=3;BYHOUR=6,18;BYMINUTE=6,18;BYSECOND=6,18", ["19970902T180606", "19970902T180618", "19970902T181806"]),
        Case("testDailyBySetPos", line: 2314, "19970902T090000", "FREQ=DAILY;COUNT=3;BYHOUR=6,18;BYMINUTE=15,45;BYSETPOS=3,-3", ["19970902T181500", "19970903T064500", "19970903T181500"]),
        Case("testHourly", line: 2331, "19970902T090000", "FREQ=HOURLY;COUNT=3", ["19970902T090000", "19970902T100000", "19970902T110000"]),
        Case("testHourlyInterval", line: 2345, "19970902T090000", "FREQ=HOURLY;COUNT=3;INTERVAL=2", ["19970902T090000", "19970902T110000", "19970902T130000"]),
        Case("testHourlyIntervalLarge", line: 2360, "19970902T090000", "FREQ=HOURLY;COUNT=3;INTERVAL=769", ["19970902T090000", "19971004T100000", "19971105T110000"]),
        Case("testHourlyByMonth", line: 2375, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYMONTH=1,3", ["19980101T000000", "19980101T010000", "19980101T020000"]),
        Case("testHourlyByMonthDay", line: 2390, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYMONTHDAY=1,3", ["19970903T000000", "19970903T010000", "19970903T020000"]),
        Case("testHourlyByMonthAndMonthDay", line: 2405, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYMONTH=1,3;BYMONTHDAY=5,7", ["19980105T000000", "19980105T010000", "19980105T020000"]),
        Case("testHourlyByWeekDay", line: 2421, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYDAY=TU,TH", ["19970902T090000", "19970902T100000", "19970902T110000"]),
        Case("testHourlyByNWeekDay", line: 2436, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYDAY=1TU,-1TH", ["19970902T090000", "19970902T100000", "19970902T110000"], forbidden: "numbered BYDAY with FREQ=HOURLY"),
        Case("testHourlyByMonthAndWeekDay", line: 2451, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYMONTH=1,3;BYDAY=TU,TH", ["19980101T000000", "19980101T010000", "19980101T020000"]),
        Case("testHourlyByMonthAndNWeekDay", line: 2467, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYMONTH=1,3;BYDAY=1TU,-1TH", ["19980101T000000", "19980101T010000", "19980101T020000"], forbidden: "numbered BYDAY with FREQ=HOURLY"),
        Case("testHourlyByMonthDayAndWeekDay", line: 2483, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYMONTHDAY=1,3;BYDAY=TU,TH", ["19980101T000000", "19980101T010000", "19980101T020000"]),
        Case("testHourlyByMonthAndMonthDayAndWeekDay", line: 2499, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYMONTH=1,3;BYMONTHDAY=1,3;BYDAY=TU,TH", ["19980101T000000", "19980101T010000", "19980101T020000"]),
        Case("testHourlyByYearDay", line: 2516, "19970902T090000", "FREQ=HOURLY;COUNT=4;BYYEARDAY=1,100,200,365", ["19971231T000000", "19971231T010000", "19971231T020000", "19971231T030000"]),
        Case("testHourlyByYearDayNeg", line: 2532, "19970902T090000", "FREQ=HOURLY;COUNT=4;BYYEARDAY=-365,-266,-166,-1", ["19971231T000000", "19971231T010000", "19971231T020000", "19971231T030000"]),
        Case("testHourlyByMonthAndYearDay", line: 2548, "19970902T090000", "FREQ=HOURLY;COUNT=4;BYMONTH=4,7;BYYEARDAY=1,100,200,365", ["19980410T000000", "19980410T010000", "19980410T020000", "19980410T030000"]),
        Case("testHourlyByMonthAndYearDayNeg", line: 2565, "19970902T090000", "FREQ=HOURLY;COUNT=4;BYMONTH=4,7;BYYEARDAY=-365,-266,-166,-1", ["19980410T000000", "19980410T010000", "19980410T020000", "19980410T030000"]),
        Case("testHourlyByWeekNo", line: 2582, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYWEEKNO=20", ["19980511T000000", "19980511T010000", "19980511T020000"], forbidden: "BYWEEKNO with FREQ=HOURLY"),
        Case("testHourlyByWeekNoAndWeekDay", line: 2597, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYWEEKNO=1;BYDAY=MO", ["19971229T000000", "19971229T010000", "19971229T020000"], forbidden: "BYWEEKNO with FREQ=HOURLY"),
        Case("testHourlyByWeekNoAndWeekDayLarge", line: 2613, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYWEEKNO=52;BYDAY=SU", ["19971228T000000", "19971228T010000", "19971228T020000"], forbidden: "BYWEEKNO with FREQ=HOURLY"),
        Case("testHourlyByWeekNoAndWeekDayLast", line: 2629, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYWEEKNO=-1;BYDAY=SU", ["19971228T000000", "19971228T010000", "19971228T020000"], forbidden: "BYWEEKNO with FREQ=HOURLY"),
        Case("testHourlyByWeekNoAndWeekDay53", line: 2645, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYWEEKNO=53;BYDAY=MO", ["19981228T000000", "19981228T010000", "19981228T020000"], forbidden: "BYWEEKNO with FREQ=HOURLY"),
        Case("testHourlyByHour", line: 2706, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYHOUR=6,18", ["19970902T180000", "19970903T060000", "19970903T180000"]),
        Case("testHourlyByMinute", line: 2721, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYMINUTE=6,18", ["19970902T090600", "19970902T091800", "19970902T100600"]),
        Case("testHourlyBySecond", line: 2736, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYSECOND=6,18", ["19970902T090006", "19970902T090018", "19970902T100006"]),
        Case("testHourlyByHourAndMinute", line: 2751, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYHOUR=6,18;BYMINUTE=6,18", ["19970902T180600", "19970902T181800", "19970903T060600"]),
        Case("testHourlyByHourAndSecond", line: 2767, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYHOUR=6,18;BYSECOND=6,18", ["19970902T180006", "19970902T180018", "19970903T060006"]),
        Case("testHourlyByMinuteAndSecond", line: 2783, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYMINUTE=6,18;BYSECOND=6,18", ["19970902T090606", "19970902T090618", "19970902T091806"]),
        Case("testHourlyByHourAndMinuteAndSecond", line: 2799, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYHOUR=6,18;BYMINUTE=6,18;BYSECOND=6,18", ["19970902T180606", "19970902T180618", "19970902T181806"]),
        Case("testHourlyBySetPos", line: 2816, "19970902T090000", "FREQ=HOURLY;COUNT=3;BYMINUTE=15,45;BYSECOND=15,45;BYSETPOS=3,-3", ["19970902T091545", "19970902T094515", "19970902T101545"]),
        Case("testMinutely", line: 2833, "19970902T090000", "FREQ=MINUTELY;COUNT=3", ["19970902T090000", "19970902T090100", "19970902T090200"]),
        Case("testMinutelyInterval", line: 2847, "19970902T090000", "FREQ=MINUTELY;COUNT=3;INTERVAL=2", ["19970902T090000", "19970902T090200", "19970902T090400"]),
        Case("testMinutelyIntervalLarge", line: 2862, "19970902T090000", "FREQ=MINUTELY;COUNT=3;INTERVAL=1501", ["19970902T090000", "19970903T100100", "19970904T110200"]),
        Case("testMinutelyByMonth", line: 2877, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYMONTH=1,3", ["19980101T000000", "19980101T000100", "19980101T000200"]),
        Case("testMinutelyByMonthDay", line: 2892, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYMONTHDAY=1,3", ["19970903T000000", "19970903T000100", "19970903T000200"]),
        Case("testMinutelyByMonthAndMonthDay", line: 2907, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYMONTH=1,3;BYMONTHDAY=5,7", ["19980105T000000", "19980105T000100", "19980105T000200"]),
        Case("testMinutelyByWeekDay", line: 2923, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYDAY=TU,TH", ["19970902T090000", "19970902T090100", "19970902T090200"]),
        Case("testMinutelyByNWeekDay", line: 2938, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYDAY=1TU,-1TH", ["19970902T090000", "19970902T090100", "19970902T090200"], forbidden: "numbered BYDAY with FREQ=MINUTELY"),
        Case("testMinutelyByMonthAndWeekDay", line: 2953, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYMONTH=1,3;BYDAY=TU,TH", ["19980101T000000", "19980101T000100", "19980101T000200"]),
        Case("testMinutelyByMonthAndNWeekDay", line: 2969, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYMONTH=1,3;BYDAY=1TU,-1TH", ["19980101T000000", "19980101T000100", "19980101T000200"], forbidden: "numbered BYDAY with FREQ=MINUTELY"),
        Case("testMinutelyByMonthDayAndWeekDay", line: 2985, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYMONTHDAY=1,3;BYDAY=TU,TH", ["19980101T000000", "19980101T000100", "19980101T000200"]),
        Case("testMinutelyByMonthAndMonthDayAndWeekDay", line: 3001, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYMONTH=1,3;BYMONTHDAY=1,3;BYDAY=TU,TH", ["19980101T000000", "19980101T000100", "19980101T000200"]),
        Case("testMinutelyByYearDay", line: 3018, "19970902T090000", "FREQ=MINUTELY;COUNT=4;BYYEARDAY=1,100,200,365", ["19971231T000000", "19971231T000100", "19971231T000200", "19971231T000300"]),
        Case("testMinutelyByYearDayNeg", line: 3034, "19970902T090000", "FREQ=MINUTELY;COUNT=4;BYYEARDAY=-365,-266,-166,-1", ["19971231T000000", "19971231T000100", "19971231T000200", "19971231T000300"]),
        Case("testMinutelyByMonthAndYearDay", line: 3050, "19970902T090000", "FREQ=MINUTELY;COUNT=4;BYMONTH=4,7;BYYEARDAY=1,100,200,365", ["19980410T000000", "19980410T000100", "19980410T000200", "19980410T000300"]),
        Case("testMinutelyByMonthAndYearDayNeg", line: 3067, "19970902T090000", "FREQ=MINUTELY;COUNT=4;BYMONTH=4,7;BYYEARDAY=-365,-266,-166,-1", ["19980410T000000", "19980410T000100", "19980410T000200", "19980410T000300"]),
        Case("testMinutelyByWeekNo", line: 3084, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYWEEKNO=20", ["19980511T000000", "19980511T000100", "19980511T000200"], forbidden: "BYWEEKNO with FREQ=MINUTELY"),
        Case("testMinutelyByWeekNoAndWeekDay", line: 3099, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYWEEKNO=1;BYDAY=MO", ["19971229T000000", "19971229T000100", "19971229T000200"], forbidden: "BYWEEKNO with FREQ=MINUTELY"),
        Case("testMinutelyByWeekNoAndWeekDayLarge", line: 3115, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYWEEKNO=52;BYDAY=SU", ["19971228T000000", "19971228T000100", "19971228T000200"], forbidden: "BYWEEKNO with FREQ=MINUTELY"),
        Case("testMinutelyByWeekNoAndWeekDayLast", line: 3131, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYWEEKNO=-1;BYDAY=SU", ["19971228T000000", "19971228T000100", "19971228T000200"], forbidden: "BYWEEKNO with FREQ=MINUTELY"),
        Case("testMinutelyByWeekNoAndWeekDay53", line: 3147, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYWEEKNO=53;BYDAY=MO", ["19981228T000000", "19981228T000100", "19981228T000200"], forbidden: "BYWEEKNO with FREQ=MINUTELY"),
        Case("testMinutelyByHour", line: 3208, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYHOUR=6,18", ["19970902T180000", "19970902T180100", "19970902T180200"]),
        Case("testMinutelyByMinute", line: 3223, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYMINUTE=6,18", ["19970902T090600", "19970902T091800", "19970902T100600"]),
        Case("testMinutelyBySecond", line: 3238, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYSECOND=6,18", ["19970902T090006", "19970902T090018", "19970902T090106"]),
        Case("testMinutelyByHourAndMinute", line: 3253, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYHOUR=6,18;BYMINUTE=6,18", ["19970902T180600", "19970902T181800", "19970903T060600"]),
        Case("testMinutelyByHourAndSecond", line: 3269, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYHOUR=6,18;BYSECOND=6,18", ["19970902T180006", "19970902T180018", "19970902T180106"]),
        Case("testMinutelyByMinuteAndSecond", line: 3285, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYMINUTE=6,18;BYSECOND=6,18", ["19970902T090606", "19970902T090618", "19970902T091806"]),
        Case("testMinutelyByHourAndMinuteAndSecond", line: 3301, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYHOUR=6,18;BYMINUTE=6,18;BYSECOND=6,18", ["19970902T180606", "19970902T180618", "19970902T181806"]),
        Case("testMinutelyBySetPos", line: 3318, "19970902T090000", "FREQ=MINUTELY;COUNT=3;BYSECOND=15,30,45;BYSETPOS=3,-3", ["19970902T090015", "19970902T090045", "19970902T090115"]),
        Case("testSecondly", line: 3334, "19970902T090000", "FREQ=SECONDLY;COUNT=3", ["19970902T090000", "19970902T090001", "19970902T090002"]),
        Case("testSecondlyInterval", line: 3348, "19970902T090000", "FREQ=SECONDLY;COUNT=3;INTERVAL=2", ["19970902T090000", "19970902T090002", "19970902T090004"]),
        Case("testSecondlyIntervalLarge", line: 3363, "19970902T090000", "FREQ=SECONDLY;COUNT=3;INTERVAL=90061", ["19970902T090000", "19970903T100101", "19970904T110202"]),
        Case("testSecondlyByMonth", line: 3378, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYMONTH=1,3", ["19980101T000000", "19980101T000001", "19980101T000002"]),
        Case("testSecondlyByMonthDay", line: 3393, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYMONTHDAY=1,3", ["19970903T000000", "19970903T000001", "19970903T000002"]),
        Case("testSecondlyByMonthAndMonthDay", line: 3408, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYMONTH=1,3;BYMONTHDAY=5,7", ["19980105T000000", "19980105T000001", "19980105T000002"]),
        Case("testSecondlyByWeekDay", line: 3424, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYDAY=TU,TH", ["19970902T090000", "19970902T090001", "19970902T090002"]),
        Case("testSecondlyByNWeekDay", line: 3439, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYDAY=1TU,-1TH", ["19970902T090000", "19970902T090001", "19970902T090002"], forbidden: "numbered BYDAY with FREQ=SECONDLY"),
        Case("testSecondlyByMonthAndWeekDay", line: 3454, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYMONTH=1,3;BYDAY=TU,TH", ["19980101T000000", "19980101T000001", "19980101T000002"]),
        Case("testSecondlyByMonthAndNWeekDay", line: 3470, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYMONTH=1,3;BYDAY=1TU,-1TH", ["19980101T000000", "19980101T000001", "19980101T000002"], forbidden: "numbered BYDAY with FREQ=SECONDLY"),
        Case("testSecondlyByMonthDayAndWeekDay", line: 3486, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYMONTHDAY=1,3;BYDAY=TU,TH", ["19980101T000000", "19980101T000001", "19980101T000002"]),
        Case("testSecondlyByMonthAndMonthDayAndWeekDay", line: 3502, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYMONTH=1,3;BYMONTHDAY=1,3;BYDAY=TU,TH", ["19980101T000000", "19980101T000001", "19980101T000002"]),
        Case("testSecondlyByYearDay", line: 3519, "19970902T090000", "FREQ=SECONDLY;COUNT=4;BYYEARDAY=1,100,200,365", ["19971231T000000", "19971231T000001", "19971231T000002", "19971231T000003"]),
        Case("testSecondlyByYearDayNeg", line: 3535, "19970902T090000", "FREQ=SECONDLY;COUNT=4;BYYEARDAY=-365,-266,-166,-1", ["19971231T000000", "19971231T000001", "19971231T000002", "19971231T000003"]),
        Case("testSecondlyByMonthAndYearDay", line: 3551, "19970902T090000", "FREQ=SECONDLY;COUNT=4;BYMONTH=4,7;BYYEARDAY=1,100,200,365", ["19980410T000000", "19980410T000001", "19980410T000002", "19980410T000003"]),
        Case("testSecondlyByMonthAndYearDayNeg", line: 3568, "19970902T090000", "FREQ=SECONDLY;COUNT=4;BYMONTH=4,7;BYYEARDAY=-365,-266,-166,-1", ["19980410T000000", "19980410T000001", "19980410T000002", "19980410T000003"]),
        Case("testSecondlyByWeekNo", line: 3585, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYWEEKNO=20", ["19980511T000000", "19980511T000001", "19980511T000002"], forbidden: "BYWEEKNO with FREQ=SECONDLY"),
        Case("testSecondlyByWeekNoAndWeekDay", line: 3600, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYWEEKNO=1;BYDAY=MO", ["19971229T000000", "19971229T000001", "19971229T000002"], forbidden: "BYWEEKNO with FREQ=SECONDLY"),
        Case("testSecondlyByWeekNoAndWeekDayLarge", line: 3616, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYWEEKNO=52;BYDAY=SU", ["19971228T000000", "19971228T000001", "19971228T000002"], forbidden: "BYWEEKNO with FREQ=SECONDLY"),
        Case("testSecondlyByWeekNoAndWeekDayLast", line: 3632, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYWEEKNO=-1;BYDAY=SU", ["19971228T000000", "19971228T000001", "19971228T000002"], forbidden: "BYWEEKNO with FREQ=SECONDLY"),
        Case("testSecondlyByWeekNoAndWeekDay53", line: 3648, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYWEEKNO=53;BYDAY=MO", ["19981228T000000", "19981228T000001", "19981228T000002"], forbidden: "BYWEEKNO with FREQ=SECONDLY"),
        Case("testSecondlyByHour", line: 3709, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYHOUR=6,18", ["19970902T180000", "19970902T180001", "19970902T180002"]),
        Case("testSecondlyByMinute", line: 3724, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYMINUTE=6,18", ["19970902T090600", "19970902T090601", "19970902T090602"]),
        Case("testSecondlyBySecond", line: 3739, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYSECOND=6,18", ["19970902T090006", "19970902T090018", "19970902T090106"]),
        Case("testSecondlyByHourAndMinute", line: 3754, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYHOUR=6,18;BYMINUTE=6,18", ["19970902T180600", "19970902T180601", "19970902T180602"]),
        Case("testSecondlyByHourAndSecond", line: 3770, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYHOUR=6,18;BYSECOND=6,18", ["19970902T180006", "19970902T180018", "19970902T180106"]),
        Case("testSecondlyByMinuteAndSecond", line: 3786, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYMINUTE=6,18;BYSECOND=6,18", ["19970902T090606", "19970902T090618", "19970902T091806"]),
        Case("testSecondlyByHourAndMinuteAndSecond", line: 3802, "19970902T090000", "FREQ=SECONDLY;COUNT=3;BYHOUR=6,18;BYMINUTE=6,18;BYSECOND=6,18", ["19970902T180606", "19970902T180618", "19970902T181806"]),
        Case("testUntilNotMatching", line: 3819, "19970902T090000", "FREQ=DAILY;COUNT=3;UNTIL=19970905T080000", ["19970902T090000", "19970903T090000", "19970904T090000"], forbidden: "COUNT and UNTIL"),
        Case("testUntilMatching", line: 3834, "19970902T090000", "FREQ=DAILY;COUNT=3;UNTIL=19970904T090000", ["19970902T090000", "19970903T090000", "19970904T090000"], forbidden: "COUNT and UNTIL"),
        Case("testUntilSingle", line: 3849, "19970902T090000", "FREQ=DAILY;COUNT=3;UNTIL=19970902T090000", ["19970902T090000"], forbidden: "COUNT and UNTIL"),
        Case("testUntilEmpty", line: 3860, "19970902T090000", "FREQ=DAILY;COUNT=3;UNTIL=19970901T090000", [], forbidden: "COUNT and UNTIL"),
        Case("testUntilWithDate", line: 3871, "19970902T090000", "FREQ=DAILY;COUNT=3;UNTIL=19970905T000000", ["19970902T090000", "19970903T090000", "19970904T090000"], forbidden: "COUNT and UNTIL"),
        Case("testWkStIntervalMO", line: 3886, "19970902T090000", "FREQ=WEEKLY;COUNT=3;INTERVAL=2;BYDAY=TU,SU;WKST=MO", ["19970902T090000", "19970907T090000", "19970916T090000"]),
        Case("testWkStIntervalSU", line: 3903, "19970902T090000", "FREQ=WEEKLY;COUNT=3;INTERVAL=2;BYDAY=TU,SU;WKST=SU", ["19970902T090000", "19970914T090000", "19970916T090000"]),
        Case("testDTStartIsDate", line: 3920, "19970902T000000", "FREQ=DAILY;COUNT=3", ["19970902T000000", "19970903T000000", "19970904T000000"]),
        Case("testMaxYear", line: 3944, "99970902T090000", "FREQ=YEARLY;COUNT=3;BYMONTH=2;BYMONTHDAY=31", []),
        // test/rrulestr.test.ts: rrulestr(TEXT) as the test gives it ("testStrNoDTStart", "testStrValueOnly", "testStrUnfold": the
        // `dtstart` option as a DTSTART line). Left out: "testStrSpaces", "testStrSpacesAndLines" (two properties on one line, and a
        // first line starting with a space, not iCalendar's content lines), "testStrSet" (two RRULEs), "testStrSetExRule",
        // "testStrSetDateAndExRule" (EXRULE, which RFC 5545 dropped). "testStrKeywords" writes BYDAY as rrule.js's `byweekday=TH`,
        // a name §3.3.10 does not have (Chime refuses it); here it is BYDAY=TH.
        Case("test/rrulestr.test.ts", "testStr", line: 58, dtstart: "19970902T090000Z",
             text: "DTSTART:19970902T090000Z\nRRULE:FREQ=YEARLY;COUNT=3\n",
             ["19970902T090000", "19980902T090000", "19990902T090000"]),
        Case("test/rrulestr.test.ts", "testStrCase", line: 68, dtstart: "19970902T090000Z",
             text: "dtstart:19970902T090000Z\nrrule:freq=yearly;count=3\n",
             ["19970902T090000", "19980902T090000", "19990902T090000"]),
        Case("test/rrulestr.test.ts", "testStrNoDTStart", line: 100, dtstart: "19970902T090000",
             text: "DTSTART:19970902T090000\nRRULE:FREQ=YEARLY;COUNT=3\n",
             ["19970902T090000", "19980902T090000", "19990902T090000"]),
        Case("test/rrulestr.test.ts", "testStrValueOnly", line: 112, dtstart: "19970902T090000",
             text: "DTSTART:19970902T090000\nFREQ=YEARLY;COUNT=3\n",
             ["19970902T090000", "19980902T090000", "19990902T090000"]),
        Case("test/rrulestr.test.ts", "testStrUnfold", line: 124, dtstart: "19970902T090000",
             text: "DTSTART:19970902T090000\nFREQ=YEA\n RLY;COUNT=3\n",
             ["19970902T090000", "19980902T090000", "19990902T090000"]),
        Case("test/rrulestr.test.ts", "testStrSetDate", line: 151, dtstart: "19970902T090000Z",
             text: "DTSTART:19970902T090000Z\nRRULE:FREQ=YEARLY;COUNT=1;BYDAY=TU\nRDATE:19970904T090000Z\nRDATE:19970909T090000Z\n",
             ["19970902T090000", "19970904T090000", "19970909T090000"]),
        Case("test/rrulestr.test.ts", "testStrSetExDate", line: 180, dtstart: "19970902T090000Z",
             text: "DTSTART:19970902T090000Z\nRRULE:FREQ=YEARLY;COUNT=6;BYDAY=TU,TH\nEXDATE:19970904T090000Z\nEXDATE:19970911T090000Z\nEXDATE:19970918T090000Z\n",
             ["19970902T090000", "19970909T090000", "19970916T090000"]),
        Case("test/rrulestr.test.ts", "testStrSetDateAndExDate", line: 196, dtstart: "19970902T090000Z",
             text: "DTSTART:19970902T090000Z\nRDATE:19970902T090000Z\nRDATE:19970904T090000Z\nRDATE:19970909T090000Z\nRDATE:19970911T090000Z\nRDATE:19970916T090000Z\nRDATE:19970918T090000Z\nEXDATE:19970904T090000Z\nEXDATE:19970911T090000Z\nEXDATE:19970918T090000Z\n",
             ["19970902T090000", "19970909T090000", "19970916T090000"]),
        Case("test/rrulestr.test.ts", "testStrKeywords", line: 236, dtstart: "19970902T030000Z",
             text: "DTSTART:19970902T030000Z\nRRULE:FREQ=YEARLY;COUNT=3;INTERVAL=3;BYMONTH=3;BYDAY=TH;BYMONTHDAY=3;BYHOUR=3;BYMINUTE=3;BYSECOND=3\n",
             ["20330303T030303", "20390303T030303", "20720303T030303"]),
        Case("test/rrulestr.test.ts", "testStrNWeekDay", line: 251, dtstart: "19970902T090000Z",
             text: "DTSTART:19970902T090000Z\nRRULE:FREQ=YEARLY;COUNT=3;BYDAY=1TU,-1TH\n",
             ["19971225T090000", "19980106T090000", "19981231T090000"]),
        Case("test/rrulestr.test.ts", "testStrNWeekDayLarge", line: 264, dtstart: "19970902T090000Z",
             text: "DTSTART:19970902T090000Z\nRRULE:FREQ=YEARLY;COUNT=3;BYDAY=13TU,-13TH\n",
             ["19971002T090000", "19980331T090000", "19981008T090000"]),
        // test/rruleset.test.ts, an RRuleSet of one rule and EXDATEs (its testSetDate, testSetExDate, testSetDateAndExDate are the
        // rrulestr cases above; the rest have two RRULEs or an EXRULE).
        Case("test/rruleset.test.ts", "testSetExDateRevOrder", line: 139, dtstart: "20040101T090000",
             text: "DTSTART:20040101T090000\nRRULE:FREQ=MONTHLY;COUNT=5;BYMONTHDAY=10\nEXDATE:20040410T090000\nEXDATE:20040210T090000",
             ["20040110T090000", "20040310T090000", "20040510T090000"]),
        // test/rrule.test.ts's `it` tests of `all()`, written as text: `DTSTART=…;` inside the rule as a DTSTART line; `datetime(2018, 10, 0)`
        // is JavaScript's `Date.UTC` day 0 of October, September 30; `new Date(1533895200000)` is 2018-08-10T10:00:00Z and the
        // UNTIL `new Date(1543618799999)` 2018-11-30T22:59:59.999Z, here 22:59:59 (no instance lies between); "Mon Aug 06 2018
        // 10:30:00 GMT+0530" is 05:00Z and the UNTIL "Mon Oct 08 2018 11:00:00 GMT+0530" 05:30Z (python datetime checked each).
        // Left out: "handles 3-digit years properly (#202)" (`RRULE:COUNT=1`, no FREQ, which §3.3.10 requires).
        Case("test/rrule.test.ts", "calculates daily recurrences correctly across DST boundaries", line: 4046, dtstart: "20181101T110000Z",
             text: "DTSTART:20181101T110000Z\nRRULE:UNTIL=20181106T110000Z;FREQ=DAILY",
             ["20181101T110000", "20181102T110000", "20181103T110000", "20181104T110000", "20181105T110000", "20181106T110000"]),
        Case("test/rrule.test.ts", "calculates weekly recurrences correctly across DST boundaries", line: 4060, dtstart: "20181031T180000Z",
             text: "DTSTART:20181031T180000Z\nRRULE:FREQ=WEEKLY;UNTIL=20181115T050000Z",
             ["20181031T180000", "20181107T180000", "20181114T180000"]),
        Case("test/rrule.test.ts", "calculates byweekday recurrences correctly across DST boundaries", line: 4071, dtstart: "20180930T000000",
             text: "DTSTART:20180930T000000\nRRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=SU,WE;UNTIL=20181009T000000",
             ["20180930T000000", "20181003T000000", "20181007T000000"]),
        Case("test/rrule.test.ts", "generates weekly events (#247)", line: 4087, dtstart: "20180810T100000Z",
             text: "DTSTART:20180810T100000Z\nRRULE:FREQ=WEEKLY;INTERVAL=1;UNTIL=20181130T225959Z",
             ["20180810T100000", "20180817T100000", "20180824T100000", "20180831T100000", "20180907T100000", "20180914T100000", "20180921T100000", "20180928T100000", "20181005T100000", "20181012T100000", "20181019T100000", "20181026T100000", "20181102T100000", "20181109T100000", "20181116T100000", "20181123T100000", "20181130T100000"]),
        Case("test/rrule.test.ts", "generates monthly (#233)", line: 4119, dtstart: "20180806T050000Z",
             text: "DTSTART:20180806T050000Z\nRRULE:FREQ=MONTHLY;INTERVAL=1;UNTIL=20181008T053000Z",
             ["20180806T050000", "20180906T050000", "20181006T050000"]),
        Case("test/rrule.test.ts", "generates around dst (#249)", line: 4137, dtstart: "20181101T120000Z",
             text: "DTSTART:20181101T120000Z\nRRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE,FR;COUNT=4;WKST=SU",
             ["20181102T120000", "20181105T120000", "20181107T120000", "20181109T120000"]),
    ]
}
