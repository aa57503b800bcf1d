/// A budget from an issue: the median time per operation must not exceed `nanoseconds`.
struct Target: Codable {
    let nanoseconds: Double
    /// Where the number comes from, e.g. "issue: zone rules".
    let source: String

    static func ns(_ value: Double, _ source: String = "issue") -> Target { Target(nanoseconds: value, source: source) }
    static func us(_ value: Double, _ source: String = "issue") -> Target { Target(nanoseconds: value * 1_000, source: source) }
    static func ms(_ value: Double, _ source: String = "issue") -> Target { Target(nanoseconds: value * 1_000_000, source: source) }

    enum Verdict: String, Codable {
        case pass = "PASS", miss = "MISS"
    }

    func verdict(median: Double) -> Verdict { median <= nanoseconds ? .pass : .miss }
}

/// A goal stated against a peer or floor in the same run (issue 11: "within 6× the spawn of
/// /bin/true", "at least 100× faster than Foundation"): the peer's median over the Chime
/// scenario's median (the "vs chime" column) must be at least `minimumRatio`.
struct RatioGoal: Codable {
    let minimumRatio: Double
    /// How the table states it, e.g. "chime ≤ 6×".
    let label: String
    /// The sentence for the summary, e.g. "cold.chime.zone within 6× of spawning /bin/true".
    let statement: String
    let source: String

    /// Chime may take at most `factor` times this scenario's time.
    static func chimeWithin(_ factor: Double, of what: String, _ source: String = "issue 11") -> RatioGoal {
        let text = TimeUnit.fixed(factor, factor == factor.rounded() ? 0 : 2)        // 2×, 1.15×
        return RatioGoal(minimumRatio: 1 / factor, label: "chime ≤ \(text)×", statement: "within \(text)× of \(what)", source: source)
    }

    /// Chime must be at least `factor` times faster than this scenario.
    static func chimeFaster(_ factor: Double, than what: String, _ source: String = "issue 11") -> RatioGoal {
        RatioGoal(minimumRatio: factor, label: "≥ \(TimeUnit.fixed(factor, 0))×",
                  statement: "at least \(TimeUnit.fixed(factor, 0))× faster than \(what)", source: source)
    }

    func verdict(ratio: Double) -> Target.Verdict { ratio >= minimumRatio ? .pass : .miss }
}
