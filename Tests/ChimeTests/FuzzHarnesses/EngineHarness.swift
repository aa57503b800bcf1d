// Fuzz harness `engine` (entry point Fuzz/Engine/main.swift): a zone of the pinned fixtures, a
// calendar, weekly or interval trigger with its policies, and a start instant, all decoded from
// the bytes -> `Trigger.nextFire(after:in:)`, chained up to 4 times.
//
// Input: fixed layout, 50 bytes (shorter inputs read zeros): zone 2, start 14, kind 1, policies 3,
// week rules 1, chain length 1, aim 1, component mask 2, component values 17 (the last two thin
// the mask), interval 8.
// (Fuzz/make_seeds.py writes it.)
// Checks, beyond "no crash, no hang" (libFuzzer -timeout watches `nextFire`: each search must end):
// - every fire strictly after the start, or before it for a backward search, and after (before)
//   the fire before it; the zone's offset and abbreviation at its instant;
// - its wall time matches the components, or its adjustment says why (docs/semantics.md,
//   section 3): `exact` — the wall time exists once and shows every given component (year, month,
//   day, also counted from the month's end, hour, minute, second, nanosecond, weekday,
//   weekdayOrdinal, dayOfYear); `overlapFirst`/`overlapLast` — it occurs twice and this is the
//   earlier/later instant; `gapNextTime` — a forward transition is exactly here (apple: up to an
//   hour before, Foundation's stand-in for a skipped midnight); `gapShifted…` —
//   within a gap's length of one;
// - consistent semantics: each step equals the independent brute-force reference
//   (Tests/ChimeReference: glibc's localtime over the same compiled fixtures, no Chime code),
//   instant, offset and adjustment, or both fail with wallTimeSkipped — no earlier match is
//   missed. The reference walks a window of days from the start (`RefSearch.walkLimitDays`); an
//   answer near the window's end is not compared (then only "no fire inside the window that the
//   engine skipped" is). A weekly trigger is the union of its weekdays' patterns;
// - interval: each fire is anchor + k × interval (k ≥ 1, k = 1 for a one-shot), the first such
//   after the start; `intervalWallClockDrift` exactly when asked and the time of day differs from
//   the anchor's.
@testable import Chime
@testable import ChimeReference

enum EngineHarness {
    /// Wall-clock days the reference walks per step (about four years: every pattern with a
    /// leap-day or week-53 cadence fires inside it).
    static let windowDays = 1_500

    nonisolated(unsafe) static var yearBounds: (earliestYear: Int, latestYear: Int)?

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        var input = FuzzBytes(bytes)
        let (zoneID, zone) = FuzzZones.pick(&input)
        let start = input.start(zone: zoneID, zone)
        let kind = input.byte()
        let p0 = input.byte(), p1 = input.byte(), p2 = input.byte()
        let matching = MatchingPolicy.allCases[Int(p0 % 4)]
        let repeated = RepeatedTimePolicy.allCases[Int(p0 / 4 % 2)]
        let direction: SearchDirection = p0 / 8 % 4 == 0 ? .backward : .forward       // a quarter backward
        let gap: GapPolicy? = p1 % 8 < 3 ? nil : GapPolicy.allCases[Int(p1 % 8) - 3]
        let overlap: OverlapPolicy? = (p1 / 8) % 4 == 0 ? nil : OverlapPolicy.allCases[Int((p1 / 8) % 4) - 1]
        let semantics: Semantics = p2 % 2 == 0 ? .consistent : .apple
        let repeats = p2 / 2 % 8 != 0
        let reportsDrift = p2 / 16 % 2 == 1
        let w = input.byte()
        let weekRules: WeekRules = switch w % 4 {
        case 0, 1: .gregorian
        case 2: .iso8601
        default: (try? WeekRules(firstWeekday: Int(w / 4 % 7) + 1, minimumDaysInFirstWeek: Int(w / 28 % 7) + 1)) ?? .gregorian
        }
        let chainLength = Int(input.byte() % 4) + 1
        let aim = input.byte()
        let mask = input.uint16()
        let valueBytes = (0..<17).map { _ in input.byte() }
        var values = FuzzBytes(valueBytes)
        let intervalBytes = FuzzBytes((0..<8).map { _ in input.byte() })

