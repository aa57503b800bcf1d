/// "Did you mean" for zone ids: case-insensitive edit distance.
enum ZoneNameSuggester {
    static func closest(to query: String, among candidates: [String], limit: Int) -> [String] {
        let q = Array(query.lowercased().utf8)
        guard !q.isEmpty else { return [] }
        var scored: [(distance: Int, id: String)] = []
        let threshold = ClosestName.threshold(q.count)
        // The edit distance is at least the difference in length: skip the quadratic work when
        // that alone is over the threshold.
        func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
            abs(a.count - b.count) > threshold ? Int.max : ClosestName.editDistance(a, b)
        }
        for id in candidates {
            let full = Array(id.lowercased().utf8)
            let last = Array((id.split(separator: "/").last.map(String.init) ?? id).lowercased().utf8)
            let substring = full.count >= q.count && id.lowercased().contains(query.lowercased())
            let score = substring ? 0 : min(distance(q, full), distance(q, last))
            if score <= threshold { scored.append((score, id)) }
        }
        scored.sort { ($0.distance, $0.id.count, $0.id) < ($1.distance, $1.id.count, $1.id) }
        return scored.prefix(limit).map(\.id)
    }
}
