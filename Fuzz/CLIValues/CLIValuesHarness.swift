// Fuzz harness `cli-values`: every value parser of the `chime` command line, compiled with the
// ChimeCLI sources (Fuzz/run.sh), on the pieces of one input.
//
// Input: a 4-byte header (zone 2; option choice 1; extra-option mask 1), then text split at
// newlines into pieces (invalid UTF-8 repaired).
// Each piece goes through every parser, each checked:
// - instants and local times (`ISO8601Format.parseInstant`/`parseLocal`, `TimeText.parse`,
//   `TimeInput.absolute`/`local`/`read`): an instant is in years 1–9999 and its UTC and offset
//   forms read back to it; a local time's text reads back to it; a local time read in the zone
//   lands on that wall time unless the reading carries a note (a gap or overlap, which the zone
//   confirms); a failure is a CLIError with a documented code and words;
// - durations (`TriggerOptions.duration`): non-negative, and the duration's decimal seconds read
//   back as the same duration;
// - components (`TriggerOptions.parseComponents`): the components written back as `k=v,…` read
//   back the same;
// - weekday names and ranges (`Weekday.days`): the short name, full name and number of the weekday
//   read back the same;
// Then the first piece is the value of one trigger option (`--at`, `--components`, `--weekly
// DAYS@HH:MM`, `--every`, `--cron`, `--oncalendar`, `--rrule`), the other pieces values of
// policy and week-rule options chosen by the mask, parsed as `chime next` parses its arguments
// (`NextCommand.spec.parse`) and built by `TriggerOptions.trigger`: a refusal is a CLIError with
// words and a documented code (exit 2, or 1 when the question has no answer); a trigger's JSON echo (`TriggerJSON.describe`, what
// `next --json` prints) reads back, as a batch trigger, to the same trigger; its next fire (one
// step) after a fixed start is consistent with the zone.
import Chime
import ChimeBatch
import ChimeJSON

enum CLIValuesHarness {
    static let documentedCodes: Set<String> = [
        "malformedJSON", "missingField", "invalidField", "invalidTrigger", "invalidCronExpression", "invalidRRule", "invalidCount",
        "unknownZone", "malformedInstant", "malformedLocalTime", "yearOutOfRange", "wallTimeSkipped", "malformedZoneData", "unreadable",
        "zoneSourceUnavailable", "badConfiguration", "limitReached", "badUsage", "zoneConflict", "invalidInterval", "noAnswer",
    ]

    /// 2026-03-07T12:00:00Z: `now`, the anchor and the search start.
    static let now = Instant(seconds: 1_772_884_800)

    static let triggerOptions = ["at", "components", "weekly", "every", "cron", "oncalendar", "rrule"]
    static let extraOptions: [(name: String, flag: Bool)] = [
        ("matching", false), ("repeated", false), ("gap", false), ("overlap", false), ("semantics", false),
        ("first-weekday", false), ("min-days", false), ("once", true),
    ]

    static func run(_ bytes: [UInt8]) throws(FuzzFailure) {
        var input = FuzzBytes(bytes)
        let (zoneID, zone) = FuzzZones.pick(&input)
        let choice = input.byte(), mask = input.byte()
        let pieces = input.restAsText().split(separator: "\n", maxSplits: 8, omittingEmptySubsequences: false).map(String.init)
        for piece in pieces {
            try instants(piece, zone: zone, zoneID: zoneID)
            try duration(piece)
            try components(piece)
            try weekday(piece)
        }
        try trigger(pieces, choice: choice, mask: mask, zone: zone, zoneID: zoneID)
    }

    static func checkCLIError(_ error: CLIError, _ context: @autoclosure () -> String) throws(FuzzFailure) {
        try fuzzCheck(!error.message.isEmpty && documentedCodes.contains(error.code) && (error.exitCode == 1 || error.exitCode == 2),
                      "error \(error.code) '\(error.message)' exit \(error.exitCode): \(context())")
    }

    // MARK: Instants and local times

