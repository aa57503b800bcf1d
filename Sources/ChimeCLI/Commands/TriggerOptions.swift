import Chime
import ChimeBatch

/// Builds a trigger from `chime next` flags: `--at`, `--components`, `--weekly`, `--every`, `--oncalendar`,
/// `--cron`, `--rrule` (with `--dtstart`) or `--ical`.
enum TriggerOptions {
    static let options: [CommandSpec.Option] = [
        .init(name: "at", valueName: "HH:MM[:SS]", help: "Every day at this wall time (components hour, minute, second)."),
        .init(name: "components", valueName: "K=V,…", help: "Calendar components, e.g. hour=2,minute=30,weekday=1 (Apple names; weekday 1 = Sunday; day=-1 is the last day of the month)."),
        .init(name: "weekly", valueName: "DAYS@HH:MM", help: "Weekdays at a wall time, e.g. mon,wed,fri@09:00 or mon-fri@08:30."),
        .init(name: "cron", valueName: "EXPR", help: "A cron expression, read as --flavor reads it, e.g. '30 2 * * *' (DST as that tool does it unless --gap/--overlap; docs/cron.md)."),
        .init(name: "flavor", valueName: "FLAVOR", help: "Whose cron --cron is: posix (Vixie/cronie, default) | croniter (6th field seconds, 7th year, L, W, #, H) | robfig (robfig/cron v3: 6 fields, seconds first; @every; a TZ=Zone prefix sets the zone) | quartz (Quartz 2.3: seconds first, '?' in one day field, L, W, #, optional year) | apscheduler3 (APScheduler 3.x from_crontab: weekday 0 = Monday, last) | apscheduler (APScheduler 4: weekday 0/7 = Sunday)."),
        .init(name: "hash-id", valueName: "ID", help: "croniter: the id hashed H fields are drawn from (croniter's hash_id)."),
        .init(name: "every", valueName: "DURATION", help: "Exact interval: 90m, 90min, 1h30m, 5400 (seconds), 2d, 1w; units s, m/min, h, d, w (repeating unless --once)."),
        .init(name: "oncalendar", valueName: "SPEC", help: "A systemd OnCalendar= expression (systemd.time(7)), e.g. 'Mon..Fri *-*-* 07:00 Europe/Berlin' or daily; systemd 252's DST rules unless --gap/--overlap; a trailing zone sets the zone (a different --tz is an error)."),
        .init(name: "rrule", valueName: "RULE", help: "An RFC 5545 RRULE, e.g. 'FREQ=MONTHLY;BYDAY=-1FR' (with --dtstart; docs/rrule.md), in another calendar with RFC 7529's RSCALE and SKIP, e.g. 'RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD'. DST by RFC 5545 §3.3.5 (a skipped wall time takes the offset before the gap, a repeated one the first instant) unless --gap/--overlap."),
        .init(name: "dtstart", valueName: "LOCAL|INSTANT", help: "--rrule's DTSTART: a local date-time in the zone (2026-01-30T09:00, 20260130T090000) or an instant (RFC 3339, @EPOCH) taken as its wall time in the zone."),
        .init(name: "ical", valueName: "FILE", help: "An iCalendar file: the recurrence (DTSTART with TZID, RRULE, RDATE, EXDATE) of its event (--uid's, when it holds several); a TZID sets the zone."),
        .init(name: "uid", valueName: "UID", help: "--ical: the VEVENT with this UID."),
        .init(name: "dtstart-mode", valueName: "always|ifMatching", help: "--rrule/--ical: DTSTART is the first instance always (the rfc5545 flavor's default; RFC 5545 COUNT, libical) or only if the rule matches it (the dateutil flavor's default; python-dateutil)."),
        .init(name: "rrule-flavor", valueName: "rfc5545|dateutil", help: "--rrule/--ical: whose reading of the rule: RFC 5545's (default; its MUST NOTs are errors) or python-dateutil 2.9's, which expands BYWEEKNO outside YEARLY, BYYEARDAY with DAILY/WEEKLY/MONTHLY, BYMONTHDAY with WEEKLY (docs/rrule.md, Flavors)."),
        .init(name: "anchor", valueName: "INSTANT", help: "Interval start (default: --after); the first fire is anchor + interval. Local times are read in the zone."),
        .init(name: "once", valueName: nil, help: "Fire once instead of repeating."),
        .init(name: "report-drift", valueName: nil, help: "Interval: mark fires whose wall time differs from the anchor's (intervalWallClockDrift)."),
        .init(name: "matching", valueName: "POLICY", help: MatchingPolicy.allCases.map { $0 == CalendarTrigger.defaultMatchingPolicy ? "\($0.rawValue) (default)" : $0.rawValue }
                  .joined(separator: " | ") + "."),
        .init(name: "repeated", valueName: "first|last", help: "Which instant of a repeated wall time (default \(CalendarTrigger.defaultRepeatedTimePolicy.rawValue))."),
        .init(name: "direction", valueName: "forward|backward", help: "Search direction for calendar components (default \(CalendarTrigger.defaultDirection.rawValue); backward lists fires before --after)."),
        .init(name: "gap", valueName: "POLICY", help: "Explicit DST-gap handling: skip | shift | nextValid | previous | reject."),
        .init(name: "overlap", valueName: "POLICY", help: "Explicit DST-overlap handling: first | last | both."),
        .init(name: "semantics", valueName: "apple|consistent", help: "Foundation's rules (apple, default) or Chime's own (consistent, docs/semantics.md)."),
        .init(name: "first-weekday", valueName: "1-7", help: "Week rules for weekOfMonth/weekOfYear (default 1 = Sunday)."),
        .init(name: "min-days", valueName: "1-7", help: "Minimum days in the first week (default 1)."),
        .init(name: "locale", valueName: "ID", help: "Take the week rules from a locale (CLDR via ICU), e.g. de_DE."),
    ]

