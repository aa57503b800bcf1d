import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import ChimeReference

/// Foundation's rules that the apple semantics copies, one named test per hook of `AppleRules`
/// (the hooks the one search calls, `Sources/Chime/Triggers/Apple/`). Each case carries a
/// hand-derived answer with its reasoning (docs/apple-semantics.md); Chime's apple answer and
/// Foundation's `Calendar.nextDate` on this machine must both equal it.
///
/// America/Havana, 2026: clocks jump from 00:00 CST to 01:00 CDT at 2026-03-08T05:00:00Z, so that
/// day has no midnight and begins at 05:00:00Z; they fall back from 01:00 CDT to 00:00 CST at
/// 2026-11-01T05:00:00Z, so 00:xx on November 1 happens at 04:xxZ (CDT) and again at 05:xxZ (CST).
/// America/New_York falls back from 02:00 EDT to 01:00 EST at 2026-11-01T06:00:00Z: 01:30 is
/// 05:30:00Z (EDT) and 06:30:00Z (EST).
@Suite struct AppleRuleTests {
    /// The hook of `AppleRules` a case exercises.
    enum Hook: CaseIterable, Sendable {
        /// How the components are read (`MatchPattern`) and which days are candidates (`nextCandidateDay`).
        case candidateDays
        /// `begin`: the start's own day passed over backward; the stand-in for the month just passed.
        case startDay
        /// `missingDay`: a missing day's stand-in.
        case missingDayStandIn
        /// `resolve` in a gap: `foundationDayStartStandIn`, `foundationPassesOverGap`.
        case gapDecision
        /// `resolve` in an overlap: `appleOverlapPolicy` and the start inside the repeated hour.
        case overlapChoice
    }

    struct Case: Sendable, CustomStringConvertible {
        let hook: Hook
        let zone: String
        let after: Int64
        let components: CalendarComponents
        var policy = MatchingPolicy.nextTime
        var repeated = RepeatedTimePolicy.first
        var direction = SearchDirection.forward
        let expected: Int64
        let reason: String
        var description: String { reason }
    }

