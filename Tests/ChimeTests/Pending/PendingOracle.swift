import Foundation
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// A request described independently of Chime, so the pending tests can ask two things of it: the
/// Chime request (built through Chime's public API) and the expected fires from an oracle that is
/// not Chime — Foundation's `Calendar.nextDate` (Gregorian, the request's zone, `.nextTime`,
/// `.first`, forward) for calendar and weekly triggers, plain integer arithmetic for intervals.
struct PendingSpec: CustomStringConvertible {
    enum Kind {
        /// `{[year], [month], [day], [weekday], hour, minute}`.
        case calendar(year: Int? = nil, month: Int? = nil, day: Int? = nil, weekday: Int? = nil, hour: Int, minute: Int, repeats: Bool = true)
        /// Fires at `anchor + k·seconds`, k ≥ 1 (one-shot: k = 1 only).
        case interval(anchor: Int64, seconds: Int64, repeats: Bool)
        /// Weekdays 1 = Sunday … 7 = Saturday.
        case weekly(weekdays: [Int], hour: Int, minute: Int)
    }

    let identifier: String
    let zone: String
    let kind: Kind

    var description: String { "\(identifier) in \(zone): \(kind)" }

    var repeats: Bool {
        switch kind {
        case .calendar(_, _, _, _, _, _, let repeats): return repeats
        case .interval(_, _, let repeats): return repeats
        case .weekly: return true
        }
    }

    func trigger() throws -> Trigger {
        switch kind {
        case let .calendar(year, month, day, weekday, hour, minute, repeats):
            return .calendar(try CalendarTrigger(components: CalendarComponents(year: year, month: month, day: day, hour: hour, minute: minute,
                                                                                weekday: weekday), repeats: repeats))
        case let .interval(anchor, seconds, repeats):
            return .interval(try IntervalTrigger(interval: try ExactDuration(seconds: seconds), repeats: repeats, anchor: Instant(seconds: anchor)))
        case let .weekly(weekdays, hour, minute):
            return .weekly(try WeeklyTrigger(weekdays: Set(weekdays.map { Weekday(rawValue: $0)! }), hour: hour, minute: minute))
        }
    }

    func request(createdAt: Int64) throws -> PendingRequest {
        try PendingRequest(identifier: identifier, trigger: trigger(), zoneIdentifier: zone, zones: Fixtures.tzifDatabase,
                           createdAt: Instant(seconds: createdAt))
    }

    /// The oracle's first fire strictly after `after` (Unix seconds; every fire here is on a whole second).
    func oracleNext(after: Int64) -> Int64? {
        switch kind {
        case let .calendar(year, month, day, weekday, hour, minute, _):
            if let year, let month, let day {
                // A full date names one wall time: once it has passed, it never fires. (Foundation's
                // `nextDate` then answers a date that matches nothing, e.g. `{2026-03-05 11:00}` after
                // Mar 7 -> Apr 1 00:00: divergence Q8, `foundationYearPatternInventsMissingDay`.) Before it,
                // `nextDate` answers it (or, in a DST gap, the first instant after the gap).
                let calendar = FoundationOracle.calendar(for: FoundationCase(zone: zone, startSeconds: after))!
                let wall = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
                guard FoundationOracle.split(wall).seconds > after else { return nil }
            }
            return foundation(after: after, year: year, month: month, day: day, weekday: weekday, hour: hour, minute: minute)
        case let .interval(anchor, seconds, repeats):
            // The first anchor + k·seconds (k ≥ 1) strictly after `after`.
            if !repeats { return anchor + seconds > after ? anchor + seconds : nil }
            let k = after < anchor + seconds ? 1 : (after - anchor) / seconds + 1
            return anchor + k * seconds
        case let .weekly(weekdays, hour, minute):
            // The soonest of one Foundation search per weekday.
            return weekdays.compactMap { foundation(after: after, weekday: $0, hour: hour, minute: minute) }.min()
        }
    }

    /// The oracle's fires after `after` up to and including `through`: a chain of `oracleNext`,
    /// each search starting at the previous fire (as an app re-asking the system would).
    func oracleFires(after: Int64, through: Int64) -> [Int64] {
        var fires: [Int64] = []
        var cursor = after
        while let next = oracleNext(after: cursor), next <= through {
            precondition(next > cursor, "oracle went backwards for \(self)")
            fires.append(next)
            if !repeats { break }
            cursor = next
        }
        return fires
    }

    private func foundation(after: Int64, year: Int? = nil, month: Int? = nil, day: Int? = nil, weekday: Int? = nil,
                            hour: Int, minute: Int) -> Int64? {
        var c = FoundationCase(zone: zone, startSeconds: after)
        c.year = year; c.month = month; c.day = day; c.weekday = weekday; c.hour = hour; c.minute = minute
        guard let (seconds, nanoseconds) = FoundationOracle.nextDate(c) else { return nil }
        precondition(nanoseconds == 0, "Foundation gave a fractional second for \(self)")
        return seconds
    }
}

/// Unix seconds from a UTC ISO literal, through Foundation (not Chime's parser).
func unixSeconds(_ iso: String) -> Int64 {
    FoundationOracle.parseISO(iso)!.seconds
}

/// The documented tie-break for equal instants, written out independently of `PendingOrder`:
/// shortlex — the shorter identifier first, equal lengths by UTF-8 bytes.
func shortlexPrecedes(_ a: String, _ b: String) -> Bool {
    let (x, y) = (Array(a.utf8), Array(b.utf8))
    return x.count != y.count ? x.count < y.count : x.lexicographicallyPrecedes(y)
}
