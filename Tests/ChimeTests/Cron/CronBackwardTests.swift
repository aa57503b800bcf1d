import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import Chime

/// Backward cron searches reaching a day's midnight. Hand-derived: America/New_York is on EDT
/// (−04:00) from March to November 2010, so 00:00 on the 1st is 04:00Z.
@Suite struct CronBackwardTests {
    /// The walk asked for the time before 00:00:00 and was given 00:00:00 again (a truncating
    /// division of −1 ns), looping there for ever.
    @Test(arguments: [CronFlavor.posix, .croniter])
    func midnightBackward(flavor: CronFlavor) throws {
        let trigger = try CronTrigger(expression: "0 0 1 * *", flavor: flavor, direction: .backward)
        let zone = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        let start = try ISO8601Format.parseInstant("2010-06-05T00:00:00Z")
        let fires = try Trigger.cron(trigger).fires(after: start, in: zone, count: 2).map(\.instant.utcString)
        #expect(fires == ["2010-06-01T04:00:00Z", "2010-05-01T04:00:00Z"])
    }

    /// Quartz backward from far past its last year (`QuartzWalk.maxYear`, this year + 100) found
    /// nothing: the day walk gave up 400 years after the start, before reaching the years Quartz
    /// allows. Hand-derived: Feb 29 is in leap years (divisible by 4, centuries only by 400), so the
    /// latest fire is Feb 29 of the last leap year up to `maxYear`; of `2030,2028`, 2030 is not one.
    @Test func quartzBackwardFromPastItsLastYear() throws {
        func leap(_ y: Int) -> Bool { y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) }
        let lastLeap = (QuartzWalk.maxYear - 3...QuartzWalk.maxYear).last(where: leap)!
        let utc = try Fixtures.tzifDatabase.rules(for: "Etc/UTC")
        let everyYear = try CronTrigger(expression: "0 0 0 29 2 ?", flavor: .quartz, direction: .backward)
        for start in ["2600-01-01T00:00:00Z", "5000-01-01T00:00:00Z"] {
            let fire = try everyYear.nextFire(after: try ISO8601Format.parseInstant(start), in: utc)
            #expect(fire?.instant.utcString == "\(lastLeap)-02-29T00:00:00Z", "\(start)")
        }
        let twoYears = try CronTrigger(expression: "0 0 0 29 2 ? 2030,2028", flavor: .quartz, direction: .backward)
        #expect(try twoYears.nextFire(after: try ISO8601Format.parseInstant("2600-01-01T00:00:00Z"), in: utc)?.instant.utcString
                == "2028-02-29T00:00:00Z")
    }
}
