import Chime
import ChimeBatch

/// `chime audit`: every occurrence of a schedule that does not fire as written (DST gaps and
/// overlaps, missing days), over many zones and years; `--compare` sets versions side by side.
enum AuditCommand {
    static let spec = CommandSpec(
        name: "audit", summary: "List every occurrence of a schedule that a DST gap or overlap, or a missing day, keeps from firing as written, across zones and years; --compare shows where versions (semantics, cron flavors, systemd) differ.",
        positionals: [],
        options: [.init(name: "zones", valueName: "all|Z1,Z2,…", help: "Zones to audit (default all canonical zones; --tz names one)."),
                  .init(name: "tz", valueName: "ZONE", help: "One zone to audit (instead of --zones).", completes: .zone),
                  .init(name: "from", valueName: "YEAR", help: "First year, inclusive (default: this year)."),
                  .init(name: "to", valueName: "YEAR", help: "Last year, inclusive (default: --from + 9)."),
                  .init(name: "compare", valueName: "A,B,…", help: "Versions to compare: apple,consistent or ios,android (calendar components, weekly); cron flavors and systemd (--cron)."),
                  .init(name: "summary", valueName: nil, help: "One line per zone with counts instead of every event."),
                  .init(name: "max-fires", valueName: "N", help: "Fires the audit may examine over all its zones before it stops with limitReached (default 10000000, 1–1000000000).")]
            + TriggerOptions.options + [ProfileOptions.option, CommandSpec.sourceOption, CommandSpec.deadlineOption, CommandSpec.jsonOption],
        examples: ["chime audit --at 02:30 --zones America/New_York,Europe/London --from 2026 --to 2027",
                   "chime audit --at 02:15 --from 2026 --to 2035 --summary",
                   "chime audit --components day=31,hour=9 --zones UTC --from 2026",
                   "chime audit --cron '30 2 * * *' --zones America/New_York --from 2026 --compare posix,croniter,systemd",
                   "chime audit --at 02:30 --zones Australia/Lord_Howe --from 2026 --compare apple,consistent --json",
                   "chime audit --at 02:30 --zones America/New_York,Europe/Berlin --from 2026 --to 2027 --compare ios,android",
                   "chime audit --rrule 'FREQ=DAILY' --dtstart 2026-01-01T02:30 --zones America/New_York --from 2026"],
        usageLines: ["chime audit (--at HH:MM | --components K=V,… | --weekly DAYS@HH:MM | --oncalendar SPEC | --cron EXPR",
                     "            | --rrule RULE --dtstart LOCAL | --ical FILE)",
                     "            [--zones all|Z1,Z2,… | --tz ZONE] [--from YEAR] [--to YEAR] [--compare A,B,…] [--summary]",
                     "            [--max-fires N] [--deadline MS] [trigger options as for chime next] [--source tzif|icu|newest] [--json]"])

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        let thisYear = CivilDateTime(localSeconds: TimeInput.now().seconds).year
        let deadline = try args.deadline(command: spec.name)
        let fireLimit = try args.integer("max-fires", command: spec.name) ?? AuditWork.defaultFireLimit
        guard (1...1_000_000_000).contains(fireLimit) else { throw .usage("--max-fires must be 1–1000000000, got \(fireLimit)", command: spec.name) }
        let from = try args.integer("from", command: spec.name) ?? thisYear
        let to = try args.integer("to", command: spec.name) ?? from + 9
        guard from <= to else { throw .usage("--from \(from) is after --to \(to)", command: spec.name) }
        let database = try ZoneOptions.database(args, command: spec.name)
        if args.values["profile"] != nil && args.values["compare"] != nil {
            throw .usage("give --profile or --compare, not both (--compare ios,android sets the platforms side by side)", command: spec.name)
        }
        let trigger = try ProfileOptions.apply(args, to: try TriggerOptions.trigger(args, anchor: TimeInput.now(), command: spec.name),
                                               command: spec.name)
        let zones = try self.zones(args, trigger: trigger, database: database)
        let versions = try self.versions(args.values["compare"], of: trigger)
        let audits: [ScheduleAudit]
        do { audits = try versions.map { version throws(AuditError) in try ScheduleAudit(trigger: version.trigger, years: from...to) } } catch {
            throw .input(error.description + Self.flagHint(error), code: "invalidTrigger")
        }
        let texts: [String]? = versions.allSatisfy({ $0.trigger.dialectText != nil }) ? versions.map { $0.trigger.dialectText! } : nil
        let header = AuditHeader(trigger: trigger, words: trigger.inWords(), from: from, to: to, versions: versions.map(\.name),
                                 versionTexts: texts)
        // Each zone is audited and written before the next (AuditReport keeps only totals); a zone
        // that fails is reported after the zones before it were written.
        var work = AuditWork(fireLimit: fireLimit, deadline: deadline)
        var report = AuditReport(header: header, json: args.json, summary: args.flags.contains("summary"), output: &output)
        for zone in zones {
            var perVersion: [ZoneAudit] = []           // one audit per version
            var driftsPerVersion: [[ProfileDrift]] = []  // per version: fires a carried gap shift moved (android)
            for (audit, version) in zip(audits, versions) {
                do { perVersion.append(try audit.events(in: zone, work: &work)) } catch {
                    throw .input(error.description + Self.flagHint(error), code: error.code)
                }
                do { driftsPerVersion.append(try ProfileDrift.drifts(of: version.trigger, in: zone, years: from...to, work: &work)) } catch {
                    throw .input(error.description + CLIError.limitHint(error), code: error.code)
                }
            }
            report.add(perVersion, drifts: driftsPerVersion, output: &output)
        }
        report.finish(output: &output)
        return 0
    }

    /// `--zones`, `--tz`, the OnCalendar expression's zone, or every canonical zone.
    private static func zones(_ args: ParsedArguments, trigger: Trigger, database: ZoneDatabase) throws(CLIError) -> [ZoneRules] {
        if args.values["zones"] != nil && args.values["tz"] != nil { throw .usage("give --zones or --tz, not both", command: spec.name) }
        if case .onCalendar(let t) = trigger, let named = t.zoneIdentifier {
            if args.values["zones"] != nil || args.values["tz"] != nil {
                throw .usage("the OnCalendar expression names its zone (\(named)): leave out --zones/--tz, or the zone from the expression", command: spec.name)
            }
            return [try ZoneOptions.rules(named, in: database)]
        }
        if case .rrule(let t) = trigger, let named = t.zoneIdentifier {
            if args.values["zones"] != nil || args.values["tz"] != nil {
                throw .usage("the recurrence's DTSTART names its zone (\(named)): leave out --zones/--tz", command: spec.name)
            }
            return [try ZoneOptions.rules(named, in: database)]
        }
        if let tz = args.values["tz"] { return [try ZoneOptions.rules(tz, in: database)] }
        let list = args.values["zones"] ?? "all"
        let ids = list.lowercased() == "all" ? database.canonicalIdentifiers() : list.split(separator: ",").map { String($0) }
        guard !ids.isEmpty else { throw .usage("--zones needs 'all' or zone ids separated by commas", command: spec.name) }
        var zones: [ZoneRules] = []
        for id in ids { zones.append(try ZoneOptions.rules(id.trimmingSpaces, in: database)) }
        return zones
    }

    /// The trigger as each `--compare` version reads it (just the trigger without `--compare`).
    private static func versions(_ list: String?, of trigger: Trigger) throws(CLIError) -> [(name: String, trigger: Trigger)] {
        guard let list else { return [("", trigger)] }
        let names = list.split(separator: ",").map { String($0).trimmingSpaces.lowercased() }
        guard names.count >= 2, Set(names).count == names.count else {
            throw .usage("--compare needs two or more different versions, e.g. apple,consistent or posix,croniter,systemd", command: spec.name)
        }
        if let platforms = try ProfileOptions.versions(names, of: trigger) { return platforms }
        var versions: [(String, Trigger)] = []
        do {
            for name in names {
                switch trigger {
                case .calendar(let t):
                    guard let semantics = Semantics(rawValue: name) else { throw CLIError.usage("--compare for calendar components takes apple and consistent, got '\(name)'", command: spec.name) }
                    versions.append((name, .calendar(try CalendarTrigger(components: t.components, matchingPolicy: t.matchingPolicy,
                        repeatedTimePolicy: t.repeatedTimePolicy, direction: t.direction, repeats: t.repeats, weekRules: t.weekRules,
                        gapPolicy: t.gapPolicy, overlapPolicy: t.overlapPolicy, semantics: semantics))))
                case .weekly(let t):
                    guard let semantics = Semantics(rawValue: name) else { throw CLIError.usage("--compare for --weekly takes apple and consistent, got '\(name)'", command: spec.name) }
                    versions.append((name, .weekly(try WeeklyTrigger(weekdays: Set(t.weekdays), hour: t.hour, minute: t.minute, second: t.second,
                        gapPolicy: t.gapPolicy, overlapPolicy: t.overlapPolicy, semantics: semantics))))
                case .cron(let t):
                    if name == "systemd" {
                        guard let spec = t.expression.onCalendarExpression else {
                            throw CLIError.input("systemd cannot say '\(t.expression.text)' as an OnCalendar expression (L, W, #, or day-of-month OR day-of-week)", code: "invalidTrigger")
                        }
                        versions.append((name, .onCalendar(try OnCalendarTrigger(expression: spec, gapPolicy: t.gapPolicy, overlapPolicy: t.overlapPolicy))))
                    } else if let flavor = CronFlavor(rawValue: name) {
                        guard let text = t.expression.text(for: flavor) else {
                            throw CLIError.input("\(flavor.rawValue) cannot say '\(t.expression.text)' (\(t.flavor.rawValue)) with the same meaning: seconds or a year it has no field for, L, W, #, @every, or day fields it combines differently", code: "invalidTrigger")
                        }
                        versions.append((name, .cron(try CronTrigger(expression: text, flavor: flavor, direction: t.direction,
                                                                      gapPolicy: t.gapPolicy, overlapPolicy: t.overlapPolicy, hashId: t.hashId))))
                    } else {
                        throw CLIError.usage("--compare for --cron takes cron flavors (\(CronFlavor.allCases.map(\.rawValue).joined(separator: ", "))) and systemd, got '\(name)'", command: spec.name)
                    }
                case .interval, .onCalendar, .flutterAndroid, .rrule:
                    throw CLIError.usage("--compare goes with --at, --components, --weekly (apple,consistent or ios,android) or --cron (flavors, systemd)", command: spec.name)
                }
            }
        } catch let error as CLIError {
            throw error
        } catch let error as CronError {
            throw .input(error.description, code: "invalidCronExpression")
        } catch {
            throw .input(BatchError.describe(error), code: "invalidTrigger")
        }
        return versions
    }

    /// The engine words an audit refusal in the trigger's terms; here, the flag that changes it.
    private static func flagHint(_ error: AuditError) -> String {
        switch error {
        case .intervalTrigger: " (chime next --report-drift shows an interval's wall-clock drift)"
        case .backwardDirection: " (leave out --direction backward)"
        case .oneShot: " (leave out --once)"
        case .rejectingGaps: " (leave out --gap reject)"
        case .yearsOutOfRange: ""
        case .trigger(let error): CLIError.limitHint(error)
        }
    }
}

extension Trigger {
    /// A dialect schedule as written: the cron expression, the OnCalendar expression.
    var dialectText: String? {
        switch self {
        case .cron(let t): t.expression.text
        case .onCalendar(let t): t.expression
        default: nil
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