    static let cases: [Case] = [
        Case(hook: .overlapChoice, zone: "America/Havana", after: 1_792_497_600, components: CalendarComponents(day: 1), repeated: .last,
             expected: 1_793_505_600, reason: "{day: 1} without an hour is the day's first instant, 04:00Z, even with .last"),
        Case(hook: .overlapChoice, zone: "America/Havana", after: 1_793_880_000, components: CalendarComponents(day: 1, hour: 0), direction: .backward,
             expected: 1_793_505_600, reason: "backward {day: 1, hour: 0} .first lands on the day's start and meets 04:00Z first"),
        Case(hook: .overlapChoice, zone: "America/Havana", after: 1_793_880_000, components: CalendarComponents(day: 1, hour: 0), repeated: .last,
             direction: .backward, expected: 1_793_505_600, reason: "backward .last walks back to the earlier pass, 04:00Z"),
        Case(hook: .overlapChoice, zone: "America/Havana", after: 1_793_534_400, components: CalendarComponents(hour: 0), direction: .backward,
             expected: 1_793_509_200, reason: "backward {hour: 0} .first steps back in time and meets 05:00Z (CST) first"),
        Case(hook: .gapDecision, zone: "America/Havana", after: 1_772_366_400, components: CalendarComponents(day: 8, hour: 0),
             policy: .previousTimePreservingSmallerComponents, expected: 1_775_620_800,
             reason: "previousTime has no stand-in for March 8's missing midnight (an hour back is March 7): April 8 00:00 CDT"),
        Case(hook: .gapDecision, zone: "America/Havana", after: 1_772_946_001, components: CalendarComponents(hour: 0),
             policy: .previousTimePreservingSmallerComponents, direction: .backward, expected: 1_772_859_600,
             reason: "backward previousTime from 01:00:01 CDT on March 8 passes the day over: March 7 00:00 CST"),
        Case(hook: .gapDecision, zone: "America/Havana", after: 1_772_946_001, components: CalendarComponents(hour: 0, minute: 30),
             policy: .previousTimePreservingSmallerComponents, direction: .backward, expected: 1_772_944_200,
             reason: "but with a minute, previousTime gives the evening before's stand-in, 23:30 CST = 04:30:00Z"),
        Case(hook: .gapDecision, zone: "America/Havana", after: 1_772_946_001, components: CalendarComponents(hour: 0, minute: 30), direction: .backward,
             expected: 1_772_946_000, reason: "backward nextTime from 01:00:01 CDT: the day's first instant, 05:00:00Z"),
        Case(hook: .gapDecision, zone: "America/Havana", after: 1_772_946_001, components: CalendarComponents(hour: 0, minute: 30, second: 5),
             direction: .backward, expected: 1_772_861_405,
             reason: "with a second ahead of the start's, Foundation's candidate slips a minute and the day is passed over"),
        Case(hook: .gapDecision, zone: "America/Havana", after: 1_773_057_600, components: CalendarComponents(hour: 0, minute: 30, weekday: 1),
             direction: .backward, expected: 1_772_946_000, reason: "backward from Monday, Sunday March 8's 00:30 is its first instant"),
        Case(hook: .gapDecision, zone: "America/Havana", after: 1_773_000_000, components: CalendarComponents(hour: 0, minute: 30, weekday: 1),
             direction: .backward, expected: 1_772_343_000, reason: "backward from later that Sunday, the day is passed over: March 1 00:30 CST"),
        Case(hook: .gapDecision, zone: "America/Havana", after: 1_772_860_620, components: CalendarComponents(hour: 0),
             policy: .previousTimePreservingSmallerComponents, expected: 1_773_028_800,
             reason: "from March 7 00:17 CST, that day's 00:00 is behind; the next try is March 8's first instant, where previousTime has no stand-in: March 9"),
        Case(hook: .gapDecision, zone: "America/Havana", after: 1_772_895_600, components: CalendarComponents(hour: 0),
             policy: .previousTimePreservingSmallerComponents, expected: 1_772_942_400,
             reason: "from March 7 10:00 CST the hour walk stops before the gap: 23:00 CST, 04:00:00Z"),
        Case(hook: .gapDecision, zone: "America/Havana", after: 1_772_366_400, components: CalendarComponents(day: 8, minute: 22), policy: .strict,
             expected: 1_772_947_320, reason: "no hour given: from March 8's first instant (01:00 CDT) the first :22 is 01:22 CDT, even strict"),
        Case(hook: .gapDecision, zone: "America/Havana", after: 1_772_366_400, components: CalendarComponents(day: 8, minute: 22),
             policy: .previousTimePreservingSmallerComponents, expected: 1_772_947_320, reason: "the same under previousTime"),
        Case(hook: .gapDecision, zone: "America/Havana", after: 1_774_008_000, components: CalendarComponents(day: 8, minute: 22), policy: .strict,
             direction: .backward, expected: 1_772_947_320, reason: "and searching backward from March 20"),
        Case(hook: .missingDayStandIn, zone: "America/Asuncion", after: 1_695_211_200, components: CalendarComponents(day: 31, hour: 0, minute: 30),
             expected: 1_698_723_000,
             reason: "September's stand-in, Oct 1 00:30, is in the gap (2023-10-01 00:00 -04 -> 01:00 -03) and dropped: Oct 31 00:30 -03"),
        Case(hook: .missingDayStandIn, zone: "America/Asuncion", after: 1_695_211_200, components: CalendarComponents(day: 31, hour: 0, minute: 30),
             policy: .nextTimePreservingSmallerComponents, expected: 1_698_723_000, reason: "the same with nextTimePreservingSmallerComponents"),
        Case(hook: .missingDayStandIn, zone: "America/Asuncion", after: 1_695_211_200, components: CalendarComponents(day: 31), expected: 1_696_132_800,
             reason: "{day: 31} has no hour to check: September's stand-in is Oct 1's first instant, 01:00 -03"),
        Case(hook: .startDay, zone: "UTC", after: 1_772_359_200, components: CalendarComponents(month: 2, day: 30, hour: 22, minute: 1),
             policy: .nextTimePreservingSmallerComponents, expected: 1_772_402_460,
             reason: "February 30th 2026 rolls over to March 2nd, so from March 1 10:00 its stand-in March 1 22:01 is ahead"),
        Case(hook: .startDay, zone: "UTC", after: 1_772_492_400, components: CalendarComponents(month: 2, day: 30, hour: 22, minute: 1),
             policy: .nextTimePreservingSmallerComponents, expected: 1_803_938_460,
             reason: "from March 2 23:00 that stand-in has passed: 2027-03-01 22:01"),
        Case(hook: .missingDayStandIn, zone: "UTC", after: 1_930_132_800, components: CalendarComponents(month: 2, day: 30),
             policy: .previousTimePreservingSmallerComponents, expected: 1_961_668_800,
             reason: "from 2031-03-01, before February 30th 2031 rolls over (March 2), February 2032 is measured in 2032: Feb 29"),
        Case(hook: .missingDayStandIn, zone: "UTC", after: 1_930_219_200, components: CalendarComponents(month: 2, day: 30),
             policy: .previousTimePreservingSmallerComponents, expected: 1_961_582_400,
             reason: "from 2031-03-02 12:00, past that date, the search moved on a year and measures February in 2031: Feb 28"),
        Case(hook: .gapDecision, zone: "Australia/Lord_Howe", after: 1_791_028_800, components: CalendarComponents(hour: 2), policy: .strict,
             expected: 1_791_041_400, reason: "2026-10-04 jumps from 02:00 to 02:30 +11: the gap's end already reads hour 2, even strict"),
        Case(hook: .gapDecision, zone: "Australia/Lord_Howe", after: 1_791_115_200, components: CalendarComponents(hour: 2),
             policy: .previousTimePreservingSmallerComponents, direction: .backward, expected: 1_791_041_400,
             reason: "the same backward under previousTime: 02:30 +11 = 15:30:00Z"),
        Case(hook: .gapDecision, zone: "Asia/Thimphu", after: 560_023_128, components: CalendarComponents(hour: 0), policy: .strict,
             expected: 560_025_000, reason: "1987-10-01 begins at 00:30 +06 (00:00 +05:30 was skipped), which still reads hour 0"),
        Case(hook: .gapDecision, zone: "Asia/Thimphu", after: 560_025_000, components: CalendarComponents(month: 10, minute: 0),
             expected: 560_026_800, reason: "from October's first instant (00:30 +06), {month: 10, minute: 0}'s midnight stands in at the first :00, 01:00 +06"),
        Case(hook: .gapDecision, zone: "Asia/Thimphu", after: 560_025_001, components: CalendarComponents(month: 10, minute: 0),
             expected: 591_645_600, reason: "a second later the month-level search has passed October's start: 1988-10-01 00:00 +06 (found by the engine fuzz harness)"),
        Case(hook: .gapDecision, zone: "Asia/Thimphu", after: 560_025_600, components: CalendarComponents(day: 1, minute: 0),
             expected: 560_026_800, reason: "a day-level pattern keeps the stand-in from later that day: 00:40 +06 -> 01:00 +06"),
        // Added with the hooks: hand-derived from docs/apple-semantics.md, UTC unless named.
        Case(hook: .startDay, zone: "UTC", after: 1_773_568_800, components: CalendarComponents(day: 15, hour: 5), direction: .backward,
             expected: 1_771_131_600, reason: "backward {day: 15, hour: 5} from 2026-03-15 10:00 passes over the start's own day: 02-15 05:00"),
        Case(hook: .startDay, zone: "UTC", after: 1_773_568_800, components: CalendarComponents(weekday: 1), direction: .backward,
             expected: 1_772_928_000, reason: "backward {weekday: 1} (no time) from Sunday 2026-03-15 10:00 passes over that Sunday: 03-08 00:00"),
        Case(hook: .startDay, zone: "UTC", after: 1_773_568_800, components: CalendarComponents(hour: 5, weekday: 1), direction: .backward,
             expected: 1_773_550_800, reason: "with an hour, {weekday: 1, hour: 5} keeps the start's own Sunday: 03-15 05:00"),
        Case(hook: .candidateDays, zone: "UTC", after: 1_804_242_000, components: CalendarComponents(year: 2027, hour: 9),
             expected: 1_804_323_600, reason: "a year pins no month or day: {year: 2027, hour: 9} after 2027-03-05 10:20 is 03-06 09:00"),
        Case(hook: .candidateDays, zone: "UTC", after: 1_772_325_900, components: CalendarComponents(day: 1, minute: 30),
             expected: 1_775_003_400, reason: "the day is the highest unit, so the hour is pinned to 0: {day: 1, minute: 30} after 03-01 00:45 is 04-01 00:30"),
        Case(hook: .overlapChoice, zone: "America/New_York", after: 1_793_491_200, components: CalendarComponents(hour: 1, minute: 30),
             expected: 1_793_511_000, reason: "{hour: 1, minute: 30} .first on 2026-11-01 is the EDT pass, 05:30:00Z"),
        Case(hook: .overlapChoice, zone: "America/New_York", after: 1_793_491_200, components: CalendarComponents(hour: 1, minute: 30),
             repeated: .last, expected: 1_793_514_600, reason: "and .last the EST pass, 06:30:00Z"),
        Case(hook: .overlapChoice, zone: "America/New_York", after: 1_793_511_900, components: CalendarComponents(minute: 30),
             expected: 1_793_514_600, reason: "with the hour free both passes match: {minute: 30} from 01:45 EDT is 01:30 EST, 06:30:00Z"),
        Case(hook: .overlapChoice, zone: "America/New_York", after: 1_793_511_900, components: CalendarComponents(hour: 1, minute: 30),
             expected: 1_793_514_600, reason: "started inside the repeated hour past the EDT 01:30, .first takes the pass still ahead, 06:30:00Z"),
    ]

