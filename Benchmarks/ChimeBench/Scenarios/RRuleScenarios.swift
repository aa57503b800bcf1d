import Chime

/// Issue 13: RFC 5545 recurrences.
///
/// - `next.rrule.monthly`: `FREQ=MONTHLY;BYDAY=-1FR` from a floating DTSTART 2026-01-30T09:00,
///   `RRuleTrigger.nextFire(after:in:)` on the daily starts (20 zones, 2026–2030), against the
///   equivalent calendar trigger `{weekday: 6, weekdayOrdinal: -1, hour: 9}` on the same starts
///   (goal: within 2×). `.far` does the same with every start moved 50 years on (2076–2080): the
///   cost must not grow with the distance from DTSTART.
/// - `expand.rrule.daily10y`: `FREQ=DAILY;COUNT=3653` from 2026-01-01T09:00 in each trigger zone,
///   all 3,653 instances with `RRuleTrigger.fires(after:in:count:)`; ns per instance.
///   `.newyork` is exactly what its peers (libical, python-dateutil) are timed on by
///   `Benchmarks/peers/rrule_speed.py` (which runs this row in the same session): DTSTART in
///   America/New_York, every instance's instant and UTC offset.
enum RRuleScenarios {
    static let fiftyYears: Int64 = 18_262 * 86_400

    static func all(_ context: BenchContext) -> [Scenario] {
        func monthly() -> RRuleTrigger {
            try! RRuleTrigger(text: "DTSTART:20260130T090000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR")
        }
        func calendar() -> CalendarTrigger {
            try! CalendarTrigger(components: CalendarComponents(hour: 9, minute: 0, second: 0, weekday: 6, weekdayOrdinal: -1))
        }
        func shifted(_ probes: [Probe]) -> [Probe] { probes.map { Probe(seconds: $0.seconds + fiftyYears, zone: $0.zone) } }
        var scenarios: [Scenario] = []
        for far in [false, true] {
            let name = "next.rrule.monthly" + (far ? ".far" : "")
            scenarios.append(Scenario(name: name, role: .chime,
                                      summary: "RRULE FREQ=MONTHLY;BYDAY=-1FR (DTSTART 2026-01-30T09:00): RRuleTrigger.nextFire(after:in:), the daily starts" + (far ? " + 50 years" : ""),
                                      unit: .ns, countsAllocations: true) {
                let w = context.triggers, trigger = monthly()
                let starts = far ? shifted(w.daily.starts) : w.daily.starts
                return .ready { n in TriggerScenarios.fires(trigger, w.rules, starts, w.mask, n) }
            })
            scenarios.append(Scenario(name: name + ".calendar", role: .floor,
                                      summary: "the calendar trigger {weekday: 6, weekdayOrdinal: -1, hour: 9} on the same starts",
                                      unit: .ns, baseline: name, ratioGoal: .chimeWithin(2, of: "the equivalent calendar trigger", "issue 13")) {
                let w = context.triggers, trigger = calendar()
                let starts = far ? shifted(w.daily.starts) : w.daily.starts
                return .ready { n in TriggerScenarios.fires(trigger, w.rules, starts, w.mask, n) }
            })
        }
        // n instances: whole expansions of 3,653 (fires with instant and offset, folded), zones in turn.
        func expand(_ trigger: Trigger, _ zones: [ZoneRules], _ n: Int) -> UInt64 {
            let start = Instant(seconds: 1_767_225_600 - 86_400)          // 2025-12-31T00:00:00Z
            var acc: UInt64 = 0, done = 0, z = 0
            while done < n {
                let fires = (try? trigger.fires(after: start, in: zones[z % zones.count], count: min(3653, n - done))) ?? []
                for fire in fires { acc &+= TriggerScenarios.fold(fire) }
                done += max(fires.count, 1)
                z += 1
            }
            return acc
        }
        scenarios.append(Scenario(name: "expand.rrule.daily10y", role: .chime,
                                  summary: "RRULE FREQ=DAILY;COUNT=3653 from 2026-01-01T09:00: all 3,653 instances with RRuleTrigger.fires(after:in:count:), per instance, the 20 trigger zones",
                                  unit: .ns, countsAllocations: false) {
            let w = context.triggers
            let trigger = Trigger.rrule(try! RRuleTrigger(text: "DTSTART:20260101T090000\nRRULE:FREQ=DAILY;COUNT=3653"))
            return .ready { n in expand(trigger, w.rules, n) }
        })
        scenarios.append(Scenario(name: "expand.rrule.daily10y.newyork", role: .chime,
                                  summary: "the same as its peers in Benchmarks/peers/rrule_speed.py: DTSTART;TZID=America/New_York:20260101T090000, FREQ=DAILY;COUNT=3653, all 3,653 instances (instant and offset), per instance",
                                  unit: .ns, countsAllocations: false) {
            let w = context.triggers
            let trigger = Trigger.rrule(try! RRuleTrigger(text: "DTSTART;TZID=America/New_York:20260101T090000\nRRULE:FREQ=DAILY;COUNT=3653"))
            let newYork = w.rules.filter { $0.identifier == "America/New_York" }
            return .ready { n in expand(trigger, newYork, n) }
        })
        return scenarios
    }
}

extension RRuleTrigger: NextFiring {}
