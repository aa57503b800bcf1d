import Foundation
import Testing
@testable import Chime
@testable import ChimeZones
@testable import ChimeTestSupport
@testable import ChimeTestCases

// Bad TZif input must end in a `ZoneError` that names the problem, or in rules that answer
// sanely — never in a crash, a hang or an absurd allocation.
//
// The corpus: real `zic -b fat` files from the pinned fixtures (several zones, v2 and v3), a
// hand-built minimal v1 file and a hand-built v2 file with no transitions and only a footer,
// each corrupted a few hundred ways (structural truncations, wrong magic and version bytes,
// absurd counts, out-of-range indices, non-ascending times, leap-second records, bad type
// fields, bad footers, random byte flips) with a seeded PRNG, so every run sees the same files.
//
// To find which case crashes the process, run with CHIME_FUZZ_TRACE=1: each case's label is
// printed before it is parsed. CHIME_FUZZ_SEED=N changes the seed, CHIME_FUZZ_CASES=N the number of
// random byte-flip files per base file (defaults below).
//
// `extremeTransitionTimes` runs in-process: while the overflow traps it documents are unfixed it
// kills the whole test process (skip it with `swift test --skip extremeTransitionTimes`); the same
// files are also run through the `chime` executable in `CLIBadInputTests`, where a crash is just a failure.

// MARK: - The corpus

/// One corrupted (or deliberately valid) file and what the parser must make of it.
struct CorruptTZif {
    enum Expectation {
        /// Must throw, and the description must contain one of these (case-insensitive).
        case reject([String])
        /// Must parse into sane rules.
        case accept
        /// Either is fine (random damage may or may not break the structure).
        case either
    }

    let label: String
    let kind: String
    let bytes: [UInt8]
    let expectation: Expectation
}

/// Generates the corrupted variants of one base file.
struct CorruptionGenerator {
    let name: String
    let base: [UInt8]
    let layout: TZifLayout
    var rng: SplitMix64
    /// How many random byte-flip files.
    let flips: Int
    private(set) var cases: [CorruptTZif] = []

    init(name: String, base: [UInt8], seed: UInt64, flips: Int) {
        self.name = name
        self.base = base
        self.layout = TZifLayout(base)
        self.rng = SplitMix64(seed: seed)
        self.flips = flips
    }

    private mutating func add(_ kind: String, _ detail: String, _ bytes: [UInt8], _ expectation: CorruptTZif.Expectation) {
        cases.append(CorruptTZif(label: "\(name) [\(kind)] \(detail)", kind: kind, bytes: bytes, expectation: expectation))
    }

    static let badFooters = [
        "EST5EDT,M13.1.0,M11.1.0", "<+03", "EST5EDT,M3.2.0", "X", "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,M3.2.7,M11.1.0",
        "EST5EDT,M3.2.0,M11.1.0,", "EST25", "EST5:60", "EST5EDT,J0,J365", "EST5EDT,366,0", "EST5EDT,M3.2.0/168,M11.1.0",
        "<E$T>5", "<+3>-3", "EST5EDT,M3.2.0,M11.1.0 ", "EST 5", "ES5", "\u{E9}\u{E9}\u{E9}5", "EST5\0", "5EST",
    ]

    /// Footers that are valid POSIX TZ strings, swapped in for the real one: the rules must still be sane.
    /// (All-year DST, `EST5EDT,0/0,J365/25`, has its own test in `POSIXTimeZoneStringTests`.)
    static let validFooters = [
        "", "UTC0", "EST5EDT", "IST-1GMT0,M10.5.0,M3.5.0/1", "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
        "<+0330>-3:30", "<+24>-24", "<-24>24", "EST5EDT,M3.2.0/-167,M11.1.0/167", "AAA-24:59:59BBB,M3.5.0/167,M10.5.0/-167", "AAA0BBB,J60/0,J60/1",
        "AAA0BBB,59/0,59/1", "EST5EDT,M3.2.0/2,M3.2.0/3", "EST5EDT,M11.1.0,M3.2.0",
    ]

    mutating func generate() -> [CorruptTZif] {
        truncations()
        magicAndVersion()
        counts()
        typesAndIndices()
        footers()
        ignoredVersion1Data()
        byteFlips(flips)
        return cases
    }

    /// Every strict prefix fails: at structural boundaries (and one byte either side) and at random offsets.
    private mutating func truncations() {
        var offsets = Set([0, 1, 3, 4, 5, 19, 20, 43])
        var boundaries = layout.first.boundaries + (layout.second?.boundaries ?? [])
        if let footer = layout.footer { boundaries += [footer.lowerBound, footer.lowerBound + 1, footer.upperBound - 1] }
        for b in boundaries { offsets.formUnion([b - 1, b, b + 1]) }
        for _ in 0..<20 { offsets.insert(Int.random(in: 0..<base.count, using: &rng)) }
        for cut in offsets.sorted() where cut >= 0 && cut < base.count {
            // Past the first header, a count larger than what is left may be reported as "absurd".
            let keywords = cut < 44 ? ["truncated header"] : ["truncated", "footer", "absurd count"]
            add("truncation", "at \(cut) of \(base.count)", Array(base[..<cut]), .reject(keywords))
        }
    }

