import Chime
import ChimeJSON
import ChimeBatch

/// `chime resolve [ZONE] LOCAL_TIME`: how a wall time maps to instants.
enum ResolveCommand {
    static let spec = CommandSpec(
        name: "resolve", summary: "Show how a wall time maps to instants in a zone: unique, gap (the instants either side) or overlap (both instants).",
        positionals: [("[ZONE]", "A tz id, alias or Windows id (or --tz; default $TZ, else the system zone)."),
                      ("LOCAL_TIME", "A wall time with no offset: 2026-03-08T02:30, '2026-03-08 02:30:00', or a date (midnight).")],
        options: [ZoneOptions.tzOption, CommandSpec.sourceOption, CommandSpec.jsonOption],
        examples: ["chime resolve America/New_York 2026-03-08T02:30:00", "chime resolve America/New_York 2026-11-01T01:30:00 --json",
                   "chime resolve --tz America/Sao_Paulo 2018-11-04"],
        positionalCompletion: .zone)

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        guard let text = args.positionals.last else { throw .usage("missing LOCAL_TIME", command: spec.name) }
        if args.positionals.count == 1, let first = text.first, !first.isNumber {
            throw .usage("missing LOCAL_TIME (got only '\(text)'; give ZONE LOCAL_TIME, or --tz ZONE LOCAL_TIME)", command: spec.name)
        }
        let local: CivilDateTime
        do {
            guard let parsed = try TimeInput.local(text) else {
                throw CLIError.input("'\(text)' is not a local wall time: use 2026-03-08T02:30[:00], '2026-03-08 02:30' or 2026-03-08, without an offset", code: "malformedLocalTime")
            }
            local = parsed
        } catch let error as TimeError { throw CLIError(error) } catch let error as CLIError { throw error } catch {
            throw .input("'\(text)' is not a local wall time", code: "malformedLocalTime")
        }
        let database = try ZoneOptions.database(args, command: spec.name)
        let zoneArgs = ParsedArguments(positionals: Array(args.positionals.dropLast()), values: args.values, flags: args.flags)
        let zones = try ZoneOptions.zones(zoneArgs, database: database, command: spec.name)
        guard zones.count == 1 else { throw .usage("give one ZONE and one LOCAL_TIME", command: spec.name) }
        let zone = zones[0]
        let rules = zone.rules
        let resolution = rules.resolve(local)

        let kind: String
        let candidates: [ZonedInstant]
        var transition: ZoneTransition?
        // The instants each policy gives (LocalResolution decides), each in the offset in force at it.
        func instants(_ gap: GapPolicy) -> [ZonedInstant] {
            rules.resolve(local, gap: gap, overlap: .both).map { ZonedInstant(instant: $0.instant, type: rules.type(at: $0.instant)) }
        }
        switch resolution {
        case .unique: (kind, candidates) = ("unique", instants(.skip))
        case .overlap: (kind, candidates) = ("overlap", instants(.skip))
        case let .gap(at, _, _):
            // Either side of the gap: the wall time read with the offset after it, then before it.
            (kind, candidates) = ("gap", instants(.previous) + instants(.shift))
            transition = rules.transition(at: at)
        }
        if args.json {
            var fields = TriggerJSON.zoneFields(rules, requested: zone.lookup.requested)
            fields += [("local", .string(local.description)), ("kind", .string(kind)), ("candidates", .array(candidates.map(Formatting.zonedJSON)))]
            if let transition { fields.append(("transition", Formatting.transitionJSON(transition))) }
            if !zone.notes.isEmpty { fields.append(("notes", .array(zone.notes.map(JSON.string)))) }
            output.json(JSON.object(fields).serialized)
            return 0
        }
        let source = "(\(Formatting.source(rules)))"
        switch kind {
        case "unique":
            output.line("\(local) in \(rules.identifier) \(source) is unique: \(Formatting.zonedText(candidates[0]))")
        case "overlap":
            output.line("\(local) in \(rules.identifier) \(source) happens twice (clocks fall back):")
            output.line("  earlier  \(Formatting.zonedText(candidates[0]))")
            output.line("  later    \(Formatting.zonedText(candidates[1]))")
        default:
            let t = transition!
            output.line("\(local) in \(rules.identifier) \(source) does not exist: clocks jump from \(Formatting.wallTime(t.instant, t.before)) \(t.before.abbreviation) to \(Formatting.wallTime(t.instant, t.after)) \(t.after.abbreviation) at \(t.instant) (a \(Formatting.duration(t.wallClockChange)) gap).")
            // Each line names the policy that picks it; the instant is shown in the offset in force at it.
            output.line("  --gap previous   (earlier by the gap):       \(Formatting.zonedText(candidates[0]))")
            output.line("  --gap nextValid  (the first instant after):  \(Formatting.zonedText(instants(.nextValid)[0]))")
            output.line("  --gap shift      (later by the gap):         \(Formatting.zonedText(candidates[1]))")
        }
        for note in zone.notes { output.line("note: " + note) }
        return 0
    }
}
