import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// Replacement, the three limit rules, delivery and bad input. Expected instants are derived by
/// hand in the comments: 2026-03-07 is a Saturday; New York is EST (UTC-5) until its spring-forward
/// at 2026-03-08T07:00:00Z (02:00 EST -> 03:00 EDT), then EDT (UTC-4).
@Suite struct PendingStoreRuleTests {
    static let now = Instant(seconds: unixSeconds("2026-03-07T12:00:00Z"))

    static func request(_ identifier: String, _ kind: PendingSpec.Kind, zone: String = "America/New_York",
                        createdAt: Instant = now) throws -> PendingRequest {
        try PendingSpec(identifier: identifier, zone: zone, kind: kind).request(createdAt: createdAt.seconds)
    }

    static func daily(_ identifier: String, hour: Int, minute: Int = 0) throws -> PendingRequest {
        try request(identifier, .calendar(hour: hour, minute: minute))
    }

    /// Same identifier: the new request replaces the pending one, and the report says which.
    @Test func addingAnIdentifierAgainReplacesIt() throws {
        var store = try PendingStore()
        try store.add(Self.daily("standup", hour: 9), now: Self.now)
        let report = try store.add(Self.daily("standup", hour: 10), now: Self.now)
        // 09:00 EST = 14:00Z; 10:00 EST = 15:00Z (both still on Saturday, before the gap).
        #expect(report.replaced.map(\.identifier) == ["standup"])
        #expect(report.replaced.first?.next.instant.seconds == unixSeconds("2026-03-07T14:00:00Z"))
        #expect(store.pending.map(\.identifier) == ["standup"])
        #expect(store.pending.first?.next.instant.seconds == unixSeconds("2026-03-07T15:00:00Z"))
        #expect(report.discarded.isEmpty)

        // Replaced by a request that never fires (a one-shot that elapsed an hour ago): the old one
        // goes, and the new one is discarded with a reason.
        let elapsed = try Self.request("standup", .interval(anchor: Self.now.seconds - 7200, seconds: 3600, repeats: false))
        let gone = try store.add(elapsed, now: Self.now)
        #expect(gone.replaced.map(\.identifier) == ["standup"])
        #expect(gone.discarded == [PendingDiscard(identifier: "standup", next: nil, reason: .neverFires)])
        #expect(store.isEmpty)

        // In a batch, the last request with an identifier wins; each earlier one is reported.
        var batch = try PendingStore()
        let added = try batch.add(contentsOf: [Self.daily("x", hour: 9), Self.daily("x", hour: 11), Self.daily("x", hour: 10)], now: Self.now)
        #expect(added.replaced.map(\.next.instant.seconds) == [unixSeconds("2026-03-07T14:00:00Z"), unixSeconds("2026-03-07T16:00:00Z")])
        #expect(batch.pending.map(\.next.instant.seconds) == [unixSeconds("2026-03-07T15:00:00Z")])
    }

    /// A repeating request holds one slot, ranked by its next fire only: the daily reminder's
    /// second and third fires (Mar 8, Mar 9) come before the others' first, yet do not count.
    @Test func aRepeatingRequestCountsOnce() throws {
        var store = try PendingStore(limit: 2)
        // daily 09:00: Sat Mar 7 09:00 EST = 14:00Z, then Sun Mar 8 09:00 EDT = 13:00Z, Mon Mar 9 13:00Z.
        // weekly Monday 09:00: Mon Mar 9 09:00 EDT = 13:00Z.
        // one-shot 48 h after now: Mon Mar 9 12:00Z.
        let report = try store.add(contentsOf: [
            Self.daily("daily", hour: 9),
            Self.request("weekly", .weekly(weekdays: [2], hour: 9, minute: 0)),
            Self.request("once", .interval(anchor: Self.now.seconds, seconds: 172_800, repeats: false)),
        ], now: Self.now)
        #expect(store.pending.map(\.identifier) == ["daily", "once"])
        #expect(store.pending.map(\.next.instant.seconds) == [unixSeconds("2026-03-07T14:00:00Z"), unixSeconds("2026-03-09T12:00:00Z")])
        #expect(report.discarded.map(\.identifier) == ["weekly"])
        #expect(report.discarded.first?.next?.instant.seconds == unixSeconds("2026-03-09T13:00:00Z"))
        #expect(report.discarded.first?.reason == .notAmongSoonest(limit: 2))
    }

