#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime
import ChimeJSON

/// Decodes the common trigger shapes straight from a request line's bytes, without a JSON tree or
/// `Codable`: the trigger of a `chime batch` line whose text the cache has not seen (a batch with
/// thousands of distinct daily times misses it often, and the `Codable` path costs ~35,000
/// instructions a trigger).
///
/// Accepts a strict subset of what `Trigger.decode(from:anchor:)` accepts and builds the trigger
/// with the same initializers, so the result is the same `Trigger`:
///
/// - `{"calendar": {"components": {NAME: INTEGER, …}, "matchingPolicy"|"repeatedTimePolicy"|"direction"|
///   "gap"|"overlap"|"semantics": NAME, "repeats": BOOL, "firstWeekday"|"minimumDaysInFirstWeek": INTEGER}}`
/// - `{"weekly": {"weekdays": [INTEGER 1–7, …], "time": TEXT, "gap"|"overlap"|"semantics": NAME}}`
/// - `{"interval": {"seconds": POSITIVE INTEGER, "repeats": BOOL, "anchor": RFC 3339, "reportDrift": BOOL}}`
/// - `{"cron": {"expression": TEXT}}` (posix, forward), `{"onCalendar": {"expression": TEXT}}` and
///   `{"rrule": {"text": TEXT}}` (DTSTART always), the text's escapes `\n`, `\r`, `\t`, `\"`, `\\`
///   and `\/` read (a pending file's common shapes: the `Codable` path spent most of its time on
///   the containers)
///
/// Anything else returns nil and the caller takes the general path, which words every error:
/// another member, a member twice, `null`, a fraction or exponent, an escape or non-ASCII text,
/// a cron flavor or policy, a `locale`, an anchor that is `now`, `@EPOCH` or a local time, and any value an
/// initializer refuses.
enum TriggerScanner {
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> (Trigger, ScheduleRequest.Anchor)? {
        var c = BatchLine.Cursor(bytes: bytes)
        c.skipWhitespace()
        guard c.take(UInt8(ascii: "{")) else { return nil }
        c.skipWhitespace()
        guard let kind = name(&c) else { return nil }
        let result: (Trigger, ScheduleRequest.Anchor)?
        switch kind {
        case "calendar": result = calendar(&c).map { (.calendar($0), .given) }
        case "weekly": result = weekly(&c).map { (.weekly($0), .given) }
        case "interval": result = interval(&c)
        case "cron": result = onlyMember(&c, "expression", string).flatMap { try? CronTrigger(expression: $0) }.map { (.cron($0), .given) }
        case "onCalendar": result = onlyMember(&c, "expression", string).flatMap { try? OnCalendarTrigger(expression: $0) }.map { (.onCalendar($0), .given) }
        case "rrule": result = onlyMember(&c, "text", escapedString).flatMap { try? RRuleTrigger(text: $0, dtstartMode: .always) }.map { (.rrule($0), .given) }
        default: return nil
        }
        guard let result else { return nil }
        c.skipWhitespace()
        guard c.take(UInt8(ascii: "}")) else { return nil }
        c.skipWhitespace()
        return c.atEnd ? result : nil
    }

    // MARK: Shapes

    // Each member is read once: `once` refuses a second (a member twice is the general path's).

    private static func calendar(_ c: inout BatchLine.Cursor) -> CalendarTrigger? {
        var components: CalendarComponents?
        var matching: MatchingPolicy?, repeated: RepeatedTimePolicy?, direction: SearchDirection?
        var gap: GapPolicy?, overlap: OverlapPolicy?, semantics: Semantics?
        var repeats: Bool?, firstWeekday: Int?, minimumDays: Int?
        let complete = members(&c) { c, key in
            switch key {
            case "components": once(&components, self.components(&c))
            case "matchingPolicy": once(&matching, choice(&c))
            case "repeatedTimePolicy": once(&repeated, choice(&c))
            case "direction": once(&direction, choice(&c))
            case "gap": once(&gap, choice(&c))
            case "overlap": once(&overlap, choice(&c))
            case "semantics": once(&semantics, choice(&c))
            case "repeats": once(&repeats, bool(&c))
            case "firstWeekday": once(&firstWeekday, integer(&c))
            case "minimumDaysInFirstWeek": once(&minimumDays, integer(&c))
            default: false
            }
        }
        guard complete, let components,
              let weekRules = try? WeekRules(firstWeekday: firstWeekday, minimumDaysInFirstWeek: minimumDays, locale: nil)
        else { return nil }
        return try? CalendarTrigger(components: components, matchingPolicy: matching ?? CalendarTrigger.defaultMatchingPolicy,
                                    repeatedTimePolicy: repeated ?? CalendarTrigger.defaultRepeatedTimePolicy, direction: direction ?? CalendarTrigger.defaultDirection,
                                    repeats: repeats ?? true, weekRules: weekRules, gapPolicy: gap,
                                    overlapPolicy: overlap, semantics: semantics ?? CalendarTrigger.defaultSemantics)
    }

