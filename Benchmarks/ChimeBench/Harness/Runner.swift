/// Runs scenarios: calibrates the iteration count (which also warms caches and branch predictors),
/// then times several repetitions and reports nanoseconds per operation for each.
struct Runner {
    struct Settings {
        /// Timed repetitions per scenario; min / median / max are over these.
        let repetitions: Int
        /// Wall time one repetition aims for.
        let repetitionNanoseconds: UInt64
        /// Operations per repetition when fixed (profiling); `nil` calibrates.
        var fixedIterations: Int? = nil

        static let full = Settings(repetitions: 7, repetitionNanoseconds: 100_000_000)
        /// For CI smoke runs: a few milliseconds per scenario.
        static let quick = Settings(repetitions: 3, repetitionNanoseconds: 3_000_000)
    }

    enum Outcome {
        case measured(Measurement)
        case skipped(name: String, reason: String)
    }

    let settings: Settings
    let checksum: Checksum

    /// Operations per allocation count (`AllocationCounter.perOperation` runs this many, then twice as many).
    static let allocationOperations = 4096

    func run(_ scenario: Scenario) -> Outcome {
        let body: Scenario.Body
        switch scenario.prepare() {
        case .ready(let ready): body = ready
        case .skip(let reason): return .skipped(name: scenario.name, reason: reason)
        case let .measured(iterations, samples):
            var m = Measurement(
                name: scenario.name, role: scenario.role, summary: scenario.summary, unit: scenario.unit,
                iterationsPerRepetition: iterations, operationsPerIteration: scenario.operationsPerIteration,
                samples: samples, target: scenario.target, baseline: scenario.baseline, ratioToBaseline: nil,
                rateNoun: scenario.rateNoun, allocations: nil)
            m.metrics = scenario.finish?() ?? []
            m.ratioGoal = scenario.ratioGoal
            return .measured(m)
        }
        let iterations: Int
        if scenario.singleShot {
            let (elapsed, result) = MonotonicClock.measure { body(1) }
            checksum.absorb(result)
            var m = Measurement(
                name: scenario.name, role: scenario.role, summary: scenario.summary, unit: scenario.unit,
                iterationsPerRepetition: 1, operationsPerIteration: scenario.operationsPerIteration,
                samples: [Double(elapsed) / Double(scenario.operationsPerIteration)], target: scenario.target,
                baseline: scenario.baseline, ratioToBaseline: nil, rateNoun: scenario.rateNoun, allocations: nil)
            m.metrics = scenario.finish?() ?? []
            m.ratioGoal = scenario.ratioGoal
            return .measured(m)
        }
        if let fixed = settings.fixedIterations {
            iterations = min(fixed, scenario.maxIterations)
            checksum.absorb(body(iterations))          // warm-up
        } else {
            iterations = calibrate(body, maxIterations: scenario.maxIterations)
        }
        let repetitions = min(settings.repetitions, scenario.maxRepetitions)
        let operations = Double(iterations) * Double(scenario.operationsPerIteration)
        var samples: [Double] = []
        samples.reserveCapacity(repetitions)
        for _ in 0..<repetitions {
            let (elapsed, result) = MonotonicClock.measure { body(iterations) }
            checksum.absorb(result)
            samples.append(Double(elapsed) / operations)
        }
        // Allocations are counted outside the timed runs, so the hook never slows a measurement.
        let allocations = scenario.countsAllocations
            ? AllocationCounter.perOperation(body, operations: min(iterations, Self.allocationOperations)) : nil
        var measurement = Measurement(
            name: scenario.name, role: scenario.role, summary: scenario.summary, unit: scenario.unit,
            iterationsPerRepetition: iterations, operationsPerIteration: scenario.operationsPerIteration,
            samples: samples, target: scenario.target, baseline: scenario.baseline, ratioToBaseline: nil,
            rateNoun: scenario.rateNoun, allocations: allocations)
        measurement.metrics = scenario.finish?() ?? []
        measurement.ratioGoal = scenario.ratioGoal
        return .measured(measurement)
    }

    /// Grows the iteration count until one run takes a tenth of a repetition, then scales it to a
    /// whole repetition. Every calibration run is also warm-up.
    private func calibrate(_ body: Scenario.Body, maxIterations: Int) -> Int {
        let probeBudget = settings.repetitionNanoseconds / 10
        var n = 1
        while true {
            let (elapsed, result) = MonotonicClock.measure { body(n) }
            checksum.absorb(result)
            if elapsed >= probeBudget || n >= maxIterations {
                let perOperation = max(Double(elapsed) / Double(n), 1)
                let wanted = Int(Double(settings.repetitionNanoseconds) / perOperation)
                return min(max(wanted, 1), maxIterations)
            }
            let grow = elapsed == 0 ? 100 : min(100, max(2, Int(probeBudget / elapsed) + 1))
            n = min(n * grow, maxIterations)
        }
    }
}
