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
            m.target.map { "≤ " + m.unit.format($0.nanoseconds) } ?? "",
            m.verdict?.rawValue ?? "",
            m.ratioToBaseline.map { TimeUnit.fixed($0, $0 < 10 ? 2 : 1) + "×" } ?? "",
        ]
        print(zip(cells, Self.columns).map { pad($0, $1.width) }.joined(separator: " ") + "  " + m.summary)
    }

    func skipped(name: String, reason: String) {
        print("\(pad(name, Self.columns[0].width)) SKIP: \(reason)")
    }

    func footer(checksum: UInt64, measurements: [Measurement]) {
        let misses = measurements.filter { $0.verdict == .miss }.map(\.name)
        let targets = measurements.filter { $0.target != nil }.count
        let noisy = measurements.filter(\.isNoisy).map(\.name)
        print("")
        print("vs chime = this median / the median of the Chime scenario it is compared with (offset.lookup, resolve.local, cold.chime.zone).")
        print("targets: \(targets - misses.count) of \(targets) met\(misses.isEmpty ? "" : "; MISS: " + misses.joined(separator: ", "))")
        if !noisy.isEmpty {
            print("noisy (max > 1.25 × min; is the machine busy?): \(noisy.joined(separator: ", "))")
        }
        print("checksum \(String(checksum, radix: 16))")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
