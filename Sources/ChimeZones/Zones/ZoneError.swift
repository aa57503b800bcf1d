/// Errors from loading zones. Each names what failed (the `chime` tool adds its own hints, such
/// as the command that lists ids).
public enum ZoneError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No source knows this id. `suggestions` are the closest known ids.
    case unknownZone(String, suggestions: [String])
    /// A TZif file is corrupt or unsupported.
    case malformedTZif(path: String, reason: String)
    /// A POSIX TZ footer string cannot be parsed.
    case invalidPOSIXRule(String, String)
    /// A file could not be read.
    case unreadable(path: String, reason: String)
    /// ICU failed or does not know the zone.
    case icu(zone: String, reason: String)
    /// The requested source is not available (e.g. no TZif directory).
    case sourceUnavailable(ZoneSource, reason: String)
    /// A setting (e.g. `CHIME_ZONE_SOURCE`) has a value Chime does not accept.
    case invalidConfiguration(String)
    /// `ZoneDatabase.reload()` refused the tz data in `directory` for `cause` (a missing
    /// directory, a file that cannot be read or parsed, a zone in use that the new data lacks);
    /// the database answers from the data it had.
    indirect case reloadRefused(directory: String, cause: ZoneError)

    /// The reason as a sentence naming the id, path or setting, with the closest ids for an unknown
    /// zone.
    public var description: String {
        switch self {
        case let .unknownZone(id, suggestions):
            let why = TZVariable.ruleRefusal(id).map { " (not a valid POSIX TZ rule: \($0))" }
                ?? ZoneName.refusal(id).map { " (not a tz database name: \($0))" } ?? ""
            let hint = suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?"
            return "unknown time zone '\(Self.shown(id))'\(why)\(hint)"
        case let .malformedTZif(path, reason):
            return "malformed TZif file \(path): \(reason)"
        case let .invalidPOSIXRule(rule, reason):
            return "invalid POSIX TZ rule '\(rule)': \(reason)"
        case let .unreadable(path, reason):
            return "cannot read \(path): \(reason)"
        case let .icu(zone, reason):
            return "ICU cannot provide zone '\(zone)': \(reason)"
        case let .sourceUnavailable(source, reason):
            return "zone source '\(source.rawValue)' is unavailable: \(reason)"
        case .invalidConfiguration(let message):
            return message
        case let .reloadRefused(directory, cause):
            return "the zone data in \(directory) was not loaded, the data loaded before stays in use: \(cause)"
        }
    }
}

/// Where a zone's rules came from.
public enum ZoneSource: String, Sendable, Codable, Hashable, CaseIterable {
    /// Compiled tz database files (`TZDIR`, default /usr/share/zoneinfo).
    case tzif
    /// System ICU's zoneinfo64 (honours `ICU_TIMEZONE_FILES_DIR`).
    case icu
    /// A POSIX TZ rule given as the zone (`EST5EDT,M3.2.0,M11.1.0`, `<+0330>-3:30`): the rule
    /// alone, for every year, no history (`TZVariable`).
    case posix
    /// An iCalendar file's own definition of a zone (RFC 5545 §3.6.5 VTIMEZONE), used when no
    /// source knows its TZID (`ZoneRules.defined`).
    case vtimezone
}

extension ZoneError {
    /// An id as a message shows it: control characters escaped (`\u{0}`, `ControlCharacters`),
    /// and cut after 80 characters with its full length (a hostile 1 MB id must not make a 1 MB
    /// message).
    static func shown(_ id: String) -> String {
        guard id.unicodeScalars.count > 80 else { return ControlCharacters.escaped(id) }
        return ControlCharacters.escaped(String(id.unicodeScalars.prefix(80))) + "… (\(id.utf8.count) bytes)"
    }
}
