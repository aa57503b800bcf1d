import Testing
@testable import Chime
@testable import ChimeZones
@testable import ChimeTestSupport
@testable import ChimeTestCases

// Inputs found by the libFuzzer harnesses in Fuzz/ (see Fuzz/README.md), minimised, each with the
// outcome it must have and why.

@Suite("Fuzz regressions: zones")
struct ZoneFuzzRegressionTests {
    /// Fuzz/TZif: a footer-only v2 TZif file (one type "UTC", no transitions) whose footer is
    /// `EST5EDT,0/0,365/25` — DST from day 0 00:00 to zero-based day 365 at 25:00. In a non-leap year
    /// day 365 is Jan 1 of the next year, so 1969's DST ends 1970-01-02T01:00 EDT (05:00Z), *after*
    /// 1970's DST started (1970-01-01T00:00 EST = 05:00Z): the rule's years overlap, and its changes
    /// do not alternate. The table guessed the state at its start (1970-01-01T00:00Z) as the opposite
    /// of the first change after it (a DST start, so EST), while instants just before — mapped a
    /// cycle later — said EDT: `type(at: 0)` was EST and the wall time of instant 0 resolved to -3600.
    ///
    /// Expected: EDT from 1969-01-01T05:00Z (1968 is a leap year: its DST ends Dec 31 25:00 EDT,
    /// exactly when 1969's starts) until 1970-01-02T05:00Z, then EST until 1971-01-01T05:00Z.
    @Test("Overlapping rule years in a footer-only file: the state at 1970 is read from the rule, not guessed")
    func overlappingRuleYearsFooterOnly() throws {
        let bytes: [UInt8] = [
            0x54, 0x5A, 0x69, 0x66, 0x32, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,   // "TZif2", v1 header
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x04,                           // typecnt 1, charcnt 4
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x55, 0x54, 0x43, 0x00,                                       // UTC+0 "UTC"
            0x54, 0x5A, 0x69, 0x66, 0x32, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,   // v2 header
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x04,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x55, 0x54, 0x43, 0x00,
            0x0A, 0x45, 0x53, 0x54, 0x35, 0x45, 0x44, 0x54, 0x2C, 0x30, 0x2F, 0x30, 0x2C, 0x33, 0x36, 0x35,   // "\nEST5EDT,0/0,365/25\n"
            0x2F, 0x32, 0x35, 0x0A,
        ]
        let rules = try TZifParser.rules(bytes, path: "/fuzz/overlap", identifier: "Fuzz/Overlap", version: nil)
        let est = LocalTimeType(utcOffset: -18_000, isDST: false, abbreviation: "EST")
        let edt = LocalTimeType(utcOffset: -14_400, isDST: true, abbreviation: "EDT")
        for seconds: Int64 in [-3_600, -1, 0, 1, 104_399] { #expect(rules.type(at: Instant(seconds: seconds)) == edt, "at \(seconds)") }
        #expect(rules.type(at: Instant(seconds: 104_400)) == est)
        // The wall time of instant 0 (1969-12-31T20:00 EDT) happens once, at instant 0.
        #expect(rules.resolve(localSeconds: -14_400) == .unique(0, offset: -14_400))
        #expect(rules.previousTransition(before: Instant(seconds: 0)) == ZoneTransition(instant: Instant(seconds: -31_518_000), before: est, after: edt))
        let next = rules.transitions(from: Instant(seconds: 0), to: Instant(seconds: 63_090_001))
        #expect(next.map(\.instant.seconds) == [104_400, 31_554_000, 31_640_400, 63_090_000])   // 1970-01-02, 1971-01-01, 1971-01-02, 1972-01-01 05:00Z
        #expect(next.map(\.after) == [est, edt, est, edt])
        #expect(CorruptionJudge.sanityProblems(rules) == [])
    }

    /// Fuzz/TZif: any zone without an annual cycle (here a v2 file with one transition and the fixed
    /// footer `<+01>-1`, like Africa/Casablanca) asked about `Int64.max` seconds. The table marks "no
    /// cycle" with `cycleEnd == Int64.max`, which `Int64.max` itself reaches, so the lookup tried to map
    /// it into a cycle that does not exist (`2^62 - Int64.min`: an overflow trap), and past that the
    /// lookup ran into the `Int64.max` padding slots (index out of range in `type(at:)`).
    ///
    /// Expected: the last type holds forever, and there is nothing after it.
    @Test("Int64.max in a zone without a cycle: the last type, no trap")
    func int64MaxWithoutCycle() throws {
        let bytes: [UInt8] = [
            0x54, 0x5A, 0x69, 0x66, 0x32, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,   // "TZif2", v1 header
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x08,                           // timecnt 1, typecnt 2, charcnt 8
            0x69, 0xA3, 0x81, 0x80, 0x01,                                                                     // 2026-03-01T00:00:00Z -> type 1
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0E, 0x10, 0x00, 0x04,                           // +00 "+00", +3600 "+01"
            0x2B, 0x30, 0x30, 0x00, 0x2B, 0x30, 0x31, 0x00,
            0x54, 0x5A, 0x69, 0x66, 0x32, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,   // v2 header
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x08,
            0x00, 0x00, 0x00, 0x00, 0x69, 0xA3, 0x81, 0x80, 0x01,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0E, 0x10, 0x00, 0x04,
            0x2B, 0x30, 0x30, 0x00, 0x2B, 0x30, 0x31, 0x00,
            0x0A, 0x3C, 0x2B, 0x30, 0x31, 0x3E, 0x2D, 0x31, 0x0A,                                             // "\n<+01>-1\n"
        ]
        let rules = try TZifParser.rules(bytes, path: "/fuzz/fixed", identifier: "Fuzz/Fixed", version: nil)
        let plus1 = LocalTimeType(utcOffset: 3_600, isDST: false, abbreviation: "+01")
        let end = Instant(seconds: .max)
        #expect(rules.utcOffset(atSeconds: .max) == 3_600)
        #expect(rules.type(at: end) == plus1)
        #expect(rules.nextTransition(after: end) == nil)
        #expect(rules.previousTransition(before: end)?.instant == Instant(seconds: 1_772_323_200))
        #expect(rules.resolve(localSeconds: .max) == .unique((1 << 62) - 3_600, offset: 3_600))
        #expect(CorruptionJudge.sanityProblems(rules) == [])
    }
}