    static func instants(_ text: String, zone: ZoneRules, zoneID: String) throws(FuzzFailure) {
        let context = { "'\(text)' in \(zoneID)" }
        if let instant = try? ISO8601Format.parseInstant(text) {
            try fuzzCheck(Instant.supportedRange.contains(instant), "instant \(instant.seconds) outside years 1–9999: \(context())")
            for form in [instant.utcString, instant.iso8601(offsetSeconds: 0), instant.iso8601(offsetSeconds: -34_200), instant.iso8601(offsetSeconds: 50_400)] {
                let back: Instant
                do { back = try ISO8601Format.parseInstant(form) } catch { throw fuzzFailure("'\(form)' does not read back (\(error)): \(context())") }
                try fuzzCheck(back == instant, "'\(form)' reads back as \(back.seconds).\(back.nanoseconds), not \(instant.seconds).\(instant.nanoseconds): \(context())")
            }
        }
        if let local = try? ISO8601Format.parseLocal(text) {
            let form = ISO8601Format.localDateTime(local)
            let back: CivilDateTime
            do { back = try ISO8601Format.parseLocal(form) } catch { throw fuzzFailure("'\(form)' does not read back (\(error)): \(context())") }
            try fuzzCheck(back == local, "'\(form)' reads back as \(back): \(context())")
        }
        _ = ISO8601Format.parseTimeOfDay(text)
        let text2 = try? TimeText.parse(text, now: { now })
        let absolute: Instant?, local: CivilDateTime?
        do { absolute = try TimeInput.absolute(text) } catch { return try checkCLIError(CLIError(error), context()) }
        do { local = try TimeInput.local(text) } catch { return try checkCLIError(CLIError(error), context()) }
        try fuzzCheck(absolute == nil || local == nil, "both an instant and a local time: \(context())")
        if case .instant(let i)? = text2, text != "now" { try fuzzCheck(i == absolute, "TimeText and TimeInput disagree: \(context())") }
        for (gap, overlap) in [(GapPolicy?.none, OverlapPolicy?.none), (.nextValid, .last), (.previous, .both), (.reject, .first), (.skip, nil)] {
            let reading: TimeInput.Reading
            do { reading = try TimeInput.read(text, name: "--after", zone: zone, gap: gap, overlap: overlap) } catch {
                try checkCLIError(CLIError(error), context())
                if error.code == "wallTimeSkipped" {
                    try fuzzCheck(gap == .reject, "wallTimeSkipped without reject: \(context())")
                }
                continue
            }
            try fuzzCheck(absolute != nil || local != nil, "read '\(text)' though it is neither an instant nor a local time")
            if let absolute { try fuzzCheck(reading.instant == absolute && reading.note == nil, "instant read differently: \(context())") }
            if let local {
                let wall = zone.localDateTime(at: reading.instant)
                if reading.note == nil {
                    try fuzzCheck(wall == local, "'\(text)' read as \(reading.instant) = \(wall) in \(zoneID) with no note: \(context())")
                } else {
                    let resolution = zone.resolve(local)
                    if case .unique = resolution { throw fuzzFailure("a note '\(reading.note!)' for a wall time that exists once: \(context())") }
                }
            }
        }
    }

    // MARK: Durations, components, weekdays

    static func duration(_ text: String) throws(FuzzFailure) {
        let d: ExactDuration
        do { d = try TriggerOptions.duration(text) } catch {
            try fuzzCheck(!error.description.isEmpty, "empty duration error for '\(text)'")
            return
        }
        try fuzzCheck(d.nanoseconds >= 0, "negative duration \(d.nanoseconds) from '\(text)'")
        for form in [d.description, d.description + "s", d.description + " sec"] {
            let back: ExactDuration
            do { back = try TriggerOptions.duration(form) } catch { throw fuzzFailure("'\(form)' (from '\(text)') does not read back: \(error)") }
            try fuzzCheck(back == d, "'\(form)' reads back as \(back.nanoseconds) ns, not \(d.nanoseconds) (from '\(text)')")
        }
    }

    static func components(_ text: String) throws(FuzzFailure) {
        let c: CalendarComponents
        do { c = try TriggerOptions.parseComponents(text, command: "next") } catch { return try checkCLIError(error, "'\(text)'") }
        let written = c.named.compactMap { item in item.value.map { "\(item.name)=\($0)" } }.joined(separator: ",")
        let back: CalendarComponents
        do { back = try TriggerOptions.parseComponents(written, command: "next") } catch {
            throw fuzzFailure("components '\(written)' (from '\(text)') do not read back: \(error.message)")
        }
        try fuzzCheck(back == c, "'\(written)' reads back as other components (from '\(text)')")
    }

