/// What happened between the trigger's components and the instant it fires at. JSON uses the
/// camelCase raw values (documented in docs/contract.md and docs/cli.md, "Adjustments").
///
/// Examples, America/New_York 2026, components `{hour: 2, minute: 30}`:
/// - 2026-03-09T06:30:00Z (02:30 EDT) is `exact`.
/// - On 2026-03-08 02:30 does not exist; with `nextTime` the fire is 03:00 EDT = 07:00:00Z,
///   `gapNextTime`.
/// - `{hour: 1, minute: 30}` on 2026-11-01 happens twice; with `first` the fire is 05:30:00Z,
///   `overlapFirst`.
public enum FireAdjustment: String, Sendable, Codable, CaseIterable, Hashable {
    /// The wall time exists once and the fire is exactly at it.
    case exact
    /// The wall time fell in a DST gap; moved to the first instant after the gap (Apple `nextTime`, gap policy `nextValid`).
    case gapNextTime
    /// The wall time fell in a DST gap; moved later keeping the smaller components
    /// (Apple `nextTimePreservingSmallerComponents`) or shifted by the gap length (gap policy `shift`).
    case gapShiftedForward
    /// The wall time fell in a DST gap; moved earlier (Apple `previousTimePreservingSmallerComponents`, gap policy `previous`).
    case gapShiftedBackward
    /// The wall time fell in a DST gap on an earlier day, which was skipped (Apple `strict`, gap policy `skip`).
    case gapSkipped
    /// The wall time occurs twice; this is the earlier instant.
    case overlapFirst
    /// The wall time occurs twice; this is the later instant.
    case overlapLast
    /// The date does not exist (e.g. April 31); moved to the start of the next day (Apple `nextTime`).
    case missingDayNextTime
    /// The date does not exist; moved to the next day keeping the time components.
    case missingDayNextTimePreservingSmallerComponents
    /// The date does not exist; moved to the previous day keeping the time components.
    case missingDayPreviousTimePreservingSmallerComponents
    /// A fixed-length interval (e.g. flutter's `RepeatInterval.daily`) crossed a DST transition, so
    /// the wall time differs from the anchor's: exact elapsed time, drifted wall clock.
    case intervalWallClockDrift
    /// An earlier fire's wall time was moved by a DST gap and the schedule kept the moved time
    /// (flutter_local_notifications on Android computes each fire from the one before:
    /// `FlutterAndroidTrigger`): a daily 02:30 fires at 03:30 from the gap on.
    case gapShiftCarried
}
