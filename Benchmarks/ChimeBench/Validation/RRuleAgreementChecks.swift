import Chime

/// The RRULE rows' next fires (`nextFire`, which takes the MONTHLY/YEARLY or WEEKLY/DAILY fast path) against the
/// general walk on the same starts (`fires(after:in:count: 1)`, `RRuleWalker` without the fast path):
/// the same instant, offset and adjustment for every timed start.
extension AgreementChecks {
    static func rrules(_ context: BenchContext) -> [Check] {
        let rules: [(String, String)] = [
            ("next.rrule.monthly", "DTSTART:20260130T090000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR"),
            ("next.rrule.yearly.bymonthday", RRuleFastScenarios.yearly),
            ("next.rrule.weekly.byday", RRuleFastScenarios.weekly),
            ("next.rrule.daily.byhour", RRuleFastScenarios.daily),
            ("next.rrule.rscale.hebrew", "DTSTART:20250923T090000\nRRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1"),
            ("next.rrule.rscale.chinese", "DTSTART:20260217T090000\nRRULE:RSCALE=CHINESE;FREQ=MONTHLY"),
        ]
        return rules.flatMap { (name, text) in
            [false, true].map { far in
                let scenario = name + (far ? ".far" : "")
                return Check(scenario: scenario) {
                    let w = context.triggers, trigger = try! RRuleTrigger(text: text)
                    var tally = AgreementTally()
                    for p in RRuleFastScenarios.starts(context, far: far) {
                        let after = Instant(seconds: p.seconds), zone = w.rules[p.zone]
                        let fire = (try? trigger.nextFire(after: after, in: zone)) ?? nil
                        let general = ((try? trigger.fires(after: after, in: zone, count: 1)) ?? []).first
                        tally.record(fire == general, "\(w.zoneIDs[p.zone]) after \(after.utcString): nextFire \(fire.map(\.description) ?? "nil"), general walk \(general.map(\.description) ?? "nil")")
                    }
                    return tally.result(scenario, "next fire of \(text.split(separator: "\n")[1]): RRuleTrigger.nextFire vs the general walk (fires(after:in:count: 1))")
                }
            }
        }
    }
}
