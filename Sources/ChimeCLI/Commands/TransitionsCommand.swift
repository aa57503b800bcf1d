import Chime

/// `chime transitions ZONE --from YEAR --to YEAR`: every change of offset, abbreviation or DST flag.
enum TransitionsCommand {
    static let spec = CommandSpec(
        name: "transitions", summary: "List every transition (UTC instant, offset before -> after, abbreviations, DST) in the years given, like `zdump -v`.",
        positionals: [("ZONE", "A tz id, alias or Windows id.")],
        options: [.init(name: "from", valueName: "YEAR", help: "First year, inclusive (default: this year)."),
                  .init(name: "to", valueName: "YEAR", help: "Last year, inclusive (default: --from)."),
                  CommandSpec.sourceOption, CommandSpec.jsonOption],
        examples: ["chime transitions America/New_York --from 2026 --to 2027", "chime transitions Australia/Lord_Howe --from 2026 --json"])

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        let requested = try args.positional(0, "ZONE", command: spec.name)
        let thisYear = CivilDateTime(localSeconds: Instant.now().seconds).year
        let from = try args.integer("from", command: spec.name) ?? thisYear
        let to = try args.integer("to", command: spec.name) ?? from
        for year in [from, to] where !CivilDateTime.supportedYears.contains(Int64(year)) {
            throw CLIError(TimeError.yearOutOfRange(Int64(year)))
        }
        guard from <= to else { throw .usage("--from \(from) is after --to \(to)", command: spec.name) }
        let database = try ZoneOptions.database(args, command: spec.name)
        let rules = try ZoneOptions.rules(requested, in: database)
        let start = try! CivilDateTime(year: from, month: 1, day: 1)
        let end = to == 9999 ? Instant.supportedRange.upperBound
            : Instant(seconds: try! CivilDateTime(year: to + 1, month: 1, day: 1).localSeconds)
        let transitions = rules.transitions(from: Instant(seconds: start.localSeconds), to: end)
        if args.json {
            output.line(JSON.object([
                ("zone", .string(rules.identifier)),
                ("source", .string(rules.source.rawValue)),
                ("version", .optional(rules.version)),
                ("transitions", .array(transitions.map(Formatting.transitionJSON))),
            ]).serialized)
        } else {
            output.line("\(rules.identifier), \(from)–\(to) (UTC), \(rules.source.rawValue) \(rules.version ?? "unknown version"): \(transitions.count) transition\(transitions.count == 1 ? "" : "s")")
            for t in transitions { output.line(Formatting.transitionText(t)) }
        }
        return 0
    }
}
