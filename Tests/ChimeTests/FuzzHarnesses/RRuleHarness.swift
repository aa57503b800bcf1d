// Fuzz harness `rrule` (entry point Fuzz/RRule/main.swift): RFC 5545 recurrence text ->
// `RRuleParser.rule`, `RRuleParser.recurrence` (via `RRuleTrigger(text:)`) or
// `RRuleParser.event(inCalendar:)` (and the file's VTIMEZONEs), then `RRuleTrigger` and its instances.
//
// Input: a 18-byte header (zone 2, start 14, mode 1, policies 1: Fuzz/make_seeds.py writes it),
// then text (invalid UTF-8 repaired). Mode % 3: 0 the text is an RRULE value and DTSTART is the
// start's wall time in the zone (floating); 1 recurrence lines (DTSTART, RRULE, RDATE, EXDATE);
// 2 an iCalendar file (its first VEVENT). Policies: DTSTART mode, gap and overlap.
// Checks, beyond "no crash, no hang" (libFuzzer -timeout):
// - a refusal is an `RRuleError` naming a part, with a non-empty description;
// - the rule's text reads back as the same rule; the trigger's normalized lines read back as the
//   same trigger;
// - in the zone DTSTART names (else the header's): up to 5 fires after the start, and the first
//   fires from before every instance, each strictly later than the one before, with the zone's
//   offset at its instant and an adjustment the zone bears out (an `exact` wall time exists once,
//   …); no more of them than COUNT allows (COUNT + RDATEs, twice that with overlap `both`); none
//   at an EXDATE's instant; a rule instance (`exact`/`overlap…`, not DTSTART or an RDATE) shows
//   the BYMONTH, BYMONTHDAY, BYYEARDAY, BYDAY weekday, BYHOUR, BYMINUTE and BYSECOND values it
//   must (with RFC 7529's RSCALE, month and days in that calendar; with a SKIP that moves dates,
//   month and days are not checked), and is not after UNTIL.
@testable import Chime

enum RRuleHarness {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        var input = FuzzBytes(bytes)
        var (zoneID, zone) = FuzzZones.pick(&input)
        let start = input.start(zone: zoneID, zone)
        let mode = input.byte() % 3
        let policies = input.byte()
        let dtstartMode: RRuleTrigger.DTStartMode = policies % 2 == 0 ? .always : .ifMatching
        let gap: GapPolicy? = (policies / 2) % 6 == 0 ? nil : GapPolicy.allCases[Int((policies / 2) % 6) - 1]
        let overlap: OverlapPolicy? = (policies / 12) % 4 == 0 ? nil : OverlapPolicy.allCases[Int((policies / 12) % 4) - 1]
        let text = input.restAsText()
        let context = { "mode \(mode) \(dtstartMode) gap \(gap.map { "\($0)" } ?? "-") overlap \(overlap.map { "\($0)" } ?? "-") in \(zoneID) from \(start): '\(text)'" }

        func refused(_ error: RRuleError) throws(FuzzFailure) {
            verbose("\(context()): \(error)")
            try fuzzCheck(!error.part.isEmpty && !error.description.isEmpty, "error without a part or words: \(error): \(context())")
        }

        var recurrence: RRuleParser.Recurrence
        do {
            switch mode {
            case 0:
                let rule = try RRuleParser.rule(text)
                recurrence = RRuleParser.Recurrence()
                recurrence.rule = rule
                recurrence.dtstart = RRuleTime(wall: start.seconds + Int64(zone.utcOffset(at: start)), zone: .floating)
            case 1: recurrence = try RRuleParser.recurrence(text)
            default: recurrence = try RRuleParser.event(inCalendar: text)
            }
        } catch {
            return try refused(error)
        }
        if let rule = recurrence.rule {
            let again: RRule
            do { again = try RRuleParser.rule(rule.text) } catch { throw fuzzFailure("rule text '\(rule.text)' does not read back: \(error): \(context())") }
            try fuzzCheck(again == rule, "rule text '\(rule.text)' reads back as '\(again.text)': \(context())")
        }
        let trigger: RRuleTrigger
        do {
            trigger = try RRuleTrigger(recurrence: recurrence, dtstartMode: dtstartMode, gapPolicy: gap, overlapPolicy: overlap)
        } catch {
            return try refused(error)
        }
        let again: RRuleTrigger
        do { again = try RRuleTrigger(text: trigger.normalized, dtstartMode: dtstartMode, gapPolicy: gap, overlapPolicy: overlap) } catch {
            throw fuzzFailure("normalized '\(trigger.normalized)' does not read back: \(error): \(context())")
        }
        try fuzzCheck(again == trigger, "normalized '\(trigger.normalized)' reads back as '\(again.normalized)': \(context())")

