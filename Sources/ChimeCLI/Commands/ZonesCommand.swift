import Chime

/// `chime zones [--search TEXT]`: list zone ids.
enum ZonesCommand {
    static let spec = CommandSpec(
        name: "zones", summary: "List the time zone ids the sources know (canonical ids and aliases).",
        positionals: [],
        options: [.init(name: "search", valueName: "TEXT", help: "Only ids containing TEXT (case-insensitive)."),
                  CommandSpec.sourceOption, CommandSpec.jsonOption],
        examples: ["chime zones --search york", "chime zones --source icu --json"])

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        let database = try ZoneOptions.database(args, command: spec.name)
        let ids = database.identifiers(matching: args.values["search"])
        if args.json {
            output.line(JSON.object([
                ("zones", .array(ids.map(JSON.string))),
                ("sources", .array(database.sources.map(Formatting.sourceJSON))),
            ]).serialized)
        } else {
            for id in ids { output.line(id) }
        }
        if ids.isEmpty, let search = args.values["search"] {
            throw .noAnswer("no zone id contains '\(search)'")
        }
        return 0
    }
}