    /// A weekday or a range of them (`--weekly`'s `Weekday.days`): each day read reads back in
    /// every form, and a range is its days in week order.
    static func weekday(_ text: String) throws(FuzzFailure) {
        guard let days = try? Weekday.days(text) else { return }
        try fuzzCheck(!days.isEmpty && days.map(\.rawValue) == days.map(\.rawValue).sorted(), "'\(text)' reads as \(days), not in week order")
        for day in days {
            for form in [day.shortName, day.fullName, String(day.rawValue), day.shortName.uppercased()] {
                try fuzzCheck((try? Weekday.days(form)) == [day], "weekday '\(form)' (from '\(text)') does not read back as \(day)")
            }
        }
        if days.count > 1 {
            let range = days[0].shortName + "-" + days[days.count - 1].shortName
            try fuzzCheck((try? Weekday.days(range)) == days, "'\(range)' (from '\(text)') does not read back as \(days)")
        }
    }

    // MARK: One trigger from options

    static func trigger(_ pieces: [String], choice: UInt8, mask: UInt8, zone: ZoneRules, zoneID: String) throws(FuzzFailure) {
        var argv = ["--" + triggerOptions[Int(choice) % triggerOptions.count], pieces.first ?? ""]
        var rest = pieces.dropFirst().makeIterator()
        for (bit, option) in extraOptions.enumerated() where mask & (1 << bit) != 0 {
            if option.flag { argv.append("--" + option.name); continue }
            guard let value = rest.next() else { break }
            argv += ["--" + option.name, value]
        }
        if choice / 8 % 2 == 1 { argv += ["--flavor", ["posix", "croniter", "robfig", "quartz", "apscheduler", "apscheduler3"][Int(choice / 16) % 6]] }
        if argv[0] == "--rrule" { argv += ["--dtstart", "2026-03-01T09:00"] }
        let context = { "chime next \(argv.map { "'\($0)'" }.joined(separator: " ")) in \(zoneID)" }
        let trigger: Trigger
        do {
            let args = try NextCommand.spec.parse(argv)
            trigger = try TriggerOptions.trigger(args, anchor: now, command: "next", zone: zone)
        } catch {
            return try checkCLIError(error, context())
        }
        // The JSON echo reads back as the same trigger (batch's decoding, anchored like `next`).
        let json = TriggerJSON.describe(trigger).serialized
        let decoded: Trigger
        do {
            let tree = try JSONParser.parse(Array(json.utf8))
            decoded = try JSONTreeDecoder.decode(DecodedTriggerBox.self, from: tree).trigger
        } catch {
            throw fuzzFailure("echo \(json) does not read back (\(error)): \(context())")
        }
        try fuzzCheck(decoded == trigger, "echo \(json) reads back as another trigger: \(context())")
        // One step of the trigger, in the trigger's own zone when it names one.
        var rules = zone
        let named: String? = switch trigger {
        case .onCalendar(let t): t.zoneIdentifier
        case .cron(let t): t.zoneIdentifier
        case .rrule(let t): t.zoneIdentifier
        default: nil
        }
        if let named {
            guard let r = FuzzZones.rules(named) else { return }
            rules = r
        }
        let fire: Fire?
        do { fire = try trigger.nextFire(after: now, in: rules) } catch { return }
        if let fire {
            try FireChecks.consistent(fire, in: rules, context())
            try fuzzCheck(fire.instant != now, "a fire at the start: \(context())")
        }
    }
}

/// A trigger read the way `chime batch` reads one (an interval anchored at `now` when it has no
/// anchor), for the echo's round trip.
struct DecodedTriggerBox: Decodable {
    let trigger: Trigger
    init(from decoder: Decoder) throws {
        trigger = try Trigger.decode(from: decoder) { text in
            guard let text else { return CLIValuesHarness.now }
            return try ISO8601Format.parseInstant(text)
        }
    }
}
