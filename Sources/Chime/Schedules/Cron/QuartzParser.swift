/// Reads a cron expression as Quartz Scheduler 2.3.2 does (`org.quartz.CronExpression`:
/// `buildExpression`, `storeExpressionVals`, `checkNext`, `addToSet`), into a `CronExpression`
/// carrying a `QuartzSchedule`. Every error names the field, its column and the text (`CronError`).
///
/// Grammar: 6 or 7 fields, `second minute hour day-of-month month day-of-week [year]`, read
/// upper-case. A field is a comma list (Quartz's `StringTokenizer` skips empty elements) of:
/// `*`; `*/S` or `/S` (from the field's first value; `*/0` is `*`); `N`; `N-M` (a range that runs
/// backwards wraps: `22-2` is 22, 23, 0, 1, 2, `NOV-FEB`, `FRI-MON`); `N-M/S`; `N/S` (N up to the
/// field's last value; `N/0` and `N-M/0` are just N, as Quartz's `addToSet` reads a zero step);
/// month names `JAN`…`DEC` and weekday names `SUN`…`SAT` (3 letters, also in `A-B` ranges).
/// Values: second and minute 0–59, hour 0–23, day-of-month 1–31, month 1–12, day-of-week 1–7
/// (1 = Sunday), year any number (1970 through this year + 100 can fire: Quartz's `MAX_YEAR`).
/// Steps (`checkIncrementRange`, on `*/S` and `N/S` only): at most 59, 23, 31, 12, 7.
/// Day fields: exactly one of them is `?` (Quartz: "Support for specifying both a day-of-week AND a
/// day-of-month parameter is not implemented", also when both are `?`). Day-of-month also takes
/// `L` (last day), `L-n` (n ≤ 30 days before it), `LW` / `L-nW` (the weekday nearest it) and `NW`
/// (the weekday nearest day N, never leaving the month); `L` forms stand alone (no list).
/// Day-of-week also takes `L` alone (= 7, Saturday), `NL` / `NAMEL` (the last such weekday of the
/// month; no list) and `N#k` / `NAME#k` (k-th such weekday, k 1–5; one `#` per field).
/// Chime is stricter than Quartz only where Quartz silently ignores text (`MONDAY` read as `MON`,
/// `MON-FRI/2` as `MON-FRI`, `5X` as `5`, an 8th field) or reads a field it cannot evaluate
/// (`L` in the time fields): those are refused with the reason.
enum QuartzParser {
    static let monthNames = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
    static let dayNames = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"]

    static func parse(_ text: String, flavor: CronFlavor) throws(CronError) -> CronExpression {
        let trimmed = text.trimmingASCIISpace()
        guard !trimmed.isEmpty else { throw .empty }
        // Fields and their columns (1-based), split on spaces and tabs as Quartz's StringTokenizer.
        var fields: [(text: String, column: Int)] = []
        var column = 0, current = "", start = 0
        for ch in text {
            column += 1
            if ch == " " || ch == "\t" || ch == "\n" || ch == "\r" {
                if !current.isEmpty { fields.append((current, start)); current = "" }
            } else {
                if current.isEmpty { start = column }
                current.append(ch)
            }
        }
        if !current.isEmpty { fields.append((current, start)) }
        let layouts = flavor.profile.layouts.fields
        guard let layout = layouts.first(where: { $0.count == fields.count }) else {
            throw .fieldCount(got: fields.count, expected: layouts.map(\.count), flavor: flavor)
        }
        var state = State()
        for (index, field) in layout.enumerated() {
            let c = CronParser.Context(field: field, number: index + 1, column: fields[index].column,
                                       text: fields[index].text.uppercased())
            try state.read(c)
        }
        if fields.count == 6 { try state.insertRange(start: nil, end: nil, step: 0, field: .year, all: true, c: nil) }
        var s = state.schedule
        // buildExpression: exactly one day field holds '?'.
        guard state.domUnspecified != state.dowUnspecified else {
            let both = state.domUnspecified
            throw .badValue(field: both ? 6 : 4, name: both ? "day-of-week" : "day-of-month",
                            column: fields[both ? 5 : 3].column, text: fields[both ? 5 : 3].text,
                            reason: both ? "'?' can be in day-of-month or day-of-week, not both"
                                         : "Quartz needs '?' in day-of-month or day-of-week (it cannot combine the two day fields)")
        }
        s.dayOfMonthUnspecified = state.domUnspecified
        s.years = state.years.sorted()

        var e = CronExpression(flavor: flavor, text: text, normalized: fields.map { $0.text.uppercased() }.joined(separator: " "))
        e.seconds = s.seconds
        e.minutes = s.minutes
        e.hours = s.hours
        e.months = s.months
        e.daysOfMonth = s.daysOfMonth
        e.weekdays = s.daysOfWeek >> 1          // Quartz 1 = Sunday → bit 0
        e.quartz = s
        return e
    }

