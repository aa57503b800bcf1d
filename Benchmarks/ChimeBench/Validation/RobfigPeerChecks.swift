import Chime

/// robfig/cron v3's answer for every daily start against Chime's robfig flavor
/// (`CronTrigger(expression:flavor: .robfig)`, the same six fields), and its timed runs' answers
/// against the checked ones; the note counts the starts where the timed posix row answers otherwise.
extension AgreementChecks {
    static func robfigPeer(_ context: BenchContext) -> [Check] {
        RobfigPeerScenarios.rows.map { (baseline, expression, posixExpression) in
            Check(scenario: baseline + ".robfig") {
                let scenario = baseline + ".robfig"
                let comparison = "next fire of cron '\(expression)': Chime CronTrigger (robfig) vs robfig/cron v3"
                let r: PythonCronPeer.Library
                switch context.robfig(expression).result {
                case .failure(let skip):
                    return Agreement(scenario: scenario, comparison: comparison, compared: 0, mismatches: 0, examples: [],
                                     note: "skipped: " + skip.reason)
                case .success(let result): r = result
                }
                let (tally, posixDiffers) = cronAnswers(context, r, "robfig", try! CronTrigger(expression: expression, flavor: .robfig),
                                                        try! CronTrigger(expression: posixExpression))
                return tally.result(scenario, comparison,
                                    note: "robfig/cron \(GoCronPeer.packageVersion) (Debian), \(r.version ?? "go ?"); the timed Chime row (posix '\(posixExpression)') differs from robfig on \(posixDiffers) of these starts")
            }
        }
    }
}
