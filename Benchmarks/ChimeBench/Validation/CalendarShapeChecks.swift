import Chime

/// Issue 29's agreement checks: on the very starts each calendar scenario times (and on the quirk
/// zones' starts of the same kind), `CalendarTrigger.nextFire` — fast paths included — against the
/// general search alone (`searchWithoutFastPath`), every field of the fire, in both semantics.
extension AgreementChecks {
    static func calendarShapes(_ context: BenchContext) -> [Check] {
        CalendarShapeScenarios.cases(context).map { c in
            Check(scenario: c.name) {
                let w = context.triggers
                var tally = AgreementTally()
                var adjustments: [FireAdjustment: Int] = [:]
                for (probes, rules, ids) in [(c.starts, w.rules, w.zoneIDs), (c.quirkStarts, w.quirkRules, w.quirkIDs)] {
                    for p in probes {
                        let after = Instant(seconds: p.seconds), zone = rules[p.zone]
                        let fire = Result { () throws(TriggerError) in try c.trigger.nextFire(after: after, in: zone) }
                        let general = Result { () throws(TriggerError) in try c.trigger.searchWithoutFastPath(from: after, in: zone, forward: true) }
                        if case let .success(f?) = fire { adjustments[f.adjustment, default: 0] += 1 }
                        tally.record(fire == general, "\(ids[p.zone]) after \(after.utcString): \(fire) vs the search's \(general)")
                    }
                }
                let mix = FireAdjustment.allCases.compactMap { a in adjustments[a].map { "\($0) \(a.rawValue)" } }
                return tally.result(c.name, "next fire \(c.label), \(c.trigger.semantics.rawValue): nextFire vs the general search alone, trigger and quirk zones",
                                    note: "answers: " + mix.joined(separator: ", "))
            }
        }
    }
}
