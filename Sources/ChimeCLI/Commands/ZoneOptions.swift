import Chime

/// Builds the zone database a command uses from `--source` (or `CHIME_ZONE_SOURCE`).
enum ZoneOptions {
    static func database(_ args: ParsedArguments, command: String) throws(CLIError) -> ZoneDatabase {
        if let text = args.values["source"] {
            guard let preference = ZoneDatabase.SourcePreference(rawValue: text.lowercased()) else {
                throw .usage("--source must be tzif, icu or newest, got '\(text)'", command: command)
            }
            return ZoneDatabase(preference: preference)
        }
        do {
            return ZoneDatabase(preference: try ZoneDatabase.preferenceFromEnvironment())
        } catch {
            throw CLIError(error)
        }
    }

    static func rules(_ id: String, in database: ZoneDatabase) throws(CLIError) -> ZoneRules {
        do { return try database.rules(for: id) } catch { throw CLIError(error) }
    }

    static func instant(_ text: String) throws(CLIError) -> Instant {
        do { return try ISO8601Format.parseInstant(text) } catch { throw CLIError(error) }
    }
}
