import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The daily shortcut of cron and OnCalendar triggers (`CalendarFastPath.daily`) against their own
/// search alone (`CalendarSearch` with `CronRules` / `OnCalendarRules`), on every fixture zone:
/// the same fire in every field. The searches themselves are checked against croniter and
/// systemd-analyze (`CronDifferentialTests`, `OnCalendarDifferentialTests`).
@Suite struct DialectFastPathTests {
    /// Seeded cases: a random time of day, every day or one weekday, starts 1971–2190, half within
    /// three days of one of the zone's transitions.
    static func cases(_ count: Int, seed: UInt64, _ body: (ZoneRules, Int, Int, Int, Int?, Instant) throws -> Void) throws {
        let zones = try ZoneSets.all.map { try Fixtures.tzifDatabase.rules(for: $0) }
        var rng = SplitMix64(seed: seed)
        let from: Int64 = 31_536_000, until: Int64 = 6_942_000_000                 // 1971 ... 2189
        for _ in 0..<count {
            let zone = zones[rng.next(in: 0...zones.count - 1)]
            let (hour, minute, second) = (rng.next(in: 0...23), rng.next(in: 0...59), rng.next(in: 0...3) == 0 ? rng.next(in: 0...59) : 0)
            let weekday: Int? = rng.next(in: 0...2) == 0 ? rng.next(in: 0...6) : nil      // 0 = Sunday
            var start = Int64.random(in: from...until, using: &rng)
            if rng.next(in: 0...1) == 0 {
                let near = zone.transitions(from: Instant(seconds: start - 400 * 86_400), to: Instant(seconds: start + 400 * 86_400))
                if !near.isEmpty { start = near[rng.next(in: 0...near.count - 1)].instant.seconds + Int64(rng.next(in: -3 * 86_400...3 * 86_400)) }
            }
            try body(zone, hour, minute, second, weekday, Instant(seconds: start))
        }
    }

    @Test func cronShortcutMatchesItsSearch() throws {
        var answeredFast = 0
        try Self.cases(20_000, seed: 0xC20_2026) { zone, hour, minute, second, weekday, start in
            let flavor: CronFlavor = second != 0 || hour % 2 == 0 ? .croniter : .posix
            let text = "\(minute) \(hour) * * \(weekday.map(String.init) ?? "*")" + (flavor == .croniter ? " \(second)" : "")
            let trigger = try CronTrigger(expression: text, flavor: flavor)
            #expect(trigger.fastPath != nil, "\(text)")
            if trigger.fastPath?.nextFire(after: start, in: zone) != nil { answeredFast += 1 }
            var search = CalendarSearch(rules: CronRules(trigger: trigger, zone: zone), forward: true)
            let general = Result { () throws(TriggerError) in try search.fire(from: start) }
            let actual = Result { () throws(TriggerError) in try trigger.nextFire(after: start, in: zone) }
            #expect(actual == general, "\(zone.identifier) '\(text)' \(flavor) after \(start)")
        }
        #expect(answeredFast > 10_000, "the shortcut answered \(answeredFast) of 20,000")
    }

    /// The several-times-a-day shortcut of cron (`CronDayTimesFastPath`) against the search alone,
    /// five fires chained from each start: seeded minute, hour and day fields (steps, lists, ranges,
    /// both day fields restricted for Vixie's OR), posix and croniter (with a seconds field).
    @Test func cronDayTimesShortcutMatchesItsSearch() throws {
        var answeredFast = 0, fires = 0
        let run = DifferentialRun(name: "CRON_DAY_TIMES_SHORTCUT", defaultCases: 4_000, defaultSeed: 0xDA7_2026)
        try Self.cases(run.cases, seed: run.seed) { zone, hour, minute, second, weekday, start in
            var rng = SplitMix64(seed: UInt64(bitPattern: start.seconds) &+ UInt64(hour * 60 + minute))
            func field(_ fixed: Int, _ limit: Int) -> String {
                switch rng.next(in: 0...4) {
                case 0: "*"
                case 1: "*/\(rng.next(in: 2...max(2, limit / 3)))"
                case 2: "\(fixed),\((fixed + rng.next(in: 1...limit)) % (limit + 1))"
                case 3: "\(min(fixed, limit - 1))-\(min(limit, fixed + rng.next(in: 1...6)))"
                default: "\(fixed)"
                }
            }
            let days = ["*", "*", "1,15", "10-20", "*/3"][rng.next(in: 0...4)]
            let weekdays = weekday.map { "\($0)-\(min(6, $0 + rng.next(in: 1...4)))" } ?? "*"
            let months = rng.next(in: 0...3) == 0 ? "3,10,11" : "*"
            let croniter = rng.next(in: 0...1) == 0
            let text = "\(field(minute, 59)) \(field(hour, 23)) \(days) \(months) \(weekdays)" + (croniter ? " \(field(second, 59))" : "")
            let trigger = try CronTrigger(expression: text, flavor: croniter ? .croniter : .posix)
            var after = start
            // Half the time within two hours of a transition, where the shortcut must step aside.
            let near = zone.transitions(from: Instant(seconds: start.seconds - 400 * 86_400), to: Instant(seconds: start.seconds + 400 * 86_400))
            if !near.isEmpty, rng.next(in: 0...1) == 0 {
                after = Instant(seconds: near[rng.next(in: 0...near.count - 1)].instant.seconds + Int64(rng.next(in: -7_200...7_200)))
            }
            for _ in 0..<5 {
                if trigger.dayTimesFastPath?.nextFire(after: after, in: zone) != nil { answeredFast += 1 }
                var search = CalendarSearch(rules: CronRules(trigger: trigger, zone: zone), forward: true)
                let general = Result { () throws(TriggerError) in try search.fire(from: after) }
                let actual = Result { () throws(TriggerError) in try trigger.nextFire(after: after, in: zone) }
                #expect(actual == general, "\(zone.identifier) '\(text)' after \(after)")
                guard case .success(let fire?) = general else { break }
                after = fire.instant
                fires += 1
            }
        }
        #expect(answeredFast > fires / 2, "the shortcut answered \(answeredFast) of \(fires)")
    }

