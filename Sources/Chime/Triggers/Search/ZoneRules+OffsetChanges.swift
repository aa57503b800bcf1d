extension ZoneRules {
    /// Calls `body(instant, offsetBefore, offsetAfter)` for each change of offset at an instant in
    /// `from..<to` (UTC seconds), in order: what the search needs of `transitions(from:to:)`,
    /// walked period by period without building an array (or the transitions' abbreviation
    /// strings), so a search near a transition allocates nothing. A boundary where only the
    /// abbreviation or the DST flag changes is passed over: the callers look at offsets alone.
    @inline(__always)
    func forEachOffsetChange(from: Int64, to: Int64, _ body: (Int64, Int32, Int32) -> Void) {
        var period = self.period(containing: from - 1)
        while period.end < to && period.end != Int64.max {
            let next = self.period(containing: period.end)
            guard next.end > period.end else { return }       // no progress: the table's end
            if period.end >= from && next.type.utcOffset != period.type.utcOffset {
                body(period.end, period.type.utcOffset, next.type.utcOffset)
            }
            period = next
        }
    }
}