    /// What the fields read so far hold.
    /// A number as Quartz reads one (`Integer.parseInt`): digits up to Java's `int` maximum,
    /// 2147483647; a longer one is Quartz's "Illegal cron expression format
    /// (java.lang.NumberFormatException…)", and nil here.
    static func javaInt<S: Sequence<Character>>(_ digits: S) -> Int? {
        guard let n = Int(String(digits)), n <= Int(Int32.max) else { return nil }
        return n
    }

    struct State {
        var schedule = QuartzSchedule()
        var years: Set<Int> = []
        var domUnspecified = false
        var dowUnspecified = false

        mutating func read(_ c: CronParser.Context) throws(CronError) {
            let t = c.text
            if c.field == .dayOfMonth, t.contains("L"), t.count > 1, t.contains(",") {
                throw c.fail("'L' and 'LW' cannot be combined with other days of the month")
            }
            if c.field == .dayOfWeek, t.contains("L"), t.count > 1, t.contains(",") {
                throw c.fail("'L' cannot be combined with other days of the week")
            }
            if c.field == .dayOfWeek, t.filter({ $0 == "#" }).count > 1 {
                throw c.fail("only one n-th weekday ('#') is allowed")
            }
            for element in t.split(separator: ",").map(String.init) {
                try readElement(element, c)
            }
            if t.allSatisfy({ $0 == "," }) { throw c.fail("the field is empty") }
        }

