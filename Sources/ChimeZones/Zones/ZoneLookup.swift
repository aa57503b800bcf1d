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
        /// A POSIX TZ rule (`EST5EDT,M3.2.0,M11.1.0`, `<+0330>-3:30`), source `posix`.
        case posixRule
        /// A TZif file by its absolute path (`/usr/share/zoneinfo/Europe/Berlin`), source `tzif`.
        case file
        /// Defined by an iCalendar file's VTIMEZONE, whose TZID no source knows
        /// (`Customized Time Zone`), source `vtimezone`.
        case vtimezone
    }

    /// The id as asked for.
    public let requested: String
    /// The tz database's name for the zone.
    public let identifier: String
    /// The source that answers for the canonical id.
    public let source: ZoneSource
    /// How the requested id was matched: canonical, alias, ICU-only, Windows, or by case.
    public let match: Match

    /// A lookup from its parts (the zone of an iCalendar file's VTIMEZONE, which no database answers).
    package init(requested: String, identifier: String, source: ZoneSource, match: Match) {
        self.requested = requested
        self.identifier = identifier
        self.source = source
        self.match = match
    }

    /// What a POSIX TZ rule says, offsets counted east as everywhere else in Chime (POSIX counts
    /// them west: `UTC+3` is three hours behind UTC, a classic surprise).
    static func ruleNote(_ rule: String) -> String {
        func type(_ t: LocalTimeType) -> String { "\(t.abbreviation) (UTC\(ISO8601Format.offset(Int(t.utcOffset))))" }
        let says: String
        switch try? POSIXTimeZoneString.parse(rule) {
        case .fixed(let t)?: says = "\(type(t)), no daylight time"
        case .recurring(let r)?: says = "standard time \(type(r.standard)), daylight time \(type(r.daylight))"
        case nil: says = "unreadable"
        }
        return "'\(rule)' is a POSIX TZ rule (offsets west of UTC), the same every year, no history: \(says)"
    }

    /// Fixed-offset legacy ids: what they are and the region ids people usually mean.
    static let fixedOffsetLegacy: [String: (offset: String, instead: String)] = [
        "EST": ("UTC-05:00", "America/New_York for US Eastern time, America/Panama for a place without DST"),
        "MST": ("UTC-07:00", "America/Denver for US Mountain time, America/Phoenix for Arizona"),
        "HST": ("UTC-10:00", "Pacific/Honolulu"),
    ]

    /// A sentence for the user when the id is not simply canonical, else nil.
    public var note: String? {
        guard let colonless = TZVariable.withoutColon(requested) else { return plainNote(requested) }
        let form = "'\(requested)' is glibc's ':' form of \(colonless)"
        return plainNote(colonless).map { form + "; " + $0 } ?? form
    }

    private func plainNote(_ requested: String) -> String? {
        if let legacy = Self.fixedOffsetLegacy[identifier] {
            return "'\(identifier)' is a legacy fixed-offset id: always \(legacy.offset), never daylight saving time; for local clocks use \(legacy.instead)"
        }
        switch match {
        case .canonical: return nil
        case .alias: return "'\(requested)' is an alias (tz database link) of \(identifier)"
        case .icuOnly: return "'\(requested)' is not a tz database id; ICU reads it as \(identifier) (a legacy Java-style id), answered from \(source.rawValue)"
        case .windows: return "'\(requested)' is a Windows id; CLDR maps it to \(identifier)"
        case .caseInsensitive: return "'\(requested)' matched \(identifier) ignoring case"
        case .posixRule: return Self.ruleNote(identifier)
        case .file: return "read from the TZif file \(identifier), not by a tz database name"
        case .vtimezone: return "'\(identifier)' is no zone Chime knows: the iCalendar file's VTIMEZONE defines it"
        }
    }
}
