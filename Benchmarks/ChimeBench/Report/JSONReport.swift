import Foundation

/// `--json`: everything the table shows, machine-readable (times in nanoseconds per operation).
struct JSONReport: Encodable {
    struct Result: Encodable {
        let name: String
        let role: Scenario.Role
        let summary: String
        let unit: TimeUnit
        let iterationsPerRepetition: Int
        let operationsPerIteration: Int
        let nanosecondsPerOperation: Stats
        /// Operations per second at the median, for scenarios that name their operation (e.g. "requests").
        let rate: Rate?
        /// Swift heap allocations per operation, where counted.
        let allocationsPerOperation: Double?
        let samples: [Double]
        let target: Target?
        let verdict: Target.Verdict?
        let baseline: String?
        let ratioToBaseline: Double?
        /// max > 1.25 × min: the machine was probably busy.
        let noisy: Bool
        /// Extra figures (peak resident memory, bytes per request, extrapolations), when reported.
        let metrics: [Scenario.Metric]
    }

    struct Stats: Encodable {
        let min: Double
        let median: Double
        let max: Double
    }

    struct Rate: Encodable {
        let noun: String
        let perSecond: Double
    }

    struct Skip: Encodable {
        let name: String
        let reason: String
    }

    let machine: MachineInfo
    let zoneData: ZoneDataInfo
    let quick: Bool
    let repetitions: Int
    let agreements: [Agreement]
    let results: [Result]
    let skipped: [Skip]
    let checksum: String

    init(machine: MachineInfo, zoneData: ZoneDataInfo, quick: Bool, settings: Runner.Settings,
         agreements: [Agreement], measurements: [Measurement], skipped: [Skip], checksum: UInt64) {
        self.machine = machine
        self.zoneData = zoneData
        self.quick = quick
        self.repetitions = settings.repetitions
        self.agreements = agreements
        self.results = measurements.map { m in
            Result(name: m.name, role: m.role, summary: m.summary, unit: m.unit,
                   iterationsPerRepetition: m.iterationsPerRepetition, operationsPerIteration: m.operationsPerIteration,
                   nanosecondsPerOperation: Stats(min: m.min, median: m.median, max: m.max),
                   rate: m.rateNoun.map { Rate(noun: $0, perSecond: m.ratePerSecond) }, allocationsPerOperation: m.allocations,
                   samples: m.samples, target: m.target, verdict: m.verdict,
                   baseline: m.baseline, ratioToBaseline: m.ratioToBaseline, noisy: m.isNoisy, metrics: m.metrics)
        }
        self.skipped = skipped
        self.checksum = String(checksum, radix: 16)
    }

    func text() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
