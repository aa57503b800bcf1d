/// `chime batch` throughput: the release binary as a subprocess on a generated JSON Lines file
/// (`BatchWorkload`: 200,000 mixed requests, 20,000 with `--quick`), responses to /dev/null. One
/// iteration is one whole run; times are per request (process start-up included, amortised over
/// the file). The floor is `cat` of the same file: reading it in a new process.
enum BatchScenarios {
    static func all(_ context: BenchContext) -> [Scenario] {
        let lines = context.options.quick ? BatchWorkload.quickLines : BatchWorkload.fullLines
        return [
            Scenario(name: "batch.throughput", role: .chime,
                     summary: "`chime batch FILE` (release), \(TableReport.grouped(Double(lines))) mixed requests, count 1, one process",
                     unit: .us, target: Target(nanoseconds: 2_000, source: "issue: ≥ 500,000 requests/s on one core"),
                     maxIterations: 1, maxRepetitions: 3, operationsPerIteration: lines, rateNoun: "requests") {
                guard let chime = context.chimeExecutable else { return .skip(context.missingChimeNote) }
                let batch = context.batch
                let launcher = ProcessLauncher(path: chime, arguments: ["batch", batch.path])
                return .ready { n in launcher.run(times: n) }
            },
            Scenario(name: "batch.floor.read", role: .floor,
                     summary: "floor: `cat FILE` to /dev/null (a new process reading the same file)",
                     unit: .us, baseline: "batch.throughput", maxIterations: 100, operationsPerIteration: lines, rateNoun: "lines") {
                guard context.chimeExecutable != nil else { return .skip(context.missingChimeNote) }
                let cat = ProcessLauncher.isExecutable("/bin/cat") ? "/bin/cat" : "/usr/bin/cat"
                guard ProcessLauncher.isExecutable(cat) else { return .skip("no cat") }
                let launcher = ProcessLauncher(path: cat, arguments: [context.batch.path])
                return .ready { n in launcher.run(times: n) }
            },
        ]
    }
}