        // The start's wall date anchors years; `aim` puts the time of day inside the gap or overlap
        // of the transition nearest the start, where the policies matter.
        let startLocal = zone.localDateTime(at: start)
        // A field is given when its bit is set in the mask and clear in the value bytes' last two
        // (a quarter of the fields at random: many fields at once mostly contradict each other,
        // and a pattern that never matches walks to the calendar's end).
        let thinned = mask & ~(Int(valueBytes[15]) << 8 | Int(valueBytes[16]))
        var components = decodeComponents(mask: thinned, &values, nearYear: startLocal.year)
        if aim % 4 != 0, let t = nearestTransition(zoneID, zone, start) {
            let before = Int64(t.before.utcOffset), after = Int64(t.after.utcOffset)
            let lo = t.instant.seconds + min(before, after), hi = t.instant.seconds + max(before, after)
            let wall = lo + (hi > lo ? Int64(aim) * 7_919 % (hi - lo) : 0)
            let local = CivilDateTime(localSeconds: wall)
            components.hour = local.hour
            components.minute = local.minute
            if aim % 4 == 2 { components.second = local.second }
            if aim % 4 == 3 && components.day == nil { components.day = local.day }
        }

        let trigger: Trigger
        let context: () -> String
        switch kind % 8 {
        case 6:
            // The weekdays: the mask's high byte (none is an error); the time: the components'
            // (aimed) hour, minute and second, else the value bytes'.
            let days = Set(Weekday.allCases.filter { (mask >> 8) & (1 << ($0.rawValue - 1)) != 0 })
            let hour = components.hour ?? Int(valueBytes[4] % 24), minute = components.minute ?? Int(valueBytes[5] % 60)
            let second = components.second ?? (valueBytes[6] % 4 == 0 ? Int(valueBytes[6] / 4 % 60) : 0)
            context = { "weekly \(days.sorted { $0.rawValue < $1.rawValue }.map(\.shortName)) @\(hour):\(minute):\(second) gap \(gap.map { "\($0)" } ?? "-") overlap \(overlap.map { "\($0)" } ?? "-") \(semantics) in \(zoneID) from \(start) (\(start.seconds).\(start.nanoseconds))" }
            do {
                trigger = .weekly(try WeeklyTrigger(weekdays: days, hour: hour, minute: minute, second: second,
                                                    gapPolicy: gap, overlapPolicy: overlap, semantics: semantics))
            } catch {
                return try fuzzCheck(!error.description.isEmpty, "empty error: \(context())")
            }
        case 7:
            var b = intervalBytes
            let raw = b.uint32()
            let unit = b.byte()
            let nanoseconds: Int64 = switch unit % 4 {
            case 0: Int64(raw % 100_000) * 60_000_000_000                     // whole minutes, up to ~69 days
            case 1: Int64(raw) * 1_000_000_000                                // whole seconds, up to ~136 years
            case 2: Int64(raw) * 1_000 + Int64(b.byte())                      // sub-second
            default: Int64(raw) << 24 | Int64(b.uint16())                     // up to ~2^56 ns (~2 years … 2000 years)
            }
            let anchorMode = b.byte()
            let anchor: Instant
            switch anchorMode % 8 {
            case 0: anchor = start
            case 7: anchor = Instant(seconds: Int64(bitPattern: UInt64(raw) << 32 | UInt64(raw)) ^ Int64(anchorMode) << 56)  // anything
            default: anchor = Instant(seconds: start.seconds + Int64(Int32(bitPattern: raw)) / Int64(anchorMode % 8), nanoseconds: start.nanoseconds)
            }
            context = { "interval \(nanoseconds) ns repeats \(repeats) drift \(reportsDrift) anchor \(anchor.seconds).\(anchor.nanoseconds) in \(zoneID) from \(start) (\(start.seconds).\(start.nanoseconds))" }
            do {
                trigger = .interval(try IntervalTrigger(interval: ExactDuration(nanoseconds: nanoseconds), repeats: repeats, anchor: anchor,
                                                        reportsWallClockDrift: reportsDrift))
            } catch {
                return try fuzzCheck(!error.description.isEmpty, "empty error: \(context())")
            }
        default:
            context = { "calendar \(describe(components)) \(matching) \(repeated) \(direction) gap \(gap.map { "\($0)" } ?? "-") overlap \(overlap.map { "\($0)" } ?? "-") \(semantics) week \(weekRules.firstWeekday),\(weekRules.minimumDaysInFirstWeek) repeats \(repeats) in \(zoneID) from \(start) (\(start.seconds).\(start.nanoseconds))" }
            do {
                trigger = .calendar(try CalendarTrigger(components: components, matchingPolicy: matching, repeatedTimePolicy: repeated,
                                                        direction: direction, repeats: repeats, weekRules: weekRules, gapPolicy: gap,
                                                        overlapPolicy: overlap, semantics: semantics))
            } catch {
                return try fuzzCheck(!error.description.isEmpty, "empty error: \(context())")
            }
        }