    private mutating func magicAndVersion() {
        let magics: [[UInt8]] = [Array("tzif".utf8), Array("TZiF".utf8), Array("TZig".utf8), [0, 0, 0, 0], Array("\u{7F}ELF".utf8),
                                 (0..<4).map { _ in UInt8.random(in: 0...255, using: &rng) }]
        for magic in magics {
            add("wrong magic", "first header \(magic)", TZifBytes.patched(base, at: 0, with: magic), .reject(["magic"]))
            if let second = layout.second {
                add("wrong magic", "second header \(magic)", TZifBytes.patched(base, at: second.start, with: magic), .reject(["magic"]))
            }
        }
        let versions: [UInt8] = [UInt8(ascii: "1"), UInt8(ascii: "5"), UInt8(ascii: "A"), 1, 0xFF, UInt8(ascii: " ")]
        for v in versions {
            add("unknown version", "first header 0x\(String(v, radix: 16))",
                TZifBytes.patched(base, at: layout.first.versionOffset, with: [v]), .reject(["version"]))
            if let second = layout.second {
                add("unknown version", "second header 0x\(String(v, radix: 16))",
                    TZifBytes.patched(base, at: second.versionOffset, with: [v]), .reject(["version"]))
            }
        }
        if layout.second != nil {
            // Version 0 in the first header: a v1 reader's view, which must still work (32-bit data, no footer).
            add("downgraded to v1", "first header version 0", TZifBytes.patched(base, at: 4, with: [0]), .accept)
        }
    }

    private mutating func counts() {
        let names = ["isutcnt", "isstdcnt", "leapcnt", "timecnt", "typecnt", "charcnt"]
        for block in [layout.first] + (layout.second.map { [$0] } ?? []) {
            let which = block.start == 0 ? "first" : "second"
            for k in 0..<6 {
                let at = block.countOffset(k)
                for absurd: UInt32 in [0xFFFF_FFFF, 0x7FFF_FFFF, UInt32(base.count + 1)] {
                    // Just past the file size reads as truncation; far past it, as an absurd count.
                    add("absurd count", "\(which) \(names[k]) = \(absurd)", TZifBytes.patched(base, at: at, with: TZifBytes.be32(absurd)),
                        .reject([absurd < 1 << 16 ? "truncated" : "absurd count"]))
                }
                // Off by one: the structure no longer lines up; any clean outcome is fine.
                for delta in [-1, 1] where block.counts[k] + delta >= 0 {
                    add("count off by one", "\(which) \(names[k]) \(delta > 0 ? "+" : "")\(delta)",
                        TZifBytes.patched(base, at: at, with: TZifBytes.be32(UInt32(block.counts[k] + delta))), .either)
                }
            }
            let typecntZero = TZifBytes.patched(base, at: block.countOffset(4), with: TZifBytes.be32(0))
            // Only the block the parser reads reports it by name; a zeroed v1 count just misaligns what follows.
            add("typecnt 0", which, typecntZero, .reject(block.start == layout.data.start ? ["typecnt is 0"] : []))
            // A leap-second record claimed in the header.
            let leapcnt = TZifBytes.patched(base, at: block.countOffset(2), with: TZifBytes.be32(1))
            add("leap seconds", "\(which) leapcnt = 1", leapcnt, .reject(block.start == layout.data.start ? ["leap-second"] : []))
        }
    }

    private mutating func typesAndIndices() {
        let data = layout.data
        if data.timecnt > 0 {
            for i in Set([0, data.timecnt / 2, data.timecnt - 1]).sorted() {
                for bad in Set([UInt8(truncatingIfNeeded: data.typecnt), 255]).sorted() where Int(bad) >= data.typecnt {
                    add("type index out of range", "transition \(i) -> type \(bad)",
                        TZifBytes.patched(base, at: data.indices + i, with: [bad]), .reject(["names type"]))
                }
            }
        }
        if data.timecnt > 1 {
            for i in Set([1, data.timecnt / 2, data.timecnt - 1]).sorted() {
                let previous = Array(base[data.timeOffset(i - 1)..<data.timeOffset(i)])
                add("non-ascending times", "time \(i) = time \(i - 1)",
                    TZifBytes.patched(base, at: data.timeOffset(i), with: previous), .reject(["not ascending"]))
            }
            // Swap the first two times.
            let a = Array(base[data.timeOffset(0)..<data.timeOffset(1)]), b = Array(base[data.timeOffset(1)..<data.timeOffset(2)])
            add("non-ascending times", "times 0 and 1 swapped",
                TZifBytes.patched(TZifBytes.patched(base, at: data.timeOffset(0), with: b), at: data.timeOffset(1), with: a),
                .reject(["not ascending"]))
        }
        for j in Set([0, data.typecnt - 1]).sorted() {
            let type = data.typeOffset(j)
            for offset: Int32 in [Int32.min, -93_600, 93_600, Int32.max] {
                add("absurd offset", "type \(j) utoff \(offset)",
                    TZifBytes.patched(base, at: type, with: TZifBytes.be32(UInt32(bitPattern: offset))), .reject(["absurd UTC offset"]))
            }
            // The RFC's extremes, -25:59:59 and +25:59:59, are valid.
            for offset: Int32 in [-93_599, 93_599] {
                add("extreme valid offset", "type \(j) utoff \(offset)",
                    TZifBytes.patched(base, at: type, with: TZifBytes.be32(UInt32(bitPattern: offset))), .accept)
            }
            for isdst: UInt8 in [7, 2, 255] {
                add("bad isdst", "type \(j) isdst \(isdst)", TZifBytes.patched(base, at: type + 4, with: [isdst]), .reject(["isdst \(isdst)"]))
            }
            for abbrind in Set([UInt8(truncatingIfNeeded: data.charcnt), 255]).sorted() where Int(abbrind) >= data.charcnt {
                add("abbreviation index out of range", "type \(j) abbrind \(abbrind)",
                    TZifBytes.patched(base, at: type + 5, with: [abbrind]), .reject(["abbreviation index"]))
            }
        }
        // No NUL anywhere in the abbreviation characters: no type has a terminated abbreviation.
        let chars = base[data.chars..<data.leaps].map { $0 == 0 ? UInt8(ascii: "A") : $0 }
        add("abbreviation missing NUL", "all NULs replaced", TZifBytes.patched(base, at: data.chars, with: chars),
            .reject(["NUL-terminated"]))
    }

