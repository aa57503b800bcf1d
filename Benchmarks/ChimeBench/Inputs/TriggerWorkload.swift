import Chime

/// Pre-built triggers and pre-generated start instants for the `next.*` scenarios: "the next fire
/// after an instant" over the 20 trigger zones (`BenchZones.triggers`), starts in 2026–2030.
///
/// Spread starts (daily, weekly, day 31, Feb 29, interval): three in four uniform over the five
/// years, one in four in the 48 hours before one of the zone's transitions, so DST days are a
/// visible part of the mix rather than 2 days in 365. Gap and overlap starts: a random time on the
/// day before a transition whose gap (overlap) holds the trigger's wall time, after that wall time,
/// so every answer is the transition day's adjusted fire. The quirk zones
/// (`BenchZones.triggerQuirks`) get the same kinds of starts, for the agreement checks only.
struct TriggerWorkload {
    static let probeCount = 4096
    static let seed: UInt64 = 0x7216_6E52_2026

    /// 2026-01-01T00:00:00Z and 2031-01-01T00:00:00Z.
    static let from: Int64 = 1_767_225_600
    static let until: Int64 = 1_924_992_000

    /// One calendar-trigger scenario: what it matches, and the starts it is timed (and checked) on.
    struct Case {
        let name: String
        let trigger: CalendarTrigger
        /// Starts in the trigger zones: timed, and checked against Foundation.
        let starts: [Probe]
        /// Starts in the quirk zones: checked against Foundation only.
        let quirkStarts: [Probe]

        var components: CalendarComponents { trigger.components }

        /// The same trigger, starts and name suffix `.consistent`, in the consistent semantics.
        func consistent() throws -> Case {
            let t = trigger
            return Case(name: name + ".consistent",
                        trigger: try CalendarTrigger(components: t.components, matchingPolicy: t.matchingPolicy,
                                                     repeatedTimePolicy: t.repeatedTimePolicy, semantics: .consistent),
                        starts: starts, quirkStarts: quirkStarts)
        }

        /// `{hour: 8, minute: 30}`, plus non-default policies.
        var label: String {
            let fields = components.named.compactMap { name, value in value.map { "\(name): \($0)" } }
            let policy = trigger.repeatedTimePolicy == .first ? "" : ", repeatedTimePolicy \(trigger.repeatedTimePolicy.rawValue)"
            return "{" + fields.joined(separator: ", ") + "}" + policy
        }
    }

    let zoneIDs: [String]
    let rules: [ZoneRules]
    let quirkIDs: [String]
    let quirkRules: [ZoneRules]

    let daily: Case
    let weekly: Case
    let day31: Case
    let feb29: Case
    let gap: Case
    let overlap: Case
    var calendarCases: [Case] { [daily, weekly, day31, feb29, gap, overlap] }

    /// 5400 s (90 min), repeating, from 2026-01-01T00:00:00Z.
    let interval: IntervalTrigger
    let intervalStarts: [Probe]
    let intervalQuirkStarts: [Probe]

    var mask: Int { Self.probeCount - 1 }

