import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The day walk ends after one 400-year Gregorian cycle without a candidate, for a pattern with
/// no year (`CalendarSearchRules.walkMayVisit`). Values from Python's `datetime` (an independent
/// calendar): February 29th falls on a Monday in 2016, 2044, 2072, 2112, 2140, … — after 2072 the
/// next is 40 years on (2100 is not a leap year), 2112-02-29T00:00:00Z = @4486147200.
@Suite struct CalendarSearchCycleTests {
    static let utc = try! Fixtures.tzifDatabase.rules(for: "Etc/UTC")
    static let after2073 = Instant(seconds: 3_250_454_400)        // 2073-01-01T00:00:00Z

    @Test(arguments: [Semantics.consistent, .apple])
    func aRarePatternIsStillFound(_ semantics: Semantics) throws {
        let trigger = try CalendarTrigger(components: CalendarComponents(month: 2, day: 29, weekday: 2), matchingPolicy: .strict,
                                          semantics: semantics)
        #expect(try trigger.nextFire(after: Self.after2073, in: Self.utc)?.instant == Instant(seconds: 4_486_147_200))
    }

    /// Day 1 of the year is never in February, and the 31st is never in the first week of a
    /// month that starts it (weekOfMonth 1 holds at most days 1–7): none, from any start.
    @Test(arguments: [Semantics.consistent, .apple])
    func aPatternNoDayMatchesHasNoFire(_ semantics: Semantics) throws {
        for components in [CalendarComponents(month: 2, dayOfYear: 1), CalendarComponents(day: 31, weekOfMonth: 1)] {
            let trigger = try CalendarTrigger(components: components, matchingPolicy: .strict, semantics: semantics)
            #expect(try trigger.nextFire(after: Self.after2073, in: Self.utc) == nil, "\(components)")
            let backward = try CalendarTrigger(components: components, matchingPolicy: .strict, direction: .backward, semantics: semantics)
            #expect(try backward.nextFire(after: Self.after2073, in: Self.utc) == nil, "\(components) backward")
        }
    }
}