    /// The trigger the flags describe; `anchor` is the interval's start (`--anchor`, else `--after`).
    /// `zone`: the zone an instant `--dtstart` is read in (nil: only a local `--dtstart`).
    static func trigger(_ args: ParsedArguments, anchor: Instant, command: String, zone: ZoneRules? = nil) throws(CLIError) -> Trigger {
        let kinds = ["at", "components", "weekly", "every", "oncalendar", "cron", "rrule", "ical"].filter { args.values[$0] != nil }
        guard kinds.count == 1 else {
            throw .usage(kinds.isEmpty ? "give a trigger: --at, --components, --weekly, --every, --oncalendar, --cron, --rrule or --ical"
                                       : "give only one of --at, --components, --weekly, --every, --oncalendar, --cron, --rrule, --ical (got \(kinds.map { "--" + $0 }.joined(separator: ", ")))",
                         command: command)
        }
        let isRecurrence = kinds[0] == "rrule" || kinds[0] == "ical"
        if isRecurrence {
            let other = ["matching", "repeated", "direction", "semantics", "first-weekday", "min-days", "locale"].filter { args.values[$0] != nil }
                + (args.flags.contains("once") ? ["once"] : [])
            if let first = other.first {
                throw .usage("--\(first) does not apply to --\(kinds[0]) (RFC 5545's rules; --gap, --overlap and --dtstart-mode change them)", command: command)
            }
        } else {
            for flag in ["dtstart", "uid", "dtstart-mode", "rrule-flavor"] where args.values[flag] != nil {
                throw .usage("--\(flag) goes with --rrule or --ical", command: command)
            }
        }
        if kinds[0] == "rrule" && args.values["uid"] != nil { throw .usage("--uid goes with --ical", command: command) }
        if kinds[0] == "ical" && args.values["dtstart"] != nil { throw .usage("--dtstart goes with --rrule (the iCalendar file has its own DTSTART)", command: command) }
        if isRecurrence { return try recurrence(args, kind: kinds[0], command: command, zone: zone) }
        if kinds[0] == "oncalendar" {
            let other = ["matching", "repeated", "direction", "semantics", "first-weekday", "min-days", "locale"].filter { args.values[$0] != nil }
                + (args.flags.contains("once") ? ["once"] : [])
            if let first = other.first {
                throw .usage("--\(first) does not apply to --oncalendar (systemd's rules; only --gap and --overlap change them)", command: command)
            }
        }
        if kinds[0] != "cron" {
            if args.values["flavor"] != nil { throw .usage("--flavor goes with --cron", command: command) }
            if args.values["hash-id"] != nil { throw .usage("--hash-id goes with --cron", command: command) }
        }
        if kinds[0] != "every" {
            if args.values["anchor"] != nil { throw .usage("--anchor goes with --every (an interval trigger)", command: command) }
            if args.flags.contains("report-drift") { throw .usage("--report-drift goes with --every (an interval trigger)", command: command) }
        }
        do {
            switch kinds[0] {
            case "cron":
                for flag in ["matching", "repeated", "semantics", "first-weekday", "min-days", "locale"] where args.values[flag] != nil {
                    throw CLIError.usage("--\(flag) is for calendar components; a cron trigger takes --flavor, --direction, --gap, --overlap", command: command)
                }
                if args.flags.contains("once") { throw CLIError.usage("--once is not for --cron (a cron expression repeats)", command: command) }
                let flavorText = args.values["flavor"] ?? CronFlavor.posix.rawValue
                guard let flavor = CronFlavor(rawValue: flavorText) else {
                    throw TriggerError.unknownName(field: "--flavor", value: flavorText, allowed: CronFlavor.allCases.map(\.rawValue))
                }
                do {
                    return .cron(try CronTrigger(expression: args.values["cron"]!, flavor: flavor,
                                                 direction: try policy(args, "direction") ?? CronTrigger.defaultDirection,
                                                 gapPolicy: try policy(args, "gap"), overlapPolicy: try policy(args, "overlap"),
                                                 hashId: args.values["hash-id"]))
                } catch let error as CronError {
                    throw CLIError.input(error.description, code: "invalidCronExpression")
                }
            case "every":
                return .interval(try IntervalTrigger(interval: try duration(args.values["every"]!), repeats: !args.flags.contains("once"),
                                                     anchor: anchor, reportsWallClockDrift: args.flags.contains("report-drift")))
            case "oncalendar":
                return .onCalendar(try OnCalendarTrigger(expression: args.values["oncalendar"]!, gapPolicy: try policy(args, "gap"),
                                                         overlapPolicy: try policy(args, "overlap")))
            case "weekly":
                let text = args.values["weekly"]!
                let parts = text.split(separator: "@")
                guard parts.count == 2 else { throw TriggerError.invalidWeekly("'\(text)' is not DAYS@HH:MM, e.g. mon,wed@09:00") }
                var days = Set<Weekday>()
                for name in parts[0].split(separator: ",", omittingEmptySubsequences: false) { days.formUnion(try Weekday.days(String(name))) }
                return .weekly(try WeeklyTrigger(weekdays: days, time: String(parts[1]), gapPolicy: try policy(args, "gap"),
                                                 overlapPolicy: try policy(args, "overlap"), semantics: try policy(args, "semantics") ?? CalendarTrigger.defaultSemantics))
            default:
                var components = CalendarComponents()
                if let time = args.values["at"] {
                    guard let (hour, minute, second) = ISO8601Format.parseTimeOfDay(time) else {
                        throw CLIError.usage("--at expects HH:MM or HH:MM:SS, got '\(time)'", command: command)
                    }
                    (components.hour, components.minute, components.second) = (hour, minute, second)
                } else {
                    components = try parseComponents(args.values["components"]!, command: command)
                }
                let rules = try WeekRules(firstWeekday: try args.integer("first-weekday", command: command),
                                          minimumDaysInFirstWeek: try args.integer("min-days", command: command),
                                          locale: args.values["locale"])
                return .calendar(try CalendarTrigger(
                    components: components,
                    matchingPolicy: try policy(args, "matching") ?? CalendarTrigger.defaultMatchingPolicy,
                    repeatedTimePolicy: try policy(args, "repeated") ?? CalendarTrigger.defaultRepeatedTimePolicy,
                    direction: try policy(args, "direction") ?? CalendarTrigger.defaultDirection,
                    repeats: !args.flags.contains("once"), weekRules: rules,
                    gapPolicy: try policy(args, "gap"), overlapPolicy: try policy(args, "overlap"),
                    semantics: try policy(args, "semantics") ?? CalendarTrigger.defaultSemantics))
            }
        } catch let error as TriggerError {
            throw .input(error.description, code: "invalidTrigger")
        } catch let error as OnCalendarError {
            throw onCalendarError(error, expression: args.values["oncalendar"] ?? "")
        } catch let error as CLIError {
            throw error
        } catch {
            throw .input(BatchError.describe(error), code: "invalidTrigger")
        }
    }

