/// The JSON shapes of docs/contract.md:
/// ```json
/// {"calendar": {"components": {"hour": 2, "minute": 30}, "matchingPolicy": "nextTime",
///               "repeatedTimePolicy": "first", "direction": "forward", "repeats": true,
///               "firstWeekday": 1, "minimumDaysInFirstWeek": 1, "gap": "shift", "overlap": "both",
///               "semantics": "consistent"}}
/// (`"locale": "de_DE"` takes the week rules from CLDR instead of the two numbers)
/// {"interval": {"seconds": 5400, "repeats": true, "anchor": "2026-03-08T00:00:00Z", "reportDrift": true}}
/// {"weekly": {"weekdays": [2, 4, 6], "time": "09:00:00"}}      // or ["mon", "wed", "fri"]
/// {"onCalendar": {"expression": "Mon..Fri *-*-* 07:00 Europe/Berlin", "gap": "skip", "overlap": "first"}}
/// {"cron": {"expression": "30 2 * * *", "flavor": "posix", "direction": "forward", "gap": "skip", "overlap": "both", "hashId": "job-1"}}
/// {"rrule": {"text": "DTSTART;TZID=America/New_York:20260102T090000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR", "dtstart": "always"}}
/// ```
/// Decoding never reads the clock: an interval without an `anchor` is anchored at the instant
/// under `CodingUserInfoKey.chimeDefaultAnchor` in the decoder's `userInfo`, else it is
/// `DecodingError.keyNotFound`. Callers that know the request's start (`chime batch`: its `after`)
/// decode with `Trigger.decode(from:anchor:)` and anchor it there.
/// Interval seconds are read exactly: an integer, a decimal string, or a JSON number whose
/// shortest decimal form is used (`5400.25` is 5400.25 s, never a binary approximation of it).
///
/// Errors are `DecodingError`s with the coding path of the value at fault
/// (`calendar.components.weekday`, `weekly.weekdays[0]`, `cron.expression`): a value Chime
/// refuses is `dataCorrupted` whose `underlyingError` is Chime's error (`TriggerError`,
/// `CronError`, `OnCalendarError`, `TimeError`) and whose `debugDescription` is its message.
extension Trigger: Codable {
    enum Kind: String, CodingKey, CaseIterable { case calendar, interval, weekly, onCalendar, cron, flutterAndroid, rrule }

    enum CalendarKeys: String, CodingKey, CaseIterable {
        case components, matchingPolicy, repeatedTimePolicy, direction, repeats, firstWeekday, minimumDaysInFirstWeek, locale, gap, overlap, semantics
    }
    enum IntervalKeys: String, CodingKey, CaseIterable { case seconds, repeats, anchor, reportDrift }
    enum WeeklyKeys: String, CodingKey, CaseIterable { case weekdays, time, gap, overlap, semantics }

    /// Reads one trigger object; an interval without `anchor` takes
    /// `userInfo[.chimeDefaultAnchor]`, else it is `DecodingError.keyNotFound` (decoding never
    /// reads the clock).
    public init(from decoder: Decoder) throws {
        let fallback = decoder.userInfo[.chimeDefaultAnchor] as? Instant
        self = try Self.decode(from: decoder) { text in
            guard let text else {
                guard let fallback else {
                    throw DecodingError.keyNotFound(IntervalKeys.anchor, .init(
                        codingPath: decoder.codingPath + [Kind.interval],
                        debugDescription: "an interval trigger needs an anchor (or a default in userInfo[.chimeDefaultAnchor])"))
                }
                return fallback
            }
            return try ISO8601Format.parseInstant(text)
        }
    }

