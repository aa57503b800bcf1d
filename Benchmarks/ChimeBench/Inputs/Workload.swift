import Chime

/// One lookup: a second count (UTC for offset lookups, local for resolution) and a zone index.
struct Probe {
    let seconds: Int64
    let zone: Int
}

/// Pre-generated inputs and pre-loaded rules shared by the lookup scenarios.
///
/// Probe arrays have a power-of-two length so bodies index them with a mask (`i & mask`).
struct Workload {
    static let probeCount = 8192
    static let seed: UInt64 = 0xC41E_2026

    /// 1970-01-01T00:00:00Z, 2100-01-01T00:00:00Z, 9999-12-31T23:59:59Z.
    static let epoch: Int64 = 0
    static let year2100: Int64 = 4_102_444_800
    static let year9999End: Int64 = 253_402_300_799

    let zoneIDs: [String]
    /// Rules from the TZif source (what Chime answers with by default here), index = `Probe.zone`.
    let tzif: [ZoneRules]
    /// The same zones from the ICU source, for comparison with ICU ucal.
    let icu: [ZoneRules]
    /// UTC instants, 1970–2100.
    let near: [Probe]
    /// UTC instants, 2100–9999: mostly beyond each table's 400-year window, so the cycle mapping runs.
    let far: [Probe]
    /// Wall times (local seconds), 1970–2100.
    let wallTimes: [Probe]
    /// Wall times within ±2 h of a transition's wall time, 1970–2100: gaps, overlaps and their edges.
    let edgeWallTimes: [Probe]

    var mask: Int { Self.probeCount - 1 }

    init(database: ZoneDatabase) throws(ZoneError) {
        zoneIDs = BenchZones.identifiers
        var tzif: [ZoneRules] = [], icu: [ZoneRules] = []
        for id in zoneIDs {
            tzif.append(try database.rules(for: id, source: .tzif))
            icu.append(try database.rules(for: id, source: .icu))
        }
        self.tzif = tzif
        self.icu = icu
        var rng = SplitMix64(seed: Self.seed)
        let zones = zoneIDs.count
        func probes(_ range: ClosedRange<Int64>) -> [Probe] {
            (0..<Self.probeCount).map { _ in
                Probe(seconds: Int64.random(in: range, using: &rng), zone: Int.random(in: 0..<zones, using: &rng))
            }
        }
        near = probes(Self.epoch...(Self.year2100 - 1))
        far = probes(Self.year2100...Self.year9999End)
        wallTimes = probes(Self.epoch...(Self.year2100 - 1))
        edgeWallTimes = (0..<Self.probeCount).map { _ in
            let zone = Int.random(in: 0..<zones, using: &rng)
            let start = Int64.random(in: Self.epoch...(Self.year2100 - 1), using: &rng)
            let jitter = Int64.random(in: -7200...7200, using: &rng)
            // The wall clock just before the next transition, moved up to 2 h either way.
            guard let next = tzif[zone].nextTransition(after: Instant(seconds: start)) else {
                return Probe(seconds: start + jitter, zone: zone)
            }
            return Probe(seconds: next.instant.seconds + Int64(next.before.utcOffset) + jitter, zone: zone)
        }
    }
}
