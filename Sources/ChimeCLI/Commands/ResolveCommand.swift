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
        func zoned(_ seconds: Int64) -> ZonedInstant {
            let instant = Instant(seconds: seconds, nanoseconds: Int32(local.nanosecond))
            return ZonedInstant(instant: instant, type: rules.type(at: instant))
        }
        switch resolution {
        case let .unique(seconds, _): (kind, candidates) = ("unique", [zoned(seconds)])
        case let .overlap(earlier, _, later, _): (kind, candidates) = ("overlap", [zoned(earlier), zoned(later)])
        case let .gap(at, before, after):
            // Either side of the gap: the wall time read with the offset after it, then before it.
            (kind, candidates) = ("gap", [zoned(local.localSeconds - Int64(after)), zoned(local.localSeconds - Int64(before))])
            transition = rules.transition(at: at)
        }
        if args.json {
            var fields: [(String, JSON)] = [("zone", .string(rules.identifier)), ("local", .string(local.description)),
                                            ("kind", .string(kind)), ("candidates", .array(candidates.map(Formatting.zonedJSON)))]
            if let transition { fields.append(("transition", Formatting.transitionJSON(transition))) }
            fields += [("source", .string(rules.source.rawValue)), ("version", .optional(rules.version))]
            output.line(JSON.object(fields).serialized)
            return 0
        }
        switch kind {
        case "unique":
            output.line("\(local) in \(rules.identifier) is unique: \(Formatting.zonedText(candidates[0]))")
        case "overlap":
            output.line("\(local) in \(rules.identifier) happens twice (clocks fall back):")
            output.line("  earlier  \(Formatting.zonedText(candidates[0]))")
            output.line("  later    \(Formatting.zonedText(candidates[1]))")
        default:
            let t = transition!
            output.line("\(local) in \(rules.identifier) does not exist: clocks jump from \(Formatting.wallTime(t.instant, t.before)) \(t.before.abbreviation) to \(Formatting.wallTime(t.instant, t.after)) \(t.after.abbreviation) at \(t.instant) (a \(Formatting.duration(t.wallClockChange)) gap).")
            // Each line names the policy that picks it; the instant is shown in the offset in force at it.
            output.line("  --gap previous   (earlier by the gap):       \(Formatting.zonedText(candidates[0]))")
            output.line("  --gap nextValid  (the first instant after):  \(Formatting.zonedText(ZonedInstant(instant: t.instant, type: t.after)))")
            output.line("  --gap shift      (later by the gap):         \(Formatting.zonedText(candidates[1]))")
        }
        return 0
    }
}
