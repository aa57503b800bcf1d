/// Reads a cron expression the way its flavor's tool does (`CronFlavor`), into a
/// `CronExpression`. Every error names the field, its column and the text (`CronError`).
///
/// Grammar per flavor (docs/cron.md has the full list, with examples):
/// - posix (Vixie cron / cronie `entry.c`, `get_list`/`get_range`/`get_number`): `*`, `*/S`, `N`,
///   `N-M`, `N-M/S`, lists of those; month and weekday names (3 letters, any case); weekday 0–7
///   (0 and 7 are Sunday); a range must not run backwards; a step needs `*` or a range;
///   `@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`, `@midnight`, `@hourly`
///   (`@reboot` is refused: it is not a time).
/// - croniter (7.0, `croniter._expand`): the above plus `N/S` (= `N-max/S`), backward ranges
///   that wrap (`fri-mon`), `N-N` meaning the whole field, `L` (last day) and `N-L` in
///   day-of-month, `NW`/`WN` (nearest weekday, alone), `?` in the day fields, `D#n` and `L<D>`
///   (n-th / last weekday), hashed `H`, `H(a-b)`, `H/S`, `H(a-b)/S` (needs a hash id), 6th field
///   seconds and 7th field year (1970–2099). `R` (random) is refused: no answer could be repeated.
/// - robfig (robfig/cron v3.0.1 `parser.go`): `RobfigParser` — six fields, seconds first, a
///   `TZ=`/`CRON_TZ=` zone prefix, descriptors and `@every`.
/// - quartz: `QuartzParser`; apscheduler3, apscheduler: `APSchedulerParser`.
///
/// The flavor's `CronFlavorProfile.grammar` picks the parser.
public enum CronParser {
    /// Reads `text` as `flavor` does (its profile's grammar); `hashId` seeds croniter's hashed `H`
    /// fields.
    ///
    /// Throws `CronError` naming the field, its column and the offending text.
    public static func parse(_ text: String, flavor: CronFlavor, hashId: String? = nil) throws(CronError) -> CronExpression {
        switch flavor.profile.grammar {
        case .vixie: return try parseFields(text, flavor: flavor, croniter: false, hashId: hashId)
        case .croniter: return try parseFields(text, flavor: flavor, croniter: true, hashId: hashId)
        case .robfig: return try RobfigParser.parse(text, flavor: flavor)
        case .quartz: return try QuartzParser.parse(text, flavor: flavor)
        case .apscheduler(let version): return try APSchedulerParser.parse(text, flavor: flavor, version: version)
        }
    }

    /// The Vixie and croniter grammars, which share the splitting into fields and the descriptors.
    private static func parseFields(_ text: String, flavor: CronFlavor, croniter: Bool, hashId: String?) throws(CronError) -> CronExpression {
        let trimmed = text.trimmingASCIISpace()
        guard !trimmed.isEmpty else { throw .empty }
        var body = trimmed
        if trimmed.hasPrefix("@") {
            body = try descriptor(trimmed, croniter: croniter, hashId: hashId)
        }
        if croniter {
            body = body.lowercased()
            // croniter 7 splits fields on ASCII whitespace (`re.compile(r"\S+", re.ASCII)`,
            // croniter.py): newline, CR, vertical tab and form feed separate fields as a space does.
            body = String(String.UnicodeScalarView(body.unicodeScalars.map { [0x0A, 0x0B, 0x0C, 0x0D].contains($0.value) ? " " : $0 }))
        }
        // Fields and their columns (1-based) in the text as given (a descriptor: column 1).
        var fields: [(text: String, column: Int)] = []
        var column = 0, current = "", start = 0
        for ch in body {
            column += 1
            if ch == " " || ch == "\t" {
                if !current.isEmpty { fields.append((current, start)); current = "" }
            } else {
                if current.isEmpty { start = column }
                current.append(ch)
            }
        }
        if !current.isEmpty { fields.append((current, start)) }
        if trimmed.hasPrefix("@") { fields = fields.map { ($0.text, 1) } }
        let layouts = flavor.profile.layouts.fields
        guard let layout = layouts.first(where: { $0.count == fields.count }) else {
            throw .fieldCount(got: fields.count, expected: layouts.map(\.count), flavor: flavor)
        }
        var expression = CronExpression(flavor: flavor, text: text, normalized: fields.map(\.text).joined(separator: " "))
        var parsed: [CronField: ParsedField] = [:]
        for (index, field) in layout.enumerated() {
            let context = Context(field: field, number: index + 1, column: fields[index].column, text: fields[index].text)
            parsed[field] = croniter ? try croniterField(context, hashId: hashId) : try posixField(context)
        }
        if croniter {
            try assembleCroniter(&expression, parsed, texts: Dictionary(uniqueKeysWithValues: zip(layout, fields.map(\.text))))
        } else {
            try assemblePosix(&expression, parsed)
        }
        return expression
    }

