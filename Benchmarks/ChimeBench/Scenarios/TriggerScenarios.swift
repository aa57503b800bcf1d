import Chime

/// The next fire after an instant: calendar triggers through `CalendarTrigger.nextFire(after:in:)`
/// and an interval trigger through `IntervalTrigger.nextFire(after:in:)`, over the 20 trigger zones
/// and starts in 2026–2030 (`TriggerWorkload`). Each calendar scenario is followed by Foundation's
/// `Calendar.nextDate` on the same starts, zones and components (ratio = Foundation / Chime), and
/// the daily and interval ones by a floor: the zone work or arithmetic any implementation must do.
enum TriggerScenarios {
    static func all(_ context: BenchContext) -> [Scenario] {
        var scenarios: [Scenario] = []
        let targets: [String: Target] = [
            "next.daily": .ns(35), "next.weekly": .ns(35), "next.day31": .ns(70), "next.feb29": .ns(70),
        ]
        let summaries: [String: String] = [
            "next.daily": "every day 08:30: CalendarTrigger.nextFire(after:in:), 20 zones, 2026–2030",
            "next.weekly": "Mondays 09:00, same starts",
            "next.day31": "the 31st, 00:00 (short months: missingDayNextTime), same starts",
            "next.feb29": "Feb 29, 00:00 (other years: missingDayNextTime), same starts",
            "next.gap": "02:30 from the day before a spring-forward that skips it (gapNextTime), zones with one",
            "next.overlap": "01:30, policy last, from the day before a fall-back that repeats it (overlapLast), zones with one",
        ]
        for name in ["next.daily", "next.weekly", "next.day31", "next.feb29", "next.gap", "next.overlap"] {
            func workloadCase() -> TriggerWorkload.Case {
                context.triggers.calendarCases.first { $0.name == name }!
            }
            scenarios.append(Scenario(name: name, role: .chime,
                                      summary: summaries[name]!,
                                      unit: .ns, target: targets[name], countsAllocations: true) {
                let w = context.triggers, c = workloadCase()
                guard !c.starts.isEmpty else { return .skip("no trigger zone has such a transition in 2026–2030") }
                return .ready { n in calendarFires(c.trigger, w.rules, c.starts, w.mask, n) }
            })
            scenarios.append(Scenario(name: name + ".foundation", role: .peer,
                                      summary: "Foundation Calendar.nextDate(after:matching:…), same starts, zones and components",
                                      unit: .us, baseline: name) {
                let w = context.triggers, c = workloadCase()
                guard !c.starts.isEmpty else { return .skip("no trigger zone has such a transition in 2026–2030") }
                let foundation = context.foundationCalendars
                let query = FoundationCalendarPeer.Query(c.trigger)
                return .ready { n in foundationDates(foundation, query, c.starts, w.mask, n) }
            })
            if name == "next.daily" {
                scenarios.append(Scenario(name: "next.daily.floor", role: .floor,
                                          summary: "floor: offset at the start + resolve 08:30 that day + type at the fire (no search, no policy)",
                                          unit: .ns, baseline: name) {
                    let w = context.triggers
                    return .ready { n in dailyFloor(w.rules, w.daily.starts, w.mask, n) }
                })
            }
        }
        // The consistent semantics on the same inputs (same targets; Foundation has no such mode).
        for name in ["next.daily", "next.weekly", "next.day31", "next.feb29", "next.gap", "next.overlap"] {
            scenarios.append(Scenario(name: name + ".consistent", role: .chime,
                                      summary: summaries[name]! + "; semantics consistent",
                                      unit: .ns, target: targets[name], countsAllocations: true) {
                let w = context.triggers
                let c = try! w.calendarCases.first { $0.name == name }!.consistent()
                guard !c.starts.isEmpty else { return .skip("no trigger zone has such a transition in 2026–2030") }
                return .ready { n in calendarFires(c.trigger, w.rules, c.starts, w.mask, n) }
            })
        }
        // Issue 12: the same daily 08:30 as a cron expression and as a systemd OnCalendar spec, on
        // the daily starts, against the calendar trigger on those starts in the same run.
        scenarios += dialect(context, "next.cron.daily", "cron '30 8 * * *' (posix): CronTrigger.nextFire(after:in:), the daily starts") {
            try CronTrigger(expression: "30 8 * * *")
        }
        scenarios += DialectPeerScenarios.cron(context)
        // Several times a day: CronDayTimesFastPath away from transitions, the search near them.
        scenarios.append(Scenario(name: "next.cron.steps", role: .chime,
                                  summary: "cron '*/5 * * * *' (posix): CronTrigger.nextFire(after:in:), the daily starts",
                                  unit: .ns, countsAllocations: true) {
            let w = context.triggers, trigger = try! CronTrigger(expression: "*/5 * * * *")
            return .ready { n in fires(trigger, w.rules, w.daily.starts, w.mask, n) }
        })
        scenarios += dialect(context, "next.oncalendar.daily",
                             "OnCalendar '*-*-* 08:30:00': OnCalendarTrigger.nextFire(after:in:), the daily starts") {
            try OnCalendarTrigger(expression: "*-*-* 08:30:00")
        }
        scenarios += DialectPeerScenarios.onCalendar(context)
        scenarios += [
            Scenario(name: "next.interval", role: .chime,
                     summary: "every 5400 s from 2026-01-01T00:00:00Z: IntervalTrigger.nextFire(after:in:), 20 zones",
                     unit: .ns, target: .ns(10), countsAllocations: true) {
                let w = context.triggers
                return .ready { n in intervalFires(w.interval, w.rules, w.intervalStarts, w.mask, n) }
            },
            Scenario(name: "next.interval.floor", role: .floor,
                     summary: "floor: Int64 next multiple of 5400 s + one offset lookup (what a Fire's offset needs)",
                     unit: .ns, baseline: "next.interval", ratioGoal: .chimeWithin(1.15, of: "its floor", "issue 29")) {
                let w = context.triggers
                return .ready { n in intervalFloor(w.rules, w.intervalStarts, w.mask, n, lookup: true) }
            },
            Scenario(name: "next.interval.floor.arith", role: .floor,
                     summary: "floor: Int64 next multiple of 5400 s alone (no zone)",
                     unit: .ns, baseline: "next.interval") {
                let w = context.triggers
                return .ready { n in intervalFloor(w.rules, w.intervalStarts, w.mask, n, lookup: false) }
            },
        ]
        return scenarios
    }

