import Chime
import ChimeJSON
import ChimeBatch

/// JSON shapes and human text shared by the commands (docs/contract.md).
enum Formatting {
    static func seconds(_ s: Int32) -> String { ISO8601Format.offset(Int(s)) }

    /// `{"at", "utc", "offset", "abbreviation", "dst"}` for an instant in a zone.
    static func zonedJSON(_ z: ZonedInstant) -> JSON {
        .object([
            ("at", .string(z.instant.iso8601(offsetSeconds: Int(z.type.utcOffset)))),
            ("utc", .string(z.instant.description)),
            ("offset", .int(z.type.utcOffset)),
            ("abbreviation", .string(z.type.abbreviation)),
            ("dst", .bool(z.type.isDST)),
        ])
    }

    static func transitionJSON(_ t: ZoneTransition) -> JSON {
        .object([
            ("utc", .string(t.instant.description)),
            ("offsetBefore", .int(t.before.utcOffset)),
            ("offsetAfter", .int(t.after.utcOffset)),
            ("abbreviationBefore", .string(t.before.abbreviation)),
            ("abbreviationAfter", .string(t.after.abbreviation)),
            ("dst", .bool(t.after.isDST)),
            ("dstBefore", .bool(t.before.isDST)),
            ("localBefore", .string(wallTime(t.instant, t.before))),
            ("localAfter", .string(wallTime(t.instant, t.after))),
        ])
    }

    /// "tzif 2025b" for text output; a POSIX TZ rule or a VTIMEZONE has no tz data, so just "posix", "vtimezone".
    static func source(_ rules: ZoneRules, unknown: String = "unknown version") -> String {
        rules.source == .posix || rules.source == .vtimezone ? rules.source.rawValue : "\(rules.source.rawValue) \(rules.version ?? unknown)"
    }

    static func sourceJSON(_ info: ZoneDatabase.SourceInfo) -> JSON {
        var fields: [(String, JSON)] = [("source", .string(info.source.rawValue)), ("version", .optional(info.version))]
        if let reason = info.unavailableReason { fields.append(("unavailable", .string(reason))) }
        return .object(fields)
    }

    /// The wall time shown at `instant` under `type`.
    static func wallTime(_ instant: Instant, _ type: LocalTimeType) -> String {
        CivilDateTime(localSeconds: instant.seconds + Int64(type.utcOffset), nanosecond: Int(instant.nanoseconds)).description
    }

    /// `2026-03-08T03:00:00-04:00 EDT (= 2026-03-08T07:00:00Z)`
    static func zonedText(_ z: ZonedInstant) -> String {
        "\(z.instant.iso8601(offsetSeconds: Int(z.type.utcOffset))) \(z.type.abbreviation) (= \(z.instant))"
    }

    /// `2026-03-08T07:00:00Z  EST -05:00 -> EDT -04:00 DST  wall 02:00:00 -> 03:00:00 (skips 1h)`
    static func transitionText(_ t: ZoneTransition) -> String {
        let change = t.wallClockChange
        let what = change > 0 ? "skips \(duration(change))" : change < 0 ? "repeats \(duration(-change))" : "same wall time"
        let before = "\(t.before.abbreviation) \(seconds(t.before.utcOffset))\(t.before.isDST ? " DST" : "")"
        let after = "\(t.after.abbreviation) \(seconds(t.after.utcOffset))\(t.after.isDST ? " DST" : "")"
        // The wall clock reads `wallBefore` just as the transition happens, then `wallAfter`.
        let wallBefore = wallTime(t.instant, t.before), wallAfter = wallTime(t.instant, t.after)
        let sameDay = wallBefore.prefix(10) == wallAfter.prefix(10)
        let shownAfter = sameDay ? String(wallAfter.dropFirst(11)) : wallAfter
        return "\(t.instant)  \(before) -> \(after)  wall \(wallBefore) -> \(shownAfter) (\(what))"
    }

    /// `1h`, `30m`, `1h30m`, `24h`, `20m45s`.
    static func duration(_ s: Int32) -> String {
        var parts = ""
        if s / 3600 > 0 { parts += "\(s / 3600)h" }
        if s / 60 % 60 > 0 { parts += "\(s / 60 % 60)m" }
        if s % 60 > 0 || parts.isEmpty { parts += "\(s % 60)s" }
        return parts
    }
}