    private mutating func footers() {
        guard let footer = layout.footer else { return }
        let head = Array(base[..<footer.lowerBound])
        let junk = String((0..<300).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x21...0x7E, using: &rng))) })
        // Junk that starts with a digit can never be a zone abbreviation.
        for text in Self.badFooters + ["1" + junk.dropFirst()] {
            add("bad footer", text.prefix(40).debugDescription, head + [0x0A] + Array(text.utf8) + [0x0A], .reject(["bad footer", text]))
        }
        for text in Self.validFooters {
            add("valid footer swapped in", text.debugDescription, head + [0x0A] + Array(text.utf8) + [0x0A], .accept)
        }
        let text = Array(base[(footer.lowerBound + 1)..<(footer.upperBound - 1)])
        add("unterminated footer", "trailing newline removed", head + [0x0A] + text, .reject(["not terminated"]))
        add("unterminated footer", "newline only", head + [0x0A], .reject(["footer"]))
        add("missing footer", "no footer at all", head, .reject(["missing footer"]))
        add("missing footer", "leading newline replaced", head + [UInt8(ascii: "E")] + text + [0x0A], .reject(["missing footer"]))
        add("unterminated footer", "300 bytes of junk, no newline", head + [0x0A] + Array(junk.utf8), .reject(["not terminated"]))
    }

    /// Readers of v2+ files skip the 32-bit block: damage inside its data (not its counts) changes nothing.
    private mutating func ignoredVersion1Data() {
        guard layout.second != nil, layout.first.end > layout.first.times else { return }
        for _ in 0..<10 {
            let at = Int.random(in: layout.first.times..<layout.first.end, using: &rng)
            var bytes = base
            bytes[at] ^= UInt8.random(in: 1...255, using: &rng)
            add("v1 data ignored", "byte \(at) of the 32-bit block", bytes, .accept)
        }
    }

    /// Random damage anywhere: 1-8 bytes XORed, zeroed or set to 0xFF.
    private mutating func byteFlips(_ count: Int) {
        for n in 0..<count {
            var bytes = base
            var touched: [String] = []
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: bytes[at] = 0
                case 1: bytes[at] = 0xFF
                default: bytes[at] ^= UInt8.random(in: 1...255, using: &rng)
                }
                touched.append(String(at))
            }
            add("random byte damage", "#\(n) at \(touched.joined(separator: ","))", bytes, .either)
        }
    }
}

// MARK: - Judging outcomes

enum CorruptionJudge {
    enum Outcome {
        case rejected(ZoneError)
        case accepted(ZoneRules)
    }

    /// Parses and builds the rules the way `TZifDirectoryProvider` does.
    static func load(_ bytes: [UInt8], path: String) -> Outcome {
        do {
            return .accepted(try TZifParser.rules(bytes, path: path, identifier: "Fuzz/Case", version: nil))
        } catch {
            return .rejected(error)
        }
    }

    /// Short reason category for the outcome histogram: the reason text up to its first number or detail.
    static func category(of error: ZoneError) -> String {
        let reason: String
        switch error {
        case let .malformedTZif(_, r): reason = r
        default: reason = error.description
        }
        let cut = reason.firstIndex { $0.isNumber || "(:'".contains($0) } ?? reason.endIndex
        return String(reason[..<cut]).trimmingCharacters(in: .whitespaces)
    }

    /// Every instant probed: the supported range's ends, familiar dates, and both sides of the
    /// first few transitions the rules report.
    static let probeSeconds: [Int64] = [
        Instant.supportedRange.lowerBound.seconds, -5_000_000_000, -2_208_988_800, -1, 0, 1_000_000_000,
        1_772_953_200, 1_793_512_800, 2_147_483_647, 2_147_483_648, 4_102_444_800, 32_503_680_000,
        Instant.supportedRange.upperBound.seconds,
    ]

    /// Basic sanity of rules built from (possibly damaged) data. Returns the problems found.
    static func sanityProblems(_ rules: ZoneRules) -> [String] {
        var problems: [String] = []
        func check(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition && problems.count < 5 { problems.append(message()) }
        }
        let range = Instant.supportedRange
        var probes = probeSeconds
        // Walk the first transitions after year 1 and after 1970 (bounded: no loop can run away).
        for start in [range.lowerBound.seconds, 0] {
            var cursor = Instant(seconds: start)
            for _ in 0..<8 {
                guard let next = rules.nextTransition(after: cursor), range.contains(next.instant) else { break }
                probes += [next.instant.seconds - 1, next.instant.seconds]
                cursor = next.instant
            }
        }
        for seconds in probes where range.contains(Instant(seconds: seconds)) {
            let instant = Instant(seconds: seconds)
            let type = rules.type(at: instant)
            check(type.utcOffset == rules.utcOffset(at: instant), "type(at: \(instant)) and utcOffset(at:) disagree")
            check(abs(Int(type.utcOffset)) < 93_600 + 3_600, "offset \(type.utcOffset) at \(instant) is absurd")

            if let next = rules.nextTransition(after: instant) {
                check(next.instant > instant, "nextTransition(after: \(instant)) = \(next.instant) is not after it")
                check(next.before != next.after, "nextTransition(after: \(instant)) at \(next.instant) changes nothing")
                check(rules.type(at: next.instant) == next.after, "type at \(next.instant) is not the transition's 'after'")
                check(rules.type(at: next.instant.adding(seconds: -1)) == next.before,
                      "type just before \(next.instant) is not the transition's 'before'")
            }
            if let previous = rules.previousTransition(before: instant) {
                check(previous.instant < instant, "previousTransition(before: \(instant)) = \(previous.instant) is not before it")
                check(rules.type(at: previous.instant) == previous.after, "type at \(previous.instant) is not the transition's 'after'")
            }
            // A year of transitions is bounded by what the table holds (plus a cycle's two per year).
            let yearLater = Instant(seconds: min(seconds + 366 * 86_400, range.upperBound.seconds))
            let listed = rules.transitions(from: instant, to: yearLater)
            check(listed.count <= rules.table.transitionCount + 4, "\(listed.count) transitions in the year from \(instant)")
            check(zip(listed, listed.dropFirst()).allSatisfy { $0.instant < $1.instant }, "transitions from \(instant) are not ascending")

            // Resolve the wall time at this instant, and the wall times either side of it.
            for delta: Int64 in [-1, 0, 1800] {
                let local = CivilDateTime(localSeconds: seconds + Int64(type.utcOffset) + delta)
                guard CivilDateTime.supportedYears.contains(Int64(local.year)) else { continue }
                problems += resolutionProblems(rules, local).prefix(max(0, 5 - problems.count))
            }
        }
        return problems
    }

