import Foundation
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import ChimeReference

/// The reference's verdict on one parity difference (`RefAppleJudge`, module ChimeReference,
/// which cannot see Chime): Foundation's answer wrong and Chime's right, under the apple reading
/// of the pattern, on Foundation's own zone offsets.
enum FoundationVerdict {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var zones: [String: RefZoneOracle] = [:]

    /// The reference zone for Foundation's `TimeZone` (its ICU data): offsets straight from
    /// `secondsFromGMT`, the transition table walked with `nextDaylightSavingTimeTransition`
    /// from 1800 to 2400 (the span `FoundationZoneRules` gives Chime), checked on both sides of
    /// each transition by `RefZoneOracle.external`.
    static func zone(_ id: String) -> RefZoneOracle? {
        if let z = zones[id] { return z }
        guard let tz = TimeZone(identifier: id) else { return nil }
        let begin = Date(timeIntervalSince1970: -5_364_662_400), end: Int64 = 13_569_465_600
        var transitions: [(Int64, Int)] = []
        var cursor = begin
        while let next = tz.nextDaylightSavingTimeTransition(after: cursor), Int64(next.timeIntervalSince1970) < end {
            let t = Int64(next.timeIntervalSince1970.rounded(.down))
            transitions.append((t, tz.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))))
            cursor = next
        }
        let initial = tz.secondsFromGMT(for: begin)
        // After the table: the offsets of its last years (annual rules) and the one at its end.
        let footer = transitions.filter { $0.0 > end - 100 * 31_556_952 }.map(\.1) + [tz.secondsFromGMT(for: Date(timeIntervalSince1970: Double(end)))]
        let z = RefZoneOracle.external(name: "Foundation " + id, offsetAt: { u in tz.secondsFromGMT(for: Date(timeIntervalSince1970: Double(u))) },
                                       initialOffset: initial, transitions: transitions, footerOffsets: footer)
        zones[id] = z
        return z
    }

    static func trigger(_ c: FoundationCase) -> RefTrigger {
        let p = RefPattern(year: c.year, month: c.month, day: c.day, hour: c.hour, minute: c.minute, second: c.second,
                           nanosecond: c.nanosecond, weekday: c.weekday, weekdayOrdinal: c.weekdayOrdinal,
                           weekOfMonth: c.weekOfMonth, weekOfYear: c.weekOfYear, yearForWeekOfYear: c.yearForWeekOfYear,
                           dayOfYear: c.dayOfYear)
        return RefTrigger(pattern: p, matching: RefMatching(rawValue: c.matchingPolicy)!, repeated: RefRepeated(rawValue: c.repeatedTimePolicy)!,
                          direction: RefDirection(rawValue: c.direction)!,
                          weekRules: RefWeekRules(firstWeekday: c.firstWeekday, minimumDaysInFirstWeek: c.minimumDaysInFirstWeek),
                          gap: nil, overlap: nil, reading: .apple)
    }

    static func judge(_ c: FoundationCase, chime: (seconds: Int64, nanoseconds: Int32)?, foundation: (seconds: Int64, nanoseconds: Int32)?) -> RefAppleVerdict {
        lock.lock(); defer { lock.unlock() }
        guard let zone = zone(c.zone) else { return RefAppleVerdict(foundationWrong: nil, chimeRight: nil, chimeNotRight: "no Foundation zone") }
        let (lo, hi) = RefTZSource.yearBounds(sourcePath: Fixtures.source.path)
        let start = RefInstant(seconds: c.startSeconds, nanoseconds: Int(c.startNanoseconds))
        let judge = RefAppleJudge(trigger: trigger(c), zone: zone, earliestYear: lo, latestYear: hi, tolerance: FoundationOracle.tolerance(for: c), start: start)
        func instant(_ a: (seconds: Int64, nanoseconds: Int32)?) -> RefInstant? { a.map { RefInstant(seconds: $0.seconds, nanoseconds: Int($0.nanoseconds)) } }
        return judge.judge(start: start,
                           chime: instant(chime), foundation: instant(foundation))
    }
}
