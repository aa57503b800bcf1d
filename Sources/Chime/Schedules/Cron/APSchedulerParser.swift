/// Reads a crontab line as APScheduler's `CronTrigger.from_crontab` does, for the `apscheduler3`
/// (APScheduler 3.11) and `apscheduler` (APScheduler 4.0.0a6) flavors, into a `CronExpression`
/// that `APSchedulerWalk` searches. Its own type because APScheduler's grammar shares little
/// with Vixie's or croniter's: every element is tried against a list of regular expressions, in
/// order, per field (`apscheduler/triggers/cron/fields.py`, `BaseField.compile_expression` /
/// `append_expression`; `expressions.py`, the `value_re` of each expression class):
///
/// - the line is split on whitespace (`expr.split()`) into exactly 5 fields, minute hour
///   day-of-month month day-of-week (`from_crontab`); each field on commas;
/// - `*` and `*/S` (`AllExpression`, anchored): S ≥ 1 and at most the field's max − min
///   (minute 59, hour 23, day 30, month 11, day-of-week 6 in 3.x, 7 in 4);
/// - `N`, `N-M`, `N-M/S`, `N/S` (= N…max/S) (`RangeExpression`, anchored): N ≥ min, M ≤ max,
///   N ≤ M, S ≥ 1, and S at most `(M or max) − N` — so `3-3/1` and `59/5` are errors (a
///   step wider than its range), `0-0/5` is just 0 (`M` 0 counts as "no M" there);
/// - month: names `jan`…`dec` in any case, `NAME` or `NAME-NAME` (`MonthRangeExpression`). Its
///   pattern is not anchored at the end: text after the matched name(s) is ignored (`jan/2` is
///   January, `jan-5` is January), and the letters are read greedily (`janx` is an unknown name);
/// - day-of-month: `last` (the month's last day; the pattern is `last`, case-insensitive and not
///   anchored, so any element that starts with it is `last`). The `1st mon`/`last fri` forms of
///   `WeekdayPositionExpression` need a space, which `from_crontab` has already split on: they
///   cannot be written in a crontab line (either version);
/// - day-of-week, names `mon`…`sun`, `NAME` or `NAME-NAME`, the rest of the element ignored
///   (`WeekdayRangeExpression`). Numbers differ by version:
///   - 3.x: 0 = Monday … 6 = Sunday (`from_crontab` does not convert; its docstring's warning
///     says so), ranges must not run backwards, 7 is an error;
///   - 4: `DayOfWeekField.append_expression` rewrites a numeric `N`, `N-M` or `N-M/S` to names
///     first, 0 and 7 Sunday, 1 Monday (cron's numbering): N becomes the (N−1)th name (−1 → Sunday),
///     **dropping any step** (`1-5/2` is Monday to Friday), 8 or more fails (an IndexError), and a
///     range whose first day comes after its last (`fri-mon`, `5-1`, `0-6` = `sun-sat`) is split
///     into `mon-LAST` and `FIRST-sun`; so `0-7` is `sun-sun`, Sunday alone. `*/S` stays a step
///     over 0…7 (Monday-based: `*/2` is Monday, Wednesday, Friday, Sunday);
/// - day-of-month and day-of-week must both hold (no Vixie OR). The second is always 0.
///
/// Digits are any Unicode decimal digit, as Python's `\d` and `int()` read them (`٣` is 3), and
/// `[a-z]` with IGNORECASE also matches four non-ASCII letters (`İ`, `ı`, `ſ`, `K`), as in Python.
///
/// Example: `0 9 * * 0` is 09:00 every Monday under `apscheduler3` and every Sunday under
/// `apscheduler`.
enum APSchedulerParser {
    /// Whose day-of-week rules: the one field the versions read differently (above).
    enum Version: Sendable {
        /// 3.x: 0 = Monday … 6 = Sunday.
        case three
        /// 4: cron's numbers, rewritten to names (`DayOfWeekField.append_expression`).
        case four
    }

