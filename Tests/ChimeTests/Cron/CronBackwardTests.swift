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
}
