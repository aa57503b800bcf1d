/// `chime batch` throughput: the release binary as a subprocess on a generated JSON Lines file
/// (`BatchWorkload`: 200,000 mixed requests, 20,000 with `--quick`), responses to /dev/null. One
/// iteration is one whole run; times are per request (process start-up included, amortised over
/// the file). The floor is `cat` of the same file: reading it in a new process.
///
/// `batch.daily10` is issue 11's batch: 20,000 daily requests × 10 fires through `chime batch`, end
/// to end, against Foundation's `Calendar.nextDate` computing the same 200,000 fires in process
/// (only the calls: Foundation is spared the JSON reading and writing that Chime's time includes).
enum BatchScenarios {
    static func all(_ context: BenchContext) -> [Scenario] {
        let lines = context.options.quick ? BatchWorkload.quickLines : BatchWorkload.fullLines
        let dailyLines = context.options.quick ? DailyBatchWorkload.quickLines : DailyBatchWorkload.fullLines
        return [
            Scenario(name: "batch.throughput", role: .chime,
                     summary: "`chime batch FILE` (release), \(TableReport.grouped(Double(lines))) mixed requests, count 1, one process",
                     unit: .us, target: Target(nanoseconds: 400, source: "issue 29: ≤ 0.4 µs a mixed request (issue 11 asked ≥ 500,000 requests/s)"),
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
            Scenario(name: "batch.daily10", role: .chime,
                     summary: "`chime batch FILE` (release), \(TableReport.grouped(Double(dailyLines))) daily requests × \(DailyBatchWorkload.count) fires (~1,440 distinct wall times, 20 zones), end to end: process, parsing, engine, formatting",
                     unit: .us, maxIterations: 1, operationsPerIteration: dailyLines, rateNoun: "requests") {
                guard let chime = context.chimeExecutable else { return .skip(context.missingChimeNote) }
                let launcher = ProcessLauncher(path: chime, arguments: ["batch", context.dailyBatch.path])
                return .ready { n in launcher.run(times: n) }
            },
            Scenario(name: "batch.daily10.foundation", role: .peer,
                     summary: "Foundation Calendar.nextDate for the same \(TableReport.grouped(Double(dailyLines))) × \(DailyBatchWorkload.count) fires, each from the previous one, in process, one thread (no JSON read or written)",
                     unit: .us, baseline: "batch.daily10", ratioGoal: .chimeFaster(300, than: "Foundation's Calendar.nextDate", "issue 29"),
                     maxIterations: 1, maxRepetitions: 3, operationsPerIteration: dailyLines, rateNoun: "requests") {
                let w = context.dailyBatch, calendars = context.foundationCalendars
                let queries = w.requests.map { r in try! FoundationCalendarPeer.Query(w.trigger(r)) }
                return .ready { n in
                    var sum: UInt64 = 0
                    for _ in 0..<n {
                        for (r, query) in zip(w.requests, queries) {
                            var cursor = r.after.seconds
                            for _ in 0..<DailyBatchWorkload.count {
                                guard let next = calendars.nextDate(r.zone, after: cursor, query) else { break }
                                sum &+= UInt64(bitPattern: next)
                                cursor = next
                            }
                        }
                    }
                    return sum
                }
            },
        ]
    }
}