    /// Rule `.recent`: the most recently added stay, however late they fire; re-adding refreshes.
    @Test func recentKeepsTheLatestAdded() throws {
        var store = try PendingStore(limit: 3, rule: .recent)
        // Added a..e in that order; e fires last (22:00 EST), a first (08:00 EST).
        let report = try store.add(contentsOf: [8, 9, 10, 11, 22].enumerated().map { i, hour in
            try Self.daily(["a", "b", "c", "d", "e"][i], hour: hour)
        }, now: Self.now)
        #expect(report.discarded.map(\.identifier) == ["a", "b"])
        #expect(report.discarded.allSatisfy { $0.reason == .notAmongMostRecent(limit: 3) })
        #expect(store.pending.map(\.identifier) == ["c", "d", "e"])
        // Re-adding "c" makes it the most recent; "d" is now the oldest addition and goes next.
        try store.add(Self.daily("c", hour: 10), now: Self.now)
        let next = try store.add(Self.daily("f", hour: 23), now: Self.now)
        #expect(next.discarded.map(\.identifier) == ["d"])
        #expect(store.pending.map(\.identifier) == ["c", "e", "f"])
    }

    /// Rule `.rejectBeyondLimit`: a new identifier is refused when full, leaving the store as it
    /// was; a replacement is allowed; a one-shot that has fired frees its slot.
    @Test func rejectBeyondLimitRefusesNewRequests() throws {
        var store = try PendingStore(limit: 2, rule: .rejectBeyondLimit)
        // "soon": one-shot 3600 s after now = 13:00Z.
        try store.add(Self.request("soon", .interval(anchor: Self.now.seconds, seconds: 3600, repeats: false)), now: Self.now)
        try store.add(Self.daily("daily", hour: 9), now: Self.now)
        let before = store.pending
        #expect(throws: PendingError.limitReached(identifier: "late", limit: 2)) {
            try store.add(Self.daily("late", hour: 20), now: Self.now)
        }
        #expect(store.pending == before && store.currentTime == Self.now)
        // Still refused at 12:30Z: nothing has fired yet, and the store has not moved.
        #expect(throws: PendingError.limitReached(identifier: "late", limit: 2)) {
            try store.add(Self.daily("late", hour: 20), now: Self.now.adding(seconds: 1800))
        }
        #expect(store.pending == before && store.currentTime == Self.now)
        #expect(try store.add(Self.daily("daily", hour: 10), now: Self.now).replaced.count == 1)
        // At 13:30Z "soon" has fired (13:00Z) and left: room for one more.
        let later = try store.add(Self.daily("late", hour: 20), now: Self.now.adding(seconds: 5400))
        #expect(later.delivered == [PendingDelivery(identifier: "soon", fire: before[0].next, isFinal: true)])
        #expect(store.pending.map(\.identifier) == ["daily", "late"])
        // A batch collects refusals as data and goes on.
        let batch = try store.add(contentsOf: [Self.daily("x", hour: 1), Self.daily("late", hour: 21)], now: store.currentTime)
        #expect(batch.errors == [.limitReached(identifier: "x", limit: 2)])
        #expect(batch.replaced.map(\.identifier) == ["late"])
        #expect(batch.errors.first?.description == "request 'x' rejected: 2 requests are already pending (the limit); remove some first")
    }

    /// Delivery: one-shots leave when they fire, repeating requests are rescheduled strictly after
    /// their fire; removal; time never goes back.
    @Test func deliveringRemovingAndTime() throws {
        var store = try PendingStore()
        try store.add(contentsOf: [
            Self.daily("standup", hour: 9),
            Self.request("call", .interval(anchor: Self.now.seconds, seconds: 3600, repeats: false)),
            Self.request("pill", .calendar(hour: 8, minute: 0), zone: "Europe/Berlin"),
        ], now: Self.now)
        let report = try store.deliver(until: Instant(seconds: unixSeconds("2026-03-09T00:00:00Z")))
        // call 13:00Z (once); standup 09:00 EST = 14:00Z Sat, 09:00 EDT = 13:00Z Sun;
        // pill: Berlin is CET (UTC+1) until Mar 29, so 08:00 = 07:00Z Sun.
        #expect(report.deliveries.map(\.identifier) == ["call", "standup", "pill", "standup"])
        #expect(report.deliveries.map(\.fire.instant.seconds) == ["2026-03-07T13:00:00Z", "2026-03-07T14:00:00Z",
                                                                  "2026-03-08T07:00:00Z", "2026-03-08T13:00:00Z"].map(unixSeconds))
        #expect(report.deliveries.map(\.isFinal) == [true, false, false, false])
        #expect(store.pending.map(\.identifier) == ["pill", "standup"])
        #expect(store.pending.map(\.next.instant.seconds) == [unixSeconds("2026-03-09T07:00:00Z"), unixSeconds("2026-03-09T13:00:00Z")])
        // A fire exactly at `until` is delivered; the next one is strictly after it.
        let exact = try store.deliver(until: Instant(seconds: unixSeconds("2026-03-09T07:00:00Z")))
        #expect(exact.deliveries.map(\.identifier) == ["pill"])
        #expect(store.entry(for: "pill")?.next.instant.seconds == unixSeconds("2026-03-10T07:00:00Z"))

        #expect(throws: PendingError.timeWentBackwards(requested: Self.now, current: store.currentTime)) {
            try store.deliver(until: Self.now)
        }
        #expect(throws: PendingError.timeWentBackwards(requested: Self.now, current: store.currentTime)) {
            try store.add(Self.daily("late", hour: 20), now: Self.now)
        }
        #expect(store.remove(identifiers: ["standup", "nobody"]).map(\.identifier) == ["standup"])
        #expect(store.pending.map(\.identifier) == ["pill"])
        store.removeAll()
        #expect(store.isEmpty && store.entry(for: "pill") == nil)
    }

    /// Bad input is an error (or, while time advances, a reported discard), never a crash.
    @Test func badInputIsAnError() throws {
        #expect(throws: PendingError.invalidLimit(-1)) { try PendingStore(limit: -1) }
        #expect(throws: PendingError.invalidLimit(-1)) { try Planner(limit: -1) }
        // A plan materialises its occurrences: past its documented bound the limit is refused up front.
        #expect(throws: PendingError.invalidLimit(100_000_000)) { try Planner(limit: 100_000_000) }
        #expect(throws: Never.self) { try Planner(limit: Planner.maximumLimit) }
        #expect(throws: PendingError.emptyIdentifier) { try Self.daily("", hour: 9) }

        // Unknown zone: named, with suggestions.
        do {
            _ = try PendingRequest(identifier: "r1", trigger: .calendar(try .daily(hour: 9, minute: 0)), zoneIdentifier: "America/New_Yrok",
                                   zones: Fixtures.tzifDatabase, createdAt: Self.now)
            Issue.record("an unknown zone was accepted")
        } catch let error as PendingError {
            guard case let .unknownZone(identifier, zone, .unknownZone(_, suggestions)) = error else { Issue.record("\(error)"); return }
            #expect(identifier == "r1" && zone == "America/New_Yrok" && suggestions.contains("America/New_York"))
            #expect(error.code == "unknownZone" && error.description.contains("America/New_Yrok"))
        }

        // A repeating interval under 60 s cannot be built (Apple's minimum).
        #expect(throws: TriggerError.self) { try IntervalTrigger(interval: try ExactDuration(seconds: 30), repeats: true, anchor: Self.now) }

        // A backward calendar trigger would fire before it is added.
        let backward = Trigger.calendar(try CalendarTrigger(components: CalendarComponents(hour: 9), direction: .backward))
        #expect(throws: PendingError.backwardTrigger(identifier: "b")) {
            try PendingRequest(identifier: "b", trigger: backward, zone: try Fixtures.tzifDatabase.rules(for: "Etc/UTC"), createdAt: Self.now)
        }

        // Gap policy `reject`: 02:30 does not exist in New York on 2026-03-08 (02:00 EST -> 03:00 EDT).
        let rejecting = Trigger.calendar(try CalendarTrigger(components: CalendarComponents(hour: 2, minute: 30), gapPolicy: .reject))
        let ny = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        let strict = try PendingRequest(identifier: "strict", trigger: rejecting, zone: ny, createdAt: Self.now)
        var store = try PendingStore()
        // Added at now (Sat 12:00Z) the next 02:30 is the skipped one: refused, store unchanged.
        do {
            try store.add(strict, now: Self.now)
            Issue.record("a skipped wall time was accepted")
        } catch {
            guard case let .triggerFailed(identifier, after, .wallTimeSkipped) = error else { Issue.record("\(error)"); return }
            #expect(identifier == "strict" && after == Self.now && error.code == "wallTimeSkipped")
        }
        #expect(store.isEmpty && store.currentTime < Self.now)
        // Added a week earlier (Sun Mar 1 12:00Z) it fires at 02:30 EST = 07:30Z on Mar 2 … Mar 7
        // (6 fires), then leaves, reported, when its next fire (Mar 8) cannot be found.
        try store.add(strict, now: Instant(seconds: unixSeconds("2026-03-01T12:00:00Z")))
        let report = try store.deliver(until: Instant(seconds: unixSeconds("2026-03-10T00:00:00Z")))
        #expect(report.deliveries.map(\.fire.instant.seconds) == (2...7).map { unixSeconds("2026-03-0\($0)T07:30:00Z") })
        #expect(report.deliveries.map(\.isFinal) == [false, false, false, false, false, true])
        #expect(report.discarded.count == 1)
        guard case .triggerFailed(.wallTimeSkipped) = report.discarded.first?.reason else { Issue.record("\(report.discarded)"); return }
        #expect(store.isEmpty)
    }
}
