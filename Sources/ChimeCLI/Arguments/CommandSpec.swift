import Chime
import ChimeJSON
import ChimeBatch

/// Describes a command's options and positionals; drives parsing, `--help`, the shell
/// completions and the man page (`chime completions`, `chime man`), so none of them can drift.
struct CommandSpec: Sendable {
    struct Option: Sendable {
        let name: String          // without dashes
        let valueName: String?    // nil: a flag
        let help: String
        /// Shown outside brackets in the usage line; `parse` does not check it (a command may
        /// accept an alternative, e.g. `next` takes one of four trigger options).
        var required: Bool = false
        /// The values a shell may complete; empty for free text.
        var choices: [String] = []
        /// What the value names, for completion: a file, a zone id, or nothing special.
        var completes: Completion = .none

        enum Completion: Sendable { case none, file, zone }

        init(name: String, valueName: String?, help: String, required: Bool = false, choices: [String] = [], completes: Completion = .none) {
            self.name = name
            self.valueName = valueName
            self.help = help
            self.required = required
            self.completes = completes
            // A value name listing its choices (`tzif|icu|newest`) completes them.
            if choices.isEmpty, let valueName, valueName.contains("|"), !valueName.contains(" ") {
                self.choices = valueName.split(separator: "|").map(String.init)
            } else {
                self.choices = choices
            }
        }
    }

    struct Positional: Sendable {
        let name: String
        let help: String
        var completes: Option.Completion = .none
        var optional: Bool { name.hasPrefix("[") }
        var repeats: Bool { name.hasSuffix("...") || name.hasSuffix("…]") || name.hasSuffix("...]") }
    }

    let name: String
    let summary: String
    let positionals: [Positional]
    let options: [Option]
    let examples: [String]
    /// Lines of the usage when one line cannot say it (alternatives); default: built from the options.
    var usageLines: [String]? = nil

    init(name: String, summary: String, positionals: [(String, String)], options: [Option], examples: [String],
         usageLines: [String]? = nil, positionalCompletion: Option.Completion = .none) {
        self.name = name
        self.summary = summary
        self.positionals = positionals.map { Positional(name: $0.0, help: $0.1, completes: positionalCompletion) }
        self.options = options
        self.examples = examples
        self.usageLines = usageLines
    }

    static let jsonOption = Option(name: "json", valueName: nil, help: "Print JSON (shapes in docs/contract.md) instead of text.")
    static let sourceOption = Option(name: "source", valueName: "tzif|icu|newest",
                                     help: "Zone rules source (default: newest tz data; env CHIME_ZONE_SOURCE).")
    static let deadlineOption = Option(name: "deadline", valueName: "MS",
                                       help: "Give up with limitReached once this many milliseconds (1–86400000) have passed (default: no deadline).")

    /// `chime next --tz ZONE …`: required options bare, optional ones in brackets.
    var usage: String {
        if let usageLines { return usageLines.joined(separator: "\n       ") }
        let options = self.options.map { option in
            let text = "--\(option.name)" + (option.valueName.map { " " + $0 } ?? "")
            return option.required ? text : "[" + text + "]"
        }
        return (["chime", name] + positionals.map(\.name) + options).joined(separator: " ")
    }

