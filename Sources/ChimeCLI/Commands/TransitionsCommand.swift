import Chime
import ChimeJSON
import ChimeBatch

/// `chime transitions ZONE… --from YEAR --to YEAR`: every change of offset, abbreviation or DST flag.
enum TransitionsCommand {
    static let spec = CommandSpec(
        name: "transitions", summary: "List every transition (UTC instant, offset before -> after, abbreviations, DST) in the years given, like `zdump -v`.",
        positionals: [("[ZONE...]", "tz ids, aliases or Windows ids (several, like zdump); default --tz, $TZ or the system zone.")],
        options: [ZoneOptions.tzOption,
                  .init(name: "from", valueName: "YEAR", help: "First year, inclusive (default: this year)."),
                  .init(name: "to", valueName: "YEAR", help: "Last year, inclusive (default: --from)."),
                  CommandSpec.sourceOption, CommandSpec.jsonOption],
        examples: ["chime transitions America/New_York --from 2026 --to 2027", "chime transitions Australia/Lord_Howe --from 2026 --json",
                   "chime transitions Europe/London Europe/Paris --from 2026"],
        positionalCompletion: .zone)

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        let thisYear = CivilDateTime(localSeconds: Instant.now().seconds).year
        let from = try args.integer("from", command: spec.name) ?? thisYear
        let to = try args.integer("to", command: spec.name) ?? from
        for year in [from, to] where !CivilDateTime.supportedYears.contains(Int64(year)) {
            throw CLIError(TimeError.yearOutOfRange(Int64(year)))
        }
        guard from <= to else { throw .usage("--from \(from) is after --to \(to)", command: spec.name) }
        let database = try ZoneOptions.database(args, command: spec.name)
        let zones = try ZoneOptions.zones(args, database: database, command: spec.name)
        let start = try! CivilDateTime(year: from, month: 1, day: 1)
        let end = to == 9999 ? Instant.supportedRange.upperBound
            : Instant(seconds: try! CivilDateTime(year: to + 1, month: 1, day: 1).localSeconds)
        let years = from == to ? "\(from)" : "\(from)–\(to)"
        for (i, zone) in zones.enumerated() {
            let rules = zone.rules
            let transitions = rules.transitions(from: Instant(seconds: start.localSeconds), to: end)
            if args.json {
                // One object per zone: a single zone gives one JSON document, several give JSON Lines.
                var fields = TriggerJSON.zoneFields(rules, requested: zone.lookup.requested)
                fields += [("from", .int(from)), ("to", .int(to)), ("transitions", .array(transitions.map(Formatting.transitionJSON)))]
                if !zone.notes.isEmpty { fields.append(("notes", .array(zone.notes.map(JSON.string)))) }
                output.json(JSON.object(fields).serialized)
            } else {
                if i > 0 { output.line("") }
                output.line("\(rules.identifier), \(years) (UTC), \(Formatting.source(rules)): \(transitions.count) transition\(transitions.count == 1 ? "" : "s")")
                for note in zone.notes { output.line("note: " + note) }
                for t in transitions { output.line(Formatting.transitionText(t)) }
            }
        }
        return 0
    }
}
