import Chime

/// `chime resolve ZONE LOCAL_TIME`: how a wall time maps to instants.
enum ResolveCommand {
    static let spec = CommandSpec(
        name: "resolve", summary: "Show how a wall time maps to instants in a zone: unique, gap (the instants either side) or overlap (both instants).",
        positionals: [("ZONE", "A tz id, alias or Windows id."), ("LOCAL_TIME", "A wall time with no offset, e.g. 2026-03-08T02:30:00.")],
        options: [CommandSpec.sourceOption, CommandSpec.jsonOption],
        examples: ["chime resolve America/New_York 2026-03-08T02:30:00", "chime resolve America/New_York 2026-11-01T01:30:00 --json"])

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        let requested = try args.positional(0, "ZONE", command: spec.name)
        let text = try args.positional(1, "LOCAL_TIME", command: spec.name)
        let local: CivilDateTime
        do { local = try ISO8601Format.parseLocal(text) } catch { throw CLIError(error) }
        let database = try ZoneOptions.database(args, command: spec.name)
        let rules = try ZoneOptions.rules(requested, in: database)
        let resolution = rules.resolve(local)

        let kind: String
        let candidates: [ZonedInstant]
        var transition: ZoneTransition?
        switch resolution {
        case .unique(let z): (kind, candidates) = ("unique", [z])
        case let .overlap(earlier, later): (kind, candidates) = ("overlap", [earlier, later])
        case .gap(let gap):
            (kind, candidates) = ("gap", [gap.shiftedBackward, gap.shiftedForward])
            transition = gap.transition
        }
        if args.json {
            var fields: [(String, JSON)] = [("zone", .string(rules.identifier)), ("local", .string(local.description)),
                                            ("kind", .string(kind)), ("candidates", .array(candidates.map(Formatting.zonedJSON)))]
            if let transition { fields.append(("transition", Formatting.transitionJSON(transition))) }
            fields += [("source", .string(rules.source.rawValue)), ("version", .optional(rules.version))]
            output.line(JSON.object(fields).serialized)
            return 0
        }
        switch resolution {
        case .unique(let z):
            output.line("\(local) in \(rules.identifier) is unique: \(Formatting.zonedText(z))")
        case let .overlap(earlier, later):
            output.line("\(local) in \(rules.identifier) happens twice (clocks fall back):")
            output.line("  earlier  \(Formatting.zonedText(earlier))")
            output.line("  later    \(Formatting.zonedText(later))")
        case .gap(let gap):
            let t = gap.transition
            output.line("\(local) in \(rules.identifier) does not exist: clocks jump from \(Formatting.wallTime(t.instant, t.before)) \(t.before.abbreviation) to \(Formatting.wallTime(t.instant, t.after)) \(t.after.abbreviation) at \(t.instant) (a \(Formatting.duration(gap.length)) gap).")
            output.line("  read with the offset after  (\(t.after.abbreviation)):  \(Formatting.zonedText(gap.shiftedBackward))")
            output.line("  read with the offset before (\(t.before.abbreviation)):  \(Formatting.zonedText(gap.shiftedForward))")
        }
        return 0
    }
}
