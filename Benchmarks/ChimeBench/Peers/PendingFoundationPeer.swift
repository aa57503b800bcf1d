import Chime
import Foundation

/// The pending-set work done with Foundation, as an app without Chime would: for every request
/// `Calendar.nextDate(after:matching:matchingPolicy:repeatedTimePolicy:direction:)` in the
/// request's zone (a `WeeklyTrigger` is one call per weekday, the earliest kept; an interval is
/// `Date` arithmetic from its anchor), then a sort of all the dates and the first k.
///
/// Single-threaded, like the 16.4 s figure in DESIGN.md (Foundation's calendar code has internal
/// contention: spreading it over cores gains little here).
struct PendingFoundationPeer {
    /// One request in Foundation's terms.
    enum Query {
        case calendar(zone: Int, components: DateComponents, policy: Calendar.MatchingPolicy)
        /// One query per weekday, the earliest answer wins.
        case weekdays(zone: Int, [DateComponents])
        case interval(anchor: Double, step: Double)
    }

    let queries: [Query]
    let identifiers: [UInt64]
    private let calendars: [Calendar]

    init(requests: [PendingWorkload.Request], zoneIDs: [String]) {
        calendars = zoneIDs.map { id in
            guard let zone = TimeZone(identifier: id) else { fatalError("Foundation does not know \(id)") }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            return calendar
        }
        identifiers = requests.map(\.number)
        queries = requests.map { r in
            switch r.trigger {
            case .calendar(let t):
                let c = t.components
                // An explicit `shift` gap policy is Foundation's nextTimePreservingSmallerComponents.
                let policy: Calendar.MatchingPolicy = t.gapPolicy == .shift ? .nextTimePreservingSmallerComponents : .nextTime
                return .calendar(zone: r.zone, components: DateComponents(
                    month: c.month, day: c.day, hour: c.hour, minute: c.minute, second: c.second,
                    weekday: c.weekday, weekdayOrdinal: c.weekdayOrdinal), policy: policy)
            case .weekly(let w):
                return .weekdays(zone: r.zone, w.weekdays.map {
                    DateComponents(hour: w.hour, minute: w.minute, second: w.second, weekday: $0.rawValue)
                })
            case .interval(let t):
                return .interval(anchor: Double(t.anchor.seconds) + Double(t.anchor.nanoseconds) / 1e9,
                                 step: Double(t.interval.nanoseconds) / 1e9)
            case .onCalendar: fatalError("the pending workload has no OnCalendar trigger")
            case .cron:
                preconditionFailure("the pending workload has no cron triggers (Foundation has no cron)")
            case .flutterAndroid:
                preconditionFailure("the pending workload has no flutterAndroid triggers (Foundation does not run them)")
            case .rrule:
                preconditionFailure("the pending workload has no RRULE triggers")
            }
        }
    }

    var count: Int { queries.count }

    /// Request `i`'s next fire after `seconds` (Unix), as Unix seconds, or nil.
    func nextDate(_ i: Int, after seconds: Int64) -> Int64? {
        let after = Date(timeIntervalSince1970: TimeInterval(seconds))
        switch queries[i] {
        case let .calendar(zone, components, policy):
            return calendars[zone].nextDate(after: after, matching: components, matchingPolicy: policy,
                                            repeatedTimePolicy: .first, direction: .forward)
                .map { Int64($0.timeIntervalSince1970.rounded(.down)) }
        case let .weekdays(zone, list):
            var best: Date?
            for c in list {
                if let d = calendars[zone].nextDate(after: after, matching: c, matchingPolicy: .nextTime,
                                                    repeatedTimePolicy: .first, direction: .forward),
                   best.map({ d < $0 }) ?? true { best = d }
            }
            return best.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
        case let .interval(anchor, step):
            let elapsed = Double(seconds) - anchor
            let k = elapsed < step ? 1 : (elapsed / step).rounded(.down) + 1
            return Int64((anchor + k * step).rounded(.down))
        }
    }

    /// Next fire for every request, then the `k` soonest by (date, identifier) through a full sort.
    func soonest(after seconds: Int64, k: Int) -> [(seconds: Int64, identifier: UInt64)] {
        var all: [(seconds: Int64, identifier: UInt64)] = []
        all.reserveCapacity(count)
        for i in 0..<count {
            if let s = nextDate(i, after: seconds) { all.append((s, identifiers[i])) }
        }
        all.sort { $0.seconds != $1.seconds ? $0.seconds < $1.seconds : $0.identifier < $1.identifier }
        return Array(all.prefix(k))
    }
}
