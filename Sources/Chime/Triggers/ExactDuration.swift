/// A non-negative length of time in whole nanoseconds, parsed exactly from decimal text
/// (`"5400"`, `"0.25"`, `"1e3"` is rejected): never a binary floating-point approximation.
public struct ExactDuration: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The length in nanoseconds, 0 or more.
    public let nanoseconds: Int64

    /// The longest duration held: `Int64.max` nanoseconds (about 292 years).
    public static let maximum = ExactDuration(nanoseconds: Int64.max)

    /// A duration of `nanoseconds`. Not checked: pass 0 or more (the throwing initializers check
    /// input).
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// A duration of whole `seconds`; throws `TriggerError.invalidInterval` when negative or beyond
    /// `maximum`.
    public init(seconds: Int64) throws(TriggerError) {
        guard seconds >= 0, seconds <= Int64.max / 1_000_000_000 else {
            throw .invalidInterval("\(seconds) s is out of range (0 … \(Int64.max / 1_000_000_000) s)")
        }
        self.nanoseconds = seconds * 1_000_000_000
    }

    /// Parses `123`, `123.5`, `0.000000001`; rejects signs other than none, exponents, NaN,
    /// infinities and more than nine fractional digits (finer than a nanosecond).
    public init(decimal text: String) throws(TriggerError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .invalidInterval("empty interval") }
        if bytes.first == UInt8(ascii: "-") { throw .invalidInterval("'\(text)' is negative") }
        var whole: Int64 = 0, fraction: Int64 = 0, fractionDigits = 0, i = 0, digits = 0
        while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
            let (m, o1) = whole.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int64(bytes[i] - 48))
            guard !o1, !o2 else { throw .invalidInterval("'\(text)' is too large") }
            whole = a; i += 1; digits += 1
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
                fractionDigits += 1
                guard fractionDigits <= 9 else { throw .invalidInterval("'\(text)' is finer than a nanosecond") }
                fraction = fraction * 10 + Int64(bytes[i] - 48)
                i += 1; digits += 1
            }
        }
        guard i == bytes.count, digits > 0 else {
            throw .invalidInterval("'\(text)' is not a finite decimal number of seconds (e.g. 90 or 0.25)")
        }
        for _ in fractionDigits..<9 { fraction *= 10 }
        let (ns, o1) = whole.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, o2) = ns.addingReportingOverflow(fraction)
        guard !o1, !o2 else { throw .invalidInterval("'\(text)' is too large") }
        self.nanoseconds = total
    }

    /// Shorter first.
    public static func < (a: ExactDuration, b: ExactDuration) -> Bool { a.nanoseconds < b.nanoseconds }

    /// Decimal seconds, shortest exact form: `5400`, `0.25`.
    public var description: String {
        let whole = nanoseconds / 1_000_000_000, fraction = nanoseconds % 1_000_000_000
        guard fraction != 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 9 - digits.count) + digits
        while digits.last == "0" { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
