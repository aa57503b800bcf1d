import Chime
import ChimeJSON
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

/// `chime audit`'s text and JSON (docs/contract.md), written zone by zone as the audits come:
/// memory holds one zone's events and the running totals, not the whole report (all 447 zones
/// over 200 years of `*/5 * * * *` are half a million events). The JSON is still one line: the
/// header's members, then each zone's object as it is done, then the totals.
struct AuditReport {
    let header: AuditHeader
    let json: Bool
    /// Zone lines and totals only (text).
    let summary: Bool
    private var zones = 0
    private var zonesWithDrifts = 0
    /// One version: events and zones with events, by kind and outcome.
    private var events = 0
    private var zonesWithEvents = 0
    private var totals: [String: Int] = [:]
    /// Several versions (`--compare`): differences and zones with differences.
    private var differences = 0
    private var zonesWithDifferences = 0

    var comparing: Bool { header.versions.count > 1 }

    /// Writes the title, or the JSON's members before `zones`.
    init(header: AuditHeader, json: Bool, summary: Bool, output: inout Output) {
        self.header = header
        self.json = json
        self.summary = summary
        if json {
            output.appendJSON(String(JSON.object(header.fields).serialized.dropLast()) + ",\"zones\":[")
            return
        }
        output.line(header.title)
        if comparing, let texts = header.versionTexts, Set(texts).count > 1 {
            let width = (header.versions.map(\.count).max() ?? 0) + 2
            for (name, text) in zip(header.versions, texts) { output.line("  " + name.padding(to: width) + text) }
        }
    }

    /// One zone: its audit per version and, per version, the stretches a carried gap shift moved
    /// (the android profile; empty otherwise).
    mutating func add(_ versions: [ZoneAudit], drifts: [[ProfileDrift]], output: inout Output) {
        if json && zones > 0 { output.appendJSON(",") }
        zones += 1
        if drifts.contains(where: { !$0.isEmpty }) { zonesWithDrifts += 1 }
        if comparing { addComparison(versions, drifts: drifts, output: &output) } else { addEvents(versions[0], drifts: drifts[0], output: &output) }
    }

    /// Ends the report with the totals.
    func finish(output: inout Output) {
        if comparing {
            if json {
                output.json("],\"totals\":" + JSON.object([("zones", .int(zones)), ("zonesWithDifferences", .int(zonesWithDifferences)),
                                                           ("differences", .int(differences))]
                                                          + (zonesWithDrifts > 0 ? [("zonesWithDrifts", .int(zonesWithDrifts))] : [])).serialized + "}")
                return
            }
            output.line("totals: \(Self.plural(differences, "difference")) in \(zonesWithDifferences) of \(Self.plural(zones, "zone"))"
                        + (zonesWithDrifts > 0 ? "; drifts in \(Self.plural(zonesWithDrifts, "zone"))" : ""))
            return
        }
        if json {
            var fields: [(String, JSON)] = [("zones", .int(zones)), ("zonesWithEvents", .int(zonesWithEvents)), ("events", .int(events))]
            for kind in AuditEvent.Kind.allCases { fields.append((kind.rawValue, .int(totals[kind.rawValue] ?? 0))) }
            for outcome in AuditEvent.Outcome.allCases { fields.append((outcome.rawValue, .int(totals[outcome.rawValue] ?? 0))) }
            if zonesWithDrifts > 0 { fields.append(("zonesWithDrifts", .int(zonesWithDrifts))) }
            output.json("],\"totals\":" + JSON.object(fields).serialized + "}")
            return
        }
        let parts = AuditEvent.Outcome.allCases.compactMap { outcome in totals[outcome.rawValue].map { "\($0) \(outcome.rawValue)" } }
        output.line("totals: \(Self.plural(events, "event")) in \(zonesWithEvents) of \(Self.plural(zones, "zone"))"
                    + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
                    + (zonesWithDrifts > 0 ? "; drifts in \(Self.plural(zonesWithDrifts, "zone"))" : ""))
    }

