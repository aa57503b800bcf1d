/// What a requested zone id was taken to mean: the canonical id, the source that answers for
/// it, how the request matched, and a note when the id deserves one.
///
/// ```swift
/// let found = try ZoneDatabase.shared.lookup("ART")
/// // found.identifier == "Africa/Cairo", found.match == .icuOnly, found.note != nil
/// ```
public struct ZoneLookup: Sendable, Hashable {
    /// How the requested id led to the canonical one.
    public enum Match: String, Sendable, Hashable {
        /// The request is the canonical id.
        case canonical
        /// A tz database link (backward compatibility name): `US/Eastern`, `Asia/Calcutta`.
        case alias
        /// An id only ICU knows (Java's three-letter ids: `ART`, `PST`, `ACT`).
        case icuOnly
        /// A Windows id, mapped by CLDR: `Eastern Standard Time`.
        case windows
        /// The same id but for case: `america/new_york`.
        case caseInsensitive
    }

    /// The id as asked for.
    public let requested: String
    /// The tz database's name for the zone.
    public let identifier: String
    /// The source that answers for the canonical id.
    public let source: ZoneSource
    /// How the requested id was matched: canonical, alias, ICU-only, Windows, or by case.
    public let match: Match

    /// Fixed-offset legacy ids: what they are and the region ids people usually mean.
    static let fixedOffsetLegacy: [String: (offset: String, instead: String)] = [
        "EST": ("UTC-05:00", "America/New_York for US Eastern time, America/Panama for a place without DST"),
        "MST": ("UTC-07:00", "America/Denver for US Mountain time, America/Phoenix for Arizona"),
        "HST": ("UTC-10:00", "Pacific/Honolulu"),
    ]

    /// A sentence for the user when the id is not simply canonical, else nil.
    public var note: String? {
        if let legacy = Self.fixedOffsetLegacy[identifier] {
            return "'\(identifier)' is a legacy fixed-offset id: always \(legacy.offset), never daylight saving time; for local clocks use \(legacy.instead)"
        }
        switch match {
        case .canonical: return nil
        case .alias: return "'\(requested)' is an alias (tz database link) of \(identifier)"
        case .icuOnly: return "'\(requested)' is not a tz database id; ICU reads it as \(identifier) (a legacy Java-style id), answered from \(source.rawValue)"
        case .windows: return "'\(requested)' is a Windows id; CLDR maps it to \(identifier)"
        case .caseInsensitive: return "'\(requested)' matched \(identifier) ignoring case"
        }
    }
}
