/// Reads RFC 5545 recurrence text: an RRULE value (§3.3.10), DATE / DATE-TIME values (§3.3.4,
/// §3.3.5), and the content lines of a recurrence — DTSTART, RRULE, RDATE, EXDATE (§3.8.2.4,
/// §3.8.5.1–3) — alone or inside an iCalendar file's VEVENT (§3.6.1).
///
/// Example: `RRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=3` (the `RRULE:` prefix is optional) reads as
/// FREQ monthly, BYDAY [(-1, Friday)], COUNT 3. Names and values are case-insensitive; an unknown
/// part, a repeated part, or a value out of range is an `RRuleError` naming the part.
public enum RRuleParser {
    /// The parts of a recurrence given as iCalendar text.
    public struct Recurrence: Sendable, Hashable {
        /// DTSTART: the first instance and the anchor of the rule (nil when the text has none).
        public var dtstart: RRuleTime?
        /// The RRULE, when there is one (a recurrence of RDATEs alone has none).
        public var rule: RRule?
        /// RDATE values: extra instances, in the order given.
        public var rdates: [RRuleTime] = []
        /// EXDATE values: instances removed, in the order given.
        public var exdates: [RRuleTime] = []
        /// The VEVENT's UID, when read from an iCalendar file.
        public var uid: String?

        /// An empty recurrence, filled in part by part.
        public init() {}
    }

    // MARK: RRULE values

