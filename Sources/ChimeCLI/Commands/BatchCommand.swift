import Chime
import ChimeBatch

/// `chime batch`: JSON Lines in, one JSON line out per input line, in order, streaming.
enum BatchCommand {
    static let spec = CommandSpec(
        name: "batch", summary: "Read trigger requests as JSON Lines (stdin or FILE) and write one response line per request, in order (blank lines are skipped).",
        positionals: [("[FILE]", "Input file; '-' or omitted reads stdin.")],
        options: [.init(name: "explain", valueName: nil, help: "Also name, in every response, the after instant and the trigger as understood (every response names the zone as answered: zone, requested, source, version)."),
                  CommandSpec.sourceOption],
        examples: [#"echo '{"id":"r1","zone":"America/New_York","after":"2026-03-07T12:00:00Z","count":3,"trigger":{"calendar":{"components":{"hour":2,"minute":30}}}}' | chime batch"#,
                   "chime batch examples/requests.jsonl > responses.jsonl",
                   "chime batch --explain examples/requests.jsonl"],
        positionalCompletion: .file)

    static func run(_ args: ParsedArguments, output: inout Output) throws(CLIError) -> Int32 {
        var processor = BatchProcessor(database: try ZoneOptions.database(args, command: spec.name), explain: args.flags.contains("explain"))
        let path = args.positionals.first ?? "-"
        var reader = try LineReader(path: path)
        try reader.forEachLine { line in
            // Blank lines (spaces, tabs, a CR) are skipped: they get no response line.
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return true }
            output.line(writing: { processor.respond(toLine: line, into: &$0) })
            // Once stdout refuses bytes (closed, disk full) no answer can reach anyone: stop reading.
            return output.writeError == nil
        } overlong: { length in
            output.line(#"{"error":{"code":"lineTooLong","message":"the line is \#(length) bytes long; a request line may be at most \#(LineReader.maximumLineLength) bytes"}}"#)
            return output.writeError == nil
        }
        return 0
    }
}
