import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import Chime

/// What every cron-family differential run shares (croniter, APScheduler 3 and 4, robfig/cron,
/// Quartz): its size, seed and output file from the environment (`DifferentialRun`), the rule for
/// agreeing (the same fires, or both refuse the expression), the explained list (a difference
/// passes only when its exact case is listed with a verdict for Chime), every unexplained
/// difference written to a file, and the short report.
struct CronDifferentialRun {
    typealias Answer = CronDifferentialTests.Answer

    /// The peer's name: the key of its answer in the differences file (the explain scripts read it).
    let peer: String
    /// The run's name in its summary line.
    let label: String
    /// Size and seed: `CHIME_<variables>_CASES` and `_SEED`.
    let variables: DifferentialRun
    /// Where every unexplained difference is written, one JSON line each: `CHIME_<variables>_OUT`
    /// (a `TOOL` in it replaced by the peer's name), else the test's default.
    let out: String
    private(set) var agreed = 0, bothRefused = 0, fires = 0, adjusted = 0, explained = 0
    private(set) var differences: [String] = []

    init(peer: String, label: String? = nil, variables name: String, cases: Int, seed: UInt64, out: String) {
        self.peer = peer
        self.label = label ?? peer
        variables = DifferentialRun(name: name, defaultCases: cases, defaultSeed: seed)
        self.out = variables.value("OUT").map { $0.replacingOccurrences(of: "TOOL", with: peer) } ?? out
    }

    /// The run's cases from its seed.
    func cases<Case>(_ generate: (inout SplitMix64) -> Case) -> [Case] { variables.generate(generate) }

    /// A case's start: seven times in ten within four hours of one of the zone's transitions in a
    /// year of `years` (on a whole minute three times in four), else anywhere from `earliest`
    /// (default 1971-01-01) to 2090-01-01.
    static func start(_ r: inout SplitMix64, zone id: String, years: ClosedRange<Int> = 1975...2040,
                      earliest: Int64 = 31_536_000) -> Int64 {
        if r.next(in: 0...9) < 7, let zone = try? Fixtures.tzifDatabase.rules(for: id) {
            let year = Int64(r.next(in: years))
            let from = Instant(seconds: (year - 1970) * 31_556_952)
            let transitions = zone.transitions(from: from, to: Instant(seconds: from.seconds + 31_556_952))
            if !transitions.isEmpty {
                let t = transitions[r.next(in: 0...transitions.count - 1)].instant.seconds
                let offset = Int64(r.next(in: -4 * 3600...4 * 3600))
                return t + (r.next(in: 0...3) == 0 ? offset : offset / 60 * 60)
            }
        }
        return Int64(r.next(in: Int(earliest)...3_786_912_000))
    }

    /// Compares Chime's answer with the peer's (nil: the peer gave none, e.g. it hung, described by
    /// `peerText`); returns whether they agree.
    @discardableResult
    mutating func compare(_ c: some Encodable, key: String, explainedKeys: Set<String>, mine: Answer, peer theirs: Answer?,
                          peerText: String? = nil) throws -> Bool {
        if let theirs, (mine.error != nil && theirs.error != nil) || (mine.error == nil && theirs.error == nil && mine.fires == theirs.fires) {
            agreed += 1
            if mine.error != nil { bothRefused += 1 } else { fires += mine.fires!.count; adjusted += mine.adjusted }
            return true
        }
        if explainedKeys.contains(key) { explained += 1; return false }
        let encoded = String(decoding: try JSONEncoder().encode(c), as: UTF8.self)
        let peerJSON = theirs.map(CronDifferentialTests.describe) ?? peerText ?? "null"
        differences.append("{\"case\": \(encoded), \"\(peer)\": \(peerJSON), \"chime\": \(CronDifferentialTests.describe(mine))}")
        return false
    }

    /// Writes the differences, prints the run's summary (with `extra`), and fails on any.
    func finish(extra: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        try differences.joined(separator: "\n").write(toFile: out, atomically: true, encoding: .utf8)
        print("\(label) differential: seed \(variables.seed), \(variables.cases) cases, \(agreed) agree (\(bothRefused) refused by both, \(fires) fires compared, "
              + "\(adjusted) of them DST-adjusted\(extra)), \(explained) explained differences (listed), \(differences.count) unexplained (\(out))")
        Differences.expectNone(differences, of: variables.cases, "cases differ from \(peer)", fullList: out, sourceLocation: sourceLocation)
    }
}

/// One case of the robfig and Quartz runs: an expression in a zone, the fires after an instant.
struct CronCase: Codable {
    let expression: String
    let zone: String
    let after: Int64
    let count: Int

    /// The case's key in an explained-differences file.
    var key: String { "\(expression)|\(zone)|\(after)|\(count)" }
}

extension CronDifferentialTests.Answer {
    /// Chime's answer in the oracles' shape: `count` fires of `trigger` after `after`, in the zone
    /// its expression names (robfig's `TZ=`), else in `zone`; the error in words when anything throws.
    static func chime(_ trigger: () throws -> CronTrigger, zone: String, after: Int64, count: Int) -> Self {
        do {
            let trigger = try trigger()
            let rules = try Fixtures.tzifDatabase.rules(for: trigger.zoneIdentifier ?? zone)
            let fires = try Trigger.cron(trigger).fires(after: Instant(seconds: after), in: rules, count: count)
            return Self(fires: fires.map(\.instant.seconds), adjusted: fires.filter { $0.adjustment != .exact }.count)
        } catch {
            return Self(error: "\(error)")
        }
    }
}