    init(database: ZoneDatabase) throws {
        zoneIDs = BenchZones.triggers
        quirkIDs = BenchZones.triggerQuirks
        rules = try zoneIDs.map { try database.rules(for: $0, source: .tzif) }
        quirkRules = try quirkIDs.map { try database.rules(for: $0, source: .tzif) }
        var rng = SplitMix64(seed: Self.seed)

        let spread = Self.spreadStarts(rules, &rng), quirkSpread = Self.spreadStarts(quirkRules, &rng)
        func calendar(_ name: String, _ components: CalendarComponents, _ repeated: RepeatedTimePolicy = .first) throws -> Case {
            Case(name: name, trigger: try CalendarTrigger(components: components, repeatedTimePolicy: repeated),
                 starts: spread, quirkStarts: quirkSpread)
        }
        daily = try calendar("next.daily", CalendarComponents(hour: 8, minute: 30))
        weekly = try calendar("next.weekly", CalendarComponents(hour: 9, weekday: 2))
        day31 = try calendar("next.day31", CalendarComponents(day: 31))
        feb29 = try calendar("next.feb29", CalendarComponents(month: 2, day: 29))

        let gapWall: Int64 = 2 * 3600 + 30 * 60, overlapWall: Int64 = 1 * 3600 + 30 * 60
        gap = Case(name: "next.gap", trigger: try CalendarTrigger(components: CalendarComponents(hour: 2, minute: 30)),
                   starts: Self.dayBeforeStarts(rules, wall: gapWall, springForward: true, &rng),
                   quirkStarts: Self.dayBeforeStarts(quirkRules, wall: gapWall, springForward: true, &rng))
        overlap = Case(name: "next.overlap",
                       trigger: try CalendarTrigger(components: CalendarComponents(hour: 1, minute: 30), repeatedTimePolicy: .last),
                       starts: Self.dayBeforeStarts(rules, wall: overlapWall, springForward: false, &rng),
                       quirkStarts: Self.dayBeforeStarts(quirkRules, wall: overlapWall, springForward: false, &rng))

        interval = try IntervalTrigger(interval: try ExactDuration(seconds: 5400), repeats: true, anchor: Instant(seconds: Self.from))
        intervalStarts = spread
        intervalQuirkStarts = quirkSpread
    }

    /// The zone's transitions in 2026–2030.
    static func transitions(_ rules: ZoneRules) -> [ZoneTransition] {
        rules.transitions(from: Instant(seconds: from), to: Instant(seconds: until))
    }

    /// Three in four uniform over 2026–2030, one in four within 48 h before one of the zone's
    /// transitions (uniform for zones without any).
    private static func spreadStarts(_ rules: [ZoneRules], _ rng: inout SplitMix64) -> [Probe] {
        let transitions = rules.map(Self.transitions)
        return (0..<probeCount).map { i in
            let zone = Int.random(in: 0..<rules.count, using: &rng)
            if i % 4 == 3, let t = transitions[zone].randomElement(using: &rng) {
                return Probe(seconds: t.instant.seconds - Int64.random(in: 1...(48 * 3600), using: &rng), zone: zone)
            }
            return Probe(seconds: Int64.random(in: from..<until, using: &rng), zone: zone)
        }
    }

    /// Starts on the day before each transition (spring-forward or fall-back) whose gap or overlap
    /// holds the wall time `wall` (seconds after midnight) on its day, at a random time after
    /// `wall` that day, so the next fire is the transition day's. Empty when no zone has one.
    private static func dayBeforeStarts(_ rules: [ZoneRules], wall: Int64, springForward: Bool,
                                        _ rng: inout SplitMix64) -> [Probe] {
        var days: [(zone: Int, dayBefore: Int64, offset: Int32)] = []
        for (zone, r) in rules.enumerated() {
            for t in transitions(r) where (t.after.utcOffset > t.before.utcOffset) == springForward {
                // The wall clock runs [start, end) twice (overlap) or never (gap) around the transition.
                let before = t.instant.seconds + Int64(t.before.utcOffset), after = t.instant.seconds + Int64(t.after.utcOffset)
                let (start, end) = (min(before, after), max(before, after))
                let day = CivilFloor.floorDiv(start, 86_400)
                guard start <= day * 86_400 + wall, day * 86_400 + wall < end else { continue }
                days.append((zone, day - 1, t.before.utcOffset))
            }
        }
        guard !days.isEmpty else { return [] }
        return (0..<probeCount).map { _ in
            let d = days[Int.random(in: 0..<days.count, using: &rng)]
            let local = d.dayBefore * 86_400 + Int64.random(in: (wall + 1)..<86_400, using: &rng)
            return Probe(seconds: local - Int64(d.offset), zone: d.zone)
        }
    }
}
