/// The human-readable report: a header saying what was measured where, the agreement checks,
/// then one row per scenario as it finishes.
struct TableReport {
    private static let columns: [(title: String, width: Int)] = [
        ("scenario", 27), ("min", 10), ("median", 10), ("max", 10), ("target", 10), ("", 5), ("vs chime", 9),
    ]

    func header(machine: MachineInfo, zoneData: ZoneDataInfo, settings: Runner.Settings, quick: Bool) {
        print("chime-bench")
        print("  machine    \(machine.cpu), \(machine.cores) cores, \(machine.system)")
        print("  toolchain  \(machine.toolchain), \(machine.configuration) build")
        print("  tz data    \(zoneData.summary)")
        let budget = TimeUnit.ms.format(Double(settings.repetitionNanoseconds))
        let length = settings.fixedIterations.map { "\($0) operations (fixed)" } ?? "~\(budget) after calibration"
        print("  runs       \(quick ? "quick: " : "")\(settings.repetitions) repetitions of \(length); per-operation min / median / max; verdict on the median")
        if !MachineInfo.isOptimized {
            print("  WARNING    this is a debug build; run `swift run -c release chime-bench`")
        }
    }

    func agreements(_ results: [Agreement]) {
        guard !results.isEmpty else { return }
        print("")
        print("agreement on the benchmark inputs (before timing)")
        for a in results {
            let count = "\(a.mismatches) / \(a.compared) mismatches"
            print("  \(pad(a.scenario, 19)) \(pad(count, 24)) \(a.comparison)\(a.note.map { "; \($0)" } ?? "")")
            for example in a.examples { print("      e.g. \(example)") }
        }
    }

    func tableHeader() {
        print("")
        print(Self.columns.map { pad($0.title, $0.width) }.joined(separator: " "))
    }

    func row(_ m: Measurement) {
        let cells = [
            m.name, m.unit.format(m.min), m.unit.format(m.median), m.unit.format(m.max),
            m.target.map { "≤ " + m.unit.format($0.nanoseconds) } ?? m.ratioGoal?.label ?? "",
            m.verdict?.rawValue ?? "",
            m.ratioToBaseline.map { TimeUnit.fixed($0, $0 < 10 ? 2 : 1) + "×" } ?? "",
        ]
        let rate = m.rateNoun.map { "; median ≈ \(Self.grouped(m.ratePerSecond)) \($0)/s" } ?? ""
        print(zip(cells, Self.columns).map { pad($0, $1.width) }.joined(separator: " ") + "  " + m.summary + rate)
        for metric in m.metrics {
            print("    \(pad(metric.name, 34)) \(Self.format(metric))\(metric.note.map { "  (\($0))" } ?? "")")
        }
    }

    func skipped(name: String, reason: String) {
        print("\(pad(name, Self.columns[0].width)) SKIP: \(reason)")
    }

    func footer(checksum: UInt64, measurements: [Measurement]) {
        let misses = measurements.filter { $0.verdict == .miss }.map(\.name)
        let targets = measurements.filter { $0.target != nil || $0.ratioGoal != nil }.count
        let noisy = measurements.filter(\.isNoisy).map(\.name)
        var baselines: [String] = []
        for m in measurements { if let b = m.baseline, !baselines.contains(b) { baselines.append(b) } }
        print("")
        if !baselines.isEmpty {
            print("vs chime = this median / the median of the Chime scenario it is compared with (\(baselines.joined(separator: ", "))).")
        }
        allocations(measurements)
        for m in measurements {
            guard let goal = m.ratioGoal, let baseline = m.baseline else { continue }
            let ratio = m.ratioToBaseline.map { TimeUnit.fixed($0 >= 1 ? $0 : 1 / $0, 1) + "×" } ?? "?"
            let relation = (m.ratioToBaseline ?? 1) >= 1 ? "was \(ratio) faster than \(m.name)" : "took \(ratio) the time of \(m.name)"
            print("\(goal.source): \(baseline) \(goal.statement): \(baseline) \(relation) in this run: \(m.verdict?.rawValue ?? "")")
        }
        print("targets: \(targets - misses.count) of \(targets) met\(misses.isEmpty ? "" : "; MISS: " + misses.joined(separator: ", "))")
        if !noisy.isEmpty {
            print("noisy (max > 1.25 × min; is the machine busy?): \(noisy.joined(separator: ", "))")
        }
        print("checksum \(String(checksum, radix: 16))")
    }

    /// Swift heap allocations per operation of the scenarios that counted them (the trigger issue:
    /// no heap allocation per computation).
    private func allocations(_ measurements: [Measurement]) {
        let counted = measurements.filter { $0.allocations != nil }
        guard !counted.isEmpty else { return }
        print("heap allocations per operation (swift_allocObject hook, counted after timing; target 0):")
        for m in counted {
            guard let a = m.allocations else { continue }
            print("  \(pad(m.name, Self.columns[0].width - 2)) \(pad(TimeUnit.fixed(a, 2), 8)) \(a == 0 ? "PASS" : "MISS")")
        }
        let allocating = counted.filter { ($0.allocations ?? 0) != 0 }.map(\.name)
        print("  allocation-free: \(counted.count - allocating.count) of \(counted.count)\(allocating.isEmpty ? "" : "; allocating: " + allocating.joined(separator: ", "))")
        print("")
    }

    /// A metric's value: grouped digits for large numbers, 3 significant digits below 1,000.
    static func format(_ metric: Scenario.Metric) -> String {
        let v = metric.value
        let text = abs(v) >= 1000 ? grouped(v) : TimeUnit.fixed(v, abs(v) < 10 ? 2 : (abs(v) < 100 ? 1 : 0))
        return metric.unit.isEmpty ? text : text + " " + metric.unit
    }

    /// 1234567.8 -> "1,234,568".
    static func grouped(_ value: Double) -> String {
        guard value.isFinite else { return "?" }
        var digits = String(Int(value.rounded()))
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(digits, at: 0)
        return groups.joined(separator: ",")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
