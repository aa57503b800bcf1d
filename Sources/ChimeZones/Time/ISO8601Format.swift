#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parsing and formatting of the text forms in docs/contract.md.
///
/// - Instants: `2026-03-08T07:00:00Z`, `2026-03-08T03:00:00.250-04:00` (offset `±HH:MM`, `±HHMM`,
///   `±HH`, or `±HH:MM:SS` as historical offsets are written: `1850-01-01T02:30:00-04:56:02`).
/// - Local wall times: `2026-03-08T02:30:00` (seconds optional, no offset).
public enum ISO8601Format {
    /// Parses an instant with `Z` or an explicit offset. Never reads the clock: `now` is not an
    /// instant here (`TimeText.parse(_:now:)` reads it when given a clock).
    public static func parseInstant(_ text: String) throws(TimeError) -> Instant {
        try withUTF8(text) { (bytes) throws(TimeError) in try parseInstant(utf8: bytes) }
    }

    /// `parseInstant` over UTF-8 bytes, so that `chime batch` needs no String per request.
    public static func parseInstant(utf8 text: UnsafeBufferPointer<UInt8>) throws(TimeError) -> Instant {
        if let instant = parseWholeSecondUTC(text) { return instant }
        return try parseAnyInstant(utf8: text)
    }

    /// The commonest form, `2026-03-08T07:00:00Z` (20 bytes, years 0001…9999), read in a fraction
    /// of the instructions; nil, for `parseAnyInstant` to read or refuse, for anything else — other
    /// spellings, offsets, fractions, and every field out of range. Where it answers, the answer is
    /// `parseAnyInstant`'s (`ISO8601ParseTests`).
    @inline(__always)
    static func parseWholeSecondUTC(_ t: UnsafeBufferPointer<UInt8>) -> Instant? {
        guard t.count == 20, t[4] == UInt8(ascii: "-"), t[7] == UInt8(ascii: "-"), t[10] == UInt8(ascii: "T"),
              t[13] == UInt8(ascii: ":"), t[16] == UInt8(ascii: ":"), t[19] == UInt8(ascii: "Z") else { return nil }
        var invalid: UInt8 = 0
        /// The two digits at `i`; a byte that is not a digit sets a bit of `invalid`.
        func pair(_ i: Int) -> Int64 {
            let high = t[i] &- 48, low = t[i + 1] &- 48
            invalid |= (high > 9 ? 1 : 0) | (low > 9 ? 1 : 0)
            return Int64(high) &* 10 &+ Int64(low)
        }
        let year = pair(0) &* 100 &+ pair(2), month = pair(5), day = pair(8)
        let hour = pair(11), minute = pair(14), second = pair(17)
        guard invalid == 0, year >= 1, month >= 1, month <= 12, day >= 1,
              day <= CivilArithmetic.daysInMonth(year: year, month: month), hour <= 23, minute <= 59, second <= 59
        else { return nil }
        return Instant(seconds: CivilArithmetic.daysFromCivil(year: year, month: month, day: day) &* 86_400
                       &+ hour &* 3600 &+ minute &* 60 &+ second)
    }

    /// `parseInstant(utf8:)` without its shortcut: every form and every error.
    static func parseAnyInstant(utf8 text: UnsafeBufferPointer<UInt8>) throws(TimeError) -> Instant {
        var scanner = Scanner(text)
        guard let fields = scanner.dateTime(), let offset = scanner.offset(), scanner.atEnd else {
            throw .malformedInstant(String(decoding: text, as: UTF8.self))
        }
        let localSeconds: Int64
        do { localSeconds = try fields.localSeconds() } catch { throw .invalidText(String(decoding: text, as: UTF8.self), error) }
        let instant = Instant(seconds: localSeconds - Int64(offset), nanoseconds: Int32(fields.nanosecond))
        do { return try instant.checkedReadable() } catch { throw .invalidText(String(decoding: text, as: UTF8.self), error) }
    }

