import Chime

/// Go's robfig/cron v3 beside croniter for the `next.cron.*` scenarios, on the same daily starts
/// (ratio = robfig / Chime): `robfig_peer` (`GoCronPeer`) times `schedule.Next(start in zone)` in its
/// own process, the expression parsed and the zones loaded before timing. robfig reads six fields
/// with seconds first, so the expressions gain a leading `0`; its answers are checked against
/// Chime's robfig flavor on the same starts (`AgreementChecks.robfigPeer`). Without Go or the
/// package the rows are skipped with a note, never failed.
enum RobfigPeerScenarios {
    /// (Chime scenario, robfig's six-field expression, Chime's posix expression).
    static let rows = [
        ("next.cron.daily", "0 30 8 * * *", "30 8 * * *"),
        ("next.cron.steps", "0 */5 * * * *", "*/5 * * * *"),
    ]

    static func all(_ context: BenchContext) -> [Scenario] {
        rows.map { (baseline, expression, _) in
            Scenario(name: baseline + ".robfig", role: .peer,
                     summary: "robfig/cron v3 (Go; Debian golang-github-robfig-cron-dev): parser.Parse('\(expression)') once, schedule.Next(start in zone) per start, timed in its Go process, same starts",
                     unit: .us, baseline: baseline) {
                switch context.robfig(expression).result {
                case .failure(let skip): return .skip(skip.reason)
                case .success(let r): return .measured(iterationsPerRepetition: r.iterations!, samples: r.samples!)
                }
            }
        }
    }
}
