import Chime
import ChimeJSON
import ChimeBatch

/// `chime plan FILE --now INSTANT`: the rolling-window workaround apps use for more reminders than
/// the pending limit — the `limit` soonest occurrences (repeating requests expanded into one-shots)
/// and the instant by which to plan again.
enum PlanCommand {
    static let spec = CommandSpec(
        name: "plan", summary: "The soonest occurrences that fit the pending limit (repeating requests expanded) and when to plan again.",
        positionals: [PendingOptions.fileArgument],
        options: [.init(name: "now", valueName: "INSTANT", help: "Plan from this instant: RFC 3339, a local date-time or date (read in --tz), now, or @EPOCH.", required: true),
                  PendingOptions.limitOption, PendingOptions.tzOption, CommandSpec.sourceOption, CommandSpec.jsonOption],
        examples: ["chime plan examples/reminders.jsonl --now 2026-03-07T12:00:00Z", "chime plan examples/reminders.jsonl --now now --limit 64 --json"],
        positionalCompletion: .file)

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        let now = try PendingOptions.instant(args, "now", command: spec.name)
        let limit = try PendingOptions.limit(args, command: spec.name)
        let planner: Planner
        do { planner = try Planner(limit: limit) } catch { throw .usage(error.description, command: spec.name) }
        let file = try PendingOptions.file(args, now: now, command: spec.name)
        let plan = file.plan(with: planner)
        let errors = file.errors(adding: plan.errors)
        if args.json {
            PendingOptions.writeObject([
                ("now", .value(.string(now.utcString))), ("limit", .value(.int(limit))),
                ("sources", .value(.array(file.database.sources.map(Formatting.sourceJSON)))),
                ("occurrences", .items { element in
                    for occurrence in plan.occurrences {
                        element(.object([("identifier", .string(occurrence.identifier)), ("zone", .optional(file.zone(of: occurrence.identifier)?.identifier)),
                                         ("occurrence", .int(occurrence.index)), ("notificationIdentifier", .string(occurrence.occurrenceIdentifier)),
                                         ("fire", .fire(occurrence.fire))]))
                    }
                }),
                ("refillBy", .value(.optional(plan.refillBy?.utcString))),
                ("neverFires", .value(.array(plan.neverFiring.map(JSON.string)))),
                ("errors", .value(.array(errors.map(\.json)))),
                ("replaced", .value(.array(file.duplicates(excluding: errors).map(\.json)))),
            ], to: &output)
            return 0
        }
        output.line("\(plan.occurrences.count) occurrence\(plan.occurrences.count == 1 ? "" : "s") from \(file.count) request\(file.count == 1 ? "" : "s") at \(now) (limit \(limit)):")
        for occurrence in plan.occurrences {
            output.line("  " + occurrence.occurrenceIdentifier.escapedPadding(to: 24) + FireRow.text(occurrence.fire))
        }
        output.line(plan.refillBy.map { "Plan again before \($0): the next occurrence left out fires then." }
                    ?? "Everything fits: no need to plan again.")
        if !plan.neverFiring.isEmpty { output.line("Never fire: \(plan.neverFiring.joined(separator: ", "))") }
        PendingFile.writeIssues(duplicates: file.duplicates(excluding: errors), errors: errors, to: &output)
        output.line(PendingOptions.zoneDataLine(file))
        return 0
    }
}
