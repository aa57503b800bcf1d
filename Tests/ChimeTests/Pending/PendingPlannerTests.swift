import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The rolling-window planner: repeating requests expanded into one-shot occurrences, the `limit`
/// soonest kept, and `refillBy` = the instant of the first occurrence left out.
@Suite struct PendingPlannerTests {
    static let now = unixSeconds("2026-03-07T12:00:00Z")

    /// The doc comment's example, derived by hand: New York is EST (UTC-5) until it springs forward
    /// at 2026-03-08T07:00:00Z, EDT (UTC-4) after.
    /// - "standup", daily 09:00: Sat Mar 7 09:00 EST = 14:00Z, Sun Mar 8 09:00 EDT = 13:00Z,
    ///   Mon Mar 9 09:00 EDT = 13:00Z, …
    /// - "call", one-shot 3600 s after now: 13:00Z.
    /// Limit 3 keeps call#0, standup#0, standup#1; standup#2 (Mar 9 13:00Z) is the first left out.
    @Test func expandsARepeatingRequestAndSaysWhenToRefill() throws {
        let requests = [
            try PendingSpec(identifier: "standup", zone: "America/New_York", kind: .calendar(hour: 9, minute: 0)).request(createdAt: Self.now),
            try PendingSpec(identifier: "call", zone: "America/New_York", kind: .interval(anchor: Self.now, seconds: 3600, repeats: false))
                .request(createdAt: Self.now),
        ]
        let plan = try Planner(limit: 3).plan(requests, now: Instant(seconds: Self.now))
        #expect(plan.occurrences.map(\.occurrenceIdentifier) == ["call#0", "standup#0", "standup#1"])
        #expect(plan.occurrences.map(\.fire.instant.seconds) == ["2026-03-07T13:00:00Z", "2026-03-07T14:00:00Z", "2026-03-08T13:00:00Z"].map(unixSeconds))
        #expect(plan.occurrences.map(\.fire.offset) == [-18_000, -18_000, -14_400])
        #expect(plan.refillBy?.seconds == unixSeconds("2026-03-09T13:00:00Z"))
        #expect(plan.lastPlanned?.seconds == unixSeconds("2026-03-08T13:00:00Z"))
        #expect(plan.errors.isEmpty && plan.replaced.isEmpty && plan.neverFiring.isEmpty)

        // What `refillBy` promises: planning again any time before it (here one second before)
        // still schedules that occurrence; every occurrence before it was in the first plan.
        let again = try Planner(limit: 3).plan(requests, now: Instant(seconds: unixSeconds("2026-03-09T12:59:59Z")))
        #expect(again.occurrences.first?.fire.instant.seconds == unixSeconds("2026-03-09T13:00:00Z"))
        #expect(again.occurrences.first?.identifier == "standup")
    }

