/// Why an `OnCalendar` expression cannot be read: the problem and where (a 1-based character
/// position in the expression as given). Example: `*-*-* 25:00` →
/// "hour 25 is out of range 0–23 (at position 7 of '*-*-* 25:00')".
public enum OnCalendarError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing to read (an empty or all-blank expression).
    case empty
    /// A character outside ASCII at this 1-based position (systemd's grammar is ASCII only).
    case nonASCII(position: Int)
    /// Something other than what the grammar allows at this point.
    case unexpected(found: String, expected: String, position: Int)
    /// A weekday name followed by letters (`Mond`), or an unknown one after a list comma.
    case unknownWeekday(String, position: Int)
    /// `Fri..Mon`: a weekday range must go forward within the week.
    case weekdayRangeBackwards(String, position: Int)
    /// A number too large to hold, or a repetition of 0.
    case badNumber(String, reason: String, position: Int)
    /// A value, range end or repetition outside the component's range (systemd's `chain_valid`).
    case outOfRange(field: String, text: String, allowed: String, position: Int)
    /// A `~` (days from the month's end) between the first two of three date parts
    /// (`02~01-2026`): systemd allows it before the day only (`MM~DD`, `YYYY-MM~DD`).
    case endOfMonthWithYear(position: Int)
    /// A trailing word shaped like a zone id (`Area/City`) that the zone database does not know.
    case unknownZone(String, position: Int)

    var position: Int? {
        switch self {
        case .empty: nil
        case let .nonASCII(p), let .unexpected(_, _, p), let .unknownWeekday(_, p), let .weekdayRangeBackwards(_, p),
             let .badNumber(_, _, p), let .outOfRange(_, _, _, p), let .endOfMonthWithYear(p), let .unknownZone(_, p): p
        }
    }

    /// The reason as a sentence with the 1-based position, e.g. "hour 25 is out of range 0–23 (at
    /// position 7 of '*-*-* 25:00')".
    public var description: String {
        switch self {
        case .empty: return "an OnCalendar expression is empty"
        case let .nonASCII(p): return "a character that is not ASCII at position \(p)"
        case let .unexpected(found, expected, p):
            return "expected \(expected) at position \(p), found \(found.isEmpty ? "the end" : "'\(found)'")"
        case let .unknownWeekday(text, p): return "'\(text)' at position \(p) is not a weekday (Mon, Tue, …, Sun or Monday, …)"
        case let .weekdayRangeBackwards(text, p): return "the weekday range '\(text)' at position \(p) goes backwards (ranges run Mon..Sun)"
        case let .badNumber(text, reason, p): return "'\(text)' at position \(p): \(reason)"
        case let .outOfRange(field, text, allowed, p): return "\(field) '\(text)' at position \(p) is out of range: \(allowed)"
        case let .endOfMonthWithYear(p): return "'~' at position \(p): days from the month's end go with MONTH~DAY only (the '~' stands before the day)"
        case let .unknownZone(word, p): return "unknown time zone '\(word)' at position \(p) (the trailing word names the zone: an IANA id such as Europe/Berlin, or UTC)"
        }
    }
}

extension OnCalendarError: ChimeError {
    /// The stable code (docs/contract.md): `unknownZone` for a zone the expression names that no source knows; `invalidTrigger` for the rest.
    public var code: String {
        if case .unknownZone = self { return "unknownZone" }
        return "invalidTrigger"
    }
}
