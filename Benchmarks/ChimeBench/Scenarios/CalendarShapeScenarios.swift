import Chime

/// Issue 29: calendar shapes that are not a plain time of day, against a daily fire in the same
/// run, and the consistent semantics against the apple one, each on the same starts and zones.
///
/// - `next.lastweekday` (`{weekday: 6, weekdayOrdinal: -1, hour: 9}`, the last Friday),
///   `next.nthweekday` (`{weekday: 1, weekdayOrdinal: 2, hour: 2, minute: 30}`, the second
///   Sunday — New York's spring-forward day, so some answers are DST nights), `next.lastday`
///   (`{day: -1, hour: 9}`) and `next.dayofyear` (`{dayOfYear: 100, hour: 9}`) on the spread
///   starts (`TriggerWorkload`), each followed by
///   `.daily`: the daily trigger `{hour: 8, minute: 30}` on the same starts (goal: within 3×).
///   `next.gap.daily` / `next.overlap.daily` put the same yardstick beside the gap and overlap
///   nights (`TriggerScenarios`), on their starts.
/// - `next.*.consistent.apple`: the apple trigger on a consistent scenario's starts (goal: the
///   consistent semantics within 1.15× of it), for every calendar shape.
enum CalendarShapeScenarios {
    /// The shapes this file adds: name, components, what one operation is.
    static let shapes: [(name: String, components: CalendarComponents, summary: String)] = [
        ("next.lastweekday", CalendarComponents(hour: 9, weekday: 6, weekdayOrdinal: -1),
         "the last Friday of the month, 09:00 ({weekday: 6, weekdayOrdinal: -1, hour: 9}), the spread starts"),
        ("next.nthweekday", CalendarComponents(hour: 2, minute: 30, weekday: 1, weekdayOrdinal: 2),
         "the second Sunday, 02:30 ({weekday: 1, weekdayOrdinal: 2, hour: 2, minute: 30}: New York's gap day), the spread starts"),
        ("next.lastday", CalendarComponents(day: -1, hour: 9), "the last day of the month, 09:00 ({day: -1, hour: 9}), the spread starts"),
        ("next.dayofyear", CalendarComponents(hour: 9, dayOfYear: 100), "day 100 of the year, 09:00 ({dayOfYear: 100, hour: 9}), the spread starts"),
    ]

    /// Every calendar case the parity goal covers, apple and consistent, with its starts:
    /// `TriggerScenarios`' six and this file's shapes.
    static func cases(_ context: BenchContext) -> [TriggerWorkload.Case] {
        let w = context.triggers
        let added = shapes.map { shape in
            TriggerWorkload.Case(name: shape.name, trigger: try! CalendarTrigger(components: shape.components),
                                 starts: w.daily.starts, quirkStarts: w.daily.quirkStarts)
        }
        let apple = w.calendarCases + added
        return apple + apple.map { try! $0.consistent() }
    }

    static func all(_ context: BenchContext) -> [Scenario] {
        var scenarios: [Scenario] = []
        let goal = RatioGoal.chimeWithin(3, of: "a daily fire on the same starts", "issue 29")
        func daily(_ name: String, starts: @escaping () -> [Probe]) -> Scenario {
            Scenario(name: name + ".daily", role: .floor, summary: "the daily trigger {hour: 8, minute: 30} on the same starts",
                     unit: .ns, baseline: name, ratioGoal: goal) {
                let w = context.triggers, probes = starts()
                guard !probes.isEmpty else { return .skip("no starts") }
                return .ready { n in TriggerScenarios.calendarFires(w.daily.trigger, w.rules, probes, w.mask, n) }
            }
        }
        for shape in shapes {
            for consistent in [false, true] {
                let name = shape.name + (consistent ? ".consistent" : "")
                func trigger() -> CalendarTrigger {
                    try! CalendarTrigger(components: shape.components, semantics: consistent ? .consistent : .apple)
                }
                scenarios.append(Scenario(name: name, role: .chime, summary: shape.summary + (consistent ? "; semantics consistent" : ""),
                                          unit: .ns, countsAllocations: true) {
                    let w = context.triggers, t = trigger()
                    return .ready { n in TriggerScenarios.calendarFires(t, w.rules, w.daily.starts, w.mask, n) }
                })
                if !consistent { scenarios.append(daily(name) { context.triggers.daily.starts }) }
            }
        }
        scenarios.append(daily("next.gap") { context.triggers.gap.starts })
        scenarios.append(daily("next.overlap") { context.triggers.overlap.starts })
        return scenarios
    }

    /// `next.X.consistent.apple` for every consistent calendar scenario: the apple trigger with
    /// the same components and policies on the same starts (goal: consistent within 1.15× of it).
    static func parity(_ context: BenchContext) -> [Scenario] {
        let names = (["next.daily", "next.weekly", "next.day31", "next.feb29", "next.gap", "next.overlap"] + shapes.map(\.name))
        return names.map { name in
            Scenario(name: name + ".consistent.apple", role: .floor, summary: "the same trigger in the apple semantics on the same starts",
                     unit: .ns, baseline: name + ".consistent",
                     ratioGoal: .chimeWithin(1.15, of: "the apple semantics on the same starts", "issue 29")) {
                let w = context.triggers
                guard let c = cases(context).first(where: { $0.name == name }), !c.starts.isEmpty else { return .skip("no starts") }
                return .ready { n in TriggerScenarios.calendarFires(c.trigger, w.rules, c.starts, w.mask, n) }
            }
        }
    }
}