    /// Every answer of `resolve` must be consistent with `type(at:)`.
    static func resolutionProblems(_ rules: ZoneRules, _ local: CivilDateTime) -> [String] {
        func reads(_ seconds: Int64, _ offset: Int32) -> Bool {
            rules.utcOffset(atSeconds: seconds) == offset && seconds + Int64(offset) == local.localSeconds
        }
        switch rules.resolve(local) {
        case let .unique(seconds, offset):
            return reads(seconds, offset) ? [] : ["resolve(\(local)) = unique \(seconds) \(offset), but type(at:) says \(rules.type(at: Instant(seconds: seconds)))"]
        case let .overlap(earlier, earlierOffset, later, laterOffset):
            return reads(earlier, earlierOffset) && reads(later, laterOffset) && earlier < later
                ? [] : ["resolve(\(local)) = overlap \(earlier) / \(later) is inconsistent"]
        case let .gap(transition, before, after):
            let t = rules.transition(at: transition)
            let inGap = after > before && t.before.utcOffset == before && t.after.utcOffset == after
                && local.localSeconds - Int64(before) >= transition
                && local.localSeconds - Int64(after) < transition
            return inGap ? [] : ["resolve(\(local)) = gap at \(t.instant) (\(t.before) -> \(t.after)) does not contain it"]
        }
    }
}

// MARK: - Tests

@Suite("TZif corruption")
struct TZifCorruptionTests {
    /// Real fixture zones chosen for variety (their list says which).
    static let realZones = ZoneSets.tzifCorruption
    static let handBuilt = ["hand-built v1", "hand-built footer-only v2"]

    /// `CHIME_FUZZ_SEED`, `CHIME_FUZZ_CASES` (byte flips per base file) and `CHIME_FUZZ_TRACE`.
    static let variables = DifferentialRun(name: "FUZZ", defaultCases: 150, defaultSeed: 0x00C4_13E5_EED5)
    static let trace = variables.value("TRACE") == "1"

