import Testing
@testable import ChimeBatch
@testable import ChimeTestSupport

/// `LineFramer`, the one framing of request lines (`chime batch`, pending files, the C ABI), held
/// to docs/contract.md's rule written out the plain way — split at `\n`, drop a `\r` before it,
/// keep a last line without `\n` as it is, a line over the limit reported by its length — over
/// seeded random inputs fed in random pieces.
@Suite struct LineFramerTests {
    enum Piece: Equatable { case line([UInt8]), tooLong(Int) }

    /// The rule, on the whole input at once.
    static func expected(_ input: [UInt8], limit: Int) -> [Piece] {
        var pieces = input.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        let last = pieces.removeLast()   // after the last `\n`: a last line only if not empty
        var lines = pieces.map { $0.last == 0x0D ? Array($0.dropLast()) : $0 }
        if !last.isEmpty { lines.append(last) }
        return lines.map { $0.count > limit ? .tooLong($0.count) : .line($0) }
    }

    static func framed(_ input: [UInt8], cuts: [Int], limit: Int) -> [Piece] {
        var framer = LineFramer(maximumLength: limit)
        var out: [Piece] = []
        func take(_ piece: LineFramer.Piece) -> Bool {
            switch piece {
            case .line(let line): out.append(.line(Array(line)))
            case .tooLong(let length): out.append(.tooLong(length))
            }
            return true
        }
        var start = 0
        for cut in cuts.sorted() + [input.count] where cut >= start {
            input[start..<cut].withUnsafeBufferPointer { _ = framer.feed($0, take) }
            start = cut
        }
        framer.finish(take)
        return out
    }

    @Test func randomInputsInRandomPieces() {
        var random = SplitMix64(seed: 2026)
        let alphabet: [UInt8] = [0x0A, 0x0D, 0x0D, 0x61, 0x62, 0x20, 0x7B]   // \n \r \r a b space {
        for round in 0..<3000 {
            let limit = random.next(in: 1...12)
            let input = (0..<random.next(in: 0...60)).map { _ in alphabet[random.next(in: 0...alphabet.count - 1)] }
            let cuts = (0..<random.next(in: 0...8)).map { _ in random.next(in: 0...input.count) }
            let framed = Self.framed(input, cuts: cuts, limit: limit)
            let expected = Self.expected(input, limit: limit)
            #expect(framed == expected, "round \(round): \(input) cut at \(cuts.sorted()), limit \(limit)")
            if framed != expected { return }
        }
    }

    /// A `\r\n` split between two pieces, a line that outgrows the limit across pieces, and a last
    /// line without `\n`, by hand.
    @Test func edgesByHand() {
        let input = Array("ab\r\ncdefgh\r\nxy".utf8)
        #expect(Self.framed(input, cuts: [3, 5, 7], limit: 4) == [.line(Array("ab".utf8)), .tooLong(6), .line(Array("xy".utf8))])
        #expect(Self.framed(Array("abcd\r".utf8), cuts: [4], limit: 4) == [.tooLong(5)])   // no `\n`: the `\r` stays
        #expect(Self.framed(Array("abcd\r\n".utf8), cuts: [5], limit: 4) == [.line(Array("abcd".utf8))])
    }
}
