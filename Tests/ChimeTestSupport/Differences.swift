import Testing

/// How a differential or parity test reports what differed: a few short lines, never the whole
/// list. (`#expect(differences.isEmpty)` prints its operand in full: with a missing oracle, 3,000
/// differences made one 950 KB line of test log.)
enum Differences {
    /// The most characters of one difference a report shows.
    static let lineLimit = 300

    /// Records one issue when `differences` is not empty: how many (of `total`, when given), where
    /// the full list is (when written to a file), and the first three, each cut to `lineLimit`.
    static func expectNone(_ differences: [String], of total: Int? = nil, _ what: String, fullList: String? = nil,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        guard !differences.isEmpty else { return }
        var lines = ["\(differences.count)\(total.map { " of \($0)" } ?? "") \(what)" + (fullList.map { " (all in \($0))" } ?? "") + ":"]
        lines += differences.prefix(3).map { "  " + cut($0) }
        if differences.count > 3 { lines.append("  … and \(differences.count - 3) more") }
        Issue.record(Comment(rawValue: lines.joined(separator: "\n")), sourceLocation: sourceLocation)
    }

    /// `line` cut to `lineLimit` characters (with a mark when cut).
    static func cut(_ line: String) -> String {
        line.count <= lineLimit ? line : String(line.prefix(lineLimit)) + " …(\(line.count) characters)"
    }
}
