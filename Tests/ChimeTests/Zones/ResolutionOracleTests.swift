import Foundation
import Testing
@testable import Chime
@testable import ChimeZones
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// Wall time -> instant resolution checked against Python's `zoneinfo` (an independent tz
/// implementation) reading the same pinned TZif files.
///
/// zoneinfo's PEP 495 semantics give the oracle: for a wall time `w`, `fold=0` uses the offset
/// before a transition and `fold=1` the offset after. If both readings convert back to `w`, and
/// differ, `w` is in an overlap; if neither converts back, it is in a gap; otherwise it is unique.
@Suite struct ResolutionOracleTests {
    static let zones = ZoneSets.resolutionOracle

    @Test func agreesWithPythonZoneinfo() throws {
        var rng = SplitMix64(seed: 495)
        var cases: [(zone: String, local: Int64)] = []
        for zone in Self.zones {
            let rules = try Fixtures.tzifDatabase.rules(for: zone)
            // Around every transition 1900–2100 and a few far in the rule-driven future:
            // just before, inside and just after each gap or overlap.
            let windows: [(Int64, Int64)] = [(-2_208_988_800, 4_102_444_800), (16_725_225_600, 16_756_761_600)] // 1900–2100, 2500
            for (from, to) in windows {
                for t in rules.transitions(from: Instant(seconds: from), to: Instant(seconds: to)) {
                    let a = t.instant.seconds + Int64(t.before.utcOffset), b = t.instant.seconds + Int64(t.after.utcOffset)
                    for local in [min(a, b) - 1, min(a, b), (a + b) / 2, max(a, b) - 1, max(a, b)] { cases.append((zone, local)) }
                }
            }
            for _ in 0..<200 { cases.append((zone, Int64(rng.next(in: -2_208_988_800...7_258_118_400)))) }
        }

        let script = """
        import sys
        from datetime import datetime, timezone, timedelta
        from zoneinfo import ZoneInfo
        EPOCH = datetime(1970, 1, 1)
        for line in sys.stdin:
            zone, local = line.split()
            z = ZoneInfo(zone)
            w = EPOCH + timedelta(seconds=int(local))
            out = []
            for fold in (0, 1):
                aware = w.replace(tzinfo=z, fold=fold)
                utc = int((aware - datetime(1970, 1, 1, tzinfo=timezone.utc)).total_seconds())
                back = datetime.fromtimestamp(utc, timezone.utc).astimezone(z).replace(tzinfo=None)
                out.append((utc, back == w))
            print(out[0][0], int(out[0][1]), out[1][0], int(out[1][1]))
        """
        let input = cases.map { "\($0.zone) \($0.local)" }.joined(separator: "\n")
        let result = Fixtures.run("/usr/bin/env", ["python3", "-c", script],
                                  environment: ["PYTHONTZPATH": Fixtures.zoneinfoDirectory], stdin: Data(input.utf8))
        let lines = result.output.split(separator: "\n")
        try #require(lines.count == cases.count, "python3 zoneinfo failed: \(result.error.prefix(500))")

        var mismatches: [String] = []
        for (c, line) in zip(cases, lines) {
            let f = line.split(separator: " ").map { Int64($0)! }
            let (u0, ok0, u1, ok1) = (f[0], f[1] == 1, f[2], f[3] == 1)
            let expected: String
            if ok0 && ok1 && u0 != u1 { expected = "overlap \(min(u0, u1)) \(max(u0, u1))" }
            else if ok0 || ok1 { expected = "unique \(ok0 ? u0 : u1)" }
            else { expected = "gap" }
            let rules = try Fixtures.tzifDatabase.rules(for: c.zone)
            let actual: String
            switch rules.resolve(localSeconds: c.local) {
            case let .unique(u, _): actual = "unique \(u)"
            case let .overlap(e, _, l, _): actual = "overlap \(e) \(l)"
            case let .gap(transition, before, after):
                actual = "gap"
                // The gap must straddle the wall time: [transition + before, transition + after).
                let inside = transition + Int64(before) <= c.local && c.local < transition + Int64(after)
                if !inside { mismatches.append("\(c.zone) \(c.local): gap transition \(transition) does not contain it") }
            }
            if actual != expected { mismatches.append("\(c.zone) local \(c.local): chime \(actual), zoneinfo \(expected)") }
        }
        Differences.expectNone(mismatches, of: cases.count, "differ from zoneinfo")
        #expect(cases.count > 10_000)
    }

