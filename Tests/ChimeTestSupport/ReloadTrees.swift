import Foundation
@testable import ChimeTestSupport

/// TZif trees for the reload tests, beside the pinned one (`Fixtures.zoneinfoDirectory`, version
/// 2025b), each made once per test process:
///
/// - `edited`: the pinned `tzdata.zi` with one change, compiled by `zic`: Asia/Tokyo's standard
///   offset is +10:00 instead of +09:00 (its zone line `9 JP J%sT` becomes `10 JP J%sT`), and the
///   version line says `2025b-edited`. Every other zone is as in 2025b.
/// - `corrupt()`: a copy of the pinned tree whose America/New_York file is cut to its first 30
///   bytes (a TZif header is 44), version `2025b-corrupt`.
/// - `missingZone()`: a copy of the pinned tree without its Asia/Tokyo file, version
///   `2025b-missing`.
/// - `smallPinned`, `smallEdited`: the same two versions of a few zones only (`smallZones`, their
///   rules and links), for reloading many times under load.
///
/// What the trees answer, by hand: Asia/Tokyo has had no DST since 1951 (`R JP` ends in 1951), so
/// in 2026 it is on standard time all year: UTC+9 in 2025b (09:00 JST = 00:00Z), UTC+10 in the
/// edited tree (09:00 = 23:00Z the day before). `expectations` holds these facts; the edited
/// tree's offsets are also checked against `zdump` (not our code) by `ZoneReloadTests`.
enum ReloadTrees {
    static let pinnedVersion = Fixtures.pinnedVersion
    static let editedVersion = "2025b-edited"
    static let corruptVersion = "2025b-corrupt"
    static let missingVersion = "2025b-missing"

    /// The zone the edit changes.
    static let editedZone = "Asia/Tokyo"
    /// UTC offset of Asia/Tokyo in 2026, per version (seconds).
    static let tokyoOffset = [pinnedVersion: 9 * 3600, editedVersion: 10 * 3600]
    /// The daily 09:00 fire after `probeAfter` in Asia/Tokyo, per version (UTC).
    static let probeAfter = "2026-06-30T12:00:00Z"
    static let tokyoNineAM = [pinnedVersion: "2026-07-01T00:00:00Z",    // 09:00 at +09:00
                              editedVersion: "2026-06-30T23:00:00Z"]    // 09:00 at +10:00
    /// America/New_York in summer 2026 (EDT, UTC-4) in both versions: 09:00 EDT on 30 June is
    /// 13:00Z, after the probe instant (12:00Z = 08:00 EDT).
    static let newYorkNineAM = "2026-06-30T13:00:00Z"

    static let edited: String = compile(edit(try! String(contentsOf: Fixtures.source, encoding: .utf8)), named: "edited")

    /// The zones of the small trees: few enough that a reload (which loads every zone of the
    /// tree) is cheap under ThreadSanitizer, for the tests that reload many times under load.
    static let smallZones: Set<String> = ["Asia/Tokyo", "America/New_York", "Europe/Berlin", "Europe/Paris",
                                          "Australia/Sydney", "Asia/Kolkata", "Etc/UTC"]
    /// `smallZones` with their rules and links, from the pinned source: as 2025b, and edited as `edited` is.
    static let smallPinned: String = compile(subset(try! String(contentsOf: Fixtures.source, encoding: .utf8), zones: smallZones),
                                             named: "small-pinned")
    static let smallEdited: String = compile(edit(subset(try! String(contentsOf: Fixtures.source, encoding: .utf8), zones: smallZones)),
                                             named: "small-edited")

    /// The edit: Tokyo at +10 and the version line `2025b-edited`.
    static func edit(_ source: String) -> String {
        let versionLine = "# version \(Fixtures.pinnedVersion)\n"
        precondition(source.hasPrefix(versionLine), "the pinned tzdata.zi starts with its version line")
        var text = "# version \(editedVersion)\n" + source.dropFirst(versionLine.count)
        let zone = "Z Asia/Tokyo 9:18:59 - LMT 1887 D 31 15u\n9 JP J%sT\n"
        precondition(text.contains(zone), "the pinned tzdata.zi has Asia/Tokyo as expected")
        text = text.replacingOccurrences(of: zone, with: "Z Asia/Tokyo 9:18:59 - LMT 1887 D 31 15u\n10 JP J%sT\n")
        return text
    }

