import Chime

/// The checks run before timing, each tied to the scenario whose inputs it covers.
///
/// Versions matter: Foundation here uses tz 2025b, like the TZif source, so it is compared with
/// Chime's TZif rules; system ICU is 2022e, so it is compared with Chime's ICU-sourced rules.
enum AgreementChecks {
    struct Check {
        let scenario: String
        let run: () -> Agreement
    }

    static func all(_ context: BenchContext) -> [Check] {
        let checks: [Check] = [
            Check(scenario: "offset.lookup") { foundation(context, context.workload.near, "offset.lookup") },
            Check(scenario: "offset.lookup.far") { foundation(context, context.workload.far, "offset.lookup.far") },
            Check(scenario: "offset.lookup") { icu(context, context.workload.near, "offset.lookup") },
            Check(scenario: "offset.lookup.far") { icu(context, context.workload.far, "offset.lookup.far") },
            Check(scenario: "resolve.local") { resolution(context, context.workload.wallTimes, "resolve.local") },
            Check(scenario: "resolve.local.edge") { resolution(context, context.workload.edgeWallTimes, "resolve.local.edge") },
        ]
        let peers = triggers(context) + calendarShapes(context) + dialectPeers(context) + robfigPeer(context) + rrules(context)
        return checks + peers + [Check(scenario: "pending.foundation") { pending(context) }]
    }

    /// `PendingColumns`' next fires for Foundation's sample against Foundation's own answers
    /// (`PendingFoundationPeer`: `Calendar.nextDate`, per-weekday minimum, interval arithmetic).
    static func pending(_ context: BenchContext) -> Agreement {
        let sample = context.pendingSample
        var builder = PendingColumns.Builder()
        for r in sample.requests { builder.append(number: r.number, trigger: r.trigger, zone: sample.rules[r.zone]) }
        var columns = builder.build()
        let now = Instant(seconds: PendingWorkload.now)
        columns.computeNextFires(after: now)
        var position: [UInt64: Int] = [:]
        for i in 0..<columns.count { position[UInt64(columns.identifier(at: i))!] = i }
        let peer = context.pendingFoundationSample
        var tally = AgreementTally()
        var kinds: [String: Int] = [:]
        var beyondApple = 0
        for (i, r) in sample.requests.enumerated() {
            if case .calendar(let t) = r.trigger, (t.components.weekdayOrdinal ?? 0) < 0 {
                beyondApple += 1             // "the last Monday": Foundation has no negative ordinals
                continue
            }
            let chime = columns.nextFire(at: position[r.number]!)?.seconds
            let foundation = peer.nextDate(i, after: PendingWorkload.now)
            kinds[r.kind.rawValue, default: 0] += 1
            tally.record(chime == foundation, "\(sample.zoneIDs[r.zone]) \(PendingWorkload.label(r.trigger)) after \(now): chime \(chime.map { Instant(seconds: $0).utcString } ?? "none"), Foundation \(foundation.map { Instant(seconds: $0).utcString } ?? "none")")
        }
        let mix = PendingWorkload.Kind.allCases.compactMap { k in kinds[k.rawValue].map { "\($0) \(k.rawValue)" } }.joined(separator: ", ")
        return tally.result("pending.foundation", "next fire after \(now) per request: PendingColumns vs Foundation Calendar.nextDate, 400 zones",
                            note: "requests: " + mix + "; \(beyondApple) with a negative weekdayOrdinal (beyond Apple) not compared")
    }

    private static func versionOf(_ context: BenchContext, _ source: ZoneSource) -> String {
        context.database.sources.first { $0.source == source }?.version ?? "?"
    }

    /// Chime (TZif) offsets against Foundation's `secondsFromGMT(for:)`.
    static func foundation(_ context: BenchContext, _ probes: [Probe], _ scenario: String) -> Agreement {
        let w = context.workload
        var tally = AgreementTally()
        for p in probes {
            let chime = Int(w.tzif[p.zone].utcOffset(atSeconds: p.seconds))
            let peer = context.foundation.offset(p.zone, atSeconds: p.seconds)
            tally.record(chime == peer, "\(w.zoneIDs[p.zone]) at \(Instant(seconds: p.seconds).utcString): chime \(chime), Foundation \(peer)")
        }
        return tally.result(scenario, "offsets: Chime tzif \(versionOf(context, .tzif)) vs Foundation \(FoundationPeer.tzdataVersion)")
    }

    /// Chime (ICU source) offsets and civil fields against ICU ucal's own field computation.
    static func icu(_ context: BenchContext, _ probes: [Probe], _ scenario: String) -> Agreement {
        let w = context.workload
        let comparison = "offsets + fields: Chime icu-source \(versionOf(context, .icu)) vs ICU ucal"
        guard let icu = context.icu else {
            return Agreement(scenario: scenario, comparison: comparison, compared: 0, mismatches: 0, examples: [],
                             note: "skipped: system ICU cannot open every bench zone")
        }
        var tally = AgreementTally()
        for p in probes {
            let rules = w.icu[p.zone]
            let offset = rules.utcOffset(atSeconds: p.seconds)
            let t = rules.localDateTime(at: Instant(seconds: p.seconds))
            guard let f = icu.fields(p.zone, atSeconds: p.seconds) else {
                tally.record(false, "\(w.zoneIDs[p.zone]) at \(Instant(seconds: p.seconds).utcString): ICU error")
                continue
            }
            let chime = [t.year, t.month, t.day, t.hour, t.minute, t.second, Int(offset)]
            let peer = [f.0, f.1, f.2, f.3, f.4, f.5, f.7 + f.8].map(Int.init)
            tally.record(chime == peer, "\(w.zoneIDs[p.zone]) at \(Instant(seconds: p.seconds).utcString): chime \(chime), ICU \(peer)")
        }
        return tally.result(scenario, comparison)
    }

    /// No peer resolves wall times directly, so the check is the defining property: every instant
    /// `u` returned for wall time `w` satisfies `u + offset(u) == w`, and a gap has no such instant
    /// on either side of its transition.
    static func resolution(_ context: BenchContext, _ probes: [Probe], _ scenario: String) -> Agreement {
        let w = context.workload
        var tally = AgreementTally()
        var unique = 0, gaps = 0, overlaps = 0
        for p in probes {
            let rules = w.tzif[p.zone]
            let local = p.seconds
            func maps(_ u: Int64) -> Bool { u + Int64(rules.utcOffset(atSeconds: u)) == local }
            let label = "\(w.zoneIDs[p.zone]) wall \(CivilDateTime(localSeconds: local))"
            switch rules.resolve(localSeconds: local) {
            case let .unique(u, offset):
                unique += 1
                tally.record(maps(u) && offset == rules.utcOffset(atSeconds: u), "\(label): unique \(u) does not map back")
            case let .overlap(earlier, _, later, _):
                overlaps += 1
                tally.record(earlier < later && maps(earlier) && maps(later), "\(label): overlap \(earlier), \(later) do not map back")
            case let .gap(transition, before, after):
                gaps += 1
                let beforeReading = local - Int64(before)   // the wall time read with the old offset
                let afterReading = local - Int64(after)
                tally.record(!maps(beforeReading) && !maps(afterReading) && afterReading < transition && beforeReading >= transition,
                             "\(label): gap at \(transition) is not a gap")
            }
        }
        return tally.result(scenario, "resolutions: u + offset(u) == wall time (Chime tzif, self-check)",
                            note: "inputs: \(unique) unique, \(overlaps) overlap, \(gaps) gap")
    }
}
