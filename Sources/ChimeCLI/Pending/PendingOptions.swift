import Chime
import ChimeJSON
import ChimeBatch

/// Options shared by `chime pending`, `chime simulate` and `chime plan`, and their JSON pieces.
enum PendingOptions {
    static let limitOption = CommandSpec.Option(name: "limit", valueName: "N", help: "How many requests the system keeps pending (default 64, iOS; 500 for Android/Samsung).")
    static let ruleOption = CommandSpec.Option(name: "rule", valueName: "soonest|recent|reject",
                                               help: "Beyond the limit keep the soonest-firing (default, iOS), the most recently added, or refuse new requests (Android/Samsung).")
    static let fileArgument = ("FILE", "JSON Lines of requests (docs/contract.md: a batch request with \"identifier\"); '-' reads stdin.")

    static func limit(_ args: ParsedArguments, command: String) throws(CLIError) -> Int {
        let limit = try args.integer("limit", command: command) ?? 64
        guard limit >= 1 else { throw .usage("--limit must be at least 1, got \(limit)", command: command) }
        return limit
    }

    static func rule(_ args: ParsedArguments, command: String) throws(CLIError) -> PendingStore.Rule {
        switch args.values["rule"] ?? "soonest" {
        case "soonest": return .soonest
        case "recent": return .recent
        case "reject", "rejectBeyondLimit": return .rejectBeyondLimit
        case let other: throw .usage("--rule must be soonest, recent or reject, got '\(other)'", command: command)
        }
    }

    static let tzOption = CommandSpec.Option(name: "tz", valueName: "ZONE", help: "Zone for reading local times in the instant options (default: $TZ, else the system zone).", completes: .zone)

    /// A required instant option; a local time is read in `--tz` (else `$TZ`, else the system zone).
    static func instant(_ args: ParsedArguments, _ name: String, command: String) throws(CLIError) -> Instant {
        guard let text = args.values[name] else { throw .usage("--\(name) INSTANT is required", command: command) }
        if let instant = try? TimeInput.absolute(text) { return instant }
        let zone = try ZoneChoice.choose(args, database: try ZoneOptions.database(args, command: command))
        let reading = try CLIError.wire { () throws(BatchError) in try TimeInput.read(text, name: "--" + name, zone: zone.rules) }
        if let note = reading.note { Output.error("note: " + note) }
        return reading.instant
    }

    static func file(_ args: ParsedArguments, now: Instant, profile: PlatformProfile? = nil, command: String) throws(CLIError) -> PendingFile {
        let database = try ZoneOptions.database(args, command: command)
        return try PendingFile(path: args.positionals.first ?? "-", database: database, now: now, profile: profile)
    }

    static func store(limit: Int, rule: PendingStore.Rule, command: String) throws(CLIError) -> PendingStore {
        do { return try PendingStore(limit: limit, rule: rule) } catch { throw .usage(error.description, command: command) }
    }

    /// Adds the file's requests to `store` at the file's `now` (one refused request is an error in
    /// the report); the discards, in order, in `discarded`.
    static func add(_ file: PendingFile, to store: inout PendingStore, discarded: inout PendingDiscardList) throws(CLIError) -> PendingAddReport {
        do {
            return try file.add(to: &store) { discarded.append($0, row: $1, from: file.table) }
        } catch {
            throw .input(error.cliMessage, code: error.code)
        }
    }

    /// `Zone rules: tzif 2025b.`: the sources and versions the requests' zones came from.
    static func zoneDataLine(_ file: PendingFile) -> String {
        let seen = file.zoneSources
        let fallback = file.database.sources.first.map { "\($0.source.rawValue) \($0.version ?? "unknown version")" } ?? "none"
        return "Zone rules: \(seen.isEmpty ? fallback : seen.joined(separator: ", "))."
    }

    /// One JSON object on one line, written member by member: an `.items` member's array is
    /// written an element at a time, so a million of them are never one `JSON` value. The bytes
    /// are `JSON.object(…).serialized`'s.
    enum Member {
        case value(JSON)
        case items((_ element: (JSON) -> Void) -> Void)
        /// Elements written as bytes (`element` appends one's JSON text): a million discards.
        case byteItems((_ element: ((inout [UInt8]) -> Void) -> Void) -> Void)
    }

    static func writeObject(_ members: [(String, Member)], to output: inout Output) {
        output.appendJSON("{")
        for (i, (name, member)) in members.enumerated() {
            output.appendJSON((i == 0 ? "" : ",") + JSON.string(name).serialized + ":")
            switch member {
            case .value(let value): output.appendJSON(value.serialized)
            case .items(let each):
                writeArray(to: &output) { element in each { json in element { $0.append(contentsOf: json.serialized.utf8) } } }
            case .byteItems(let each):
                writeArray(to: &output, each)
            }
        }
        output.json("}")
    }

    /// `[`, the elements `each` writes (`element` appends one's JSON text), commas between, `]`.
    private static func writeArray(to output: inout Output, _ each: (_ element: ((inout [UInt8]) -> Void) -> Void) -> Void) {
        output.appendJSON("[")
        var first = true
        each { write in
            output.append { out in
                if !first { out.append(UInt8(ascii: ",")) }
                write(&out)
            }
            first = false
        }
        output.appendJSON("]")
    }
}
