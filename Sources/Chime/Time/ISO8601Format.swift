#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parsing and formatting of the text forms in CONTRACT.md.
///
/// - Instants: `2026-03-08T07:00:00Z`, `2026-03-08T03:00:00.250-04:00` (offset `±HH:MM`, `±HHMM` or `±HH`).
/// - Local wall times: `2026-03-08T02:30:00` (seconds optional, no offset).
public enum ISO8601Format {
    /// Parses an instant with `Z` or an explicit offset, or `now`.
    public static func parseInstant(_ text: String) throws(TimeError) -> Instant {
        if text == "now" { return Instant.now() }
        var scanner = Scanner(text)
        guard let fields = scanner.dateTime(), let offset = scanner.offset(), scanner.atEnd else {
            throw .malformedInstant(text)
        }
        let local: CivilDateTime
        do { local = try fields.validated() } catch { throw .invalidText(text, error) }
        let instant = Instant(seconds: local.localSeconds - Int64(offset), nanoseconds: Int32(local.nanosecond))
        do { return try instant.checkedInSupportedRange() } catch { throw .invalidText(text, error) }
    }

    /// Parses a wall time with no offset.
    public static func parseLocal(_ text: String) throws(TimeError) -> CivilDateTime {
        var scanner = Scanner(text)
        guard let fields = scanner.dateTime(), scanner.atEnd else { throw .malformedLocalTime(text) }
        do { return try fields.validated() } catch { throw .invalidText(text, error) }
    }

    /// `HH:MM` or `HH:MM:SS` as numbers (ranges are checked by whoever uses them), or nil.
    public static func parseTimeOfDay(_ text: String) -> (hour: Int, minute: Int, second: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
        return (parts[0]!, parts[1]!, parts.count == 3 ? parts[2]! : 0)
    }

    /// `2026-03-08T02:30:00`, fractional seconds only when non-zero.
    public static func localDateTime(_ t: CivilDateTime) -> String {
        var s = pad(t.year, 4) + "-" + pad(t.month, 2) + "-" + pad(t.day, 2)
        s += "T" + pad(t.hour, 2) + ":" + pad(t.minute, 2) + ":" + pad(t.second, 2)
        return s + fraction(t.nanosecond)
    }

    /// `+HH:MM` (or `+HH:MM:SS` for historical offsets with seconds); `Z` is never used here.
    public static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let a = abs(seconds)
        var s = sign + pad(a / 3600, 2) + ":" + pad(a / 60 % 60, 2)
        if a % 60 != 0 { s += ":" + pad(a % 60, 2) }
        return s
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        return value < 0 ? "-" + padded : padded
    }

    /// `.25` style is avoided: we print milliseconds, microseconds or nanoseconds as needed.
    static func fraction(_ nanosecond: Int) -> String {
        guard nanosecond != 0 else { return "" }
        if nanosecond % 1_000_000 == 0 { return "." + pad(nanosecond / 1_000_000, 3) }
        if nanosecond % 1_000 == 0 { return "." + pad(nanosecond / 1_000, 6) }
        return "." + pad(nanosecond, 9)
    }

    /// A tiny cursor over ASCII bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        init(_ text: String) { bytes = Array(text.utf8) }
        var atEnd: Bool { index == bytes.count }

        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for i in index..<(index + count) {
                let b = bytes[i]
                guard b >= 48 && b <= 57 else { return nil }
                value = value * 10 + Int(b - 48)
            }
            index += count
            return value
        }

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
        }

        mutating func dateTime() -> Fields? {
            guard let y = digits(4), take(UInt8(ascii: "-")), let mo = digits(2), take(UInt8(ascii: "-")), let d = digits(2),
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
        mutating func offset() -> Int? {
            if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) { return 0 }
            let sign: Int
            if take(UInt8(ascii: "+")) { sign = 1 } else if take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
            guard let h = digits(2), h <= 23 else { return nil }
            var m = 0
            if take(UInt8(ascii: ":")) {
                guard let mm = digits(2) else { return nil }
                m = mm
            } else if let mm = digits(2) {
                m = mm
            }
            guard m <= 59 else { return nil }
            return sign * (h * 3600 + m * 60)
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
        CivilDateTime(localSeconds: seconds + Int64(offsetSeconds), nanosecond: Int(nanoseconds)).description
            + ISO8601Format.offset(offsetSeconds)
    }

    /// UTC with `Z`: `2026-03-08T07:00:00Z`.
    public var utcString: String {
        CivilDateTime(localSeconds: seconds, nanosecond: Int(nanoseconds)).description + "Z"
    }
}
