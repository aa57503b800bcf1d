import Chime
import ChimeJSON
import ChimeBatch

/// `chime zones [--search TEXT] [--all]`: list zone ids.
enum ZonesCommand {
    static let spec = CommandSpec(
        name: "zones", summary: "List the canonical time zone ids (region ids first, then legacy ones); --all adds aliases.",
        positionals: [],
        options: [.init(name: "search", valueName: "TEXT", help: "Only ids containing TEXT (case-insensitive)."),
                  .init(name: "all", valueName: nil, help: "Also list aliases (tz links such as US/Eastern, and ids only ICU knows)."),
                  CommandSpec.sourceOption, CommandSpec.jsonOption],
        examples: ["chime zones --search york", "chime zones --all --search calcutta", "chime zones --source icu --json"])

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        let database = try ZoneOptions.database(args, command: spec.name)
        let search = args.values["search"]
        let ids = args.flags.contains("all") ? database.identifiers(matching: search) : database.canonicalIdentifiers(matching: search)
        if args.json {
            output.json(JSON.object([
                ("zones", .array(ids.map(JSON.string))),
                ("canonicalOnly", .bool(!args.flags.contains("all"))),
                ("sources", .array(database.sources.map(Formatting.sourceJSON))),
            ]).serialized)
        } else {
            for id in ids { output.line(id) }
        }
        if ids.isEmpty, let search {
            let hint = args.flags.contains("all") ? "" : " (aliases too: add --all)"
            throw .noAnswer("no zone id contains '\(search)'\(hint)")
        }
        return 0
    }
}
