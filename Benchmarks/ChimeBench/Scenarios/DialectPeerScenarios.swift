import Chime

/// Issue 12's real peers of the schedule dialects, timed in the same run on the same starts as
/// `next.cron.daily` and `next.oncalendar.daily` (ratio = peer / Chime, like the other peers):
///
/// - `next.cron.daily.croniter`, `next.cron.daily.apscheduler`: croniter and APScheduler 3 in one
///   Python child (`PythonCronPeer`), which times its own calls over the 4,096 daily starts.
/// - `next.oncalendar.daily.systemd`: `systemd-analyze calendar` as a whole process per next fire.
/// - `next.oncalendar.daily.systemd.iter` / `.iter.tz`: its marginal cost per elapse, from one
///   process printing N chained elapses minus one printing 1 (the zone in the spec, which forks per
///   elapse, and the zone in TZ, which does not; see `SystemdCalendarPeer`).
///
/// Missing tools skip the row with a note; the agreement checks (`AgreementChecks.dialectPeers`)
/// compare every answer with Chime's before the table.
enum DialectPeerScenarios {
    static let cronExpression = "30 8 * * *"
    static let onCalendarSpec = "*-*-* 08:30:00"

    /// `--iterations` of one `.iter` process: N chained elapses (the baseline process prints 1).
    static func chainLength(_ context: BenchContext, _ form: SystemdCalendarPeer.Form) -> Int {
        switch form {
        case .zoneInSpec: return context.options.quick ? 100 : 1000      // a fork per elapse: ~0.5 ms each
        case .zoneInTZ: return context.options.quick ? 5000 : 10000     // ~5 µs each: well above a process's jitter
        }
    }

    /// Repetitions of the `.iter` rows (one process pair each), as the runner's.
    static func repetitions(_ context: BenchContext) -> Int {
        (context.options.quick ? Runner.Settings.quick : Runner.Settings.full).repetitions
    }

    /// The start of the `.iter` rows' repetition `r` (and of their check).
    static func chainStart(_ context: BenchContext, _ r: Int) -> Probe {
        let starts = context.systemdStarts
        return starts[r % starts.count]
    }

    static func cron(_ context: BenchContext) -> [Scenario] {
        [
            python(context, "croniter",
                   "croniter (PyPI; 7.0.0 in .ci/run): croniter('30 8 * * *', start in zone).get_next(datetime) per start, timed in its Python process (perf_counter_ns), same starts"),
            python(context, "apscheduler",
                   "APScheduler 3 (PyPI; 3.11.3 in .ci/run): CronTrigger.from_crontab(…, timezone) per zone, get_next_fire_time(None, start + 1 s) per start, timed in the same Python process"),
        ]
    }

    private static func python(_ context: BenchContext, _ library: String, _ summary: String) -> Scenario {
        Scenario(name: "next.cron.daily." + library, role: .peer, summary: summary, unit: .us, baseline: "next.cron.daily") {
            switch context.pythonCronPeers.library(library) {
            case .failure(let skip): return .skip(skip.reason)
            case .success(let r): return .measured(iterationsPerRepetition: r.library.iterations!, samples: r.library.samples!)
            }
        }
    }

    static func onCalendar(_ context: BenchContext) -> [Scenario] {
        let count = context.systemdStarts.count
        return [
            Scenario(name: "next.oncalendar.daily.systemd", role: .peer,
                     summary: "`systemd-analyze calendar --iterations=1 --base-time=@START '*-*-* 08:30:00 ZONE'`: a whole process (posix_spawn + wait) per next fire, the first \(count) daily starts",
                     unit: .ms, baseline: "next.oncalendar.daily", maxIterations: 200) {
                guard let peer = context.systemdCalendar else { return .skip(SystemdCalendarPeer.missingNote) }
                let ids = context.triggers.zoneIDs
                let launchers = context.systemdStarts.map {
                    peer.launcher(zone: ids[$0.zone], after: $0.seconds, iterations: 1, form: .zoneInSpec)
                }
                let cursor = Cursor()
                return .ready { n in
                    var failures: UInt64 = 0
                    for _ in 0..<n where launchers[cursor.next(launchers.count)].run() != 0 { failures += 1 }
                    return failures
                }
            },
            marginal(context, "next.oncalendar.daily.systemd.iter", .zoneInSpec,
                     "systemd-analyze, zone in the spec: per elapse, (a process printing \(chainLength(context, .zoneInSpec)) chained elapses − the median of 3 printing 1) / \(chainLength(context, .zoneInSpec) - 1); systemd forks per elapse for a spec with a zone"),
            marginal(context, "next.oncalendar.daily.systemd.iter.tz", .zoneInTZ,
                     "systemd-analyze, '*-*-* 08:30:00' with TZ=:ZONE (no fork): per elapse, (\(chainLength(context, .zoneInTZ)) chained elapses − median of 3 × 1) / \(chainLength(context, .zoneInTZ) - 1)"),
        ]
    }

    /// Per elapse: (one process printing N chained elapses − one printing 1) / (N − 1), one chain
    /// (and the median of three one-elapse processes) per repetition, each from another of the checked starts (`chainStart`); the processes'
    /// start-up cancels, the elapses' computation and their printing (to /dev/null) remain.
    private static func marginal(_ context: BenchContext, _ name: String, _ form: SystemdCalendarPeer.Form,
                                 _ summary: String) -> Scenario {
        Scenario(name: name, role: .peer, summary: summary, unit: .us, baseline: "next.oncalendar.daily") {
            guard let peer = context.systemdCalendar else { return .skip(SystemdCalendarPeer.missingNote) }
            let ids = context.triggers.zoneIDs, n = chainLength(context, form)
            var samples: [Double] = []
            for r in 0..<repetitions(context) {
                let p = chainStart(context, r)
                let chain = peer.launcher(zone: ids[p.zone], after: p.seconds, iterations: n, form: form)
                let one = peer.launcher(zone: ids[p.zone], after: p.seconds, iterations: 1, form: form)
                if r == 0 { _ = chain.run(); _ = one.run() }          // warm-up
                let (chainTime, chainStatus) = MonotonicClock.measure { chain.run() }
                // The baseline is the median of three one-elapse processes: a single one, delayed by
                // another job, could exceed a short chain and give a negative cost.
                let ones = (0..<3).map { _ in MonotonicClock.measure { one.run() } }
                guard chainStatus == 0, ones.allSatisfy({ $0.result == 0 }) else {
                    return .skip("systemd-analyze failed: \(peer.commandLine(zone: ids[p.zone], after: p.seconds, iterations: n, form: form))")
                }
                let oneTime = ones.map(\.nanoseconds).sorted()[1]
                samples.append((Double(chainTime) - Double(oneTime)) / Double(n - 1))
            }
            return .measured(iterationsPerRepetition: n - 1, samples: samples)
        }
    }

    /// Walks the starts across calls of a scenario body.
    private final class Cursor {
        private var position = 0

        func next(_ count: Int) -> Int {
            defer { position = (position + 1) % count }
            return position
        }
    }
}
