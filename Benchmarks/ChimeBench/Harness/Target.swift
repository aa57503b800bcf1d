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