    /// Folds a fire into a checksum.
    @inline(__always)
    static func fold(_ fire: Fire?) -> UInt64 {
        guard let fire else { return 0x5bd1_e995 }
        return UInt64(bitPattern: fire.instant.seconds) &+ UInt64(truncatingIfNeeded: fire.offset) &* 31
    }

    static func calendarFires(_ trigger: CalendarTrigger, _ rules: [ZoneRules], _ probes: [Probe], _ mask: Int, _ n: Int) -> UInt64 {
        fires(trigger, rules, probes, mask, n)
    }

    /// A schedule dialect's daily 08:30 on the daily starts, and the calendar trigger on the same
    /// starts as its yardstick (goal: the dialect within 2× of it).
    static func dialect<T: NextFiring>(_ context: BenchContext, _ name: String, _ summary: String,
                                       _ make: @escaping @Sendable () throws -> T) -> [Scenario] {
        [Scenario(name: name, role: .chime, summary: summary, unit: .ns, countsAllocations: true) {
            let w = context.triggers, trigger = try! make()
            return .ready { n in fires(trigger, w.rules, w.daily.starts, w.mask, n) }
        },
        Scenario(name: name + ".calendar", role: .floor, summary: "the calendar trigger {hour: 8, minute: 30} on the same starts",
                 unit: .ns, baseline: name, ratioGoal: .chimeWithin(2, of: "the equivalent calendar trigger", "issue 12")) {
            let w = context.triggers
            return .ready { n in calendarFires(w.daily.trigger, w.rules, w.daily.starts, w.mask, n) }
        }]
    }