        private mutating func readElement(_ e: String, _ c: CronParser.Context) throws(CronError) {
            let chars = Array(e)
            let first = chars[0]
            // L forms of day-of-month (Quartz: "L", "LW", "L-[0-9]*W?").
            if first == "L" {
                switch c.field {
                case .dayOfMonth:
                    var rest = chars.dropFirst()
                    schedule.lastDayOfMonth = true
                    if rest.first == "-" {
                        rest = rest.dropFirst()
                        let digits = rest.prefix(while: \.isASCIIDigit)
                        guard !digits.isEmpty, let n = QuartzParser.javaInt(digits) else { throw c.fail("'L-' needs a number of days", e) }
                        guard n <= 30 else { throw c.fail("the offset from the last day must be at most 30", e) }
                        schedule.lastDayOffset = n
                        rest = rest.dropFirst(digits.count)
                    }
                    if rest.first == "W" { schedule.nearestWeekday = true; rest = rest.dropFirst() }
                    guard rest.isEmpty else { throw c.fail("expected L, L-n, LW or L-nW", e) }
                    return
                case .dayOfWeek where chars.count == 1:
                    try insertRange(start: 7, end: 7, step: 0, field: c.field, all: false, c: c, e)
                    return
                case .dayOfWeek:
                    break               // a name (e.g. LATER) is refused below
                default:
                    throw c.fail("'L' is only for day-of-month or day-of-week", e)
                }
            }
            if first.isASCII && first.isLetter {
                try readName(chars, c, e)
                return
            }
            if first == "?" {
                guard chars.count == 1 else { throw c.fail("'?' stands alone", e) }
                guard c.field == .dayOfMonth || c.field == .dayOfWeek else { throw c.fail("'?' is only for day-of-month or day-of-week", e) }
                if c.field == .dayOfWeek, domUnspecified, !schedule.lastDayOfMonth {
                    throw c.fail("'?' can be in day-of-month or day-of-week, not both", e)
                }
                if c.field == .dayOfMonth { domUnspecified = true } else { dowUnspecified = true }
                return
            }
            if first == "*" || first == "/" {
                if e == "*" { try insertRange(start: nil, end: nil, step: 0, field: c.field, all: true, c: c, e); return }
                var rest = chars.dropFirst(first == "*" ? 1 : 0)
                guard rest.first == "/" else { throw c.fail("expected '*' or '*/step'", e) }
                rest = rest.dropFirst()
                guard !rest.isEmpty, rest.allSatisfy(\.isASCIIDigit), let step = QuartzParser.javaInt(rest) else { throw c.fail("'/' must be followed by a number (at most 2147483647)", e) }
                try checkStep(step, c, e)
                try insertRange(start: nil, end: nil, step: step, field: c.field, all: true, c: c, e)
                return
            }
            guard first.isASCIIDigit else { throw c.fail("unexpected character '\(first)'", e) }
            let digits = chars.prefix(while: \.isASCIIDigit)
            guard let value = QuartzParser.javaInt(digits) else { throw c.fail("the number is too large: Quartz reads numbers as Java ints, at most 2147483647", e) }
            let rest = Array(chars.dropFirst(digits.count))
            if rest.isEmpty { try insertRange(start: value, end: nil, step: -1, field: c.field, all: false, c: c, e); return }
            switch rest[0] {
            case "L":
                guard c.field == .dayOfWeek else { throw c.fail("'L' after a number is only for day-of-week (e.g. 6L)", e) }
                guard (1...7).contains(value) else { throw c.fail("day-of-week values are 1–7", e) }
                guard rest.count == 1 else { throw c.fail("unexpected text after 'L'", e) }
                schedule.lastDayOfWeek = true
                schedule.daysOfWeek |= 1 << UInt64(value)
            case "W":
                guard c.field == .dayOfMonth else { throw c.fail("'W' is only for day-of-month (e.g. 15W)", e) }
                guard (1...31).contains(value) else { throw c.fail("the day of 'W' must be 1–31", e) }
                guard rest.count == 1 else { throw c.fail("unexpected text after 'W'", e) }
                schedule.nearestWeekday = true
                schedule.daysOfMonth |= 1 << UInt64(value)
            case "#":
                guard c.field == .dayOfWeek else { throw c.fail("'#' is only for day-of-week (e.g. 6#3)", e) }
                guard (1...7).contains(value) else { throw c.fail("day-of-week values are 1–7", e) }
                try readNth(rest.dropFirst(), c, e)
                schedule.daysOfWeek |= 1 << UInt64(value)
            case "-":
                let endDigits = rest.dropFirst().prefix(while: \.isASCIIDigit)
                guard !endDigits.isEmpty, let end = QuartzParser.javaInt(endDigits) else { throw c.fail("a range needs a number after '-'", e) }
                let after = rest.dropFirst(1 + endDigits.count)
                var step = 1
                if !after.isEmpty {
                    guard after.first == "/", after.count > 1, after.dropFirst().allSatisfy(\.isASCIIDigit), let s = QuartzParser.javaInt(after.dropFirst()) else {
                        throw c.fail("expected N-M or N-M/step", e)
                    }
                    step = s
                }
                try insertRange(start: value, end: end, step: step, field: c.field, all: false, c: c, e)
            case "/":
                let stepText = rest.dropFirst()
                guard !stepText.isEmpty, stepText.allSatisfy(\.isASCIIDigit), let step = QuartzParser.javaInt(stepText) else {
                    throw c.fail("'/' must be followed by a number (at most 2147483647)", e)
                }
                try checkStep(step, c, e)
                try insertRange(start: value, end: nil, step: step, field: c.field, all: false, c: c, e)
            default:
                throw c.fail("unexpected character '\(rest[0])' after \(value)", e)
            }
        }

        private mutating func readNth(_ rest: ArraySlice<Character>, _ c: CronParser.Context, _ e: String) throws(CronError) {
            guard !rest.isEmpty, rest.allSatisfy(\.isASCIIDigit), let n = QuartzParser.javaInt(rest), (1...5).contains(n) else {
                throw c.fail("a number 1–5 must follow '#'", e)
            }
            schedule.nthDayOfWeek = n
        }

