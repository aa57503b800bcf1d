import Chime

/// Instant -> UTC offset: Chime on random instants over 50 zones, and on the same inputs ICU ucal,
/// Foundation, and two floors (the bare loop, and civil-date arithmetic without any zone).
///
/// Operations are independent, so these are throughput numbers (the CPU may overlap lookups),
/// the way a scheduler sweeping many users' reminders would call them.
enum OffsetScenarios {
    static func all(_ context: BenchContext) -> [Scenario] {
        [
            Scenario(name: "offset.lookup", role: .chime,
                     summary: "instant -> offset, 1970–2100, 50 zones: ZoneRules.utcOffset(atSeconds:)",
                     unit: .ns, target: .ns(15)) {
                let w = context.workload
                return .ready { n in lookups(w.tzif, w.near, w.mask, n) }
            },
            Scenario(name: "offset.lookup.far", role: .chime,
                     summary: "instant -> offset, 2100–9999 (400-year cycle mapping), 50 zones",
                     unit: .ns, target: .ns(15)) {
                let w = context.workload
                return .ready { n in lookups(w.tzif, w.far, w.mask, n) }
            },
            Scenario(name: "offset.lookup.fields", role: .chime,
                     summary: "instant -> offset + civil fields: ZoneRules.localDateTime(at:) (what ICU computes)",
                     unit: .ns, baseline: "offset.lookup") {
                let w = context.workload
                return .ready { n in localDateTimes(w.tzif, w.near, w.mask, n) }
            },
            Scenario(name: "offset.lookup.icu", role: .peer,
                     summary: "ICU ucal (system ICU, its own tz data): setMillis + 9 field reads, same instants and zones",
                     unit: .ns, baseline: "offset.lookup") {
                guard let icu = context.icu else { return .skip("system ICU cannot open every bench zone") }
                let w = context.workload
                return .ready { n in icuLookups(icu, w.near, w.mask, n) }
            },
            Scenario(name: "offset.lookup.foundation", role: .peer,
                     summary: "Foundation TimeZone.secondsFromGMT(for:), same instants and zones",
                     unit: .ns, baseline: "offset.lookup") {
                let w = context.workload
                let foundation = context.foundation
                return .ready { n in foundationLookups(foundation, w.near, w.mask, n) }
            },
            Scenario(name: "offset.lookup.floor.loop", role: .floor,
                     summary: "floor: the harness loop alone (read probe, accumulate)",
                     unit: .ns, baseline: "offset.lookup") {
                let w = context.workload
                return .ready { n in loopFloor(w.near, w.mask, n) }
            },
            Scenario(name: "offset.lookup.floor.civil", role: .floor,
                     summary: "floor: days-from-civil arithmetic alone (instant -> y/m/d + second of day)",
                     unit: .ns, baseline: "offset.lookup") {
                let w = context.workload
                return .ready { n in civilFloor(w.near, w.mask, n) }
            },
        ]
    }

    // The loops below run unchecked over the probe arrays so the harness adds as little as possible;
    // the library calls themselves are exactly what a caller would write.

    @inline(__always)
    static func lookups(_ rules: [ZoneRules], _ probes: [Probe], _ mask: Int, _ n: Int) -> UInt64 {
        var acc: UInt64 = 0
        rules.withUnsafeBufferPointer { rules in
            probes.withUnsafeBufferPointer { probes in
                for i in 0..<n {
                    let p = probes[i & mask]
                    acc &+= UInt64(truncatingIfNeeded: rules[p.zone].utcOffset(atSeconds: p.seconds))
                }
            }
        }
        return acc
    }

    static func localDateTimes(_ rules: [ZoneRules], _ probes: [Probe], _ mask: Int, _ n: Int) -> UInt64 {
        var acc: UInt64 = 0
        rules.withUnsafeBufferPointer { rules in
            probes.withUnsafeBufferPointer { probes in
                for i in 0..<n {
                    let p = probes[i & mask]
                    let t = rules[p.zone].localDateTime(at: Instant(seconds: p.seconds))
                    acc &+= UInt64(truncatingIfNeeded: t.year &* 31 &+ t.month &* 37 &+ t.day &+ t.hour &* 3600 &+ t.minute &* 60 &+ t.second)
                }
            }
        }
        return acc
    }

    static func icuLookups(_ icu: ICUPeer, _ probes: [Probe], _ mask: Int, _ n: Int) -> UInt64 {
        var acc: UInt64 = 0
        probes.withUnsafeBufferPointer { probes in
            for i in 0..<n {
                let p = probes[i & mask]
                acc &+= UInt64(truncatingIfNeeded: icu.offset(p.zone, atSeconds: p.seconds) ?? 0)
            }
        }
        return acc
    }

    static func foundationLookups(_ foundation: FoundationPeer, _ probes: [Probe], _ mask: Int, _ n: Int) -> UInt64 {
        var acc: UInt64 = 0
        probes.withUnsafeBufferPointer { probes in
            for i in 0..<n {
                let p = probes[i & mask]
                acc &+= UInt64(truncatingIfNeeded: foundation.offset(p.zone, atSeconds: p.seconds))
            }
        }
        return acc
    }

    static func loopFloor(_ probes: [Probe], _ mask: Int, _ n: Int) -> UInt64 {
        var acc: UInt64 = 0
        probes.withUnsafeBufferPointer { probes in
            for i in 0..<n {
                let p = probes[i & mask]
                acc &+= UInt64(bitPattern: p.seconds) ^ UInt64(p.zone)
            }
        }
        return acc
    }

    static func civilFloor(_ probes: [Probe], _ mask: Int, _ n: Int) -> UInt64 {
        var acc: UInt64 = 0
        probes.withUnsafeBufferPointer { probes in
            for i in 0..<n {
                let f = CivilFloor.fields(ofSeconds: probes[i & mask].seconds)
                acc &+= UInt64(bitPattern: f.year &* 31 &+ f.month &* 37 &+ f.day &+ f.secondOfDay)
            }
        }
        return acc
    }
}
