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
/// the first line is `# version 2025b`); without it, the tree is walked for TZif files.
final class TZifDirectoryProvider: ZoneProvider {
    static let defaultDirectory = "/usr/share/zoneinfo"

    let source = ZoneSource.tzif
    let directory: String
    let version: String?
    private let zones: Set<String>
    private let aliases: [String: String]
    /// Zones and aliases in one sorted list, made on first use: only listings and suggestions
    /// need it, and sorting ~600 ids was a sixth of a cold `chime zone`'s instructions.
    private let sortedIdentifiers = Mutex<[String]?>(nil)

    init(directory: String) throws(ZoneError) {
        guard FileSystem.isDirectory(directory) else {
            throw .sourceUnavailable(.tzif, reason: "\(directory) is not a directory (set TZDIR or install tzdata)")
        }
        self.directory = directory
        if let text = try? FileSystem.readFile(directory + "/tzdata.zi") {
            let index = Self.parseTzdataZi(text)
            version = index.version
            zones = index.zones
            aliases = index.aliases
        } else {
            version = (try? FileSystem.readFile(directory + "/+VERSION")).map {
                String(decoding: $0, as: UTF8.self).trimmingWhitespace()
            }
            zones = Self.walk(directory, prefix: "")
            aliases = [:]
        }
    }

    func identifiers() -> [String] {
        sortedIdentifiers.locked { sorted in
            if let sorted { return sorted }
            let zoneSet = zones
            let all = (Array(zoneSet) + aliases.keys.filter { !zoneSet.contains($0) }).sorted()
            sorted = all
            return all
        }
    }

    /// The `Zone` names (without `tzdata.zi`: every TZif file found).
    var canonicalIdentifiers: Set<String> { zones }

    /// Whether `id` is a `Zone` name (not a link).
    func isCanonical(_ id: String) -> Bool { zones.contains(id) }

    func canonicalIdentifier(for id: String) -> String? {
        if zones.contains(id) { return id }
        if let target = aliases[id] { return target }
        // A file the index does not list (e.g. a local addition): loading it says whether it is valid TZif.
        if Self.isPlausible(id), FileSystem.isRegularFile(directory + "/" + id) { return id }
        return nil
    }

    func rules(for id: String) throws(ZoneError) -> ZoneRules {
        guard Self.isPlausible(id) else { throw .unknownZone(id, suggestions: []) }
        let path = directory + "/" + id
        return try TZifParser.rules(try FileSystem.readFile(path, limit: 1 << 20), path: path, identifier: id, version: version)
    }

    /// Ids are relative paths of letters, digits and `/_+-`; never absolute and never `..`.
    static func isPlausible(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count < 256, !id.hasPrefix("/"), !id.contains("..") else { return false }
        return id.utf8.allSatisfy { c in
            (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57)
                || c == UInt8(ascii: "/") || c == UInt8(ascii: "_") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-")
        }
    }

    private static func hasTZifMagic(_ path: String) -> Bool {
        guard FileSystem.isRegularFile(path), let bytes = try? FileSystem.readFile(path, limit: 1 << 20) else { return false }
        return bytes.starts(with: [0x54, 0x5A, 0x69, 0x66])
    }

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
        // A link may point at another link; follow to the zone (bounded).
        for (alias, var target) in aliases {
            var hops = 0
            while !zones.contains(target), let next = aliases[target], hops < 8 { target = next; hops += 1 }
            aliases[alias] = target
        }
        return (version, zones, aliases)
    }

    /// Every TZif file below `directory`, skipping the `posix/` and `right/` copies.
    private static func walk(_ directory: String, prefix: String) -> Set<String> {
        var found = Set<String>()
        for name in FileSystem.contents(of: directory + "/" + prefix) {
            let id = prefix.isEmpty ? name : prefix + "/" + name
            if prefix.isEmpty && ["posix", "right", "posixrules", "localtime", "Factory"].contains(name) { continue }
            let path = directory + "/" + id
            if FileSystem.isDirectory(path) {
                found.formUnion(walk(directory, prefix: id))
            } else if isPlausible(id), hasTZifMagic(path) {
                found.insert(id)
            }
        }
        return found
    }
}

extension String {
    package func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
