/// A time zone an iCalendar file defines itself: a VTIMEZONE component (RFC 5545 §3.6.5), its
/// TZID and its observances — STANDARD and DAYLIGHT sub-components, each an offset change
/// (TZOFFSETFROM → TZOFFSETTO) at its onsets: DTSTART, a yearly RRULE's instances, RDATEs.
///
/// Outlook names its zones `Customized Time Zone` or by Windows names; such a TZID is no zone a
/// source knows, and the file's definition is the zone (`rules()`). Example (Outlook's shape):
///
/// ```
/// BEGIN:VTIMEZONE
/// TZID:Customized Time Zone
/// BEGIN:STANDARD
/// DTSTART:16010101T030000
/// TZOFFSETFROM:+0200
/// TZOFFSETTO:+0100
/// RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
/// END:STANDARD
/// BEGIN:DAYLIGHT
/// DTSTART:16010101T020000
/// TZOFFSETFROM:+0100
/// TZOFFSETTO:+0200
/// RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
/// END:DAYLIGHT
/// END:VTIMEZONE
/// ```
///
/// is +01:00 from the last Sunday of October at 03:00 (+02:00 before) and +02:00 from the last
/// Sunday of March at 02:00 (+01:00 before): 2026-03-29T01:00:00Z and 2026-10-25T01:00:00Z.
///
/// Costs are bounded: at most `zoneLimit` VTIMEZONEs a file, `observanceLimit` observances a
/// zone, `onsetLimit` onsets listed (RDATEs and the instances of rules up to the year after the
/// last irregular onset; a pair of rules without end goes on as an annual rule, not a list).
public struct VTimeZone: Sendable, Hashable {
    /// One STANDARD or DAYLIGHT sub-component: a change of offset and when it happens.
    public struct Observance: Sendable, Hashable {
        /// Which sub-component: STANDARD or DAYLIGHT.
        public enum Kind: String, Sendable, Hashable {
            /// Standard time (`BEGIN:STANDARD`).
            case standard = "STANDARD"
            /// Daylight saving time (`BEGIN:DAYLIGHT`).
            case daylight = "DAYLIGHT"
        }

        /// STANDARD or DAYLIGHT.
        public var kind: Kind
        /// DTSTART, the first onset: local seconds since 1970 on the clock in force before it
        /// (TZOFFSETFROM), as RFC 5545 §3.6.5 says.
        public var start: Int64
        /// TZOFFSETFROM: seconds east of UTC in force before each onset.
        public var offsetFrom: Int32
        /// TZOFFSETTO: seconds east of UTC in force from each onset.
        public var offsetTo: Int32
        /// TZNAME (the first, when several): the abbreviation, e.g. `CET`.
        public var name: String?
        /// The RRULE whose instances (from DTSTART) are onsets, if any.
        public var rule: RRule?
        /// RDATE values: more onsets, local (in TZOFFSETFROM) unless UTC.
        public var rdates: [RRuleTime] = []
    }

    /// TZID: the name DTSTART;TZID=… refers to.
    public let identifier: String
    /// The STANDARD and DAYLIGHT sub-components, in file order.
    public let observances: [Observance]

    /// The most VTIMEZONE components read from one file.
    public static let zoneLimit = 1_000
    /// The most STANDARD and DAYLIGHT sub-components one VTIMEZONE may have.
    public static let observanceLimit = 1_000
    /// The longest TZID read, in UTF-8 bytes (it names the zone in every answer).
    public static let longestIdentifier = 255
    /// The most onsets a zone lists (DTSTARTs, RDATEs and rules' instances up to the year after
    /// the last irregular onset).
    public static let onsetLimit = 100_000

    /// A zone from its parts.
    public init(identifier: String, observances: [Observance]) {
        self.identifier = identifier
        self.observances = observances
    }

