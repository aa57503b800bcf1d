/// Where two or more versions of one schedule fire differently, on the occurrences an audit looks
/// at: e.g. apple versus consistent semantics, or what croniter, Vixie cron and systemd each do
/// with one cron line. Each audit is one version's, in one zone, over the same years.
///
/// Example, `30 2 * * *` in America/New_York, 2026: on 2026-03-08 02:30 falls in the gap; posix
/// (Vixie cron) and croniter run the job at 03:00 EDT (07:00:00Z), systemd skips it: one
/// difference. On 2026-11-01 01:30 happens twice: posix and systemd fire once (05:30:00Z),
/// croniter twice (05:30:00Z and 06:30:00Z): another.
public struct AuditComparison: Sendable {
    /// One version's answer for an occurrence: its audit event's outcome and fires, or nil
    /// outcome when it fires as written there (no event).
    public struct Answer: Sendable, Hashable {
        /// What this version did with the occurrence (`skipped`, `moved`, `doubled`, `once`,
        /// `stoodIn`); nil when it fired as written.
        public let outcome: AuditEvent.Outcome?
        /// This version's fires for the occurrence, in order (empty when it fired as written or
        /// skipped it).
        public let fires: [Fire]
    }

    /// An occurrence the versions answer differently.
    public struct Difference: Sendable {
        /// The wall time as written (`2026-03-08T02:30:00`), as in `AuditEvent.wanted`.
        public let wanted: String
        /// The local date of the wanted wall time, days since 1970-01-01 (`AuditEvent.day`).
        public let day: Int64
        /// Whether the occurrence meets a gap, an overlap or a missing day.
        public let kind: AuditEvent.Kind
        /// One answer per version, in the order given.
        public let answers: [Answer]
    }

    /// The occurrences where the audits' answers are not all the same, in wanted order.
    public static func differences(_ audits: [ZoneAudit]) -> [Difference] {
        struct Key: Hashable { let day: Int64; let wanted: String; let kind: AuditEvent.Kind }
        var byKey: [Key: [Int: AuditEvent]] = [:]
        for (index, audit) in audits.enumerated() {
            for event in audit.events { byKey[Key(day: event.day, wanted: event.wanted, kind: event.kind), default: [:]][index] = event }
        }
        var differences: [Difference] = []
        for (key, events) in byKey {
            let answers = audits.indices.map { index in
                events[index].map { Answer(outcome: $0.outcome, fires: $0.fires) } ?? Answer(outcome: nil, fires: [])
            }
            // Compare instants and outcomes (the adjustment names may differ between semantics for one instant).
            let shapes = Set(answers.map { answer in [answer.outcome?.rawValue ?? "asWritten"] + answer.fires.map { $0.instant.description } })
            if shapes.count > 1 {
                differences.append(Difference(wanted: key.wanted, day: key.day, kind: key.kind, answers: answers))
            }
        }
        return differences.sorted { ($0.day, $0.wanted, $0.kind.rawValue) < ($1.day, $1.wanted, $1.kind.rawValue) }
    }
}