    var help: String {
        var lines = ["\(summary)", "", "USAGE: \(usage)"]
        if !positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += positionals.map { "  " + $0.name.padding(to: 24) + $0.help }
        }
        lines += ["", "OPTIONS:"]
        for option in options {
            let flag = "--" + option.name + (option.valueName.map { " " + $0 } ?? "")
            lines.append("  " + flag.padding(to: 24) + option.help + (option.required ? " (required)" : ""))
        }
        lines.append("  " + "-h, --help".padding(to: 24) + "Show this help.")
        if !examples.isEmpty {
            lines += ["", "EXAMPLES:"] + examples.map { "  " + $0 }
        }
        lines += ["", "See docs/contract.md (JSON shapes, error and exit codes) and examples/ in the Chime repository."]
        return lines.joined(separator: "\n")
    }

    /// Option names other tools use, and the option of ours they mean (suggested before the
    /// closest spelling: `--zone` is one letter from `--once`, but means `--tz`).
    static let synonyms = ["zone": "tz", "timezone": "tz", "time-zone": "tz", "tzid": "tz", "tz-name": "tz"]

    /// Parses `--name value`, `--name=value`, flags and positionals (after `--`, everything is
    /// positional). An option given twice is an error, as is an unknown one (with the closest
    /// known option suggested).
    func parse(_ arguments: [String]) throws(CLIError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let arg = arguments[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" || Self.looksNegativeNumber(arg) {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            if arg == "-h" || arg == "--help" { parsed.helpRequested = true; continue }
            guard arg.hasPrefix("--") else {
                let hint = ClosestName.closest(to: "--" + arg.drop { $0 == "-" }, among: options.map { "--" + $0.name })
                throw .usage("unknown option '\(arg)'" + (hint.map { "; did you mean \($0)?" } ?? " (options start with --)"), command: name)
            }
            var key = String(arg.dropFirst(2))
            var inlineValue: String?
            if let eq = key.firstIndex(of: "=") {
                inlineValue = String(key[key.index(after: eq)...])
                key = String(key[..<eq])
            }
            guard let option = options.first(where: { $0.name == key }) else {
                let synonym = Self.synonyms[key].flatMap { target in options.contains { $0.name == target } ? "--" + target : nil }
                if let hint = synonym ?? ClosestName.closest(to: "--" + key, among: options.map { "--" + $0.name }) {
                    throw .usage("unknown option '--\(key)'; did you mean \(hint)?", command: name)
                }
                let known = options.map { "--" + $0.name }.joined(separator: ", ")
                throw .usage("unknown option '--\(key)' (options: \(known))", command: name)
            }
            if option.valueName == nil {
                guard inlineValue == nil else { throw .usage("--\(key) takes no value", command: name) }
                parsed.flags.insert(key)
            } else {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard i < arguments.count else { throw .usage("--\(key) needs a value (\(option.valueName!))", command: name) }
                    value = arguments[i]
                    i += 1
                }
                if let earlier = parsed.values[key] {
                    throw .usage("--\(key) given twice ('\(earlier)' and '\(value)'); it takes one value", command: name)
                }
                parsed.values[key] = value
            }
        }
        let maximum = positionals.contains(where: \.repeats) ? Int.max : positionals.count
        if !parsed.helpRequested && parsed.positionals.count > maximum {
            throw .usage("unexpected argument '\(parsed.positionals[positionals.count])'", command: name)
        }
        return parsed
    }

    private static func looksNegativeNumber(_ s: String) -> Bool {
        s.count > 1 && s.dropFirst().allSatisfy(\.isNumber)
    }
}

struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var helpRequested = false

    var json: Bool { flags.contains("json") }

    func positional(_ index: Int, _ name: String, command: String) throws(CLIError) -> String {
        guard index < positionals.count else { throw .usage("missing \(name)", command: command) }
        return positionals[index]
    }

    /// `--deadline MS`, started now (docs/contract.md, "Limits").
    func deadline(command: String) throws(CLIError) -> Deadline? {
        guard let milliseconds = try integer("deadline", command: command) else { return nil }
        guard let deadline = Deadline(milliseconds: milliseconds) else {
            throw .usage("--deadline must be 1–\(Deadline.maximumMilliseconds) milliseconds, got \(milliseconds)", command: command)
        }
        return deadline
    }

    func integer(_ key: String, command: String) throws(CLIError) -> Int? {
        guard let text = values[key] else { return nil }
        guard let value = Int(text) else { throw .usage("--\(key) expects an integer, got '\(text)'", command: command) }
        return value
    }
}
