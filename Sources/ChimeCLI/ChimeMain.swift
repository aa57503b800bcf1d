#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime
import ChimeJSON
import ChimeBatch

/// The `chime` executable: dispatches to one command, maps errors to exit codes (docs/contract.md).
@main
enum ChimeMain {
    static let version = ChimeVersion.text

    typealias Runner = @Sendable (ParsedArguments, inout Output) throws(CLIError) -> Int32
    static let commands: [(spec: CommandSpec, run: Runner)] = [
        (ZonesCommand.spec, ZonesCommand.run),
        (ZoneCommand.spec, ZoneCommand.run),
        (TransitionsCommand.spec, TransitionsCommand.run),
        (ResolveCommand.spec, ResolveCommand.run),
        (NextCommand.spec, NextCommand.run),
        (AuditCommand.spec, AuditCommand.run),
        (BatchCommand.spec, BatchCommand.run),
        (PendingCommand.spec, PendingCommand.run),
        (SimulateCommand.spec, SimulateCommand.run),
        (PlanCommand.spec, PlanCommand.run),
        (CompletionsCommand.spec, CompletionsCommand.run),
        (ManCommand.spec, ManCommand.run),
    ]

    static func main() {
        // A reader that leaves the pipe is a write error (EPIPE) reported like any other, not a
        // silent death by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var output = Output()
        var status = run(Array(CommandLine.arguments.dropFirst()), output: &output)
        output.flush()
        if let message = output.writeErrorMessage {
            Output.error(message)
            status = 2
        }
        exit(status)
    }

    static func run(_ arguments: [String], output: inout Output) -> Int32 {
        guard let first = arguments.first else {
            // No command is bad usage: the usage goes to stderr, exit 2.
            Output.error("a command is needed\n\n" + help)
            return 2
        }
        switch first {
        case "-h", "--help", "help":
            if arguments.count > 1 {
                guard let command = commands.first(where: { $0.spec.name == arguments[1] }) else {
                    Output.error(unknownCommand(arguments[1]).message)
                    return 2
                }
                output.lines(command.spec.help)
            } else {
                output.lines(help)
            }
            return 0
        case "--version", "version":
            do {
                output.lines(try versionText())
                return 0
            } catch {
                Output.error(CLIError(error).message)
                return 2
            }
        default:
            break
        }
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            Output.error(unknownCommand(first).message)
            return 2
        }
        do {
            let args = try command.spec.parse(Array(arguments.dropFirst()))
            if args.helpRequested {
                output.lines(command.spec.help)
                return 0
            }
            return try command.run(args, &output)
        } catch {
            output.flush()
            Output.error(error.message)
            return error.exitCode
        }
    }

    static func unknownCommand(_ name: String) -> CLIError {
        let names = commands.map(\.spec.name)
        if let hint = ClosestName.closest(to: name, among: names + ["help", "version"]) {
            return .usage("unknown command '\(name)'; did you mean '\(hint)'?", command: nil)
        }
        return .usage("unknown command '\(name)' (commands: \(names.joined(separator: ", ")))", command: nil)
    }

    static var help: String {
        var lines = ["chime \(version) — when recurring schedules fire, in every IANA zone, across every DST transition.",
                     "", "USAGE: chime <command> [options]", "", "COMMANDS:"]
        lines += commands.map { "  " + $0.spec.name.padding(to: 14) + $0.spec.summary }
        lines += ["", "  --version     Print the version and the tz data versions in use.",
                  "", "Run 'chime <command> --help' for a command's options.",
                  "JSON shapes, error and exit codes: docs/contract.md; examples: examples/ (in the Chime repository)."]
        return lines.joined(separator: "\n")
    }

    static func versionText() throws(ZoneError) -> String {
        let database = ZoneDatabase(preference: try ZoneDatabase.preferenceFromEnvironment())
        var lines = ["chime \(version)"]
        for (i, info) in database.sources.enumerated() {
            let role = i == 0 && info.unavailableReason == nil ? "preferred" : (database.preferredOrder.contains(info.source) ? "fallback" : "not used")
            let state = info.unavailableReason.map { "unavailable: \($0)" } ?? role
            lines.append("tz data: \(info.source.rawValue) \(info.version ?? "unknown") (\(state))")
        }
        return lines.joined(separator: "\n")
    }
}
