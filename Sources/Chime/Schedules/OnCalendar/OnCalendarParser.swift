/// Reads systemd `OnCalendar=` expressions (systemd.time(7), "Calendar Events") into an
/// `OnCalendarSpec`, accepting what systemd 252's `calendar_spec_from_string` accepts:
///
/// - `[WEEKDAYS] [DATE] [TIME] [ZONE]`: weekdays `Mon`, `Monday`, lists `Mon,Wed`, ranges
///   `Mon..Fri` (and the older `Mon-Fri`); a date `YYYY-MM-DD` or `MM-DD` (`~` instead of the last
///   `-` counts days from the month's end); a time `HH:MM[:SS[.ffffff]]`; either part may be left
///   out (no date: every day; no time: 00:00:00).
/// - Each component: `*`, a value, a list `1,15`, a range `9..17`, a repetition `0/15` or
///   `9..17/2`; seconds may have up to six decimals (`*:*:0/0.5`).
/// - A trailing ` UTC` (any case) or IANA zone (` Europe/Berlin`) sets the zone.
/// - The shorthands `minutely`, `hourly`, `daily`, `weekly`, `monthly`, `yearly`/`annually`,
///   `quarterly`, `semiannually` (also `semi-annually`, `biannually`, `bi-annually`).
/// - `@EPOCH`: one instant (seconds since 1970, UTC).
///
/// Not supported: a trailing local zone abbreviation (`… EST`), which systemd reads from the
/// machine's own zone; name the zone instead.
public enum OnCalendarParser {
    /// `isZone` answers whether a trailing word names a zone (the caller's zone database).
    public static func parse(_ expression: String, isZone: (String) -> Bool) throws(OnCalendarError) -> OnCalendarSpec {
        var bytes = Array(expression.utf8)
        if let bad = bytes.firstIndex(where: { $0 >= 0x80 }) { throw .nonASCII(position: bad + 1) }
        var zone: String?
        var unknownZone: (word: String, position: Int)?
        // " UTC" at the end, any case; else the last word if it names a zone.
        if bytes.count > 4, String(decoding: bytes.suffix(4), as: UTF8.self).lowercased() == " utc" {
            zone = "UTC"
            bytes.removeLast(4)
        } else if let space = bytes.lastIndex(of: UInt8(ascii: " ")) {
            let word = String(decoding: bytes[(space + 1)...], as: UTF8.self)
            // Every zone id has a letter (`UTC`, `Etc/GMT+5`, `GMT+05:30`, Windows names); a word
            // without one (`09:00`, `*-*-*`) is not looked up, which for an unknown id costs a
            // search for the nearest names (~0.3 ms: most of decoding `*-*-* 12:27`).
            if word.contains(where: \.isLetter) && isZone(word) {
                zone = word
                bytes.removeSubrange(space...)
            } else if word.contains("/") && word.contains(where: \.isLetter) {
                // Shaped like an IANA id (`Area/City`), which the grammar has nowhere else.
                unknownZone = (word, space + 2)
            }
        }
        if bytes.isEmpty { throw .empty }
        var reader = Reader(bytes: bytes)
        do {
            return try reader.parse(zone: zone)
        } catch {
            // `*-*-* 02:30 Mars/Olympus`: say the zone is unknown, not that a space is unexpected.
            if let unknownZone { throw .unknownZone(unknownZone.word, position: unknownZone.position) }
            throw error
        }
    }

    struct Reader {
        let bytes: [UInt8]
        var i = 0

        var current: UInt8 { i < bytes.count ? bytes[i] : 0 }
        func at(_ k: Int) -> UInt8 { k < bytes.count ? bytes[k] : 0 }
        var rest: String { String(decoding: bytes[min(i, bytes.count)...].prefix(12), as: UTF8.self) }
        func char(_ k: Int) -> String { k < bytes.count ? String(UnicodeScalar(bytes[k])) : "" }