    /// Decodes a trigger, asking `anchor` for an interval's anchor instant given its text (nil
    /// when the JSON has none).
    public static func decode(from decoder: Decoder, anchor: (String?) throws -> Instant) throws -> Trigger {
        try UnknownFieldError.check(decoder, Kind.self)
        let container = try decoder.container(keyedBy: Kind.self)
        guard container.allKeys.count == 1, let kind = container.allKeys.first else {
            throw DecodingPath.corrupted(TriggerError.unknownName(field: "trigger", value: container.allKeys.map(\.stringValue).joined(separator: "+"),
                                                                  allowed: ["calendar", "interval", "weekly", "onCalendar", "cron", "flutterAndroid", "rrule"]),
                                         at: decoder.codingPath)
        }
        let path = container.codingPath + [kind]
        switch kind {
        case .calendar:
            try UnknownFieldError.check(container, forKey: .calendar, known: CalendarKeys.allCases.map(\.stringValue))
            let c = try container.nestedContainer(keyedBy: CalendarKeys.self, forKey: .calendar)
            let weekRules = try DecodingPath.run(path) {
                try WeekRules(firstWeekday: try c.decodeIfPresent(Int.self, forKey: .firstWeekday),
                              minimumDaysInFirstWeek: try c.decodeIfPresent(Int.self, forKey: .minimumDaysInFirstWeek),
                              locale: try c.decodeIfPresent(String.self, forKey: .locale))
            }
            let components = try c.decode(CalendarComponents.self, forKey: .components)
            let matching: MatchingPolicy? = try Self.named(c, .matchingPolicy), repeated: RepeatedTimePolicy? = try Self.named(c, .repeatedTimePolicy)
            let direction: SearchDirection? = try Self.named(c, .direction), semantics: Semantics? = try Self.named(c, .semantics)
            let gap: GapPolicy? = try Self.named(c, .gap), overlap: OverlapPolicy? = try Self.named(c, .overlap)
            let repeats = try c.decodeIfPresent(Bool.self, forKey: .repeats) ?? true
            return try DecodingPath.run(path, refine: Self.field) {
                .calendar(try CalendarTrigger(
                    components: components, matchingPolicy: matching ?? CalendarTrigger.defaultMatchingPolicy,
                    repeatedTimePolicy: repeated ?? CalendarTrigger.defaultRepeatedTimePolicy,
                    direction: direction ?? CalendarTrigger.defaultDirection, repeats: repeats, weekRules: weekRules,
                    gapPolicy: gap, overlapPolicy: overlap, semantics: semantics ?? CalendarTrigger.defaultSemantics))
            }
        case .interval:
            try UnknownFieldError.check(container, forKey: .interval, known: IntervalKeys.allCases.map(\.stringValue))
            let c = try container.nestedContainer(keyedBy: IntervalKeys.self, forKey: .interval)
            let anchorText = try c.decodeIfPresent(String.self, forKey: .anchor)
            let start = try DecodingPath.run(path + [IntervalKeys.anchor]) { try anchor(anchorText) }
            let seconds = try DecodingPath.run(path + [IntervalKeys.seconds]) { try Self.exactSeconds(c) }
            let repeats = try c.decodeIfPresent(Bool.self, forKey: .repeats) ?? false
            let drift = try c.decodeIfPresent(Bool.self, forKey: .reportDrift) ?? false
            return try DecodingPath.run(path + [IntervalKeys.seconds]) {
                .interval(try IntervalTrigger(interval: seconds, repeats: repeats, anchor: start, reportsWallClockDrift: drift))
            }
        case .weekly:
            try UnknownFieldError.check(container, forKey: .weekly, known: WeeklyKeys.allCases.map(\.stringValue))
            let c = try container.nestedContainer(keyedBy: WeeklyKeys.self, forKey: .weekly)
            var days = Set<Weekday>()
            var list = try c.nestedUnkeyedContainer(forKey: .weekdays)
            while !list.isAtEnd {
                // A number (1 = Sunday … 7 = Saturday), a name (`mon`, `Monday`) or a range
                // (`mon-fri`), as `--weekly` takes.
                let at = path + [WeeklyKeys.weekdays, DecodingPath.Key(index: list.currentIndex)]
                if let number = try? list.decode(Int.self) {
                    guard let day = Weekday(rawValue: number) else {
                        throw DecodingPath.corrupted(TriggerError.invalidComponent(name: "weekdays", value: number, allowed: "1–7 (1 = Sunday)"), at: at)
                    }
                    days.insert(day)
                } else if let name = try? list.decode(String.self) {
                    days.formUnion(try DecodingPath.run(at) { try Weekday.days(name) })
                } else {
                    throw DecodingPath.corrupted(TriggerError.invalidWeekly("weekdays holds numbers 1–7 (1 = Sunday) or names (sun, mon, …)"), at: at)
                }
            }
            let time = try c.decode(String.self, forKey: .time)
            let gap: GapPolicy? = try Self.named(c, .gap), overlap: OverlapPolicy? = try Self.named(c, .overlap)
            let semantics: Semantics? = try Self.named(c, .semantics)
            return try DecodingPath.run(path, refine: { _ in days.isEmpty ? [WeeklyKeys.weekdays] : [WeeklyKeys.time] }) {
                .weekly(try WeeklyTrigger(weekdays: days, time: time, gapPolicy: gap, overlapPolicy: overlap,
                                           semantics: semantics ?? CalendarTrigger.defaultSemantics))
            }
        case .onCalendar:
            return try DecodingPath.run(path, refine: Self.field) { .onCalendar(try container.decode(OnCalendarTrigger.self, forKey: .onCalendar)) }
        case .cron:
            // A malformed expression: `CronError` underneath (batch: `invalidCronExpression`).
            return try DecodingPath.run(path, refine: Self.field) { .cron(try container.decode(CronTrigger.self, forKey: .cron)) }
        case .flutterAndroid:
            return try DecodingPath.run(path, refine: Self.field) {
                .flutterAndroid(try container.decode(FlutterAndroidTrigger.self, forKey: .flutterAndroid))
            }
        case .rrule:
            // A malformed recurrence: `RRuleError` underneath (batch: `invalidRRule`).
            return try DecodingPath.run(path, refine: Self.field) { .rrule(try RRuleTrigger.decode(from: try container.superDecoder(forKey: .rrule))) }
        }
    }