    /// Parses a wall time with no offset.
    public static func parseLocal(_ text: String) throws(TimeError) -> CivilDateTime {
        try withUTF8(text) { (bytes) throws(TimeError) in
            var scanner = Scanner(bytes)
            guard let fields = scanner.dateTime(), scanner.atEnd else { throw .malformedLocalTime(text) }
            do throws(TimeError) { return try fields.validated() } catch { throw .invalidText(text, error) }
        }
    }

    /// `HH:MM` or `HH:MM:SS` as numbers (ranges are checked by whoever uses them), or nil.
    public static func parseTimeOfDay(_ text: String) -> (hour: Int, minute: Int, second: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        return (parts[0]!, parts[1]!, parts.count == 3 ? parts[2]! : 0)
    }

    /// `2026-03-08T02:30:00`, fractional seconds only when non-zero.
    public static func localDateTime(_ t: CivilDateTime) -> String {
        string { $0.dateTime(t) }
    }

    /// `+HH:MM` (or `+HH:MM:SS` for historical offsets with seconds); `Z` is never used here.
    public static func offset(_ seconds: Int) -> String {
        string { $0.offset(seconds) }
    }

    /// The most bytes `write(_:offsetSeconds:to:)` writes: a signed 5-digit year, nanoseconds and
    /// a ±HH:MM:SS offset fit.
    public static let maximumInstantLength = 48

    /// Writes the instant as UTF-8 at `start` and returns how many bytes that took: with an offset
    /// its wall time and offset (`2026-03-08T03:00:00-04:00`), without one UTC with `Z`
    /// (`2026-03-08T07:00:00Z`). The String forms are made of these same bytes; JSON output
    /// writes them straight into its buffer.
    public static func write(_ instant: Instant, offsetSeconds: Int?, to start: UnsafeMutablePointer<UInt8>) -> Int {
        var writer = Writer(start: start)
        writer.instant(instant, offsetSeconds: offsetSeconds)
        return writer.count
    }

    /// The common case of `write`, the same bytes in a fraction of the instructions: a whole
    /// second whose wall time is in years 1...9999 (four-digit year, no sign) and an offset under
    /// 100 hours. The date comes from `CivilArithmetic.civilFromDays(sinceYearOne:)` (unsigned,
    /// no era branch) and every two-digit field from a table, not from a division by ten each.
    /// Returns nil, having written nothing, for anything else (`Writer` handles it).
    @inline(__always)
    static func writeWholeSecond(_ instant: Instant, offsetSeconds: Int?, to p: UnsafeMutablePointer<UInt8>) -> Int? {
        let offset = offsetSeconds ?? 0
        // 0001-01-01T00:00:00 and 10000-01-01T00:00:00 (local), in seconds since 1970.
        let first: Int64 = -62_135_596_800, end: Int64 = 253_402_300_800
        guard instant.nanoseconds == 0, offset > -360_000, offset < 360_000,
              instant.seconds > first - 360_000, instant.seconds < end + 360_000 else { return nil }
        let local = instant.seconds + Int64(offset)
        guard local >= first, local < end else { return nil }
        let sinceYearOne = UInt64(local - first)
        let (days, secondOfDay) = (UInt32(truncatingIfNeeded: sinceYearOne / 86_400), UInt32(truncatingIfNeeded: sinceYearOne % 86_400))
        let date = CivilArithmetic.civilFromDays(sinceYearOne: days)
        let hour = secondOfDay / 3600, minuteAndSecond = secondOfDay % 3600
        twoDigits(date.year / 100, at: p)
        twoDigits(date.year % 100, at: p + 2)
        p[4] = UInt8(ascii: "-"); twoDigits(date.month, at: p + 5)
        p[7] = UInt8(ascii: "-"); twoDigits(date.day, at: p + 8)
        p[10] = UInt8(ascii: "T"); twoDigits(hour, at: p + 11)
        p[13] = UInt8(ascii: ":"); twoDigits(minuteAndSecond / 60, at: p + 14)
        p[16] = UInt8(ascii: ":"); twoDigits(minuteAndSecond % 60, at: p + 17)
        guard offsetSeconds != nil else {
            p[19] = UInt8(ascii: "Z")
            return 20
        }
        // `±HH:MM`, and `:SS` only for historical offsets with seconds (as `Writer.offset`).
        let magnitude = UInt32(offset.magnitude)
        p[19] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
        twoDigits(magnitude / 3600, at: p + 20)
        p[22] = UInt8(ascii: ":"); twoDigits(magnitude / 60 % 60, at: p + 23)
        guard magnitude % 60 != 0 else { return 25 }
        p[25] = UInt8(ascii: ":"); twoDigits(magnitude % 60, at: p + 26)
        return 28
    }

