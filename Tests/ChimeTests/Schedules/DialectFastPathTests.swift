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