    /// `--rrule` with `--dtstart`, or `--ical FILE [--uid UID]`.
    static func recurrence(_ args: ParsedArguments, kind: String, command: String, zone: ZoneRules?) throws(CLIError) -> Trigger {
        do {
            let mode: RRuleTrigger.DTStartMode? = try policy(args, "dtstart-mode")
            let flavor: RRuleFlavor = try policy(args, "rrule-flavor") ?? .rfc5545
            let gap: GapPolicy? = try policy(args, "gap"), overlap: OverlapPolicy? = try policy(args, "overlap")
            var recurrence: RRuleParser.Recurrence
            if kind == "ical" {
                recurrence = try icalRecurrence(args, flavor: flavor)
            } else {
                guard let start = args.values["dtstart"] else {
                    throw CLIError.usage("--rrule needs --dtstart (a local date-time such as 2026-01-30T09:00, or an instant)", command: command)
                }
                recurrence = RRuleParser.Recurrence()
                recurrence.dtstart = try dtstart(start, zone: zone, command: command)
                recurrence.rule = try RRuleParser.rule(args.values["rrule"]!, flavor: flavor)
            }
            return .rrule(try RRuleTrigger(recurrence: recurrence, dtstartMode: mode, gapPolicy: gap, overlapPolicy: overlap))
        } catch let error as RRuleError {
            throw .input(error.description, code: "invalidRRule")
        } catch let error as TriggerError {
            throw .input(error.description, code: "invalidTrigger")
        } catch let error as CLIError {
            throw error
        } catch {
            throw .input(BatchError.describe(error), code: "invalidTrigger")
        }
    }

