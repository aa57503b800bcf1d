import Chime
import ChimeJSON
import ChimeBatch

/// `chime pending FILE --now INSTANT`: which requests a system with a pending limit keeps, and
/// which it discards and why (iOS: the 64 soonest-firing).
enum PendingCommand {
    static let spec = CommandSpec(
        name: "pending", summary: "Which requests survive a pending limit (iOS: the 64 soonest-firing), sorted, and which are discarded and why.",
        positionals: [PendingOptions.fileArgument],
        options: [.init(name: "now", valueName: "INSTANT", help: "When the requests are added: RFC 3339, a local date-time or date (read in --tz), now, or @EPOCH.", required: true),
                  PendingOptions.limitOption, PendingOptions.ruleOption, PendingOptions.tzOption, CommandSpec.sourceOption, CommandSpec.jsonOption],
        examples: ["chime pending examples/reminders.jsonl --now 2026-03-07T12:00:00Z",
                   "chime pending examples/reminders.jsonl --now now --limit 500 --rule reject --json"],
        positionalCompletion: .file)

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        let now = try PendingOptions.instant(args, "now", command: spec.name)
        let limit = try PendingOptions.limit(args, command: spec.name)
        let rule = try PendingOptions.rule(args, command: spec.name)
        var store = try PendingOptions.store(limit: limit, rule: rule, command: spec.name)
        let file = try PendingOptions.file(args, now: now, command: spec.name)
        var discarded = PendingDiscardList(limit: limit)
        let report = try PendingOptions.add(file, to: &store, discarded: &discarded)
        let kept = store.pending
        let errors = file.errors(adding: report.errors)
        if args.json {
            PendingOptions.writeObject([
                ("now", .value(.string(now.utcString))), ("limit", .value(.int(limit))), ("rule", .value(.string(rule.rawValue))),
                ("sources", .value(.array(file.database.sources.map(Formatting.sourceJSON)))),
                ("kept", .items { element in
                    for entry in kept {
                        element(.object([("identifier", .string(entry.identifier)), ("zone", .string(entry.request.zone.identifier)),
                                         ("source", .string(entry.request.zone.source.rawValue)), ("version", .optional(entry.request.zone.version)),
                                         ("next", .fire(entry.next))]))
                    }
                }),
                ("discarded", .byteItems { element in
                    var writer = PendingDiscardWriter(width: 0)
                    for discard in report.discarded { element { writer.json(discard, to: &$0) } }
                    discarded.forEach(in: file.table) { discard in element { writer.json(discard, to: &$0) } }
                }),
                ("errors", .value(.array(errors.map(\.json)))),
                ("replaced", .value(.array(file.duplicates(excluding: errors).map(\.json)))),
            ], to: &output)
            return 0
        }
        output.line("Kept \(store.count) of \(file.count) request\(file.count == 1 ? "" : "s") at \(now) (limit \(limit), rule \(rule.rawValue)), soonest first:")
        let width = max(10, (kept.map(\.identifier.escapedWidth).max() ?? 0) + 2)
        for entry in kept { output.line("  " + entry.identifier.escapedPadding(to: width) + FireRow.text(entry.next)) }
        if report.discarded.count + discarded.count > 0 {
            output.line("Discarded \(report.discarded.count + discarded.count):")
            var writer = PendingDiscardWriter(width: width)
            for discard in report.discarded { writer.text(discard, to: &output) }
            discarded.forEach(in: file.table) { writer.text($0, to: &output) }
        }
        PendingFile.writeIssues(duplicates: file.duplicates(excluding: errors), errors: errors, to: &output)
        output.line(PendingOptions.zoneDataLine(file))
        return 0
    }
}