    /// The VTIMEZONE components of an iCalendar file, in file order (other components skipped).
    ///
    /// Throws `RRuleError` naming the property at fault (`TZID`, `DTSTART`, `TZOFFSETFROM`,
    /// `TZOFFSETTO`, `RRULE`, `RDATE`, `VTIMEZONE`) and the zone and observance it is in: a
    /// missing or malformed one, a zone without observances, two zones with one TZID, a limit passed.
    public static func all(inCalendar text: String) throws(RRuleError) -> [VTimeZone] {
        var zones: [VTimeZone] = []
        var reader: Reader?
        var skipped = 0                                   // depth inside a component not read here
        for line in RRuleParser.unfold(text) {
            let content = try RRuleParser.contentLine(line.trimmingWhitespace())
            let value = content.value.trimmingWhitespace().uppercased()
            if content.name == "BEGIN" {
                if skipped > 0 { skipped += 1 } else if reader == nil {
                    if value == "VTIMEZONE" {
                        guard zones.count < zoneLimit else { throw .invalid(part: "VTIMEZONE", reason: "more than \(zoneLimit) VTIMEZONE components in one file") }
                        reader = Reader()
                    } else if value != "VCALENDAR" { skipped = 1 }
                } else if let kind = Observance.Kind(rawValue: value), reader!.current == nil {
                    try reader!.begin(kind)
                } else {
                    skipped = 1                            // X- components inside a VTIMEZONE
                }
                continue
            }
            if content.name == "END" {
                if skipped > 0 { skipped -= 1; continue }
                guard var open = reader else { continue }
                if let current = open.current {
                    guard value == current.kind.rawValue else {
                        throw .invalid(part: "VTIMEZONE", reason: "END:\(value) inside \(open.context(current)), which ends with END:\(current.kind.rawValue)")
                    }
                    try open.end()
                    reader = open
                } else {
                    guard value == "VTIMEZONE" else { throw .invalid(part: "VTIMEZONE", reason: "END:\(value) inside \(open.name), which ends with END:VTIMEZONE") }
                    let zone = try open.zone()
                    guard !zones.contains(where: { $0.identifier == zone.identifier }) else {
                        throw .invalid(part: "TZID", reason: "two VTIMEZONE components have TZID '\(zone.identifier)' (RFC 5545 §3.6.5: one definition a TZID)")
                    }
                    zones.append(zone)
                    reader = nil
                }
                continue
            }
            guard skipped == 0, reader != nil else { continue }
            try reader!.add(content)
        }
        if let open = reader { throw .missing(part: "VTIMEZONE", reason: "\(open.name) has no END:VTIMEZONE") }
        return zones
    }

    /// The VTIMEZONE of the file whose TZID is `identifier`, if it has one (a leading "/" is
    /// dropped on both sides, as DTSTART's TZID drops it).
    public static func named(_ identifier: String, inCalendar text: String) throws(RRuleError) -> VTimeZone? {
        try all(inCalendar: text).first { String($0.identifier.drop { $0 == "/" }) == identifier }
    }

    /// Reads one VTIMEZONE, line by line.
    private struct Reader {
        var identifier: String?
        var observances: [Observance] = []
        var current: Partial?
        var rdateCount = 0

        struct Partial {
            let kind: Observance.Kind
            let position: Int
            var start: Int64?, offsetFrom: Int32?, offsetTo: Int32?, name: String?, rule: RRule?
            var rdates: [RRuleTime] = []
        }

        var name: String { identifier.map { "VTIMEZONE '\(ControlCharacters.escaped(String($0.prefix(80))))'" } ?? "a VTIMEZONE" }

        func context(_ p: Partial) -> String { "the \(p.kind.rawValue) observance #\(p.position) of \(name)" }

        mutating func begin(_ kind: Observance.Kind) throws(RRuleError) {
            guard observances.count < VTimeZone.observanceLimit else {
                throw .invalid(part: "VTIMEZONE", reason: "\(name) has more than \(VTimeZone.observanceLimit) STANDARD and DAYLIGHT components")
            }
            current = Partial(kind: kind, position: observances.count + 1)
        }

        mutating func add(_ line: RRuleParser.ContentLine) throws(RRuleError) {
            guard var p = current else {
                if line.name == "TZID" {
                    guard identifier == nil else { throw .invalid(part: "TZID", reason: "given twice in \(name)") }
                    let id = Self.unescaped(line.value.trimmingWhitespace())
                    guard !id.isEmpty else { throw .invalid(part: "TZID", reason: "empty in a VTIMEZONE") }
                    // The TZID becomes the zone's name in every answer: printable, and short.
                    guard !ControlCharacters.occur(in: id), id.utf8.count <= VTimeZone.longestIdentifier else {
                        throw .invalid(part: "TZID", reason: "'\(ControlCharacters.escaped(String(id.prefix(80))))' (\(id.utf8.count) bytes) is not a zone name: "
                                       + "control characters, or more than \(VTimeZone.longestIdentifier) bytes")
                    }
                    identifier = id
                }
                return                                    // TZURL, LAST-MODIFIED, X-LIC-LOCATION, …
            }
            func once<T>(_ value: T?) throws(RRuleError) { if value != nil { throw .invalid(part: line.name, reason: "given twice in \(context(p))") } }
            switch line.name {
            case "DTSTART":
                try once(p.start)
                let time = try RRuleParser.dateOrDateTime(line.value, part: "DTSTART", zone: .floating)
                guard time.zone != .utc else {
                    throw .invalid(part: "DTSTART", reason: "'\(line.value)' in \(context(p)) is UTC: an observance's DTSTART is a local time (RFC 5545 §3.6.5)")
                }
                p.start = time.wall
            case "TZOFFSETFROM":
                try once(p.offsetFrom)
                p.offsetFrom = try offset(line.value, part: line.name, p)
            case "TZOFFSETTO":
                try once(p.offsetTo)
                p.offsetTo = try offset(line.value, part: line.name, p)
            case "TZNAME":
                if p.name == nil { p.name = line.value.trimmingWhitespace() }
            case "RRULE":
                try once(p.rule)
                do { p.rule = try RRuleParser.rule(line.value) } catch { throw .invalid(part: "RRULE", reason: "\(error.description) (in \(context(p)))") }
            case "RDATE":
                let times = try RRuleParser.times(line, part: "RDATE")
                rdateCount += times.count
                guard rdateCount <= VTimeZone.onsetLimit else {
                    throw .invalid(part: "RDATE", reason: "\(name) has more than \(VTimeZone.onsetLimit) RDATE values")
                }
                p.rdates += times
            default: break                                // COMMENT, X- properties
            }
            current = p
        }

