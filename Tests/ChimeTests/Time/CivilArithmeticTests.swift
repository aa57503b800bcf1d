import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

@Suite struct CivilArithmeticTests {
    /// Hand-derived facts: 1970-01-01 is day 0 and a Thursday; 2000-03-01 is 30 years
    /// (7 leap days: 72, 76, 80, 84, 88, 92, 96) plus Jan+Feb 2000 (31 + 29 = 60) days later:
    /// 30 * 365 + 7 + 60 = 11017.
    @Test func knownDays() {
        #expect(CivilArithmetic.daysFromCivil(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilArithmetic.weekday(ofDay: 0) == Weekday.thursday.rawValue)
        #expect(CivilArithmetic.daysFromCivil(year: 2000, month: 3, day: 1) == 11017)
        #expect(CivilArithmetic.daysFromCivil(year: 1969, month: 12, day: 31) == -1)
        // 0001-01-01 is 719162 days before the epoch (Python: date(1970,1,1).toordinal() - 1).
        #expect(CivilArithmetic.daysFromCivil(year: 1, month: 1, day: 1) == -719_162)
        // 2026-03-08 is a Sunday (US DST start: second Sunday of March).
        #expect(CivilArithmetic.weekday(ofDay: CivilArithmetic.daysFromCivil(year: 2026, month: 3, day: 8)) == 1)
    }

    /// Round trip over every day of years 1...9999 and agreement with Python's `datetime.date`
    /// (an independent implementation) at a sample.
    @Test func roundTripEveryDay() {
        let first = CivilArithmetic.daysFromCivil(year: 1, month: 1, day: 1)
        let last = CivilArithmetic.daysFromCivil(year: 9999, month: 12, day: 31)
        var previous: (Int64, Int64, Int64) = (0, 12, 31)
        for day in first...last {
            let (y, m, d) = CivilArithmetic.civilFromDays(day)
            if CivilArithmetic.daysFromCivil(year: y, month: m, day: d) != day { Issue.record("round trip fails at \(day)"); return }
            // Each day follows the previous one in the calendar.
            let expectedNext = d > 1 ? (previous.0, previous.1, previous.2 + 1)
                : (m == 1 ? (previous.0 + 1, 1, 1) : (previous.0, previous.1 + 1, 1))
            if (y, m, d) != expectedNext || d > CivilArithmetic.daysInMonth(year: y, month: m) {
                Issue.record("\(y)-\(m)-\(d) does not follow \(previous)"); return
            }
            previous = (y, m, d)
        }
    }

    /// The unsigned form formatting uses agrees with `civilFromDays` on every day of years 1...9999.
    @Test func civilFromDaysSinceYearOneAgreesEveryDay() {
        let first = CivilArithmetic.daysFromCivil(year: 1, month: 1, day: 1)
        let last = CivilArithmetic.daysFromCivil(year: 9999, month: 12, day: 31)
        for day in first...last {
            let (y, m, d) = CivilArithmetic.civilFromDays(day)
            let fast = CivilArithmetic.civilFromDays(sinceYearOne: UInt32(day - first))
            if (Int64(fast.year), Int64(fast.month), Int64(fast.day)) != (y, m, d) {
                Issue.record("day \(day): \(fast) but civilFromDays says \((y, m, d))"); return
            }
        }
    }

    @Test func agreesWithPythonDatetime() throws {
        var rng = SplitMix64(seed: 1970)
        let days = (0..<2000).map { _ in Int64(rng.next(in: -719_162...2_932_896)) }
        let script = """
        import sys, datetime
        epoch = datetime.date(1970, 1, 1).toordinal()
        for line in sys.stdin:
            d = datetime.date.fromordinal(epoch + int(line))
            print(d.year, d.month, d.day, d.isoweekday() % 7 + 1)
        """
        let result = Fixtures.run("/usr/bin/env", ["python3", "-c", script],
                                  stdin: Data(days.map(String.init).joined(separator: "\n").utf8))
        let lines = result.output.split(separator: "\n")
        try #require(lines.count == days.count, "python3 failed: \(result.error)")
        for (day, line) in zip(days, lines) {
            let f = line.split(separator: " ").map { Int64($0)! }
            let (y, m, d) = CivilArithmetic.civilFromDays(day)
            #expect([y, m, d, Int64(CivilArithmetic.weekday(ofDay: day))] == f, "day \(day)")
        }
    }
}

