import Chime
import ChimeJSON
import ChimeBatch

/// `chime next`: the next fires of one trigger given by flags.
enum NextCommand {
    static let spec = CommandSpec(
        name: "next", summary: "Compute the next fire dates of a trigger (calendar components, weekly, interval, systemd OnCalendar, cron or RFC 5545 RRULE) in a zone.",
        positionals: [],
        options: [.init(name: "tz", valueName: "ZONE", help: "Time zone, e.g. America/New_York (default: $TZ, else the system zone).", completes: .zone),
                  .init(name: "after", valueName: "INSTANT", help: "Search after this instant, exclusive (default now); RFC 3339, a local date-time or date in the zone, now, or @EPOCH."),
                  .init(name: "count", valueName: "N", help: "How many fires (default 1, 0–100000).")]
            + TriggerOptions.options + [ProfileOptions.option, CommandSpec.sourceOption, CommandSpec.deadlineOption, CommandSpec.jsonOption],
        examples: ["chime next --at 02:30 --tz America/New_York --after 2026-03-07T12:00:00Z --count 3",
                   "chime next --components hour=2,minute=30,weekday=1 --tz America/New_York --count 5",
                   "chime next --weekly mon,wed@09:00 --tz Europe/Berlin --after 2026-03-08 --count 4",
                   "chime next --every 1h30m --tz America/New_York --after '2026-03-08 00:00' --count 3 --json",
                   "chime next --every 1d --report-drift --tz America/New_York --after 2026-03-07T09:00 --count 2",
                   "chime next --components day=31 --tz UTC --after 2026-04-01 --count 3",
                   "chime next --oncalendar 'Mon..Fri *-*-* 07:00 Europe/Berlin' --after 2026-03-27T12:00:00Z --count 3",
                   "chime next --cron '30 2 * * *' --tz America/New_York --after 2026-03-07T12:00:00Z --count 2",
                   "chime next --cron '30 1 * * * 15' --flavor croniter --tz America/New_York --after 2026-10-31 --count 3",
                   "chime next --at 02:30 --profile android --tz America/New_York --after 2026-03-07T12:00:00Z --count 3",
                   "chime next --rrule 'FREQ=MONTHLY;BYDAY=-1FR' --dtstart 2026-01-30T09:00 --tz America/New_York --after 2026-03-01 --count 3",
                   "chime next --ical examples/meeting.ics --uid standup-1 --after 2026-03-01 --count 5",
                   "chime next --ical examples/outlook.ics --after 2026-03-20T00:00:00Z --count 2"],
        usageLines: ["chime next (--at HH:MM[:SS] | --components K=V,… | --weekly DAYS@HH:MM | --every DURATION | --oncalendar SPEC",
                     "           | --cron EXPR | --rrule RULE --dtstart LOCAL | --ical FILE [--uid UID]) [--tz ZONE]",
                     "           [--after INSTANT] [--count N] [--anchor INSTANT] [--once] [--report-drift] [--matching POLICY]",
                     "           [--repeated first|last] [--direction forward|backward] [--gap POLICY] [--overlap POLICY]",
                     "           [--semantics apple|consistent] [--first-weekday 1-7] [--min-days 1-7] [--locale ID]",
                     "           [--flavor FLAVOR] [--hash-id ID] [--dtstart-mode always|ifMatching]",
                     "           [--rrule-flavor rfc5545|dateutil] [--profile ios|android]",
                     "           [--source tzif|icu|newest] [--deadline MS] [--json]"])

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        let count = try args.integer("count", command: spec.name) ?? 1
        guard (0...100_000).contains(count) else { throw .usage("--count must be 0–100000, got \(count)", command: spec.name) }
        let deadline = try args.deadline(command: spec.name)
        let database = try ZoneOptions.database(args, command: spec.name)
        let zone: ZoneChoice
        var expressionZone = try TriggerOptions.onCalendarZone(args)
        if expressionZone == nil { expressionZone = try TriggerOptions.cronZone(args) }
        if expressionZone == nil { expressionZone = try TriggerOptions.icalZone(args) }
        if let named = expressionZone {
            // The expression's zone is the zone; --tz may repeat it but not contradict it.
            let origin = args.values["oncalendar"] != nil ? "the OnCalendar expression"
                : args.values["ical"] != nil ? "the iCalendar file's DTSTART" : "the cron expression (its TZ= prefix)"
            if let defined = try TriggerOptions.icalTimeZone(args, tzid: named) {
                zone = try ZoneChoice.resolve(named, defined: defined, origin: origin, in: database)
            } else {
                zone = try ZoneChoice.resolve(named, origin: origin, in: database)
            }
            if let tz = args.values["tz"], tz != named, try ZoneChoice.resolve(tz, origin: "--tz", in: database).rules.identifier != zone.rules.identifier {
                throw .usage("--tz \(tz) differs from the zone \(origin) names (\(named)): give one", command: spec.name)
            }
        } else {
            zone = try ZoneChoice.choose(args, database: database)
        }
        var notes = zone.notes
        let gap: GapPolicy?, overlap: OverlapPolicy?
        do { (gap, overlap) = (try TriggerOptions.policy(args, "gap"), try TriggerOptions.policy(args, "overlap")) } catch {
            throw .input(error.description, code: "invalidTrigger")
        }
        func read(_ name: String) throws(CLIError) -> Instant? {
            guard let text = args.values[name] else { return nil }
            let reading = try CLIError.wire { () throws(BatchError) in try TimeInput.read(text, name: "--" + name, zone: zone.rules, gap: gap, overlap: overlap) }
            if let note = reading.note { notes.append(note) }
            return reading.instant
        }
        let after = try read("after") ?? TimeInput.now()
        let trigger = try ProfileOptions.apply(args, to: try TriggerOptions.trigger(args, anchor: try read("anchor") ?? after, command: spec.name, zone: zone.rules),
                                               command: spec.name)
        let fires: [Fire]
        do { fires = try trigger.fires(after: after, in: zone.rules, count: count, deadline: deadline) } catch {
            throw .input(error.description + CLIError.limitHint(error), code: error.code)
        }
        if case .onCalendar(let t) = trigger, !fires.isEmpty, fires.count < count, let stop = t.systemdStop(after: fires.last!.instant, in: zone.rules) {
            notes.append("no elapse after \(fires.last!.instant.utcString): \(stop)")
        }
        if let definition = zone.definition, case .rrule(let t) = trigger,
           let note = definitionNote(definition, answering: zone.rules, from: t.dtstart.wall, through: eventEnd(t, fires: fires)) {
            notes.append(note)
        }
        if case .flutterAndroid = trigger {
            notes.insert("profile android: flutter_local_notifications' Java code (java.time; each fire computed from the wall time of the one before)", at: 0)
        }
        let backward: Bool
        switch trigger {
        case .calendar(let t): backward = t.direction == .backward
        case .cron(let t): backward = t.direction == .backward
        default: backward = false
        }
        if args.json {
            var fields = TriggerJSON.zoneFields(zone.rules, requested: zone.lookup.requested)
            fields += [(backward ? "before" : "after", .string(after.utcString)), ("trigger", TriggerJSON.describe(trigger)),
                       ("description", .string(trigger.inWords(zone: zone.rules.identifier))), ("fires", .array(fires.map(JSON.fire)))]
            if !notes.isEmpty { fields.append(("notes", .array(notes.map(JSON.string)))) }
            output.json(JSON.object(fields).serialized)
        } else {
            // The consistent semantics is named; the default (apple) is not, so existing output stays as it was.
            let consistent: Bool
            switch trigger {
            case .calendar(let t): consistent = t.semantics == .consistent
            case .weekly(let t): consistent = t.semantics == .consistent
            case .interval, .onCalendar, .cron, .flutterAndroid, .rrule: consistent = false
            }
            if case .cron(let t) = trigger {
                notes.insert("cron (\(t.flavor.rawValue)): \(t.expression.normalized); DST as \(t.flavor.rawValue) does it"
                             + (t.gapPolicy != nil || t.overlapPolicy != nil ? ", except the explicit --gap/--overlap" : ""), at: 0)
            }
            output.line("\(zone.rules.identifier) (\(Formatting.source(zone.rules, unknown: "?"))), \(backward ? "before" : "after") \(after)"
                        + (consistent ? ", consistent semantics:" : ":"))
            output.line("schedule: " + trigger.inWords(zone: zone.rules.identifier))
            if case .onCalendar(let t) = trigger { output.line("OnCalendar: " + t.normalized) }
            if case .rrule(let t) = trigger {
                for line in t.normalized.split(separator: "\n") { output.line("recurrence: " + line) }
                if t.gapPolicy == nil || t.overlapPolicy == nil {
                    notes.insert("DST by RFC 5545 §3.3.5: a skipped wall time takes the offset before the gap, a repeated one its first instant"
                                 + (t.gapPolicy != nil || t.overlapPolicy != nil ? " (except the explicit --gap/--overlap)" : ""), at: 0)
                }
            }
            for note in notes { output.line("note: " + note) }
            output.line("local".padding(to: 27) + "zone".padding(to: 7) + "utc".padding(to: 22) + "adjustment")
            for fire in fires { output.line(FireRow.text(fire)) }
        }
        if fires.isEmpty && count > 0, case .onCalendar(let t) = trigger {
            throw .noAnswer("the OnCalendar expression never elapses after \(after)"
                            + (t.systemdStop(after: after, in: zone.rules).map { " (\($0))" } ?? ""))
        }
        if fires.isEmpty && count > 0, case .cron(let t) = trigger {
            throw .noAnswer("the cron expression '\(t.expression.text)' never fires \(backward ? "before" : "after") \(after): no date matches its fields"
                            + (t.flavor.searchLimit.map { " (\($0))" } ?? ""))
        }
        if fires.isEmpty && count > 0, case .rrule = trigger {
            throw .noAnswer("the recurrence has no instance after \(after) (it ended, or none falls before the year 10000)")
        }
        if fires.isEmpty && count > 0 {
            throw .noAnswer("the trigger never fires \(backward ? "before" : "after") \(after) (\(backward ? "after year 1" : "before year 10000"))")
        }
        return 0
    }

    /// The last instant (UTC seconds) the note compares: the last fire answered, else the
    /// recurrence's UNTIL, else DTSTART (read as UTC: a day either way does not change its year
    /// but at a year's edge, where the comparison covers whole years anyway).
    static func eventEnd(_ t: RRuleTrigger, fires: [Fire]) -> Int64 {
        if let last = fires.last { return last.instant.seconds }
        switch t.rule?.until {
        case .utc(let seconds)?: return seconds
        case .local(let wall)?: return wall
        case .date(let day)?: return day * 86_400
        case nil: return t.dtstart.wall
        }
    }

    /// Where an iCalendar file's VTIMEZONE and the tz database's zone of the same TZID, which
    /// answered, first differ in the event's years: from the start of DTSTART's year (`start`, a
    /// wall time) through the end of the year of `end` (`eventEnd`); nil if nowhere.
    static func definitionNote(_ definition: ZoneRules, answering rules: ZoneRules, from start: Int64, through end: Int64) -> String? {
        let firstYear = VTimeZone.year(start), lastYear = VTimeZone.year(end)
        let from = CivilArithmetic.daysFromCivil(year: firstYear, month: 1, day: 1) * CivilArithmetic.secondsPerDay
        let to = CivilArithmetic.daysFromCivil(year: lastYear + 1, month: 1, day: 1) * CivilArithmetic.secondsPerDay
        guard let d = VTimeZone.firstDifference(definition, rules, from: from, to: to) else { return nil }
        return "the file's VTIMEZONE '\(definition.identifier)' differs from the tz database's \(rules.identifier), which answers (as python's icalendar does; "
            + "libical would follow the file): from \(Instant(seconds: d.seconds).utcString) the file says UTC\(ISO8601Format.offset(Int(d.a))), "
            + "the tz database UTC\(ISO8601Format.offset(Int(d.b))) (years \(firstYear)–\(lastYear) compared)"
    }
}