        // Mode 2: the file's VTIMEZONEs compile, or are refused naming a part; a zone's offsets are
        // its observances' (TZOFFSETTO, and the first onset's TZOFFSETFROM before it).
        var defined: [String: ZoneRules] = [:]
        if mode == 2 {
            do {
                for definition in try VTimeZone.all(inCalendar: text) {
                    let rules = try definition.rules()
                    let offsets = Set(definition.observances.flatMap { [$0.offsetTo, $0.offsetFrom] })
                    try fuzzCheck(rules.localTimeTypes.allSatisfy { offsets.contains($0.utcOffset) } && rules.source == .vtimezone,
                                  "VTIMEZONE '\(definition.identifier)' has types \(rules.localTimeTypes) beyond its offsets \(offsets): \(context())")
                    defined[definition.identifier] = rules
                }
            } catch let error as RRuleError {
                try refused(error)
            } catch let failure as FuzzFailure {
                throw failure
            } catch {
                throw fuzzFailure("VTIMEZONE: \(error): \(context())")
            }
        }
        if let named = trigger.zoneIdentifier {
            // The CLI refuses a TZID no source knows and the file does not define.
            guard let rules = FuzzZones.rules(named) ?? defined[named] else { return }
            (zoneID, zone) = (named, rules)
        }
        let effectiveGap = gap ?? .shift, effectiveOverlap = overlap ?? .first

        // Up to 5 fires after the header's start.
        let fires: [Fire]
        do { fires = try trigger.fires(after: start, in: zone, count: 5) } catch {
            try fuzzCheck(effectiveGap == .reject, "\(error) without gap policy reject: \(context())")
            return
        }
        verbose("\(context()):\n\(trigger.normalized)\n-> \(fires)")
        try check(fires, after: start, trigger: trigger, zone: zone, gap: effectiveGap, overlap: effectiveOverlap, context())