    /// `CalendarComponents.names` as bytes, to find a member's component without a String.
    private static let componentNames = CalendarComponents.names.map { Array($0.utf8) }

    private static func components(_ c: inout BatchLine.Cursor) -> CalendarComponents? {
        var components = CalendarComponents()
        var seen: UInt32 = 0
        let complete = members(&c) { c, key in
            guard let index = componentNames.firstIndex(where: { key.is($0) }), seen & 1 << index == 0, let value = integer(&c) else { return false }
            seen |= 1 << index
            components.set(at: index, value)
            return true
        }
        return complete ? components : nil
    }

    private static func weekly(_ c: inout BatchLine.Cursor) -> WeeklyTrigger? {
        var days: Set<Weekday>?, time: String?
        var gap: GapPolicy?, overlap: OverlapPolicy?, semantics: Semantics?
        let complete = members(&c) { c, key in
            switch key {
            case "weekdays": once(&days, weekdays(&c))
            case "time": once(&time, string(&c))
            case "gap": once(&gap, choice(&c))
            case "overlap": once(&overlap, choice(&c))
            case "semantics": once(&semantics, choice(&c))
            default: false
            }
        }
        guard complete, let days, let time else { return nil }
        return try? WeeklyTrigger(weekdays: days, time: time, gapPolicy: gap, overlapPolicy: overlap, semantics: semantics ?? CalendarTrigger.defaultSemantics)
    }

    /// `{NAME: TEXT}` and no other member: the text, as `read` reads it.
    private static func onlyMember(_ c: inout BatchLine.Cursor, _ name: StaticString, _ read: (inout BatchLine.Cursor) -> String?) -> String? {
        var text: String?
        let complete = members(&c) { c, key in name ~= key && once(&text, read(&c)) }
        return complete ? text : nil
    }

