import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// libical's own recurrence assertions (github.com/libical/libical at commit
/// d31d57c49aa84480c59b01f32951dbdfbe7924c2): the vectors `src/test/icalrecur_test.c` reads —
/// `icalrecur_test.txt` (RFC 5545 rules), `icalrecur_test_rscale.txt`,
/// `icalrecur_test_rscale_withicu.txt` and `icalrecur_test_rscale_withicu_dangi.txt` (RFC 7529) —
/// copied unchanged into `Tests/RRuleOracle/libical-vectors/` (its README: the license) and read
/// here as `icalrecur_test.c` reads them: blocks of `RRULE:`, `DTSTART:`, an optional `START-AT:`
/// and `INSTANCES:` (libical's expected instances, the oracle; ` *** …` an expected error), each
/// case cited by file and the line its block starts on, as libical's failure message gives it.
///
/// libical's `icalrecur_iterator_next` yields DTSTART only when the rule makes it, so Chime runs in
/// the rfc5545 flavor with DTSTART `ifMatching`. Its times are floating or UTC (`…Z`), so they are
/// read in UTC and compared as wall times; a DATE (`20241024`) is that day at 00:00. `START-AT`
/// keeps the instances at or after it (`icalrecur_iterator_set_start`; `skip_until`), so Chime
/// starts a second before it. `icalrecur_test.c` also runs every case again from each of its
/// instances as DTSTART with COUNT lowered by the instances skipped, expecting the rest of the list
/// (`run_testcase(…, instance_idx, …)`: not for START-AT or SKIP=FORWARD/BACKWARD cases):
/// `fromEachInstance`. Its backward runs (`icalrecur_iterator_prev`) are not harvested: Chime's
/// RRULE trigger walks forward only.
@Suite struct LibicalHarvestTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        /// The line libical's `icalrecur_test.c` reports a failure at (its block's first field).
        let line: Int
        let rrule: String
        let dtstart: String
        let startAt: String?
        /// libical's expected instances, as written (`19970902T090000`, `…Z`, or a DATE).
        let instances: [String]
        /// libical's expected error text (` *** UNIMPLEMENTED: …`), or nil.
        let error: String?
        var testDescription: String { "\(file):\(line) RRULE:\(rrule) DTSTART:\(dtstart)" + (startAt.map { " START-AT:\($0)" } ?? "") }
        var key: String { "\(file):\(line)" }
        var hasSkip: Bool { rrule.uppercased().contains("SKIP=FORWARD") || rrule.uppercased().contains("SKIP=BACKWARD") }
    }

    static let files = ["icalrecur_test.txt", "icalrecur_test_rscale.txt", "icalrecur_test_rscale_withicu.txt",
                        "icalrecur_test_rscale_withicu_dangi.txt"]
    static let directory = Fixtures.packageRoot.appendingPathComponent("Tests/RRuleOracle/libical-vectors")

    /// The blocks of one file, as `icalrecur_test.c`'s `main` reads them: `#` lines skipped, a blank
    /// line (or the end) ends a block that has an RRULE.
    static func load(_ file: String) -> [Case] {
        let text = try! String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        var cases: [Case] = []
        var fields: [String: String] = [:]
        var first = 0
        func yield() {
            if let rrule = fields["RRULE"], !rrule.isEmpty {
                let instances = fields["INSTANCES"] ?? ""
                let error = instances.hasPrefix(" ***") ? instances : nil
                cases.append(Case(file: file, line: first, rrule: rrule, dtstart: fields["DTSTART"] ?? "", startAt: fields["START-AT"],
                                  instances: error != nil || instances.isEmpty ? [] : instances.split(separator: ",").map(String.init),
                                  error: error))
            }
            fields = [:]
        }
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            if raw.isEmpty { yield(); continue }
            if raw.hasPrefix("#") { continue }
            guard let colon = raw.firstIndex(of: ":") else { continue }
            if fields["RRULE"] == nil { first = index + 1 }
            fields[String(raw[..<colon])] = String(raw[raw.index(after: colon)...])
        }
        yield()
        return cases
    }

    static let cases: [Case] = files.flatMap(load)

    /// `19970902T090000`, `19970902T090000Z` or `19970902` → `19970902T090000` (the wall time in UTC).
    static func wall(_ s: String) -> String {
        let t = s.hasSuffix("Z") ? String(s.dropLast()) : s
        return t.count == 8 ? t + "T000000" : t
    }

    static let utc = ZoneRules.fixed(identifier: "UTC", type: LocalTimeType(utcOffset: 0, isDST: false, abbreviation: "UTC"))

    /// Chime's instances of `rrule` from `dtstart`, at or after `startAt`, as UTC wall times;
    /// `count` bounds the walk (every case ends by COUNT or UNTIL, so one more than expected shows an extra).
    static func instances(rrule: String, dtstart: String, startAt: String?, count: Int) throws -> [String] {
        let text = "DTSTART\(dtstart.count == 8 ? ";VALUE=DATE" : ""):\(dtstart)\nRRULE:\(rrule)"
        let trigger = try RRuleTrigger(text: text, flavor: .rfc5545, dtstartMode: .ifMatching)
        let start = try startAt.map { try ISO8601Format.parseInstant(RRuleJSHarvestTests.iso(wall($0))).adding(seconds: -1) } ?? Instant(seconds: -5_000_000_000)
        return try trigger.fires(after: start, in: utc, count: count).map { RRuleParser.dateTimeText($0.instant.seconds) }
    }

    /// libical's expected instances for a case (those at or after START-AT), as UTC wall times.
    static func expected(_ c: Case) -> [String] {
        let all = c.instances.map(wall)
        guard let startAt = c.startAt.map(wall) else { return all }
        return all.filter { $0 >= startAt }
    }

    @Test(arguments: cases.filter { $0.error == nil && explained[$0.key] == nil }) func instances(_ c: Case) throws {
        let want = Self.expected(c)
        let got = try Self.instances(rrule: c.rrule, dtstart: c.dtstart, startAt: c.startAt, count: want.count + 1)
        #expect(got == want, "Chime \(got), libical \(want)")
    }

    /// A case libical expects an error for is refused by Chime too.
    @Test(arguments: cases.filter { $0.error != nil && explained[$0.key] == nil }) func refused(_ c: Case) {
        #expect(throws: RRuleError.self) { try RRuleTrigger(text: "DTSTART:\(c.dtstart)\nRRULE:\(c.rrule)", flavor: .rfc5545) }
    }

    /// `icalrecur_test.c`'s runs from each instance: DTSTART is instance n (its text: floating, UTC
    /// or a DATE, as `get_instance_n_time` parses it), COUNT is lowered by n, and the rest of the list
    /// follows.
    @Test(arguments: cases.filter { $0.error == nil && $0.startAt == nil && !$0.hasSkip && !$0.instances.isEmpty && explained[$0.key] == nil })
    func fromEachInstance(_ c: Case) throws {
        let parts = c.rrule.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        for n in c.instances.indices {
            let rule = parts.map { part -> String in
                guard part.uppercased().hasPrefix("COUNT="), let count = Int(part.dropFirst(6)) else { return part }
                return "COUNT=\(count - n)"
            }.joined(separator: ";")
            let want = c.instances[n...].map(Self.wall)
            #expect(try Self.instances(rrule: rule, dtstart: c.instances[n], startAt: nil, count: want.count + 1) == want,
                    "from instance \(n): DTSTART:\(c.instances[n]) RRULE:\(rule)")
        }
    }

    // MARK: Explained differences

    /// Why Chime's answer is not libical's. Each case's Chime answer was checked two ways, neither
    /// Chime: `Tests/RRuleOracle/rfc_reference.py` (the project's plain reading of RFC 5545, sharing no
    /// code with Chime; `expand(DTSTART, "-", RULE, 30, "ifMatching")`) gives the instances listed in
    /// `explained`, and python-dateutil 2.9.0.post0's `rrulestr` gives the same dates (run here, not
    /// committed). Where the RFC leaves room, the verdict says so rather than calling it libical's bug.
    enum Verdict: String, Sendable {
        /// YEARLY with BYWEEKNO and no BYDAY: libical keeps DTSTART's weekday in the weeks named (it
        /// reads §3.3.10's "information, not contained in the rule … derived from DTSTART" as for
        /// `FREQ=YEARLY;BYMONTH=1`). §3.3.10's table marks BYWEEKNO "Expand" for YEARLY, and Chime, the
        /// reference, python-dateutil and rrule.js (`testYearlyByWeekNo`: BYWEEKNO=20 gives May 11, 12
        /// and 13 1998) give every day of those weeks. RFC-open; Chime keeps the expanding reading.
        case weekday
        /// YEARLY with BYMONTHDAY and no BYMONTH: libical keeps DTSTART's month; §3.3.10's table marks
        /// BYMONTHDAY "Expand" for YEARLY, so every month's day (rrule.js `testYearlyByMonthDay`:
        /// BYMONTHDAY=1,3 from 1997-09-02 gives Sept 3, Oct 1, Oct 3).
        case month
        /// BYWEEKNO with INTERVAL: libical counts INTERVAL in ISO week-numbering years (its comments:
        /// "The first date belongs to 2009, so after 6 years it will be 2015"); a YEARLY period is a
        /// calendar year (§3.3.10: the weeks are those "of the calendar year"), counted from DTSTART's
        /// year (2010 + 6 = 2016).
        case weekYear
        /// libical refuses the rule (`*** UNIMPLEMENTED`: BYMONTH, BYMONTHDAY and BYWEEKNO together);
        /// §3.3.10 allows the combination for YEARLY, and Chime expands it (Dec 30 when it lies in week 1).
        case unimplemented
        /// libical reads `BYDAY=MO;` (a trailing ';', "seen in the wild on Google Calendar"); §3.3.10's
        /// grammar `recur = recur-rule-part *( ";" recur-rule-part )` has no empty part, and Chime
        /// refuses it with an error naming the empty part.
        case trailingSemicolon
    }

    struct Explained: Sendable, CustomTestStringConvertible {
        let line: Int
        let verdict: Verdict
        /// Whether `chime` is the whole set (else its first instances).
        let complete: Bool
        /// The reference's instances, `YYYYMMDD` (all at 00:00), or nil when Chime refuses the rule.
        let chime: [String]?
        init(line: Int, _ verdict: Verdict, complete: Bool, _ chime: [String]?) {
            (self.line, self.verdict, self.complete, self.chime) = (line, verdict, complete, chime)
        }
        var testDescription: String { "icalrecur_test.txt:\(line) \(verdict)" }
    }

    static let explainedList: [Explained] = [
        Explained(line: 273, .weekday, complete: false, ["20130101", "20130102", "20130103", "20130104", "20130105", "20130106", "20130107", "20130108"]),
        Explained(line: 516, .weekday, complete: false, ["20130108", "20130109", "20130110", "20130111", "20130112", "20130113", "20131230", "20131231"]),
        Explained(line: 521, .weekday, complete: false, ["20130108", "20130109", "20130110", "20130111", "20130112", "20130113", "20130114", "20130115"]),
        Explained(line: 526, .weekday, complete: false, ["20130107", "20130108", "20130109", "20130110", "20130111", "20130112", "20130113", "20131230"]),
        Explained(line: 531, .weekday, complete: false, ["20130107", "20130108", "20130109", "20130110", "20130111", "20130112", "20130113", "20130114"]),
        Explained(line: 536, .weekday, complete: false, ["20130107", "20130108", "20130109", "20130110", "20130111", "20130112", "20130113", "20130114"]),
        Explained(line: 541, .weekday, complete: false, ["20130107", "20130108", "20130109", "20130110", "20130111", "20130112", "20130113", "20130114"]),
        Explained(line: 546, .weekday, complete: false, ["20140111", "20140112", "20141229", "20141230", "20141231", "20150101", "20150102", "20150103"]),
        Explained(line: 551, .weekday, complete: false, ["20140111", "20140112", "20140113", "20141230", "20141231", "20150101", "20150102", "20150103"]),
        Explained(line: 556, .weekday, complete: false, ["20140111", "20150104", "20150105", "20150106", "20150107", "20150108", "20150109", "20150110"]),
        Explained(line: 561, .weekday, complete: true, ["20131224", "20131225"]),
        Explained(line: 661, .weekday, complete: true, ["20261228"]),
        Explained(line: 720, .weekday, complete: true, ["20270102", "20270103", "20271220", "20271221", "20271222"]),
        Explained(line: 390, .month, complete: true, ["20240229", "20240329", "20240429"]),
        Explained(line: 395, .month, complete: true, ["20240201", "20240229", "20240303", "20240331"]),
        Explained(line: 725, .weekYear, complete: true, ["20100102", "20160102"]),
        Explained(line: 730, .weekYear, complete: true, ["20100102", "20151229"]),
        Explained(line: 740, .weekYear, complete: true, ["20241231", "20270104", "20270105", "20300101", "20301230", "20301231"]),
        Explained(line: 405, .unimplemented, complete: true, ["20241230", "20251230", "20301230", "20311230"]),
        Explained(line: 198, .trailingSemicolon, complete: true, nil),
    ]
    static let explained: [String: Explained] = Dictionary(uniqueKeysWithValues: explainedList.map { ("icalrecur_test.txt:\($0.line)", $0) })

    /// Chime gives the reference's answer (or refuses), and that is not libical's.
    @Test(arguments: explainedList) func explainedDifference(_ e: Explained) throws {
        let c = try #require(Self.cases.first { $0.key == "icalrecur_test.txt:\(e.line)" })
        guard let want = e.chime?.map(Self.wall) else {
            #expect(throws: RRuleError.self) { try RRuleTrigger(text: "DTSTART:\(c.dtstart)\nRRULE:\(c.rrule)", flavor: .rfc5545) }
            #expect(!c.instances.isEmpty)
            return
        }
        let got = try Self.instances(rrule: c.rrule, dtstart: c.dtstart, startAt: c.startAt, count: want.count + (e.complete ? 1 : 0))
        #expect(got == want)
        #expect(Self.expected(c) != want, "libical now agrees: move the case back")
    }

    // MARK: regression-recur.c and test-data/recur.txt

    /// `src/test/regression-recur.c`'s `test_recur_file`: for each VEVENT of `test-data/recur.txt`
    /// (copied unchanged beside the other files), `icalcomponent_foreach_recurrence` between
    /// `icaltime_from_timet_with_zone(1)` (1970-01-01T00:00:01Z) and `…(1748497476)` (2025-05-29T05:44:36Z)
    /// must call back `X-EXPECT-NUMEVENTS` times. With an RRULE, libical's `icalcomponent_foreach_recurrence`
    /// (`src/libical/icalcomponent.c`, same commit) does the callback for DTSTART "ONLY if there is no
    /// RRULE. Otherwise, the initial occurrence will be handled by the RRULE" — DTSTART only when the rule
    /// makes it — so Chime reads each VEVENT (`RRuleParser.event(inCalendar:)`) with DTSTART `ifMatching`
    /// and counts its fires in that window (every rule ends by COUNT or UNTIL well inside it). In
    /// `always` one count differs (line 260: DTSTART Tuesday 1997-09-02 with `BYDAY=MO,WE,FR`, 25 not 24:
    /// RFC 5545 §3.8.5.3 leaves a DTSTART "not synchronized with the recurrence rule" undefined). Left
    /// refused: the one VEVENT with EXRULE (23 in libical): RFC 5545 dropped EXRULE, which RFC 2445
    /// §4.8.5.2 had, and Chime's iCalendar reader refuses it rather than ignore it (`recurFileEXRULE`).
    struct Event: Sendable, CustomTestStringConvertible {
        /// The line its BEGIN:VEVENT is on, its text, and libical's expected count.
        let line: Int
        let text: String
        let expected: Int
        var testDescription: String { "test-data/recur.txt:\(line)" }
    }

    static let events: [Event] = {
        let text = try! String(contentsOf: directory.appendingPathComponent("recur.txt"), encoding: .utf8)
        var events: [Event] = []
        var lines: [String] = []
        var first = 0
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("BEGIN:VEVENT") { (lines, first) = ([], index + 1) }
            lines.append(line)
            if line.hasPrefix("END:VEVENT") {
                let body = lines.joined(separator: "\n")
                let unfolded = body.replacingOccurrences(of: "\n ", with: "")
                let expect = unfolded.components(separatedBy: "\n").first { $0.hasPrefix("X-EXPECT-NUMEVENTS:") }!
                events.append(Event(line: first, text: body, expected: Int(expect.dropFirst(19).trimmingCharacters(in: .whitespaces))!))
            }
        }
        return events
    }()

    static func hasEXRULE(_ e: Event) -> Bool { e.text.replacingOccurrences(of: "\n ", with: "").contains("\nEXRULE") }

    @Test(arguments: events.filter { !hasEXRULE($0) }) func recurFileCount(_ e: Event) throws {
        let trigger = try RRuleTrigger(recurrence: RRuleParser.event(inCalendar: e.text), dtstartMode: .ifMatching)
        let zone = try trigger.dtstart.zone == .floating || trigger.dtstart.zone == .utc ? Self.utc
            : Fixtures.tzifDatabase.rules(for: "America/Los_Angeles")
        let fires = try trigger.fires(after: Instant(seconds: 0), in: zone, count: 1000)
        #expect(fires.filter { $0.instant.seconds <= 1_748_497_476 }.count == e.expected)
    }

    @Test(arguments: events.filter(hasEXRULE)) func recurFileEXRULE(_ e: Event) {
        #expect { _ = try RRuleParser.event(inCalendar: e.text) } throws: { ($0 as? RRuleError)?.part == "EXRULE" }
    }

    /// The harvest's size, so a lost block is noticed (docs/rrule.md quotes these counts).
    @Test func counts() {
        let perFile = Dictionary(grouping: Self.cases, by: \.file).mapValues(\.count)
        #expect(perFile == ["icalrecur_test.txt": 146, "icalrecur_test_rscale.txt": 14,
                            "icalrecur_test_rscale_withicu.txt": 19, "icalrecur_test_rscale_withicu_dangi.txt": 1])
        #expect(Self.cases.filter { $0.error != nil }.count == 2)
        #expect(Self.events.count == 57 && Self.events.filter(Self.hasEXRULE).count == 1)
        #expect(Dictionary(grouping: Self.explainedList, by: \.verdict).mapValues(\.count)
                == [.weekday: 13, .month: 2, .weekYear: 3, .unimplemented: 1, .trailingSemicolon: 1])
    }
}
