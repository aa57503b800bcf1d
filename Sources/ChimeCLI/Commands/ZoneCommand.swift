import Chime
import ChimeJSON
import ChimeBatch

/// `chime zone ZONE… [--at INSTANT]`: what zones do now (or at an instant) and who said so.
enum ZoneCommand {
    static let spec = CommandSpec(
        name: "zone", summary: "Show zones' canonical id, offset and abbreviation, next transition, and the tz data source and version that answered.",
        positionals: [("[ZONE...]", "tz ids (America/New_York), aliases (US/Eastern), Windows ids (\"Eastern Standard Time\"); default --tz, $TZ or the system zone.")],
        options: [ZoneOptions.tzOption,
                  .init(name: "at", valueName: "INSTANT", help: "Instant to describe (default now): RFC 3339, a local date-time or date in the zone, now, or @EPOCH."),
                  CommandSpec.sourceOption, CommandSpec.jsonOption],
        examples: ["chime zone America/Mexico_City", "chime zone \"Eastern Standard Time\" --at 2026-07-01T00:00:00Z --json",
                   "chime zone America/Mexico_City --source icu", "chime zone Europe/London America/New_York Asia/Tokyo --at 2026-07-01"],
        positionalCompletion: .zone)

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        let database = try ZoneOptions.database(args, command: spec.name)
        let zones = try ZoneOptions.zones(args, database: database, command: spec.name)
        for (i, zone) in zones.enumerated() {
            if i > 0 && !args.json { output.line("") }
            try describe(zone, args, database: database, output: &output)
        }
        return 0
    }

    static func describe(_ zone: ZoneChoice, _ args: ParsedArguments, database: ZoneDatabase, output: inout Output) throws(CLIError) {
        let rules = zone.rules
        let requested = zone.lookup.requested
        let reading = try args.values["at"].map { (text) throws(CLIError) in try CLIError.wire { () throws(BatchError) in try TimeInput.read(text, name: "--at", zone: rules) } }
        let instant = reading?.instant ?? TimeInput.now()
        let notes = zone.notes + (reading?.note.map { [$0] } ?? [])
        let type = rules.type(at: instant)
        let next = rules.nextTransition(after: instant)
        let windows = database.windowsIdentifier(for: rules.identifier)
        let others = database.sources.filter { $0.source != rules.source }

        if args.json {
            var fields: [(String, JSON)] = [
                ("id", .string(rules.identifier)),
                ("requested", .string(requested)),
                ("match", .string(zone.lookup.match.rawValue)),
                ("source", .string(rules.source.rawValue)),
                ("version", .optional(rules.version)),
                ("sources", .array(database.sources.map(Formatting.sourceJSON))),
                ("at", .object([("utc", .string(instant.description)),
                                ("local", .string(instant.iso8601(offsetSeconds: Int(type.utcOffset)))),
                                ("offset", .int(type.utcOffset)),
                                ("abbreviation", .string(type.abbreviation)),
                                ("dst", .bool(type.isDST))])),
                ("nextTransition", next.map(Formatting.transitionJSON) ?? .null),
            ]
            fields.append(("windowsId", .optional(windows)))
            if !notes.isEmpty { fields.append(("notes", .array(notes.map(JSON.string)))) }
            output.json(JSON.object(fields).serialized)
            return
        }
        let dst = type.isDST ? "daylight saving time" : "standard time"
        output.line(rules.identifier + (requested != rules.identifier ? "  (requested as '\(requested)')" : ""))
        output.line("  at           \(instant)")
        output.line("  local        \(instant.iso8601(offsetSeconds: Int(type.utcOffset))) \(type.abbreviation) (\(dst), UTC\(Formatting.seconds(type.utcOffset)))")
        output.line("  next change  " + (next.map(Formatting.transitionText) ?? "none: this offset holds from now on"))
        output.line("  source       \(rules.source.rawValue) \(rules.version ?? (rules.source == .posix ? "(the rule as given, no tz data)" : "(version unknown)"))"
                    + others.map { "; \($0.source.rawValue) has \($0.version ?? "unknown version")\($0.unavailableReason.map { " (unavailable: \($0))" } ?? "")" }.joined())
        if let windows { output.line("  windows id   \(windows)") }
        for note in notes { output.line("  note         \(note)") }
    }
}