    static func baseFile(_ name: String) throws -> [UInt8] {
        switch name {
        case "hand-built v1": return TZifWriter.minimalV1.bytes()
        case "hand-built footer-only v2": return TZifWriter.footerOnlyV2.bytes()
        default: return Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.zoneinfoDirectory + "/" + name)))
        }
    }

    /// FNV-1a, so each base file gets its own stable seed (`String.hashValue` changes per process).
    static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    static func corpus(for name: String) throws -> [CorruptTZif] {
        var generator = CorruptionGenerator(name: name, base: try baseFile(name), seed: variables.seed ^ stableHash(name), flips: variables.cases)
        return generator.generate()
    }

    /// Tallies of one base file's corpus.
    struct Tally: Sendable {
        var cases = 0
        var rejected: [String: Int] = [:]      // reason category -> count
        var acceptedByKind: [String: Int] = [:]
        var failures: [String] = []
        var nanoseconds: UInt64 = 0
    }

    /// Runs one base file's corpus; failures are collected (not recorded) so the caller reports them in order.
    static func run(_ name: String) throws -> Tally {
        var tally = Tally()
        let path = "/fuzz/\(name)"
        let started = DispatchTime.now().uptimeNanoseconds
        for corrupt in try corpus(for: name) {
            if trace { print("TZif fuzz case: \(corrupt.label)") }
            tally.cases += 1
            let caseStart = DispatchTime.now().uptimeNanoseconds
            let outcome = CorruptionJudge.load(corrupt.bytes, path: path)
            var failure: String?
            switch (outcome, corrupt.expectation) {
            case let (.rejected(error), .reject(keywords)):
                let text = error.description.lowercased()
                if !keywords.isEmpty && !keywords.contains(where: { text.contains($0.lowercased()) }) {
                    failure = "rejected, but the message names none of \(keywords): \(error)"
                }
                tally.rejected[CorruptionJudge.category(of: error), default: 0] += 1
            case let (.rejected(error), .either):
                tally.rejected[CorruptionJudge.category(of: error), default: 0] += 1
            case let (.rejected(error), .accept):
                failure = "should parse, but: \(error)"
            case (.accepted, .reject):
                failure = "should be rejected, but parsed"
            case let (.accepted(rules), _):
                tally.acceptedByKind[corrupt.kind, default: 0] += 1
                let problems = CorruptionJudge.sanityProblems(rules)
                if !problems.isEmpty { failure = "parsed into insane rules: " + problems.joined(separator: "; ") }
            }
            // Every rejection must be a malformed-TZif error naming the file and giving a real reason.
            if case .rejected(let error) = outcome, !Self.namesFileAndReason(error, path: path) {
                failure = (failure.map { $0 + "; " } ?? "") + "error does not name the file and a reason: \(error)"
            }
            let elapsed = DispatchTime.now().uptimeNanoseconds - caseStart
            if elapsed > 2_000_000_000 { failure = (failure.map { $0 + "; " } ?? "") + "took \(elapsed / 1_000_000) ms" }
            if let failure { tally.failures.append("\(corrupt.label): \(failure)") }
        }
        tally.nanoseconds = DispatchTime.now().uptimeNanoseconds - started
        return tally
    }

    static func namesFileAndReason(_ error: ZoneError, path: String) -> Bool {
        guard case let .malformedTZif(p, reason) = error else { return false }
        return p == path && reason.count >= 10
    }

    @Test("Base files are what the corpus assumes: real v2+ fat files, and hand-built files that parse")
    func baseFilesAreWellFormed() throws {
        for name in Self.realZones {
            let bytes = try Self.baseFile(name)
            let layout = TZifLayout(bytes)
            #expect(bytes[4] >= UInt8(ascii: "2"), "\(name) is not v2+")
            #expect(layout.footer != nil && layout.second!.end < bytes.count, "\(name) has no footer")
            #expect(layout.footer?.upperBound == bytes.count)
            if name != "Etc/UTC" { #expect(layout.first.timecnt > 0, "\(name) is not a fat file (empty 32-bit block)") }
            guard case .accepted(let rules) = CorruptionJudge.load(bytes, path: name) else {
                Issue.record("\(name) does not load"); continue
            }
            #expect(CorruptionJudge.sanityProblems(rules) == [], "\(name)")
        }
        // The hand-built v1 file: EST/EDT, four 32-bit transitions, no footer (the last type holds forever).
        let v1 = try TZifParser.parse(TZifWriter.minimalV1.bytes(), path: "v1")
        #expect(v1.version == 1)
        #expect(v1.footer == nil)
        #expect(v1.initial == LocalTimeType(utcOffset: -18_000, isDST: false, abbreviation: "EST"))
        #expect(v1.transitions.map(\.seconds) == [1_741_417_200, 1_762_149_600, 1_772_953_200, 1_793_512_800])
        #expect(v1.transitions.map(\.type.abbreviation) == ["EDT", "EST", "EDT", "EST"])
    }

    @Test("A v2 file with no transitions: the footer governs all of time, before and after 1970")
    func footerOnlyFileCoversAllTime() throws {
        guard case .accepted(let rules) = CorruptionJudge.load(TZifWriter.footerOnlyV2.bytes(), path: "footer-only") else {
            Issue.record("footer-only file does not load"); return
        }
        let est = LocalTimeType(utcOffset: -18_000, isDST: false, abbreviation: "EST")
        let edt = LocalTimeType(utcOffset: -14_400, isDST: true, abbreviation: "EDT")
        // 2026: DST from 2026-03-08T07:00:00Z to 2026-11-01T06:00:00Z.
        #expect(rules.type(at: Instant(seconds: 1_772_953_199)) == est)
        #expect(rules.type(at: Instant(seconds: 1_772_953_200)) == edt)
        #expect(rules.type(at: Instant(seconds: 1_793_512_799)) == edt)
        #expect(rules.type(at: Instant(seconds: 1_793_512_800)) == est)
        // 1960-07-01 (before the table's cycle) and 2500-07-01 (after it) are both summer.
        #expect(rules.type(at: Instant(seconds: -299_894_400)) == edt)
        #expect(rules.type(at: Instant(seconds: 16_740_864_000)) == edt)
        #expect(rules.nextTransition(after: Instant(seconds: 0))?.instant == Instant(seconds: 5_727_600))   // 1970-03-08T07:00:00Z
        #expect(CorruptionJudge.sanityProblems(rules) == [])
    }

    @Test("Corrupted TZif files: a ZoneError naming the problem, or sane rules", arguments: realZones + handBuilt)
    func corruptedFiles(_ name: String) throws {
        let tally = try Self.run(name)
        let seconds = Double(tally.nanoseconds) / 1e9
        print("TZif fuzz \(name): \(tally.cases) cases in \(String(format: "%.2f", seconds)) s; accepted \(tally.acceptedByKind.values.reduce(0, +)) \(tally.acceptedByKind.sorted { $0.key < $1.key }); rejected \(tally.rejected.values.reduce(0, +)) \(tally.rejected.sorted { $0.key < $1.key })")
        #expect(tally.cases >= 150, "\(name): corpus too small")
        for failure in tally.failures.prefix(25) { Issue.record(Comment(rawValue: failure)) }
        #expect(tally.failures.count == 0, "\(name): \(tally.failures.count) of \(tally.cases) cases misbehaved")
        // Damage must actually exercise the parser's checks, not just slip through.
        #expect(tally.rejected["truncated header"] ?? 0 >= 5, "\(name): no header truncations seen")
        #expect(tally.rejected.keys.contains { $0.hasPrefix("not a TZif file") }, "\(name): no magic failures seen")
        #expect(tally.rejected.keys.contains { $0.hasPrefix("absurd count") }, "\(name): no absurd counts seen")
    }

    @Test("The corpus has a few thousand files, and outcomes of each kind are what the kind demands")
    func corpusSizeAndKinds() throws {
        var total = 0
        var kinds: [String: Int] = [:]
        for name in Self.realZones + Self.handBuilt {
            for c in try Self.corpus(for: name) {
                total += 1
                kinds[c.kind, default: 0] += 1
            }
        }
        print("TZif fuzz corpus: \(total) files; by kind: \(kinds.sorted { $0.key < $1.key })")
        #expect(total >= 3_000)
        for kind in ["truncation", "wrong magic", "unknown version", "absurd count", "typecnt 0", "type index out of range",
                     "abbreviation index out of range", "abbreviation missing NUL", "non-ascending times", "leap seconds",
                     "bad isdst", "absurd offset", "bad footer", "unterminated footer", "random byte damage"] {
            #expect(kinds[kind] ?? 0 > 0, "no '\(kind)' cases generated")
        }
    }

    // MARK: Targeted malformations with exact messages

    /// Parses and returns the error description, or records that it parsed.
    static func parseError(_ bytes: [UInt8], path: String = "/zi/Bad/Zone") -> String? {
        if case .rejected(let error) = CorruptionJudge.load(bytes, path: path) { return error.description }
        return nil
    }

    @Test("Exact messages for the common malformations")
    func exactMessages() throws {
        let ny = try Self.baseFile("America/New_York")
        #expect(Self.parseError([]) == "malformed TZif file /zi/Bad/Zone: truncated header (0 bytes, need 44)")
        #expect(Self.parseError(Array(ny[..<30])) == "malformed TZif file /zi/Bad/Zone: truncated header (30 bytes, need 44)")
        #expect(Self.parseError(Array("#!/bin/sh\necho not a zone\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n".utf8))
                == "malformed TZif file /zi/Bad/Zone: not a TZif file (magic is not 'TZif')")
        #expect(Self.parseError(TZifBytes.patched(ny, at: 4, with: [UInt8(ascii: "9")]))
                == "malformed TZif file /zi/Bad/Zone: unknown TZif version byte 0x39")
        #expect(Self.parseError(TZifBytes.patched(ny, at: 32, with: TZifBytes.be32(0xFFFF_FFFF)))
                == "malformed TZif file /zi/Bad/Zone: absurd count 4294967295 in header (file is 3552 bytes)")
        let footer = TZifLayout(ny).footer!
        #expect(Self.parseError(Array(ny[..<footer.lowerBound]) + Array("\nEST5EDT,M3.2.0\n".utf8))
                == "malformed TZif file /zi/Bad/Zone: bad footer: invalid POSIX TZ rule 'EST5EDT,M3.2.0': expected ',' before the DST end rule at byte 14")
    }

    @Test("Leap-second records are refused by name (v1 and v2)")
    func leapSeconds() {
        for version: UInt8 in [0, UInt8(ascii: "2"), UInt8(ascii: "4")] {
            var writer = TZifWriter.minimalV1
            writer.version = version
            writer.footer = "EST5EDT,M3.2.0,M11.1.0"
            writer.leaps = [(78_796_800, 1)]
            let message = Self.parseError(writer.bytes())
            #expect(message?.contains("leap-second") == true, "version \(version): \(message ?? "parsed")")
        }
    }

    @Test("isstd/isut counts other than 0 or typecnt are refused")
    func indicatorCounts() {
        var writer = TZifWriter.minimalV1
        writer.isstd = [0]           // typecnt is 2
        #expect(Self.parseError(writer.bytes())?.contains("isstdcnt/isutcnt") == true)
        writer.isstd = [0, 1]
        writer.isut = [0, 0]
        #expect(Self.parseError(writer.bytes()) == nil)
    }

    @Test("256 distinct types plus a footer's two: an error that still names the file")
    func tooManyTypesNamesTheFile() {
        // 256 types, each used once, with distinct offsets; the footer adds two more types.
        var writer = TZifWriter(version: UInt8(ascii: "2"), types: [], chars: Array("AAA\0".utf8), footer: "EST5EDT,M3.2.0,M11.1.0")
        writer.types = (0..<256).map { TZifWriter.TimeType(utoff: Int32($0) * 60, isdst: 0, abbrind: 0) }
        writer.transitions = (1..<256).map { (Int64($0) * 86_400, UInt8($0)) }
        let message = Self.parseError(writer.bytes(), path: "/zi/Many/Types")
        #expect(message?.contains("/zi/Many/Types") == true, "\(message ?? "parsed")")
    }

    /// A single transition near the edges of Int64 (damaged times, or zic's -2^59 "big bang"),
    /// followed by an annual DST footer. Expanding the rule after the last transition, and mapping
    /// queries into its 400-year cycle, must not overflow: reject the file or answer sanely.
    ///
    /// Known crashes (arithmetic overflow traps) at the time of writing:
    /// - `Int64.min`, `Int64.max - 300 years`: `RecurringRule.DateRule.utcSeconds` (RecurringRule.swift:86);
    /// - `Int64.max`: `TransitionTableBuilder.appendingCycle`, the `cycleStart` product (TransitionTableBuilder.swift:51);
    /// - `Int64.min + 2 or 500 years`: the table builds, then `type(at:)`/`nextTransition` trap in
    ///   `TransitionTable.mapIntoTable` (`seconds - cycleStart`, TransitionTable.swift:59).
    static let extremeTimes: [Int64] = [
        Int64.min, Int64.min + 2 * 366 * 86_400, Int64.min + 500 * 366 * 86_400, Int64.min / 2, -(1 << 59),
        1 << 59, Int64.max / 2, Int64.max - 500 * 366 * 86_400, Int64.max - 300 * 366 * 86_400, Int64.max,
    ]

    @Test("A lone transition near the edges of Int64 with a recurring footer: no overflow trap", arguments: extremeTimes)
    func extremeTransitionTimes(_ time: Int64) {
        var writer = TZifWriter.minimalV1
        writer.version = UInt8(ascii: "2")
        writer.transitions = [(time, 1)]
        writer.footer = "EST5EDT,M3.2.0,M11.1.0"
        if Self.trace { print("TZif extreme case: single transition at \(time)") }
        switch CorruptionJudge.load(writer.bytes(), path: "/zi/Extreme") {
        case .rejected(let error):
            #expect(error.description.contains("/zi/Extreme"), "\(error)")
        case .accepted(let rules):
            #expect(CorruptionJudge.sanityProblems(rules) == [], "transition at \(time)")
        }
    }
}

