import Chime
import ChimeJSON
import ChimeBatch

/// `chime simulate FILE --from A --until B`: the delivery timeline of a pending set, one line per
/// fire in time order; one-shot requests leave when they fire, repeating ones are rescheduled.
enum SimulateCommand {
    static let spec = CommandSpec(
        name: "simulate", summary: "Deliver a pending set over time: one line per fire, in order (one-shots leave, repeating requests reschedule).",
        positionals: [PendingOptions.fileArgument],
        options: [.init(name: "from", valueName: "INSTANT", help: "When the requests are added (RFC 3339, local date-time or date in --tz, now, @EPOCH).", required: true),
                  .init(name: "until", valueName: "INSTANT", help: "Deliver every fire up to and including this instant.", required: true),
                  PendingOptions.limitOption, PendingOptions.ruleOption, ProfileOptions.option, PendingOptions.tzOption, CommandSpec.sourceOption,
                  CommandSpec.deadlineOption, CommandSpec.jsonOption],
        examples: ["chime simulate examples/reminders.jsonl --from 2026-03-01T00:00:00Z --until 2026-04-01T00:00:00Z",
                   "chime simulate examples/reminders.jsonl --from now --until 2027-01-01T00:00:00Z --json",
                   "chime simulate examples/reminders.jsonl --profile android --from 2026-03-01T00:00:00Z --until 2026-04-01T00:00:00Z"],
        positionalCompletion: .file)

    /// Deliveries are produced a day at a time, so a long simulation streams in bounded memory.
    static let step: Int64 = 86_400

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        let from = try PendingOptions.instant(args, "from", command: spec.name)
        let until = try PendingOptions.instant(args, "until", command: spec.name)
        guard from <= until else { throw .usage("--from \(from) is after --until \(until)", command: spec.name) }
        let deadline = try args.deadline(command: spec.name)
        // --profile: the platform's limit and rule unless given, and its trigger for every request.
        let profile = try ProfileOptions.profile(args, command: spec.name)
        var store = try PendingOptions.store(limit: args.values["limit"] == nil ? profile?.pendingLimit ?? 64 : try PendingOptions.limit(args, command: spec.name),
                                             rule: args.values["rule"] == nil ? profile?.pendingRule ?? .soonest : try PendingOptions.rule(args, command: spec.name),
                                             command: spec.name)
        let file = try PendingOptions.file(args, now: from, profile: profile, command: spec.name)
        var discarded = PendingDiscardList(limit: store.limit)
        let added = try PendingOptions.add(file, to: &store, discarded: &discarded)
        // What did not make it into the set goes to stderr: stdout is the timeline.
        for error in file.errors(adding: added.errors) { Output.error("skipped " + error.text) }
        Output.errorBytes { lines in
            var writer = PendingDiscardWriter(width: 0)
            for discard in added.discarded { lines { writer.message(discard, prefix: "discarded at --from: ", to: &$0) } }
            discarded.forEach(in: file.table) { discard in lines { writer.message(discard, prefix: "discarded at --from: ", to: &$0) } }
        }
        var delivered = 0
        // Fires at a wall time an earlier gap moved (the android profile): first, last, how many.
        var drifts: [String: (first: Fire, last: Fire, count: Int)] = [:]
        var driftOrder: [String] = []
        var cursor = from
        while cursor < until {
            // The deliveries written so far stay written: the timeline stops where the deadline met it.
            if let deadline {
                do { try deadline.check("after \(delivered) deliveries, up to \(cursor)") } catch {
                    throw .input(error.description + CLIError.limitHint(error), code: error.code)
                }
            }
            cursor = Instant(seconds: min(cursor.seconds + step, until.seconds), nanoseconds: cursor.seconds + step < until.seconds ? 0 : until.nanoseconds)
            let report: PendingDeliveryReport
            do { report = try store.deliver(until: cursor) } catch { throw .input(error.description, code: error.code) }
            for delivery in report.deliveries {
                delivered += 1
                if delivery.fire.adjustment == .gapShiftCarried {
                    if let d = drifts[delivery.identifier] { drifts[delivery.identifier] = (d.first, delivery.fire, d.count + 1) } else {
                        drifts[delivery.identifier] = (delivery.fire, delivery.fire, 1)
                        driftOrder.append(delivery.identifier)
                    }
                }
                if args.json {
                    var fields: [(String, JSON)] = [("identifier", .string(delivery.identifier)), ("zone", .optional(file.zone(of: delivery.identifier)?.identifier)),
                                                    ("fire", .fire(delivery.fire))]
                    if delivery.isFinal { fields.append(("final", .bool(true))) }
                    if let payload = file.table.row(of: delivery.identifier).flatMap(file.table.payload) { fields.append(("payload", .raw(payload.text))) }
                    output.json(JSON.object(fields).serialized)
                } else {
                    output.line(delivery.identifier.escapedPadding(to: 20) + FireRow.text(delivery.fire) + (delivery.isFinal ? "  (last)" : ""))
                }
            }
            for discard in report.discarded { Output.error("discarded: \(discard)") }
            if store.isEmpty { break }
        }
        if !args.json {
            output.line("\(delivered) deliver\(delivered == 1 ? "y" : "ies") from \(from) until \(until); \(store.count) still pending.")
            for identifier in driftOrder {
                guard let d = drifts[identifier] else { continue }
                func at(_ fire: Fire) -> String { fire.instant.iso8601(offsetSeconds: Int(fire.offset)) + " " + fire.abbreviation }
                let time = String(d.first.local.description.dropFirst(11))
                output.line("Drift: '\(identifier)' fired at \(time), where an earlier DST gap moved it, from \(at(d.first)) through \(at(d.last))"
                            + " (\(d.count) fire\(d.count == 1 ? "" : "s"); the stored wall time stays until the app schedules again).")
            }
            output.line(PendingOptions.zoneDataLine(file))
        }
        return 0
    }
}
