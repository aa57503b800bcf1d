import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `IntervalTrigger.nextFire`'s whole-second fast path (a multiply for the division, the type from
/// the slot table) against the general 64/128-bit path it bypasses, on every fixture zone.
@Suite struct IntervalFastPathTests {
    /// 100,000 seeded cases: anchors 1900–2200 (a quarter with nanoseconds), whole-second steps from
    /// 60 s to ~136 years (and a few that do not qualify), starts around the anchor out to ±2^33 s
    /// and near the zone's transitions; every field of the two fires must agree.
    @Test func fastPathMatchesGeneralPath() throws {
        let zones = try Fixtures.zoneIdentifiers.map { try Fixtures.tzifDatabase.rules(for: $0) }
        var rng = SplitMix64(seed: 0x1A7E_2026)
        let from: Int64 = -2_208_988_800, until: Int64 = 7_258_118_400            // 1900 ... 2200
        var fastCases = 0
        for _ in 0..<100_000 {
            let zone = zones[rng.next(in: 0...zones.count - 1)]
            let anchor = Instant(seconds: Int64.random(in: from...until, using: &rng),
                                 nanoseconds: rng.next(in: 0...3) == 0 ? Int32(rng.next(in: 0...999_999_999)) : 0)
            let seconds: Int64 = switch rng.next(in: 0...9) {
            case 0: Int64.random(in: 60...(1 << 32) + 5, using: &rng)            // up to (and past) the 2^32 s limit
            case 1: [60, 3600, 86_400, 604_800][rng.next(in: 0...3)]
            default: Int64.random(in: 60...200_000, using: &rng)
            }
            let fraction: Int64 = rng.next(in: 0...19) == 0 ? Int64(rng.next(in: 1...999_999_999)) : 0
            let trigger = try IntervalTrigger(interval: ExactDuration(nanoseconds: seconds * 1_000_000_000 + fraction),
                                              repeats: rng.next(in: 0...9) != 0, anchor: anchor,
                                              reportsWallClockDrift: rng.next(in: 0...9) == 0)
            let start: Instant
            switch rng.next(in: 0...3) {
            case 0:   // just before or after one of the zone's transitions near the anchor
                let near = zone.transitions(from: anchor.adding(seconds: -400 * 86_400), to: anchor.adding(seconds: 400 * 86_400))
                let base = near.isEmpty ? anchor : near[rng.next(in: 0...near.count - 1)].instant
                start = base.adding(seconds: Int64(rng.next(in: -3 * 86_400...3 * 86_400)))
            case 1:   // around the fast path's ±2^32 s window
                start = anchor.adding(seconds: (rng.next(in: 0...1) == 0 ? 1 : -1) * ((1 << 32) + Int64(rng.next(in: -3...3))))
            default:
                start = anchor.adding(seconds: Int64.random(in: -(1 << 33)...(1 << 33), using: &rng))
            }
            let probe = Instant(seconds: start.seconds, nanoseconds: Int32(rng.next(in: 0...999_999_999)))
            let fast = trigger.nextFire(after: probe, in: zone), general = trigger.generalNextFire(after: probe, in: zone)
            if trigger.stepSeconds > 0 { fastCases += 1 }
            #expect(fast == general, "\(zone.identifier) anchor \(anchor) step \(trigger.interval) after \(probe)")
            if let fast, let general {
                #expect(fast.offset == general.offset && fast.isDST == general.isDST && fast.abbreviation == general.abbreviation
                        && fast.adjustment == general.adjustment && fast.local == general.local)
            }
        }
        #expect(fastCases > 60_000, "most cases must exercise the fast path")
    }

    /// Anchors near ±2^63 s with starts near ∓2^63 s: the start minus the anchor wraps around
    /// Int64 to a few seconds, which must not read as "a few seconds after the anchor". Every
    /// fire is anchor + k × step (k ≥ 1): past year 9999 for the far-future anchors (none), and
    /// for the far-past ones the first after a start that is itself past year 9999 is past it too
    /// (none). The general path computes in 128 bits and must agree.
    @Test func farAnchorsDoNotWrapIntoTheFastPath() throws {
        let zone = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        for (anchor, start) in [(Int64.max - 10, Int64.min + 5), (Int64.max - 3_600, Int64.min + 1_800),
                                (Int64.min + 10, Int64.max - 5), (Int64.min + 3_600, Int64.max)] {
            let trigger = try IntervalTrigger(interval: ExactDuration(seconds: 3_600), repeats: true, anchor: Instant(seconds: anchor))
            let probe = Instant(seconds: start)
            #expect(trigger.nextFire(after: probe, in: zone) == nil, "anchor \(anchor) after \(start)")
            #expect(trigger.generalNextFire(after: probe, in: zone) == nil, "anchor \(anchor) after \(start)")
        }
    }
}
