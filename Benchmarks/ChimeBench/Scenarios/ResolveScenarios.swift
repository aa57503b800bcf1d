import Chime

/// Wall time -> instant(s): `ZoneRules.resolve(localSeconds:)` over 50 zones, on uniformly random
/// wall times (almost all unique) and on wall times near transitions (many gaps and overlaps);
/// the agreement check prints each mix.
enum ResolveScenarios {
    static func all(_ context: BenchContext) -> [Scenario] {
        [
            Scenario(name: "resolve.local", role: .chime,
                     summary: "wall time -> unique/gap/overlap, 1970–2100, 50 zones: resolve(localSeconds:)",
                     unit: .ns, target: .ns(40)) {
                let w = context.workload
                return .ready { n in resolutions(w.tzif, w.wallTimes, w.mask, n) }
            },
            Scenario(name: "resolve.local.edge", role: .chime,
                     summary: "the same, wall times within ±2 h of a transition (gaps, overlaps)",
                     unit: .ns, baseline: "resolve.local") {
                let w = context.workload
                return .ready { n in resolutions(w.tzif, w.edgeWallTimes, w.mask, n) }
            },
            Scenario(name: "resolve.local.floor.lookup", role: .floor,
                     summary: "floor: one offset lookup at the same wall time (a resolution needs at least this)",
                     unit: .ns, baseline: "resolve.local") {
                let w = context.workload
                return .ready { n in OffsetScenarios.lookups(w.tzif, w.wallTimes, w.mask, n) }
            },
        ]
    }

    static func resolutions(_ rules: [ZoneRules], _ probes: [Probe], _ mask: Int, _ n: Int) -> UInt64 {
        var acc: UInt64 = 0
        rules.withUnsafeBufferPointer { rules in
            probes.withUnsafeBufferPointer { probes in
                for i in 0..<n {
                    let p = probes[i & mask]
                    switch rules[p.zone].resolve(localSeconds: p.seconds) {
                    case let .unique(seconds, offset):
                        acc &+= UInt64(bitPattern: seconds) &+ UInt64(truncatingIfNeeded: offset)
                    case let .overlap(earlier, _, later, _):
                        acc &+= UInt64(bitPattern: earlier) ^ UInt64(bitPattern: later)
                    case let .gap(transition, _, _):
                        acc &+= UInt64(bitPattern: transition) &* 3
                    }
                }
            }
        }
        return acc
    }
}