        /// `JAN`, `JAN-MAR`, `MON`, `MON-FRI`, `FRI#3`, `FRIL` (3-letter names only).
        private mutating func readName(_ chars: [Character], _ c: CronParser.Context, _ e: String) throws(CronError) {
            let names: [String]
            switch c.field {
            case .month: names = QuartzParser.monthNames
            case .dayOfWeek: names = QuartzParser.dayNames
            default: throw c.fail("names are only for month or day-of-week", e)
            }
            func number(_ s: ArraySlice<Character>) throws(CronError) -> Int {
                guard s.count >= 3, let i = names.firstIndex(of: String(s.prefix(3))) else {
                    throw c.fail("not a \(c.field == .month ? "month" : "weekday") name (\(names.joined(separator: ", ")))", e)
                }
                return i + 1
            }
            let start = try number(chars[...])
            let rest = chars.dropFirst(3)
            if rest.isEmpty { try insertRange(start: start, end: nil, step: 0, field: c.field, all: false, c: c, e); return }
            switch rest.first! {
            case "-":
                let endName = rest.dropFirst()
                guard endName.count == 3 else { throw c.fail("expected NAME-NAME", e) }
                try insertRange(start: start, end: try number(endName), step: 1, field: c.field, all: false, c: c, e)
            case "#" where c.field == .dayOfWeek:
                try readNth(rest.dropFirst(), c, e)
                schedule.daysOfWeek |= 1 << UInt64(start)
            case "L" where c.field == .dayOfWeek && rest.count == 1:
                schedule.lastDayOfWeek = true
                schedule.daysOfWeek |= 1 << UInt64(start)
            default:
                throw c.fail("unexpected text after the name \(String(chars.prefix(3))) (Quartz reads 3-letter names)", e)
            }
        }

        private func checkStep(_ step: Int, _ c: CronParser.Context, _ e: String) throws(CronError) {
            let limit: Int
            switch c.field {
            case .second, .minute: limit = 59
            case .hour: limit = 23
            case .dayOfMonth: limit = 31
            case .dayOfWeek: limit = 7
            case .month: limit = 12
            case .year: return
            }
            guard step <= limit else { throw c.fail("the step must be at most \(limit)", e) }
        }

        /// Quartz's `addToSet`: checks the values, then adds one value (`step` 0 or −1, or a zero
        /// step) or the run `start…end` by `step`, wrapping past the field's last value when the
        /// range runs backwards. `start`/`end` nil: the field's first/last value (`*`, `N/S`).
        mutating func insertRange(start: Int?, end: Int?, step: Int, field: CronField, all: Bool, c: CronParser.Context?, _ e: String = "") throws(CronError) {
            let bounds: ClosedRange<Int>
            switch field {
            case .second, .minute: bounds = 0...59
            case .hour: bounds = 0...23
            case .dayOfMonth: bounds = 1...31
            case .month: bounds = 1...12
            case .dayOfWeek: bounds = 1...7
            case .year: bounds = 1970...QuartzWalk.maxYear
            }
            if field != .year, let c {
                for v in [start, end].compactMap({ $0 }) where v > bounds.upperBound || (v == start && v < bounds.lowerBound) {
                    throw c.fail("\(v) is outside \(bounds.lowerBound)–\(bounds.upperBound)", e)
                }
            }
            if !all && step <= 0, let start {
                insert(start, field)
                return
            }
            let from = start ?? bounds.lowerBound
            var to = end ?? bounds.upperBound
            let by = step <= 0 ? 1 : step
            var modulus: Int?
            if to < from {
                switch field {
                case .second, .minute: modulus = 60
                case .hour: modulus = 24
                case .month: modulus = 12
                case .dayOfWeek: modulus = 7
                case .dayOfMonth: modulus = 31
                case .year:
                    throw c?.fail("the year range runs backwards", e) ?? .empty
                }
                to += modulus!
            }
            if field == .year && to > bounds.upperBound {
                // Quartz never fires after its last year, so the years past it need not be listed
                // (`2-197071970` held 197 million); one stays when the range starts there (never fires).
                to = max(bounds.upperBound, from)
            }
            var v = from
            while v <= to {
                if let m = modulus {
                    var w = v % m
                    if w == 0 && (field == .month || field == .dayOfWeek || field == .dayOfMonth) { w = m }
                    insert(w, field)
                } else {
                    insert(v, field)
                }
                v += by
            }
        }

        private mutating func insert(_ v: Int, _ field: CronField) {
            switch field {
            case .second: schedule.seconds |= 1 << UInt64(v)
            case .minute: schedule.minutes |= 1 << UInt64(v)
            case .hour: schedule.hours |= 1 << UInt64(v)
            case .dayOfMonth: schedule.daysOfMonth |= 1 << UInt64(v)
            case .month: schedule.months |= 1 << UInt64(v)
            case .dayOfWeek: schedule.daysOfWeek |= 1 << UInt64(v)
            case .year: years.insert(v)
            }
        }
    }
}