        // The chain: each step from the fire before (FireIterator), as the engine walks.
        var iterator = FireIterator(trigger: trigger, zone: zone, start: start)
        var cursor = start
        var fires: [Fire] = []
        for step in 0..<chainLength {
            let outcome: Result<Fire?, TriggerError>
            do { outcome = .success(try iterator.nextFire()) } catch { outcome = .failure(error) }
            verbose("\(context()): step from \(cursor) -> \(outcome)")
            if step > 0 && !trigger.repeats {
                // A one-shot's walk ends after its fire (the search from it is not asked).
                guard case .success(nil) = outcome else { throw fuzzFailure("a one-shot's walk went on: \(outcome): \(context())") }
                break
            }
            if case .failure(let error) = outcome {
                guard case .wallTimeSkipped = error else { throw fuzzFailure("\(error): \(context())") }
                try fuzzCheck((gap ?? .nextValid) == .reject, "wallTimeSkipped without gap policy reject: \(context())")
            }
            try compareWithReference(trigger, zoneID: zoneID, zone: zone, from: cursor, engine: outcome, context())
            guard case .success(let next) = outcome, let fire = next else { break }
            fires.append(fire)
            cursor = fire.instant
        }
        let forward: Bool = switch trigger {
        case .calendar(let t): t.direction == .forward
        default: true
        }
        try FireChecks.ordered(fires, after: start, forward: forward, "\(fires) \(context())")
        for (index, fire) in fires.enumerated() {
            try FireChecks.consistent(fire, in: zone, context())
            switch trigger {
            case .calendar(let t):
                // Apple: where a gap skipped the day's midnight, Foundation's stand-in is the first
                // wall time with the wanted minute after the day's first instant, up to an hour past
                // it (`AppleRules.foundationDayStartStandIn`; Havana `{day: 8, minute: 22}`: 01:22 CDT).
                try FireChecks.adjustmentMatchesZone(fire, in: zone, gapNextTimeSlack: t.semantics == .apple ? 3_600 : 0, "\(fire) \(context())")
                if [.exact, .overlapFirst, .overlapLast].contains(fire.adjustment) {
                    try checkComponents(t.components, WallFields(fire), "\(fire) \(context())")
                }
            case .weekly(let t):
                try FireChecks.adjustmentMatchesZone(fire, in: zone, "\(fire) \(context())")
                if [.exact, .overlapFirst, .overlapLast].contains(fire.adjustment) {
                    let wall = WallFields(fire)
                    try fuzzCheck(t.weekdays.contains(fire.local.weekday) && wall.hour == t.hour && wall.minute == t.minute && wall.second == t.second,
                                  "weekly fire \(fire) is not at a wanted wall time: \(context())")
                }
            case .interval(let t):
                try checkInterval(t, fire, after: index == 0 ? start : fires[index - 1].instant, zone: zone, context())
            default:
                break
            }
        }
        if case .interval(let t) = trigger, !t.repeats { try fuzzCheck(fires.count <= 1, "a one-shot fired \(fires.count) times: \(context())") }
        if case .calendar(let t) = trigger, !t.repeats { try fuzzCheck(fires.count <= 1, "a one-shot fired \(fires.count) times: \(context())") }
    }

    // MARK: Decoding

    static let fieldNames = ["year", "month", "day", "hour", "minute", "second", "nanosecond", "weekday", "weekdayOrdinal",
                             "weekOfMonth", "weekOfYear", "yearForWeekOfYear", "dayOfYear"]

    /// Thirteen fields, each given when its bit of `mask` is set; values mostly in range (one
    /// byte in 32 out of it, to reach the validation). The value bytes' last two are not read here.
    static func decodeComponents(mask: Int, _ v: inout FuzzBytes, nearYear: Int) -> CalendarComponents {
        func value(_ range: ClosedRange<Int>, _ byte: UInt8) -> Int {
            byte >= 248 ? range.upperBound + Int(byte) - 247 : range.lowerBound + Int(byte) % (range.count)
        }
        func year(_ a: UInt8, _ b: UInt8) -> Int {
            if a >= 252 { return Int(a & 0x03) << 12 | Int(b) << 4 | Int(a >> 4) }   // anywhere in 0…16383 (rare: a never-matching year walks far)
            return max(1, min(9999, nearYear + Int(Int8(bitPattern: b)) / (a % 2 == 0 ? 1 : 16)))
        }
        var c = CalendarComponents()
        let y1 = v.byte(), y2 = v.byte(), month = v.byte(), day = v.byte(), hour = v.byte(), minute = v.byte(), second = v.byte()
        let n1 = v.uint16(), weekday = v.byte(), ordinal = v.byte(), weekOfMonth = v.byte(), weekOfYear = v.byte()
        let doy = v.uint16()
        func has(_ bit: Int) -> Bool { mask & (1 << bit) != 0 }
        if has(0) { c.year = year(y1, y2) }
        if has(1) { c.month = value(1...12, month) }
        if has(2) { c.day = day >= 248 ? 0 : (day % 4 == 0 ? -(Int(day / 4) % 31 + 1) : Int(day) % 31 + 1) }
        if has(3) { c.hour = value(0...23, hour) }
        if has(4) { c.minute = value(0...59, minute) }
        if has(5) { c.second = value(0...59, second) }
        if has(6) { c.nanosecond = n1 % 3 == 0 ? 0 : n1 * 15_259 % 1_000_000_000 }
        if has(7) { c.weekday = value(1...7, weekday) }
        if has(8) { c.weekdayOrdinal = ordinal % 3 == 0 ? -(Int(ordinal / 3) % 5 + 1) : Int(ordinal) % 7 + 1 }
        if has(9) { c.weekOfMonth = value(0...6, weekOfMonth) }
        if has(10) { c.weekOfYear = value(1...53, weekOfYear) }
        if has(11) { c.yearForWeekOfYear = year(y2, y1) }
        if has(12) { c.dayOfYear = doy % 5 == 0 ? [1, 59, 60, 365, 366][Int(doy / 5) % 5] : Int(doy) % 366 + 1 }
        return c
    }

    static func describe(_ c: CalendarComponents) -> String {
        let values = [c.year, c.month, c.day, c.hour, c.minute, c.second, c.nanosecond, c.weekday, c.weekdayOrdinal,
                      c.weekOfMonth, c.weekOfYear, c.yearForWeekOfYear, c.dayOfYear]
        return "{" + zip(fieldNames, values).compactMap { name, v in v.map { "\(name): \($0)" } }.joined(separator: ", ") + "}"
    }

    static func nearestTransition(_ id: String, _ zone: ZoneRules, _ start: Instant) -> ZoneTransition? {
        let all = FuzzZones.transitions(id, zone)
        var lo = 0, hi = all.count
        while lo < hi { let mid = (lo + hi) / 2; if all[mid].instant < start { lo = mid + 1 } else { hi = mid } }
        let candidates = [lo - 1, lo].filter { $0 >= 0 && $0 < all.count }.map { all[$0] }
        return candidates.min { abs($0.instant.seconds - start.seconds) < abs($1.instant.seconds - start.seconds) }
    }

    // MARK: Wall-time checks

    /// An unadjusted (or overlap) fire's wall time shows every given plain component.
    static func checkComponents(_ c: CalendarComponents, _ w: WallFields, _ context: @autoclosure () -> String) throws(FuzzFailure) {
        func expect(_ name: String, _ wanted: Int?, _ actual: Int) throws(FuzzFailure) {
            if let wanted { try fuzzCheck(wanted == actual, "\(name) \(actual) != \(wanted): \(context())") }
        }
        try expect("year", c.year, w.year)
        try expect("month", c.month, w.month)
        if let day = c.day { try expect("day", day > 0 ? day : w.daysInMonth + day + 1, w.day) }
        try expect("hour", c.hour, w.hour)
        try expect("minute", c.minute, w.minute)
        try expect("second", c.second, w.second)
        try expect("nanosecond", c.nanosecond, w.nanosecond)
        try expect("weekday", c.weekday, w.weekday)
        try expect("dayOfYear", c.dayOfYear, w.dayOfYear)
        if let k = c.weekdayOrdinal {
            let ordinal = k > 0 ? (w.day - 1) / 7 + 1 : -((w.daysInMonth - w.day) / 7 + 1)
            try expect("weekdayOrdinal", k, ordinal)
        }
    }

    static func checkInterval(_ t: IntervalTrigger, _ fire: Fire, after start: Instant, zone: ZoneRules,
                              _ context: @autoclosure () -> String) throws(FuzzFailure) {
        let step = Int128(t.interval.nanoseconds)
        func ns(_ i: Instant) -> Int128 { Int128(i.seconds) * 1_000_000_000 + Int128(i.nanoseconds) }
        let elapsed = ns(fire.instant) - ns(t.anchor)
        try fuzzCheck(elapsed > 0 && elapsed % step == 0, "interval fire \(fire) is not anchor + k × step: \(context())")
        let k = elapsed / step
        if !t.repeats { try fuzzCheck(k == 1, "one-shot fire \(fire) is anchor + \(k) × step: \(context())") }
        try fuzzCheck(k == 1 || ns(fire.instant) - step <= ns(start), "interval fire \(fire) is not the first after \(start): \(context())")
        let day: Int64 = 86_400
        let anchorTime = CivilArithmetic.floorDivMod(t.anchor.seconds + Int64(zone.utcOffset(at: t.anchor)), day).remainder
        let fireTime = CivilArithmetic.floorDivMod(fire.instant.seconds + Int64(fire.offset), day).remainder
        let drifted = t.reportsWallClockDrift && anchorTime != fireTime
        try fuzzCheck(fire.adjustment == (drifted ? .intervalWallClockDrift : .exact), "interval fire \(fire) adjustment, drifted \(drifted): \(context())")
    }

    // MARK: The reference

    static func referencePattern(_ c: CalendarComponents) -> RefPattern {
        RefPattern(year: c.year, month: c.month, day: c.day, hour: c.hour, minute: c.minute, second: c.second, nanosecond: c.nanosecond,
                   weekday: c.weekday, weekdayOrdinal: c.weekdayOrdinal, weekOfMonth: c.weekOfMonth, weekOfYear: c.weekOfYear,
                   yearForWeekOfYear: c.yearForWeekOfYear, dayOfYear: c.dayOfYear)
    }

    /// The reference's step for each pattern (one for a calendar trigger, one per weekday for a
    /// weekly one), and the instant beyond which its window may have hidden an answer.
    static func compareWithReference(_ trigger: Trigger, zoneID: String, zone: ZoneRules, from start: Instant, engine: Result<Fire?, TriggerError>,
                                     _ context: @autoclosure () -> String) throws(FuzzFailure) {
        var triggers: [RefTrigger] = []
        var forward = true
        switch trigger {
        case .calendar(let t) where t.semantics == .consistent:
            forward = t.direction == .forward
            triggers = [RefTrigger(pattern: referencePattern(t.components), matching: RefMatching(rawValue: t.matchingPolicy.rawValue)!,
                                   repeated: RefRepeated(rawValue: t.repeatedTimePolicy.rawValue)!,
                                   direction: forward ? .forward : .backward,
                                   weekRules: RefWeekRules(firstWeekday: t.weekRules.firstWeekday, minimumDaysInFirstWeek: t.weekRules.minimumDaysInFirstWeek),
                                   gap: t.gapPolicy.map { RefGap(rawValue: $0.rawValue)! }, overlap: t.overlapPolicy.map { RefOverlap(rawValue: $0.rawValue)! })]
        case .weekly(let t) where t.semantics == .consistent:
            triggers = t.weekdays.map { day in
                RefTrigger(pattern: RefPattern(hour: t.hour, minute: t.minute, second: t.second, weekday: day.rawValue), matching: .nextTime,
                           repeated: .first, direction: .forward, weekRules: RefWeekRules(firstWeekday: 1, minimumDaysInFirstWeek: 1),
                           gap: t.gapPolicy.map { RefGap(rawValue: $0.rawValue)! }, overlap: t.overlapPolicy.map { RefOverlap(rawValue: $0.rawValue)! })
            }
        default:
            return
        }
        if yearBounds == nil { yearBounds = RefTZSource.yearBounds(sourcePath: FuzzZones.directory + "/tzdata.zi") }
        let (lo, hi) = yearBounds!
        let refStart = RefInstant(seconds: start.seconds, nanoseconds: Int(start.nanoseconds))
        let steps = RefZoneOracle.with(path: FuzzZones.directory + "/" + zoneID) { oracle -> (steps: [RefSearch.Step], minOffset: Int64, maxOffset: Int64) in
            let steps = triggers.map { t -> RefSearch.Step in
                var search = RefSearch(trigger: t, zone: oracle, earliestYear: lo, latestYear: hi)
                search.walkLimitDays = windowDays
                return search.step(from: refStart)
            }
            return (steps, Int64(oracle.minOffset), Int64(oracle.maxOffset))
        }
        // The window: days from (about) the start's wall day; an instant from a wall time beyond it
        // lies past `edge`, with a day's margin for the offsets.
        let span = steps.maxOffset - steps.minOffset
        let startDay = CivilArithmetic.floorDivMod(start.seconds + (forward ? steps.minOffset : steps.maxOffset), 86_400).quotient
        let edge: Int64 = forward ? (startDay - 1 + Int64(windowDays)) * 86_400 - steps.maxOffset - span - 86_400
                                  : (startDay + 2 - Int64(windowDays)) * 86_400 - steps.minOffset + span + 86_400
        func inside(_ seconds: Int64) -> Bool { forward ? seconds < edge : seconds > edge }
        func nearer(_ a: RefInstant, _ b: RefInstant) -> Bool { forward ? a < b : a > b }

        // The union's answer: the nearest fire (ties: the adjustment first in section 3's order);
        // rejected when a pattern's skipped wall time comes no later than it.
        var best: RefFire?
        for case .fire(let f) in steps.steps where best == nil || nearer(f.instant, best!.instant) || (f.instant == best!.instant && f.adjustment < best!.adjustment) {
            best = f
        }
        var rejectedAt: RefInstant?
        for case .rejected(let t) in steps.steps where best.map({ forward ? t <= $0.instant : $0.instant < t }) ?? true {
            if rejectedAt == nil || nearer(t, rejectedAt!) { rejectedAt = t }
        }
        let reference: String, conclusive: Bool
        if rejectedAt != nil {
            reference = "throws wallTimeSkipped"
            conclusive = inside(rejectedAt!.seconds)
        } else if let best {
            reference = render(seconds: best.instant.seconds, nanoseconds: best.instant.nanoseconds, offset: best.offset, adjustment: best.adjustment.rawValue)
            conclusive = inside(best.instant.seconds)
        } else {
            reference = "none"
            conclusive = false
        }
        let engineText: String, engineInstant: Int64?
        switch engine {
        case .success(let fire?):
            engineText = render(seconds: fire.instant.seconds, nanoseconds: Int(fire.instant.nanoseconds), offset: Int(fire.offset), adjustment: fire.adjustment.rawValue)
            engineInstant = fire.instant.seconds
        case .success(nil): (engineText, engineInstant) = ("none", nil)
        case .failure: (engineText, engineInstant) = ("throws wallTimeSkipped", nil)
        }
        verbose("  reference \(reference)\(conclusive ? "" : " (at or past the window's edge)")")
        if conclusive {
            try fuzzCheck(engineText == reference, "engine \(engineText), reference \(reference) from \(start): \(context())")
        } else if let engineInstant, inside(engineInstant) {
            // The engine answers inside the window, where the reference found nothing nearer.
            throw fuzzFailure("engine \(engineText) inside the reference's window, reference \(reference) from \(start): \(context())")
        } else if reference == "throws wallTimeSkipped" || best != nil {
            // Found something at the window's edge: the engine must not answer none at all.
            try fuzzCheck(engineText != "none", "engine none, reference \(reference) (at the window's edge) from \(start): \(context())")
        }
    }

    static func render(seconds: Int64, nanoseconds: Int, offset: Int, adjustment: String) -> String {
        "\(seconds).\(nanoseconds) off=\(offset) \(adjustment)"
    }
}