    /// `write(_:offsetSeconds:to:)` as a String (`Instant.iso8601(offsetSeconds:)`, `Instant.utcString`).
    static func text(_ instant: Instant, offsetSeconds: Int?) -> String {
        string { $0.instant(instant, offsetSeconds: offsetSeconds) }
    }

    package static func pad(_ value: Int, _ width: Int) -> String {
        string { $0.padded(value, width) }
    }

    /// Runs `body` on the bytes of `text` (contiguous UTF-8, copied only if it is not already).
    private static func withUTF8<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(TimeError) -> T) throws(TimeError) -> T {
        var text = text
        return try text.withUTF8 { bytes in Result { () throws(TimeError) in try body(bytes) } }.get()
    }

    /// One field or offset at a time into a small stack buffer, then one String.
    private static func string(_ body: (inout Writer) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumInstantLength) { buffer in
            var writer = Writer(start: buffer.baseAddress!)
            body(&writer)
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: writer.count), as: UTF8.self)
        }
    }

    /// Writes ASCII digits and punctuation at a pointer; callers provide `maximumInstantLength` bytes.
    private struct Writer {
        let start: UnsafeMutablePointer<UInt8>
        var count = 0

        mutating func byte(_ b: UInt8) {
            start[count] = b
            count += 1
        }

        @inline(__always)
        mutating func two(_ value: Int) {
            Self.two(value, at: start + count)
            count += 2
        }

        /// Two digits of `value` (0...99) at `p`.
        @inline(__always)
        static func two(_ value: Int, at p: UnsafeMutablePointer<UInt8>) {
            let v = UInt32(truncatingIfNeeded: value)
            p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v / 10)
            p[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
        }

        /// `value` with at least `width` digits, zero-padded, `-` first when negative.
        @inline(__always)
        mutating func padded(_ value: Int, _ width: Int) {
            if width == 2, value >= 0, value < 100 { return two(value) }   // most fields: no digit counting
            if width == 4, value >= 0, value < 10_000 { two(value / 100); two(value % 100); return }
            anyWidth(value, width)
        }

        private mutating func anyWidth(_ value: Int, _ width: Int) {
            if value < 0 { byte(UInt8(ascii: "-")) }
            var magnitude = value.magnitude
            var digits = 1
            var limit: UInt = 10
            while digits < 20, magnitude >= limit { digits += 1; limit = limit &* 10 }
            let total = max(digits, width)
            for i in stride(from: total - 1, through: 0, by: -1) {
                start[count + i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            count += total
        }

        @inline(__always)
        mutating func dateTime(_ t: CivilDateTime) {
            padded(t.year, 4)
            // `-MM-DDTHH:MM:SS` at fixed offsets: every field is 0...99.
            let p = start + count
            p[0] = UInt8(ascii: "-"); Self.two(t.month, at: p + 1)
            p[3] = UInt8(ascii: "-"); Self.two(t.day, at: p + 4)
            p[6] = UInt8(ascii: "T"); Self.two(t.hour, at: p + 7)
            p[9] = UInt8(ascii: ":"); Self.two(t.minute, at: p + 10)
            p[12] = UInt8(ascii: ":"); Self.two(t.second, at: p + 13)
            count += 15
            fraction(t.nanosecond)
        }

        @inline(__always)
        mutating func instant(_ instant: Instant, offsetSeconds: Int?) {
            if let written = ISO8601Format.writeWholeSecond(instant, offsetSeconds: offsetSeconds, to: start + count) {
                count += written
                return
            }
            dateTime(CivilDateTime(localSeconds: instant.seconds + Int64(offsetSeconds ?? 0), nanosecond: Int(instant.nanoseconds)))
            if let offsetSeconds { offset(offsetSeconds) } else { byte(UInt8(ascii: "Z")) }
        }

        /// `.250` style is avoided: milliseconds, microseconds or nanoseconds as needed.
        mutating func fraction(_ nanosecond: Int) {
            guard nanosecond != 0 else { return }
            byte(UInt8(ascii: "."))
            if nanosecond % 1_000_000 == 0 { padded(nanosecond / 1_000_000, 3) }
            else if nanosecond % 1_000 == 0 { padded(nanosecond / 1_000, 6) }
            else { padded(nanosecond, 9) }
        }

        @inline(__always)
        mutating func offset(_ seconds: Int) {
            byte(seconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            let a = abs(seconds)
            padded(a / 3600, 2); byte(UInt8(ascii: ":")); padded(a / 60 % 60, 2)
            if a % 60 != 0 { byte(UInt8(ascii: ":")); padded(a % 60, 2) }
        }
    }

    /// A tiny cursor over ASCII bytes.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
        var atEnd: Bool { index == bytes.count }

        @inline(__always)
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for i in index..<(index + count) {
                let b = bytes[i]
                guard b >= 48 && b <= 57 else { return nil }
                value = value &* 10 &+ Int(b &- 48)   // at most 4 digits: no overflow to check
            }
            index += count
            return value
        }

        @inline(__always)
        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// Fields as written; range checks happen in `validated()` so errors can name the field.
        struct Fields {
            var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, nanosecond = 0
            func validated() throws(TimeError) -> CivilDateTime {
                try CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanosecond)
            }

            /// Seconds since 1970-01-01T00:00:00 of the fields as a wall time. Years 0 and 10000
            /// too: the UTC forms of instants at the ends of `Instant.readableRange`. Both are leap
            /// years in the proleptic Gregorian calendar, as 2000 is, so their fields are checked as
            /// 2000's.
            func localSeconds() throws(TimeError) -> Int64 {
                guard year == 0 || year == 10_000 else { return try validated().localSeconds }
                _ = try CivilDateTime(year: 2000, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanosecond)
                let days = CivilArithmetic.daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
                return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
            }
        }

        @inline(__always)
        mutating func dateTime() -> Fields? {
            // Four digits, or five for year 10000 (a UTC instant Chime writes: `Instant.readableRange`).
            guard var y = digits(4) else { return nil }
            if y >= 1000, let fifth = digits(1) { y = y * 10 + fifth }
            guard take(UInt8(ascii: "-")), let mo = digits(2), take(UInt8(ascii: "-")), let d = digits(2),
                  take(UInt8(ascii: "T")) || take(UInt8(ascii: "t")) || take(UInt8(ascii: " ")),
                  let h = digits(2), take(UInt8(ascii: ":")), let mi = digits(2)
            else { return nil }
            var s = 0, nanos = 0
            if take(UInt8(ascii: ":")) {
                guard let sec = digits(2) else { return nil }
                s = sec
                if take(UInt8(ascii: ".")) || take(UInt8(ascii: ",")) {
                    var count = 0
                    while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                        if count < 9 { nanos = nanos * 10 + Int(bytes[index] - 48) }
                        count += 1; index += 1
                    }
                    guard count > 0 else { return nil }
                    for _ in count..<max(count, 9) { nanos *= 10 }
                }
            }
            return Fields(year: y, month: mo, day: d, hour: h, minute: mi, second: s, nanosecond: nanos)
        }

        /// Offset in seconds east of UTC.
        @inline(__always)
        mutating func offset() -> Int? {
            if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) { return 0 }
            let sign: Int
            if take(UInt8(ascii: "+")) { sign = 1 } else if take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
            // Hours up to 25 and `:SS`: the offsets Chime writes (a TZif offset is under 26 hours;
            // historical ones have seconds, New York's LMT -04:56:02).
            guard let h = digits(2), h <= 25 else { return nil }
            var m = 0, s = 0
            if take(UInt8(ascii: ":")) {
                guard let mm = digits(2) else { return nil }
                m = mm
                if take(UInt8(ascii: ":")) {
                    guard let ss = digits(2) else { return nil }
                    s = ss
                }
            } else if let mm = digits(2) {
                m = mm
            }
            guard m <= 59, s <= 59 else { return nil }
            return sign * (h * 3600 + m * 60 + s)
        }
    }
}

