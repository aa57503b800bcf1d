/// Which strings can be tz database names, the rule a TZif directory's ids obey (docs/contract.md,
/// "Zones").
///
/// A tz database name is a relative path of ASCII letters, digits and `/_+-`, with no empty
/// segment, at most 255 bytes, that is not one of the files a compiled tree holds beside the
/// zones: the `posix/` and `right/` copies of the whole tree, `localtime` (the system's zone)
/// and `posixrules` (zic's default DST rules). A directory answers only for such names, and only
/// for those it lists (its `tzdata.zi`'s `Zone` and `Link` names, else the TZif files a walk of
/// it finds): `posix/America/New_York` is the file of `America/New_York`, but not its name, and
/// answering under it would give one zone two ids.
enum ZoneName {
    /// The longest name, in bytes (the tz database's longest are about 30).
    static let longest = 255

    /// Whether `id` has the form of a tz database name. (Runs for every name of a `tzdata.zi` at
    /// each start of `chime`: one pass over the bytes, no allocation.)
    static func isValid(_ id: String) -> Bool {
        var id = id
        return id.withUTF8 { bytes in
            guard !bytes.isEmpty, bytes.count <= longest else { return false }
            var segmentStart = 0
            for (i, c) in bytes.enumerated() {
                if c == UInt8(ascii: "/") {
                    guard i > segmentStart, segmentStart > 0 || !isReserved(first: bytes[..<i]) else { return false }
                    segmentStart = i + 1
                    continue
                }
                guard (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57)
                    || c == UInt8(ascii: "_") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") else { return false }
            }
            return segmentStart < bytes.count && (segmentStart > 0 || !isReserved(first: bytes[...]))
        }
    }

    /// Whether a first segment names one of the tree's other files: `posix`, `right`,
    /// `localtime`, `posixrules`.
    private static func isReserved(first segment: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        switch segment.count {
        case 5: return segment.elementsEqual("posix".utf8) || segment.elementsEqual("right".utf8)
        case 9: return segment.elementsEqual("localtime".utf8)
        case 10: return segment.elementsEqual("posixrules".utf8)
        default: return false
        }
    }

    /// Why an id that looks like a path into a tz directory is not a tz database name, in words
    /// for the unknown-zone message; nil when its form is not one of those (it may still be
    /// unknown, or an id of another kind: `Eastern Standard Time`).
    static func refusal(_ id: String) -> String? {
        if id.hasPrefix("/") { return "an absolute path" }
        let segments = id.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == "." || $0 == ".." }) { return "'.' and '..' are not parts of a name" }
        if segments.count > 1, segments.contains(where: \.isEmpty) { return "it has an empty path segment" }
        switch segments[0] {
        case "posix", "right": return "posix/ and right/ hold copies of the zones under other names"
        case "localtime": return "localtime is the system's zone file"
        case "posixrules": return "posixrules is zic's file of default DST rules"
        default: return nil
        }
    }

    /// The name an id refused for its form most likely meant: `posix/America/New_York` and
    /// `right/America/New_York` → `America/New_York`, `Etc//UTC` and `Etc/UTC/` → `Etc/UTC`;
    /// nil when there is none (or `id` is not refused).
    static func repaired(_ id: String) -> String? {
        guard refusal(id) != nil else { return nil }
        var segments = id.split(separator: "/").filter { $0 != "." && $0 != ".." }
        if let first = segments.first, first == "posix" || first == "right" { segments.removeFirst() }
        let name = segments.joined(separator: "/")
        return name != id && isValid(name) ? name : nil
    }
}
