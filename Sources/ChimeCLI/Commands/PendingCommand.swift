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
        let report = try PendingOptions.add(file, to: &store, now: now)
        let errors = file.errors(adding: report.errors)
        if args.json {
            output.json(JSON.object([
                ("now", .string(now.utcString)), ("limit", .int(limit)), ("rule", .string(rule.rawValue)),
                ("sources", .array(file.database.sources.map(Formatting.sourceJSON))),
                ("kept", .array(store.pending.map {
                    .object([("identifier", .string($0.identifier)), ("zone", .string($0.request.zone.identifier)),
                             ("source", .string($0.request.zone.source.rawValue)), ("version", .optional($0.request.zone.version)),
                             ("next", .fire($0.next))])
                })),
                ("discarded", .array(report.discarded.map(PendingOptions.discardJSON))),
                ("errors", .array(errors.map(\.json))),
                ("replaced", .array(file.duplicates(excluding: errors).map(\.json))),
            ]).serialized)
            return 0
        }
        output.line("Kept \(store.count) of \(file.requests.count) request\(file.requests.count == 1 ? "" : "s") at \(now) (limit \(limit), rule \(rule.rawValue)), soonest first:")
        let width = max(10, (store.pending.map(\.identifier.count).max() ?? 0) + 2)
        for entry in store.pending { output.line("  " + entry.identifier.padding(to: width) + FireRow.text(entry.next)) }
        if !report.discarded.isEmpty {
            output.line("Discarded \(report.discarded.count):")
            for discard in report.discarded {
                let next = discard.next.map { $0.instant.iso8601(offsetSeconds: Int($0.offset)) } ?? "never"
                output.line("  " + discard.identifier.padding(to: width) + next.padding(to: 27) + discard.reason.description)
            }
        }
        PendingFile.writeIssues(duplicates: file.duplicates(excluding: errors), errors: errors, to: &output)
        output.line(PendingOptions.zoneDataLine(file))
        return 0
    }
}
