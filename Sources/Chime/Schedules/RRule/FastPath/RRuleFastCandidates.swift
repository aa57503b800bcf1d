/// What `RRulePlan.fastFire` asks of an RRULE fast path: a rule's candidate wall times one at a
/// time, in the walk's order, by arithmetic (`RRuleDatedFastPath` for MONTHLY and YEARLY,
/// `RRuleDayWeekFastPath` for WEEKLY and DAILY), and how close two of them can be.
///
/// Example: `FREQ=DAILY;BYHOUR=8,12,18` from `DTSTART:20260101T080000`: `next(atLeast:)`
/// 2026-03-02T12:00:01 is 2026-03-02T18:00:00, and `minimalGap` is 4 hours (08:00 to 12:00), so a
/// zone whose offsets differ by less than that cannot reorder two of its fires.
protocol RRuleFastCandidates: Sendable {
    /// The least distance between two candidate wall times, in seconds.
    var minimalGap: Int64 { get }
    /// The first candidate wall time at or after `floor` (which is not before DTSTART), or nil
    /// when the fast path gives up and the general walk must answer.
    func next<S: RRuleFastYears>(atLeast floor: Int64, years: S) -> Int64?
}

extension RRuleDatedFastPath: RRuleFastCandidates {}
