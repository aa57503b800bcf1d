import Chime

/// `chime zone ZONE [--at INSTANT]`: what a zone does now (or at an instant) and who said so.
enum ZoneCommand {
    static let spec = CommandSpec(
        name: "zone", summary: "Show a zone's canonical id, offset and abbreviation, next transition, and the tz data source and version that answered.",
        positionals: [("ZONE", "A tz id (America/New_York), alias (US/Eastern) or Windows id (\"Eastern Standard Time\").")],
        options: [.init(name: "at", valueName: "INSTANT", help: "Instant to describe (ISO 8601 with Z or offset; default now)."),
                  CommandSpec.sourceOption, CommandSpec.jsonOption],
        examples: ["chime zone America/Mexico_City", "chime zone \"Eastern Standard Time\" --at 2026-07-01T00:00:00Z --json",
                   "chime zone America/Mexico_City --source icu"])

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        let requested = try args.positional(0, "ZONE", command: spec.name)
        let database = try ZoneOptions.database(args, command: spec.name)
        let instant = try ZoneOptions.instant(args.values["at"] ?? "now")
        let rules = try ZoneOptions.rules(requested, in: database)
        let type = rules.type(at: instant)
        let next = rules.nextTransition(after: instant)
        let windows = database.windowsIdentifier(for: rules.identifier)
        let others = database.sources.filter { $0.source != rules.source }

        if args.json {
            var fields: [(String, JSON)] = [
                ("id", .string(rules.identifier)),
                ("requested", .string(requested)),
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
            output.line(JSON.object(fields).serialized)
            return 0
        }
        let dst = type.isDST ? "daylight saving time" : "standard time"
        output.line(rules.identifier + (requested != rules.identifier ? "  (requested as '\(requested)')" : ""))
        output.line("  at           \(instant)")
        output.line("  local        \(instant.iso8601(offsetSeconds: Int(type.utcOffset))) \(type.abbreviation) (\(dst), UTC\(Formatting.seconds(type.utcOffset)))")
        output.line("  next change  " + (next.map(Formatting.transitionText) ?? "none: this offset holds from now on"))
        output.line("  source       \(rules.source.rawValue) \(rules.version ?? "(version unknown)")"
                    + others.map { "; \($0.source.rawValue) has \($0.version ?? "unknown version")\($0.unavailableReason.map { " (unavailable: \($0))" } ?? "")" }.joined())
        if let windows { output.line("  windows id   \(windows)") }
        return 0
    }
}
