#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime

/// State shared by scenarios, built on first use so that `--filter` only pays for what it runs.
final class BenchContext {
    let database: ZoneDatabase
    let options: Options

    init(database: ZoneDatabase, options: Options) {
        self.database = database
        self.options = options
    }

    /// The bench zones' rules from both sources and the random probes.
    private(set) lazy var workload: Workload = {
        do {
            return try Workload(database: database)
        } catch {
            Self.fail("cannot load the bench zones: \(error)")
        }
    }()

    private(set) lazy var foundation = FoundationPeer(identifiers: workload.zoneIDs)

    /// `nil` when system ICU cannot open one of the bench zones.
    private(set) lazy var icu: ICUPeer? = ICUPeer(identifiers: workload.zoneIDs)

    /// The trigger zones' rules, the triggers and their start instants.
    private(set) lazy var triggers: TriggerWorkload = {
        do {
            return try TriggerWorkload(database: database)
        } catch {
            Self.fail("cannot build the trigger workload: \(error)")
        }
    }()

    private(set) lazy var foundationCalendars = FoundationCalendarPeer(identifiers: triggers.zoneIDs)
    private(set) lazy var foundationQuirkCalendars = FoundationCalendarPeer(identifiers: triggers.quirkIDs)

    /// Foundation's sample for `pending.foundation`: the first requests of the pending workload.
    private(set) lazy var pendingSample: (requests: [PendingWorkload.Request], zoneIDs: [String], rules: [ZoneRules]) = {
        do {
            var workload = try PendingWorkload(database: database)
            return (workload.requests(PendingScenarios.sampleSize(self)), workload.zoneIDs, workload.rules)
        } catch {
            Self.fail("cannot build the pending workload: \(error)")
        }
    }()

    private(set) lazy var pendingFoundationSample = PendingFoundationPeer(requests: pendingSample.requests, zoneIDs: pendingSample.zoneIDs)

    /// The `chime batch` input file, written on first use and removed by `removeTemporaryFiles()`.
    private(set) lazy var batch: BatchWorkload = {
        let path = temporaryPath("batch.jsonl")
        do {
            return try BatchWorkload(triggers: triggers, lines: options.quick ? BatchWorkload.quickLines : BatchWorkload.fullLines,
                                     path: path)
        } catch {
            Self.fail("cannot write the batch input: \(error)")
        }
    }()

    /// The `batch.daily10` input file (20,000 daily requests × 10 fires; 2,000 with `--quick`).
    private(set) lazy var dailyBatch: DailyBatchWorkload = {
        let path = temporaryPath("batch-daily10.jsonl")
        do {
            return try DailyBatchWorkload(triggers: triggers,
                                          lines: options.quick ? DailyBatchWorkload.quickLines : DailyBatchWorkload.fullLines, path: path)
        } catch {
            Self.fail("cannot write the daily batch input: \(error)")
        }
    }()

    /// Issue 12's cron peers (croniter, APScheduler 3): `Benchmarks/peers/cron_peer.py` run once on
    /// the daily starts, with this run's repetitions and per-repetition budget.
    private(set) lazy var pythonCronPeers: PythonCronPeer.Outcome = {
        let w = triggers, settings: Runner.Settings = options.quick ? .quick : .full
        return PythonCronPeer.run(expression: DialectPeerScenarios.cronExpression,
                                  starts: w.daily.starts.map { (w.zoneIDs[$0.zone], $0.seconds) },
                                  repetitions: settings.repetitions, budgetNanoseconds: settings.repetitionNanoseconds,
                                  temporaryPath: temporaryPath)
    }()

    /// Go's robfig/cron v3 (`GoCronPeer`): the peer program built once per run, or why not.
    private(set) lazy var robfigPeer = GoCronPeer.build(temporaryPath: temporaryPath)
    private var robfigRuns: [String: GoCronPeer.Outcome] = [:]

    /// robfig_peer's answers and timings for a six-field `expression` on the daily starts (run once per expression).
    func robfig(_ expression: String) -> GoCronPeer.Outcome {
        if let done = robfigRuns[expression] { return done }
        let outcome: GoCronPeer.Outcome
        switch robfigPeer {
        case .failure(let skip): outcome = .unavailable(skip.reason)
        case .success(let binary):
            let w = triggers, settings: Runner.Settings = options.quick ? .quick : .full
            outcome = GoCronPeer.run(binary, expression: expression, starts: w.daily.starts.map { (w.zoneIDs[$0.zone], $0.seconds) },
                                     repetitions: settings.repetitions, budgetNanoseconds: settings.repetitionNanoseconds,
                                     temporaryPath: temporaryPath)
        }
        robfigRuns[expression] = outcome
        return outcome
    }

    /// Issue 12's OnCalendar peer, `nil` without systemd-analyze.
    private(set) lazy var systemdCalendar = SystemdCalendarPeer.find(spec: DialectPeerScenarios.onCalendarSpec)

    /// The daily starts systemd-analyze is checked and timed on (a process each: the first 256, 16 with `--quick`).
    var systemdStarts: [Probe] { Array(triggers.daily.starts.prefix(options.quick ? 16 : 256)) }

    /// The release `chime` binary for the process scenarios (`--chime PATH`, default beside this
    /// executable), or `nil` when it is not built.
    private(set) lazy var chimeExecutable: String? = {
        let path = options.chimeExecutable ?? ProcessLauncher.ownDirectory().map { $0 + "/chime" } ?? "chime"
        return ProcessLauncher.isExecutable(path) ? path : nil
    }()

    var missingChimeNote: String {
        let path = options.chimeExecutable ?? ProcessLauncher.ownDirectory().map { $0 + "/chime" } ?? "chime"
        return "no chime binary at \(path): run `swift build -c release --product chime` first (or pass --chime PATH)"
    }

    private var temporaryFiles: [String] = []

    /// A fresh path in `$TMPDIR` (default /tmp), removed at the end of the run.
    func temporaryPath(_ name: String) -> String {
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        let path = "\(directory)/chime-bench-\(getpid())-\(name)"
        temporaryFiles.append(path)
        return path
    }

    func removeTemporaryFiles() {
        for path in temporaryFiles { unlink(path) }
        temporaryFiles.removeAll()
    }

    static func fail(_ message: String) -> Never {
        var stderr = StandardError()
        print("chime-bench: \(message)", to: &stderr)
        exit(1)
    }
}
