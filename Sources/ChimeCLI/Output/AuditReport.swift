import Chime
import ChimeBatch

/// What `chime audit` reports about: the schedule, its words, the years and the versions compared.
struct AuditHeader {
    let trigger: Trigger
    let words: String
    let from: Int
    let to: Int
    /// The `--compare` names; one empty name without it.
    let versions: [String]
    /// Each version's schedule as its dialect writes it (`0 30 2 * * *` for robfig), for dialects.
    let versionTexts: [String]?

    /// `apple`/`consistent` for calendar components and weekly triggers, `cron:posix`…, `systemd`.
    var semantics: String {
        switch trigger {
        case .calendar(let t): t.semantics.rawValue
        case .weekly(let t): t.semantics.rawValue
        case .cron(let t): "cron:" + t.flavor.rawValue
        case .onCalendar: "systemd"
        case .rrule: "rfc5545"
        case .interval: "interval"
        case .flutterAndroid: "android"
        }
    }

    var fields: [(String, JSON)] {
        var fields: [(String, JSON)] = [("trigger", TriggerJSON.describe(trigger)), ("description", .string(words)),
                                        ("from", .int(from)), ("to", .int(to))]
        if versions.count > 1 { fields.append(("compare", .array(versions.map(JSON.string)))) } else { fields.append(("semantics", .string(semantics))) }
        if let versionTexts, versions.count > 1 {
            fields.append(("expressions", .object(zip(versions, versionTexts).map { ($0, JSON.string($1)) })))
        }
        return fields
    }

    var title: String {
        let years = from == to ? "\(from)" : "\(from)–\(to)"
        return "audit: \(words), \(years)" + (versions.count > 1 ? ", comparing " + versions.joined(separator: ", ") : ", " + semantics)
    }
}

/// `chime audit`'s text and JSON (docs/contract.md).
enum AuditReport {
    /// `drifts`: per zone, the stretches a carried gap shift moved (the android profile; empty otherwise).
    static func events(_ audits: [ZoneAudit], drifts: [[ProfileDrift]], header: AuditHeader, json: Bool, summary: Bool, output: inout Output) {
        var totals: [String: Int] = [:]
        for audit in audits {
            for event in audit.events {
                totals[event.kind.rawValue, default: 0] += 1
                totals[event.outcome.rawValue, default: 0] += 1
            }
        }
        let eventCount = audits.reduce(0) { $0 + $1.events.count }
        let zonesWithEvents = audits.filter { !$0.events.isEmpty }.count
        let zonesWithDrifts = drifts.filter { !$0.isEmpty }.count
        if json {
            let zones: [JSON] = zip(audits, drifts).map { audit, drifts in
                var fields = TriggerJSON.zoneFields(audit.zone, requested: nil)
                fields.append(("events", .array(audit.events.map(eventJSON))))
                if !drifts.isEmpty { fields.append(("drifts", .array(drifts.map(driftJSON)))) }
                if !audit.notes.isEmpty { fields.append(("notes", .array(audit.notes.map(JSON.string)))) }
                return .object(fields)
            }
            var totalFields: [(String, JSON)] = [("zones", .int(audits.count)), ("zonesWithEvents", .int(zonesWithEvents)), ("events", .int(eventCount))]
            for kind in AuditEvent.Kind.allCases { totalFields.append((kind.rawValue, .int(totals[kind.rawValue] ?? 0))) }
            for outcome in AuditEvent.Outcome.allCases { totalFields.append((outcome.rawValue, .int(totals[outcome.rawValue] ?? 0))) }
            if zonesWithDrifts > 0 { totalFields.append(("zonesWithDrifts", .int(zonesWithDrifts))) }
            output.line(JSON.object(header.fields + [("zones", .array(zones)), ("totals", .object(totalFields))]).serialized)
            return
        }
        output.line(header.title)
        for (audit, drifts) in zip(audits, drifts) where !audit.events.isEmpty || !audit.notes.isEmpty || !drifts.isEmpty {
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
            for drift in drifts { output.line("  drift: " + driftText(drift)) }
        }
        let parts = AuditEvent.Outcome.allCases.compactMap { outcome in totals[outcome.rawValue].map { "\($0) \(outcome.rawValue)" } }
        output.line("totals: \(plural(eventCount, "event")) in \(zonesWithEvents) of \(plural(audits.count, "zone"))"
                    + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
                    + (zonesWithDrifts > 0 ? "; drifts in \(plural(zonesWithDrifts, "zone"))" : ""))
    }

