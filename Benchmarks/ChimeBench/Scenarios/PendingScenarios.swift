import Chime

/// The pending set at scale (`PendingColumns`): next fire for every request after "now" plus the
/// 64 soonest, at 10k / 100k / 1M / 10M requests of mixed trigger kinds in 400 zones
/// (`PendingWorkload`), with resident memory per request; one year of deliveries for 100,000
/// daily requests; and Foundation doing the same work on a sample, extrapolated (labelled so).
enum PendingScenarios {
    static let k = 64
    /// Seconds between the "now" of consecutive iterations (so no two ask the same question).
    static let step: Int64 = 37 * 60

    /// What a pending scenario built in `prepare`, freed in `finish`.
    final class State {
        var columns: PendingColumns?
        var residentBefore: Int?
        var residentAfter: Int?
        var peakDuringBuild: Int?
        var soonestSample: [PendingColumns.Soonest] = []
        var fires = 0
    }

    static func all(_ context: BenchContext) -> [Scenario] {
        let quick = context.options.quick
        var scenarios: [Scenario] = []
        let sizes: [(name: String, count: Int, target: Target?)] = [
            ("pending.10k", 10_000, nil), ("pending.100k", 100_000, nil),
            ("pending.1m", 1_000_000, .ms(30)), ("pending.10m", 10_000_000, .ms(500)),
        ]
        for size in sizes {
            let state = State()
            scenarios.append(Scenario(
                name: size.name, role: .chime,
                summary: "next fire after now for all \(TableReport.grouped(Double(size.count))) requests (mixed kinds, 400 zones) + the \(k) soonest: PendingColumns.computeNextFires, every core",
                unit: .ms, target: size.target, maxRepetitions: size.count >= 10_000_000 ? 5 : .max,
                finish: { finishSet(state, size.count) },
                prepare: {
                    if quick && size.count > 1_000_000 { return .skip("full mode only (building 10M requests takes ~20 s)") }
                    buildSet(state, size.count, context)
                    return .ready { n in nextFiresBody(state, n) }
                }))
            if size.count == 1_000_000 {
                scenarios.append(foundationSample(context))
                scenarios.append(foundationFull(context))
            }
        }
        scenarios += simulation(context)
        return scenarios
    }

    // MARK: Chime

    static func buildSet(_ state: State, _ n: Int, _ context: BenchContext) {
        ProcessMemory.trim()
        ProcessMemory.resetPeak()
        var workload: PendingWorkload
        do { workload = try PendingWorkload(database: context.database) } catch { BenchContext.fail("pending workload: \(error)") }
        // After the workload's 400 zones are loaded: their rules are a cost per zone, not per
        // request (at 100k requests they would be ~50 bytes of each request's share).
        ProcessMemory.trim()
        state.residentBefore = ProcessMemory.residentBytes()
        var columns = workload.columns(n)
        columns.computeNextFires(after: Instant(seconds: PendingWorkload.now), keepingSoonest: k)   // allocates the column
        state.columns = columns
        ProcessMemory.trim()
        state.residentAfter = ProcessMemory.residentBytes()
        state.peakDuringBuild = ProcessMemory.peakResidentBytes()
        ProcessMemory.resetPeak()
    }

    static func nextFiresBody(_ state: State, _ n: Int) -> UInt64 {
        var acc: UInt64 = 0
        for i in 0..<n {
            let now = Instant(seconds: PendingWorkload.now + Int64(i) * step)
            let soonest = state.columns!.computeNextFires(after: now, keepingSoonest: k)
            for s in soonest { acc = acc &* 31 &+ UInt64(bitPattern: s.instant.seconds) &+ UInt64(s.index) }
            if i == 0 { state.soonestSample = soonest }
        }
        return acc
    }

