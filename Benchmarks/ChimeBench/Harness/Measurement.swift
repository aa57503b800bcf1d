/// The timings of one scenario: nanoseconds per operation in each repetition.
struct Measurement: Codable {
    let name: String
    let role: Scenario.Role
    let summary: String
    let unit: TimeUnit
    let iterationsPerRepetition: Int
    /// Nanoseconds per operation, one per repetition, in the order they ran.
    let samples: [Double]
    let target: Target?
    let baseline: String?
    /// This median over the baseline's median, filled in once the baseline has run.
    var ratioToBaseline: Double?

    var min: Double { samples.min() ?? .nan }
    var max: Double { samples.max() ?? .nan }
    var median: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
    var verdict: Target.Verdict? { target?.verdict(median: median) }
    /// Repetitions disagree by more than 25%: another process probably competed for the CPU.
    var isNoisy: Bool { max > min * 1.25 }
}
