import Chime

/// What `chime audit` reports about: the schedule, its words, the years and the versions compared.
struct AuditHeader {
    let trigger: Trigger
    let words: String
    let from: Int
    let to: Int
    /// The `--compare` names; one empty name without it.
    let versions: [String]

    /// `apple`/`consistent` for calendar components and weekly triggers, `cron:posix`…, `systemd`.
    var semantics: String {
        switch trigger {
        case .calendar(let t): t.semantics.rawValue
        case .weekly(let t): t.semantics.rawValue
        case .cron(let t): "cron:" + t.flavor.rawValue
        case .onCalendar: "systemd"
        case .rrule: "rfc5545"
        case .interval: "interval"
        }
    }

    var fields: [(String, JSON)] {
        var fields: [(String, JSON)] = [("trigger", TriggerJSON.describe(trigger)), ("description", .string(words)),
                                        ("from", .int(from)), ("to", .int(to))]
        if versions.count > 1 { fields.append(("compare", .array(versions.map(JSON.string)))) } else { fields.append(("semantics", .string(semantics))) }
        return fields
    }

    var title: String {
        let years = from == to ? "\(from)" : "\(from)–\(to)"
        return "audit: \(words), \(years)" + (versions.count > 1 ? ", comparing " + versions.joined(separator: ", ") : ", " + semantics)
    }
}

/// `chime audit`'s text and JSON (docs/contract.md).
enum AuditReport {
    static func events(_ audits: [ZoneAudit], header: AuditHeader, json: Bool, summary: Bool, output: inout Output) {
        var totals: [String: Int] = [:]
        for audit in audits {
            for event in audit.events {
                totals[event.kind.rawValue, default: 0] += 1
                totals[event.outcome.rawValue, default: 0] += 1
            }
        }
        let eventCount = audits.reduce(0) { $0 + $1.events.count }
        let zonesWithEvents = audits.filter { !$0.events.isEmpty }.count
        if json {
            let zones: [JSON] = audits.map { audit in
                var fields = TriggerJSON.zoneFields(audit.zone, requested: nil)
                fields.append(("events", .array(audit.events.map(eventJSON))))
                if !audit.notes.isEmpty { fields.append(("notes", .array(audit.notes.map(JSON.string)))) }
                return .object(fields)
            }
            var totalFields: [(String, JSON)] = [("zones", .int(audits.count)), ("zonesWithEvents", .int(zonesWithEvents)), ("events", .int(eventCount))]
            for kind in AuditEvent.Kind.allCases { totalFields.append((kind.rawValue, .int(totals[kind.rawValue] ?? 0))) }
            for outcome in AuditEvent.Outcome.allCases { totalFields.append((outcome.rawValue, .int(totals[outcome.rawValue] ?? 0))) }
            output.line(JSON.object(header.fields + [("zones", .array(zones)), ("totals", .object(totalFields))]).serialized)
            return
        }
        output.line(header.title)
        for audit in audits where !audit.events.isEmpty || !audit.notes.isEmpty {
            let counts = AuditEvent.Outcome.allCases.compactMap { outcome -> String? in
                let n = audit.events.filter { $0.outcome == outcome }.count
                return n == 0 ? nil : "\(n) \(outcome.rawValue)"
            }
            output.line("\(zoneTitle(audit.zone)): \(plural(audit.events.count, "event"))" + (counts.isEmpty ? "" : " (" + counts.joined(separator: ", ") + ")"))
            for note in audit.notes { output.line("  note: " + note) }
            if summary { continue }
            for event in audit.events {
                output.line("  " + event.wanted.padding(to: 21) + event.kind.rawValue.padding(to: 11) + outcomeText(event.outcome, shift: event.shiftSeconds).padding(to: 17)
                            + firesText(event.fires))
            }
        }
        let parts = AuditEvent.Outcome.allCases.compactMap { outcome in totals[outcome.rawValue].map { "\($0) \(outcome.rawValue)" } }
        output.line("totals: \(plural(eventCount, "event")) in \(zonesWithEvents) of \(plural(audits.count, "zone"))"
                    + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", ")))
    }

    static func comparison(_ audits: [[ZoneAudit]], header: AuditHeader, json: Bool, output: inout Output) {
        let differences = audits.map { AuditComparison.differences($0) }
        let total = differences.reduce(0) { $0 + $1.count }
        let zonesWithDifferences = differences.filter { !$0.isEmpty }.count
        if json {
            let zones: [JSON] = zip(audits, differences).map { versions, found in
                var fields = TriggerJSON.zoneFields(versions[0].zone, requested: nil)
                fields.append(("differences", .array(found.map { difference in
                    .object([("wanted", .string(difference.wanted)), ("kind", .string(difference.kind.rawValue)),
                             ("answers", .object(zip(header.versions, difference.answers).map { name, answer in
                                 (name, .object([("outcome", answer.outcome.map { .string($0.rawValue) } ?? .string("asWritten")),
                                                 ("fires", .array(answer.fires.map(JSON.fire)))]))
                             }))])
                })))
                return .object(fields)
            }
            output.line(JSON.object(header.fields + [("zones", .array(zones)), ("totals", .object([
                ("zones", .int(audits.count)), ("zonesWithDifferences", .int(zonesWithDifferences)), ("differences", .int(total))]))]).serialized)
            return
        }
        output.line(header.title)
        let width = (header.versions.map(\.count).max() ?? 0) + 2
        for (versions, found) in zip(audits, differences) where !found.isEmpty {
            output.line("\(zoneTitle(versions[0].zone)): \(plural(found.count, "difference"))")
            for difference in found {
                output.line("  \(difference.wanted)  \(difference.kind.rawValue)")
                for (name, answer) in zip(header.versions, difference.answers) {
                    let outcome = answer.outcome.map { outcomeText($0, shift: nil) } ?? "as written"
                    output.line("    " + name.padding(to: width) + outcome.padding(to: 12) + firesText(answer.fires))
                }
            }
        }
        output.line("totals: \(plural(total, "difference")) in \(zonesWithDifferences) of \(plural(audits.count, "zone"))")
    }

    private static func eventJSON(_ event: AuditEvent) -> JSON {
        .object([("wanted", .string(event.wanted)), ("kind", .string(event.kind.rawValue)), ("outcome", .string(event.outcome.rawValue)),
                 ("adjustment", .optional(event.adjustment?.rawValue)), ("fires", .array(event.fires.map(JSON.fire))),
                 ("shiftSeconds", event.shiftSeconds.map { .int(Int($0)) } ?? .null)])
    }

    private static func zoneTitle(_ zone: ZoneRules) -> String {
        "\(zone.identifier) (\(zone.source.rawValue) \(zone.version ?? "?"))"
    }

    /// `moved +30 min`, `skipped`, `doubled`.
    private static func outcomeText(_ outcome: AuditEvent.Outcome, shift: Int64?) -> String {
        guard let shift, shift != 0 else { return outcome.rawValue }
        return outcome.rawValue + " " + (shift > 0 ? "+" : "-") + Formatting.duration(Int32(clamping: abs(shift)))
    }

    /// `2026-03-08T03:00:00-04:00 EDT (07:00:00Z) gapNextTime`, fires joined by "and"; `no fire`.
    private static func firesText(_ fires: [Fire]) -> String {
        guard !fires.isEmpty else { return "no fire" }
        return fires.map { fire in
            fire.instant.iso8601(offsetSeconds: Int(fire.offset)) + " " + fire.abbreviation + " (" + fire.instant.utcString + ") " + fire.adjustment.rawValue
        }.joined(separator: " and ")
    }

    private static func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