    /// `--dtstart`: iCalendar's `20260130T090000` (floating) or a local date-time, as a wall time;
    /// an instant (RFC 3339, `@EPOCH`) becomes its wall time in `zone`.
    static func dtstart(_ text: String, zone: ZoneRules?, command: String) throws(CLIError) -> RRuleTime {
        if let first = text.first, first.isNumber, !text.contains("-"), !text.contains(":") {
            do {
                let time = try RRuleParser.dateOrDateTime(text, part: "--dtstart", zone: .floating)
                if time.zone == .floating { return time }
                guard let zone else { throw CLIError.usage("--dtstart \(text) is an instant: give a local date-time (e.g. 20260130T090000)", command: command) }
                return RRuleTime(wall: time.wall + Int64(zone.utcOffset(atSeconds: time.wall)), zone: .floating)
            } catch let error as RRuleError {
                throw .input(error.description, code: "invalidRRule")
            } catch let error as CLIError {
                throw error
            } catch {
                throw .input(BatchError.describe(error), code: "invalidRRule")
            }
        }
        do {
            if let local = try TimeInput.local(text) { return RRuleTime(wall: local.localSeconds, zone: .floating) }
            if let instant = try TimeInput.absolute(text) {
                guard let zone else { throw CLIError.usage("--dtstart \(text) is an instant: give a local date-time (e.g. 2026-01-30T09:00)", command: command) }
                return RRuleTime(wall: instant.seconds + Int64(zone.utcOffset(at: instant)), zone: .floating)
            }
        } catch let error as CLIError {
            throw error
        } catch let error as TimeError {
            throw CLIError(error)
        } catch {
            throw .input(BatchError.describe(error), code: "malformedLocalTime")
        }
        throw .input("--dtstart '\(text)' is not a local date-time (2026-01-30T09:00, 20260130T090000) or an instant (\(TimeInput.forms))", code: "malformedLocalTime")
    }