        mutating func parse(zone: String?) throws(OnCalendarError) -> OnCalendarSpec {
            let whole = String(decoding: bytes, as: UTF8.self).lowercased()
            typealias I = OnCalendarSpec.Item
            let zero = [I(start: 0)]
            func make(_ weekdays: UInt8? = nil, month: [I]? = nil, day: [I]? = nil, hour: [I]? = nil, minute: [I]? = nil) -> OnCalendarSpec {
                OnCalendarSpec(weekdays: weekdays, year: nil, month: month, day: day, hour: hour, minute: minute, microsecond: zero,
                               endOfMonth: false, zone: zone)
            }
            switch whole {
            case "minutely": return make()
            case "hourly": return make(minute: zero)
            case "daily": return make(hour: zero, minute: zero)
            case "monthly": return make(day: [I(start: 1)], hour: zero, minute: zero)
            case "annually", "yearly", "anually": return make(month: [I(start: 1)], day: [I(start: 1)], hour: zero, minute: zero)
            case "weekly": return make(1, hour: zero, minute: zero)
            case "quarterly": return make(month: [1, 4, 7, 10].map { I(start: $0) }, day: [I(start: 1)], hour: zero, minute: zero)
            case "biannually", "bi-annually", "semiannually", "semi-annually":
                return make(month: [I(start: 1), I(start: 7)], day: [I(start: 1)], hour: zero, minute: zero)
            default: break
            }
            let weekdays = try parseWeekdays()
            var year: [I]?, month: [I]?, day: [I]?, endOfMonth = false
            var hour: [I]? = zero, minute: [I]? = zero, second: [I] = zero
            var positions = (year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0)
            if current == UInt8(ascii: "@") {
                (year, month, day, hour, minute, second) = try parseEpoch()
                guard i == bytes.count else { throw .unexpected(found: rest, expected: "the end after @EPOCH", position: i + 1) }
                return OnCalendarSpec(weekdays: weekdays, year: year, month: month, day: day, hour: hour, minute: minute,
                                      microsecond: second, endOfMonth: false, zone: "UTC")
            }
            // The date: one chain followed by ':' or the end was a time; rewind.
            if i < bytes.count {
                let mark = i
                let first = try chain(seconds: false)
                if current == 0 || current == UInt8(ascii: ":") {
                    i = mark
                } else {
                    guard current == UInt8(ascii: "-") || current == UInt8(ascii: "~") else {
                        throw .unexpected(found: char(i), expected: "'-' or '~' in a date, or ':' in a time", position: i + 1)
                    }
                    if current == UInt8(ascii: "~") { endOfMonth = true }
                    let tildeAt = i
                    i += 1
                    let secondAt = i
                    let second = try chain(seconds: false)
                    if current == 0 || current == UInt8(ascii: " ") {
                        (month, day) = (first, second)
                        positions.month = mark + 1; positions.day = secondAt + 1
                    } else {
                        if endOfMonth { throw .endOfMonthWithYear(position: tildeAt + 1) }
                        guard current == UInt8(ascii: "-") || current == UInt8(ascii: "~") else {
                            throw .unexpected(found: char(i), expected: "'-' or '~' before the day", position: i + 1)
                        }
                        if current == UInt8(ascii: "~") { endOfMonth = true }
                        i += 1
                        let thirdAt = i
                        let third = try chain(seconds: false)
                        guard current == 0 || current == UInt8(ascii: " ") else {
                            throw .unexpected(found: char(i), expected: "a space or the end after the date", position: i + 1)
                        }
                        (year, month, day) = (first, second, third)
                        positions.year = mark + 1; positions.month = secondAt + 1; positions.day = thirdAt + 1
                    }
                    while current == UInt8(ascii: " ") { i += 1 }
                }
            }
            // The time: HH:MM[:SS]; nothing left means 00:00:00.
            if i < bytes.count {
                positions.hour = i + 1
                hour = try chain(seconds: false)
                guard current == UInt8(ascii: ":") else { throw .unexpected(found: char(i), expected: "':' after the hour", position: i + 1) }
                i += 1
                positions.minute = i + 1
                minute = try chain(seconds: false)
                if i < bytes.count {
                    guard current == UInt8(ascii: ":") else { throw .unexpected(found: char(i), expected: "':' after the minute, or the end", position: i + 1) }
                    i += 1
                    positions.second = i + 1
                    second = try chain(seconds: true) ?? zero
                    guard i == bytes.count else { throw .unexpected(found: char(i), expected: "the end after the seconds", position: i + 1) }
                }
            }
            // Two-digit years: 0–69 → 2000s, 70–99 → 1900s.
            year = year?.map { item in
                func widen(_ v: Int) -> Int { v >= 0 && v < 70 ? v + 2000 : (v >= 70 && v < 100 ? v + 1900 : v) }
                return I(start: widen(item.start), stop: widen(item.stop), repeat_: item.repeat_)
            }
            let spec = OnCalendarSpec(weekdays: weekdays, year: year, month: month, day: day, hour: hour, minute: minute,
                                      microsecond: second, endOfMonth: endOfMonth, zone: zone)
            try Self.validate(spec.year, "year", 1970, 2199, false, positions.year)
            try Self.validate(spec.month, "month", 1, 12, false, positions.month)
            try Self.validate(spec.day, "day", 1, 31, spec.endOfMonth, positions.day)
            try Self.validate(spec.hour, "hour", 0, 23, false, positions.hour)
            try Self.validate(spec.minute, "minute", 0, 59, false, positions.minute)
            try Self.validate(spec.microsecond, "second", 0, 60 * 1_000_000 - 1, false, positions.second)
            return spec
        }