extension Instant {
    /// The current time from the system clock.
    public static func now() -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Instant(seconds: Int64(ts.tv_sec), nanoseconds: Int32(ts.tv_nsec))
    }

    /// The wall time at this instant with its numeric offset: `2026-03-08T03:00:00-04:00`, `…+00:00` for UTC.
    public func iso8601(offsetSeconds: Int) -> String {
        ISO8601Format.text(self, offsetSeconds: offsetSeconds)
    }

    /// UTC with `Z`: `2026-03-08T07:00:00Z`.
    public var utcString: String {
        ISO8601Format.text(self, offsetSeconds: nil)
    }
}

/// Time text as people type it: an instant, or a wall time still to be read in a zone.
///
/// - `2026-03-08T07:00:00Z`, `2026-03-08T03:00:00.25-04:00` (RFC 3339) → `.instant`
/// - `now` → `.instant` from the `now` the caller passes (refused when it passes none: a parser fed
///   user input does not read the clock unless asked)
/// - `@1772953200` (seconds since 1970-01-01T00:00:00Z) → `.instant`
/// - `2026-03-08T09:00`, `2026-03-08 09:00:30` → `.local`; `2026-03-08` → `.local` at midnight
public enum TimeText: Sendable, Hashable {
    /// An instant: RFC 3339 with an offset, `@` epoch seconds, or `now`.
    case instant(Instant)
    /// A wall time with no offset, to be read in a zone (which may skip or repeat it).
    case local(CivilDateTime)