@Suite struct ISO8601FormatTests {
    @Test func parsesContractForms() throws {
        // 2026-03-08T07:00:00Z = 1772953200: 20520 days (2026-03-08) * 86400 + 7 * 3600.
        #expect(try ISO8601Format.parseInstant("2026-03-08T07:00:00Z") == Instant(seconds: 1_772_953_200))
        #expect(try ISO8601Format.parseInstant("2026-03-08T03:00:00.250-04:00") == Instant(seconds: 1_772_953_200, nanoseconds: 250_000_000))
        #expect(try ISO8601Format.parseInstant("2026-03-08T12:30:00+0530") == Instant(seconds: 1_772_953_200))
        #expect(try ISO8601Format.parseLocal("2026-03-08T02:30") == CivilDateTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30))
    }

    @Test func formatsContractForms() throws {
        let instant = Instant(seconds: 1_772_953_200)
        #expect(instant.utcString == "2026-03-08T07:00:00Z")
        #expect(instant.iso8601(offsetSeconds: -14400) == "2026-03-08T03:00:00-04:00")
        #expect(Instant(seconds: 0, nanoseconds: 1_000).utcString == "1970-01-01T00:00:00.000001Z")
        #expect(Instant(seconds: -1).utcString == "1969-12-31T23:59:59Z")
    }

    /// `write` takes a shortcut for whole seconds in years 1...9999 with offsets under 100 hours;
    /// its text is the field-by-field one (`localDateTime` + `offset`, which do not take it), at
    /// random instants and offsets, at the ends of the range and just past them.
    @Test func wholeSecondShortcutWritesTheFieldByFieldText() {
        func expected(_ instant: Instant, _ offset: Int?) -> String {
            let local = CivilDateTime(localSeconds: instant.seconds + Int64(offset ?? 0), nanosecond: Int(instant.nanoseconds))
            return ISO8601Format.localDateTime(local) + (offset.map(ISO8601Format.offset) ?? "Z")
        }
        var rng = SplitMix64(seed: 8601)
        let first: Int64 = -62_135_596_800, end: Int64 = 253_402_300_800
        var cases: [(Instant, Int?)] = []
        for _ in 0..<20_000 {
            let seconds = Int64(rng.next(in: Int(first - 400_000)...Int(end + 400_000)))
            let offset: Int? = [nil, 0, -14_400, 19_800, 20_700, -3_600 * 99 - 3_599, 3_600 * 99 + 3_599, -17_762,
                                rng.next(in: -400_000...400_000)][rng.next(in: 0...8)]
            let nanoseconds = rng.next(in: 0...3) == 0 ? Int32(rng.next(in: 1...999_999_999)) : 0
            cases.append((Instant(seconds: seconds, nanoseconds: nanoseconds), offset))
        }
        for edge in [first, first - 1, end - 1, end, 0, -1] {
            for offset in [nil, 0, 1, -1, 3_600, -3_600, 359_999, -359_999, 360_000, -360_000] as [Int?] {
                cases.append((Instant(seconds: edge - Int64(offset ?? 0)), offset))
                cases.append((Instant(seconds: edge), offset))
            }
        }
        for (instant, offset) in cases {
            let written = offset.map { instant.iso8601(offsetSeconds: $0) } ?? instant.utcString
            if written != expected(instant, offset) {
                Issue.record("\(instant.seconds)s \(instant.nanoseconds)ns offset \(String(describing: offset)): \(written), expected \(expected(instant, offset))")
                return
            }
        }
    }

    @Test(arguments: ["", "now-ish", "2026-03-08T07:00:00", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z",
                      "2026-03-08T24:00:00Z", "2026-03-08T07:00:60Z", "2026-03-08T07:00:00+26:00", "2026-03-08T07:00:00.Z",
                      "10000-01-02T02:00:00Z", "0000-12-30T22:00:00Z", "2026-03-08T07:00:00Zjunk", "2026-03-08T07:00:00-04:00:60"])
    func rejectsMalformedInstants(_ text: String) {
        #expect(throws: TimeError.self) { try ISO8601Format.parseInstant(text) }
    }

    @Test func rangeIsChecked() throws {
        // Instants whose wall time is in years 1–9999 at some offset under 26 hours read, in UTC years
        // 0 and 10000 too (RoundTripTests); beyond, the UTC year is named.
        #expect(try ISO8601Format.parseInstant("0001-01-01T00:00:00+01:00").utcString == "0000-12-31T23:00:00Z")
        #expect(try ISO8601Format.parseInstant("9999-12-31T23:00:00-01:00").utcString == "10000-01-01T00:00:00Z")
        #expect(throws: TimeError.invalidText("0000-12-30T22:00:00Z", .yearOutOfRange(0))) {
            try ISO8601Format.parseInstant("0000-12-30T22:00:00Z")
        }
        #expect(throws: TimeError.invalidText("10000-01-02T02:00:00Z", .yearOutOfRange(10000))) {
            try ISO8601Format.parseInstant("10000-01-02T02:00:00Z")
        }
    }
}
