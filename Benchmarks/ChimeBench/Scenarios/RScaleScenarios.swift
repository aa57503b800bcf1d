import Chime

/// Issue 13 item 2: RFC 7529 RSCALE. Next fire of a rule counted in another calendar, against the
/// same shape of rule in the Gregorian calendar (no goal in the issue; the ratio is reported):
/// - `next.rrule.rscale.hebrew`: `RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1` (Rosh Hashanah)
///   from a floating DTSTART 2025-09-23T09:00, `nextFire(after:in:)` on the daily starts (20 zones,
///   2026–2030); `.gregorian`: `FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=23` on the same starts.
/// - `next.rrule.rscale.chinese`: `RSCALE=CHINESE;FREQ=MONTHLY` (the first of each lunar month, leap
///   months included) from 2026-02-17T09:00; `.gregorian`: `FREQ=MONTHLY` from 2026-01-01T09:00.
/// `.far` rows move every start 50 years on: the cost must not grow with the distance from DTSTART.
/// The calendars' year tables are built once per process (the first round of a row, untimed warm-up).
enum RScaleScenarios {
    static func all(_ context: BenchContext) -> [Scenario] {
        let rules: [(name: String, text: String, gregorian: String)] = [
            ("hebrew", "DTSTART:20250923T090000\nRRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1",
             "DTSTART:20250923T090000\nRRULE:FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=23"),
            ("chinese", "DTSTART:20260217T090000\nRRULE:RSCALE=CHINESE;FREQ=MONTHLY",
             "DTSTART:20260101T090000\nRRULE:FREQ=MONTHLY"),
        ]
        func shifted(_ probes: [Probe]) -> [Probe] { probes.map { Probe(seconds: $0.seconds + RRuleScenarios.fiftyYears, zone: $0.zone) } }
        var scenarios: [Scenario] = []
        for rule in rules {
            for far in [false, true] {
                let name = "next.rrule.rscale.\(rule.name)" + (far ? ".far" : "")
                scenarios.append(Scenario(name: name, role: .chime,
                                          summary: "RRULE \(rule.text.split(separator: "\n")[1].dropFirst(6)): RRuleTrigger.nextFire(after:in:), the daily starts" + (far ? " + 50 years" : ""),
                                          unit: .ns, countsAllocations: true) {
                    let w = context.triggers, trigger = try! RRuleTrigger(text: rule.text)
                    let starts = far ? shifted(w.daily.starts) : w.daily.starts
                    return .ready { n in TriggerScenarios.fires(trigger, w.rules, starts, w.mask, n) }
                })
                scenarios.append(Scenario(name: name + ".gregorian", role: .floor,
                                          summary: "the Gregorian rule \(rule.gregorian.split(separator: "\n")[1].dropFirst(6)) on the same starts",
                                          unit: .ns, baseline: name) {
                    let w = context.triggers, trigger = try! RRuleTrigger(text: rule.gregorian)
                    let starts = far ? shifted(w.daily.starts) : w.daily.starts
                    return .ready { n in TriggerScenarios.fires(trigger, w.rules, starts, w.mask, n) }
                })
            }
        }
        return scenarios
    }
}
