import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The worked cases of `docs/semantics.md` (section 5), answered in both semantics. Expected
/// values are hand-derived from the rules (reasoning beside each); in the apple semantics they
/// are Foundation's answers, asked of Foundation here too.
@Suite struct ConsistentSemanticsTests {
    static func rules(_ id: String) throws -> ZoneRules { try Fixtures.tzifDatabase.rules(for: id) }
    static func at(_ text: String) throws -> Instant { try ISO8601Format.parseInstant(text) }

    static func fire(_ c: CalendarComponents, _ zone: String, _ start: String, semantics: Semantics,
                     matching: MatchingPolicy = .nextTime, repeated: RepeatedTimePolicy = .first,
                     direction: SearchDirection = .forward, gap: GapPolicy? = nil) throws -> Fire? {
        let trigger = try CalendarTrigger(components: c, matchingPolicy: matching, repeatedTimePolicy: repeated,
                                          direction: direction, gapPolicy: gap, semantics: semantics)
        return try trigger.nextFire(after: at(start), in: rules(zone))
    }

    static func foundation(_ c: DateComponents, _ zone: String, _ start: String, matching: Calendar.MatchingPolicy = .nextTime,
                           repeated: Calendar.RepeatedTimePolicy = .first, direction: Calendar.SearchDirection = .forward) throws -> String? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let date = Date(timeIntervalSince1970: Double(try at(start).seconds))
        return calendar.nextDate(after: date, matching: c, matchingPolicy: matching, repeatedTimePolicy: repeated,
                                 direction: direction).map { Instant(seconds: Int64($0.timeIntervalSince1970)).description }
    }

    /// Case 1: `{year: 2027, hour: 9}` is every day of 2027 at 09:00 (month and day are coarser
    /// than the hour, so free). Berlin is +01:00 on 2027-03-01, so 09:00 is 08:00:00Z.
    @Test func fixedYearLeavesCoarserFieldsFree() throws {
        let c = CalendarComponents(year: 2027, hour: 9)
        let consistent = try Self.fire(c, "Europe/Berlin", "2027-03-01T00:00:00Z", semantics: .consistent)
        #expect(consistent?.instant.description == "2027-03-01T08:00:00Z")
        #expect(consistent?.adjustment == .exact)
        // Backward from 2020-01-01T00:00:00Z (UTC): the last day of 2019 at 12:12:12.
        let c2 = CalendarComponents(year: 2019, hour: 12, minute: 12, second: 12)
        let backward = try Self.fire(c2, "UTC", "2020-01-01T00:00:00Z", semantics: .consistent, matching: .strict, direction: .backward)
        #expect(backward?.instant.description == "2019-12-31T12:12:12Z")
        // Forward from 2019-06-15T00:00:00Z: the same day's 12:12:12.
        let forward = try Self.fire(c2, "UTC", "2019-06-15T00:00:00Z", semantics: .consistent, matching: .strict)
        #expect(forward?.instant.description == "2019-06-15T12:12:12Z")
        #expect(try Self.foundation(DateComponents(year: 2027, hour: 9), "Europe/Berlin", "2027-03-01T00:00:00Z") == "2027-03-01T08:00:00Z")
    }

    /// Case 2: June 15 14:00 UTC is wanted and before the start (20:00 the same day).
    @Test func backwardFindsTheStartsOwnDay() throws {
        let c = CalendarComponents(day: 15, hour: 14)
        let consistent = try Self.fire(c, "UTC", "2026-06-15T20:00:00Z", semantics: .consistent, matching: .strict, direction: .backward)
        #expect(consistent?.instant.description == "2026-06-15T14:00:00Z")
        // Foundation (and so the apple semantics) passes the day over: May 15.
        let apple = try Self.fire(c, "UTC", "2026-06-15T20:00:00Z", semantics: .apple, matching: .strict, direction: .backward)
        #expect(apple?.instant.description == "2026-05-15T14:00:00Z")
        #expect(try Self.foundation(DateComponents(day: 15, hour: 14), "UTC", "2026-06-15T20:00:00Z", matching: .strict,
                                    direction: .backward) == "2026-05-15T14:00:00Z")
    }

    /// Case 3: strict never answers a wall time that does not match.
    @Test func strictSkipsAGapInsteadOfMovingIntoIt() throws {
        // Lord Howe 2025-10-05: 02:00 +10:30 -> 02:30 +11 at 2025-10-04T15:30:00Z, so 02:00 is
        // skipped; the next 02:00 is on the 6th at +11: 2025-10-05T15:00:00Z.
        let lordHowe = try Self.fire(CalendarComponents(hour: 2), "Australia/Lord_Howe", "2025-10-04T00:00:00Z",
                                     semantics: .consistent, matching: .strict)
        #expect(lordHowe?.instant.description == "2025-10-05T15:00:00Z")
        #expect(lordHowe?.adjustment == .exact)
        // Sao Paulo 2018-11-04: 00:00 -03 -> 01:00 -02 at 03:00:00Z, so the 4th's midnight is
        // skipped; the next is December 4 00:00 -02 = 02:00:00Z.
        let saoPaulo = try Self.fire(CalendarComponents(day: 4), "America/Sao_Paulo", "2018-11-01T00:00:00Z",
                                     semantics: .consistent, matching: .strict)
        #expect(saoPaulo?.instant.description == "2018-12-04T02:00:00Z")
        // Foundation fires at the gap's end in both (the apple semantics keeps that).
        #expect(try Self.fire(CalendarComponents(hour: 2), "Australia/Lord_Howe", "2025-10-04T00:00:00Z", semantics: .apple,
                              matching: .strict)?.instant.description == "2025-10-04T15:30:00Z")
        #expect(try Self.foundation(DateComponents(hour: 2), "Australia/Lord_Howe", "2025-10-04T00:00:00Z",
                                    matching: .strict) == "2025-10-04T15:30:00Z")
    }

    /// Case 4: New York 2026-11-01 01:30 happens at 05:30:00Z (EDT) and 06:30:00Z (EST); `first`
    /// keeps 05:30:00Z, whichever side of the week the start is on.
    @Test func backwardThroughAnOverlapDoesNotDependOnTheStart() throws {
        let c = CalendarComponents(hour: 1, minute: 30, weekday: 1)
        for start in ["2026-11-01T12:00:00Z", "2026-11-02T12:00:00Z", "2026-11-07T12:00:00Z"] {
            let fire = try Self.fire(c, "America/New_York", start, semantics: .consistent, matching: .strict,
                                     repeated: .first, direction: .backward)
            #expect(fire?.instant.description == "2026-11-01T05:30:00Z", "\(start)")
            #expect(fire?.adjustment == .overlapFirst, "\(start)")
        }
    }

    /// Case 5: an explicit gap policy decides the gap whatever the matching policy: 02:30 read
    /// with EST's offset is 07:30:00Z (03:30 EDT).
    @Test func explicitGapPolicyIsTheOnlyGapRule() throws {
        for matching in MatchingPolicy.allCases {
            let fire = try Self.fire(CalendarComponents(hour: 2, minute: 30), "America/New_York", "2026-03-07T12:00:00Z",
                                     semantics: .consistent, matching: matching, gap: .shift)
            #expect(fire?.instant.description == "2026-03-08T07:30:00Z", "\(matching)")
            #expect(fire?.adjustment == .gapShiftedForward, "\(matching)")
        }
    }

    /// Section 2's example: `{day: 31, hour: 9}` in April 2026 (UTC).
    @Test func missingDayPolicies() throws {
        let c = CalendarComponents(day: 31, hour: 9)
        let expected: [(MatchingPolicy, String, FireAdjustment)] = [
            (.nextTime, "2026-05-01T00:00:00Z", .missingDayNextTime),
            (.nextTimePreservingSmallerComponents, "2026-05-01T09:00:00Z", .missingDayNextTimePreservingSmallerComponents),
            (.previousTimePreservingSmallerComponents, "2026-04-30T09:00:00Z", .missingDayPreviousTimePreservingSmallerComponents),
            (.strict, "2026-05-31T09:00:00Z", .exact),
        ]
        for (policy, instant, adjustment) in expected {
            let fire = try Self.fire(c, "UTC", "2026-04-01T00:00:00Z", semantics: .consistent, matching: policy)
            #expect(fire?.instant.description == instant, "\(policy)")
            #expect(fire?.adjustment == adjustment, "\(policy)")
            // Backward from June 1st reaches May 31 first, whatever the policy.
            let back = try Self.fire(c, "UTC", "2026-06-01T00:00:00Z", semantics: .consistent, matching: policy, direction: .backward)
            #expect(back?.instant.description == "2026-05-31T09:00:00Z", "\(policy)")
        }
    }

    /// Section 3's tie rule: `{minute: 30}` with `shift`; 02:30 shifted and 03:30 EDT are both
    /// 07:30:00Z, and the fire is `exact`. Without a gap rule hit, 01:30 EST = 06:30:00Z comes first.
    @Test func tiesPreferExact() throws {
        let fire = try Self.fire(CalendarComponents(minute: 30), "America/New_York", "2026-03-08T06:45:00Z",
                                 semantics: .consistent, gap: .shift)
        #expect(fire?.instant.description == "2026-03-08T07:30:00Z")
        #expect(fire?.adjustment == .exact)
        let previous = try Self.fire(CalendarComponents(minute: 30), "America/New_York", "2026-03-08T06:00:00Z",
                                     semantics: .consistent, gap: .shift)
        #expect(previous?.instant.description == "2026-03-08T06:30:00Z")
    }

    /// `reject` fails only when the skipped wall time lies between the start and the answer.
    @Test func rejectNamesTheSkippedWallTime() throws {
        #expect(throws: TriggerError.wallTimeSkipped(local: "2026-03-08T02:30:00", zone: "America/New_York")) {
            try Self.fire(CalendarComponents(hour: 2, minute: 30), "America/New_York", "2026-03-07T12:00:00Z",
                          semantics: .consistent, gap: .reject)
        }
        // From after the gap, the next 02:30 exists: no error.
        let after = try Self.fire(CalendarComponents(hour: 2, minute: 30), "America/New_York", "2026-03-08T08:00:00Z",
                                  semantics: .consistent, gap: .reject)
        #expect(after?.instant.description == "2026-03-09T06:30:00Z")
    }
}

