import Testing
@testable import ChimeTestSupport

/// `DifferentialRun` reads `CHIME_<NAME>_*` by one set of rules; these environments are made up
/// here, so the expected values follow from the rules in its doc comment alone.
@Suite struct DifferentialRunTests {
    @Test func defaultsWhenUnsetOrUnreadable() {
        let unset = DifferentialRun(name: "X", defaultCases: 7, defaultSeed: 9, environment: [:])
        #expect(unset.cases == 7 && unset.seed == 9 && unset.shard == .whole)
        #expect(unset.reportPath == nil && unset.replayPath == nil && unset.dumpPath == nil && unset.outPath(default: "/tmp") == "/tmp")
        let junk = DifferentialRun(name: "X", defaultCases: 7, defaultSeed: 9,
                                   environment: ["CHIME_X_CASES": "many", "CHIME_X_SEED": "-1", "CHIME_X_SHARD": "a/b"])
        #expect(junk.cases == 7 && junk.seed == 9 && junk.shard == .whole)
    }

    /// Only the run's own family is read: `CHIME_Y_CASES` does not size run X.
    @Test func readsItsOwnFamily() {
        let environment = ["CHIME_X_CASES": "20000", "CHIME_X_SEED": "3", "CHIME_Y_CASES": "1", "CHIME_X_REPORT": "/r",
                           "CHIME_X_REPLAY": "/p", "CHIME_X_DUMP": "/d", "CHIME_X_OUT": "/o", "CHIME_X_JOBS": "4", "CHIME_X_TIMEOUT": "0.5"]
        let run = DifferentialRun(name: "X", defaultCases: 7, defaultSeed: 9, environment: environment)
        #expect(run.cases == 20_000 && run.seed == 3)
        #expect(run.reportPath == "/r" && run.replayPath == "/p" && run.dumpPath == "/d" && run.outPath(default: "/tmp") == "/o")
        #expect(run.integer("JOBS", default: 2) == 4 && run.integer("MISSING", default: 2) == 2 && run.value("TIMEOUT") == "0.5")
        let year = DifferentialRun(name: "X", casesVariable: "YEAR_CASES", defaultCases: 15, defaultSeed: 9, environment: environment)
        #expect(year.cases == 15 && year.seed == 3)              // its own size, the family's seed
    }

    /// `k/n` counts from 0 or from 1 as the run declares; out of range is the whole run.
    /// 2/3 from 0 takes cases 2, 5, 8; 2/3 from 1 takes 1, 4, 7.
    @Test func shards() {
        func picked(_ text: String, first: Int) -> [Int] {
            let shard = DifferentialRun.Shard(text, first: first)
            return (0..<9).filter(shard.contains)
        }
        #expect(picked("2/3", first: 0) == [2, 5, 8])
        #expect(picked("2/3", first: 1) == [1, 4, 7])
        #expect(picked("3/3", first: 1) == [2, 5, 8])
        #expect(picked("3/3", first: 0) == Array(0..<9))         // no shard 3 of 3 counting from 0
        #expect(picked("0/2", first: 1) == Array(0..<9))
        #expect(picked("1/0", first: 0) == Array(0..<9))
    }

    /// `generate` draws from one SplitMix64 seeded with the run's seed, `cases` times.
    @Test func generatesFromItsSeed() {
        let run = DifferentialRun(name: "X", defaultCases: 5, defaultSeed: 42, environment: [:])
        var random = SplitMix64(seed: 42)
        let expected = (0..<5).map { _ in random.next() }
        #expect(run.generate { $0.next() } == expected)
    }
}
