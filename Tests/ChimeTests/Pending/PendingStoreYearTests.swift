import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// A year of deliveries (2026) for daily reminders in three zones, across both of each zone's
/// DST transitions in 2026:
/// - America/New_York: gap 2026-03-08 02:00 EST -> 03:00 EDT; overlap 2026-11-01 01:00–02:00 twice.
/// - Europe/Berlin: gap 2026-03-29 02:00 CET -> 03:00 CEST; overlap 2026-10-25 02:00–03:00 twice.
/// - Australia/Sydney: overlap 2026-04-05 02:00–03:00 twice; gap 2026-10-04 02:00 AEST -> 03:00 AEDT.
/// Wall times 09:00 (ordinary), 02:30 (inside Berlin's and Sydney's gap and overlap hours) and 01:30
/// (inside New York's overlap hour).
@Suite struct PendingStoreYearTests {
    static let start = unixSeconds("2026-01-01T00:00:00Z")
    static let end = unixSeconds("2027-01-01T00:00:00Z")

    @Test func aYearOfDailyDeliveriesMatchesFoundationAndTheEngine() throws {
        var specs: [PendingSpec] = []
        for zone in ["America/New_York", "Europe/Berlin", "Australia/Sydney"] {
            for (hour, minute) in [(9, 0), (2, 30), (1, 30)] {
                specs.append(PendingSpec(identifier: "\(zone) \(hour):\(minute)", zone: zone, kind: .calendar(hour: hour, minute: minute)))
            }
        }
        var store = try PendingStore()
        try store.add(contentsOf: specs.map { try $0.request(createdAt: Self.start) }, now: Instant(seconds: Self.start))

        // Advance in uneven steps (a prime number of hours) so that step boundaries fall anywhere.
        var delivered: [PendingDelivery] = []
        var cursor = Self.start
        while cursor < Self.end {
            cursor = min(cursor + 997 * 3600, Self.end)
            delivered += try store.deliver(until: Instant(seconds: cursor)).deliveries
        }

        // Oracle 1: Foundation's chained nextDate per request, merged by (instant, identifier).
        var foundation: [(String, Int64)] = []
        for spec in specs { foundation += spec.oracleFires(after: Self.start, through: Self.end).map { (spec.identifier, $0) } }
        foundation.sort { $0.1 != $1.1 ? $0.1 < $1.1 : shortlexPrecedes($0.0, $1.0) }
        // Oracle 2: the engine's own nextFire chain, one request at a time, outside the store.
        var engine: [(String, Int64)] = []
        for spec in specs {
            let request = try spec.request(createdAt: Self.start)
            var after = Instant(seconds: Self.start)
            while let fire = try request.nextFire(after: after), fire.instant.seconds <= Self.end {
                engine.append((spec.identifier, fire.instant.seconds))
                after = fire.instant
            }
        }
        engine.sort { $0.1 != $1.1 ? $0.1 < $1.1 : shortlexPrecedes($0.0, $1.0) }

        let deliveredPairs = delivered.map { "\($0.identifier) @ \($0.fire.instant.seconds)" }
        #expect(deliveredPairs == foundation.map { "\($0.0) @ \($0.1)" })
        #expect(deliveredPairs == engine.map { "\($0.0) @ \($0.1)" })
        #expect(delivered.allSatisfy { !$0.isFinal } && store.count == specs.count)

        // Hand-derived: a daily trigger fires once per local day (a skipped wall time moves to the
        // first instant after the gap, a repeated one fires only its first time). The window
        // [2026-01-01T00:00Z, 2027-01-01T00:00Z] covers 365 local days' fires in each zone: New
        // York starts at Dec 31 19:00 and ends at Dec 31 19:00; Berlin 01:00 -> 01:00 (the
        // 01:30 and 02:30 of Jan 1 2026 are in, those of Jan 1 2027 out); Sydney 11:00 -> 11:00.
        for spec in specs {
            #expect(delivered.filter { $0.identifier == spec.identifier }.count == 365, "\(spec.identifier)")
        }
        // Both offsets of each zone occur (the year crossed both transitions), and the gap fires
        // are the first instant after the gap: 03:00 local, adjustment gapNextTime.
        for (zone, offsets, gapDay) in [("America/New_York", [-18_000, -14_400], "2026-03-08T07:00:00Z"),
                                        ("Europe/Berlin", [3600, 7200], "2026-03-29T01:00:00Z"),
                                        ("Australia/Sydney", [36_000, 39_600], "2026-10-03T16:00:00Z")] {
            let fires = delivered.filter { $0.identifier.hasPrefix(zone) }.map(\.fire)
            #expect(Set(fires.map(\.offset)) == Set(offsets.map(Int32.init)), "\(zone)")
            // 02:30 is skipped that day; 03:00 after the jump is `gapDay` in UTC (NY: 03:00 EDT =
            // 07:00Z; Berlin: 03:00 CEST = 01:00Z; Sydney: Oct 4 03:00 AEDT = Oct 3 16:00Z).
            let gapFire = fires.first { $0.instant.seconds == unixSeconds(gapDay) }
            #expect(gapFire?.adjustment == .gapNextTime && gapFire?.local.hour == 3, "\(zone)")
        }
    }
}
