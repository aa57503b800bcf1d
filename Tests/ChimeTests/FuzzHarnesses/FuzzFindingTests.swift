import Testing
@testable import Chime
@testable import ChimeTestSupport

// The defects the libFuzzer harnesses found (Fuzz/README.md, "What was found"), each as the exact
// outcome the fixed library must give, derived by hand; the inputs themselves are replayed by
// FuzzReplayTests from FuzzRegressions/.

@Suite("Fuzz findings")
struct FuzzFindingTests {
    static let zones = Fixtures.tzifDatabase

    /// Fuzz/Cron (FuzzRegressions/cron/robfig-walk-past-year-9999): robfig's own walk
    /// (`RobfigSchedule`) limited its search to the start's year + 5 only, so from late 9999 it
    /// answered a wall time in year 10000 — outside Chime's calendar (years 1–9999), which the
    /// shared search (`CronRules`) already capped at 9999, and past `Instant.supportedRange`.
    ///
    /// `0 30 2 1 * *` is 02:30:00 on the 1st of every month. Pacific/Chatham is on +13:45 (DST)
    /// from late September to early April (Python zoneinfo: 9999-11-01T02:30 is +13:45).
    /// - after 9999-10-15T00:00:00Z (@253395561600): 9999-11-01T02:30+13:45 = 9999-10-31T12:45:00Z
    ///   (@253396989900);
    /// - after 9999-12-01T00:00:00Z (@253399622400, 13:45 on Dec 1 in Chatham): Dec 1 02:30 has
    ///   passed, the next 1st is 10000-01-01: none;
    /// - after 9999-12-31T23:59:59Z (@253402300799, already 10000-01-01 in Chatham): none.
    @Test func robfigWalkEndsWithYear9999() throws {
        let chatham = try Self.zones.rules(for: "Pacific/Chatham")
        let trigger = try CronTrigger(expression: "0 30 2 1 * *", flavor: .robfig)
        #expect(try trigger.nextFire(after: Instant(seconds: 253_395_561_600), in: chatham)?.instant == Instant(seconds: 253_396_989_900))
        #expect(try trigger.nextFire(after: Instant(seconds: 253_399_622_400), in: chatham) == nil)
        #expect(try trigger.nextFire(after: Instant(seconds: 253_402_300_799), in: chatham) == nil)
    }
}
