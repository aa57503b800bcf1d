// Fuzz harness `oncalendar` (entry point Fuzz/OnCalendar/main.swift): systemd OnCalendar=
// expressions -> `OnCalendarTrigger(expression:…)`, then a few fires.
//
// Input: a 17-byte header (zone 2, start 14, gap/overlap policies 1: Fuzz/make_seeds.py writes
// it), then the expression as text (invalid UTF-8 repaired). Zone words are those of the pinned
// fixtures.
// Checks, beyond "no crash, no hang" (libFuzzer -timeout):
// - a refusal is an `OnCalendarError` with a non-empty description;
// - the normalized form parses to the same spec, and normalizes to itself (systemd's
//   `systemd-analyze calendar` prints a form it reads back);
// - up to 4 fires in the zone (the expression's own zone when it names one): each carries the
//   zone's offset/abbreviation; strictly later than the start and each other; none past 2199
//   (systemd's horizon); an `exact`/`overlap…` fire's wall time resolves as its adjustment says and
//   shows a year, month, day (`~`: counted from the month's end), weekday, hour, minute and
//   second with microseconds the spec holds; a gap fire (explicit policies) is next to a gap.
@testable import Chime

enum OnCalendarHarness {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        var input = FuzzBytes(bytes)
        var (zoneID, zone) = FuzzZones.pick(&input)
        let start = input.start(zone: zoneID, zone)
        let policies = input.byte()
        let explicit = policies % 2 == 1          // half keep systemd's own DST behaviour
        let gap: GapPolicy? = (policies / 2) % 6 == 0 ? nil : GapPolicy.allCases[Int((policies / 2) % 6) - 1]
        let overlap: OverlapPolicy? = (policies / 12) % 4 == 0 ? nil : OverlapPolicy.allCases[Int((policies / 12) % 4) - 1]
        let text = input.restAsText()
        let context = { "'\(text)' in \(zoneID) from \(start)" }
        let isZone: (String) -> Bool = { FuzzZones.rules($0) != nil }

        let trigger: OnCalendarTrigger
        do {
            trigger = try OnCalendarTrigger(expression: text, gapPolicy: explicit ? gap : nil, overlapPolicy: explicit ? overlap : nil,
                                            isZone: isZone)
        } catch {
            verbose("\(context()): \(error)")
            try fuzzCheck(!error.description.isEmpty, "empty error: \(context())")
            return
        }
        let spec = trigger.spec
        let again: OnCalendarTrigger
        // With the same policies: an explicit policy runs the shared search, not systemd's walk.
        do { again = try OnCalendarTrigger(expression: trigger.normalized, gapPolicy: trigger.gapPolicy,
                                           overlapPolicy: trigger.overlapPolicy, isZone: isZone) } catch {
            throw fuzzFailure("normalized '\(trigger.normalized)' does not parse (\(error)): \(context())")
        }
        // systemd 252 prints seconds as `*` whenever their sorted list starts with every whole
        // second, dropping the rest even where it is not covered: `systemd-analyze calendar
        // '*-*-* 00:00:0/1,1.15'` prints `*-*-* 00:00:*` but fires at 00:00:01.150 too. Chime's
        // normal form is systemd's, so only then may it denote another schedule.
        let lossySeconds = spec.microsecond.count > 1 && spec.microsecond[0].start == 0
            && spec.microsecond[0].repeat_ == 1_000_000 && spec.microsecond[0].stop < 0
        if again.spec != spec && !lossySeconds {
            // Otherwise the normal form may hold the items in another order or without repeats,
            // but it must denote the same schedule.
            let zoneForCheck = trigger.zoneIdentifier.flatMap(FuzzZones.rules) ?? zone
            func firstFires(_ t: OnCalendarTrigger) -> [Fire] {
                var iterator = FireIterator(trigger: .onCalendar(t), zone: zoneForCheck, start: start)
                var fires: [Fire] = []
                while fires.count < 8, let fire = try? iterator.nextFire() { fires.append(fire) }
                return fires
            }
            let (theirs, ours) = (firstFires(again), firstFires(trigger))
            try fuzzCheck(theirs == ours, "normalized '\(trigger.normalized)' reads as another schedule (\(theirs) vs \(ours)): \(context())")
        }
        try fuzzCheck(again.normalized == trigger.normalized, "normalized '\(trigger.normalized)' normalizes to '\(again.normalized)': \(context())")