        // From before every instance: COUNT bounds how many there are.
        let walls = [trigger.dtstart] + trigger.rdates
        let earliest = walls.map { $0.zone == .utc ? $0.wall : $0.wall - 50 * 3600 }.min()! - 86_400
        guard earliest > Instant.supportedRange.lowerBound.seconds else { return }
        let origin = Instant(seconds: earliest)
        if let count = trigger.rule?.count, count <= 40 {
            let bound = (count + trigger.rdates.count) * (effectiveOverlap == .both ? 2 : 1)
            let all: [Fire]
            do { all = try trigger.fires(after: origin, in: zone, count: bound + 1) } catch { return }
            verbose("from \(origin): \(all.count) fires, COUNT \(count), bound \(bound)")
            try fuzzCheck(all.count <= bound, "\(all.count) instances for COUNT=\(count) with \(trigger.rdates.count) RDATEs: \(all): \(context())")
            try check(all, after: origin, trigger: trigger, zone: zone, gap: effectiveGap, overlap: effectiveOverlap, context())
        } else {
            let first: [Fire]
            do { first = try trigger.fires(after: origin, in: zone, count: 5) } catch { return }
            try check(first, after: origin, trigger: trigger, zone: zone, gap: effectiveGap, overlap: effectiveOverlap, context())
        }
    }

    static func check(_ fires: [Fire], after start: Instant, trigger: RRuleTrigger, zone: ZoneRules, gap: GapPolicy, overlap: OverlapPolicy,
                      _ context: @autoclosure () -> String) throws(FuzzFailure) {
        try FireChecks.ordered(fires, after: start, forward: true, "\(fires) \(context())")
        // Instances the rule did not make: DTSTART (always counted) and the RDATEs, by wall time
        // (floating or in the trigger's zone) or instant (UTC).
        func wallOrInstant(_ t: RRuleTime) -> (wall: Int64?, instant: Int64?) {
            switch t.zone {
            case .utc: return (nil, t.wall)
            case .floating: return (t.wall, nil)
            // A TZID is that zone's wall time (RFC 5545 §3.3.5, form #3) even when DTSTART is
            // floating: only the zone the fires are in makes it a plain wall time here.
            case .named(let id): return id == (trigger.zoneIdentifier ?? zone.identifier) ? (t.wall, nil) : (nil, nil)
            }
        }
        let given = ([trigger.dtstart] + trigger.rdates).map(wallOrInstant)
        let foreign = trigger.rdates.contains { if case .named(let id) = $0.zone { return id != (trigger.zoneIdentifier ?? zone.identifier) } else { return false } }
        // EXDATE instants: a UTC one as it is, a floating (or same-zone) one resolved with the policies.
        var excluded: [Instant] = []
        for t in trigger.exdates {
            let (wall, instant) = wallOrInstant(t)
            if let instant { excluded.append(Instant(seconds: instant)) }
            if let wall { excluded += zone.resolve(CivilDateTime(localSeconds: wall), gap: gap, overlap: overlap).map(\.instant) }
        }
        for fire in fires {
            try FireChecks.consistent(fire, in: zone, context())
            try FireChecks.adjustmentMatchesZone(fire, in: zone, "\(fire) \(context())")
            try fuzzCheck(!excluded.contains(fire.instant), "fire \(fire) is at an EXDATE: \(context())")
            guard let rule = trigger.rule, [.exact, .overlapFirst, .overlapLast].contains(fire.adjustment), !foreign else { continue }
            let wall = fire.instant.seconds + Int64(fire.offset)
            guard !given.contains(where: { $0.wall == wall || $0.instant == fire.instant.seconds }) else { continue }
            try checkRule(rule, WallFields(fire), fire: fire, context())
        }
    }

    /// A rule instance's wall time: every BY part with values holds it (an expanding part makes
    /// only its values, a limiting part keeps only them); UNTIL is not passed.
    static func checkRule(_ rule: RRule, _ w: WallFields, fire: Fire, _ context: @autoclosure () -> String) throws(FuzzFailure) {
        func within(_ values: [Int], _ value: Int, _ name: String) throws(FuzzFailure) {
            try fuzzCheck(values.isEmpty || values.contains(value), "\(name) \(value) not in \(values) at \(fire): \(context())")
        }
        try within(rule.byHour, w.hour, "BYHOUR")
        try within(rule.byMinute, w.minute, "BYMINUTE")
        try within(rule.bySecond, w.second, "BYSECOND")
        if !rule.byDay.isEmpty {
            try fuzzCheck(rule.byDay.contains { $0.weekday.rawValue == w.weekday }, "weekday \(w.weekday) not in BYDAY at \(fire): \(context())")
        }
        // The month, month day and year day: Gregorian, or the RSCALE calendar's (RFC 7529). A date
        // SKIP=BACKWARD/FORWARD moved leaves the month or day the rule named, so those are not checked.
        var (month, day, daysInMonth, dayOfYear, daysInYear) = (w.month * 2, w.day, w.daysInMonth, w.dayOfYear,
                                                               CivilArithmetic.isLeapYear(Int64(w.year)) ? 366 : 365)
        if let name = rule.rscale {
            guard (rule.skip ?? .omit) == .omit else { return try until(rule, w, fire: fire, context()) }
            guard let calendar = RScaleCalendar.named(name), let y = calendar.year(containing: w.local.dayNumber) else {
                throw fuzzFailure("RSCALE=\(name) read but its calendar has no year for \(fire): \(context())")
            }
            let m = y.months[y.monthIndex(containing: w.local.dayNumber)]
            (month, day, daysInMonth) = (m.key, Int(w.local.dayNumber - m.firstDay + 1), Int(m.dayCount))
            (dayOfYear, daysInYear) = (Int(w.local.dayNumber - y.firstDay + 1), Int(y.dayCount))
        }
        let months = rule.byMonth.map { $0 * 2 } + rule.byLeapMonth.map { $0 * 2 + 1 }
        try fuzzCheck(months.isEmpty || months.contains(month), "month \(month / 2)\(month % 2 == 1 ? "L" : "") not in BYMONTH at \(fire): \(context())")
        if !rule.byMonthDay.isEmpty {
            try fuzzCheck(rule.byMonthDay.contains { $0 > 0 ? $0 == day : daysInMonth + $0 + 1 == day },
                          "day \(day) not in BYMONTHDAY \(rule.byMonthDay) at \(fire): \(context())")
        }
        if !rule.byYearDay.isEmpty {
            try fuzzCheck(rule.byYearDay.contains { $0 > 0 ? $0 == dayOfYear : daysInYear + $0 + 1 == dayOfYear },
                          "day of year \(dayOfYear) not in BYYEARDAY \(rule.byYearDay) at \(fire): \(context())")
        }
        try until(rule, w, fire: fire, context())
    }

    static func until(_ rule: RRule, _ w: WallFields, fire: Fire, _ context: @autoclosure () -> String) throws(FuzzFailure) {
        switch rule.until {
        case .date(let day)?:
            try fuzzCheck(w.local.dayNumber <= day, "instance \(fire) after UNTIL (a date): \(context())")
        case .local(let wall)?:
            try fuzzCheck(w.local.localSeconds <= wall, "instance \(fire) after UNTIL (local): \(context())")
        case .utc(let seconds)?:
            try fuzzCheck(fire.instant.seconds <= seconds, "instance \(fire) after UNTIL (UTC): \(context())")
        case nil:
            break
        }
    }
}
