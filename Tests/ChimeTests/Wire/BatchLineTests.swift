import Testing
@testable import ChimeBatch
@testable import ChimeTestSupport

/// `BatchLine.Cursor.requestMember` recognizes a request member's name from two words; its
/// constants must be the names' bytes, and nothing else may match.
@Suite struct BatchLineTests {
    static let names: [(String, BatchLine.Member)] = [
        ("id", .id), ("identifier", .identifier), ("zone", .zone), ("after", .after), ("count", .count),
        ("created", .created), ("deadlineMs", .deadlineMs), ("payload", .payload), ("trigger", .trigger),
    ]

    /// The two words after a member's opening quote, the rest of the 16 bytes `filler`.
    static func words(_ text: String, filler: UInt8) -> (UInt64, UInt64) {
        var bytes = Array(text.utf8.prefix(16))
        bytes += Array(repeating: filler, count: 16 - bytes.count)
        let word = { (range: Range<Int>) in range.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[$1]) } }
        return (word(0..<8), word(8..<16))
    }

    @Test func memberNamesReadAsWords() {
        var rng = SplitMix64(seed: 0xBA7C_2026)
        for (name, member) in Self.names {
            for _ in 0..<50 {
                let filler = UInt8(rng.next(in: 0...255))
                let (low, high) = Self.words(name + "\"" + ",\"x\":1", filler: filler)
                let found = BatchLine.Cursor.requestMember(low, high)
                #expect(found?.member == member && found?.length == name.utf8.count + 1, "\(name)")
            }
        }
        // Not a request member: a longer or shorter name, another byte, no closing quote.
        for (name, _) in Self.names {
            for text in [name + "s\"", String(name.dropLast()) + "\"", name.uppercased() + "\"", name + "\\", "x" + name + "\""] {
                let (low, high) = Self.words(text, filler: UInt8(ascii: " "))
                if let found = BatchLine.Cursor.requestMember(low, high) {
                    // Only another member's exact name may match ("id" inside "identifier" cannot).
                    #expect(Self.names.contains { $0.0 + "\"" == String(text.prefix(found.length)) && $0.1 == found.member }, "\(text)")
                }
            }
        }
    }
}
