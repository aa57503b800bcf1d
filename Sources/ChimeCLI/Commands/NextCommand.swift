import Chime

/// `chime next`: the next fires of one trigger given by flags.
enum NextCommand {
    static let spec = CommandSpec(
        name: "next", summary: "Compute the next fire dates of a trigger (calendar components, weekly or interval) in a zone.",
        positionals: [],
        options: [.init(name: "tz", valueName: "ZONE", help: "Time zone (required), e.g. America/New_York."),
                  .init(name: "after", valueName: "INSTANT", help: "Search after this instant, exclusive (default now)."),
                  .init(name: "count", valueName: "N", help: "How many fires (default 1, at most 100000).")]
            + TriggerOptions.options + [CommandSpec.sourceOption, CommandSpec.jsonOption],
        examples: ["chime next --at 02:30 --tz America/New_York --after 2026-03-07T12:00:00Z --count 3",
                   "chime next --components hour=2,minute=30,weekday=1 --tz America/New_York --count 5",
                   "chime next --weekly mon,wed@09:00 --tz Europe/Berlin --count 4",
                   "chime next --every 90m --anchor 2026-03-08T00:00:00Z --tz America/New_York --count 3 --json",
                   "chime next --components day=31 --tz UTC --after 2026-04-01T00:00:00Z --count 3"])

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        guard let zoneID = args.values["tz"] else { throw .usage("--tz ZONE is required", command: spec.name) }
        let after = try ZoneOptions.instant(args.values["after"] ?? "now")
        let count = try args.integer("count", command: spec.name) ?? 1
        guard (1...100_000).contains(count) else { throw .usage("--count must be 1–100000, got \(count)", command: spec.name) }
        let trigger = try TriggerOptions.trigger(args, after: after, command: spec.name)
        let database = try ZoneOptions.database(args, command: spec.name)
        let zone = try ZoneOptions.rules(zoneID, in: database)
        let fires: [Fire]
        do { fires = try trigger.fires(after: after, in: zone, count: count) } catch {
            throw .input(error.description, code: "wallTimeSkipped")
        }
        if args.json {
            output.line(JSON.object([("fires", .array(fires.map(JSON.fire)))]).serialized)
        } else {
            output.line("\(zone.identifier) (\(zone.source.rawValue) \(zone.version ?? "?")), after \(after):")
            output.line("local".padding(to: 27) + "zone".padding(to: 7) + "utc".padding(to: 22) + "adjustment")
            for fire in fires { output.line(FireFormatting.row(fire)) }
        }
        if fires.isEmpty { throw .noAnswer("the trigger never fires after \(after) (before year 10000)") }
        return 0
    }
}
