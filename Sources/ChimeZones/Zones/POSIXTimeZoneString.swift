/// Parser for the POSIX TZ strings that end TZif v2+ files (RFC 8536 §3.3), e.g.
/// `EST5EDT,M3.2.0,M11.1.0`, `<+0330>-3:30`, `IST-1GMT0,M10.5.0,M3.5.0/1` (negative DST in Dublin).
///
/// POSIX offsets count hours *west* of Greenwich; `LocalTimeType.utcOffset` counts east, so `EST5` is -18000.
public enum POSIXTimeZoneString {
    /// What a footer says about every instant after the last listed transition.
    public enum Footer: Sendable, Hashable {
        /// One local time type forever (no DST), e.g. `JST-9`.
        case fixed(LocalTimeType)
        /// Alternating standard and daylight time.
        case recurring(RecurringRule)
    }

    /// Reads a TZif footer (`EST5EDT,M3.2.0,M11.1.0`); throws `ZoneError.invalidPOSIXRule` with the
    /// text and the reason.
    public static func parse(_ text: String) throws(ZoneError) -> Footer {
        var p = Parser(bytes: Array(text.utf8))
        do {
            let footer = try p.footer()
            guard p.atEnd else { throw p.fail("unexpected text after the rule") }
            return footer
        } catch let reason as Parser.Failure {
            throw .invalidPOSIXRule(text, reason.message)
        } catch {
            throw .invalidPOSIXRule(text, "\(error)")
        }
    }

    /// Whether `text` begins as a POSIX TZ rule does: an abbreviation (3+ letters, or `<…>`), then
    /// an offset (a sign or a digit). A zone id of that shape that does not parse is a rule with a
    /// fault to name (`EST25EDT`: hour 25), not a misspelt zone name.
    static func looksLikeRule(_ text: String) -> Bool {
        if text.utf8.first == UInt8(ascii: "<") { return true }     // a quoted abbreviation is a rule's alone
        var p = Parser(bytes: Array(text.utf8))
        guard (try? p.name()) != nil, let c = p.peek else { return false }
        return c == UInt8(ascii: "+") || c == UInt8(ascii: "-") || p.isDigit(c)
    }

    private struct Parser {
        struct Failure: Error { let message: String }
        let bytes: [UInt8]
        var i = 0
        var atEnd: Bool { i == bytes.count }
        var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

        func fail(_ message: String) -> Failure { Failure(message: "\(message) at byte \(i)") }

        mutating func take(_ ascii: Unicode.Scalar) -> Bool {
            guard peek == UInt8(ascii: ascii) else { return false }
            i += 1
            return true
        }

        mutating func footer() throws -> Footer {
            let stdName = try name()
            let stdOffset = -(try hms(maxHours: 24, signed: true))
            let standard = LocalTimeType(utcOffset: stdOffset, isDST: false, abbreviation: stdName)
            guard !atEnd else { return .fixed(standard) }
            let dstName = try name()
            var dstOffset = stdOffset + 3600                       // POSIX default: one hour ahead
            if let c = peek, c != UInt8(ascii: ",") { dstOffset = -(try hms(maxHours: 24, signed: true)) }
            let daylight = LocalTimeType(utcOffset: dstOffset, isDST: true, abbreviation: dstName)
            let start: RecurringRule.DateRule, end: RecurringRule.DateRule
            if take(",") {
                start = try dateRule()
                guard take(",") else { throw fail("expected ',' before the DST end rule") }
                end = try dateRule()
            } else {
                // No rule: POSIX leaves it implementation-defined; glibc and zic use the US rules.
                start = .init(day: .nthWeekday(month: 3, n: 2, weekday: .sunday), secondsOfDay: 7200, reference: .wall)
                end = .init(day: .nthWeekday(month: 11, n: 1, weekday: .sunday), secondsOfDay: 7200, reference: .wall)
            }
            return .recurring(RecurringRule(standard: standard, daylight: daylight, dstStart: start, dstEnd: end))
        }