        /// A TEXT value without its escapes (RFC 5545 §3.3.11: `\\,` `\\;` `\\\\` `\\n`): Outlook's
        /// `TZID:(UTC+10:00) Canberra\\, Melbourne\\, Sydney` is the zone DTSTART's quoted
        /// `TZID="(UTC+10:00) Canberra, Melbourne, Sydney"` names.
        static func unescaped(_ text: String) -> String {
            guard text.contains("\\") else { return text }
            var result = "", escaping = false
            for c in text {
                if escaping {
                    result.append(c == "n" || c == "N" ? "\n" : c)
                    escaping = false
                } else if c == "\\" { escaping = true } else { result.append(c) }
            }
            return result
        }

        func offset(_ text: String, part: String, _ p: Partial) throws(RRuleError) -> Int32 {
            guard let seconds = VTimeZone.utcOffset(text) else {
                throw .invalid(part: part, reason: "'\(text)' in \(context(p)) is not a UTC offset (±HHMM or ±HHMMSS, hours 00–23, RFC 5545 §3.3.14)")
            }
            return seconds
        }

        mutating func end() throws(RRuleError) {
            let p = current!
            func missing(_ part: String, _ example: String) -> RRuleError {
                .missing(part: part, reason: "\(context(p)) has no \(part) (RFC 5545 §3.6.5 requires it, e.g. \(example))")
            }
            guard let start = p.start else { throw missing("DTSTART", "DTSTART:19671029T020000") }
            guard let from = p.offsetFrom else { throw missing("TZOFFSETFROM", "TZOFFSETFROM:-0400") }
            guard let to = p.offsetTo else { throw missing("TZOFFSETTO", "TZOFFSETTO:-0500") }
            observances.append(Observance(kind: p.kind, start: start, offsetFrom: from, offsetTo: to, name: p.name, rule: p.rule, rdates: p.rdates))
            current = nil
        }

        func zone() throws(RRuleError) -> VTimeZone {
            guard let identifier else { throw .missing(part: "TZID", reason: "a VTIMEZONE has no TZID (RFC 5545 §3.6.5 requires it)") }
            guard !observances.isEmpty else {
                throw .missing(part: "VTIMEZONE", reason: "\(name) has no STANDARD or DAYLIGHT component (RFC 5545 §3.6.5 requires one)")
            }
            return VTimeZone(identifier: identifier, observances: observances)
        }
    }

    /// `+0100`, `-0530`, `+013045` (RFC 5545 §3.3.14 UTC-OFFSET) in seconds east of UTC; nil when
    /// malformed. `-0000`, which the RFC forbids, is read as 0 (python's icalendar and libical do).
    static func utcOffset(_ text: String) -> Int32? {
        let t = Array(text.trimmingWhitespace().utf8)
        guard t.count == 5 || t.count == 7, t[0] == UInt8(ascii: "+") || t[0] == UInt8(ascii: "-"),
              t.dropFirst().allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        func two(_ i: Int) -> Int32 { Int32(t[i] - 48) * 10 + Int32(t[i + 1] - 48) }
        let (h, m, s) = (two(1), two(3), t.count == 7 ? two(5) : 0)
        guard h <= 23, m <= 59, s <= 59 else { return nil }
        return (t[0] == UInt8(ascii: "-") ? -1 : 1) * (h * 3600 + m * 60 + s)
    }
}
