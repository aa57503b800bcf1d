/// Errors from building or parsing instants and civil date-times.
public indirect enum TimeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Chime supports years 1...9999 (proleptic Gregorian).
    case yearOutOfRange(Int64)
    /// A field is outside its range (e.g. month 13, day 31 in April, hour 24).
    case invalidField(name: String, value: Int64, allowed: ClosedRange<Int64>)
    /// Text that is not an instant (`2026-03-08T07:00:00Z`, `…-04:00`).
    case malformedInstant(String)
    /// Text that is not a local wall time (`2026-03-08T02:30:00`).
    case malformedLocalTime(String)
    /// Text in the right shape whose value is invalid (`2026-02-30T02:30:00`): the text and why.
    case invalidText(String, TimeError)

    /// The reason as a sentence naming the field or the text, e.g. "month 13 is invalid: expected
    /// 1–12".
    public var description: String {
        switch self {
        case .yearOutOfRange(let year):
            return "year \(year) is out of range: Chime supports years \(CivilDateTime.supportedYears.lowerBound)–\(CivilDateTime.supportedYears.upperBound)"
        case let .invalidField(name, value, allowed):
            return "\(name) \(value) is invalid: expected \(allowed.lowerBound)–\(allowed.upperBound)"
        case .malformedInstant(let text):
            return "'\(text)' is not an instant: expected ISO 8601 with Z or an offset, e.g. 2026-03-08T07:00:00Z or 2026-03-08T03:00:00.250-04:00"
        case .malformedLocalTime(let text):
            return "'\(text)' is not a local wall time: expected e.g. 2026-03-08T02:30:00 (no offset)"
        case let .invalidText(text, reason):
            return "'\(text)' is invalid: \(reason)"
        }
    }
}