// MARK: - POSIX TZ strings

@Suite("POSIX TZ strings")
struct POSIXTimeZoneStringTests {
    typealias DateRule = RecurringRule.DateRule

    static func type(_ abbreviation: String, _ offset: Int32, dst: Bool = false) -> LocalTimeType {
        LocalTimeType(utcOffset: offset, isDST: dst, abbreviation: abbreviation)
    }

    static func rule(_ day: DateRule.Day, _ seconds: Int32) -> DateRule {
        DateRule(day: day, secondsOfDay: seconds, reference: .wall)
    }

    static func recurring(_ text: String) throws -> RecurringRule {
        guard case .recurring(let rule) = try POSIXTimeZoneString.parse(text) else {
            throw ZoneError.invalidPOSIXRule(text, "expected a recurring rule in the test")
        }
        return rule
    }

    @Test("US Eastern: EST5EDT,M3.2.0,M11.1.0 (and its spelled-out and rule-less forms)")
    func usEastern() throws {
        // POSIX offsets count west: EST5 is UTC-5 = -18000; EDT defaults to one hour ahead, -14400.
        // M3.2.0 = 2nd Sunday of March, M11.1.0 = 1st Sunday of November, both at the default 02:00 wall time.
        let expected = RecurringRule(standard: Self.type("EST", -18_000), daylight: Self.type("EDT", -14_400, dst: true),
                                     dstStart: Self.rule(.nthWeekday(month: 3, n: 2, weekday: .sunday), 7_200),
                                     dstEnd: Self.rule(.nthWeekday(month: 11, n: 1, weekday: .sunday), 7_200))
        #expect(try POSIXTimeZoneString.parse("EST5EDT,M3.2.0,M11.1.0") == .recurring(expected))
        #expect(try POSIXTimeZoneString.parse("EST+5EDT+4,M3.2.0/2:00:00,M11.1.0/02") == .recurring(expected))
        // No rule at all: zic and glibc use the US rules.
        #expect(try POSIXTimeZoneString.parse("EST5EDT") == .recurring(expected))
        // 2027: 2027-03-14T07:00:00Z (02:00 EST) and 2027-11-07T06:00:00Z (02:00 EDT).
        let t = expected.sortedTransitions(in: 2027)
        #expect(t.map(\.seconds) == [1_805_007_600, 1_825_567_200])
        #expect(t.map(\.toDaylight) == [true, false])
    }