    static func finishSet(_ state: State, _ n: Int) -> [Scenario.Metric] {
        guard let columns = state.columns else { return [] }
        var metrics: [Scenario.Metric] = [.init(name: "requests", value: Double(n), unit: "")]
        if let before = state.residentBefore, let after = state.residentAfter {
            metrics.append(.init(name: "resident bytes/request", value: Double(after - before) / Double(n), unit: "B",
                                 note: "RSS after building and one pass − RSS with the zones loaded, ≤ 32 B target"))
        }
        metrics.append(.init(name: "allocated bytes/request", value: Double(columns.allocatedBytes) / Double(n), unit: "B",
                             note: "array capacities of the columns and side tables"))
        if let peak = ProcessMemory.peakResidentBytes() {
            metrics.append(.init(name: "peak RSS while timing", value: Double(peak) / 1_048_576, unit: "MiB",
                                 note: "VmHWM reset after building: the whole process"))
        }
        if let peak = state.peakDuringBuild {
            metrics.append(.init(name: "peak RSS while building", value: Double(peak) / 1_048_576, unit: "MiB",
                                 note: "generator + builder + columns"))
        }
        let kinds = columns.kindCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        metrics.append(.init(name: "zones", value: Double(columns.zoneCount), unit: "", note: "storage kinds: " + kinds))
        if let first = state.soonestSample.first, let last = state.soonestSample.last {
            metrics.append(.init(name: "soonest", value: Double(state.soonestSample.count), unit: "",
                                 note: "first \(first.identifier) at \(first.instant), last \(last.identifier) at \(last.instant)"))
        }
        state.columns = nil
        state.soonestSample = []
        ProcessMemory.trim()
        return metrics
    }

    // MARK: Foundation

    /// Requests in Foundation's sample: the first ones of the same seeded workload.
    static func sampleSize(_ context: BenchContext) -> Int { context.options.quick ? 1_000 : 10_000 }

    static func foundationSample(_ context: BenchContext) -> Scenario {
        let n = sampleSize(context)
        return Scenario(
            name: "pending.foundation", role: .peer,
            summary: "Foundation Calendar.nextDate for each of a \(TableReport.grouped(Double(n)))-request sample of the same workload, then a sort and the \(k) soonest; per request, one thread",
            unit: .us, operationsPerIteration: n,
            finish: {
                [Scenario.Metric(name: "sample", value: Double(n), unit: "requests",
                                 note: "pending.N.foundation ≈ this per-request time × N: an extrapolation, see the summary")]
            },
            prepare: {
                let peer = context.pendingFoundationSample
                return .ready { iterations in
                    var acc: UInt64 = 0
                    for i in 0..<iterations {
                        for s in peer.soonest(after: PendingWorkload.now + Int64(i) * step, k: k) {
                            acc = acc &* 31 &+ UInt64(bitPattern: s.seconds)
                        }
                    }
                    return acc
                }
            })
    }

    /// The whole 1M set through Foundation, once: only when asked by name (~40–60 s).
    static func foundationFull(_ context: BenchContext) -> Scenario {
        Scenario(
            name: "pending.1m.foundation.full", role: .peer,
            summary: "Foundation on all 1,000,000 requests of pending.1m (nextDate each, sort, \(k) soonest), one thread, one run",
            unit: .ms, baseline: "pending.1m", singleShot: true, explicitOnly: true,
            finish: {
                [Scenario.Metric(name: "peak RSS", value: Double(ProcessMemory.peakResidentBytes() ?? 0) / 1_048_576, unit: "MiB")]
            },
            prepare: {
                var workload: PendingWorkload
                do { workload = try PendingWorkload(database: context.database) } catch { BenchContext.fail("\(error)") }
                let peer = PendingFoundationPeer(requests: workload.requests(1_000_000), zoneIDs: workload.zoneIDs)
                ProcessMemory.resetPeak()
                return .ready { _ in
                    var acc: UInt64 = 0
                    for s in peer.soonest(after: PendingWorkload.now, k: k) { acc = acc &* 31 &+ UInt64(bitPattern: s.seconds) }
                    return acc
                }
            })
    }

    // MARK: Delivery simulation