    /// The recurrence of `--ical FILE`'s event (`--uid`'s, when the file holds several).
    static func icalRecurrence(_ args: ParsedArguments, flavor: RRuleFlavor = .rfc5545) throws -> RRuleParser.Recurrence {
        let uid = args.values["uid"]
        let text = try icalText(args)
        do {
            return try RRuleParser.event(inCalendar: text, uid: uid, flavor: flavor)
        } catch {
            // Several events and no --uid: the engine's words name no flag; this one does.
            guard uid == nil, case let .missing(part, reason) = error, part == "UID" else { throw error }
            throw RRuleError.missing(part: part, reason: reason + " (--uid UID)")
        }
    }

    /// The text of `--ical FILE`.
    static func icalText(_ args: ParsedArguments) throws -> String {
        var reader = try LineReader(path: args.values["ical"]!)
        var lines: [String] = []
        try reader.forEachLine { lines.append(String(decoding: $0, as: UTF8.self)); return true }
        return lines.joined(separator: "\n")
    }

    /// The zone the `--ical` file's VTIMEZONE for `tzid` (DTSTART's) defines, if the file has one.
    /// A definition Chime cannot read is an error even where the tz database would answer.
    static func icalTimeZone(_ args: ParsedArguments, tzid: String) throws(CLIError) -> ZoneRules? {
        guard args.values["ical"] != nil else { return nil }
        do {
            return try VTimeZone.named(tzid, inCalendar: try icalText(args))?.rules()
        } catch let error as RRuleError {
            throw .input("--ical \(args.values["ical"]!): \(error.description)", code: "invalidRRule")
        } catch let error as CLIError {
            throw error
        } catch {
            throw .input(BatchError.describe(error), code: "invalidRRule")
        }
    }

    /// The zone a `--ical` file's DTSTART names (TZID, or UTC for `…Z`), if any.
    static func icalZone(_ args: ParsedArguments) throws(CLIError) -> String? {
        guard args.values["ical"] != nil else { return nil }
        do {
            let flavor: RRuleFlavor = try policy(args, "rrule-flavor") ?? .rfc5545
            return try icalRecurrence(args, flavor: flavor).dtstart.flatMap { (start: RRuleTime) -> String? in
                switch start.zone { case .floating: nil; case .utc: "UTC"; case .named(let id): id }
            }
        } catch let error as RRuleError {
            throw .input("--ical \(args.values["ical"]!): \(error.description)", code: "invalidRRule")
        } catch let error as TriggerError {
            throw .input(error.description, code: "invalidTrigger")
        } catch let error as CLIError {
            throw error
        } catch {
            throw .input(BatchError.describe(error), code: "invalidRRule")
        }
    }

    /// The zone an `--oncalendar` expression names (`… Europe/Berlin`, `… UTC`), if any.
    static func onCalendarZone(_ args: ParsedArguments) throws(CLIError) -> String? {
        guard let text = args.values["oncalendar"] else { return nil }
        do { return try OnCalendarTrigger(expression: text).zoneIdentifier } catch { throw onCalendarError(error, expression: text) }
    }

    /// An OnCalendar error in words that quote the expression (its positions count in it).
    static func onCalendarError(_ error: OnCalendarError, expression: String) -> CLIError {
        let code = if case .unknownZone = error { "unknownZone" } else { "invalidTrigger" }
        return .input("--oncalendar '\(expression)': \(error.description)", code: code)
    }

