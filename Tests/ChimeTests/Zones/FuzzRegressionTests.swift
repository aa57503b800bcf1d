import Testing
@testable import Chime

// Inputs found by the libFuzzer harnesses in Fuzz/ (see Fuzz/README.md), minimised, each with the
// outcome it must have and why.

@Suite("Fuzz regressions: zones")
struct ZoneFuzzRegressionTests {
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
