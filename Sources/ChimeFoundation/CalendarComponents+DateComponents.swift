import Foundation
import Chime

extension CalendarComponents {
    /// The components `DateComponents` holds, by the same names and numbering (weekday 1 = Sunday).
    /// Refused with `FoundationBridgeError`, never dropped: `era`, `quarter`, a leap month, a
    /// `timeZone` (the zone is an argument of `nextFire`), and a calendar other than Gregorian.
    /// Values are validated as a trigger validates them (`TriggerError.invalidComponent`).
    public init(_ components: DateComponents) throws {
        if let calendar = components.calendar, calendar.identifier != .gregorian {
            throw FoundationBridgeError.nonGregorianCalendar("\(calendar.identifier)")
        }
        if let era = components.era { throw FoundationBridgeError.unsupportedComponent(name: "era", reason: "era \(era): Chime's years are 1–9999 of the common era") }
        if let quarter = components.quarter {
            throw FoundationBridgeError.unsupportedComponent(name: "quarter", reason: "quarter \(quarter): give the months instead")
        }
        if components.isLeapMonth == true {
            throw FoundationBridgeError.unsupportedComponent(name: "isLeapMonth", reason: "the Gregorian calendar has no leap months")
        }
        if let zone = components.timeZone {
            throw FoundationBridgeError.unsupportedComponent(name: "timeZone", reason: "\(zone.identifier): pass the zone's rules when asking for fires")
        }
        self.init(year: components.year, month: components.month, day: components.day, hour: components.hour,
                  minute: components.minute, second: components.second, nanosecond: components.nanosecond,
                  weekday: components.weekday, weekdayOrdinal: components.weekdayOrdinal, weekOfMonth: components.weekOfMonth,
                  weekOfYear: components.weekOfYear, yearForWeekOfYear: components.yearForWeekOfYear)
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) { dayOfYear = components.dayOfYear }
        _ = try validated()
    }
}

extension DateComponents {
    /// The same components as Foundation spells them (no calendar or zone set).
    public init(_ components: CalendarComponents) {
        self.init(year: components.year, month: components.month, day: components.day, hour: components.hour,
                  minute: components.minute, second: components.second, nanosecond: components.nanosecond,
                  weekday: components.weekday, weekdayOrdinal: components.weekdayOrdinal, weekOfMonth: components.weekOfMonth,
                  weekOfYear: components.weekOfYear, yearForWeekOfYear: components.yearForWeekOfYear)
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) { dayOfYear = components.dayOfYear }
    }
}

extension CalendarTrigger {
    /// A trigger as `UNCalendarNotificationTrigger(dateMatching:repeats:)` / `Calendar.nextDate`
    /// take it: Foundation's policy types, and week rules from `calendar` (Gregorian only; default
    /// Sunday-first weeks, one day in the first week, as `Calendar(identifier: .gregorian)`).
    public init(_ components: DateComponents, matchingPolicy: Calendar.MatchingPolicy = .nextTime,
                repeatedTimePolicy: Calendar.RepeatedTimePolicy = .first, direction: Calendar.SearchDirection = .forward,
                repeats: Bool = true, calendar: Calendar? = nil) throws {
        var weekRules = WeekRules.gregorian
        if let calendar {
            guard calendar.identifier == .gregorian else { throw FoundationBridgeError.nonGregorianCalendar("\(calendar.identifier)") }
            weekRules = try WeekRules(firstWeekday: calendar.firstWeekday, minimumDaysInFirstWeek: calendar.minimumDaysInFirstWeek)
        }
        let matching: MatchingPolicy
        switch matchingPolicy {
        case .nextTime: matching = .nextTime
        case .nextTimePreservingSmallerComponents: matching = .nextTimePreservingSmallerComponents
        case .previousTimePreservingSmallerComponents: matching = .previousTimePreservingSmallerComponents
        case .strict: matching = .strict
        @unknown default: throw FoundationBridgeError.unsupportedComponent(name: "matchingPolicy", reason: "\(matchingPolicy) is not known to Chime")
        }
        try self.init(components: try CalendarComponents(components), matchingPolicy: matching,
                      repeatedTimePolicy: repeatedTimePolicy == .last ? .last : .first,
                      direction: direction == .backward ? .backward : .forward, repeats: repeats, weekRules: weekRules)
    }
}
