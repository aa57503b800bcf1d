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

    /// Whether `id` has the form of a tz database name.
    static func isValid(_ id: String) -> Bool {
        if let valid = id.utf8.withContiguousStorageIfAvailable(isValid) { return valid }
        return Array(id.utf8).withUnsafeBufferPointer(isValid)
    }

    /// Whether UTF-8 `bytes` have the form of a tz database name: one pass, no allocation (it runs
    /// on every lookup, and on every name of a listing or a reload).
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = bytes.count
        guard n > 0, n <= longest else { return false }
        var segmentStart = 0
        var i = 0
        while i < n {
            let c = bytes[i]
            if c == UInt8(ascii: "/") {
                if i == segmentStart || (segmentStart == 0 && isReserved(UnsafeBufferPointer(rebasing: bytes[..<i]))) { return false }
                segmentStart = i + 1
            } else if !isNameByte(c) {
                return false
            }
            i += 1
        }
        return segmentStart < n && (segmentStart > 0 || !isReserved(bytes))
    }

    /// ASCII letters, digits, `_`, `+`, `-`: bits of `c` in `nameBytesLow` (0–63) or `nameBytesHigh` (64–127).
    @inline(__always)
    private static func isNameByte(_ c: UInt8) -> Bool {
        c < 64 ? (nameBytesLow >> UInt64(c)) & 1 == 1 : c < 128 && (nameBytesHigh >> UInt64(c - 64)) & 1 == 1
    }

    /// `+` (43), `-` (45), `0`–`9` (48–57).
    private static let nameBytesLow: UInt64 = 1 << 43 | 1 << 45 | (0x3FF << 48)
    /// `A`–`Z` (65–90), `_` (95), `a`–`z` (97–122), less 64.
    private static let nameBytesHigh: UInt64 = (0x3FF_FFFF << 1) | 1 << 31 | (0x3FF_FFFF << 33)

    /// Whether a first segment names one of the tree's other files: `posix`, `right`,
    /// `localtime`, `posixrules`.
    private static func isReserved(_ segment: UnsafeBufferPointer<UInt8>) -> Bool {
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
        if isValid(id) { return nil }
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