    /// `drifts`: per zone, per version, the stretches a carried gap shift moved (the android profile).
    static func comparison(_ audits: [[ZoneAudit]], drifts: [[[ProfileDrift]]], header: AuditHeader, json: Bool, output: inout Output) {
        let differences = audits.map { AuditComparison.differences($0) }
        let total = differences.reduce(0) { $0 + $1.count }
        let zonesWithDrifts = drifts.filter { $0.contains { !$0.isEmpty } }.count
        let zonesWithDifferences = zip(differences, drifts).filter { !$0.0.isEmpty || $0.1.contains { !$0.isEmpty } }.count
        if json {
            let zones: [JSON] = zip(zip(audits, differences), drifts).map { pair, drifts in
                let (versions, found) = pair
                var fields = TriggerJSON.zoneFields(versions[0].zone, requested: nil)
                if drifts.contains(where: { !$0.isEmpty }) {
                    fields.append(("drifts", .object(zip(header.versions, drifts).map { name, list in (name, .array(list.map(driftJSON))) })))
                }
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
                ("zones", .int(audits.count)), ("zonesWithDifferences", .int(zonesWithDifferences)), ("differences", .int(total))]
                + (zonesWithDrifts > 0 ? [("zonesWithDrifts", .int(zonesWithDrifts))] : [])))]).serialized)
            return
        }
        output.line(header.title)
        let width = (header.versions.map(\.count).max() ?? 0) + 2
        if let texts = header.versionTexts, Set(texts).count > 1 {
            for (name, text) in zip(header.versions, texts) { output.line("  " + name.padding(to: width) + text) }
        }
        for ((versions, found), drifts) in zip(zip(audits, differences), drifts) where !found.isEmpty || drifts.contains(where: { !$0.isEmpty }) {
            output.line("\(zoneTitle(versions[0].zone)): \(plural(found.count, "difference"))")
            for difference in found {
                output.line("  \(difference.wanted)  \(difference.kind.rawValue)")
                for (name, answer) in zip(header.versions, difference.answers) {
                    let outcome = answer.outcome.map { outcomeText($0, shift: nil) } ?? "as written"
                    output.line("    " + name.padding(to: width) + outcome.padding(to: 12) + firesText(answer.fires))
                }
            }
            for (name, list) in zip(header.versions, drifts) {
                for drift in list { output.line("  \(name) drifts: " + driftText(drift)) }
            }
        }
        output.line("totals: \(plural(total, "difference")) in \(zonesWithDifferences) of \(plural(audits.count, "zone"))"
                    + (zonesWithDrifts > 0 ? "; drifts in \(plural(zonesWithDrifts, "zone"))" : ""))
    }

    private static func eventJSON(_ event: AuditEvent) -> JSON {
        .object([("wanted", .string(event.wanted)), ("kind", .string(event.kind.rawValue)), ("outcome", .string(event.outcome.rawValue)),
                 ("adjustment", .optional(event.adjustment?.rawValue)), ("fires", .array(event.fires.map(JSON.fire))),
                 ("shiftSeconds", event.shiftSeconds.map { .int(Int($0)) } ?? .null)])
    }

    /// `fires at 03:30:00 instead of 02:30:00 from … through … (3585 fires; still at the end of the audit: …)`.
    private static func driftText(_ drift: ProfileDrift) -> String {
        func at(_ fire: Fire) -> String { fire.instant.iso8601(offsetSeconds: Int(fire.offset)) + " " + fire.abbreviation }
        return "fires at \(drift.firedAt) instead of \(drift.requested) from \(at(drift.first)) through \(at(drift.last)) ("
            + plural(drift.fires, "fire") + (drift.lastsToEnd ? "; still so when the audit ends: it lasts until the app schedules again)" : ")")
    }

    private static func driftJSON(_ drift: ProfileDrift) -> JSON {
        .object([("requested", .string(drift.requested)), ("firedAt", .string(drift.firedAt)), ("first", JSON.fire(drift.first)),
                 ("last", JSON.fire(drift.last)), ("fires", .int(drift.fires)), ("lastsToEnd", .bool(drift.lastsToEnd))])
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
