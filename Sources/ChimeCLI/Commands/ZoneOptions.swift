#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime
import ChimeBatch

/// Builds the zone database a command uses from `--source` (or `CHIME_ZONE_SOURCE`).
enum ZoneOptions {
    static let tzOption = CommandSpec.Option(name: "tz", valueName: "ZONE", help: "Zone (instead of the ZONE argument; default: $TZ, else the system zone).", completes: .zone)

    /// A TZif directory that cannot be used is an error here, before any zone is asked for, when
    /// `TZDIR` names it or the source is `tzif`: a misconfigured `TZDIR` must not quietly leave
    /// ICU's older data answering (docs/cli.md, "Zones").
    static func database(_ args: ParsedArguments, command: String) throws(CLIError) -> ZoneDatabase {
        let database: ZoneDatabase
        if let text = args.values["source"] {
            guard let preference = ZoneDatabase.SourcePreference(rawValue: text.lowercased()) else {
                throw .usage("--source must be tzif, icu or newest, got '\(text)'", command: command)
            }
            database = ZoneDatabase(preference: preference)
        } else {
            do {
                database = ZoneDatabase(preference: try ZoneDatabase.preferenceFromEnvironment())
            } catch {
                throw CLIError(error)
            }
        }
        if let error = database.configurationError { throw .input(error.message, code: error.code) }
        return database
    }

    static func rules(_ id: String, in database: ZoneDatabase) throws(CLIError) -> ZoneRules {
        do { return try database.rules(for: id) } catch { throw CLIError(error) }
    }

    /// The zones a zone command is about: its ZONE arguments (after the first `skip` positionals),
    /// else `--tz`, else `$TZ` or the system zone.
    static func zones(_ args: ParsedArguments, skip: Int = 0, database: ZoneDatabase, command: String) throws(CLIError) -> [ZoneChoice] {
        let ids = Array(args.positionals.dropFirst(skip))
        if !ids.isEmpty {
            if args.values["tz"] != nil { throw .usage("give the zone either as an argument or with --tz, not both", command: command) }
            var choices: [ZoneChoice] = []
            for id in ids { choices.append(try ZoneChoice.resolve(id, origin: "argument", in: database)) }
            return choices
        }
        return [try ZoneChoice.choose(args, database: database)]
    }
}
