import Chime

/// A fire as a line of the commands' human output: local time, zone abbreviation, UTC, and what
/// was adjusted and why (`chime next`, `pending`, `plan`, `simulate`).
enum FireRow {
    /// One line: local time, zone abbreviation, UTC, and what was adjusted and why.
    static func text(_ fire: Fire) -> String {
        let local = fire.instant.iso8601(offsetSeconds: Int(fire.offset)).padding(to: 27)
        let utc = fire.instant.utcString.padding(to: 22)
        return local + fire.abbreviation.padding(to: 7) + utc + explanation(fire.adjustment)
    }

    static func explanation(_ adjustment: FireAdjustment) -> String {
        switch adjustment {
        case .exact: return "exact"
        case .gapNextTime: return "DST gap: wall time skipped; first instant after the gap (gapNextTime)"
        case .gapShiftedForward: return "DST gap: wall time skipped; moved forward (gapShiftedForward)"
        case .gapShiftedBackward: return "DST gap: wall time skipped; moved back (gapShiftedBackward)"
        case .gapSkipped: return "an earlier day's wall time fell in a DST gap and was skipped (gapSkipped)"
        case .overlapFirst: return "DST overlap: wall time happens twice; first of the two (overlapFirst)"
        case .overlapLast: return "DST overlap: wall time happens twice; second of the two (overlapLast)"
        case .missingDayNextTime: return "date does not exist; start of the next day (missingDayNextTime)"
        case .missingDayNextTimePreservingSmallerComponents:
            return "date does not exist; next day, same time (missingDayNextTimePreservingSmallerComponents)"
        case .missingDayPreviousTimePreservingSmallerComponents:
            return "date does not exist; previous day, same time (missingDayPreviousTimePreservingSmallerComponents)"
        case .intervalWallClockDrift: return "fixed interval crossed a DST change: wall time drifted (intervalWallClockDrift)"
        case .gapShiftCarried: return "wall time moved by an earlier DST gap, kept ever since (gapShiftCarried)"
        }
    }
}
