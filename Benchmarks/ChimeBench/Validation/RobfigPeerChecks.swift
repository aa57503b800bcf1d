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
                let r: GoCronPeer.Result
                switch context.robfig(expression).result {
                case .failure(let skip):
                    return Agreement(scenario: scenario, comparison: comparison, compared: 0, mismatches: 0, examples: [],
                                     note: "skipped: " + skip.reason)
                case .success(let result): r = result
                }
                let w = context.triggers, starts = w.daily.starts, answers = r.answers!
                let trigger = try! CronTrigger(expression: expression, flavor: .robfig)
                let posix = try! CronTrigger(expression: posixExpression)
                var tally = AgreementTally()
                if answers.count != starts.count { tally.record(false, "\(answers.count) answers for \(starts.count) starts") }
                var posixDiffers = 0
                for (p, answer) in zip(starts, answers) {
                    let after = Instant(seconds: p.seconds), zone = w.rules[p.zone]
                    let fire = (try? trigger.nextFire(after: after, in: zone)) ?? nil
                    if ((try? posix.nextFire(after: after, in: zone)) ?? nil)?.instant != fire?.instant { posixDiffers += 1 }
                    let chime = fire.map { $0.instant.nanoseconds == 0 ? $0.instant.seconds : Int64.min }
                    tally.record(chime == answer, "\(w.zoneIDs[p.zone]) after \(after.utcString): chime \(fire.map { $0.instant.utcString } ?? "nil"), robfig \(answer.map { Instant(seconds: $0).utcString } ?? "zero time")")
                }
                if r.timedAnswersAgree != true { tally.record(false, "robfig_peer's timed runs answered differently from its checked answers") }
                return tally.result(scenario, comparison,
                                    note: "robfig/cron \(GoCronPeer.packageVersion) (Debian), \(r.go ?? "go ?"); the timed Chime row (posix '\(posixExpression)') differs from robfig on \(posixDiffers) of these starts")
            }
        }
    }
}