    /// Writes the trigger as its one-member object (`{"calendar": {…}}`, `{"cron": {…}}`, …): the
    /// fields as understood, defaults filled in, and the explicit `gap`/`overlap` policies when set.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Kind.self)
        switch self {
        case .calendar(let t):
            var c = container.nestedContainer(keyedBy: CalendarKeys.self, forKey: .calendar)
            try c.encode(t.components, forKey: .components)
            try c.encode(t.matchingPolicy, forKey: .matchingPolicy)
            try c.encode(t.repeatedTimePolicy, forKey: .repeatedTimePolicy)
            try c.encode(t.direction, forKey: .direction)
            try c.encode(t.repeats, forKey: .repeats)
            try c.encode(t.weekRules.firstWeekday, forKey: .firstWeekday)
            try c.encode(t.weekRules.minimumDaysInFirstWeek, forKey: .minimumDaysInFirstWeek)
            try c.encodeIfPresent(t.gapPolicy, forKey: .gap)
            try c.encodeIfPresent(t.overlapPolicy, forKey: .overlap)
            try c.encode(t.semantics, forKey: .semantics)
        case .interval(let t):
            var c = container.nestedContainer(keyedBy: IntervalKeys.self, forKey: .interval)
            if t.interval.nanoseconds % 1_000_000_000 == 0 {
                try c.encode(t.interval.nanoseconds / 1_000_000_000, forKey: .seconds)
            } else {
                try c.encode(t.interval.description, forKey: .seconds)
            }
            try c.encode(t.repeats, forKey: .repeats)
            try c.encode(t.anchor.utcString, forKey: .anchor)
            if t.reportsWallClockDrift { try c.encode(true, forKey: .reportDrift) }
        case .weekly(let t):
            var c = container.nestedContainer(keyedBy: WeeklyKeys.self, forKey: .weekly)
            try c.encode(t.weekdays.map(\.rawValue), forKey: .weekdays)
            try c.encode(t.time, forKey: .time)
            try c.encodeIfPresent(t.gapPolicy, forKey: .gap)
            try c.encodeIfPresent(t.overlapPolicy, forKey: .overlap)
            try c.encode(t.semantics, forKey: .semantics)
        case .onCalendar(let t):
            try container.encode(t, forKey: .onCalendar)
        case .cron(let t):
            try container.encode(t, forKey: .cron)
        case .flutterAndroid(let t):
            try container.encode(t, forKey: .flutterAndroid)
        case .rrule(let t):
            try t.encode(to: container.superEncoder(forKey: .rrule))
        }
    }

    /// The field an error names, when it is a key of the object being decoded.
    private static func field(of error: any Error) -> [any CodingKey] {
        typealias Key = DecodingPath.Key
        switch error {
        case let TriggerError.invalidComponent(name, _, _) where CalendarComponents.names.contains(name):
            return [Key("components"), Key(name)]
        case let TriggerError.unknownName(field, _, _): return [Key(field)]
        case is CronError, is OnCalendarError: return [Key("expression")]
        default: return []
        }
    }

    /// A policy name, or a `TriggerError.unknownName` listing the allowed ones (at the key's path).
    private static func named<P: NamedChoice, K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> P? {
        guard let text = try c.decodeIfPresent(String.self, forKey: key) else { return nil }
        return try DecodingPath.run(c.codingPath + [key]) { try P(named: text, field: key.stringValue) }
    }

    private static func exactSeconds(_ c: KeyedDecodingContainer<IntervalKeys>) throws -> ExactDuration {
        if let whole = try? c.decode(Int64.self, forKey: .seconds) {
            guard whole > 0 else { throw TriggerError.invalidInterval("the interval must be greater than 0, got \(whole) s") }
            return try ExactDuration(seconds: whole)
        }
        if let text = try? c.decode(String.self, forKey: .seconds) { return try ExactDuration(decimal: text) }
        let number = try c.decode(Double.self, forKey: .seconds)
        guard number.isFinite else { throw TriggerError.invalidInterval("the interval must be finite") }
        guard number > 0 else { throw TriggerError.invalidInterval("the interval must be greater than 0, got \(number) s") }
        // Swift prints the shortest decimal that reads back as the same Double: the number as written.
        return try ExactDuration(decimal: "\(number)")
    }
}

