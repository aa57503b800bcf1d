import Chime

/// Issue 29: RRULE and RSCALE next fires at the arithmetic floor, as ratios to a daily fire in
/// the same run. `next.rrule.yearly.bymonthday` (`FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=23` from a
/// floating DTSTART 2025-09-23T09:00, the daily starts; `.far` 50 years on) is the Gregorian
/// yearly shape the issue names. Each RRULE row then has a `.daily` yardstick: `next.daily`'s
/// calendar trigger (every day 08:30) on the daily starts, with the issue's goal — ≤ 4× for the
/// Gregorian rules, ≤ 15× for RSCALE. `AgreementChecks.rrules` holds every row's answers to the
/// general walk's on its starts before timing.
///
/// `next.rrule.weekly.byday` (`FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR` from a floating DTSTART
/// 2026-01-05T09:00, a Monday) and `next.rrule.daily.byhour` (`FREQ=DAILY;BYHOUR=8,12,18` from
/// 2026-01-01T08:00), each with `.far`, are the WEEKLY and DAILY shapes with BY parts (issue 29's
/// last item), with the same yardstick and goal.
enum RRuleFastScenarios {
    static let yearly = "DTSTART:20250923T090000\nRRULE:FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=23"
    static let weekly = "DTSTART:20260105T090000\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR"
    static let daily = "DTSTART:20260101T080000\nRRULE:FREQ=DAILY;BYHOUR=8,12,18"

    /// (Chime scenario, the issue's bound in daily fires).
    static let goals: [(String, Double)] = [
        ("next.rrule.monthly", 4), ("next.rrule.monthly.far", 4), ("next.rrule.yearly.bymonthday", 4), ("next.rrule.yearly.bymonthday.far", 4),
        ("next.rrule.weekly.byday", 4), ("next.rrule.weekly.byday.far", 4), ("next.rrule.daily.byhour", 4), ("next.rrule.daily.byhour.far", 4),
        ("next.rrule.rscale.hebrew", 15), ("next.rrule.rscale.hebrew.far", 15), ("next.rrule.rscale.chinese", 15), ("next.rrule.rscale.chinese.far", 15),
    ]

    static func all(_ context: BenchContext) -> [Scenario] {
        var scenarios: [Scenario] = []
        for far in [false, true] {
            scenarios.append(Scenario(name: "next.rrule.yearly.bymonthday" + (far ? ".far" : ""), role: .chime,
                                      summary: "RRULE FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=23 (DTSTART 2025-09-23T09:00): RRuleTrigger.nextFire(after:in:), the daily starts" + (far ? " + 50 years" : ""),
                                      unit: .ns, countsAllocations: true) {
                let w = context.triggers, trigger = try! RRuleTrigger(text: yearly)
                return .ready { n in TriggerScenarios.fires(trigger, w.rules, starts(context, far: far), w.mask, n) }
            })
        }
        for (name, text) in [("next.rrule.weekly.byday", weekly), ("next.rrule.daily.byhour", daily)] {
            for far in [false, true] {
                scenarios.append(Scenario(name: name + (far ? ".far" : ""), role: .chime,
                                          summary: "RRULE \(text.split(separator: "\n")[1].dropFirst(6)) (\(text.split(separator: "\n")[0])): RRuleTrigger.nextFire(after:in:), the daily starts" + (far ? " + 50 years" : ""),
                                          unit: .ns, countsAllocations: true) {
                    let w = context.triggers, trigger = try! RRuleTrigger(text: text)
                    return .ready { n in TriggerScenarios.fires(trigger, w.rules, starts(context, far: far), w.mask, n) }
                })
            }
        }
        for (name, factor) in goals {
            scenarios.append(Scenario(name: name + ".daily", role: .floor,
                                      summary: "yardstick: next.daily's trigger (every day 08:30, CalendarTrigger) on the daily starts",
                                      unit: .ns, baseline: name, ratioGoal: .chimeWithin(factor, of: "a daily fire", "issue 29")) {
                let w = context.triggers
                let trigger = try! CalendarTrigger(components: CalendarComponents(hour: 8, minute: 30))
                return .ready { n in TriggerScenarios.fires(trigger, w.rules, w.daily.starts, w.mask, n) }
            })
        }
        return scenarios
    }

    /// The daily starts, or the same moved 50 years on (`.far`).
    static func starts(_ context: BenchContext, far: Bool) -> [Probe] {
        let starts = context.triggers.daily.starts
        return far ? starts.map { Probe(seconds: $0.seconds + RRuleScenarios.fiftyYears, zone: $0.zone) } : starts
    }
}
