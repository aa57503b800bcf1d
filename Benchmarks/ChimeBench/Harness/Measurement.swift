/// The timings of one scenario: nanoseconds per operation in each repetition.
struct Measurement: Codable {
    let name: String
    let role: Scenario.Role
    let summary: String
    let unit: TimeUnit
    let iterationsPerRepetition: Int
    /// Operations per iteration (1 except for e.g. a whole batch file per iteration).
    let operationsPerIteration: Int
    /// Nanoseconds per operation, one per repetition, in the order they ran.
    let samples: [Double]
    let target: Target?
    let baseline: String?
    /// This median over the baseline's median, filled in once the baseline has run.
    var ratioToBaseline: Double?
    /// What one operation is, for a rate ("requests": operations per second are shown).
    let rateNoun: String?
    /// Swift heap allocations per operation, counted after timing, when the scenario asks for it.
    let allocations: Double?
    /// Extra figures from the scenario's `finish` (memory, rates, extrapolations).
    var metrics: [Scenario.Metric] = []
    /// The scenario's goal on `ratioToBaseline`, judged once the baseline has run.
    var ratioGoal: RatioGoal? = nil

    var min: Double { samples.min() ?? .nan }
    var max: Double { samples.max() ?? .nan }
    var median: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
    var verdict: Target.Verdict? {
        if let target { return target.verdict(median: median) }
        guard let ratioGoal else { return nil }
        return ratioToBaseline.map(ratioGoal.verdict) ?? .miss   // no baseline in the run: not shown to be met
    }
    /// Operations per second at the median.
    var ratePerSecond: Double { 1e9 / median }
    /// Repetitions disagree by more than 25%: another process probably competed for the CPU.
    var isNoisy: Bool { max > min * 1.25 }
}
