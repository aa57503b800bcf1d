#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Zone rules from a compiled tz database directory (`TZDIR`, default /usr/share/zoneinfo).
///
/// The id list, aliases and version come from the directory's `tzdata.zi` (the tz source that
/// Debian and zic ship beside the binaries: `Z` lines are zones, `L target alias` lines are links,
/// the first line is `# version 2025b`); without it, the tree is walked for TZif files. Either way
/// the directory answers only for the tz database names it lists (`ZoneName`), and reads its
/// files as untrusted input (`TZifTree`).
final class TZifDirectoryProvider: ZoneProvider {
    static let defaultDirectory = "/usr/share/zoneinfo"

    let source = ZoneSource.tzif
    let directory: String
    let version: String?
    private let tree: TZifTree
    private let zones: Set<String>
    private let aliases: [String: String]
    /// Zones and aliases in one sorted list, made on first use: only listings and suggestions
    /// need it, and sorting ~600 ids was a sixth of a cold `chime zone`'s instructions.
    private let sortedIdentifiers = Mutex<[String]?>(nil)

    /// Reads the directory's index (or walks it). Throws when the directory cannot be a tz tree:
    /// missing, on `/proc` or `/sys`, an index file that is not a regular file inside it, too
    /// large a tree to walk, or no zones at all.
    init(directory: String) throws(ZoneError) {
        tree = try TZifTree(directory: directory)
        self.directory = directory
        if let text = try tree.readIndex("tzdata.zi", limit: 16 << 20) {
            let index = Self.parseTzdataZi(text)
            version = index.version
            zones = index.zones
            aliases = index.aliases
        } else {
            version = try tree.readIndex("+VERSION", limit: 4096).map {
                String(decoding: $0, as: UTF8.self).trimmingWhitespace()
            }
            zones = try tree.walk()
            aliases = [:]
        }
        guard zones.contains(where: ZoneName.isValid) else {
            throw .sourceUnavailable(.tzif, reason: "\(directory) holds no zones (no tzdata.zi, no TZif files)")
        }
    }

    func identifiers() -> [String] {
        sortedIdentifiers.locked { sorted in
            if let sorted { return sorted }
            let zoneSet = zones
            let all = (Array(zoneSet) + aliases.keys.filter { !zoneSet.contains($0) }).filter(ZoneName.isValid).sorted()
            sorted = all
            return all
        }
    }

    // The names a tzdata.zi lists are kept as written and checked (`ZoneName`) where one is
    // used: a name that is not a tz database name is no zone, whatever the file says. (Checking
    // all ~1,100 at every start of `chime` was 5% of a cold `chime zone`'s instructions.)

    /// The `Zone` names (without `tzdata.zi`: every TZif file found).
    var canonicalIdentifiers: Set<String> { zones.filter(ZoneName.isValid) }

    /// Whether `id` is a `Zone` name (not a link).
    func isCanonical(_ id: String) -> Bool { zones.contains(id) && ZoneName.isValid(id) }

    func canonicalIdentifier(for id: String) -> String? {
        guard ZoneName.isValid(id) else { return nil }
        if zones.contains(id) { return id }
        return aliases[id].flatMap { ZoneName.isValid($0) ? $0 : nil }
    }

    /// Rules for a zone or link name the directory lists; its file is read as `TZifTree` says.
    func rules(for id: String) throws(ZoneError) -> ZoneRules {
        guard ZoneName.isValid(id), zones.contains(id) || aliases[id] != nil else { throw .unknownZone(id, suggestions: []) }
        return try TZifParser.rules(try tree.read(id, limit: TZifTree.zoneFileLimit), path: tree.path(of: id),
                                    identifier: id, version: version)
    }

    /// Whether a resolved file path lies inside the tree (a zone named by its path carries the
    /// tree's version then).
    func contains(resolvedFile path: String) -> Bool { tree.contains(path) }

    static func parseTzdataZi(_ bytes: [UInt8]) -> (version: String?, zones: Set<String>, aliases: [String: String]) {
        var version: String?
        var zones = Set<String>(minimumCapacity: 512)
        var aliases: [String: String] = Dictionary(minimumCapacity: 512)
        // One pass over the bytes: only `Z`, `L` and the first `# version` line are read; the
        // thousands of rule and continuation lines are skipped by their first byte, without
        // splitting them into fields (this runs at every start of the `chime` process).
        bytes.withUnsafeBufferPointer { text in
            let n = text.count
            /// The first three fields of the line at `start` (space-separated; `count` is at most 3)
            /// and where the line ends. A tuple, not an array: this runs for ~600 lines at every
            /// start of `chime`, and growing an array per line cost a fifth of a cold `chime zone`.
            func fields(from start: Int) -> (count: Int, fields: (Range<Int>, Range<Int>, Range<Int>), end: Int) {
                var found = (0..<0, 0..<0, 0..<0), count = 0
                var i = start
                while i < n, text[i] != 0x0A {
                    if text[i] == 0x20 { i += 1; continue }
                    let first = i
                    while i < n, text[i] != 0x20, text[i] != 0x0A { i += 1 }
                    switch count {
                    case 0: found.0 = first..<i
                    case 1: found.1 = first..<i
                    case 2: found.2 = first..<i
                    default: break
                    }
                    count = min(count + 1, 3)
                }
                return (count, found, i)
            }
            func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self) }
            var start = 0
            while start < n {
                var end: Int
                switch text[start] {
                case UInt8(ascii: "Z"), UInt8(ascii: "L"), UInt8(ascii: "#"):
                    let (count, f, lineEnd) = fields(from: start)
                    end = lineEnd
                    guard count > 0, f.0.count == 1 else { break }
                    if text[start] == UInt8(ascii: "Z"), count >= 2 {
                        zones.insert(string(f.1))
                    } else if text[start] == UInt8(ascii: "L"), count >= 3 {
                        aliases[string(f.2)] = string(f.1)
                    } else if text[start] == UInt8(ascii: "#"), count >= 3, version == nil, string(f.1) == "version" {
                        version = string(f.2)
                    }
                default:
                    // Any other line (rules, zone continuations, blank): to its end.
                    end = start
                    if let newline = memchr(text.baseAddress! + start, 0x0A, n - start) {
                        end = text.baseAddress!.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                    } else {
                        end = n
                    }
                }
                start = end + 1
            }
        }
        // A link may point at another link; follow to the zone (bounded). A link that leads to
        // no zone (a loop, a missing target) names nothing.
        for (alias, var target) in aliases {
            var hops = 0
            while !zones.contains(target), let next = aliases[target], hops < 8 { target = next; hops += 1 }
            aliases[alias] = zones.contains(target) ? target : nil
        }
        return (version, zones, aliases)
    }
}

extension String {
    /// The text without Unicode whitespace at either end.
    package func trimmingWhitespace() -> String {
        // Nearly every text parsed begins and ends with a printable ASCII character, which is
        // not whitespace: no scalar properties to look up.
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) { return self }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
