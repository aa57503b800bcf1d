// Fuzz harness `cron` (entry point Fuzz/Cron/main.swift): cron expressions of every flavor (posix,
// croniter, robfig, quartz, apscheduler, apscheduler3) -> `CronTrigger(expression:flavor:…)`, then
// a few fires.
//
// Input: a 20-byte header (flavor 1, zone 2, start 14, direction and gap/overlap policies 1, hash id
// 2: Fuzz/make_seeds.py writes it), then the expression as text (invalid UTF-8 repaired).
// Checks, beyond "no crash, no hang" (libFuzzer -timeout):
// - a refusal is a `CronError` with a non-empty description; a field error names a field of the
//   flavor's layout and a column inside the text;
// - the normalized fields parse again, as the same flavor, to the same field sets;
// - up to 4 fires in the zone (the robfig `TZ=` prefix's zone when it names one): each carries the
//   zone's offset/abbreviation at its instant; strictly after the start and each other (before, for
//   direction backward); an `exact`/`overlapFirst`/`overlapLast` fire's wall time resolves as its
//   adjustment says, and shows a second, minute, hour, month, year and day the fields hold; a
//   gap fire is next to a gap.
@testable import Chime

enum CronHarness {
    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        var input = FuzzBytes(bytes)
        let flavor = input.pick(CronFlavor.allCases)
        var (zoneID, zone) = FuzzZones.pick(&input)
        let start = input.start(zone: zoneID, zone)
        let policies = input.byte()
        let gap: GapPolicy? = policies % 6 == 0 ? nil : GapPolicy.allCases[Int(policies % 6) - 1]
        let overlap: OverlapPolicy? = (policies / 6) % 4 == 0 ? nil : OverlapPolicy.allCases[Int((policies / 6) % 4) - 1]
        let explicit = policies / 24 % 2 == 1              // half the inputs keep the flavor's own DST rule
        let backward = policies / 48 % 2 == 1 && flavor.profile.backwardRefusal == nil
        let hashFlag = input.byte(), hashValue = input.byte()
        let hashId: String? = hashFlag % 4 == 0 ? "job-\(hashValue)" : nil
        let text = input.restAsText()
        let context = { "flavor \(flavor.rawValue) '\(text)' in \(zoneID) from \(start)" }

        let trigger: CronTrigger
        do {
            trigger = try CronTrigger(expression: text, flavor: flavor, direction: backward ? .backward : .forward,
                                      gapPolicy: explicit ? gap : nil, overlapPolicy: explicit ? overlap : nil, hashId: hashId)
        } catch {
            verbose("\(context()): \(error)")
            try fuzzCheck(!error.description.isEmpty, "empty error: \(context())")
            if case .badValue(let field, let name, let column, _, let reason) = error {
                // Field 0 is robfig's `TZ=` prefix.
                try fuzzCheck(field >= 0 && field <= 7 && !name.isEmpty && !reason.isEmpty, "error \(error) names no field: \(context())")
                try fuzzCheck(column >= 1 && column <= text.unicodeScalars.count + 1, "error \(error) names column \(column) of \(text.unicodeScalars.count): \(context())")
            }
            return
        }
        let e = trigger.expression

        // The normalized fields read again as the same schedule.
        let again: CronExpression
        do { again = try CronTrigger(expression: e.normalized, flavor: flavor, hashId: hashId).expression } catch {
            throw fuzzFailure("normalized '\(e.normalized)' does not parse (\(error)): \(context())")
        }
        try fuzzCheck(sameFields(e, again), "normalized '\(e.normalized)' reads as other fields: \(context())")