        /// systemd's `chain_valid`: values within the range, repetitions short enough to repeat.
        static func validate(_ items: [OnCalendarSpec.Item]?, _ field: String, _ from: Int, _ to: Int, _ endOfMonth: Bool,
                             _ position: Int) throws(OnCalendarError) {
            guard let items else { return }
            let to = endOfMonth ? to - 3 : to
            let scale = field == "second" ? 1_000_000 : 1
            func show(_ v: Int) -> String { scale == 1 ? String(v) : (v % scale == 0 ? String(v / scale) : "\(v / scale).\(ISO8601Format.pad(v % scale, 6))") }
            let allowed = endOfMonth ? "days from the month's end run 1–28" : field == "second" ? "0–59.999999" : "\(from)–\(to)"
            for item in items {
                let text = show(item.start) + (item.stop >= 0 ? ".." + show(item.stop) : "") + (item.repeat_ > 0 ? "/" + show(item.repeat_) : "")
                guard item.start >= from && item.start <= to else { throw .outOfRange(field: field, text: text, allowed: allowed, position: position) }
                guard item.repeat_ <= to - from else {
                    throw .outOfRange(field: field, text: text, allowed: "a repetition longer than the \(field)'s whole range", position: position)
                }
                if item.stop >= 0 {
                    guard item.stop >= from && item.stop <= to else { throw .outOfRange(field: field, text: text, allowed: allowed, position: position) }
                    guard item.start + item.repeat_ <= item.stop else {
                        throw .outOfRange(field: field, text: text, allowed: "a range must run forward and hold at least one repetition", position: position)
                    }
                } else if endOfMonth ? item.start - item.repeat_ < from : item.start + item.repeat_ > to {
                    throw .outOfRange(field: field, text: text, allowed: "the repetition must fit at least once within \(allowed)", position: position)
                }
            }
        }

        static let weekdayTable: [(String, Int)] = [
            ("monday", 0), ("mon", 0), ("tuesday", 1), ("tue", 1), ("wednesday", 2), ("wed", 2), ("thursday", 3), ("thu", 3),
            ("friday", 4), ("fri", 4), ("saturday", 5), ("sat", 5), ("sunday", 6), ("sun", 6),
        ]

