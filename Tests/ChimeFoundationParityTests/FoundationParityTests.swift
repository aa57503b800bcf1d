import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import ChimeReference

/// Differential parity with Foundation's `Calendar.nextDate` (same tz data, 2025b) on seeded
/// random cases across all zones (`FoundationCaseGenerator`). `CHIME_PARITY_CASES` sets the count
/// (default 4,000). Every difference must be explained by a `FoundationDivergence` — a Foundation
/// bug Chime does not copy, checked with Foundation's own `dateComponents` and shown by a named
/// test — and the test fails on any other (`CHIME_PARITY_REPORT=path` writes every differing case,
/// the explained ones to `path.explained`). `CHIME_PARITY_SHARD=k/n` compares only every n-th case
/// from the k-th (run n processes to use n cores); `CHIME_PARITY_REPLAY=path` compares the cases of
/// an earlier report instead.
@Suite struct FoundationParityTests {
    struct Outcome: Sendable {
        var total = 0, skipped = 0
        /// Why cases were skipped (Foundation cannot be asked, or Chime's extension).
        var skipReasons: [String: Int] = [:]
        var mismatches: [String: [String]] = [:]
        var explained: [String: Int] = [:]
        var explainedCases: [String] = []
    }

    /// The triaged cases the reference cannot decide (Undecided.txt beside this file): reported, not failed.
    static let undecided: Set<String> = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Undecided.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap(FoundationCase.init(reportLine:)).map(\.description))
    }()

    /// Unexplained differences not in the triaged list (these fail the test).
    static func untriaged(_ outcome: Outcome) -> [String] {
        outcome.mismatches.values.flatMap { $0 }.filter { line in
            FoundationCase(reportLine: Substring(line)).map { !undecided.contains($0.description) } ?? true
        }
    }

    /// Negative weekday ordinals (-1 = the month's last) are Chime's extension; Foundation rejects them.
    static func isChimeExtension(_ c: FoundationCase) -> Bool { (c.weekdayOrdinal ?? 0) < 0 }

    /// The cases to compare: the run's seeded ones, of which this process takes its shard's (so a
    /// long run can be split across processes), or the cases of a report file (`_REPLAY`).
    static func cases(_ run: DifferentialRun) throws -> [FoundationCase] {
        if let replay = run.replayPath {
            return try String(contentsOfFile: replay, encoding: .utf8).split(separator: "\n").compactMap(FoundationCase.init(reportLine:))
        }
        let zones = Fixtures.zoneIdentifiers.filter { TimeZone(identifier: $0) != nil }
        var generator = FoundationCaseGenerator(seed: run.seed, zones: zones) { id in
            guard let rules = FoundationZoneRules.rules(for: id) else { return [] }
            return rules.transitions(from: Instant(seconds: -2_208_988_800), to: Instant(seconds: 7_289_654_400)).map(\.instant.seconds)
        }
        return (0..<run.cases).compactMap { i in
            let c = generator.next()
            return run.shard.contains(i) ? c : nil
        }
    }

    static func run(_ cases: [FoundationCase]) throws -> Outcome {
        var outcome = Outcome()
        for c in cases {
            let skip = FoundationOracle.wouldHang(c) ? "weekdayOrdinal 6/7 (Foundation hangs)"
                : FoundationOracle.hasSubMinuteOffset(c) ? "start at a sub-minute offset (Foundation aligns minutes to UTC)"
                : Self.isChimeExtension(c) ? "negative weekdayOrdinal (Chime's extension)" : nil
            if let skip {
                outcome.skipped += 1
                outcome.skipReasons[skip, default: 0] += 1
                continue
            }
            outcome.total += 1
            let expected = FoundationOracle.nextDate(c)
            let actual = try Self.chime(c)
            let tolerance = FoundationOracle.tolerance(for: c)
            let same: Bool
            switch (expected, actual.map { (seconds: $0.seconds, nanoseconds: $0.nanoseconds) }) {
            case (nil, nil): same = true
            case let (e?, a?):
                let diff = (a.seconds - e.seconds) * 1_000_000_000 + Int64(a.nanoseconds - e.nanoseconds)
                same = abs(diff) <= tolerance
            default: same = false
            }
            guard !same else { continue }
            let show = { (r: (seconds: Int64, nanoseconds: Int32)?) in r.map { FoundationOracle.iso($0.seconds, $0.nanoseconds) } ?? "nil" }
            let chimeAnswer = actual.map { (seconds: $0.seconds, nanoseconds: $0.nanoseconds) }
            // The reference decides; a divergence class only labels an explained case.
            let verdict = FoundationVerdict.judge(c, chime: chimeAnswer, foundation: expected)
            let line = "\(c) chime \(show(chimeAnswer)) \(actual.map { "\($0.adjustment)" } ?? "") foundation \(show(expected)) // \(verdict)"
            if verdict.explained {
                let label = FoundationDivergence.explaining(c, chime: actual, foundation: expected)?.test ?? "(no class)"
                outcome.explained[label, default: 0] += 1
                outcome.explainedCases.append("\(label): \(line)")
            } else {
                let key = "\(c.direction) \(c.matchingPolicy) \(c.repeatedTimePolicy) \(c.family)"
                outcome.mismatches[key, default: []].append(line)
            }
        }
        return outcome
    }

    static func chime(_ c: FoundationCase) throws -> FoundationDivergence.Answer? {
        var components = CalendarComponents()
        for (name, value) in c.components { _ = components.set(name, value) }
        guard let trigger = try? CalendarTrigger(
            components: components, matchingPolicy: MatchingPolicy(rawValue: c.matchingPolicy)!,
            repeatedTimePolicy: RepeatedTimePolicy(rawValue: c.repeatedTimePolicy)!,
            direction: SearchDirection(rawValue: c.direction)!,
            weekRules: try WeekRules(firstWeekday: c.firstWeekday, minimumDaysInFirstWeek: c.minimumDaysInFirstWeek)) else { return nil }
        let rules = try #require(FoundationZoneRules.rules(for: c.zone))
        return try trigger.nextFire(after: Instant(seconds: c.startSeconds, nanoseconds: c.startNanoseconds), in: rules)
            .map { ($0.instant.seconds, $0.instant.nanoseconds, $0.adjustment) }
    }

    /// Every divergence class names a test that exists, so an explained difference always points
    /// at a test showing Foundation's answer beside Chime's.
    @Test func everyDivergenceClassHasItsNamedTest() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FoundationDivergenceTests.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        for divergence in FoundationDivergence.all {
            #expect(text.contains("@Test func \(divergence.test)()"), "no test named \(divergence.test)")
        }
    }

    @Test func randomCasesAgreeWithFoundation() throws {
        let run = DifferentialRun(name: "PARITY", defaultCases: 4_000, defaultSeed: 2026)
        let cases = try Self.cases(run)
        let outcome = try Self.run(cases)
        let unexplained = outcome.mismatches.values.reduce(0) { $0 + $1.count }
        print("parity: \(outcome.total) cases compared, \(outcome.skipped) skipped, \(outcome.explained.values.reduce(0, +)) differ explained by the reference, \(unexplained) differ unexplained")
        for (reason, n) in outcome.skipReasons.sorted(by: { $0.key < $1.key }) { print("parity: \(n)\tskipped: \(reason)") }
        for (test, n) in outcome.explained.sorted(by: { $0.key < $1.key }) { print("parity: \(n)\texplained (reference verdict), labelled \(test)") }
        for (key, list) in outcome.mismatches.sorted(by: { $0.value.count > $1.value.count }) {
            print("parity: \(list.count)\t\(key)\n        e.g. \(list[0])")
        }
        if let path = run.reportPath {
            try outcome.mismatches.flatMap { $0.value }.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
            try outcome.explainedCases.joined(separator: "\n").write(toFile: path + ".explained", atomically: true, encoding: .utf8)
        }
        #expect(outcome.total > cases.count * 9 / 10, "most generated cases must be compared, not skipped")
        let failing = Self.untriaged(outcome)
        print("parity: \(unexplained - failing.count) of the unexplained are triaged in Undecided.txt, \(failing.count) are not")
        #expect(failing.isEmpty, "\(failing.count) of \(outcome.total) cases differ from Foundation without a reference verdict or triage:\n\(failing.prefix(10).joined(separator: "\n"))")
    }
}