        mutating func name() throws -> String {
            let begin: Int
            if take("<") {
                begin = i
                while let c = peek, c != UInt8(ascii: ">") {
                    guard isAlpha(c) || isDigit(c) || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") else {
                        throw fail("invalid character in quoted zone abbreviation")
                    }
                    i += 1
                }
                let end = i
                guard take(">") else { throw fail("unterminated '<' in zone abbreviation") }
                guard end - begin >= 3 else { throw fail("zone abbreviation shorter than 3 characters") }
                return String(decoding: bytes[begin..<end], as: UTF8.self)
            }
            begin = i
            while let c = peek, isAlpha(c) { i += 1 }
            guard i - begin >= 3 else { throw fail("expected a zone abbreviation of 3+ letters") }
            return String(decoding: bytes[begin..<i], as: UTF8.self)
        }

        /// `[+-]hh[:mm[:ss]]` in seconds.
        mutating func hms(maxHours: Int, signed: Bool) throws -> Int32 {
            var sign: Int32 = 1
            if signed || maxHours > 24 {
                if take("-") { sign = -1 } else { _ = take("+") }
            }
            let h = try number(maxDigits: 3)
            guard h <= maxHours else { throw fail("hour \(h) exceeds \(maxHours)") }
            var m = 0, s = 0
            if take(":") {
                m = try number(maxDigits: 2)
                guard m <= 59 else { throw fail("minute \(m) exceeds 59") }
                if take(":") {
                    s = try number(maxDigits: 2)
                    guard s <= 59 else { throw fail("second \(s) exceeds 59") }
                }
            }
            return sign * Int32(h * 3600 + m * 60 + s)
        }

        mutating func number(maxDigits: Int) throws -> Int {
            let begin = i
            var value = 0
            while let c = peek, isDigit(c), i - begin < maxDigits {
                value = value * 10 + Int(c - 48)
                i += 1
            }
            guard i > begin else { throw fail("expected a number") }
            return value
        }

        mutating func dateRule() throws -> RecurringRule.DateRule {
            let day: RecurringRule.DateRule.Day
            if take("M") {
                let month = try number(maxDigits: 2)
                guard (1...12).contains(month) else { throw fail("month \(month) outside 1-12 in Mm.w.d") }
                guard take(".") else { throw fail("expected '.' after the month in Mm.w.d") }
                let week = try number(maxDigits: 1)
                guard (1...5).contains(week) else { throw fail("week \(week) outside 1-5 in Mm.w.d") }
                guard take(".") else { throw fail("expected '.' after the week in Mm.w.d") }
                let weekday = try number(maxDigits: 1)
                guard (0...6).contains(weekday) else { throw fail("weekday \(weekday) outside 0-6 in Mm.w.d") }
                day = .nthWeekday(month: month, n: week == 5 ? -1 : week, weekday: Weekday(rawValue: weekday + 1)!)
            } else if take("J") {
                let n = try number(maxDigits: 3)
                guard (1...365).contains(n) else { throw fail("Julian day \(n) outside 1-365") }
                // Jn never counts Feb 29, so it is a fixed month/day: use a non-leap year.
                let (_, month, dom) = CivilArithmetic.civilFromDays(CivilArithmetic.daysFromCivil(year: 2001, month: 1, day: 1) + Int64(n - 1))
                day = .dayOfMonth(month: Int(month), day: Int(dom))
            } else {
                let n = try number(maxDigits: 3)
                guard (0...365).contains(n) else { throw fail("day of year \(n) outside 0-365") }
                day = .zeroBasedDayOfYear(n)
            }
            var seconds: Int32 = 7200                               // POSIX default 02:00
            if take("/") { seconds = try hms(maxHours: 167, signed: true) }
            return .init(day: day, secondsOfDay: seconds, reference: .wall)
        }

        func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 97 && (c | 0x20) <= 122 }
        func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    }
}
