/// Exact readings of a JSON number's source text (already checked against RFC 8259's grammar).
///
/// Integers are read from the decimal text itself, never through a `Double`: `2.50e1` is 25,
/// `1.5` is not an integer, and `1.0000000000000001` is not 1. Doubles are the correctly rounded
/// nearest value, `±infinity` beyond the range and `±0` below it.
///
/// ```swift
/// JSONNumberText.integer(Array("2.50e1".utf8), as: Int.self)   // .value(25)
/// JSONNumberText.integer(Array("1e19".utf8), as: Int64.self)   // .outOfRange
/// JSONNumberText.double(Array("5400.25".utf8))                 // 5400.25
/// ```
enum JSONNumberText {
    enum IntegerReading<T: FixedWidthInteger>: Equatable {
        case value(T)
        /// The number has a non-zero fractional part.
        case notAnInteger
        /// An integer, but outside `T`'s range.
        case outOfRange
    }

    static func integer<T: FixedWidthInteger, Text: RandomAccessCollection<UInt8>>(_ text: Text, as type: T.Type) -> IntegerReading<T>
    where Text.Index == Int {
        let negative = text.first == UInt8(ascii: "-")
        guard let magnitude = exactMagnitude(text, from: text.startIndex + (negative ? 1 : 0)) else {
            return isIntegral(text, from: text.startIndex + (negative ? 1 : 0)) ? .outOfRange : .notAnInteger
        }
        let value: T?
        if !negative {
            value = T(exactly: magnitude)
        } else if magnitude <= UInt64(Int64.max) {
            value = T(exactly: -Int64(magnitude))
        } else {
            value = magnitude == UInt64(Int64.max) + 1 ? T(exactly: Int64.min) : nil
        }
        return value.map(IntegerReading.value) ?? .outOfRange
    }

    /// The nearest `Double`.
    static func double<Text: RandomAccessCollection<UInt8>>(_ text: Text) -> Double where Text.Index == Int {
        // Up to 15 digits and nothing else: exact as an integer, exact as a Double.
        let negative = text.first == UInt8(ascii: "-")
        let digits = text.dropFirst(negative ? 1 : 0)
        if digits.count <= 15, digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) {
            let magnitude = digits.reduce(0) { $0 * 10 + Int64($1 &- UInt8(ascii: "0")) }
            return negative ? -Double(magnitude) : Double(magnitude)
        }
        // The grammar was checked, so the standard library's parser accepts the text; it rounds
        // correctly, overflowing to infinity and underflowing to zero.
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }

    // MARK: Decimal arithmetic on the text

    /// The parts of `int[.frac][e exp]` starting at `start` (after any '-').
    private struct Parts {
        var integerDigits: Range<Int>
        var fractionDigits: Range<Int>
        /// Saturates at ±1e9: far beyond any integer's range, never overflowing `Int`.
        var exponent: Int
    }

    private static func parts<Text: RandomAccessCollection<UInt8>>(_ text: Text, from start: Int) -> Parts where Text.Index == Int {
        var index = start
        while index < text.endIndex, text[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        let integerDigits = start..<index
        var fractionDigits = index..<index
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < text.endIndex, text[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            fractionDigits = fractionStart..<index
        }
        var exponent = 0
        if index < text.endIndex, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var negativeExponent = false
            if index < text.endIndex, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                negativeExponent = text[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < text.endIndex, text[index] &- UInt8(ascii: "0") < 10 {
                exponent = min(exponent * 10 + Int(text[index] &- UInt8(ascii: "0")), 1_000_000_000)
                index += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        return Parts(integerDigits: integerDigits, fractionDigits: fractionDigits, exponent: exponent)
    }

    /// Where the significant digits are (integer digits then fraction digits, without leading or trailing
    /// zeros) and the power of ten they are scaled by; nil digits for zero.
    private static func significand<Text: RandomAccessCollection<UInt8>>(_ text: Text, _ parts: Parts) -> (positions: [Int]?, scale: Int)
    where Text.Index == Int {
        let positions = Array(parts.integerDigits) + Array(parts.fractionDigits)
        guard let first = positions.firstIndex(where: { text[$0] != UInt8(ascii: "0") }),
              let last = positions.lastIndex(where: { text[$0] != UInt8(ascii: "0") }) else { return (nil, 0) }
        let trailingZeros = positions.count - 1 - last
        return (Array(positions[first...last]), parts.exponent - parts.fractionDigits.count + trailingZeros)
    }

    private static func isIntegral<Text: RandomAccessCollection<UInt8>>(_ text: Text, from start: Int) -> Bool where Text.Index == Int {
        let (positions, scale) = significand(text, parts(text, from: start))
        return positions == nil || scale >= 0
    }

    /// The magnitude when the number is an integer that fits in a `UInt64`, else nil.
    private static func exactMagnitude<Text: RandomAccessCollection<UInt8>>(_ text: Text, from start: Int) -> UInt64?
    where Text.Index == Int {
        // Fast path: plain digits, at most 19 of them, cannot overflow.
        let plain = text[start...]
        if plain.count <= 19, plain.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) {
            return plain.reduce(0) { $0 * 10 + UInt64($1 &- UInt8(ascii: "0")) }
        }
        let (positions, scale) = significand(text, parts(text, from: start))
        guard let positions else { return 0 }
        guard scale >= 0, positions.count + scale <= 20 else { return nil }
        var magnitude: UInt64 = 0
        for position in positions {
            let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.addingReportingOverflow(UInt64(text[position] &- UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        for _ in 0..<scale {
            let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            guard !overflow else { return nil }
            magnitude = shifted
        }
        return magnitude
    }
}
