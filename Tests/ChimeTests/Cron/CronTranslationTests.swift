import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// One cron line written for another flavor (`CronExpression.text(for:)`, used by `chime audit
/// --compare`). The expected texts follow each tool's documented field layout (docs/cron.md:
/// robfig's seconds first, APScheduler 3's Monday = 0, Quartz's Sunday = 1 and `?`); the property
/// test checks that the translation means the same thing where DST cannot interfere — in UTC, every
/// flavor's own parser and search, each checked against its real tool elsewhere, give the same fires.
@Suite struct CronTranslationTests {
    @Test func writesEachToolsLayout() throws {
        let weekdays = try CronTrigger(expression: "30 2 * * 1-5").expression
        #expect(weekdays.text(for: .croniter) == "30 2 * * 1,2,3,4,5")
        #expect(weekdays.text(for: .robfig) == "0 30 2 * * 1,2,3,4,5")
        #expect(weekdays.text(for: .apscheduler3) == "30 2 * * 0,1,2,3,4")
        #expect(weekdays.text(for: .apscheduler) == "30 2 * * 1,2,3,4,5")
        #expect(weekdays.text(for: .quartz) == "0 30 2 ? * 2,3,4,5,6")
        #expect(weekdays.onCalendarExpression == "Mon..Fri *-*-* 02:30:00")
        // Steps from the field's start stay steps, so Vixie still runs `*/20` by the clock.
        #expect(try CronTrigger(expression: "0 */20 2 * * *", flavor: .robfig).expression.text(for: .posix) == "*/20 2 * * *")
        // Seconds need a seconds field; croniter puts it sixth.
        let seconds = try CronTrigger(expression: "15 30 2 * * *", flavor: .robfig).expression
        #expect(seconds.text(for: .croniter) == "30 2 * * * 15")
        #expect(seconds.text(for: .posix) == nil && seconds.text(for: .apscheduler3) == nil)
    }

    /// Day-of-month OR day-of-week (both restricted, crontab(5)) has no APScheduler or Quartz form;
    /// day-of-month AND day-of-week (`*/13` starts with `*`, cronie's DOM_STAR) none in croniter or robfig.
    @Test func refusesADayRuleTheTargetCannotKeep() throws {
        let either = try CronTrigger(expression: "0 0 13 * 5").expression
        #expect(either.text(for: .apscheduler3) == nil && either.text(for: .quartz) == nil)
        #expect(either.text(for: .croniter) == "0 0 13 * 5" && either.text(for: .robfig) == "0 0 0 13 * 5")
        let both = try CronTrigger(expression: "0 0 */13 * 5").expression
        #expect(both.text(for: .croniter) == nil && both.text(for: .robfig) == nil)
        #expect(both.text(for: .apscheduler3) == "0 0 */13 * 4")
    }

    @Test func translationsFireTheSameInUTC() throws {
        let utc = try Fixtures.tzifDatabase.rules(for: "UTC")
        var rng = SplitMix64(seed: 1212)
        func field(_ range: ClosedRange<Int>) -> String {
            switch rng.next(in: 0...4) {
            case 0: return "*"
            case 1: return "*/\(rng.next(in: 2...6))"
            case 2: let a = rng.next(in: range); return "\(a)-\(rng.next(in: a...range.upperBound))"
            default: return Set((0..<rng.next(in: 1...3)).map { _ in rng.next(in: range) }).sorted().map(String.init).joined(separator: ",")
            }
        }
        var compared = 0
        for _ in 0..<400 {
            let text = [field(0...59), field(0...23), rng.next(in: 0...2) == 0 ? field(1...28) : "*", field(1...12),
                        rng.next(in: 0...2) == 0 ? field(0...6) : "*"].joined(separator: " ")
            let source = try CronTrigger(expression: text)
            let start = Instant(seconds: Int64(rng.next(in: 0...2_000_000_000)))
            let expected = try Trigger.cron(source).fires(after: start, in: utc, count: 8).map(\.instant)
            for flavor in [CronFlavor.croniter, .robfig, .quartz, .apscheduler3, .apscheduler] {
                guard let translated = source.expression.text(for: flavor) else { continue }
                let fires = try Trigger.cron(try CronTrigger(expression: translated, flavor: flavor)).fires(after: start, in: utc, count: 8)
                #expect(fires.map(\.instant) == expected, "\(text) as \(flavor.rawValue): \(translated)")
                compared += 1
            }
        }
        #expect(compared > 800)
    }
}