    /// An ASCII string whose escapes are `\n`, `\r`, `\t`, `\"`, `\\` or `\/` (any other, `\u` included,
    /// is the general path's), unescaped.
    private static func escapedString(_ c: inout BatchLine.Cursor) -> String? {
        guard c.take(UInt8(ascii: "\"")) else { return nil }
        var text: [UInt8] = []
        while c.position < c.bytes.count {
            let byte = c.bytes[c.position]
            c.position += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard c.position < c.bytes.count else { return nil }
                let escaped = c.bytes[c.position]
                c.position += 1
                switch escaped {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                default: return nil
                }
            case 0..<0x20, 0x80...: return nil
            default: text.append(byte)
            }
        }
        return nil
    }

    /// `[2, 4, 6]` or `["mon", "Monday", "mon-fri"]`: numbers 1–7, names or ranges (`Weekday.days`, as `Codable` reads them).
    private static func weekdays(_ c: inout BatchLine.Cursor) -> Set<Weekday>? {
        guard c.take(UInt8(ascii: "[")) else { return nil }
        var days = Set<Weekday>()
        c.skipWhitespace()
        if c.take(UInt8(ascii: "]")) { return days }
        repeat {
            c.skipWhitespace()
            let named = c.peek == UInt8(ascii: "\"") ? string(&c).flatMap { try? Weekday.days($0) } : integer(&c).flatMap(Weekday.init(rawValue:)).map { [$0] }
            guard let named else { return nil }
            days.formUnion(named)
            c.skipWhitespace()
        } while c.take(UInt8(ascii: ","))
        return c.take(UInt8(ascii: "]")) ? days : nil
    }

    private static func interval(_ c: inout BatchLine.Cursor) -> (Trigger, ScheduleRequest.Anchor)? {
        var seconds: Int?, repeats: Bool?, drift: Bool?, anchor: Instant?
        let complete = members(&c) { c, key in
            switch key {
            case "seconds": once(&seconds, integer(&c))
            case "repeats": once(&repeats, bool(&c))
            case "reportDrift": once(&drift, bool(&c))
            // RFC 3339 only: `now`, `@EPOCH` and local times take the general path.
            case "anchor": once(&anchor, c.peek == UInt8(ascii: "\"") ? c.string().flatMap { range, ascii in
                ascii ? try? ISO8601Format.parseInstant(utf8: UnsafeBufferPointer(rebasing: c.bytes[range])) : nil
            } : nil)
            default: false
            }
        }
        guard complete, let seconds, seconds > 0, let duration = try? ExactDuration(seconds: Int64(seconds)),
              let trigger = try? IntervalTrigger(interval: duration, repeats: repeats ?? false, anchor: anchor ?? ScheduleRequest.placeholderAnchor,
                                                 reportsWallClockDrift: drift ?? false)
        else { return nil }
        return (.interval(trigger), anchor == nil ? .start : .given)
    }

    // MARK: Tokens

    /// A member name, as the bytes between its quotes; `case "gap":` matches it without a String.
    private struct Key {
        let bytes: UnsafeBufferPointer<UInt8>

        func `is`(_ name: [UInt8]) -> Bool {
            name.count == bytes.count && name.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
        }

        static func ~= (name: StaticString, key: Key) -> Bool {
            name.utf8CodeUnitCount == key.bytes.count && memcmp(name.utf8Start, key.bytes.baseAddress!, key.bytes.count) == 0
        }
    }

    /// Stores `value` in `slot` if it is the member's first: false for a value that does not read
    /// (nil) or a member given twice.
    private static func once<Value>(_ slot: inout Value?, _ value: Value?) -> Bool {
        guard slot == nil, let value else { return false }
        slot = value
        return true
    }

    /// The members of an object at the cursor, each handed to `member` with the cursor at its
    /// value; false when the object is not well formed or `member` refuses one.
    private static func members(_ c: inout BatchLine.Cursor, _ member: (inout BatchLine.Cursor, Key) -> Bool) -> Bool {
        guard c.take(UInt8(ascii: "{")) else { return false }
        c.skipWhitespace()
        if c.take(UInt8(ascii: "}")) { return true }
        repeat {
            c.skipWhitespace()
            guard let key = name(&c), member(&c, key) else { return false }
            c.skipWhitespace()
        } while c.take(UInt8(ascii: ","))
        return c.take(UInt8(ascii: "}"))
    }

    /// `"key"` (ASCII, no escapes) and its colon; the cursor is left at the value.
    private static func name(_ c: inout BatchLine.Cursor) -> Key? {
        guard c.peek == UInt8(ascii: "\""), let (range, ascii) = c.string(), ascii, range.count > 0 else { return nil }
        c.skipWhitespace()
        guard c.take(UInt8(ascii: ":")) else { return nil }
        c.skipWhitespace()
        return Key(bytes: UnsafeBufferPointer(rebasing: c.bytes[range]))
    }

    /// An ASCII string without escapes.
    private static func string(_ c: inout BatchLine.Cursor) -> String? {
        guard c.peek == UInt8(ascii: "\""), let (range, ascii) = c.string(), ascii else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: c.bytes[range]), as: UTF8.self)
    }

    /// A plain integer (no fraction or exponent, at most 18 digits).
    private static func integer(_ c: inout BatchLine.Cursor) -> Int? {
        c.integer().map { Int($0) }
    }

    private static func bool(_ c: inout BatchLine.Cursor) -> Bool? {
        if c.literal("true") { return true }
        if c.literal("false") { return false }
        return nil
    }

    private static func choice<P: NamedChoice>(_ c: inout BatchLine.Cursor) -> P? {
        string(&c).flatMap { P(rawValue: $0) }
    }
}
