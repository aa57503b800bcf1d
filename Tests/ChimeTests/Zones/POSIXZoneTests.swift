import Foundation
import Testing
@testable import Chime
@testable import ChimeZones
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// glibc's `$TZ` forms as zones (`TZVariable`, docs/contract.md "Zones"): POSIX TZ rules, `:X`,
/// absolute paths to TZif files. Expected values come from the rules' own words (POSIX.1-2024
/// `TZ`; RFC 8536 §3.3.1), the pinned tz data's own zones, or hand-derived dates (reasoning
/// beside them); `POSIXTZDifferentialTests` holds random rules to glibc itself.
@Suite struct POSIXZoneTests {
    static let db = Fixtures.tzifDatabase

    static func instant(_ text: String) throws -> Instant { try ISO8601Format.parseInstant(text) }

    static func zoneError(_ body: () throws -> Void) -> ZoneError? {
        do { try body(); return nil } catch { return error as? ZoneError }
    }

    // MARK: POSIX TZ rules

    /// `EST5EDT,M3.2.0,M11.1.0`: standard time EST 5 h west, daylight EDT (one hour ahead by
    /// default), from the second Sunday of March to the first Sunday of November at 02:00 wall
    /// time. 2026-03-01 is a Sunday (2026-01-01 is a Thursday, +59 days), so DST starts on Mar 8
    /// at 02:00 EST = 07:00Z; glibc agrees (`TZ='EST5EDT,M3.2.0,M11.1.0' date -d @1772953200` is
    /// 03:00:00 EDT, one second earlier 01:59:59 EST).
    @Test func ruleIsAZoneNamedAsGiven() throws {
        let rule = "EST5EDT,M3.2.0,M11.1.0"
        let zone = try Self.db.rules(for: rule)
        #expect(zone.identifier == rule && zone.source == .posix && zone.version == nil)
        let found = try Self.db.lookup(rule)
        #expect(found.match == .posixRule && found.identifier == rule && found.source == .posix)
        #expect(found.note?.contains("POSIX TZ rule") == true)
        let start = try Self.instant("2026-03-08T07:00:00Z")
        #expect(zone.type(at: Instant(seconds: start.seconds - 1)) == LocalTimeType(utcOffset: -18000, isDST: false, abbreviation: "EST"))
        #expect(zone.type(at: start) == LocalTimeType(utcOffset: -14400, isDST: true, abbreviation: "EDT"))
        // 02:30 that night does not exist: a gap, resolved as for any zone.
        let wall = try CivilDateTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30)
        guard case .gap = zone.resolve(localSeconds: wall.localSeconds) else {
            Issue.record("02:30 on 2026-03-08 should be in a gap"); return
        }
        #expect(zone.resolve(wall, gap: .nextValid, overlap: .first).map(\.instant) == [start])
        // The next fire at 02:30 daily, as `chime next --at 02:30 --tz 'EST5EDT,M3.2.0,M11.1.0'`.
        let daily = Trigger.calendar(try CalendarTrigger(components: CalendarComponents(hour: 2, minute: 30, second: 0)))
        let fires = try daily.fires(after: try Self.instant("2026-03-07T12:00:00Z"), in: zone, count: 2)
        #expect(fires.map(\.instant) == [start, try Self.instant("2026-03-09T06:30:00Z")])
        #expect(fires.first?.adjustment == .gapNextTime)
    }

    /// From 2007 the US rules are `M3.2.0,M11.1.0` (Energy Policy Act of 2005), so the rule's
    /// transitions are the tz database's America/New_York's, 2007–2100.
    @Test func ruleMatchesTheTzZoneItDescribes() throws {
        let rule = try Self.db.rules(for: "EST5EDT,M3.2.0,M11.1.0")
        let ny = try Self.db.rules(for: "America/New_York")
        let from = try Self.instant("2007-01-01T00:00:00Z"), to = try Self.instant("2101-01-01T00:00:00Z")
        let ours = rule.transitions(from: from, to: to), theirs = ny.transitions(from: from, to: to)
        #expect(ours.count == 188)
        #expect(ours == theirs)
    }

    /// "The rule alone, every year": 400 Gregorian years are whole weeks, so year 9999 falls as
    /// 1999 did (9999 - 20·400) and year 1 as 2001. 1999-03-01 was a Monday (1999-01-01 a Friday,
    /// +59 days): second Sunday Mar 14. 2001-03-01 a Thursday (2001-01-01 a Monday): Mar 11.
    @Test func ruleHoldsFromYear1To9999() throws {
        let zone = try Self.db.rules(for: "EST5EDT,M3.2.0,M11.1.0")
        for (year, day) in [("0001", "11"), ("9999", "14")] {
            let start = try Self.instant("\(year)-03-\(day)T07:00:00Z")
            let found = zone.transitions(from: try Self.instant("\(year)-01-01T00:00:00Z"), to: try Self.instant("\(year)-12-31T00:00:00Z"))
            #expect(found.count == 2, "\(year)")
            #expect(found.first?.instant == start, "\(year)")
            #expect(found.first?.after.abbreviation == "EDT")
        }
    }

    /// Dublin's footer, negative DST: IST (+1) is standard time, GMT (+0) the "daylight" time in
    /// winter, from the last Sunday of October 02:00 IST to the last Sunday of March 01:00 GMT.
    /// 2026-10-25 and 2026-03-29 are those Sundays (Oct 1 and Mar 1 2026 are a Thursday and a
    /// Sunday): GMT from 01:00Z on Oct 25, IST from 01:00Z on Mar 29. The tz zone Europe/Dublin
    /// says the same.
    @Test func negativeDaylightTime() throws {
        let zone = try Self.db.rules(for: "IST-1GMT0,M10.5.0,M3.5.0/1")
        let dublin = try Self.db.rules(for: "Europe/Dublin")
        for (at, offset, dst) in [("2026-03-29T00:59:59Z", 0, true), ("2026-03-29T01:00:00Z", 3600, false),
                                  ("2026-10-25T00:59:59Z", 3600, false), ("2026-10-25T01:00:00Z", 0, true)] {
            let type = zone.type(at: try Self.instant(at))
            #expect(type.utcOffset == Int32(offset) && type.isDST == dst, "\(at)")
            #expect(dublin.type(at: try Self.instant(at)) == type, "\(at)")
        }
    }

    /// `<+0330>-3:30`: quoted abbreviation, offset with minutes, no DST: +03:30 forever.
    @Test func quotedNameFixedOffset() throws {
        let zone = try Self.db.rules(for: "<+0330>-3:30")
        for at in ["0001-01-01T00:00:00Z", "2026-06-01T00:00:00Z", "9999-12-31T00:00:00Z"] {
            #expect(zone.type(at: try Self.instant(at)) == LocalTimeType(utcOffset: 12600, isDST: false, abbreviation: "+0330"))
        }
        #expect(zone.nextTransition(after: try Self.instant("2026-01-01T00:00:00Z")) == nil)
    }

    /// A tz database name wins, as in glibc (tzset.c: `__tzfile_read` before `__tzset_parse_tz`):
    /// `EST5EDT` is a `Zone` of tzdata 2025b (`Z EST5EDT -5 u E%sT`), with history (US DST of
    /// 1974: EDT from 1974-01-06, 02:00 EST = 07:00Z), which the rule `EST5EDT` has not.
    @Test func tzNameWinsOverRule() throws {
        let found = try Self.db.lookup("EST5EDT")
        #expect(found.source == .tzif && found.match == .canonical)
        let zone = try Self.db.rules(for: "EST5EDT")
        #expect(zone.type(at: try Self.instant("1974-01-06T07:00:00Z")).isDST)
        let rule = try Self.db.rules(for: "EST5EDT,M3.2.0,M11.1.0")
        #expect(!rule.type(at: try Self.instant("1974-01-06T07:00:00Z")).isDST)
        #expect(try Self.db.lookup("GMT0").source == .tzif)                  // a tz link, not the rule
    }

    /// All-year DST as zic writes it (RFC 8536 §3.3.1: "EST5EDT,0/0,J365/25"): each year's DST
    /// ends at Dec 31 25:00 EDT, the instant the next year's starts, so it never ends.
    @Test func allYearDaylightTime() throws {
        let zone = try Self.db.rules(for: "EST5EDT,0/0,J365/25")
        for at in ["2027-01-01T02:00:00Z", "2027-01-01T05:00:00Z", "2027-07-01T00:00:00Z", "9999-01-01T03:00:00Z"] {
            #expect(zone.type(at: try Self.instant(at)) == LocalTimeType(utcOffset: -14400, isDST: true, abbreviation: "EDT"), "\(at)")
        }
    }

    /// Malformed rules: `unknownZone` (the caller named no zone Chime has), the message naming
    /// the fault. Ranges from POSIX.1-2024 `TZ` and RFC 8536 §3.3.1: offset hours 0–24, minutes and
    /// seconds 0–59, rule times -167–167 hours, month 1–12, week 1–5, weekday 0–6, `Jn` 1–365,
    /// `n` 0–365; an abbreviation has 3 or more characters; a DST rule needs both dates.
    @Test(arguments: [
        ("EST25EDT", "hour 25 exceeds 24"),
        ("EST5:60EDT", "minute 60 exceeds 59"),
        ("EST5EDT,M13.2.0,M11.1.0", "month 13 outside 1-12"),
        ("EST5EDT,M3.6.0,M11.1.0", "week 6 outside 1-5"),
        ("EST5EDT,M3.2.7,M11.1.0", "weekday 7 outside 0-6"),
        ("EST5EDT,M3.2.0/168,M11.1.0", "hour 168 exceeds 167"),
        ("EST5EDT,J0,J365", "Julian day 0 outside 1-365"),
        ("EST5EDT,366,0", "day of year 366 outside 0-365"),
        ("EST5EDT,M3.2.0", "expected ',' before the DST end rule"),
        ("<AB>5", "zone abbreviation shorter than 3 characters"),
        ("<EST5", "unterminated '<' in zone abbreviation"),
        ("EST5EDT,M3.2.0,M11.1.0x", "unexpected text after the rule"),
    ])
    func malformedRule(_ text: String, _ reason: String) {
        let error = Self.zoneError { _ = try Self.db.rules(for: text) }
        guard case .unknownZone(let id, _)? = error else { Issue.record("\(text): \(String(describing: error))"); return }
        #expect(id == text)
        #expect(error?.code == "unknownZone")
        #expect(error!.description.contains("not a valid POSIX TZ rule: \(reason)"), "\(error!)")
    }

    /// A string that is no zone and not shaped like a rule keeps the plain unknown-zone error
    /// with suggestions.
    @Test func notARuleKeepsSuggestions() {
        let error = Self.zoneError { _ = try Self.db.rules(for: "Europe/Berlinn") }
        guard case .unknownZone(_, let suggestions)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(suggestions.first == "Europe/Berlin")
        #expect(!error!.description.contains("POSIX"))
    }

    // MARK: `:X` and paths

    /// glibc drops one leading colon (tzset.c: "We ignore the colon"): `:Europe/Berlin` is
    /// Europe/Berlin, `:US/Eastern` America/New_York, `:EST5EDT,M3.2.0,M11.1.0` the rule.
    @Test func colonForm() throws {
        let berlin = try Self.db.lookup(":Europe/Berlin")
        #expect(berlin.identifier == "Europe/Berlin" && berlin.requested == ":Europe/Berlin" && berlin.source == .tzif)
        #expect(berlin.note?.contains("':' form") == true)
        #expect(try Self.db.rules(for: ":US/Eastern").identifier == "America/New_York")
        #expect(try Self.db.rules(for: ":EST5EDT,M3.2.0,M11.1.0").source == .posix)
        for bad in [":", "::UTC", ":Nowhere/Zone"] {
            guard case .unknownZone(let id, _)? = Self.zoneError({ _ = try Self.db.rules(for: bad) }) else {
                Issue.record("\(bad) should be unknownZone"); continue
            }
            #expect(id == bad)
        }
    }

    /// An absolute path is that TZif file, named as given; inside the tree in use it carries the
    /// tree's version. Its answers are the tz zone's.
    @Test func absolutePath() throws {
        for path in [Fixtures.zonePath("Europe/Berlin"), ":" + Fixtures.zonePath("Europe/Berlin")] {
            let zone = try Self.db.rules(for: path)
            #expect(zone.identifier == Fixtures.zonePath("Europe/Berlin") && zone.source == .tzif && zone.version == "2025b")
            let berlin = try Self.db.rules(for: "Europe/Berlin")
            let from = try Self.instant("1900-01-01T00:00:00Z"), to = try Self.instant("2100-01-01T00:00:00Z")
            #expect(zone.transitions(from: from, to: to) == berlin.transitions(from: from, to: to))
        }
        // Outside the tree: no version.
        let dir = HostileTrees.newDirectory()
        try FileManager.default.copyItem(atPath: Fixtures.zonePath("Asia/Tokyo"), toPath: dir + "/tokyo")
        let tokyo = try Self.db.rules(for: dir + "/tokyo")
        let july = try Self.instant("2026-07-01T00:00:00Z")
        #expect(tokyo.version == nil && tokyo.utcOffset(at: july) == 9 * 3600)
    }

    /// The file is untrusted input, as a tree's zone files are: every fault is an error naming the
    /// path, at once (a FIFO is never opened).
    @Test func pathsThatAreNotZoneFiles() throws {
        let dir = HostileTrees.newDirectory()
        HostileTrees.Special.fifo.make(at: dir + "/fifo")
        try Data("not a zone\n".utf8).write(to: URL(fileURLWithPath: dir + "/text"))
        HostileTrees.link(dir + "/zero", to: "/dev/zero")
        let cases: [(String, String, String)] = [
            (dir + "/fifo", "unreadable", "not a regular file (a FIFO)"),
            (dir, "unreadable", "not a regular file (a directory)"),
            (dir + "/text", "malformedZoneData", "not a TZif file"),
            (dir + "/missing", "unreadable", String(cString: strerror(ENOENT))),
            (dir + "/zero", "unreadable", "kernel's file system of /dev"),
            ("/proc/self/environ", "unreadable", "kernel's file system of /proc"),
        ]
        let errors = HostileTrees.finishes(within: 5, unblocking: [dir + "/fifo"]) { () -> [ZoneError?] in
            cases.map { path, _, _ in Self.zoneError { _ = try Self.db.rules(for: path) } }
        }
        for ((path, code, reason), error) in zip(cases, errors ?? []) {
            #expect(error?.code == code, "\(path): \(String(describing: error))")
            #expect(error?.description.contains(path) == true && error?.description.contains(reason) == true, "\(String(describing: error))")
        }
        #expect(errors != nil, "a path lookup blocked")
        // A relative path is not a tz database name.
        guard case .unknownZone? = Self.zoneError({ _ = try Self.db.rules(for: "./Europe/Berlin") }) else {
            Issue.record("a relative path should be unknownZone"); return
        }
    }

    /// A path's file is read once per state of the tz data: a reload reads it again, and is not
    /// refused because of it (a rule or a path is not a zone of the tree that must still be found).
    @Test func reloadReadsAPathAgain() throws {
        let db = ZoneDatabase(preference: .tzif, tzifDirectory: Fixtures.zoneinfoDirectory)
        let file = HostileTrees.newDirectory() + "/zone"
        try FileManager.default.copyItem(atPath: Fixtures.zonePath("Asia/Tokyo"), toPath: file)
        let july = try Self.instant("2026-07-01T00:00:00Z")
        #expect(try db.rules(for: file).utcOffset(at: july) == 9 * 3600)
        _ = try db.rules(for: "EST5EDT,M3.2.0,M11.1.0")
        try FileManager.default.removeItem(atPath: file)
        #expect(try db.rules(for: file).utcOffset(at: july) == 9 * 3600)       // the same state: kept
        _ = try db.reload()
        #expect(Self.zoneError { _ = try db.rules(for: file) }?.code == "unreadable")
        #expect(try db.rules(for: "EST5EDT,M3.2.0,M11.1.0").source == .posix)
    }

    /// Rules and paths are any strings: the database does not keep them in its cache of source ids.
    @Test func rulesAreNotCachedAsSourceIds() throws {
        let db = ZoneDatabase(preference: .tzif, tzifDirectory: Fixtures.zoneinfoDirectory)
        for i in 0..<50 { _ = try db.rules(for: "ABC\(i % 24)") }
        _ = try db.rules(for: Fixtures.zonePath("Europe/Berlin"))
        _ = try db.rules(for: "Europe/Berlin")
        #expect(db.state.locked { Array($0.cache.keys) } == ["Europe/Berlin"])
    }
}