extension Weekday {
    /// English names and their prefixes of three letters or more (`mon`, `Monday`, `thurs`), any
    /// case, or a number 1–7 (1 = Sunday).
    public init(name: String) throws(TriggerError) {
        let lowered = name.lowercased()
        if let number = Int(lowered), let day = Weekday(rawValue: number) { self = day; return }
        let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        guard lowered.count >= 3, let index = names.firstIndex(where: { $0.hasPrefix(lowered) }) else {
            throw .invalidWeekly("'\(name)' is not a weekday (sun, mon, … or 1–7 with 1 = Sunday)")
        }
        self = Weekday(rawValue: index + 1)!
    }

    /// One weekday (`init(name:)`) or a range of them in week order, Sunday first: `mon-fri` is
    /// Monday through Friday, as cron and OnCalendar (`Mon..Fri`) write it and as the schedule's
    /// words say it. A range running backwards (`fri-mon`) is refused: it could mean either way.
    public static func days(_ text: String) throws(TriggerError) -> [Weekday] {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2 else { return [try Weekday(name: text)] }
        let first = try Weekday(name: String(ends[0])), last = try Weekday(name: String(ends[1]))
        guard first.rawValue <= last.rawValue else {
            throw .invalidWeekly("'\(text)' runs backwards: a range goes Sunday to Saturday (name the days, e.g. fri,sat,sun,mon)")
        }
        return (first.rawValue...last.rawValue).map { Weekday(rawValue: $0)! }
    }
}
