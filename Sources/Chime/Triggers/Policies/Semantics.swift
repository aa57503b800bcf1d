/// Which rules a calendar trigger follows: Foundation's (`apple`) or Chime's own (`consistent`,
/// written down in `docs/semantics.md`).
///
/// They differ where Foundation is irregular. Example, `{day: 15, hour: 14}` `strict` backward
/// before 2026-06-15T20:00:00Z in UTC: `consistent` answers 2026-06-15T14:00:00Z (the latest match
/// before the start); `apple` answers 2026-05-15T14:00:00Z, as Foundation does. Example,
/// `{hour: 2}` `strict` in Australia/Lord_Howe after 2025-10-04T00:00:00Z: 02:00 on 2025-10-05 is
/// in the DST gap (02:00 +10:30 -> 02:30 +11 at 15:30:00Z), so `consistent` skips to
/// 2025-10-05T15:00:00Z (02:00 on the 6th) while `apple` fires at the gap's end, 15:30:00Z.
public enum Semantics: String, Sendable, Codable, CaseIterable, Hashable {
    /// Foundation's `Calendar.nextDate`, quirks included (the default).
    case apple
    /// Chime's own rules: the earliest (latest, backward) instant whose wall time matches.
    case consistent
}
