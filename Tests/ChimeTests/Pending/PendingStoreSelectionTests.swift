import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// iOS keeps "the soonest-firing 64 notifications (with automatically rescheduled notifications
/// counting as a single notification) and discards the rest". Checked against Foundation's
/// `nextDate` and plain interval arithmetic (`PendingSpec`), never against Chime's own answers.
@Suite struct PendingStoreSelectionTests {
    /// 2026-03-07T12:00:00Z, a Saturday: the day before New York springs forward.
    static let now = unixSeconds("2026-03-07T12:00:00Z")
    static let zones = ZoneSets.pendingSelection

    /// 200 seeded requests of every trigger kind across 8 zones, identifiers in shuffled order so
    /// that adding order and identifier order differ; a few are exact copies (same trigger, same
    /// zone) under another identifier so that ties in next fire are certain.
    static func specs(seed: UInt64) -> [PendingSpec] {
        var rng = SplitMix64(seed: seed)
        var numbers = Array(0..<200)
        numbers.shuffle(using: &rng)
        var specs: [PendingSpec] = []
        for number in numbers {
            let identifier = "req-" + String(number).leftPadded(to: 3)
            let zone = zones[rng.next(in: 0...(zones.count - 1))]
            let hour = rng.next(in: 0...23), minute = 15 * rng.next(in: 0...3)
            let kind: PendingSpec.Kind
            switch rng.next(in: 0...7) {
            case 0, 1: kind = .calendar(hour: hour, minute: minute)                                        // daily
            case 2: kind = .calendar(weekday: rng.next(in: 1...7), hour: hour, minute: minute)              // weekly-ish
            case 3: kind = .calendar(day: rng.next(in: 1...31), hour: hour, minute: minute)                 // day of month
            case 4:
                // Repeating interval anchored on a quarter hour up to 3 days back (or 1 day ahead).
                let anchor = now + 900 * Int64(rng.next(in: -288...96))
                kind = .interval(anchor: anchor, seconds: [3600, 5400, 7200, 21_600, 86_400, 604_800][rng.next(in: 0...5)], repeats: true)
            case 5:
                // One-shot interval: about a third have already fired (anchor + seconds <= now).
                let anchor = now - 900 * Int64(rng.next(in: 0...96))
                kind = .interval(anchor: anchor, seconds: 900 * Int64(rng.next(in: 1...144)), repeats: false)
            case 6:
                let days = (1...7).filter { _ in rng.next(in: 0...2) == 0 }
                kind = .weekly(weekdays: days.isEmpty ? [rng.next(in: 1...7)] : days, hour: hour, minute: minute)
            default:
                // One-shot on a date: 2025 dates never fire again; 2026 ones may be past or future.
                kind = .calendar(year: rng.next(in: 2025...2026), month: rng.next(in: 1...12), day: rng.next(in: 1...28),
                                 hour: hour, minute: minute, repeats: false)
            }
            specs.append(PendingSpec(identifier: identifier, zone: zone, kind: kind))
        }
        // Exact copies under other identifiers: certain ties.
        for i in stride(from: 0, to: 30, by: 3) {
            specs[i + 1] = PendingSpec(identifier: specs[i + 1].identifier, zone: specs[i].zone, kind: specs[i].kind)
        }
        return specs
    }

    /// The expected outcome, computed without Chime: each request's oracle next fire, sorted by
    /// (instant, identifier — shortlex: length, then UTF-8 bytes, the documented tie-break); the
    /// first 64 are kept, the rest discarded; no next fire = never fires.
    static func expected(_ specs: [PendingSpec], limit: Int) -> (kept: [(String, Int64)], beyond: [(String, Int64)], never: [String]) {
        var firing: [(String, Int64)] = []
        var never: [String] = []
        for spec in specs {
            if let next = spec.oracleNext(after: now) { firing.append((spec.identifier, next)) } else { never.append(spec.identifier) }
        }
        firing.sort { $0.1 != $1.1 ? $0.1 < $1.1 : shortlexPrecedes($0.0, $1.0) }
        return (Array(firing.prefix(limit)), Array(firing.dropFirst(limit)), never.sorted())
    }