        /// systemd's `parse_weekdays`: nil when the expression does not start with a weekday.
        mutating func parseWeekdays() throws(OnCalendarError) -> UInt8? {
            var bits: UInt8 = 0
            var rangeStart = -1, rangeAt = 0
            var first = true
            while true {
                let start = i
                var matched: (name: String, number: Int)?
                for (name, number) in Self.weekdayTable {
                    let n = name.utf8.count
                    if i + n <= bytes.count, String(decoding: bytes[i..<(i + n)], as: UTF8.self).lowercased() == name {
                        matched = (name, number); break
                    }
                }
                guard let matched else {
                    if first { return nil }
                    let word = String(decoding: bytes[i...].prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: ",") }, as: UTF8.self)
                    throw .unknownWeekday(word, position: i + 1)
                }
                i += matched.name.utf8.count
                guard [0, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: " ")].contains(current) else {
                    let word = String(decoding: bytes[start...].prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: ".") }, as: UTF8.self)
                    throw .unknownWeekday(word, position: start + 1)
                }
                bits |= 1 << matched.number
                if rangeStart >= 0 {
                    if rangeStart > matched.number {
                        throw .weekdayRangeBackwards(String(decoding: bytes[rangeAt..<i], as: UTF8.self), position: rangeAt + 1)
                    }
                    for j in rangeStart...matched.number { bits |= 1 << j }
                    rangeStart = -1
                }
                if current == 0 { return bits }
                if current == UInt8(ascii: " ") {
                    while current == UInt8(ascii: " ") { i += 1 }
                    return bits
                }
                if current == UInt8(ascii: ".") {
                    guard at(i + 1) == UInt8(ascii: "."), rangeStart < 0 else {
                        throw .unexpected(found: char(i), expected: "'..' between two weekdays", position: i + 1)
                    }
                    rangeStart = matched.number; rangeAt = start
                    i += 2
                } else if current == UInt8(ascii: "-") {
                    rangeStart = matched.number; rangeAt = start
                    i += 1
                } else if current == UInt8(ascii: ",") {
                    i += 1
                }
                if current == 0 || current == UInt8(ascii: " ") {
                    guard rangeStart < 0 else { throw .unexpected(found: "", expected: "a weekday to end the range", position: i + 1) }
                    while current == UInt8(ascii: " ") { i += 1 }
                    return bits
                }
                first = false
            }
        }

        /// `*`, or a list of values, ranges and repetitions (systemd's `parse_chain`).
        mutating func chain(seconds: Bool) throws(OnCalendarError) -> [OnCalendarSpec.Item]? {
            if current == UInt8(ascii: "*") {
                i += 1
                if seconds { return [OnCalendarSpec.Item(start: 0, repeat_: 1_000_000)] }
                return nil
            }
            var items: [OnCalendarSpec.Item] = []
            while true {
                let itemStart = i
                let start = try number(seconds: seconds)
                var stop = -1, repeat_ = 0
                if current == UInt8(ascii: "."), at(i + 1) == UInt8(ascii: ".") {
                    i += 2
                    stop = try number(seconds: seconds)
                    repeat_ = seconds ? 1_000_000 : 1
                    // systemd refuses a seconds range that spans less than its one-second step
                    // (`05.5..05.7`, `00..00`: "Invalid argument", systemd-analyze 252), where other
                    // fields' `5..5` is the one value; with an explicit `/` it trims instead.
                    if seconds, stop < start + 1_000_000, current != UInt8(ascii: "/") {
                        throw .outOfRange(field: "second", text: String(decoding: bytes[itemStart..<i], as: UTF8.self),
                                          allowed: "a range of seconds spanning at least one second", position: itemStart + 1)
                    }
                }
                if current == UInt8(ascii: "/") {
                    i += 1
                    let at = i
                    repeat_ = try number(seconds: seconds)
                    if repeat_ == 0 { throw .badNumber("0", reason: "a repetition of 0 never advances", position: at + 1) }
                }
                guard [0, UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "~"), UInt8(ascii: ":")].contains(current) else {
                    throw .unexpected(found: char(i), expected: "',', '..', '/' or the next field", position: i + 1)
                }
                items.append(OnCalendarSpec.Item(start: start, stop: stop, repeat_: repeat_))
                if current != UInt8(ascii: ",") { return items }
                i += 1
            }
        }

        /// A decimal number; for seconds, in microseconds with up to six decimals (a seventh
        /// rounds half up, more are ignored: systemd's `parse_fractional_part_u`).
        mutating func number(seconds: Bool) throws(OnCalendarError) -> Int {
            let start = i
            guard current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9") else {
                throw .unexpected(found: char(i), expected: "a number or '*'", position: i + 1)
            }
            var value = 0
            while current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9") {
                let (v, o1) = value.multipliedReportingOverflow(by: 10)
                let (w, o2) = v.addingReportingOverflow(Int(current - UInt8(ascii: "0")))
                if o1 || o2 || w > Int(Int32.max) {
                    throw .badNumber(String(decoding: bytes[start...].prefix { $0 >= 48 && $0 <= 57 }, as: UTF8.self), reason: "too large", position: start + 1)
                }
                value = w
                i += 1
            }
            guard seconds else { return value }
            value *= 1_000_000
            if current == UInt8(ascii: "."), at(i + 1) != UInt8(ascii: ".") {
                i += 1
                guard current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9") else {
                    throw .unexpected(found: char(i), expected: "a digit after the decimal point", position: i + 1)
                }
                var fraction = 0, digits = 0
                while digits < 6 && current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9") {
                    fraction = fraction * 10 + Int(current - UInt8(ascii: "0")); digits += 1; i += 1
                }
                while digits < 6 { fraction *= 10; digits += 1 }
                if current >= UInt8(ascii: "5") && current <= UInt8(ascii: "9") { fraction += 1 }
                while current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9") { i += 1 }
                value += fraction
            }
            if value > Int(Int32.max) { throw .badNumber(String(decoding: bytes[start..<i], as: UTF8.self), reason: "too large", position: start + 1) }
            return value
        }

        /// `@EPOCH`: that instant's UTC fields as single values.
        mutating func parseEpoch() throws(OnCalendarError) -> ([OnCalendarSpec.Item]?, [OnCalendarSpec.Item]?, [OnCalendarSpec.Item]?,
                                                              [OnCalendarSpec.Item]?, [OnCalendarSpec.Item]?, [OnCalendarSpec.Item]) {
            i += 1
            let at = i
            let seconds = try number(seconds: false)
            let local = CivilDateTime(localSeconds: Int64(seconds), nanosecond: 0)
            func one(_ v: Int) -> [OnCalendarSpec.Item] { [OnCalendarSpec.Item(start: v)] }
            guard local.year <= 2199 else { throw .outOfRange(field: "year", text: String(local.year), allowed: "1970–2199", position: at) }
            return (one(local.year), one(local.month), one(local.day), one(local.hour), one(local.minute), one(local.second * 1_000_000))
        }
    }
}
