import Foundation
import Chime

/// What a Foundation value holds that Chime cannot take as it stands: refused, never dropped.
public enum FoundationBridgeError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// A `DateComponents` field Chime's calendar triggers do not have (`era`, `quarter`,
    /// `isLeapMonth`), or one that belongs elsewhere (`timeZone`: pass the zone to `nextFire`).
    case unsupportedComponent(name: String, reason: String)
    /// A calendar other than the Gregorian one (Chime computes in the proleptic Gregorian calendar).
    case nonGregorianCalendar(String)
    /// A `TimeZone` no zone source knows, and not a fixed offset either.
    case unknownTimeZone(String)

    /// The reason as a sentence naming the component, calendar or zone.
    public var description: String {
        switch self {
        case let .unsupportedComponent(name, reason): return "date component \(name) is not supported: \(reason)"
        case .nonGregorianCalendar(let id): return "calendar \(id) is not supported: Chime computes in the Gregorian calendar"
        case .unknownTimeZone(let id): return "time zone '\(id)' is not known to Chime's zone sources"
        }
    }

    /// The same sentence, for `LocalizedError` users (`error.localizedDescription`).
    public var errorDescription: String? { description }
}