    /// Reads an RRULE value (`FREQ=MONTHLY;BYDAY=-1FR`, the `RRULE:` prefix optional) and checks
    /// what RFC 5545 §3.3.10 forbids (what `flavor` forbids: dateutil's reading allows more).
    ///
    /// Throws `RRuleError` naming the part that is malformed, repeated, out of range or not allowed
    /// with the others.
    public static func rule(_ text: String, flavor: RRuleFlavor = .rfc5545) throws(RRuleError) -> RRule {
        var body = Substring(text.trimmingWhitespace())
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        guard !body.isEmpty else { throw .missing(part: "FREQ", reason: "an RRULE needs FREQ=…, e.g. FREQ=DAILY") }
        var values: [String: String] = [:]
        var order: [String] = []
        for item in body.split(separator: ";", omittingEmptySubsequences: false) {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0]).trimmingWhitespace().uppercased()
            guard pair.count == 2, !name.isEmpty else {
                throw .invalid(part: name.isEmpty ? "RRULE" : name, reason: "expected NAME=VALUE, got '\(item)'")
            }
            guard knownParts.contains(name) else {
                throw .invalid(part: name, reason: "not a rule part (RFC 5545 §3.3.10 and RFC 7529 §4: \(knownParts.joined(separator: ", ")))")
            }
            guard values[name] == nil else { throw .invalid(part: name, reason: "given twice (each rule part MUST NOT occur more than once)") }
            values[name] = String(pair[1]).trimmingWhitespace()
            order.append(name)
        }
        guard let freqText = values["FREQ"] else { throw .missing(part: "FREQ", reason: "the FREQ rule part is REQUIRED (RFC 5545 §3.3.10)") }
        guard let frequency = RRule.Frequency.allCases.first(where: { $0.name == freqText.uppercased() }) else {
            throw .invalid(part: "FREQ", reason: "'\(freqText)' is not SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY")
        }
        var rule = RRule(frequency: frequency)
        rule.flavor = flavor
        // RFC 7529 §4: RSCALE names the calendar (CLDR's calendar names, any case); SKIP goes with it only.
        var calendar: RScaleCalendar?
        if let text = values["RSCALE"] {
            guard let named = RScaleCalendar.named(text) else {
                throw .invalid(part: "RSCALE", reason: "'\(text)' is not a calendar this build supports (RFC 7529 §4: a CLDR calendar name); "
                               + "supported: \(RRule.supportedCalendars.joined(separator: ", "))")
            }
            calendar = named
            rule.rscale = named.name
        }
        if let text = values["SKIP"] {
            guard calendar != nil else {
                throw .invalid(part: "SKIP", reason: "SKIP is \"for use only when the RSCALE element is present\" (RFC 7529 §4.1); add RSCALE=GREGORIAN")
            }
            guard let skip = RRule.Skip(rawValue: text.uppercased()) else {
                throw .invalid(part: "SKIP", reason: "'\(text)' is not OMIT, BACKWARD or FORWARD (RFC 7529 §4.1)")
            }
            rule.skip = skip
        }
        if let text = values["INTERVAL"] { rule.interval = try number(text, part: "INTERVAL", in: 1...1_000_000) }
        if let text = values["COUNT"] { rule.count = try number(text, part: "COUNT", in: 1...Int(Int32.max)) }
        if let text = values["UNTIL"] {
            let time = try dateOrDateTime(text, part: "UNTIL", zone: .floating)
            if time.isDate { rule.until = .date(CivilArithmetic.floorDivMod(time.wall, 86_400).quotient) }
            else { rule.until = time.zone == .utc ? .utc(time.wall) : .local(time.wall) }
        }
        func list(_ name: String, _ range: ClosedRange<Int>, nonZero: Bool) throws(RRuleError) -> [Int] {
            guard let text = values[name] else { return [] }
            var result: [Int] = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                let value = try number(String(item), part: name, in: nonZero ? -range.upperBound...range.upperBound : range)
                if nonZero && value == 0 { throw .invalid(part: name, reason: "0 is not allowed (values are 1…\(range.upperBound) or -\(range.upperBound)…-1)") }
                result.append(value)
            }
            return result
        }
        rule.bySecond = try list("BYSECOND", 0...59, nonZero: false)
        rule.byMinute = try list("BYMINUTE", 0...59, nonZero: false)
        rule.byHour = try list("BYHOUR", 0...23, nonZero: false)
        rule.byMonthDay = try list("BYMONTHDAY", 1...31, nonZero: true)
        // RFC 7529 §4.2: a lunisolar year may have up to 385 days and 55 weeks.
        rule.byYearDay = try list("BYYEARDAY", 1...(calendar?.maxYearDays ?? 366), nonZero: true)
        rule.byWeekNo = try list("BYWEEKNO", 1...(calendar?.maxWeekNumber ?? 53), nonZero: true)
        if let text = values["BYMONTH"] {
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                let trimmed = String(item).trimmingWhitespace()
                if trimmed.uppercased().hasSuffix("L") {
                    // RFC 7529 §4.2: "5L" is the leap month after month 5 (Hebrew: Adar I).
                    guard let calendar else {
                        throw .invalid(part: "BYMONTH", reason: "'\(trimmed)' is a leap month (RFC 7529 §4.2), which needs RSCALE")
                    }
                    guard let leap = calendar.leapMonthNumbers else {
                        throw .invalid(part: "BYMONTH", reason: "'\(trimmed)': the \(calendar.name) calendar has no leap months")
                    }
                    guard let n = Int(trimmed.dropLast()), (1...12).contains(n) else {
                        throw .invalid(part: "BYMONTH", reason: "'\(trimmed)' is not a leap month (1L…12L, RFC 7529 §4.2)")
                    }
                    guard leap.contains(n) else {
                        throw .invalid(part: "BYMONTH", reason: "'\(trimmed)': the \(calendar.name) calendar's leap months are "
                                       + (leap.count == 1 ? "\(leap.lowerBound)L" : "\(leap.lowerBound)L…\(leap.upperBound)L"))
                    }
                    if !rule.byLeapMonth.contains(n) { rule.byLeapMonth.append(n) }
                } else {
                    rule.byMonth.append(try number(trimmed, part: "BYMONTH", in: 1...(calendar?.maxMonth ?? 12)))
                }
            }
        }
        rule.bySetPos = try list("BYSETPOS", 1...366, nonZero: true)
        if let text = values["BYDAY"] {
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                let upper = item.uppercased().trimmingWhitespace()
                guard upper.count >= 2, let index = RRule.weekdayCodes.firstIndex(of: String(upper.suffix(2))) else {
                    throw .invalid(part: "BYDAY", reason: "'\(item)' is not a weekday (SU, MO, TU, WE, TH, FR, SA, with an optional ordinal: -1FR, 2MO)")
                }
                let prefix = String(upper.dropLast(2))
                var ordinal: Int?
                if !prefix.isEmpty {
                    let n = try number(prefix, part: "BYDAY", in: -53...53)
                    guard n != 0 else { throw .invalid(part: "BYDAY", reason: "'\(item)': the ordinal is 1…53 or -53…-1, not 0") }
                    ordinal = n
                }
                rule.byDay.append(RRule.WeekdayNum(ordinal: ordinal, weekday: Weekday(rawValue: index + 1)!))
            }
        }
        if let text = values["WKST"] {
            guard let index = RRule.weekdayCodes.firstIndex(of: text.uppercased()) else {
                throw .invalid(part: "WKST", reason: "'\(text)' is not a weekday (SU, MO, TU, WE, TH, FR, SA)")
            }
            rule.weekStart = Weekday(rawValue: index + 1)!
        }
        try rule.validate()
        return rule
    }

    static let knownParts = ["FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY", "BYMONTHDAY",
                             "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST", "RSCALE", "SKIP"]

    static func number(_ text: String, part: String, in range: ClosedRange<Int>) throws(RRuleError) -> Int {
        let t = text.trimmingWhitespace()
        var digits = Substring(t)
        if digits.first == "+" || digits.first == "-" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(t.hasPrefix("+") ? String(t.dropFirst()) : t) else {
            throw .invalid(part: part, reason: "'\(text)' is not an integer")
        }
        guard range.contains(value) else { throw .invalid(part: part, reason: "\(value) is out of range \(range.lowerBound)…\(range.upperBound)") }
        return value
    }

    // MARK: DATE and DATE-TIME

    /// `19970902` (a DATE), `19970902T090000` (floating or in `zone`), `19970902T090000Z` (UTC).
    public static func dateOrDateTime(_ text: String, part: String, zone: RRuleTime.Zone, isDate: Bool? = nil) throws(RRuleError) -> RRuleTime {
        let t = Array(text.trimmingWhitespace().utf8)
        func digits(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard i < t.count, t[i] >= 48, t[i] <= 57 else { return nil }
                value = value * 10 + Int(t[i] - 48)
            }
            return value
        }
        let bad = RRuleError.invalid(part: part, reason: "'\(text)' is not a DATE (YYYYMMDD) or DATE-TIME (YYYYMMDDTHHMMSS, optionally ending in Z)")
        guard t.count >= 8, let year = digits(0..<4), let month = digits(4..<6), let day = digits(6..<8) else { throw bad }
        var hour = 0, minute = 0, second = 0
        var resultZone = zone
        let date: Bool
        if t.count == 8 {
            date = true
            if isDate == false { throw .invalid(part: part, reason: "'\(text)' is a DATE where a DATE-TIME is expected") }
        } else {
            guard t.count == 15 || (t.count == 16 && (t[15] == UInt8(ascii: "Z") || t[15] == UInt8(ascii: "z"))), t[8] == UInt8(ascii: "T") || t[8] == UInt8(ascii: "t"),
                  let h = digits(9..<11), let m = digits(11..<13), let s = digits(13..<15) else { throw bad }
            if isDate == true { throw .invalid(part: part, reason: "'\(text)' is a DATE-TIME where VALUE=DATE says a DATE") }
            (hour, minute, second) = (h, m, s)
            if t.count == 16 {
                if case .named(let id) = zone { throw .invalid(part: part, reason: "'\(text)' is UTC (ends in Z) but TZID=\(id) is given") }
                resultZone = .utc
            }
            date = false
        }
        if second == 60 { throw .invalid(part: part, reason: "'\(text)': a leap second (60) is not supported (POSIX time has none)") }
        do {
            let civil = try CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
            return RRuleTime(wall: civil.localSeconds, zone: resultZone, isDate: date)
        } catch {
            throw .invalid(part: part, reason: "'\(text)': \(error)")
        }
    }

    static func dateText(_ day: Int64) -> String {
        let (y, m, d) = CivilArithmetic.civilFromDays(day)
        return pad(Int(y), 4) + pad(Int(m), 2) + pad(Int(d), 2)
    }

    static func dateTimeText(_ wall: Int64) -> String {
        let (day, second) = CivilArithmetic.floorDivMod(wall, 86_400)
        return dateText(day) + "T" + pad(Int(second / 3600), 2) + pad(Int(second / 60 % 60), 2) + pad(Int(second % 60), 2)
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    // MARK: Content lines

    /// One content line (§3.1): `NAME;PARAM=VALUE;…:VALUE`, parameters possibly quoted.
    struct ContentLine {
        var name: String
        var parameters: [String: String]
        var value: String
    }

    static func contentLine(_ line: String) throws(RRuleError) -> ContentLine {
        // Read as UTF-8: the delimiters are ASCII, and the text between them is copied whole.
        var name = "", key = "", current: [UInt8] = []
        var parameters: [String: String] = [:]
        var inQuotes = false, inName = true, inValue = false
        let bytes = Array(line.utf8)
        for (index, byte) in bytes.enumerated() {
            if inQuotes {
                if byte == UInt8(ascii: "\"") { inQuotes = false } else { current.append(byte) }
            } else if byte == UInt8(ascii: "\"") {
                inQuotes = true
            } else if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
                let text = String(decoding: current, as: UTF8.self)
                if inName { name = text } else if inValue { parameters[key.uppercased()] = text } else {
                    throw .invalid(part: name.isEmpty ? "line" : name.uppercased(), reason: "a parameter without '=' in '\(line)'")
                }
                current = []; inName = false; inValue = false
                if byte == UInt8(ascii: ":") {
                    return ContentLine(name: name.uppercased().trimmingWhitespace(), parameters: parameters,
                                       value: String(decoding: bytes[(index + 1)...], as: UTF8.self))
                }
            } else if byte == UInt8(ascii: "=") && !inName && !inValue {
                key = String(decoding: current, as: UTF8.self); current = []; inValue = true
            } else {
                current.append(byte)
            }
        }
        throw .invalid(part: name.isEmpty ? line.prefix(20).uppercased() : name.uppercased(), reason: "a content line needs NAME:VALUE, got '\(line)'")
    }

    /// Joins folded lines (§3.1: "unfolding is accomplished by removing the CRLF and the linear
    /// white-space character that immediately follows"); a line ends at CRLF, LF or CR.
    static func unfold(_ text: String) -> [String] {
        var lines: [[UInt8]] = []
        let bytes = Array(text.utf8)
        var start = 0, i = 0
        func take(_ end: Int) {
            let line = bytes[start..<end]
            if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t"), !lines.isEmpty {
                lines[lines.count - 1] += line.dropFirst()
            } else {
                lines.append(Array(line))
            }
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x0A || byte == 0x0D {
                take(i)
                i += byte == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                start = i
            } else {
                i += 1
            }
        }
        take(bytes.count)
        return lines.map { String(decoding: $0, as: UTF8.self) }.filter { !$0.trimmingWhitespace().isEmpty }
    }

    /// DTSTART, RRULE, RDATE and EXDATE lines (others are an error: this is the recurrence alone).
    /// A line that is a bare rule (`FREQ=…`) is read as RRULE, in `flavor`'s reading.
    public static func recurrence(_ text: String, flavor: RRuleFlavor = .rfc5545) throws(RRuleError) -> Recurrence {
        var result = Recurrence()
        for line in unfold(text) {
            let trimmed = line.trimmingWhitespace()
            if trimmed.uppercased().hasPrefix("FREQ=") {
                guard result.rule == nil else { throw .invalid(part: "RRULE", reason: "more than one RRULE (one rule per recurrence here)") }
                result.rule = try rule(trimmed, flavor: flavor)
                continue
            }
            try add(try contentLine(trimmed), to: &result, strict: true, flavor: flavor)
        }
        return result
    }

    /// The first VEVENT of an iCalendar file (or the one whose UID is `uid`); its RRULE in `flavor`'s reading.
    public static func event(inCalendar text: String, uid: String? = nil, flavor: RRuleFlavor = .rfc5545) throws(RRuleError) -> Recurrence {
        var current: Recurrence?
        var uids: [String] = []
        // Without a UID: the one event, or the first of several VEVENTs sharing one UID (a series
        // and its changed instances); events with different UIDs are a choice to make, not to guess.
        var first: Recurrence?
        var depth = 0
        for line in unfold(text) {
            let content = try contentLine(line.trimmingWhitespace())
            let value = content.value.trimmingWhitespace().uppercased()
            if content.name == "BEGIN" {
                if value == "VEVENT" && current == nil && depth == 0 { current = Recurrence() } else if current != nil { depth += 1 }
                continue
            }
            if content.name == "END" {
                if depth > 0 { depth -= 1; continue }
                if value == "VEVENT", let event = current {
                    if let uid, event.uid == uid { return event }
                    if uid == nil, first == nil { first = event }
                    if !uids.contains(event.uid ?? "(no UID)") { uids.append(event.uid ?? "(no UID)") }
                    current = nil
                }
                continue
            }
            guard current != nil, depth == 0 else { continue }
            try add(content, to: &current!, strict: false, flavor: flavor)
        }
        if let uid { throw .missing(part: "UID", reason: "no VEVENT has UID \(uid)" + (uids.isEmpty ? "" : " (UIDs: \(uids.prefix(10).joined(separator: ", ")))")) }
        guard let first else { throw .missing(part: "VEVENT", reason: "the file has no BEGIN:VEVENT … END:VEVENT") }
        guard uids.count == 1 else {
            throw .missing(part: "UID", reason: "the file holds \(uids.count) events (UIDs: \(uids.prefix(10).joined(separator: ", "))\(uids.count > 10 ? ", …" : "")): name one by its UID")
        }
        return first
    }

    private static func add(_ line: ContentLine, to result: inout Recurrence, strict: Bool, flavor: RRuleFlavor) throws(RRuleError) {
        switch line.name {
        case "DTSTART":
            guard result.dtstart == nil else { throw .invalid(part: "DTSTART", reason: "given twice") }
            result.dtstart = try times(line, part: "DTSTART").first
        case "RRULE":
            guard result.rule == nil else { throw .invalid(part: "RRULE", reason: "more than one RRULE (one rule per recurrence here)") }
            result.rule = try rule(line.value, flavor: flavor)
        case "RDATE": result.rdates += try times(line, part: "RDATE")
        case "EXDATE": result.exdates += try times(line, part: "EXDATE")
        case "UID": result.uid = line.value.trimmingWhitespace()
        case "EXRULE":
            // Ignoring it, as other properties of an event are, would give the dates it excludes.
            throw .invalid(part: "EXRULE", reason: "not read: RFC 5545 removed EXRULE (RFC 2445 §4.8.5.2 had it); list the excluded dates as EXDATE")
        default:
            if strict {
                // A line with no name (":FREQ=…") is named by its place: "line".
                throw .invalid(part: line.name.isEmpty ? "line" : line.name, reason: "not a recurrence property (DTSTART, RRULE, RDATE, EXDATE)")
            }
        }
    }

    /// A property's values: `TZID=` names the zone, `VALUE=DATE` makes them dates, `VALUE=PERIOD`
    /// (RDATE) takes each period's start.
    static func times(_ line: ContentLine, part: String) throws(RRuleError) -> [RRuleTime] {
        var zone = RRuleTime.Zone.floating
        if let id = line.parameters["TZID"] {
            let trimmed = id.trimmingWhitespace()
            guard !trimmed.isEmpty else { throw .invalid(part: part, reason: "TZID is empty") }
            // RFC 5545 §3.2.19: a leading "/" marks a globally unique TZID; every one is dropped, so
            // the normalized line (which has none) reads back as the same zone.
            let id = String(trimmed.drop { $0 == "/" })
            guard !id.isEmpty else { throw .invalid(part: part, reason: "TZID '\(trimmed)' names no zone") }
            zone = .named(id)
        }
        let valueType = line.parameters["VALUE"]?.uppercased()
        var isDate: Bool?
        switch valueType {
        case nil: isDate = nil
        case "DATE": isDate = true
        case "DATE-TIME", "PERIOD": isDate = false
        default: throw .invalid(part: part, reason: "VALUE=\(valueType!) is not DATE, DATE-TIME or PERIOD")
        }
        if valueType == "PERIOD" && part != "RDATE" { throw .invalid(part: part, reason: "VALUE=PERIOD goes with RDATE only") }
        var result: [RRuleTime] = []
        for item in line.value.split(separator: ",") {
            let text = valueType == "PERIOD" ? String(item.split(separator: "/")[0]) : String(item)
            result.append(try dateOrDateTime(text, part: part, zone: zone, isDate: isDate))
        }
        guard !result.isEmpty else { throw .invalid(part: part, reason: "no value") }
        return result
    }
}