    @Test("Fixed offsets: <+0330>-3:30, JST-9, <-00>0, <+24>-24")
    func fixedOffsets() throws {
        #expect(try POSIXTimeZoneString.parse("<+0330>-3:30") == .fixed(Self.type("+0330", 12_600)))
        #expect(try POSIXTimeZoneString.parse("JST-9") == .fixed(Self.type("JST", 32_400)))
        #expect(try POSIXTimeZoneString.parse("<-00>0") == .fixed(Self.type("-00", 0)))
        #expect(try POSIXTimeZoneString.parse("<+24>-24") == .fixed(Self.type("+24", 86_400)))
        #expect(try POSIXTimeZoneString.parse("XXX3:15:07") == .fixed(Self.type("XXX", -11_707)))
    }

    @Test("Dublin's negative DST: IST-1GMT0,M10.5.0,M3.5.0/1")
    func dublinNegativeDST() throws {
        // Standard time is IST (+1, summer); "DST" is GMT in winter, an hour *behind* standard.
        let rule = try Self.recurring("IST-1GMT0,M10.5.0,M3.5.0/1")
        #expect(rule.standard == Self.type("IST", 3_600))
        #expect(rule.daylight == Self.type("GMT", 0, dst: true))
        #expect(rule.dstStart == Self.rule(.nthWeekday(month: 10, n: -1, weekday: .sunday), 7_200))
        #expect(rule.dstEnd == Self.rule(.nthWeekday(month: 3, n: -1, weekday: .sunday), 3_600))
        // 2026: winter time ends 2026-03-29T01:00:00Z (01:00 GMT), begins 2026-10-25T01:00:00Z (02:00 IST).
        let t = rule.sortedTransitions(in: 2026)
        #expect(t.map(\.seconds) == [1_774_746_000, 1_792_890_000])
        #expect(t.map(\.toDaylight) == [false, true])
    }

    @Test("America/Nuuk-style negative rule times: <-03>3<-02>,M3.5.0/-2,M10.5.0/-1")
    func negativeRuleTimes() throws {
        let rule = try Self.recurring("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1")
        #expect(rule.standard == Self.type("-03", -10_800))
        #expect(rule.daylight == Self.type("-02", -7_200, dst: true))
        #expect(rule.dstStart == Self.rule(.nthWeekday(month: 3, n: -1, weekday: .sunday), -7_200))
        #expect(rule.dstEnd == Self.rule(.nthWeekday(month: 10, n: -1, weekday: .sunday), -3_600))
        // "-2:00 on the last Sunday of March" is Saturday 22:00 -03 = Sunday 01:00Z, as in the EU.
        #expect(rule.sortedTransitions(in: 2026).map(\.seconds) == [1_774_746_000, 1_792_890_000])
    }

    @Test("Julian days, :45 offsets and 167-hour rule times")
    func otherForms() throws {
        // Jn never counts Feb 29: J79 is March 20, J263 is September 20 (old Asia/Tehran).
        let tehran = try Self.recurring("<+0330>-3:30<+0430>,J79/24,J263/24")
        #expect(tehran.dstStart == Self.rule(.dayOfMonth(month: 3, day: 20), 86_400))
        #expect(tehran.dstEnd == Self.rule(.dayOfMonth(month: 9, day: 20), 86_400))
        #expect(tehran.sortedTransitions(in: 2026).map(\.seconds) == [1_774_038_600, 1_789_932_600])
        // Zero-based n counts Feb 29: day 59 is Feb 29 in leap years.
        #expect(try Self.recurring("AAA3BBB,59,300").dstStart == Self.rule(.zeroBasedDayOfYear(59), 7_200))
        let chatham = try Self.recurring("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45")
        #expect(chatham.standard == Self.type("+1245", 45_900))
        #expect(chatham.daylight == Self.type("+1345", 49_500, dst: true))
        #expect(chatham.sortedTransitions(in: 2026).map(\.seconds) == [1_775_311_200, 1_790_431_200])
        let extreme = try Self.recurring("AAA-24:59:59BBB,M3.5.0/167,M10.5.0/-167")
        #expect(extreme.standard.utcOffset == 89_999)
        #expect(extreme.daylight.utcOffset == 93_599)
        #expect(extreme.dstStart.secondsOfDay == 601_200)
        #expect(extreme.dstEnd.secondsOfDay == -601_200)
    }

