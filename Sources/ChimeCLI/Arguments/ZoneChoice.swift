#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime
import ChimeBatch

/// The zone a command works in: `--tz`, else `$TZ`, else the system zone (`/etc/localtime`).
struct ZoneChoice {
    let rules: ZoneRules
    let lookup: ZoneLookup
    /// Where the id came from: `--tz`, `$TZ`, `the system zone (/etc/localtime)` or the argument.
    let origin: String
    /// The zone an iCalendar file's VTIMEZONE defines when a source knows its TZID too (and so
    /// answers): kept to compare (`VTimeZone.firstDifference`).
    var definition: ZoneRules?

    /// Notes worth printing: why this zone, and what its id means.
    var notes: [String] {
        var notes: [String] = []
        if origin != "--tz" && origin != "argument" { notes.append("zone \(rules.identifier) from \(origin)") }
        if let note = lookup.note { notes.append(note) }
        return notes
    }

    static func resolve(_ id: String, origin: String, in database: ZoneDatabase) throws(CLIError) -> ZoneChoice {
        do {
            let found = try database.lookup(id)
            return ZoneChoice(rules: try database.rules(for: id), lookup: found, origin: origin)
        } catch {
            var error = CLIError(error)
            if origin != "--tz" && origin != "argument", case let .input(message, code) = error {
                error = .input(message + " (from \(origin); give --tz ZONE)", code: code)
            }
            throw error
        }
    }

    /// The zone an iCalendar file names and defines (`defined`, its VTIMEZONE's): the tz
    /// database's when a source knows the TZID, as python's icalendar does (the file's then kept
    /// as `definition`); else the file's own, source `vtimezone`.
    static func resolve(_ id: String, defined rules: ZoneRules, origin: String, in database: ZoneDatabase) throws(CLIError) -> ZoneChoice {
        if (try? database.lookup(id)) != nil {
            var choice = try resolve(id, origin: origin, in: database)
            choice.definition = rules
            return choice
        }
        return ZoneChoice(rules: rules, lookup: ZoneLookup(requested: id, identifier: id, source: .vtimezone, match: .vtimezone), origin: origin)
    }

    /// `--tz`, else `$TZ`, else the system zone.
    static func choose(_ args: ParsedArguments, database: ZoneDatabase) throws(CLIError) -> ZoneChoice {
        if let id = args.values["tz"] { return try resolve(id, origin: "--tz", in: database) }
        let (id, origin) = try systemZone()
        return try resolve(id, origin: origin, in: database)
    }

    /// `$TZ` (a leading `:` dropped), else the zone `/etc/localtime` links to, else `/etc/timezone`.
    static func systemZone() throws(CLIError) -> (id: String, origin: String) {
        if let value = getenv("TZ").map({ String(cString: $0) }), !value.isEmpty {
            return (value.hasPrefix(":") ? String(value.dropFirst()) : value, "$TZ")
        }
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/etc/localtime", &buffer, buffer.count - 1)
        if n > 0 {
            let target = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let range = target.firstRange(of: "zoneinfo/") {
                // A link into zoneinfo/posix/ names the same zone as the tree's own file: the
                // name is what follows (`posix/…` is not a tz database name).
                var id = target[range.upperBound...]
                if id.hasPrefix("posix/") { id = id.dropFirst("posix/".count) }
                return (String(id), "the system zone (/etc/localtime)")
            }
        }
        // Only a regular file is opened (a FIFO there would block the open).
        var info = stat()
        if stat("/etc/timezone", &info) == 0, info.st_mode & S_IFMT == S_IFREG, let file = fopen("/etc/timezone", "r") {
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 256)
            let id = fgets(&line, 255, file) == nil ? "" : String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).trimmingCharacters()
            if !id.isEmpty { return (id, "the system zone (/etc/timezone)") }
        }
        throw .usage("no zone given and the system zone is unknown (no $TZ, /etc/localtime is not a link into zoneinfo): give --tz ZONE", command: nil)
    }
}

extension String {
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }
}