    @Test func keepsTheSixtyFourSoonestOfTwoHundred() throws {
        let specs = Self.specs(seed: 4)
        let (kept, beyond, never) = Self.expected(specs, limit: 64)
        // The data exercises what it claims to: every kind of outcome, and ties in next fire.
        #expect(beyond.count > 50 && never.count > 5)
        #expect(Set(kept.map(\.1)).count < kept.count, "some kept requests fire at the same instant")

        let requests = try specs.map { try $0.request(createdAt: Self.now) }
        let now = Instant(seconds: Self.now)

        // All at once, and one at a time in reverse order: the same 64 either way.
        var batch = try PendingStore(limit: 64, rule: .soonest)
        let report = try batch.add(contentsOf: requests, now: now)
        var single = try PendingStore()
        for request in requests.reversed() { try single.add(request, now: now) }

        for store in [batch, single] {
            #expect(store.pending.map(\.identifier) == kept.map(\.0))
            #expect(store.pending.map(\.next.instant.seconds) == kept.map(\.1))
            #expect(store.pending.allSatisfy { $0.next.instant.nanoseconds == 0 })
        }
        #expect(report.errors.isEmpty && report.replaced.isEmpty && report.delivered.isEmpty)
        // Every discard is reported once, with its reason and (when it has one) its next fire.
        let discardedBeyond = report.discarded.filter { $0.reason == .notAmongSoonest(limit: 64) }
        #expect(discardedBeyond.map(\.identifier).sorted() == beyond.map(\.0).sorted())
        for discard in discardedBeyond {
            #expect(discard.next?.instant.seconds == beyond.first { $0.0 == discard.identifier }?.1, "\(discard)")
        }
        let discardedNever = report.discarded.filter { $0.reason == .neverFires }
        #expect(discardedNever.map(\.identifier).sorted() == never)
        #expect(discardedNever.allSatisfy { $0.next == nil })
        #expect(report.discarded.count == beyond.count + never.count)
    }

    /// Three requests firing at the same instant, limit 2: the two smallest identifiers stay,
    /// whatever the order they were added in.
    @Test func tiesAtTheLimitGoByIdentifier() throws {
        // Daily 09:00 in New York after 12:00Z on Saturday 2026-03-07 is 09:00 EST = 14:00Z that day.
        let expected = unixSeconds("2026-03-07T14:00:00Z")
        for order in [["b", "c", "a"], ["c", "a", "b"], ["a", "b", "c"]] {
            var store = try PendingStore(limit: 2)
            var discarded: [PendingDiscard] = []
            for identifier in order {
                let spec = PendingSpec(identifier: identifier, zone: "America/New_York", kind: .calendar(hour: 9, minute: 0))
                discarded += try store.add(spec.request(createdAt: Self.now), now: Instant(seconds: Self.now)).discarded
            }
            #expect(store.pending.map(\.identifier) == ["a", "b"], "added as \(order)")
            #expect(store.pending.map(\.next.instant.seconds) == [expected, expected])
            #expect(discarded.map(\.identifier) == ["c"] && discarded.first?.next?.instant.seconds == expected)
        }
        // Shortlex: a shorter identifier first, so numeric ones sort as numbers ("9" before "10"),
        // and "9" (0x39) before "a" (0x61).
        var store = try PendingStore(limit: 2)
        for identifier in ["10", "a", "9"] {
            let spec = PendingSpec(identifier: identifier, zone: "America/New_York", kind: .calendar(hour: 9, minute: 0))
            try store.add(spec.request(createdAt: Self.now), now: Instant(seconds: Self.now))
        }
        #expect(store.pending.map(\.identifier) == ["9", "a"])
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