    @Test("All-year DST: EST5EDT,0/0,J365/25 parses as day 0 00:00 to Dec 31 25:00")
    func allYearDSTParses() throws {
        let rule = try Self.recurring("EST5EDT,0/0,J365/25")
        #expect(rule.dstStart == Self.rule(.zeroBasedDayOfYear(0), 0))
        #expect(rule.dstEnd == Self.rule(.dayOfMonth(month: 12, day: 31), 90_000))
        // DST ends at Dec 31 25:00 EDT = Jan 1 05:00Z, exactly when the next year's DST starts.
        let y2026 = rule.sortedTransitions(in: 2026), y2027 = rule.sortedTransitions(in: 2027)
        #expect(y2026.last?.seconds == y2027.first?.seconds)
    }

    /// RFC 8536 §3.3.1: `EST5EDT,0/0,J365/25` means daylight saving time all year. Rules built from
    /// it must say EDT at every instant and report no transitions.
    ///
    /// At the time of writing this fails: the rule expansion stops after the last generated year,
    /// whose "DST ends Jan 1 05:00Z" has no following "DST starts" to cancel it, so the table ends
    /// with a spurious EDT -> EST transition (at 2372-01-01T05:00:00Z for a footer-only file) that
    /// `nextTransition`/`transitions` report although `type(at:)` there still says EDT.
    @Test("All-year DST footer: EDT at every instant and no transitions after the last listed one",
          arguments: [false, true])
    func allYearDSTHasNoTransitions(withListedTransition: Bool) throws {
        let est = Self.type("EST", -18_000), edt = Self.type("EDT", -14_400, dst: true)
        // Either only the footer, or one listed transition to EDT on 2026-03-08T07:00:00Z before it.
        let listed: [(seconds: Int64, type: LocalTimeType)] = withListedTransition ? [(Int64(1_772_953_200), edt)] : []
        let table = try TransitionTableBuilder.build(initial: est, transitions: listed,
                                                     footer: try POSIXTimeZoneString.parse("EST5EDT,0/0,J365/25"), origin: "test")
        let rules = ZoneRules(identifier: "Test/AllYearDST", source: .tzif, version: nil, table: table)
        // 2026-06-01, 2026-12-31T23:00Z, 2372-01-01T05:00Z, 2400-07-01, 2500-01-01: all EDT.
        for seconds: Int64 in [1_780_272_000, 1_798_758_000, 12_685_870_800, 13_585_190_400, 16_725_225_600] {
            #expect(rules.type(at: Instant(seconds: seconds)) == edt, "at \(Instant(seconds: seconds))")
        }
        let next = rules.nextTransition(after: Instant(seconds: 1_780_272_000))
        #expect(next == nil, "spurious transition \(next.map { "\($0.instant) \($0.before) -> \($0.after)" } ?? "")")
        #expect(rules.transitions(from: Instant(seconds: 1_780_272_000), to: Instant(seconds: 16_725_225_600)).isEmpty)
        #expect(CorruptionJudge.sanityProblems(rules) == [])
    }

    /// Invalid strings and the words their error must contain.
    static let invalid: [(text: String, reason: String)] = [
        ("", "abbreviation of 3+ letters"), ("X", "abbreviation of 3+ letters"), ("ES5", "abbreviation of 3+ letters"),
        ("<+03", "unterminated '<'"), ("<+3>-3", "shorter than 3"), ("<E$T>5", "invalid character"),
        ("EST", "expected a number"), ("EST25", "hour 25 exceeds 24"), ("EST5:60", "minute 60 exceeds 59"),
        ("EST5:00:60", "second 60 exceeds 59"), ("EST5EDT,M3.2.0", "expected ','"), ("EST5EDT,", "expected a number"),
        ("EST5EDT,M13.1.0,M11.1.0", "month 13 outside 1-12"), ("EST5EDT,M0.1.0,M11.1.0", "month 0 outside 1-12"),
        ("EST5EDT,M3.6.0,M11.1.0", "week 6 outside 1-5"), ("EST5EDT,M3.2.7,M11.1.0", "weekday 7 outside 0-6"),
        ("EST5EDT,M3-2.0,M11.1.0", "expected '.' after the month"),
        ("EST5EDT,J0,J365", "Julian day 0"), ("EST5EDT,J1,J366", "Julian day 366"), ("EST5EDT,366,0", "day of year 366"),
        ("EST5EDT,M3.2.0/168,M11.1.0", "hour 168 exceeds 167"), ("EST5 ", "abbreviation of 3+ letters"),
        ("EST5EDT,M3.2.0,M11.1.0,", "unexpected text"), ("EST5EDT4,M3.2.0,M11.1.0x", "unexpected text"),
        ("1" + String(repeating: "junk-", count: 60), "abbreviation of 3+ letters"),
        (String(repeating: "A", count: 300), "expected a number"),
    ]

    @Test("Invalid POSIX TZ strings: invalidPOSIXRule naming the string and the problem", arguments: invalid)
    func invalidStrings(_ text: String, _ reason: String) {
        do {
            let footer = try POSIXTimeZoneString.parse(text)
            Issue.record("'\(text)' parsed as \(footer)")
        } catch {
            guard case let .invalidPOSIXRule(rule, message) = error else { Issue.record("wrong error \(error)"); return }
            #expect(rule == text)
            #expect(message.contains(reason), "'\(text)': \(message)")
            #expect(error.description.hasPrefix("invalid POSIX TZ rule '\(text)'"))
        }
    }
}

extension RecurringRule {
    /// A year's DST start and end in time order, each with the kind of time it switches to.
    func sortedTransitions(in year: Int64) -> [(seconds: Int64, toDaylight: Bool)] {
        let (start, end) = transitions(in: year)
        return start <= end ? [(start, true), (end, false)] : [(end, false), (start, true)]
    }
}
