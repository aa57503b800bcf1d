/// The forms glibc's `$TZ` takes besides a tz database name, accepted wherever Chime takes a zone
/// (docs/contract.md, "Zones"):
///
/// - a POSIX TZ rule, `EST5EDT,M3.2.0,M11.1.0` or `<+0330>-3:30`: the rule alone for every year
///   (no history), named as given, source `posix`;
/// - `:X`, which is `X` (glibc drops one leading colon, then reads `X` as any other value);
/// - an absolute path to a TZif file, `/usr/share/zoneinfo/Europe/Berlin`, named as given,
///   source `tzif`, read as the untrusted input a zone file is (`readFile`).
///
/// A tz database name wins over a rule of the same spelling, as in glibc, which reads
/// `$TZDIR/EST5EDT` before it parses `EST5EDT` as a rule (tzset.c, `tzset_internal`:
/// `__tzfile_read (tz, …)` first, `__tzset_parse_tz (tz)` only when no file was read).
enum TZVariable {
    /// The longest path read, in UTF-8 bytes (zone names stay under `ZoneDatabase.longestIdentifier`).
    static let longestPath = 1024

    /// `X` for glibc's `:X`; nil when `id` has no leading colon.
    static func withoutColon(_ id: String) -> String? {
        id.utf8.first == UInt8(ascii: ":") ? String(decoding: id.utf8.dropFirst(), as: UTF8.self) : nil
    }

    /// Whether `id` names a file by its absolute path.
    static func isPath(_ id: String) -> Bool { id.utf8.first == UInt8(ascii: "/") }

    /// The zone a POSIX TZ rule defines, named `identifier`: its transitions for every year (the
    /// 400-year cycle covers the past too), or its one type when it has no daylight time.
    static func rules(forRule text: String, identifier: String) throws(ZoneError) -> ZoneRules {
        let footer = try POSIXTimeZoneString.parse(text)
        let initial: LocalTimeType
        switch footer {
        case .fixed(let type): initial = type
        case .recurring(let rule): initial = rule.standard
        }
        let table = try TransitionTableBuilder.build(initial: initial, transitions: [], footer: footer, origin: text)
        return ZoneRules(identifier: identifier, source: .posix, version: nil, table: table)
    }

    /// The zone of the TZif file at absolute `path`, named `identifier`. The file is untrusted:
    /// symbolic links are followed (the caller named the file: `/etc/localtime` is a link), but
    /// what they lead to must be a regular file, not on the kernel's `/proc`, `/sys` or `/dev`, at
    /// most `TZifTree.zoneFileLimit` bytes, that `TZifParser` accepts. `tree` is the TZif tree in
    /// use: a file inside it carries its version.
    static func rules(forFile path: String, identifier: String, tree: TZifDirectoryProvider?) throws(ZoneError) -> ZoneRules {
        let resolved = try FileSystem.resolved(path)
        if let mount = FileSystem.kernelFileSystem(of: resolved) {
            throw .unreadable(path: path, reason: "on the kernel's file system of \(mount), not zone data")
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readFile(resolved, limit: TZifTree.zoneFileLimit)
        } catch .unreadable(_, let reason) {
            throw .unreadable(path: path, reason: reason)
        }
        let version = tree.flatMap { $0.contains(resolvedFile: resolved) ? $0.version : nil }
        return try TZifParser.rules(bytes, path: path, identifier: identifier, version: version)
    }

    /// Why `id` (or the `X` of `:X`), shaped as a POSIX TZ rule, is not one; nil when it is one or
    /// does not look like one (then it is a zone name no source knows).
    static func ruleRefusal(_ id: String) -> String? {
        let text = withoutColon(id) ?? id
        guard POSIXTimeZoneString.looksLikeRule(text) else { return nil }
        do {
            _ = try POSIXTimeZoneString.parse(text)
            return nil
        } catch .invalidPOSIXRule(_, let reason) {
            return reason
        } catch {
            return error.description
        }
    }
}