        if let named = trigger.zoneIdentifier {
            guard let rules = FuzzZones.rules(named) else { return }
            (zoneID, zone) = (named, rules)
        }
        var iterator = FireIterator(trigger: .cron(trigger), zone: zone, start: start)
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
        verbose("\(context()): \(e.normalized) -> \(fires)")
        try FireChecks.ordered(fires, after: start, forward: !backward, "\(fires) \(context())")
        for fire in fires {
            try FireChecks.consistent(fire, in: zone, context())
            guard e.everyNanoseconds == nil else { continue }
            try FireChecks.adjustmentMatchesZone(fire, in: zone, gapNextTimeSlack: flavor == .croniter ? 59 : 0, "\(fire) \(context())")
            if [.exact, .overlapFirst, .overlapLast].contains(fire.adjustment) {
                let robfigWalk = flavor == .robfig && trigger.gapPolicy == nil && trigger.overlapPolicy == nil
                try checkFields(e, WallFields(fire), carriedByGap: robfigWalk ? zone : nil, "\(fire) \(context())")
            }
        }
    }

    static func sameFields(_ a: CronExpression, _ b: CronExpression) -> Bool {
        a.seconds == b.seconds && a.minutes == b.minutes && a.hours == b.hours && a.daysOfMonth == b.daysOfMonth
            && a.lastDayOfMonth == b.lastDayOfMonth && a.nearestWeekdays == b.nearestWeekdays && a.months == b.months
            && a.weekdays == b.weekdays && a.nthWeekdays == b.nthWeekdays && a.years == b.years && a.dayRule == b.dayRule
            && a.clockDriven == b.clockDriven && a.everyNanoseconds == b.everyNanoseconds && a.quartz == b.quartz
    }

    /// The wall time shows values the fields hold.
    ///
    /// `carriedByGap` (robfig's own walk): robfig's hour loop notices a new day only at hour 0, and
    /// its minute loop a new hour only at minute 0 (spec.go lines 145, 157; docs/cron.md, robfig),
    /// so a gap that skips a day's 00:00 carries the walk into that day without checking the day
    /// fields, and one that skips an hour's :00 into that hour without checking the hour. The real
    /// robfig v3.0.1 does fire there (Tests/CronOracle/robfig: `1, 15 1-3 * * 1-5` in Asia/Tehran
    /// fires Saturday 2014-03-22 01:15:01, Tehran having skipped 00:00 that day). So a fire may miss
    /// the date fields only when its day's 00:00 was skipped and the day before matches them, and
    /// the hour field only when its hour's :00 was skipped and the hour before matches it.
    static func checkFields(_ e: CronExpression, _ w: WallFields, carriedByGap zone: ZoneRules? = nil,
                            _ context: @autoclosure () -> String) throws(FuzzFailure) {
        var dateCarried = false, hourCarried = false
        if let zone {
            func skipped(_ local: Int64) -> Bool { if case .gap = zone.resolve(localSeconds: local) { true } else { false } }
            let midnight = w.local.localSeconds - Int64(w.hour * 3600 + w.minute * 60 + w.second)
            let dayBefore = CivilDateTime(localSeconds: midnight - 86_400)
            dateCarried = skipped(midnight) && !dateMatches(e, w.local) && dateMatches(e, dayBefore)
            hourCarried = skipped(midnight + Int64(w.hour * 3600)) && !bitSet(e.quartz?.hours ?? e.hours, w.hour)
                && bitSet(e.quartz?.hours ?? e.hours, (w.hour + 23) % 24)
        }
        func has(_ bits: UInt64, _ value: Int, _ name: String) throws(FuzzFailure) {
            try fuzzCheck(bitSet(bits, value), "\(name) \(value) is not in the field: \(context())")
        }
        let q = e.quartz
        try has(q?.seconds ?? e.seconds, w.second, "second")
        try has(q?.minutes ?? e.minutes, w.minute, "minute")
        if !hourCarried { try has(q?.hours ?? e.hours, w.hour, "hour") }
        guard !dateCarried else { return }
        try has(q?.months ?? e.months, w.month, "month")
        try fuzzCheck(e.allowsYear(w.year), "year \(w.year) is not in the field: \(context())")
        try fuzzCheck(e.matchesDay(year: w.year, month: w.month, day: w.day, dayNumber: w.local.dayNumber),
                      "day \(w.year)-\(w.month)-\(w.day) does not match the day fields: \(context())")
    }

    static func bitSet(_ bits: UInt64, _ value: Int) -> Bool { value >= 0 && value < 64 && bits & (1 << UInt64(value)) != 0 }

    /// Month, year and day fields.
    static func dateMatches(_ e: CronExpression, _ t: CivilDateTime) -> Bool {
        bitSet(e.quartz?.months ?? e.months, t.month) && e.allowsYear(t.year)
            && e.matchesDay(year: t.year, month: t.month, day: t.day, dayNumber: t.dayNumber)
    }
}
