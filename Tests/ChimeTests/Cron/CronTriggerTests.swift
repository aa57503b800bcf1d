import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// Hand-derived cron facts (reasoning in each comment, UTC instants computed from the zone's
/// offsets), the parser's bad-input battery, and the examples of docs/cron.md.
@Suite struct CronTriggerTests {
    static func rules(_ id: String) throws -> ZoneRules { try Fixtures.tzifDatabase.rules(for: id) }
    static func seconds(_ text: String) -> Int64 { try! ISO8601Format.parseInstant(text).seconds }

    static func fires(_ expression: String, _ flavor: CronFlavor = .posix, zone: String = "America/New_York", after: String,
                      count: Int, gap: GapPolicy? = nil, overlap: OverlapPolicy? = nil, direction: SearchDirection = .forward,
                      hashId: String? = nil) throws -> [Fire] {
        let trigger = try CronTrigger(expression: expression, flavor: flavor, direction: direction, gapPolicy: gap, overlapPolicy: overlap, hashId: hashId)
        return try Trigger.cron(trigger).fires(after: Instant(seconds: seconds(after)), in: rules(zone), count: count)
    }

    static func utc(_ fires: [Fire]) -> [String] { fires.map(\.instant.utcString) }

    /// croniter 7 splits fields on ASCII whitespace (croniter.py: `field_re = re.compile(r"\S+",
    /// re.ASCII)`; run here: `croniter("*/5\x0b* * * *", datetime(2026, 1, 1)).get_next(datetime)` is
    /// 00:05), and not on a no-break space; Vixie cron's crontab fields are spaces and tabs.
    @Test func croniterSplitsFieldsOnASCIIWhitespace() throws {
        for text in ["*/5\n* * * *", "*/5\u{0B}* * * *", "*/5\u{0C}*\r\n* * *", "*/5\r* * * *"] {
            #expect(try CronTrigger(expression: text, flavor: .croniter).expression.normalized == "*/5 * * * *", "\(text.debugDescription)")
        }
        #expect(throws: CronError.self) { try CronTrigger(expression: "*/5\u{A0}* * * *", flavor: .croniter) }
        #expect(throws: CronError.self) { try CronTrigger(expression: "*/5\u{0B}* * * *", flavor: .posix) }
    }

    // MARK: posix (Vixie cron / cronie): DST by cron.c's clock-jump cases

    /// New York 2026-03-08: 02:00 EST → 03:00 EDT at 07:00:00Z. `30 2 * * *` is a fixed-time job:
    /// cronie's "medium" positive jump runs the fixed-time jobs of each skipped minute right after
    /// the jump, so 03:00 EDT = 07:00:00Z; the next day 02:30 EDT = 06:30:00Z.
    @Test func posixFixedJobRunsAfterTheGap() throws {
        let f = try Self.fires("30 2 * * *", after: "2026-03-07T12:00:00Z", count: 2)
        #expect(Self.utc(f) == ["2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z"])
        #expect(f.map(\.adjustment) == [.gapNextTime, .exact])
    }

    /// `*/30 2 * * *` starts with `*`: a wildcard job, run only by the clock, which never shows
    /// 02:00 or 02:30 that night: the next fires are 03-09 02:00 and 02:30 EDT (06:00, 06:30Z).
    @Test func posixWildcardJobSkipsTheGap() throws {
        #expect(Self.utc(try Self.fires("*/30 2 * * *", after: "2026-03-07T12:00:00Z", count: 2)) == ["2026-03-09T06:00:00Z", "2026-03-09T06:30:00Z"])
    }

