/// Why an RFC 5545 recurrence cannot be read: the part at fault and the reason.
/// Example: `FREQ=MONTHLY;BYWEEKNO=20` → "BYWEEKNO goes with FREQ=YEARLY only (RFC 5545 §3.3.10), got FREQ=MONTHLY".
public enum RRuleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A rule part, property or value that is malformed or not allowed here; `part` names it
    /// (`BYDAY`, `UNTIL`, `DTSTART`, `EXDATE`, …).
    case invalid(part: String, reason: String)
    /// A rule or text without a part it needs (`FREQ`, `DTSTART`).
    case missing(part: String, reason: String)

    /// The part at fault (`BYDAY`, `UNTIL`, `DTSTART`, …), for machine output.
    public var part: String {
        switch self {
        case let .invalid(part, _), let .missing(part, _): part
        }
    }

    /// The reason as a sentence starting with the part, e.g. "BYWEEKNO goes with FREQ=YEARLY only
    /// (RFC 5545 §3.3.10), got FREQ=MONTHLY".
    public var description: String {
        switch self {
        case let .invalid(part, reason): return reason.hasPrefix(part + " ") ? reason : "\(part): \(reason)"
        case let .missing(part, reason): return "\(part) is missing: \(reason)"
        }
    }
}

extension RRuleError: ChimeError {
    /// The stable code (docs/contract.md): `invalidRRule`, whatever the part at fault.
    public var code: String { "invalidRRule" }
}
