import Foundation
import Chime

extension ZoneDatabase {
    /// The rules of a Foundation `TimeZone`, by its identifier (`TimeZone.current`,
    /// `TimeZone(identifier: "US/Eastern")` …: made canonical as any id is). A fixed-offset zone
    /// (`TimeZone(secondsFromGMT: 3600)`, identifier `GMT+0100`) that no source knows becomes a
    /// zone with that one offset, named by its identifier. Any other unknown identifier is
    /// `FoundationBridgeError.unknownTimeZone`.
    public func rules(for timeZone: TimeZone) throws -> ZoneRules {
        do {
            return try rules(for: timeZone.identifier)
        } catch {
            // Foundation's fixed-offset zones never change their offset: one type forever.
            if timeZone.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 0)) == nil,
               timeZone.identifier.hasPrefix("GMT") || timeZone.identifier.hasPrefix("UTC") {
                let offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 0))
                return .fixed(identifier: timeZone.identifier,
                              type: LocalTimeType(utcOffset: Int32(offset), isDST: false, abbreviation: timeZone.abbreviation() ?? timeZone.identifier))
            }
            throw FoundationBridgeError.unknownTimeZone(timeZone.identifier)
        }
    }
}

extension Chime {
    /// The rules of a Foundation `TimeZone` (`ZoneDatabase.rules(for: TimeZone)` on the shared database).
    public static func zone(_ timeZone: TimeZone) throws -> ZoneRules {
        try ZoneDatabase.shared.rules(for: timeZone)
    }
}
