/// "Did you mean": the known name nearest a mistyped one, by case-insensitive edit distance. One
/// measure for every place Chime suggests a name — JSON members, zone ids, CLI commands and options.
public enum ClosestName {
    /// The candidate nearest `text`, when it is near enough to be a typo: at most 2 edits, or a
    /// third of the text's length for longer names; a prefix of three characters or more counts as
    /// one edit (`--comp` for `--components`). Ties go to the earlier candidate.
    public static func closest(to text: String, among candidates: [String]) -> String? {
        let query = Array(text.lowercased().utf8)
        var best: (distance: Int, candidate: String)?
        for candidate in candidates {
            let target = Array(candidate.lowercased().utf8)
            var distance = editDistance(query, target)
            if target.starts(with: query), query.count >= 3 { distance = min(distance, 1) }
            if distance <= threshold(query.count), distance < (best?.distance ?? .max) { best = (distance, candidate) }
        }
        return best?.candidate
    }

    /// The most edits a suggestion may be away from a text of `length` bytes.
    static func threshold(_ length: Int) -> Int { max(2, length / 3) }

    /// Levenshtein distance with two rows.
    public static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
