import Chime
import ChimeJSON
import ChimeBatch

/// `chime batch`: JSON Lines in, one JSON line out per input line, in order, streaming.
enum BatchCommand {
    static let spec = CommandSpec(
        name: "batch", summary: "Read trigger requests as JSON Lines (stdin or FILE) and write one response line per request, in order (blank lines are skipped).",
        positionals: [("[FILE]", "Input file; '-' or omitted reads stdin.")],
        options: [.init(name: "explain", valueName: nil, help: "Also name, in every response, the after instant and the trigger as understood (every response names the zone as answered: zone, requested, source, version)."),
                  CommandSpec.sourceOption,
                  .init(name: "zone-check-interval", valueName: "SECONDS", help: "How often to look for new zone data on disk while running (TZDIR's tzdata.zi, +VERSION, or the directory a symlink names), reloading it between lines; 0: only on SIGHUP. Default 1.")],
        examples: [#"echo '{"id":"r1","zone":"America/New_York","after":"2026-03-07T12:00:00Z","count":3,"trigger":{"calendar":{"components":{"hour":2,"minute":30}}}}' | chime batch"#,
                   "chime batch examples/requests.jsonl > responses.jsonl",
                   "chime batch --explain examples/requests.jsonl"],
        positionalCompletion: .file)

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        let checkInterval = try args.integer("zone-check-interval", command: spec.name) ?? 1
        guard (0...86_400).contains(checkInterval) else {
            throw .usage("--zone-check-interval must be 0–86400 seconds, got \(checkInterval)", command: spec.name)
        }
        let database = try ZoneOptions.database(args, command: spec.name)
        var processor = BatchProcessor(database: database, explain: args.flags.contains("explain"))
        let path = args.positionals.first ?? "-"
        var reader = try LineReader(path: path)
        // New zone data (SIGHUP, a changed tree) is read between lines: each answer comes from one version.
        var reloader = ZoneReloader(database: database, checkInterval: checkInterval)
        try reader.forEachLine(waiting: {
            // Before waiting for more input, the answers so far go out (a client on a pipe may be
            // waiting for them before it writes again).
            output.flush()
            reloader.beforeWaiting()
        }) { line in
            // Blank lines (spaces, tabs, a CR) are skipped: they get no response line.
            guard !LineFramer.isBlank(line) else { return true }
            reloader.beforeLine()
            output.line(writing: { processor.respond(toLine: line, into: &$0) })
            // Once stdout refuses bytes (closed, disk full) no answer can reach anyone: stop reading.
            return output.writeError == nil
        } overlong: { length in
            output.json(BatchProcessor.lineTooLongResponse(length: length))
            return output.writeError == nil
        }
        return 0
    }
}
