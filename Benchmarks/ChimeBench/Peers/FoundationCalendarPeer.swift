import Chime
import Foundation

/// Foundation's `Calendar.nextDate(after:matching:matchingPolicy:repeatedTimePolicy:direction:)`:
/// the reference semantics of calendar triggers, and a peer. One `Calendar(identifier: .gregorian)`
/// per zone, built once.
struct FoundationCalendarPeer {
    /// A calendar trigger in Foundation's terms.
    struct Query {
        let components: DateComponents
        let matchingPolicy: Calendar.MatchingPolicy
        let repeatedTimePolicy: Calendar.RepeatedTimePolicy
        let direction: Calendar.SearchDirection

        init(_ trigger: CalendarTrigger) {
            let c = trigger.components
            precondition(c.dayOfYear == nil, "dayOfYear is not mapped to DateComponents here")
            components = DateComponents(year: c.year, month: c.month, day: c.day, hour: c.hour, minute: c.minute,
                                        second: c.second, nanosecond: c.nanosecond, weekday: c.weekday,
                                        weekdayOrdinal: c.weekdayOrdinal, weekOfMonth: c.weekOfMonth,
                                        weekOfYear: c.weekOfYear, yearForWeekOfYear: c.yearForWeekOfYear)
            switch trigger.matchingPolicy {
            case .nextTime: matchingPolicy = .nextTime
            case .nextTimePreservingSmallerComponents: matchingPolicy = .nextTimePreservingSmallerComponents
            case .previousTimePreservingSmallerComponents: matchingPolicy = .previousTimePreservingSmallerComponents
            case .strict: matchingPolicy = .strict
            }
            repeatedTimePolicy = trigger.repeatedTimePolicy == .first ? .first : .last
            direction = trigger.direction == .forward ? .forward : .backward
        }
    }

    private let calendars: [Calendar]

    init(identifiers: [String]) {
        calendars = identifiers.map { id in
            guard let zone = TimeZone(identifier: id) else { fatalError("Foundation does not know \(id)") }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            return calendar
        }
    }

    /// The next match strictly after `seconds` in zone number `zone`, as whole seconds since 1970
    /// (every bench trigger fires on a whole second), or `nil` if Foundation finds none.
    @inline(__always)
    func nextDate(_ zone: Int, after seconds: Int64, _ query: Query) -> Int64? {
        calendars[zone].nextDate(after: Date(timeIntervalSince1970: TimeInterval(seconds)), matching: query.components,
                                 matchingPolicy: query.matchingPolicy, repeatedTimePolicy: query.repeatedTimePolicy,
                                 direction: query.direction)
            .map { Int64($0.timeIntervalSince1970.rounded(.down)) }
    }
}