    /// Reads `text`; a malformed one is `TimeError.malformedInstant`, an impossible field (month 13)
    /// the field's error. `now` is the instant `now()` answers, when given (e.g.
    /// `{ Instant(seconds: Instant.now().seconds) }` for the current second).
    public static func parse(_ text: String, now: (() -> Instant)? = nil) throws(TimeError) -> TimeText {
        if text == "now", let now { return .instant(now()) }
        if text.hasPrefix("@") {
            guard let seconds = Int64(text.dropFirst()) else { throw .malformedInstant(text) }
            return .instant(try Instant(seconds: seconds).checkedReadable())
        }
        do { return .instant(try ISO8601Format.parseInstant(text)) } catch {
            guard case .malformedInstant = error else { throw error }
        }
        var candidate = text
        let bytes = Array(text.utf8)
        if bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") { candidate += "T00:00:00" }
        do { return .local(try ISO8601Format.parseLocal(candidate)) } catch {
            guard case .malformedLocalTime = error else { throw error }
            // A date with a year of five digits or more (`10000-01-01`) is out of range, not malformed.
            let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            if digits.count > 4, digits.count < bytes.count, bytes[digits.count] == UInt8(ascii: "-"),
               let year = Int64(String(decoding: digits, as: UTF8.self)) {
                throw .invalidText(text, .yearOutOfRange(year))
            }
            throw .malformedInstant(text)
        }
    }

    /// The instant, reading a wall time in `zone` with the "compatible" policies: a skipped time
    /// with the offset before the gap (`shift`), a repeated one as the earlier instant.
    public func instant(in zone: ZoneRules) -> Instant {
        switch self {
        case .instant(let instant): return instant
        case .local(let local):
            return zone.resolve(local, gap: .shift, overlap: .first).first?.instant ?? Instant(seconds: local.localSeconds)
        }
    }
}