    /// The next fire from each probe, folded; specialised per trigger type (no dynamic call per fire
    /// unless `trigger` is an existential).
    static func fires<T: NextFiring>(_ trigger: T, _ rules: [ZoneRules], _ probes: [Probe], _ mask: Int, _ n: Int) -> UInt64 {
        var acc: UInt64 = 0
        rules.withUnsafeBufferPointer { rules in
            probes.withUnsafeBufferPointer { probes in
                for i in 0..<n {
                    let p = probes[i & mask]
                    // Only the `reject` gap policy throws; none of the bench triggers uses it.
                    acc &+= fold(try? trigger.nextFire(after: Instant(seconds: p.seconds), in: rules[p.zone]))
                }
            }
        }
        return acc
    }

    static func foundationDates(_ foundation: FoundationCalendarPeer, _ query: FoundationCalendarPeer.Query,
                                _ probes: [Probe], _ mask: Int, _ n: Int) -> UInt64 {
        var acc: UInt64 = 0
        probes.withUnsafeBufferPointer { probes in
            for i in 0..<n {
                let p = probes[i & mask]
                acc &+= UInt64(bitPattern: foundation.nextDate(p.zone, after: p.seconds, query) ?? 0)
            }
        }
        return acc
    }

    static func intervalFires(_ trigger: IntervalTrigger, _ rules: [ZoneRules], _ probes: [Probe], _ mask: Int, _ n: Int) -> UInt64 {
        var acc: UInt64 = 0
        rules.withUnsafeBufferPointer { rules in
            probes.withUnsafeBufferPointer { probes in
                for i in 0..<n {
                    let p = probes[i & mask]
                    acc &+= fold(trigger.nextFire(after: Instant(seconds: p.seconds), in: rules[p.zone]))
                }
            }
        }
        return acc
    }

    /// The least a daily fire at 08:30 needs from the zone, without the search around it.
    static func dailyFloor(_ rules: [ZoneRules], _ probes: [Probe], _ mask: Int, _ n: Int) -> UInt64 {
        var acc: UInt64 = 0
        rules.withUnsafeBufferPointer { rules in
            probes.withUnsafeBufferPointer { probes in
                for i in 0..<n {
                    let p = probes[i & mask]
                    let r = rules[p.zone]
                    let day = CivilFloor.floorDiv(p.seconds + Int64(r.utcOffset(atSeconds: p.seconds)), 86_400)
                    let u: Int64
                    switch r.resolve(localSeconds: day * 86_400 + 30_600) {
                    case let .unique(seconds, _): u = seconds
                    case let .overlap(earlier, _, _, _): u = earlier
                    case let .gap(transition, _, _): u = transition
                    }
                    acc &+= UInt64(bitPattern: u) &+ UInt64(truncatingIfNeeded: r.type(at: Instant(seconds: u)).utcOffset)
                }
            }
        }
        return acc
    }

    /// `anchor + k·5400 s > start`, in plain Int64 seconds, with or without the offset lookup at it.
    static func intervalFloor(_ rules: [ZoneRules], _ probes: [Probe], _ mask: Int, _ n: Int, lookup: Bool) -> UInt64 {
        let anchor = TriggerWorkload.from, step: Int64 = 5400
        var acc: UInt64 = 0
        rules.withUnsafeBufferPointer { rules in
            probes.withUnsafeBufferPointer { probes in
                for i in 0..<n {
                    let p = probes[i & mask]
                    let fire = anchor + (CivilFloor.floorDiv(p.seconds - anchor, step) + 1) * step
                    acc &+= UInt64(bitPattern: fire)
                    if lookup { acc &+= UInt64(truncatingIfNeeded: rules[p.zone].utcOffset(atSeconds: fire)) }
                }
            }
        }
        return acc
    }
}

/// A trigger type the `next.*` scenarios time.
protocol NextFiring: Sendable {
    func nextFire(after instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire?
}

extension CalendarTrigger: NextFiring {}
extension CronTrigger: NextFiring {}
extension OnCalendarTrigger: NextFiring {}
