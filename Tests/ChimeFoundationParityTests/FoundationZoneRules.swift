import Foundation
import Synchronization
@testable import Chime
@testable import ChimeZones
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import ChimeReference

/// Chime `ZoneRules` built from Foundation's own `TimeZone` (its ICU data), so the differential
/// trigger tests compare search semantics on identical offsets. The pinned fixtures are compiled
/// with `backzone`, which gives many zones a different pre-1970 history than Foundation's data
/// (Africa/Addis_Ababa is its own zone there, an alias of Nairobi in Foundation: +03:00 vs +02:30
/// in 1936) — a data difference the zone tests already cover against zdump.
enum FoundationZoneRules {
    /// Transitions are walked from here to `end`; the first offset holds before, the last after.
    static let begin = Date(timeIntervalSince1970: -5_364_662_400)   // 1800-01-01T00:00:00Z
    static let end: Int64 = 13_569_465_600                            // 2400-01-01T00:00:00Z

    private static let cache = Mutex<[String: ZoneRules]>([:])

    static func rules(for identifier: String) -> ZoneRules? {
        if let cached = cache.withLock({ $0[identifier] }) { return cached }
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        func type(at date: Date) -> LocalTimeType {
            LocalTimeType(utcOffset: Int32(zone.secondsFromGMT(for: date)), isDST: zone.isDaylightSavingTime(for: date),
                          abbreviation: zone.abbreviation(for: date) ?? "")
        }
        var transitions: [(seconds: Int64, type: LocalTimeType)] = []
        var cursor = begin
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), Int64(next.timeIntervalSince1970) < end {
            transitions.append((Int64(next.timeIntervalSince1970), type(at: next)))
            cursor = next
        }
        guard let table = try? TransitionTableBuilder.build(initial: type(at: begin), transitions: transitions,
                                                            footer: nil, origin: "Foundation \(identifier)") else { return nil }
        let rules = ZoneRules(identifier: identifier, source: .icu, version: "Foundation", table: table)
        cache.withLock { $0[identifier] = rules }
        return rules
    }
}
