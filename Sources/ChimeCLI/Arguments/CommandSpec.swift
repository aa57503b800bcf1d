/// Describes a command's options and positionals; drives both parsing and `--help`.
struct CommandSpec: Sendable {
    struct Option: Sendable {
        let name: String          // without dashes
        let valueName: String?    // nil: a flag
        let help: String
    }

    let name: String
    let summary: String
    let positionals: [(name: String, help: String)]
    let options: [Option]
    let examples: [String]

    static let jsonOption = Option(name: "json", valueName: nil, help: "Print JSON (shapes in CONTRACT.md) instead of text.")
    static let sourceOption = Option(name: "source", valueName: "tzif|icu|newest",
                                      help: "Zone rules source (default: newest tz data; env CHIME_ZONE_SOURCE).")

    var usage: String {
        let options = self.options.map { option in option.valueName.map { "[--\(option.name) \($0)]" } ?? "[--\(option.name)]" }
        return (["chime", name] + positionals.map { $0.name } + options).joined(separator: " ")
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
            lines.append("  " + flag.padding(to: 24) + option.help)
        }
        lines.append("  " + "-h, --help".padding(to: 24) + "Show this help.")
        if !examples.isEmpty {
            lines += ["", "EXAMPLES:"] + examples.map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// Parses `--name value`, `--name=value`, flags and positionals (after `--`, everything is positional).
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
            guard arg.hasPrefix("--") else { throw .usage("unknown option '\(arg)'", command: name) }
            var key = String(arg.dropFirst(2))
            var inlineValue: String?
            if let eq = key.firstIndex(of: "=") {
                inlineValue = String(key[key.index(after: eq)...])
                key = String(key[..<eq])
            }
            guard let option = options.first(where: { $0.name == key }) else {
                let known = options.map { "--" + $0.name }.joined(separator: ", ")
                throw .usage("unknown option '--\(key)' (options: \(known))", command: name)
            }
            if option.valueName == nil {
                guard inlineValue == nil else { throw .usage("--\(key) takes no value", command: name) }
                parsed.flags.insert(key)
            } else {
                if let inlineValue {
                    parsed.values[key] = inlineValue
                } else {
                    guard i < arguments.count else { throw .usage("--\(key) needs a value (\(option.valueName!))", command: name) }
                    parsed.values[key] = arguments[i]
                    i += 1
                }
            }
        }
        if !parsed.helpRequested && parsed.positionals.count > positionals.count {
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

    func integer(_ key: String, command: String) throws(CLIError) -> Int? {
        guard let text = values[key] else { return nil }
        guard let value = Int(text) else { throw .usage("--\(key) expects an integer, got '\(text)'", command: command) }
        return value
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + "  " : self + String(repeating: " ", count: width - count)
    }
}