    /// Hand-derived DST facts (tz 2025b rules, read from the source text).
    @Test func handDerivedCases() throws {
        let db = Fixtures.tzifDatabase
        // New York 2026: 02:30 on Mar 8 is skipped (02:00 EST -> 03:00 EDT at 07:00Z).
        let ny = try db.rules(for: "America/New_York")
        let springForward = try CivilDateTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30)
        #expect(ny.resolve(springForward) == .gap(transition: 1_772_953_200, offsetBefore: -18_000, offsetAfter: -14_400))  // 2026-03-08T07:00:00Z
        func instant(_ zone: ZoneRules, _ local: CivilDateTime, _ gap: GapPolicy, _ overlap: OverlapPolicy = .first) -> [Int64] {
            zone.resolve(local, gap: gap, overlap: overlap).map(\.instant.seconds)
        }
        #expect(instant(ny, springForward, .shift) == [1_772_955_000])        // 07:30Z = 03:30 EDT
        #expect(instant(ny, springForward, .previous) == [1_772_951_400])     // 06:30Z = 01:30 EST
        #expect(instant(ny, springForward, .nextValid) == [1_772_953_200])    // 07:00Z = 03:00 EDT
        #expect(instant(ny, springForward, .skip).isEmpty)
        #expect(ny.resolve(springForward, gap: .shift, overlap: .first).first?.adjustment == .gapShiftedForward)
        // 01:30 on Nov 1 happens at 05:30Z (EDT) and 06:30Z (EST).
        let fallBack = try CivilDateTime(year: 2026, month: 11, day: 1, hour: 1, minute: 30)
        let both = ny.resolve(fallBack, gap: .skip, overlap: .both)
        #expect(both.map(\.instant.seconds) == [1_793_511_000, 1_793_514_600])      // 2026-11-01T05:30:00Z, 06:30:00Z
        #expect(both.map(\.abbreviation) == ["EDT", "EST"])
        #expect(both.map(\.adjustment) == [.overlapFirst, .overlapLast])
        #expect(instant(ny, fallBack, .skip, .last) == [1_793_514_600])

        // Lord Howe: a 30-minute DST; 2026-10-04 02:00 +1030 -> 02:30 +11 (first Sunday of October).
        let lh = try db.rules(for: "Australia/Lord_Howe")
        guard case let .gap(_, lhBefore, lhAfter) = lh.resolve(try CivilDateTime(year: 2026, month: 10, day: 4, hour: 2, minute: 15)) else {
            Issue.record("expected a Lord Howe gap"); return
        }
        #expect(lhAfter - lhBefore == 1800)

        // Sao Paulo 2018-11-04: midnight did not exist (00:00 -03 -> 01:00 -02 at 03:00Z).
        let sp = try db.rules(for: "America/Sao_Paulo")
        guard case let .gap(spTransition, _, _) = sp.resolve(try CivilDateTime(year: 2018, month: 11, day: 4)) else {
            Issue.record("expected Sao Paulo midnight gap"); return
        }
        #expect(spTransition == 1_541_300_400)                                     // 2018-11-04T03:00:00Z

        // Pacific/Apia skipped 2011-12-30 entirely (-10 -> +14 at 2011-12-30T10:00:00Z).
        let apia = try db.rules(for: "Pacific/Apia")
        guard case let .gap(apiaTransition, apiaBefore, apiaAfter) = apia.resolve(try CivilDateTime(year: 2011, month: 12, day: 30, hour: 12)) else {
            Issue.record("expected the skipped day"); return
        }
        #expect(apiaAfter - apiaBefore == 86_400)
        #expect(apiaTransition == 1_325_239_200)                                   // 2011-12-30T10:00:00Z
    }

    /// The 400-year cycle: far-future answers equal the answer 400 years earlier, shifted.
    @Test func cycleMapping() throws {
        let ny = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        let p = CivilArithmetic.secondsPer400Years
        #expect(p == TransitionTable.period && p == 146_097 * 86_400)
        var rng = SplitMix64(seed: 400)
        for _ in 0..<10_000 {
            let t = Int64(rng.next(in: 2_200_000_000...100_000_000_000))
            #expect(ny.utcOffset(atSeconds: t) == ny.utcOffset(atSeconds: t + p))
            #expect(ny.utcOffset(atSeconds: t) == ny.utcOffset(atSeconds: t + 7 * p))
        }
        // DST in 9999: second Sunday of March is 9999-03-14 (hand: 9999-03-01 is a Monday per Python's
        // datetime.date(9999, 3, 1).isoweekday() == 1), so 07:00Z that day starts EDT.
        let start = try CivilDateTime(year: 9999, month: 3, day: 14, hour: 7).localSeconds
        #expect(ny.utcOffset(atSeconds: start - 1) == -18000)
        #expect(ny.utcOffset(atSeconds: start) == -14400)
    }
}