    /// APScheduler's `MIN_VALUES`/`MAX_VALUES` (day-of-week max 6 in 3.x, 7 in 4).
    static func bounds(_ field: CronField, version: Version) -> ClosedRange<Int> {
        switch field {
        case .minute, .second: 0...59
        case .hour: 0...23
        case .dayOfMonth: 1...31
        case .month: 1...12
        case .dayOfWeek:
            switch version {
            case .three: 0...6
            case .four: 0...7
            }
        case .year: 1970...9999
        }
    }

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    /// APScheduler's `WEEKDAYS`: Monday first.
    static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    static func parse(_ text: String, flavor: CronFlavor, version: Version) throws(CronError) -> CronExpression {
        // `expr.split()`: Python's whitespace (str.isspace), columns counted in Unicode scalars.
        var fields: [(text: String, column: Int)] = []
        var current = "", start = 0, column = 0
        for scalar in text.unicodeScalars {
            column += 1
            if isPythonSpace(scalar) {
                if !current.isEmpty { fields.append((current, start)); current = "" }
            } else {
                if current.isEmpty { start = column }
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { fields.append((current, start)) }
        if fields.isEmpty { throw .empty }
        guard fields.count == 5 else { throw .fieldCount(got: fields.count, expected: [5], flavor: flavor) }
        let layout: [CronField] = [.minute, .hour, .dayOfMonth, .month, .dayOfWeek]
        var e = CronExpression(flavor: flavor, text: text, normalized: fields.map(\.text).joined(separator: " "))
        for (index, field) in layout.enumerated() {
            var bits: UInt64 = 0, last = false
            var offset = 0
            // `SEPARATOR = re.compile(" *, *")`: the field has no spaces left, so commas alone.
            for element in fields[index].text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                let context = Element(field: field, number: index + 1, column: fields[index].column + offset, text: element, version: version)
                offset += element.unicodeScalars.count + 1
                try context.read(into: &bits, last: &last)
            }
            switch field {
            case .minute: e.minutes = bits
            case .hour: e.hours = bits
            case .dayOfMonth: e.daysOfMonth = bits; e.lastDayOfMonth = last
            case .month: e.months = bits
            default:
                // Stored Sunday-based like every flavor (bit 0 Sunday): APScheduler's Monday-based
                // value v (0 = Monday … 6 = Sunday; 7 in 4 is no weekday) is bit (v + 1) % 7.
                var sunday: UInt64 = 0
                for v in 0...6 where bits & (1 << UInt64(v)) != 0 { sunday |= 1 << UInt64((v + 1) % 7) }
                e.weekdays = sunday
            }
        }
        e.seconds = 1
        e.dayRule = .and
        return e
    }

    /// Python's `str.isspace()` for what `str.split()` splits on.
    static func isPythonSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09...0x0D, 0x1C...0x20, 0x85, 0xA0: return true
        default: return s.properties.isWhitespace
        }
    }

    /// One comma-separated element of a field, with where it starts.
    struct Element {
        let field: CronField
        let number: Int
        let column: Int
        let text: String
        let version: Version

        var range: ClosedRange<Int> { APSchedulerParser.bounds(field, version: version) }

        func fail(_ reason: String) -> CronError {
            .badValue(field: number, name: field.name, column: column, text: text, reason: reason)
        }

        /// Tries APScheduler's expression classes for the field in its order, as
        /// `compile_expression` does: the first whose pattern matches is used (and may fail).
        func read(into bits: inout UInt64, last: inout Bool) throws(CronError) {
            if field == .dayOfWeek, version == .four {
                return try readVersion4Weekday(into: &bits)
            }
            if try readAll(into: &bits) { return }
            if try readRange(into: &bits) { return }
            switch field {
            case .month:
                if let (first, second) = namePrefix() {
                    try addNames(first, second, names: APSchedulerParser.months, base: 1, into: &bits)
                    return
                }
            case .dayOfWeek:
                if let (first, second) = namePrefix() {
                    try addNames(first, second, names: APSchedulerParser.weekdays, base: 0, into: &bits)
                    return
                }
            case .dayOfMonth:
                // `LastDayOfMonthExpression.value_re = re.compile(r"last", re.IGNORECASE)`, a prefix match.
                // IGNORECASE: 'ſ' (U+017F) matches 's' too.
                let head = Array(text.unicodeScalars.prefix(4)).map { $0 == "\u{17F}" ? "s" : String($0).lowercased() }
                if head == ["l", "a", "s", "t"] {
                    last = true
                    return
                }
            default: break
            }
            throw fail("not an expression APScheduler reads for \(field.name) (\(expected))")
        }

        private var expected: String {
            switch field {
            case .month: "*, */S, N, N-M, N-M/S, N/S, or a month name jan…dec (NAME-NAME)"
            case .dayOfWeek: "*, */S, N, N-M, N-M/S, N/S, or a weekday name mon…sun (NAME-NAME)"
            case .dayOfMonth: "*, */S, N, N-M, N-M/S, N/S, or last"
            default: "*, */S, N, N-M, N-M/S or N/S"
            }
        }

        /// `AllExpression`: `\*(?:/(?P<step>\d+))?$`.
        private func readAll(into bits: inout UInt64) throws(CronError) -> Bool {
            guard text.hasPrefix("*") else { return false }
            let rest = text.dropFirst()
            var step: Int?
            if !rest.isEmpty {
                guard rest.hasPrefix("/"), let s = Self.number(rest.dropFirst()) else { return false }
                step = s
            }
            try checkStep(step, width: range.upperBound - range.lowerBound)
            insert(from: range.lowerBound, through: range.upperBound, step: step ?? 1, into: &bits)
            return true
        }

        /// `RangeExpression`: `(?P<first>\d+)(?:-(?P<last>\d+))?(?:/(?P<step>\d+))?$`, its
        /// `__init__` and `validate_range`.
        private func readRange(into bits: inout UInt64) throws(CronError) -> Bool {
            guard let parts = rangeParts() else { return false }
            var (first, lastValue, step) = parts
            if step == 0 { throw fail("the step must be at least 1 (APScheduler: increment must be higher than 0)") }
            if lastValue == nil && step == nil { lastValue = first }
            if let l = lastValue, first > l { throw fail("the range runs backwards (\(first) > \(l))") }
            try checkStep(step, width: range.upperBound - range.lowerBound)
            if first < range.lowerBound { throw fail("\(first) is below the minimum \(range.lowerBound)") }
            if let l = lastValue, l > range.upperBound { throw fail("\(l) is above the maximum \(range.upperBound)") }
            // `(self.last or MAX_VALUES[field]) - self.first`: a last of 0 counts as none.
            let upper = lastValue.flatMap { $0 == 0 ? nil : $0 } ?? range.upperBound
            try checkStep(step, width: upper - first, rangeWidth: true)
            insert(from: first, through: lastValue ?? range.upperBound, step: step ?? 1, into: &bits)
            return true
        }

        /// N, N-M, N-M/S or N/S as numbers (nil when the element is not of that shape).
        private func rangeParts() -> (Int, Int?, Int?)? {
            let slash = text.split(separator: "/", omittingEmptySubsequences: false)
            guard slash.count <= 2 else { return nil }
            var step: Int?
            if slash.count == 2 {
                guard let s = Self.number(slash[1]) else { return nil }
                step = s
            }
            let dash = slash[0].split(separator: "-", omittingEmptySubsequences: false)
            guard dash.count <= 2, let first = Self.number(dash[0]) else { return nil }
            var lastValue: Int?
            if dash.count == 2 {
                guard let l = Self.number(dash[1]) else { return nil }
                lastValue = l
            }
            return (first, lastValue, step)
        }

        /// `validate_range`'s step checks: the step must not exceed the field's width (max − min),
        /// then (for a range) the range's own width `(last or max) − first`.
        private func checkStep(_ step: Int?, width: Int, rangeWidth: Bool = false) throws(CronError) {
            if step == 0 { throw fail("the step must be at least 1 (APScheduler: increment must be higher than 0)") }
            guard let step, step > width else { return }
            if rangeWidth {
                throw fail("the step \(step) is wider than the range it steps over (\(width); APScheduler's validate_range)")
            }
            throw fail("the step \(step) is wider than the field's range \(range.lowerBound)–\(range.upperBound)")
        }

        private func insert(from low: Int, through high: Int, step: Int, into bits: inout UInt64) {
            var v = low
            while v <= min(high, 63) {
                bits |= 1 << UInt64(v)
                v += step
            }
        }

        /// `[a-z]+(?:-[a-z]+)?` with IGNORECASE, matched at the start only (the rest of the
        /// element is ignored): the first run of letters and, after a '-', the second.
        private func namePrefix() -> (String, String?)? {
            let scalars = Array(text.unicodeScalars)
            func run(from i: Int) -> Int {
                var j = i
                while j < scalars.count, Self.isPatternLetter(scalars[j]) { j += 1 }
                return j
            }
            let end = run(from: 0)
            guard end > 0 else { return nil }
            let first = String(String.UnicodeScalarView(scalars[0..<end]))
            if end < scalars.count, scalars[end] == "-" {
                let end2 = run(from: end + 1)
                if end2 > end + 1 { return (first, String(String.UnicodeScalarView(scalars[(end + 1)..<end2]))) }
            }
            return (first, nil)
        }

        /// What `[a-z]` matches under `re.IGNORECASE` in Python: ASCII letters, and the four
        /// non-ASCII letters that case-fold to one (they only ever make an unknown name).
        private static func isPatternLetter(_ s: Unicode.Scalar) -> Bool {
            switch s.value {
            case 0x41...0x5A, 0x61...0x7A, 0x130, 0x131, 0x17F, 0x212A: true
            default: false
            }
        }

        /// `MonthRangeExpression` / `WeekdayRangeExpression`: names (lower-cased) to numbers, a
        /// `RangeExpression(first, last)` without a step.
        private func addNames(_ first: String, _ second: String?, names: [String], base: Int, into bits: inout UInt64) throws(CronError) {
            let kind = field == .month ? "month" : "weekday"
            guard let a = names.firstIndex(of: first.lowercased()) else { throw fail("'\(first)' is not a \(kind) name (\(names.joined(separator: ", ")))") }
            var b = a
            if let second {
                guard let i = names.firstIndex(of: second.lowercased()) else { throw fail("'\(second)' is not a \(kind) name (\(names.joined(separator: ", ")))") }
                b = i
            }
            guard a <= b else { throw fail("the range runs backwards (\(first) comes after \(second!))") }
            insert(from: a + base, through: b + base, step: 1, into: &bits)
        }

        /// APScheduler 4's `DayOfWeekField.append_expression`: a numeric element becomes names
        /// (N − 1, −1 → Sunday; the step dropped), a backward name range is split in two, the rest
        /// is read as in 3.x with the field's max 7.
        private func readVersion4Weekday(into bits: inout UInt64) throws(CronError) {
            var first: Int?, second: Int?
            if let (n, m, _) = rangeParts() {
                func name(_ v: Int) throws(CronError) -> Int {
                    let index = v - 1 < 0 ? 6 : v - 1
                    guard index < 7 else { throw fail("\(v) is not a weekday (0–7, 0 and 7 Sunday; APScheduler 4 fails with an IndexError)") }
                    return index
                }
                first = try name(n)
                second = try name(m ?? n)
            } else if let (a, b) = namePrefix(), let b {
                guard let i = APSchedulerParser.weekdays.firstIndex(of: a.lowercased()) else { throw fail("'\(a)' is not a weekday name (mon…sun)") }
                guard let j = APSchedulerParser.weekdays.firstIndex(of: b.lowercased()) else { throw fail("'\(b)' is not a weekday name (mon…sun)") }
                (first, second) = (i, j)
            }
            if let first, let second {
                if first > second {
                    insert(from: 0, through: second, step: 1, into: &bits)
                    insert(from: first, through: 6, step: 1, into: &bits)
                } else {
                    insert(from: first, through: second, step: 1, into: &bits)
                }
                return
            }
            if try readAll(into: &bits) { return }
            if let (a, _) = namePrefix() {
                guard let i = APSchedulerParser.weekdays.firstIndex(of: a.lowercased()) else { throw fail("'\(a)' is not a weekday name (mon…sun)") }
                insert(from: i, through: i, step: 1, into: &bits)
                return
            }
            throw fail("not an expression APScheduler reads for \(field.name) (\(expected))")
        }

        /// Decimal digits as a number — any Unicode decimal digit, as Python's `\d` and `int()` take
        /// them (`٣` is 3); a number too long for any field reads as a large value that the range
        /// checks refuse, as Python's unbounded `int` would be.
        static func number(_ s: Substring) -> Int? {
            guard !s.isEmpty else { return nil }
            var value = 0
            for scalar in s.unicodeScalars {
                guard scalar.properties.numericType == .decimal, let digit = scalar.properties.numericValue else { return nil }
                value = value > 100_000_000 ? value : value * 10 + Int(digit)
            }
            return value
        }
    }
}