    /// Limit 64 over five requests of every kind: the occurrences are the first 64 of Foundation's
    /// (and interval arithmetic's) chained fires, merged by instant, then identifier, then index;
    /// `refillBy` is the 65th.
    @Test func occurrencesAreTheSoonestByTheOracle() throws {
        let specs = [
            PendingSpec(identifier: "ny-0900", zone: "America/New_York", kind: .calendar(hour: 9, minute: 0)),
            PendingSpec(identifier: "berlin-0230", zone: "Europe/Berlin", kind: .calendar(hour: 2, minute: 30)),
            PendingSpec(identifier: "sydney-mon-thu", zone: "Australia/Sydney", kind: .weekly(weekdays: [2, 5], hour: 18, minute: 0)),
            // Every 90 min from 2026-03-07T00:00Z: 12:00Z is the 8th step (not after now), then
            // 13:30Z, 15:00Z, … — tying with "utc-1500" at 15:00Z (broken by identifier).
            PendingSpec(identifier: "every-90m", zone: "Etc/UTC", kind: .interval(anchor: unixSeconds("2026-03-07T00:00:00Z"), seconds: 5400, repeats: true)),
            PendingSpec(identifier: "utc-1500", zone: "Etc/UTC", kind: .calendar(hour: 15, minute: 0)),
            PendingSpec(identifier: "once", zone: "Asia/Tokyo", kind: .interval(anchor: Self.now, seconds: 86_400, repeats: false)),
        ]
        var merged: [(id: String, index: Int, at: Int64)] = []
        for spec in specs {
            merged += spec.oracleFires(after: Self.now, through: Self.now + 30 * 86_400).enumerated().map { (spec.identifier, $0.offset, $0.element) }
        }
        merged.sort { $0.at != $1.at ? $0.at < $1.at : $0.id != $1.id ? shortlexPrecedes($0.id, $1.id) : $0.index < $1.index }
        #expect(merged.count > 65)

        let requests = try specs.map { try $0.request(createdAt: Self.now) }
        let plan = try Planner().plan(requests, now: Instant(seconds: Self.now))
        #expect(plan.occurrences.map { "\($0.occurrenceIdentifier) @ \($0.fire.instant.seconds)" }
                == merged.prefix(64).map { "\($0.id)#\($0.index) @ \($0.at)" })
        #expect(plan.refillBy?.seconds == merged[64].at)
        // 15:00Z: every-90m and utc-1500 tie; shortlex puts the shorter "utc-1500" (8 bytes) first.
        let tie = plan.occurrences.filter { $0.fire.instant.seconds == unixSeconds("2026-03-07T15:00:00Z") }.map(\.identifier)
        #expect(tie == ["utc-1500", "every-90m"])
    }

    /// Few occurrences, limit 0, duplicates and failures: all data, no crash.
    @Test func edgeCases() throws {
        let once = try PendingSpec(identifier: "once", zone: "Etc/UTC", kind: .interval(anchor: Self.now, seconds: 60, repeats: false)).request(createdAt: Self.now)
        let gone = try PendingSpec(identifier: "gone", zone: "Etc/UTC", kind: .interval(anchor: Self.now - 120, seconds: 60, repeats: false)).request(createdAt: Self.now)
        let now = Instant(seconds: Self.now)
        // Everything fits: nothing to refill.
        let small = try Planner().plan([once, gone], now: now)
        #expect(small.occurrences.map(\.occurrenceIdentifier) == ["once#0"] && small.refillBy == nil)
        #expect(small.neverFiring == ["gone"])
        // Limit 0: nothing planned, and the refill instant is the very first occurrence (60 s after now).
        let none = try Planner(limit: 0).plan([once], now: now)
        #expect(none.occurrences.isEmpty && none.refillBy?.seconds == Self.now + 60 && none.lastPlanned == nil)
        // A repeated identifier: the last wins, reported.
        let later = try PendingSpec(identifier: "once", zone: "Etc/UTC", kind: .interval(anchor: Self.now, seconds: 120, repeats: false)).request(createdAt: Self.now)
        let dup = try Planner().plan([once, later], now: now)
        #expect(dup.replaced == ["once"] && dup.occurrences.map(\.fire.instant.seconds) == [Self.now + 120])
        // A trigger that fails part-way (gap policy reject; 02:30 is skipped in New York on Mar 8):
        // its occurrences before the failure are planned, the failure is reported. From Sun Mar 1
        // 12:00Z: 02:30 EST = 07:30Z on Mar 2 … Mar 7, then the error.
        let rejecting = Trigger.calendar(try CalendarTrigger(components: CalendarComponents(hour: 2, minute: 30), gapPolicy: .reject))
        let strict = try PendingRequest(identifier: "strict", trigger: rejecting, zone: try Fixtures.tzifDatabase.rules(for: "America/New_York"),
                                        createdAt: now)
        let partial = try Planner().plan([strict], now: Instant(seconds: unixSeconds("2026-03-01T12:00:00Z")))
        #expect(partial.occurrences.map(\.fire.instant.seconds) == (2...7).map { unixSeconds("2026-03-0\($0)T07:30:00Z") })
        #expect(partial.errors.map(\.code) == ["wallTimeSkipped"] && partial.refillBy == nil)
    }
}
