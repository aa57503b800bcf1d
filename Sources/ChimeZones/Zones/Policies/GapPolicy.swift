/// Explicit handling of a wall time skipped by a DST transition (beyond Apple; replaces the
/// matching policy's gap handling when set).
///
/// Example, America/New_York 2026-03-08, 02:30 (02:00 EST -> 03:00 EDT at 07:00:00Z):
/// - `skip`: no fire that day; the next day's 02:30
/// - `shift`: moved by the gap length, 03:30 EDT = 07:30:00Z (RFC 5545, Temporal "compatible")
/// - `nextValid`: the first instant after the gap, 03:00 EDT = 07:00:00Z (Apple's `nextTime`)
/// - `previous`: the wall time read with the later offset, 01:30 EST = 06:30:00Z
/// - `reject`: an error that names the skipped wall time
public enum GapPolicy: String, Sendable, Codable, CaseIterable, Hashable {
    /// No fire for a skipped wall time; the next occurrence that exists fires.
    case skip
    /// Later by the length of the gap (02:30 → 03:30 EDT): RFC 5545's rule, the offset before the
    /// gap.
    case shift
    /// The first instant after the gap (02:30 → 03:00 EDT): Apple's `nextTime`.
    case nextValid
    /// Earlier by the length of the gap (02:30 → 01:30 EST): the offset after the gap.
    case previous
    /// An error (`TriggerError.wallTimeSkipped`) naming the skipped wall time.
    case reject
}