    // MARK: Descriptors

    static let descriptors: [String: String] = [
        "@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *", "@weekly": "0 0 * * 0",
        "@daily": "0 0 * * *", "@midnight": "0 0 * * *", "@hourly": "0 * * * *",
    ]
    /// croniter's hashed forms, used when a hash id is given (its `expr_aliases`).
    static let hashedDescriptors: [String: String] = [
        "@midnight": "h h(0-2) * * * h", "@hourly": "h * * * * h", "@daily": "h h * * * h", "@weekly": "h h * * h h",
        "@monthly": "h h h * * h", "@yearly": "h h h h * h", "@annually": "h h h h * h",
    ]

    private static func descriptor(_ text: String, croniter: Bool, hashId: String?) throws(CronError) -> String {
        let key = croniter ? text.lowercased() : text
        if key == "@reboot" {
            throw .refused(text: text, reason: "@reboot runs once when the cron daemon starts, not at a time, so it has no fire times")
        }
        if croniter, hashId != nil, let hashed = hashedDescriptors[key] { return hashed }
        guard let fields = descriptors[key] else {
            let known = descriptors.keys.sorted().joined(separator: ", ")
            throw .badValue(field: 1, name: "descriptor", column: 1, text: text, reason: "not a descriptor (\(known); @reboot is refused)")
        }
        return fields
    }

    // MARK: Fields

    struct Context {
        let field: CronField
        let number: Int
        let column: Int
        let text: String

        func fail(_ reason: String, _ part: String? = nil) -> CronError {
            .badValue(field: number, name: field.name, column: column, text: part ?? text, reason: reason)
        }
    }

    struct ParsedField {
        var bits: UInt64 = 0
        /// Year field only: bits (year − 1970).
        var yearBits: [UInt64] = [0, 0, 0]
        /// An element was `*` (or `?`): the field allows everything.
        var star = false
        var last = false
        var nearest: UInt64 = 0
        var nth: [Int: UInt8] = [:]

        mutating func insert(_ value: Int, field: CronField) {
            if field == .year {
                let i = value - 1970
                yearBits[i >> 6] |= 1 << UInt64(i & 63)
            } else {
                bits |= 1 << UInt64(value)
            }
        }

        func count(field: CronField) -> Int {
            field == .year ? yearBits.reduce(0) { $0 + $1.nonzeroBitCount } : bits.nonzeroBitCount
        }
    }

    static func fullBits(_ field: CronField) -> UInt64 {
        var bits: UInt64 = 0
        for v in field.range { bits |= 1 << UInt64(v) }
        return bits
    }

    // MARK: posix (Vixie cron / cronie)