    private mutating func addEvents(_ audit: ZoneAudit, drifts: [ProfileDrift], output: inout Output) {
        for event in audit.events {
            totals[event.kind.rawValue, default: 0] += 1
            totals[event.outcome.rawValue, default: 0] += 1
        }
        events += audit.events.count
        if !audit.events.isEmpty { zonesWithEvents += 1 }
        if json {
            var fields = TriggerJSON.zoneFields(audit.zone, requested: nil)
            fields.append(("events", .array(audit.events.map(Self.eventJSON))))
            if !drifts.isEmpty { fields.append(("drifts", .array(drifts.map(Self.driftJSON)))) }
            if !audit.notes.isEmpty { fields.append(("notes", .array(audit.notes.map(JSON.string)))) }
            output.appendJSON(JSON.object(fields).serialized)
            return
        }
        guard !audit.events.isEmpty || !audit.notes.isEmpty || !drifts.isEmpty else { return }
        let counts = AuditEvent.Outcome.allCases.compactMap { outcome -> String? in
            let n = audit.events.filter { $0.outcome == outcome }.count
            return n == 0 ? nil : "\(n) \(outcome.rawValue)"
        }
        output.line("\(Self.zoneTitle(audit.zone)): \(Self.plural(audit.events.count, "event"))" + (counts.isEmpty ? "" : " (" + counts.joined(separator: ", ") + ")"))
        for note in audit.notes { output.line("  note: " + note) }
        if summary { return }
        for event in audit.events {
            output.line("  " + event.wanted.padding(to: 21) + event.kind.rawValue.padding(to: 11)
                        + Self.outcomeText(event.outcome, shift: event.shiftSeconds).padding(to: 17) + Self.firesText(event.fires))
        }
        for drift in drifts { output.line("  drift: " + Self.driftText(drift)) }
    }

    private mutating func addComparison(_ versions: [ZoneAudit], drifts: [[ProfileDrift]], output: inout Output) {
        let found = AuditComparison.differences(versions)
        let drifted = drifts.contains { !$0.isEmpty }
        differences += found.count
        if !found.isEmpty || drifted { zonesWithDifferences += 1 }
        if json {
            var fields = TriggerJSON.zoneFields(versions[0].zone, requested: nil)
            if drifted {
                fields.append(("drifts", .object(zip(header.versions, drifts).map { name, list in (name, .array(list.map(Self.driftJSON))) })))
            }
            fields.append(("differences", .array(found.map { difference in
                .object([("wanted", .string(difference.wanted)), ("kind", .string(difference.kind.rawValue)),
                         ("answers", .object(zip(header.versions, difference.answers).map { name, answer in
                             (name, .object([("outcome", answer.outcome.map { .string($0.rawValue) } ?? .string("asWritten")),
                                             ("fires", .array(answer.fires.map(JSON.fire)))]))
                         }))])
            })))
            output.appendJSON(JSON.object(fields).serialized)
            return
        }
        guard !found.isEmpty || drifted else { return }
        let width = (header.versions.map(\.count).max() ?? 0) + 2
        output.line("\(Self.zoneTitle(versions[0].zone)): \(Self.plural(found.count, "difference"))")
        for difference in found {
            output.line("  \(difference.wanted)  \(difference.kind.rawValue)")
            for (name, answer) in zip(header.versions, difference.answers) {
                let outcome = answer.outcome.map { Self.outcomeText($0, shift: nil) } ?? "as written"
                output.line("    " + name.padding(to: width) + outcome.padding(to: 12) + Self.firesText(answer.fires))
            }
        }
        for (name, list) in zip(header.versions, drifts) {
            for drift in list { output.line("  \(name) drifts: " + Self.driftText(drift)) }
        }
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
        "\(zone.identifier) (\(Formatting.source(zone, unknown: "?")))"
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