/// Negative days count from the month's end; a month too short for one lacks it, and the missing
/// date lies before the month's first day (docs/semantics.md, section 2).
@Suite struct ConsistentNegativeDayTests {
    @Test func lastDayOfEachMonth() throws {
        // -1 is the 31st of January, the 28th of February 2027 (not a leap year), the 31st of March.
        let trigger = try CalendarTrigger(components: CalendarComponents(day: -1, hour: 9), semantics: .consistent)
        let fires = try Trigger.calendar(trigger).fires(after: ConsistentSemanticsTests.at("2027-01-15T00:00:00Z"),
                                                        in: ConsistentSemanticsTests.rules("UTC"), count: 3)
        #expect(fires.map(\.instant.description) == ["2027-01-31T09:00:00Z", "2027-02-28T09:00:00Z", "2027-03-31T09:00:00Z"])
        // Backward from March 1st: February's last day, 2028 being a leap year.
        let back = try CalendarTrigger(components: CalendarComponents(day: -1, hour: 9), direction: .backward, semantics: .consistent)
        #expect(try back.nextFire(after: ConsistentSemanticsTests.at("2028-03-01T00:00:00Z"), in: ConsistentSemanticsTests.rules("UTC"))?
            .instant.description == "2028-02-29T09:00:00Z")
    }

    @Test func missingNegativeDayStandsInAtTheMonthsStart() throws {
        // -31 of April does not exist (30 days); it would be March 31st. nextTime: April 1 00:00;
        // previousTimePreservingSmallerComponents: March 31 at 09:00; strict: May 1 (May's -31 is the 1st).
        let c = CalendarComponents(day: -31, hour: 9)
        let start = try ConsistentSemanticsTests.at("2026-03-31T12:00:00Z")
        let utc = try ConsistentSemanticsTests.rules("UTC")
        let expected: [(MatchingPolicy, String)] = [
            (.nextTime, "2026-04-01T00:00:00Z"), (.nextTimePreservingSmallerComponents, "2026-04-01T09:00:00Z"),
            (.strict, "2026-05-01T09:00:00Z"),
        ]
        for (policy, instant) in expected {
            let fire = try CalendarTrigger(components: c, matchingPolicy: policy, semantics: .consistent).nextFire(after: start, in: utc)
            #expect(fire?.instant.description == instant, "\(policy)")
        }
        let previous = try CalendarTrigger(components: c, matchingPolicy: .previousTimePreservingSmallerComponents, semantics: .consistent)
        #expect(try previous.nextFire(after: ConsistentSemanticsTests.at("2026-03-31T00:00:00Z"), in: utc)?.instant.description
                == "2026-03-31T09:00:00Z")
    }

    @Test func dayZeroIsRefusedInBothSemantics() {
        #expect(throws: TriggerError.self) { try CalendarTrigger(components: CalendarComponents(day: 0)) }
        #expect(throws: TriggerError.self) { try CalendarTrigger(components: CalendarComponents(day: 0), semantics: .consistent) }
    }

    /// Negative days in the apple semantics (Chime's extension: Foundation has none) count from the
    /// month's end like the consistent semantics', and a month too short for one gets the same
    /// stand-ins. Hand-derived in UTC (no DST, so nothing else can differ): the last days of
    /// 2026's months are Jan 31, Feb 28, Mar 31, Apr 30.
    @Test func appleSemanticsCountsNegativeDaysFromTheMonthsEnd() throws {
        let utc = try Fixtures.tzifDatabase.rules(for: "UTC")
        func fires(_ c: CalendarComponents, _ policy: MatchingPolicy = .nextTime, after: String, count: Int,
                   direction: SearchDirection = .forward) throws -> [String] {
            let trigger = try CalendarTrigger(components: c, matchingPolicy: policy, direction: direction)
            var (out, t) = ([String](), try ConsistentSemanticsTests.at(after))
            while out.count < count, let fire = try trigger.nextFire(after: t, in: utc) {
                out.append(fire.instant.description + " " + fire.adjustment.rawValue)
                t = fire.instant
            }
            return out
        }
        // -1 at 09:00 from mid-January: Jan 31, Feb 28 (2026 is not a leap year), Mar 31.
        #expect(try fires(CalendarComponents(day: -1, hour: 9), after: "2026-01-15T00:00:00Z", count: 3)
                == ["2026-01-31T09:00:00Z exact", "2026-02-28T09:00:00Z exact", "2026-03-31T09:00:00Z exact"])
        // -2 is the day before the last: Feb 27, then Mar 30; backward from Mar 15: Feb 27, Jan 30.
        #expect(try fires(CalendarComponents(day: -2), after: "2026-02-01T00:00:00Z", count: 2)
                == ["2026-02-27T00:00:00Z exact", "2026-03-30T00:00:00Z exact"])
        #expect(try fires(CalendarComponents(day: -2, hour: 0), after: "2026-03-15T00:00:00Z", count: 2, direction: .backward)
                == ["2026-02-27T00:00:00Z exact", "2026-01-30T00:00:00Z exact"])
        // -31 in April (30 days) lies before the month: its stand-ins are April 1st (nextTime at
        // 00:00, preserve at 09:00) and March 31st (previous); strict skips April for May 1st.
        let start = "2026-03-31T12:00:00Z"
        #expect(try fires(CalendarComponents(day: -31, hour: 9), after: start, count: 1) == ["2026-04-01T00:00:00Z missingDayNextTime"])
        #expect(try fires(CalendarComponents(day: -31, hour: 9), .nextTimePreservingSmallerComponents, after: start, count: 1)
                == ["2026-04-01T09:00:00Z missingDayNextTimePreservingSmallerComponents"])
        #expect(try fires(CalendarComponents(day: -31, hour: 9), .previousTimePreservingSmallerComponents, after: "2026-03-31T00:00:00Z", count: 1)
                == ["2026-03-31T09:00:00Z missingDayPreviousTimePreservingSmallerComponents"])
        #expect(try fires(CalendarComponents(day: -31, hour: 9), .strict, after: start, count: 1) == ["2026-05-01T09:00:00Z exact"])
        // With a month, strict and a day no such month has: never.
        #expect(try fires(CalendarComponents(month: 2, day: -30), .strict, after: start, count: 1) == [])
    }
}
