/// Command-line options of `chime-bench`.
struct Options {
    /// Substrings; a scenario runs when its name contains any of them (all run when empty). A trailing
    /// `$` anchors the end: `next.daily$` is that scenario without its `.foundation` and `.floor` shadows.
    var filters: [String] = []
    var quick = false
    var json = false
    var list = false
    var help = false
    /// The `chime` binary for `cold.*`; default: beside this executable (.build/release/chime).
    var chimeExecutable: String?
    /// Fixed operations per repetition instead of calibrating (for profilers such as callgrind).
    var iterations: Int?
    /// Skip the agreement checks (profiling: under valgrind, Foundation's side of them takes minutes).
    var skipChecks = false
    /// Where to write the pending-set chart (SVG), when given.
    var chartPath: String?

    static let usage = """
    USAGE: chime-bench [--filter NAME]... [--quick] [--json] [--list] [--chime PATH] [--iterations N] [--skip-checks] [--chart FILE.svg]

    Times Chime's zone and trigger operations against their targets and against peers (ICU ucal,
    Foundation, bare arithmetic floors). Build in release: swift run -c release chime-bench
    For cold.chime.zone and batch.*, build the CLI first: swift build -c release --product chime

    OPTIONS:
      --filter NAME   run only scenarios whose name contains NAME (repeatable); NAME$ must end the name
      --quick         few iterations and 3 repetitions (CI smoke run, a few seconds)
      --json          machine-readable results on stdout instead of the table
      --list          list scenario names and exit
      --chime PATH    the chime executable timed by cold.chime.zone and batch.*
      --iterations N  exactly N operations per repetition, no calibration (for profiling, e.g.
                      valgrind --tool=callgrind .build/release/chime-bench --filter resolve.local --iterations 100000)
      --skip-checks   do not run the agreement checks first (profiling only: numbers of unchecked code)
      --chart FILE    write an SVG chart of the pending-set results (scaling curve, bytes per request,
                      Foundation / Chime ratios), e.g. --chart Benchmarks/pending-scaling.svg
      -h, --help      show this help

    Each scenario is calibrated (doubling as warm-up), then timed in 7 repetitions (3 with --quick);
    min / median / max are per operation. Verdicts compare the median with the target.
    Exit status: 0 after a run (even with MISS), 2 on bad usage.
    """

    struct UsageError: Error {
        let message: String
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(for flag: String) throws(UsageError) -> String {
            guard let value = rest.popFirst(), !value.hasPrefix("--") else {
                throw UsageError(message: "\(flag) needs a value")
            }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--filter": options.filters.append(try value(for: argument))
            case "--quick": options.quick = true
            case "--json": options.json = true
            case "--list": options.list = true
            case "--chime": options.chimeExecutable = try value(for: argument)
            case "--iterations":
                let text = try value(for: argument)
                guard let n = Int(text), n > 0 else { throw UsageError(message: "--iterations needs a positive number, not '\(text)'") }
                options.iterations = n
            case "--skip-checks": options.skipChecks = true
            case "--chart": options.chartPath = try value(for: argument)
            case "-h", "--help": options.help = true
            default:
                if argument.hasPrefix("--filter=") {
                    options.filters.append(String(argument.dropFirst("--filter=".count)))
                } else {
                    throw UsageError(message: "unknown option '\(argument)'")
                }
            }
        }
        return options
    }

    func selects(_ name: String) -> Bool {
        filters.isEmpty || filters.contains { filter in
            filter.hasSuffix("$") ? name.hasSuffix(filter.dropLast()) : name.contains(filter)
        }
    }

    /// Whether the scenario runs: `explicitOnly` ones only when a filter is their full name
    /// (optionally with the `$` anchor).
    func selects(_ scenario: Scenario) -> Bool {
        guard scenario.explicitOnly else { return selects(scenario.name) }
        return filters.contains { $0 == scenario.name || $0 == scenario.name + "$" }
    }
}