    /// The lines of a `tzdata.zi` that `zones` need: the version line, each zone's `Z` line and
    /// continuation lines, every `R` line of a rule they name, and the `L` lines to them.
    static func subset(_ source: String, zones: Set<String>) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var kept: [String] = [lines[0]]
        var rules = Set<String>()
        var inZone = false
        for line in lines.dropFirst() {
            let fields = line.split(separator: " ").map(String.init)
            guard let first = fields.first else { continue }
            switch first {
            case "Z":
                inZone = zones.contains(fields[1])
                if inZone { kept.append(line); rules.insert(fields[3]) }
            case "R", "L", "#":
                inZone = false
            default:
                if inZone { kept.append(line); rules.insert(fields[1]) }
            }
        }
        for line in lines {
            let fields = line.split(separator: " ").map(String.init)
            if fields.first == "R", rules.contains(fields[1]) { kept.append(line) }
            if fields.first == "L", zones.contains(fields[1]) { kept.append(line) }
        }
        return kept.joined(separator: "\n") + "\n"
    }

    /// `source` compiled by zic into a new directory, with `source` as its `tzdata.zi`.
    static func compile(_ source: String, named name: String) -> String {
        let dir = newDirectory(name)
        let file = dir.appendingPathComponent("tzdata.zi")
        try! source.write(to: file, atomically: true, encoding: .utf8)
        let result = Fixtures.run("/usr/sbin/zic", ["-b", "fat", "-d", dir.path, file.path])
        precondition(result.status == 0, "zic failed: \(result.output) \(result.error)")
        return dir.path
    }

    /// A fresh copy of the pinned tree with its version line changed (each call a new directory).
    static func copyOfPinned(version: String, named name: String) -> URL {
        let dir = newDirectory(name)
        try! FileManager.default.removeItem(at: dir)
        try! FileManager.default.copyItem(atPath: Fixtures.zoneinfoDirectory, toPath: dir.path)
        let index = dir.appendingPathComponent("tzdata.zi")
        let text = try! String(contentsOf: index, encoding: .utf8)
        try! FileManager.default.removeItem(at: index)
        try! ("# version \(version)\n" + text.drop { $0 != "\n" }.dropFirst()).write(to: index, atomically: true, encoding: .utf8)
        return dir
    }

    static func corrupt() -> String {
        let dir = copyOfPinned(version: corruptVersion, named: "corrupt")
        let file = dir.appendingPathComponent("America/New_York")
        let bytes = try! Data(contentsOf: file)
        try! FileManager.default.removeItem(at: file)
        try! bytes.prefix(30).write(to: file)
        return dir.path
    }

    static func missingZone() -> String {
        let dir = copyOfPinned(version: missingVersion, named: "missing")
        try! FileManager.default.removeItem(at: dir.appendingPathComponent(editedZone))
        return dir.path
    }

    /// A symlink in a new directory, pointing at `target`: what `TZDIR` names in the tests.
    static func link(to target: String) -> String {
        let path = newDirectory("link").appendingPathComponent("zoneinfo").path
        try! FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        return path
    }

    /// Points the symlink `link` at `target` atomically: a new link beside it renamed over it
    /// (`rename(2)` replaces the old link in one step, as `ln -sfn` + `mv -T` does).
    static func swap(_ link: String, to target: String) {
        let temporary = link + ".new-\(UUID().uuidString)"
        try! FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: target)
        precondition(rename(temporary, link) == 0, "rename failed: \(String(cString: strerror(errno)))")
    }

    private static func newDirectory(_ name: String) -> URL {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("chime-reload-\(name)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
