/// One thing to time: a named body that performs `iterations` operations and returns a checksum
/// of what it computed (see `Checksum`).
///
/// The body owns the loop, so a 10 ns operation is not dwarfed by a closure call per operation.
/// Bodies read pre-generated inputs cyclically; nothing is allocated or generated while timing.
/// Setup (loading zones, opening ICU calendars) happens in `prepare`, only for selected scenarios.
struct Scenario {
    enum Role: String, Codable {
        /// Chime itself; may carry a target.
        case chime
        /// Another implementation of the same operation (ICU, Foundation), for a ratio.
        case peer
        /// A lower bound: the arithmetic or system work any implementation must do.
        case floor
    }

    typealias Body = (_ iterations: Int) -> UInt64

    enum Preparation {
        case ready(Body)
        /// The scenario cannot run here (e.g. a missing binary): listed with the reason, not timed.
        case skip(String)
        /// Timed by the peer itself, in its own process (e.g. a Python loop around `time.perf_counter_ns`),
        /// or by differencing whole-process runs: nanoseconds per operation, one per repetition, and
        /// the operations each repetition ran. The runner reports them as they are.
        case measured(iterationsPerRepetition: Int, samples: [Double])
    }

    let name: String
    let role: Role
    /// One line: what one operation is.
    let summary: String
    let unit: TimeUnit
    var target: Target? = nil
    /// The Chime scenario this one is compared with (ratio = this median / baseline median).
    var baseline: String? = nil
    /// A goal on the ratio to `baseline` (peers and floors; e.g. Chime within 6× of spawning /bin/true).
    var ratioGoal: RatioGoal? = nil
    /// Caps iterations per repetition (for expensive operations such as spawning a process).
    var maxIterations: Int = .max
    /// Caps repetitions (for operations that take seconds, such as a whole `chime batch` run).
    var maxRepetitions: Int = .max
    /// Operations one iteration performs (e.g. the lines of one batch file): times are per operation.
    var operationsPerIteration: Int = 1
    /// What one operation is, when the table should also show a rate ("requests" -> "… requests/s").
    var rateNoun: String? = nil
    /// Also count Swift heap allocations per operation (after timing; see `AllocationCounter`).
    var countsAllocations = false
    /// One timed run and no calibration or warm-up (an operation that takes tens of seconds).
    var singleShot = false
    /// Runs only when a `--filter` names it in full (too long for a default run).
    var explicitOnly = false
    /// Called once after timing (and allocation counting): extra figures for the row, e.g. peak
    /// resident memory and bytes per request; also the place to free what `prepare` built.
    var finish: (() -> [Metric])? = nil
    let prepare: () -> Preparation

    /// A figure a scenario reports beside its times.
    struct Metric: Codable {
        let name: String
        let value: Double
        /// e.g. "bytes", "MiB", "s", "ratio"; shown after the value.
        let unit: String
        /// How the figure was obtained, when it is not a measurement (e.g. "extrapolation").
        var note: String? = nil
    }
}