    private static func posixField(_ c: Context) throws(CronError) -> ParsedField {
        var result = ParsedField()
        let high = c.field == .dayOfWeek ? 7 : c.field.range.upperBound
        for element in c.text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard !element.isEmpty else { throw c.fail("an empty list element") }
            let parts = element.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count <= 2 else { throw c.fail("more than one '/'", element) }
            var step = 1
            if parts.count == 2 {
                guard let s = Int(parts[1]), parts[1].allSatisfy(\.isASCIIDigit) else { throw c.fail("the step must be a number", element) }
                guard s > 0 else { throw c.fail("the step must be at least 1", element) }
                step = s
            }
            let low: Int, upper: Int
            if parts[0] == "*" {
                (low, upper) = (c.field.range.lowerBound, high)
            } else {
                let bounds = parts[0].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
                guard bounds.count <= 2 else { throw c.fail("more than one '-'", element) }
                let first = try posixNumber(bounds[0], c, high: high)
                if bounds.count == 2 {
                    let second = try posixNumber(bounds[1], c, high: high)
                    guard first <= second else { throw c.fail("the range runs backwards (\(first) > \(second))", element) }
                    (low, upper) = (first, second)
                } else {
                    guard parts.count == 1 else { throw c.fail("a step needs '*' or a range before it (e.g. */\(step) or 0-59/\(step))", element) }
                    (low, upper) = (first, first)
                }
            }
            var v = low
            while v <= upper {
                result.insert(c.field == .dayOfWeek && v == 7 ? 0 : v, field: c.field)
                v += step
            }
        }
        return result
    }

    private static func posixNumber(_ text: String, _ c: Context, high: Int) throws(CronError) -> Int {
        if !text.isEmpty, text.allSatisfy(\.isASCIIDigit) {
            guard let v = Int(text), (c.field.range.lowerBound...high).contains(v) else {
                throw c.fail("\(text) is outside \(c.field.range.lowerBound)–\(high)", text)
            }
            return v
        }
        if let index = c.field.names.firstIndex(of: text.lowercased()) {
            return c.field == .dayOfWeek ? index : index + 1
        }
        let names = c.field.names.isEmpty ? "" : " or a name (\(c.field.names.joined(separator: ", ")))"
        throw c.fail(text.isEmpty ? "a number is missing" : "not a number\(names)", text)
    }

    private static func assemblePosix(_ e: inout CronExpression, _ p: [CronField: ParsedField]) throws(CronError) {
        e.minutes = p[.minute]!.bits
        e.hours = p[.hour]!.bits
        e.daysOfMonth = p[.dayOfMonth]!.bits
        e.months = p[.month]!.bits
        e.weekdays = p[.dayOfWeek]!.bits
        let texts = e.normalized.split(separator: " ").map(String.init)
        // cronie entry.c: DOM_STAR / DOW_STAR when the field's first character is '*'.
        e.dayRule = texts[2].hasPrefix("*") || texts[4].hasPrefix("*") ? .and : .or
        // cron.c find_jobs: MIN_STAR | HR_STAR make a "wildcard" job.
        e.clockDriven = texts[0].hasPrefix("*") || texts[1].hasPrefix("*")
    }

    // MARK: croniter

    /// croniter's `LEN_MEANS_ALL`.
    static func lenMeansAll(_ field: CronField) -> Int {
        switch field {
        case .second, .minute: 60
        case .hour: 24
        case .dayOfMonth: 31
        case .month: 12
        case .dayOfWeek: 7
        case .year: 130
        }
    }

    private static func croniterField(_ c: Context, hashId: String?) throws(CronError) -> ParsedField {
        var text = c.text
        if let expanded = try croniterHash(c, hashId: hashId) { text = expanded }
        if text.contains("?") {
            guard text == "?" else { throw c.fail("'?' cannot be combined with other characters") }
            guard c.field == .dayOfMonth || c.field == .dayOfWeek else { throw c.fail("'?' is only for day-of-month or day-of-week") }
            text = "*"
        }
        var result = ParsedField()
        let elements = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let (low, high) = (c.field.range.lowerBound, c.field.range.upperBound)
        for element in elements {
            guard !element.isEmpty else { throw c.fail("an empty list element") }
            var e = element
            var nth: Int?       // 1…5, or 6 for last
            if c.field == .dayOfWeek {
                if let hash = e.firstIndex(of: "#") {
                    let what = String(e[..<hash]), n = String(e[e.index(after: hash)...])
                    guard !what.isEmpty, what.allSatisfy({ $0.isASCIILetterOrDigit || $0 == "-" }), !n.isEmpty, n.allSatisfy(\.isASCIIDigit) else {
                        throw c.fail("expected WEEKDAY#N (e.g. fri#2 or 5#2)", element)
                    }
                    guard let k = Int(n), (1...5).contains(k) else { throw c.fail("the n in #n must be 1–5", element) }
                    (e, nth) = (what, k)
                } else if e.hasPrefix("l"), e.count > 1, e.dropFirst().allSatisfy(\.isASCIIDigit) {
                    (e, nth) = (String(e.dropFirst()), 6)
                }
            }
            if c.field == .dayOfMonth, e.contains("w") {
                let digits = e.filter(\.isASCIIDigit)
                guard (e.hasSuffix("w") || e.hasPrefix("w")), digits.count == e.count - 1, let day = Int(digits) else {
                    throw c.fail("expected NW or WN (the weekday nearest day N)", element)
                }
                guard (1...31).contains(day) else { throw c.fail("the day of W must be 1–31", element) }
                guard elements.count == 1 else { throw c.fail("W takes a single day, not a list", element) }
                result.nearest |= 1 << UInt64(day)
                result.insert(day, field: c.field)
                continue
            }
            if e.hasPrefix("*/") { e = "\(low)-\(high)" + e.dropFirst() }
            var values: [Int] = []
            if let range = try croniterRange(e, c, element: element) {
                values = range
            } else if e == "*" {
                result.star = true
                continue
            } else if c.field == .dayOfMonth, e == "l" {
                result.last = true
                continue
            } else {
                if e.hasPrefix("-") { throw c.fail("negative numbers are not allowed", element) }
                let v = try croniterValue(e, c, element: element)
                guard (low...high).contains(v) else { throw c.fail("\(e) is outside \(low)–\(high)", element) }
                values = [v]
            }
            for v in values {
                result.insert(v, field: c.field)
                if let nth { result.nth[v, default: 0] |= 1 << UInt8(nth - 1) }
            }
        }
        return result
    }

    /// A range term (`a-b`, `a-b/s`, `a/s`, with `*/s` already `min-max/s`), expanded as
    /// croniter's `_expand` does; nil when `e` is not a range term.
    private static func croniterRange(_ e: String, _ c: Context, element: String) throws(CronError) -> [Int]? {
        let (fieldLow, fieldHigh) = (c.field.range.lowerBound, c.field.range.upperBound)
        var lowText: String, highText: String, stepText: String?
        var startWithStep = false
        let slash = e.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard slash.count <= 2 else { throw c.fail("more than one '/'", element) }
        if slash.count == 2 { stepText = slash[1] }
        let dash = slash[0].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        if dash.count == 2 {
            (lowText, highText) = (dash[0], dash[1])
        } else if dash.count == 1, stepText != nil {
            (lowText, highText, startWithStep) = (dash[0], String(fieldHigh), true)
        } else if dash.count == 1 {
            return nil
        } else {
            throw c.fail("more than one '-'", element)
        }
        guard !lowText.isEmpty, !highText.isEmpty else { throw c.fail("a range needs both ends", element) }
        if c.field == .dayOfMonth, highText == "l" { highText = "31" }
        var step = 1
        if let stepText {
            guard !stepText.isEmpty, stepText.allSatisfy(\.isASCIIDigit), let s = Int(stepText) else { throw c.fail("the step must be a number", element) }
            guard s > 0 else { throw c.fail("the step must be at least 1", element) }
            step = s
        }
        var low = try croniterValue(lowText, c, element: element), high = try croniterValue(highText, c, element: element)
        guard max(low, high) <= fieldHigh else { throw c.fail("\(max(low, high)) is outside \(fieldLow)–\(fieldHigh)", element) }
        // croniter checks only the upper bound; Chime also refuses values below the field (a 0th day
        // or month has no meaning, and croniter reads one in ways no other tool does).
        guard min(low, high) >= fieldLow else { throw c.fail("\(min(low, high)) is outside \(fieldLow)–\(fieldHigh)", element) }
        if startWithStep && low == high { return [low] }
        if low == high { (low, high) = (fieldLow, fieldHigh) }          // "N-N" is the whole field in croniter
        if low > high {
            // Wraps: low…max, then min… high, continuing the step (croniter's `to_skip`).
            var values = Array(stride(from: low, through: fieldHigh, by: step))
            var toSkip = 0
            if let lastValue = values.last {
                let alreadySkipped = fieldHigh - lastValue, position = lastValue - fieldLow
                if position + step > fieldHigh - fieldLow + 1 && alreadySkipped < step { toSkip = step - alreadySkipped }
            }
            if fieldLow + toSkip <= high { values += Array(stride(from: fieldLow + toSkip, through: high, by: step)) }
            return values
        }
        return Array(stride(from: low, through: high, by: step))
    }

    /// A number or a name of the field (croniter's `_alphaconv` and `value_alias`: weekday 7 is 0).
    private static func croniterValue(_ text: String, _ c: Context, element: String) throws(CronError) -> Int {
        var value: Int
        if !text.isEmpty, text.allSatisfy(\.isASCIIDigit), let v = Int(text) {
            value = v
        } else if let index = c.field.names.firstIndex(of: text) {
            value = c.field == .dayOfWeek ? index : index + 1
        } else {
            let names = c.field.names.isEmpty ? "" : " or a name (\(c.field.names.joined(separator: ", ")))"
            throw c.fail("'\(text)' is not a number\(names)", element)
        }
        if c.field == .dayOfWeek && value == 7 { value = 0 }
        return value
    }

    /// croniter's `HashExpander`: `H`, `H(a-b)`, `H/S`, `H(a-b)/S` as the whole field, from the
    /// CRC-32 of the hash id shifted by the field's index. `R` (random) is refused.
    private static func croniterHash(_ c: Context, hashId: String?) throws(CronError) -> String? {
        let t = c.text
        guard let first = t.first, first == "h" || first == "r" else { return nil }
        var rest = Substring(t.dropFirst())
        var begin: Int?, end: Int?, divisor: Int?
        if rest.hasPrefix("(") {
            guard let close = rest.firstIndex(of: ")") else { return nil }
            let inner = rest[rest.index(after: rest.startIndex)..<close].split(separator: "-", omittingEmptySubsequences: false)
            guard inner.count == 2, let b = Int(inner[0]), let e = Int(inner[1]), inner.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
            (begin, end) = (b, e)
            rest = rest[rest.index(after: close)...]
        }
        if rest.hasPrefix("/") {
            let digits = rest.dropFirst()
            guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let d = Int(digits) else { return nil }
            divisor = d
            rest = ""
        }
        guard rest.isEmpty else { return nil }
        if first == "r" { throw c.fail("R (random) is refused: its fire times would change every time they are computed") }
        guard let hashId else { throw c.fail("hashed H needs a hash id (the trigger's hashId)") }
        let (fieldLow, fieldHigh) = (c.field.range.lowerBound, c.field.range.upperBound)
        if let b = begin, let e = end {
            guard b < e else { throw c.fail("the range end must be greater than its beginning") }
            for bound in [b, e] {
                let aliased = c.field == .dayOfWeek && bound == 7 ? 0 : bound
                guard (fieldLow...fieldHigh).contains(aliased) else { throw c.fail("\(bound) is outside \(fieldLow)–\(fieldHigh)") }
            }
        }
        let crc = UInt64(CRC32.checksum(Array(hashId.utf8)))
        let index = UInt64(c.field.croniterIndex)
        func draw(_ low: Int, _ high: Int) -> Int { Int((crc >> index) % UInt64(high - low + 1)) + low }
        if let d = divisor {
            guard d > 0 else { throw c.fail("the divisor must be at least 1") }
            let (low, high) = (begin ?? fieldLow, end ?? fieldHigh)
            let x = draw(low, min(low + d - 1, high))
            return x == high ? String(x) : "\(x)-\(high)/\(d)"
        }
        if let b = begin, let e = end { return String(draw(b, e)) }
        return String(draw(fieldLow, fieldHigh))
    }

    private static func assembleCroniter(_ e: inout CronExpression, _ p: [CronField: ParsedField], texts: [CronField: String]) throws(CronError) {
        /// croniter's `expanded[field] == ["*"]`: a `*` element, or every value (`LEN_MEANS_ALL`) —
        /// except day-of-month / day-of-week when the other field's text has no `*`.
        func unrestricted(_ field: CronField) -> Bool {
            guard let f = p[field] else { return true }
            if f.star { return true }
            let count = f.count(field: field) + (f.last ? 1 : 0)
            guard count == lenMeansAll(field) else { return false }
            if field == .dayOfMonth, !(texts[.dayOfWeek] ?? "").contains("*") { return false }
            if field == .dayOfWeek, !(texts[.dayOfMonth] ?? "").contains("*") { return false }
            return true
        }
        func bits(_ field: CronField) -> UInt64 { unrestricted(field) ? fullBits(field) : p[field]!.bits }
        e.seconds = p[.second].map { _ in bits(.second) } ?? 1
        e.minutes = bits(.minute)
        e.hours = bits(.hour)
        e.months = bits(.month)
        let dom = p[.dayOfMonth]!, dow = p[.dayOfWeek]!
        let domFree = unrestricted(.dayOfMonth), dowFree = unrestricted(.dayOfWeek)
        e.daysOfMonth = domFree ? fullBits(.dayOfMonth) : dom.bits
        e.lastDayOfMonth = domFree ? false : dom.last
        e.nearestWeekdays = dom.nearest
        e.weekdays = dowFree ? fullBits(.dayOfWeek) : dow.bits
        if !dow.nth.isEmpty {
            // croniter refuses plain weekdays beside n-th ones unless every weekday is listed.
            let plain = (0...6).filter { dow.bits & (1 << UInt64($0)) != 0 && dow.nth[$0] == nil }
            if !plain.isEmpty && dow.bits.nonzeroBitCount != 7 && !dow.star {
                throw .badValue(field: 5, name: "day-of-week", column: 1, text: texts[.dayOfWeek] ?? "",
                                reason: "croniter does not mix plain weekdays with #n / L<d> terms")
            }
            e.nthWeekdays = (0...6).map { dow.nth[$0] ?? 0 }
        }
        if let year = p[.year], !unrestricted(.year) { e.years = year.yearBits }
        if !domFree && !dowFree {
            e.dayRule = (e.hasNth || e.nearestWeekdays != 0) ? .croniterSplit : .or
        } else {
            e.dayRule = .and
        }
        e.clockDriven = unrestricted(.hour)
    }
}

/// CRC-32 (IEEE 802.3, as Python's `binascii.crc32`), for croniter's hashed `H`.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}

extension String {
    func trimmingASCIISpace() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s = s.dropLast() }
        return String(s)
    }
}