    /// The two cases where a wall time before the start's fires after the start, so the shortcut
    /// must step aside although the next wanted wall time resolves uniquely. Hand-derived, New York:
    /// - 2026-11-01, clocks back at 06:00:00Z (02:00 EDT → 01:00 EST). croniter fires a repeated
    ///   wall time at both instants (docs/cron.md), so `30 1,5 * * *` after 05:50:00Z (01:50 EDT)
    ///   fires at 01:30 EST = 06:30:00Z, not 05:30 EST = 10:30:00Z.
    /// - 2026-03-08, clocks forward at 07:00:00Z (02:00 EST → 03:00 EDT). With gap policy `shift`
    ///   (by the gap's length), `30 2,5 * * *` after 07:10:00Z (03:10 EDT) fires at 02:30 + 1 h =
    ///   03:30 EDT = 07:30:00Z, not 05:30 EDT = 09:30:00Z.
    @Test func cronDayTimesShortcutStepsAsideNearTransitions() throws {
        let zone = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        let back = try CronTrigger(expression: "30 1,5 * * *", flavor: .croniter)
        #expect(back.dayTimesFastPath != nil)
        #expect(try back.nextFire(after: Instant(seconds: 1_793_512_800 - 600), in: zone)?.instant == Instant(seconds: 1_793_512_800 + 1_800))
        let forward = try CronTrigger(expression: "30 2,5 * * *", flavor: .posix, gapPolicy: .shift)
        #expect(forward.dayTimesFastPath != nil)
        #expect(try forward.nextFire(after: Instant(seconds: 1_772_953_200 + 600), in: zone)?.instant == Instant(seconds: 1_772_953_200 + 1_800))
    }

    /// The shortcut of a one-time-a-day OnCalendar trigger (`OnCalendarTrigger.plainDailyFire`,
    /// with its period-based checks and, near transitions, the exact ones) against systemd's own walk
    /// (`OnCalendarTrigger.systemdFire`, itself checked against systemd-analyze by
    /// `OnCalendarDifferentialTests`). (The shared search is no reference here: where systemd gives
    /// up — St. John's 1987-04-05, a two-hour jump at 00:01 — it still answers.)
    @Test func onCalendarShortcutMatchesItsSearch() throws {
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        var answeredFast = 0
        let run = DifferentialRun(name: "ONCALENDAR_SHORTCUT", defaultCases: 5_000, defaultSeed: 0x0CA1_2026)
        try Self.cases(run.cases, seed: run.seed) { zone, hour, minute, second, weekday, start in
            let text = (weekday.map { names[$0] + " " } ?? "") + "*-*-* \(hour):\(minute):\(second)"
            let trigger = try OnCalendarTrigger(expression: text)
            #expect(trigger.fastPath != nil, "\(text)")
            if case .daily(let daily)? = trigger.fastPath,
               OnCalendarTrigger.plainDailyFire(daily, after: start, in: zone) != nil { answeredFast += 1 }
            let actual = try trigger.nextFire(after: start, in: zone)
            let walk = OnCalendarTrigger.systemdFire(spec: trigger.spec, after: start, in: zone)
            #expect(actual == walk, "\(zone.identifier) '\(text)' after \(start)")
        }
        #expect(answeredFast > run.cases / 2, "the shortcut answered \(answeredFast) of \(run.cases)")
    }
}