    /// 2027-01-01T00:00:00Z … 2028-01-01T00:00:00Z.
    static let year: (from: Int64, until: Int64) = (1_798_761_600, 1_830_297_600)
    static let dailyRequests = 100_000

    /// 100,000 daily `{hour, minute}` requests (random times, the 400 zones).
    static func dailyColumns(_ context: BenchContext, _ n: Int) -> (PendingColumns, [PendingWorkload.Request], [String]) {
        var rng = SplitMix64(seed: 0xDA11_2027)
        let ids = PendingWorkload.zoneIDs(context.database)
        let rules: [ZoneRules]
        do { rules = try ids.map { try context.database.rules(for: $0, source: .tzif) } } catch { BenchContext.fail("\(error)") }
        var builder = PendingColumns.Builder(expectedCount: n)
        var requests: [PendingWorkload.Request] = []
        for i in 0..<n {
            let zone = Int.random(in: 0..<rules.count, using: &rng)
            let trigger: Trigger
            do {
                trigger = .calendar(try .daily(hour: Int.random(in: 0...23, using: &rng), minute: Int.random(in: 0...59, using: &rng)))
            } catch { BenchContext.fail("\(error)") }
            builder.append(number: UInt64(i + 1), trigger: trigger, zone: rules[zone])
            if i < 1_000 { requests.append(.init(number: UInt64(i + 1), kind: .daily, trigger: trigger, zone: zone)) }
        }
        return (builder.build(), requests, ids)
    }

    static func simulation(_ context: BenchContext) -> [Scenario] {
        let state = State()
        let from = Instant(seconds: year.from), until = Instant(seconds: year.until)
        let sample = context.options.quick ? 5 : 100
        return [
            Scenario(
                name: "pending.simulate.year", role: .chime,
                summary: "one year of deliveries (2027) for 100,000 daily requests, 400 zones: PendingColumns.deliveryCount, every core; per whole year",
                unit: .ms, target: .ms(5000), maxRepetitions: context.options.quick ? 1 : 5,
                finish: {
                    var metrics: [Scenario.Metric] = [.init(name: "fires delivered", value: Double(state.fires), unit: "")]
                    if let peak = ProcessMemory.peakResidentBytes() {
                        metrics.append(.init(name: "peak RSS", value: Double(peak) / 1_048_576, unit: "MiB"))
                    }
                    state.columns = nil
                    return metrics
                },
                prepare: {
                    ProcessMemory.trim()
                    ProcessMemory.resetPeak()
                    state.columns = dailyColumns(context, dailyRequests).0
                    return .ready { n in
                        var acc: UInt64 = 0
                        for _ in 0..<n {
                            let fires = state.columns!.deliveryCount(after: from, through: until)
                            state.fires = fires
                            acc &+= UInt64(fires)
                        }
                        return acc
                    }
                }),
            Scenario(
                name: "pending.simulate.year.foundation", role: .peer,
                summary: "Foundation: the year's chained nextDate for \(sample) of those requests, per fire, one thread (× 36.5 M fires = an extrapolation)",
                unit: .us, operationsPerIteration: sample * 365,
                finish: { [Scenario.Metric(name: "sample", value: Double(sample), unit: "requests",
                                           note: "× 36.5 M fires ≈ Foundation's year: an extrapolation, see the summary")] },
                prepare: {
                    let (_, requests, ids) = dailyColumns(context, 1_000)
                    let peer = PendingFoundationPeer(requests: Array(requests.prefix(sample)), zoneIDs: ids)
                    return .ready { n in
                        var acc: UInt64 = 0
                        for _ in 0..<n {
                            for i in 0..<peer.count {
                                var t = year.from
                                for _ in 0..<365 {          // a daily request's fires in the year
                                    guard let next = peer.nextDate(i, after: t) else { break }
                                    acc &+= UInt64(next)
                                    t = next
                                }
                            }
                        }
                        return acc
                    }
                }),
        ]
    }
}