    /// New York 2026-11-01: EDT → EST at 06:00:00Z, 01:00–01:59 twice. Fixed-time `30 1 * * *`
    /// runs once (cronie's negative jump: fixed-time jobs are not repeated): 01:30 EDT = 05:30:00Z,
    /// then 11-02 01:30 EST = 06:30:00Z. The wildcard `*/30 1 * * *` runs by the clock: 05:00,
    /// 05:30 (EDT), 06:00, 06:30 (EST).
    @Test func posixRepeatedHour() throws {
        #expect(Self.utc(try Self.fires("30 1 * * *", after: "2026-10-31T12:00:00Z", count: 2)) == ["2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"])
        #expect(Self.utc(try Self.fires("*/30 1 * * *", after: "2026-10-31T12:00:00Z", count: 4))
                == ["2026-11-01T05:00:00Z", "2026-11-01T05:30:00Z", "2026-11-01T06:00:00Z", "2026-11-01T06:30:00Z"])
    }

    /// Explicit policies replace the flavor's: `--gap shift` reads 02:30 with EST, 07:30:00Z; `--overlap last` 06:30:00Z.
    @Test func explicitPoliciesReplaceTheDefault() throws {
        #expect(Self.utc(try Self.fires("30 2 * * *", after: "2026-03-07T12:00:00Z", count: 1, gap: .shift)) == ["2026-03-08T07:30:00Z"])
        #expect(Self.utc(try Self.fires("30 1 * * *", after: "2026-10-31T12:00:00Z", count: 1, overlap: .last)) == ["2026-11-01T06:30:00Z"])
    }

    /// Day-of-month OR day-of-week when neither starts with `*` (cronie find_jobs): `0 0 13 * 5` in
    /// UTC after 2026-02-01 fires Fri 02-06, Fri 02-13 (both), Fri 02-20, Fri 02-27, Fri 03-06, 03-13.
    /// `0 0 */13 * 5` starts with `*`: AND, the Fridays among the 1st, 14th and 27th: 2026-02-27, 2026-03-27.
    @Test func posixDayOfMonthOrDayOfWeek() throws {
        #expect(Self.utc(try Self.fires("0 0 13 * 5", zone: "UTC", after: "2026-02-01T00:00:00Z", count: 6)).map { String($0.prefix(10)) }
                == ["2026-02-06", "2026-02-13", "2026-02-20", "2026-02-27", "2026-03-06", "2026-03-13"])
        #expect(Self.utc(try Self.fires("0 0 */13 * 5", zone: "UTC", after: "2026-02-01T00:00:00Z", count: 2)).map { String($0.prefix(10)) }
                == ["2026-02-27", "2026-03-27"])
    }

    /// Sunday is 0 or 7; names in any case; descriptors. 2026-03-01 is a Sunday.
    @Test func posixNamesAndDescriptors() throws {
        let sunday = ["2026-03-01T00:00:00Z", "2026-03-08T00:00:00Z"]
        for expression in ["0 0 * * 0", "0 0 * * 7", "0 0 * * SUN", "0 0 * * sun", "@weekly"] {
            #expect(Self.utc(try Self.fires(expression, zone: "UTC", after: "2026-02-28T12:00:00Z", count: 2)) == sunday, "\(expression)")
        }
        #expect(Self.utc(try Self.fires("@yearly", zone: "UTC", after: "2026-02-28T12:00:00Z", count: 1)) == ["2027-01-01T00:00:00Z"])
        #expect(Self.utc(try Self.fires("@hourly", zone: "UTC", after: "2026-02-28T12:00:00Z", count: 1)) == ["2026-02-28T13:00:00Z"])
        #expect(Self.utc(try Self.fires("0 9 * jan-mar/2 mon-fri", zone: "UTC", after: "2026-02-27T12:00:00Z", count: 1)) == ["2026-03-02T09:00:00Z"])
    }

    /// `0 0 30 2 *` never fires (February has no 30th): no fire, quickly, in either direction.
    @Test func neverFires() throws {
        #expect(try Self.fires("0 0 30 2 *", zone: "UTC", after: "2026-01-01T00:00:00Z", count: 1).isEmpty)
        #expect(try Self.fires("0 0 31 4,6,9,11 *", zone: "UTC", after: "2026-01-01T00:00:00Z", count: 1, direction: .backward).isEmpty)
        // Feb 29 does fire: 2028 is a leap year.
        #expect(Self.utc(try Self.fires("0 0 29 2 *", zone: "UTC", after: "2026-01-01T00:00:00Z", count: 1)) == ["2028-02-29T00:00:00Z"])
    }

    /// Backward mirrors forward: before 2026-03-10T12:00Z, `30 2 * * *` in New York: 03-10 06:30Z, 03-09 06:30Z, 03-08 07:00Z.
    @Test func backward() throws {
        #expect(Self.utc(try Self.fires("30 2 * * *", after: "2026-03-10T12:00:00Z", count: 3, direction: .backward))
                == ["2026-03-10T06:30:00Z", "2026-03-09T06:30:00Z", "2026-03-08T07:00:00Z"])
    }

    // MARK: croniter (measured facts of the issue; the differential test covers the rest)

    /// The issue's measurement: croniter 7.0 fires the New York 02:30 of 03-08 at 03:00 EDT and 01:30 of 11-01 twice.
    @Test func croniterIssueFacts() throws {
        #expect(Self.utc(try Self.fires("30 2 * * *", .croniter, after: "2026-03-07T12:00:00Z", count: 2)) == ["2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z"])
        #expect(Self.utc(try Self.fires("30 1 * * *", .croniter, after: "2026-10-31T12:00:00Z", count: 3))
                == ["2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z", "2026-11-02T06:30:00Z"])
    }

    /// Seconds (6th field) in a gap: 02:30:10 → the first existing minute after it, second kept:
    /// 03:00:10 EDT = 07:00:10Z; 02:30:45 is not first in its gap, so next is 03-09 02:30:10 EDT.
    @Test func croniterGapKeepsTheSecond() throws {
        #expect(Self.utc(try Self.fires("30 2 * * * 10,45", .croniter, after: "2026-03-08T06:00:00Z", count: 2))
                == ["2026-03-08T07:00:10Z", "2026-03-09T06:30:10Z"])
    }

    /// croniter features: L, N-L, W, #, L<d>, year. 2026-03: 31 days, the 1st a Sunday.
    @Test func croniterExtensions() throws {
        func days(_ e: String, _ n: Int) throws -> [String] {
            Self.utc(try Self.fires(e, .croniter, zone: "UTC", after: "2026-02-28T12:00:00Z", count: n)).map { String($0.prefix(10)) }
        }
        #expect(try days("0 0 L * *", 2) == ["2026-03-31", "2026-04-30"])
        #expect(try days("0 0 30-L 3 *", 2) == ["2026-03-30", "2026-03-31"])
        #expect(try days("0 0 * * 5#2", 2) == ["2026-03-13", "2026-04-10"])      // second Friday
        #expect(try days("0 0 * * L1", 1) == ["2026-03-30"])                      // last Monday
        #expect(try days("0 0 1W * *", 2) == ["2026-03-02", "2026-04-01"])        // Sun 1st → Mon 2nd; Wed 04-01
        #expect(try days("0 0 1 1 * 0 2030", 1) == ["2030-01-01"])
        // H with a hash id: Python's binascii.crc32(b"job-1") = 0x4c423a3f; minute = (crc >> 0) % 60 = 23,
        // as croniter.expand('h 0 * * *', hash_id=b'job-1') prints ([[23], [0], ...]).
        #expect(CRC32.checksum(Array("job-1".utf8)) == 0x4C42_3A3F)
        let hashed = try CronParser.parse("H 0 * * *", flavor: .croniter, hashId: "job-1")
        #expect(hashed.minutes == 1 << 23)
    }

    // MARK: Bad input: every error names the field and the column

    @Test func badInputBattery() throws {
        let cases: [(String, CronFlavor, String)] = [
            ("0 0 32 * *", .posix, "field 3 (day-of-month) at column 5, '32': 32 is outside 1–31"),
            ("60 * * * *", .posix, "field 1 (minute) at column 1, '60': 60 is outside 0–59"),
            ("* 24 * * *", .posix, "field 2 (hour) at column 3, '24': 24 is outside 0–23"),
            ("* * * 13 *", .posix, "field 4 (month) at column 7, '13': 13 is outside 1–12"),
            ("* * * * 8", .posix, "field 5 (day-of-week) at column 9, '8': 8 is outside 0–7"),
            ("5-1 * * * *", .posix, "field 1 (minute) at column 1, '5-1': the range runs backwards (5 > 1)"),
            ("*/0 * * * *", .posix, "field 1 (minute) at column 1, '*/0': the step must be at least 1"),
            ("5/10 * * * *", .posix, "field 1 (minute) at column 1, '5/10': a step needs '*' or a range before it (e.g. */10 or 0-59/10)"),
            ("* * * * monday", .posix, "field 5 (day-of-week) at column 9, 'monday': not a number or a name (sun, mon, tue, wed, thu, fri, sat)"),
            ("1,,2 * * * *", .posix, "field 1 (minute) at column 1, '1,,2': an empty list element"),
            ("* * * *", .posix, "a posix cron expression has 5 fields, got 4"),
            ("* * * * * *", .posix, "a posix cron expression has 5 fields, got 6"),
            ("@reboot", .posix, "'@reboot' is refused: @reboot runs once when the cron daemon starts, not at a time, so it has no fire times"),
            ("@often", .posix, "field 1 (descriptor) at column 1, '@often': not a descriptor (@annually, @daily, @hourly, @midnight, @monthly, @weekly, @yearly; @reboot is refused)"),
            ("", .posix, "the cron expression is empty"),
            ("0 0 * * 5#6", .croniter, "field 5 (day-of-week) at column 9, '5#6': the n in #n must be 1–5"),
            ("0 0 ? ? *", .croniter, "field 4 (month) at column 7, '?': '?' is only for day-of-month or day-of-week"),
            ("0 0 1,15w * *", .croniter, "field 3 (day-of-month) at column 5, '15w': W takes a single day, not a list"),
            ("H * * * *", .croniter, "field 1 (minute) at column 1, 'h': hashed H needs a hash id (the trigger's hashId)"),
            ("R * * * *", .croniter, "field 1 (minute) at column 1, 'r': R (random) is refused: its fire times would change every time they are computed"),
            ("0 0 1 1 * 0 2100", .croniter, "field 7 (year) at column 13, '2100': 2100 is outside 1970–2099"),
            ("0 0 0-5 * *", .croniter, "field 3 (day-of-month) at column 5, '0-5': 0 is outside 1–31"),
            ("0 0 * * 1,2#3", .croniter, "field 5 (day-of-week) at column 1, '1,2#3': croniter does not mix plain weekdays with #n / L<d> terms"),
            ("* * * * * * * *", .croniter, "a croniter cron expression has 5 or 6 or 7 fields, got 8"),
            ("0 0 * * *", .quartz, "a quartz cron expression has 6 or 7 fields, got 5"),
            ("0 0 0 ? * ?", .quartz, "field 6 (day-of-week) at column 11, '?': '?' can be in day-of-month or day-of-week, not both"),
            ("0 0 0 ? * 5#6", .quartz, "field 6 (day-of-week) at column 11, '5#6': a number 1–5 must follow '#'"),
            ("0 0 0 L-31 * ?", .quartz, "field 4 (day-of-month) at column 7, 'L-31': the offset from the last day must be at most 30"),
        ]
        for (text, flavor, message) in cases {
            do {
                _ = try CronParser.parse(text, flavor: flavor)
                Issue.record("'\(text)' (\(flavor)) parsed; expected: \(message)")
            } catch {
                #expect(error.description == message, "'\(text)'")
            }
        }
    }
}
