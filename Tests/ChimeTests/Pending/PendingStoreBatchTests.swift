import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `PendingStore.add(contentsOf:now:)` keeps a heap of the kept requests instead of inserting
/// each into the sorted entries (`PendingStore+Batch.swift`). Its oracle is the definition in its
/// documentation: the same as successive `add(_:now:)` calls — the same entries, and the same
/// replacements, discards (in order) and refusals — over seeded batches with repeated
/// identifiers, requests that never fire, every rule, limits from 0 past the batch, and a store
/// that already holds requests.
@Suite struct PendingStoreBatchTests {
    static let seconds = unixSeconds("2026-03-07T12:00:00Z")
    static let now = Instant(seconds: seconds)

    static func requests(seed: UInt64, count: Int) throws -> [PendingRequest] {
        var rng = SplitMix64(seed: seed)
        let zones = try ["America/New_York", "Europe/Berlin", "Asia/Tokyo"].map { try Fixtures.tzifDatabase.rules(for: $0) }
        return try (0..<count).map { _ in
            let identifier = "r\(rng.next(in: 0...(count * 2 / 3)))"   // about a third repeated
            let trigger: Trigger
            switch rng.next(in: 0...3) {
            case 0: trigger = .calendar(try .daily(hour: rng.next(in: 0...23), minute: 15 * rng.next(in: 0...3)))
            case 1: trigger = .interval(try IntervalTrigger(interval: try ExactDuration(seconds: Int64(900 * rng.next(in: 1...96))), repeats: true,
                                                            anchor: Instant(seconds: seconds - 60 * Int64(rng.next(in: 0...600)))))
            case 2: trigger = .interval(try IntervalTrigger(interval: try ExactDuration(seconds: Int64(3600 * rng.next(in: 1...48))), repeats: false,
                                                            anchor: Instant(seconds: seconds - 3600 * Int64(rng.next(in: 0...30)))))   // some fired already
            default: trigger = .calendar(try .daily(hour: 9, minute: 0))   // many ties, broken by identifier
            }
            return try PendingRequest(identifier: identifier, trigger: trigger, zone: zones[rng.next(in: 0...2)], createdAt: now)
        }
    }

    /// The successive adds, their reports merged as a batch reports them.
    static func oneByOne(_ requests: [PendingRequest], into store: inout PendingStore, now: Instant) -> PendingAddReport {
        var report = PendingAddReport()
        for request in requests {
            do {
                let one = try store.add(request, now: now)
                report.replaced += one.replaced
                report.delivered += one.delivered
                report.discarded += one.discarded
            } catch {
                report.errors.append(error)
            }
        }
        return report
    }

    @Test(arguments: [PendingStore.Rule.soonest, .recent, .rejectBeyondLimit])
    func batchAddsAsOneByOne(rule: PendingStore.Rule) throws {
        var compared = 0
        for seed in UInt64(1)...12 {
            let earlier = try Self.requests(seed: seed &* 977, count: 20)
            let batch = try Self.requests(seed: seed, count: 120)
            for limit in [0, 1, 5, 40, 64, 200] {
                var a = try PendingStore(limit: limit, rule: rule), b = try PendingStore(limit: limit, rule: rule)
                // A store already holding requests, an hour earlier.
                let before = Instant(seconds: Self.seconds - 3600)
                #expect(try a.add(contentsOf: earlier, now: before) == Self.oneByOne(earlier, into: &b, now: before))
                #expect(a.pending == b.pending)
                let batched = try a.add(contentsOf: batch, now: Self.now)
                let single = Self.oneByOne(batch, into: &b, now: Self.now)
                #expect(batched.replaced == single.replaced, "seed \(seed) limit \(limit): replaced")
                #expect(batched.delivered == single.delivered, "seed \(seed) limit \(limit): delivered")
                #expect(batched.discarded == single.discarded, "seed \(seed) limit \(limit): discarded")
                #expect(batched.errors.map(\.code) == single.errors.map(\.code), "seed \(seed) limit \(limit): errors")
                #expect(a.pending == b.pending, "seed \(seed) limit \(limit): pending")
                // And time moves on alike.
                let until = Instant(seconds: Self.seconds + 3 * 86_400)
                #expect(try a.deliver(until: until) == b.deliver(until: until), "seed \(seed) limit \(limit): deliveries")
                #expect(a.pending == b.pending)
                compared += 1
            }
        }
        #expect(compared == 72)
    }
}