        if let named = trigger.zoneIdentifier {
            guard let rules = FuzzZones.rules(named) else { throw fuzzFailure("zone '\(named)' accepted but unknown: \(context())") }
            (zoneID, zone) = (named, rules)
        }
        verbose("\(context()): \(trigger.normalized), gap \(trigger.gapPolicy.map { "\($0)" } ?? "-"), overlap \(trigger.overlapPolicy.map { "\($0)" } ?? "-") ...")  // (a hang shows what)
        var iterator = FireIterator(trigger: .onCalendar(trigger), zone: zone, start: start)
        var fires: [Fire] = []
        while fires.count < 4 {
            let fire: Fire?
            do { fire = try iterator.nextFire() } catch {
                try fuzzCheck(trigger.gapPolicy == .reject, "\(error) without gap policy reject: \(context())")
                break
            }
            guard let fire else { break }
            fires.append(fire)
        }
        verbose("\(context()): \(trigger.normalized) -> \(fires)")
        try FireChecks.ordered(fires, after: start, forward: true, "\(fires) \(context())")
        for fire in fires {
            try FireChecks.consistent(fire, in: zone, context())
            try FireChecks.adjustmentMatchesZone(fire, in: zone, "\(fire) \(context())")
            let w = WallFields(fire)
            try fuzzCheck(w.year <= 2199, "fire \(fire) past systemd's horizon: \(context())")
            if [.exact, .overlapFirst, .overlapLast].contains(fire.adjustment) {
                try checkFields(spec, w, nanoseconds: Int(fire.instant.nanoseconds), "\(fire) \(context())")
            }
        }
    }

    /// systemd's matching of one value against a component's items (a value, a range, a repetition).
    static func holds(_ items: [OnCalendarSpec.Item]?, _ value: Int) -> Bool {
        guard let items else { return true }
        return items.contains { item in
            if item.repeat_ == 0 {
                return item.stop < 0 ? value == item.start : item.start <= value && value <= item.stop
            }
            return value >= item.start && (value - item.start) % item.repeat_ == 0 && (item.stop < 0 || value <= item.stop)
        }
    }

    static func checkFields(_ spec: OnCalendarSpec, _ w: WallFields, nanoseconds: Int, _ context: @autoclosure () -> String) throws(FuzzFailure) {
        try fuzzCheck(holds(spec.year, w.year), "year \(w.year) not in the spec: \(context())")
        try fuzzCheck(holds(spec.month, w.month), "month \(w.month) not in the spec: \(context())")
        // `~d` counts back from the month's end (`~1` is the last day): systemd's find_end_of_month
        // (calendarspec.c) turns an item's start and stop into days of this month (mday = length + 1 − d,
        // a stop outside the month is open) and swaps them when both are days; the repetition then runs
        // forward from the start as usual.
        var days = spec.day
        if spec.endOfMonth, let items = spec.day {
            let length = w.daysInMonth
            days = items.map { item in
                var start = length - item.start + 1
                var stop = item.stop >= 1 && item.stop <= length ? length - item.stop + 1 : -1
                if stop > 0 { swap(&start, &stop) }
                return OnCalendarSpec.Item(rawStart: start, stop: stop, repeat_: item.repeat_)
            }
        }
        try fuzzCheck(holds(days, w.day), "day \(w.day) not in the spec\(spec.endOfMonth ? " (~)" : ""): \(context())")
        if let bits = spec.weekdays {
            let monday0 = (w.weekday + 5) % 7          // Apple 1 = Sunday → systemd bit 0 = Monday
            try fuzzCheck(bits & (1 << monday0) != 0, "weekday \(w.weekday) not in the spec: \(context())")
        }
        try fuzzCheck(holds(spec.hour, w.hour), "hour \(w.hour) not in the spec: \(context())")
        try fuzzCheck(holds(spec.minute, w.minute), "minute \(w.minute) not in the spec: \(context())")
        try fuzzCheck(nanoseconds % 1000 == 0, "a fire with sub-microsecond nanoseconds \(nanoseconds): \(context())")
        try fuzzCheck(holds(spec.microsecond, w.second * 1_000_000 + nanoseconds / 1000), "second \(w.second).\(nanoseconds) not in the spec: \(context())")
    }
}
