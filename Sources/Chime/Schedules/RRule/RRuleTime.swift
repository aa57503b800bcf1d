/// A DTSTART, RDATE or EXDATE value (RFC 5545 §3.3.4 DATE, §3.3.5 DATE-TIME): a wall time that is
/// floating (no zone: the request's zone applies), in UTC (`…Z`), or in a named zone (`TZID=`).
/// A DATE (`VALUE=DATE`, `19970902`) is its day at 00:00:00 with `isDate` set.
public struct RRuleTime: Sendable, Hashable {
    /// Which zone a DTSTART, RDATE or EXDATE value is in.
    public enum Zone: Sendable, Hashable {
        /// No zone given: the wall time in the request's zone.
        case floating
        /// A UTC time (`…Z`).
        case utc
        /// A named zone (`TZID=America/New_York`).
        case named(String)
    }

    /// Local seconds since 1970-01-01T00:00:00 of the wall time (for `.utc`, UTC seconds).
    public let wall: Int64
    /// The zone the value is in.
    public let zone: Zone
    /// Whether the value is a DATE (`19970902`, the day at 00:00:00) rather than a DATE-TIME.
    public let isDate: Bool

    /// A value at `wall` (local seconds since 1970, UTC seconds for `.utc`) in `zone`; `isDate` for
    /// a DATE.
    public init(wall: Int64, zone: Zone, isDate: Bool = false) {
        self.wall = wall
        self.zone = zone
        self.isDate = isDate
    }

    /// As written in iCalendar: `19970902T090000`, `…Z`, or `19970902`.
    public var valueText: String {
        if isDate { return RRuleParser.dateText(CivilArithmetic.floorDivMod(wall, 86_400).quotient) }
        return RRuleParser.dateTimeText(wall) + (zone == .utc ? "Z" : "")
    }

    /// The property line: `DTSTART;TZID=America/New_York:19970902T090000`.
    public func line(_ name: String) -> String {
        var text = name
        if case .named(let id) = zone { text += ";TZID=" + id }
        if isDate { text += ";VALUE=DATE" }
        return text + ":" + valueText
    }
}