    static func cases(of hook: Hook) -> [Case] { cases.filter { $0.hook == hook } }

    @Test(arguments: cases(of: .candidateDays)) func candidateDays(_ c: Case) throws { try check(c) }
    @Test(arguments: cases(of: .startDay)) func startDayHandling(_ c: Case) throws { try check(c) }
    @Test(arguments: cases(of: .missingDayStandIn)) func missingDayStandIn(_ c: Case) throws { try check(c) }
    @Test(arguments: cases(of: .gapDecision)) func gapDecision(_ c: Case) throws { try check(c) }
    @Test(arguments: cases(of: .overlapChoice)) func overlapChoice(_ c: Case) throws { try check(c) }

    @Test func everyHookHasCasesInBothDirections() {
        for hook in Hook.allCases {
            #expect(!Self.cases(of: hook).isEmpty, "no case for \(hook)")
        }
        #expect(Self.cases.contains { $0.direction == .backward } && Self.cases.contains { $0.direction == .forward })
    }

    /// Chime's apple answer and Foundation's both equal the hand-derived one.
    func check(_ c: Case) throws {
        let trigger = try CalendarTrigger(components: c.components, matchingPolicy: c.policy, repeatedTimePolicy: c.repeated,
                                          direction: c.direction)
        let chime = try trigger.nextFire(after: Instant(seconds: c.after), in: try Fixtures.tzifDatabase.rules(for: c.zone))?.instant.seconds
        #expect(chime == c.expected, "\(c.reason)")

        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: c.zone)!
        var wanted = DateComponents()
        for (name, value) in c.components.named { if let value { wanted.setValue(value, for: Self.component(name)) } }
        let foundation = calendar.nextDate(
            after: Date(timeIntervalSince1970: Double(c.after)), matching: wanted, matchingPolicy: FoundationOracle.matchingPolicy(c.policy.rawValue),
            repeatedTimePolicy: c.repeated == .last ? .last : .first, direction: c.direction == .backward ? .backward : .forward)
        #expect(foundation.map { Int64($0.timeIntervalSince1970) } == c.expected, "Foundation: \(c.reason)")
    }

    static func component(_ name: String) -> Calendar.Component {
        switch name {
        case "year": .year
        case "month": .month
        case "day": .day
        case "hour": .hour
        case "minute": .minute
        case "second": .second
        case "weekday": .weekday
        case "weekdayOrdinal": .weekdayOrdinal
        case "weekOfMonth": .weekOfMonth
        case "weekOfYear": .weekOfYear
        case "yearForWeekOfYear": .yearForWeekOfYear
        case "dayOfYear": .dayOfYear
        default: .nanosecond
        }
    }
}
