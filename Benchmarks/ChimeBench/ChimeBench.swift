#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime

/// `chime-bench`: times Chime against the issues' targets and against peers, after checking that
/// Chime and the peers agree on the very inputs being timed. See `Options.usage`.
@main
enum ChimeBench {
    static func main() {
        let options: Options
        do {
            options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
        } catch {
            var stderr = StandardError()
            print("chime-bench: \(error.message)\n\n\(Options.usage)", to: &stderr)
            exit(2)
        }
        if options.help {
            print(Options.usage)
            return
        }

        let context = BenchContext(database: ZoneDatabase.shared, options: options)
        defer { context.removeTemporaryFiles() }
        let catalog = Catalog.all(context)
        if options.list {
            for s in catalog { print("\(s.name)\t\(s.summary)") }
            return
        }
        let scenarios = catalog.filter { options.selects($0) }
        guard !scenarios.isEmpty else {
            var stderr = StandardError()
            print("chime-bench: no scenario matches \(options.filters.map { "'\($0)'" }.joined(separator: ", ")) (see --list)", to: &stderr)
            exit(2)
        }

        var settings: Runner.Settings = options.quick ? .quick : .full
        settings.fixedIterations = options.iterations
        let machine = MachineInfo.current()
        let zoneData = ZoneDataInfo.current(context.database)
        let table = TableReport()
        if !options.json { table.header(machine: machine, zoneData: zoneData, settings: settings, quick: options.quick) }

        let selected = Set(scenarios.map(\.name))
        let agreements = options.skipChecks ? [] : AgreementChecks.all(context).filter { selected.contains($0.scenario) }.map { $0.run() }
        if !options.json {
            table.agreements(agreements)
            table.tableHeader()
        }

        let checksum = Checksum()
        let runner = Runner(settings: settings, checksum: checksum)
        var measurements: [Measurement] = []
        var skipped: [JSONReport.Skip] = []
        for scenario in scenarios {
            switch runner.run(scenario) {
            case .measured(var m):
                if let baseline = m.baseline, let base = measurements.first(where: { $0.name == baseline }) {
                    m.ratioToBaseline = m.median / base.median
                }
                measurements.append(m)
                if !options.json { table.row(m) }
            case let .skipped(name, reason):
                skipped.append(.init(name: name, reason: reason))
                if !options.json { table.skipped(name: name, reason: reason) }
            }
        }

        if options.json {
            print(JSONReport(machine: machine, zoneData: zoneData, quick: options.quick, settings: settings,
                             agreements: agreements, measurements: measurements, skipped: skipped,
                             checksum: checksum.value).text())
        } else {
            table.footer(checksum: checksum.value, measurements: measurements)
            let summary = PendingChart(measurements: measurements, machine: machine, quick: options.quick).summaryLines()
            if !summary.isEmpty { print(""); summary.forEach { print($0) } }
        }
        if let path = options.chartPath {
            let chart = PendingChart(measurements: measurements, machine: machine, quick: options.quick)
            do {
                try chart.write(to: path)
                var stderr = StandardError()
                print("chime-bench: wrote \(path)", to: &stderr)
            } catch {
                BenchContext.fail("cannot write the chart to \(path): \(error)")
            }
        }
    }
}
