import Foundation

/// The size, seed, shard and files of one seeded randomized run (a differential test against a
/// peer, or one implementation held against another), read from the environment by one set of
/// rules: every run is a family of variables `CHIME_<NAME>_<SUFFIX>`, so a new run needs no new
/// parsing code and a suffix means the same in every run that uses it (CONTRIBUTING.md, "CHIME_*
/// variables", lists which run uses which).
///
/// - `_CASES` (an integer) and `_SEED` (an unsigned integer): the run's size and seed; unset or
///   unreadable, the test's default, so CI always runs the same cases.
/// - `_SHARD=k/n`: only every n-th case from the k-th, so n processes share a large run. `k`
///   counts from the run's `firstShard` (0, or 1 for the reference run, as documented before the
///   runs shared this code); an unreadable or out-of-range shard means the whole run.
/// - `_REPORT`, `_REPLAY`, `_DUMP`, `_OUT`: files, as each test's doc comment describes.
/// - anything else a run reads (`_JOBS`, `_TIMEOUT`, `_SHAPE`, …) through `value(_:)`.
///
/// Example: `DifferentialRun(name: "RRULE_DIFF", defaultCases: 1_000, defaultSeed: 5)` with
/// `CHIME_RRULE_DIFF_CASES=20000` set has `cases == 20_000`, `seed == 5`.
struct DifferentialRun: Sendable {
    /// The family's name, the middle of `CHIME_<NAME>_…`.
    let name: String
    let cases: Int
    let seed: UInt64
    let shard: Shard
    private let environment: [String: String]

    /// Every n-th case from the k-th (k counted from 0 here, whatever the variable counts from).
    struct Shard: Sendable, Equatable {
        let index: Int
        let count: Int

        static let whole = Shard(index: 0, count: 1)

        /// `k/n` with `k` counted from `first`; `whole` when unreadable or out of range.
        init(_ text: String?, first: Int) {
            let parts = (text ?? "").split(separator: "/").compactMap { Int($0) }
            if parts.count == 2, parts[1] >= 1, (0..<parts[1]).contains(parts[0] - first) {
                self.init(index: parts[0] - first, count: parts[1])
            } else {
                self = .whole
            }
        }

        init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }

        /// Whether case `i` (0-based) is this shard's.
        func contains(_ i: Int) -> Bool { i % count == index }
    }

    /// - Parameters:
    ///   - casesVariable: the suffix that sizes the run (`CASES`; the fixed-year parity run, which
    ///     shares the parity run's other variables, is sized by `YEAR_CASES`).
    ///   - firstShard: what `k` of `_SHARD=k/n` counts from.
    init(name: String, casesVariable: String = "CASES", defaultCases: Int, defaultSeed: UInt64, firstShard: Int = 0,
         environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.name = name
        self.environment = environment
        cases = environment["CHIME_\(name)_\(casesVariable)"].flatMap { Int($0) } ?? defaultCases
        seed = environment["CHIME_\(name)_SEED"].flatMap { UInt64($0) } ?? defaultSeed
        shard = Shard(environment["CHIME_\(name)_SHARD"], first: firstShard)
    }

    /// `CHIME_<NAME>_<suffix>`, or nil when unset.
    func value(_ suffix: String) -> String? { environment["CHIME_\(name)_\(suffix)"] }

    /// `CHIME_<NAME>_<suffix>` as an integer, or `standard` when unset or unreadable.
    func integer(_ suffix: String, default standard: Int) -> Int { value(suffix).flatMap { Int($0) } ?? standard }

    /// `_REPORT`: where the differences are written, when set.
    var reportPath: String? { value("REPORT") }
    /// `_REPLAY`: a report whose cases are checked instead of generated ones, when set.
    var replayPath: String? { value("REPLAY") }
    /// `_DUMP`: where every case is written, when set.
    var dumpPath: String? { value("DUMP") }
    /// `_OUT`: where the run's output goes, else `standard`.
    func outPath(default standard: String) -> String { value("OUT") ?? standard }

    /// The run's cases: `generate` called `cases` times on one generator seeded with `seed`.
    func generate<Case>(_ generate: (inout SplitMix64) throws -> Case) rethrows -> [Case] {
        var random = SplitMix64(seed: seed)
        return try (0..<cases).map { _ in try generate(&random) }
    }
}