    /// The zone a `--cron` expression's `TZ=Zone ` / `CRON_TZ=Zone ` prefix names (robfig), if any.
    static func cronZone(_ args: ParsedArguments) throws(CLIError) -> String? {
        guard let text = args.values["cron"], let name = args.values["flavor"], let flavor = CronFlavor(rawValue: name),
              flavor.readsZonePrefix else { return nil }
        do { return try CronTrigger(expression: text, flavor: flavor).zoneIdentifier } catch {
            throw .input(error.description, code: "invalidCronExpression")
        }
    }

    static func parseComponents(_ text: String, command: String) throws(CLIError) -> CalendarComponents {
        var components = CalendarComponents()
        var named = Set<String>()
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2, let value = Int(kv[1]) else {
                throw .usage("--components expects name=value pairs separated by commas, got '\(pair)' in '\(text)'", command: command)
            }
            // `hour=2,hour=3` is a typo, not a request for 03:00: refuse rather than keep the last.
            guard named.insert(kv[0]).inserted else {
                throw .usage("--components names '\(kv[0])' twice in '\(text)'", command: command)
            }
            guard components.set(kv[0], value) else {
                throw .usage("unknown component '\(kv[0])' (components: \(CalendarComponents.names.joined(separator: ", ")))", command: command)
            }
        }
        return components
    }

    static func policy<P: NamedChoice>(_ args: ParsedArguments, _ flag: String) throws(TriggerError) -> P? {
        try args.values[flag].map { (text) throws(TriggerError) in try P(named: text, field: "--" + flag) }
    }

    /// The units `--every` takes, in nanoseconds.
    static let durationUnits: [(names: [String], nanoseconds: Int64)] = [
        (["s", "sec", "secs", "second", "seconds"], 1_000_000_000),
        (["m", "min", "mins", "minute", "minutes"], 60_000_000_000),
        (["h", "hr", "hrs", "hour", "hours"], 3_600_000_000_000),
        (["d", "day", "days"], 86_400_000_000_000),
        (["w", "wk", "week", "weeks"], 604_800_000_000_000),
    ]

    static let unitList = "s, m or min, h, d, w (e.g. 90m, 1h30m, 5400 for seconds)"

    /// `90m`, `90min`, `1h30m`, `5400`, `0.5s`, `2d`, `1w`: exact, summed. A bare number is seconds.
    static func duration(_ text: String) throws(TriggerError) -> ExactDuration {
        var total: Int64 = 0
        var rest = Substring(text.lowercased().filter { $0 != " " })
        guard !rest.isEmpty else { throw .invalidInterval("--every needs a duration; units \(unitList)") }
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            rest = rest.dropFirst(number.count)
            let unit = rest.prefix { $0.isLetter }
            rest = rest.dropFirst(unit.count)
            guard !number.isEmpty else {
                throw .invalidInterval("'\(text)' is not a duration: expected a number before '\(unit.isEmpty ? String(rest.prefix(1)) : String(unit))'; units \(unitList)")
            }
            let nanoseconds: Int64
            if unit.isEmpty {
                guard rest.isEmpty && total == 0 else { throw .invalidInterval("'\(text)' is not a duration; units \(unitList)") }
                nanoseconds = 1_000_000_000
            } else if let match = durationUnits.first(where: { $0.names.contains(String(unit)) }) {
                nanoseconds = match.nanoseconds
            } else if ["mo", "mon", "month", "months", "y", "yr", "yrs", "year", "years"].contains(String(unit)) {
                throw .invalidInterval("'\(text)': \(unit.hasPrefix("m") ? "months" : "years") are not an exact duration (their length varies); --every takes \(unitList); for a calendar schedule use --components, e.g. day=1,hour=9")
            } else {
                throw .invalidInterval("'\(text)': unknown unit '\(unit)'; --every takes \(unitList)")
            }
            let (product, overflow) = try ExactDuration(decimal: String(number)).nanoseconds.multipliedReportingOverflow(by: nanoseconds / 1_000_000_000)
            guard !overflow, total <= Int64.max - product else { throw .invalidInterval("'\(text)' is too long") }
            total += product
        }
        return ExactDuration(nanoseconds: total)
    }
}

extension Weekday {
    var fullName: String { ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][rawValue - 1] }
}
