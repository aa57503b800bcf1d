import Foundation
import Testing
@testable import Chime
@testable import ChimeZones
@testable import ChimeTestSupport

/// Zone data is untrusted input (docs/contract.md, "Zones"): whatever a TZif directory holds, a
/// lookup answers or fails at once naming the path and the problem. Every tree here is a copy of
/// the pinned one with one hostile change (`HostileTrees`); what must happen is the rule the
/// contract states, and the files a walk must find are listed by Foundation, not by Chime. Each
/// call that could block runs under `HostileTrees.finishes(within:)`, so a regression fails the
/// test rather than hanging the run.
@Suite struct ZoneDataTrustTests {
    static let ny = "America/New_York"

    /// The error a throwing call gave (nil: it did not throw, or threw something else).
    static func zoneError(_ body: () throws -> Void) -> ZoneError? {
        do { try body(); return nil } catch { return error as? ZoneError }
    }

    // MARK: Files that are not regular files

    @Test("A zone file that is a FIFO, a socket, a directory or a link that goes nowhere is refused, naming it",
          arguments: HostileTrees.Special.allCases)
    func zoneFileThatIsNotARegularFile(_ special: HostileTrees.Special) throws {
        let dir = HostileTrees.copyOfPinned()
        HostileTrees.replace(dir + "/" + Self.ny, with: special)
        let error = HostileTrees.finishes(within: 5, unblocking: [dir + "/" + Self.ny]) { () -> ZoneError? in
            let db = ZoneDatabase(preference: .tzif, tzifDirectory: dir)
            return Self.zoneError { _ = try db.rules(for: Self.ny) }
        }
        guard case let .unreadable(path, reason)?? = error else {
            Issue.record("expected unreadable, got \(String(describing: error))")
            return
        }
        #expect(path == dir + "/" + Self.ny)
        #expect(reason.contains(special.reason), "\(reason)")
        // The other zones still answer (Tokyo: UTC+9 all of 2026, no DST since 1951).
        let tokyo = try ZoneDatabase(preference: .tzif, tzifDirectory: dir).rules(for: "Asia/Tokyo")
        #expect(tokyo.utcOffset(at: try ISO8601Format.parseInstant("2026-07-01T00:00:00Z")) == 9 * 3600)
    }

    @Test("An index file (tzdata.zi, +VERSION) that is not a regular file makes the tree unusable, naming it",
          arguments: ["tzdata.zi", "+VERSION"], HostileTrees.Special.allCases)
    func indexFileThatIsNotARegularFile(_ index: String, _ special: HostileTrees.Special) {
        let dir = HostileTrees.copyOfPinned(indexed: index == "tzdata.zi")
        HostileTrees.replace(dir + "/" + index, with: special)
        let error = HostileTrees.finishes(within: 5, unblocking: [dir + "/" + index]) { () -> ZoneError? in
            ZoneDatabase(preference: .newest, tzifDirectory: dir).tzifError
        }
        guard case let .unreadable(path, reason)?? = error else {
            Issue.record("expected unreadable, got \(String(describing: error))")
            return
        }
        #expect(path == dir + "/" + index && reason.contains(special.reason), "\(path): \(reason)")
    }

    // MARK: Directories that are not tz trees

    /// `/proc`, `/sys` and `/dev` are the kernel's (refused before anything is read); `/` has no
    /// tzdata.zi and far more than 10,000 entries within four levels; an empty directory and one
    /// of 10,001 empty files hold no zones or too many entries.
    @Test("A TZDIR that is not a tz database directory is unusable at once, saying why")
    func directoriesThatAreNotTrees() {
        let empty = HostileTrees.newDirectory()
        let crowded = HostileTrees.newDirectory()
        for i in 0...TZifTree.walkEntryLimit { FileManager.default.createFile(atPath: crowded + "/f\(i)", contents: nil) }
        let cases: [(String, String)] = [
            ("/proc", "kernel's file system of /proc"), ("/proc/self", "kernel's file system of /proc"),
            ("/sys", "kernel's file system of /sys"), ("/dev", "kernel's file system of /dev"),
            ("/", "more than 10000 entries"), (crowded, "more than 10000 entries"), (empty, "holds no zones"),
            ("/dev/null", "is not a directory"), (empty + "/missing", "is not a directory"),
        ]
        for (dir, words) in cases {
            let error = HostileTrees.finishes(within: 5) { ZoneDatabase(preference: .newest, tzifDirectory: dir).tzifError }
            guard case let .sourceUnavailable(.tzif, reason)?? = error else {
                Issue.record("\(dir): expected the tzif source unavailable, got \(String(describing: error))")
                continue
            }
            let named = URL(fileURLWithPath: dir).resolvingSymlinksInPath().path   // /proc/self is named as /proc/<pid>
            #expect(reason.contains(words) && reason.contains(named), "\(dir): \(reason)")
        }
    }

    // MARK: Walks

    /// Links that loop (to themselves, to each other, a directory to `.` or `..`), that lead to
    /// `/`, `/proc` or a device: a walk of the tree lists exactly its TZif files (as Foundation
    /// finds them in the clean copy), none of the links, and answers as before.
    @Test("A walked tree with link loops and links out lists exactly its TZif files")
    func walkSkipsLoopsAndLinksOut() throws {
        let dir = HostileTrees.copyOfPinned(indexed: false)
        let expected = HostileTrees.tzifFiles(in: dir)
        #expect(expected.contains(Self.ny) && expected.count > 400)
        let junk = [("loop", "loop"), ("a", "b"), ("b", "a"), ("here", "."), ("up", ".."), ("root", "/"), ("proc", "/proc"),
                    ("zero", "/dev/zero"), ("America/again", ".."), ("Europe/here", "."), ("Asia/up", "../..")]
            + (0..<10).map { ("d\($0)", ".") }
        for (name, target) in junk { HostileTrees.link(dir + "/" + name, to: target) }
        let listed = HostileTrees.finishes(within: 5) { ZoneDatabase(preference: .tzif, tzifDirectory: dir).identifiers(in: .tzif) }
        #expect(listed.map(Set.init) == expected, "\(Set(listed ?? []).symmetricDifference(expected).sorted().prefix(10))")
        let db = ZoneDatabase(preference: .tzif, tzifDirectory: dir)
        #expect(try db.rules(for: Self.ny).identifier == Self.ny)
        for (name, _) in junk {
            guard case .unknownZone? = Self.zoneError({ _ = try db.rules(for: name) }) else {
                Issue.record("\(name) answered or failed otherwise")
                continue
            }
        }
    }

    // MARK: Links out of the tree

    /// America/New_York made a link to Asia/Tokyo's file in another tree (by absolute and relative
    /// paths, directly and through a link inside), to /etc/passwd, to the host's zoneinfo: never
    /// followed. With tzdata.zi the zone cannot be read (the message names the link and where it
    /// leads); walked, it is not listed. A link inside the tree is followed.
    @Test("A symbolic link that leaves the tree is never followed", arguments: [true, false])
    func linksOutOfTheTree(_ indexed: Bool) throws {
        let outside = HostileTrees.copyOfPinned()
        let dir = HostileTrees.copyOfPinned(indexed: indexed)
        let outsideName = (outside as NSString).lastPathComponent
        let targets = [outside + "/Asia/Tokyo", "../../\(outsideName)/Asia/Tokyo", "/etc/passwd", "/usr/share/zoneinfo/Asia/Tokyo",
                       "../Test/Out"]
        try FileManager.default.createDirectory(atPath: dir + "/Test", withIntermediateDirectories: true)
        HostileTrees.link(dir + "/Test/Out", to: outside + "/Asia/Tokyo")
        for target in targets {
            HostileTrees.link(dir + "/" + Self.ny, to: target)
            let db = ZoneDatabase(preference: .tzif, tzifDirectory: dir)
            let error = Self.zoneError { _ = try db.rules(for: Self.ny) }
            if indexed {
                guard case let .unreadable(path, reason)? = error else {
                    Issue.record("\(target): expected unreadable, got \(String(describing: error))")
                    continue
                }
                #expect(path == dir + "/" + Self.ny && reason.contains("outside \(dir)"), "\(target): \(reason)")
            } else {
                guard case .unknownZone? = error else {
                    Issue.record("\(target): expected unknownZone, got \(String(describing: error))")
                    continue
                }
                #expect(!db.identifiers(in: .tzif).contains(Self.ny))
            }
        }
        // Inside: Asia/Tokyo a relative link to a copy beside it.
        try FileManager.default.moveItem(atPath: dir + "/Asia/Tokyo", toPath: dir + "/Asia/Tokyo-copy")
        HostileTrees.link(dir + "/Asia/Tokyo", to: "Tokyo-copy")
        let tokyo = try ZoneDatabase(preference: .tzif, tzifDirectory: dir).rules(for: "Asia/Tokyo")
        #expect(tokyo.utcOffset(at: try ISO8601Format.parseInstant("2026-07-01T00:00:00Z")) == 9 * 3600)
    }

    // MARK: Names

    /// The tz database's rules for names (tz-link.html, "Names of timezones"; theory.html: a name
    /// is a relative path, of ASCII letters, digits, `-`, `_` and `+`, without `.` or `..`
    /// components), and the files a compiled tree holds beside its zones (tzfile(5); zic(8):
    /// `posixrules`, `localtime`; the `posix/` and `right/` trees of tzdata's Makefile).
    @Test("Which strings have the form of a tz database name")
    func nameForm() {
        for name in ["UTC", "Factory", "EST5EDT", "Etc/GMT+5", "Etc/GMT-14", "America/New_York", "America/Argentina/Buenos_Aires",
                     "America/Port-au-Prince", "Asia/Ust-Nera", "posixy/X", "Right/X", "localtimes"] {
            #expect(ZoneName.isValid(name), "\(name)")
        }
        for name in ["", "/UTC", "UTC/", "Etc//UTC", "//", "/", ".", "..", "./UTC", "Etc/./UTC", "America/../UTC", "posix", "right",
                     "posix/UTC", "right/America/New_York", "localtime", "posixrules", "posixrules/UTC", "Europe/Zürich",
                     "America/New York", "Etc/GMT+5\u{1b}", String(repeating: "A", count: 256)] {
            #expect(!ZoneName.isValid(name), "\(name)")
        }
        #expect(ZoneName.repaired("posix/America/New_York") == "America/New_York")
        #expect(ZoneName.repaired("right/Etc/UTC") == "Etc/UTC")
        #expect(ZoneName.repaired("America//New_York/") == "America/New_York")
        #expect(ZoneName.repaired("./UTC") == "UTC")
        #expect(ZoneName.repaired("localtime") == nil && ZoneName.repaired("America/New_York") == nil)
    }

    /// In a tree that has `posix/`, `right/`, `localtime` and `posixrules` (so each path names a
    /// real TZif file), none of them, nor a path with an empty or dot segment, is answered: the
    /// unknown-zone error says why and suggests the name inside first. Under `.newest` too (ICU
    /// does not answer them either).
    @Test("Paths into the tree that are not tz database names are unknown zones, saying why", arguments: [true, false])
    func onlyDatabaseNamesAnswer(_ indexed: Bool) {
        let dir = HostileTrees.withOtherFiles(indexed: indexed)
        let cases: [(String, String, String?)] = [
            ("posix/America/New_York", "posix/ and right/ hold copies", Self.ny), ("right/Asia/Tokyo", "posix/ and right/", "Asia/Tokyo"),
            ("posix/Etc/UTC", "posix/ and right/", "Etc/UTC"), ("localtime", "the system's zone file", nil),
            ("posixrules", "default DST rules", nil), ("Etc//UTC", "empty path segment", "Etc/UTC"),
            ("America//New_York", "empty path segment", Self.ny), ("America/New_York/", "empty path segment", Self.ny),
            ("./Etc/UTC", "'.' and '..'", "Etc/UTC"), ("America/./New_York", "'.' and '..'", Self.ny),
            ("America/../America/New_York", "'.' and '..'", nil),
        ]
        for preference in [ZoneDatabase.SourcePreference.tzif, .newest] {
            let db = ZoneDatabase(preference: preference, tzifDirectory: dir)
            #expect(db.tzifError == nil)
            for (id, why, suggested) in cases {
                let error = Self.zoneError { _ = try db.rules(for: id) }
                guard case let .unknownZone(_, suggestions)? = error else {
                    Issue.record("\(id) (\(preference)): expected unknownZone, got \(String(describing: error))")
                    continue
                }
                #expect("\(error!)".contains("(not a tz database name: ") && "\(error!)".contains(why), "\(error!)")
                if let suggested { #expect(suggestions.first == suggested, "\(id): \(suggestions)") }
            }
            let listed = db.identifiers(in: .tzif)
            #expect(listed.contains(Self.ny) && !listed.contains { $0.hasPrefix("posix") || $0.hasPrefix("right") || $0 == "localtime" })
        }
    }

    /// A crafted tzdata.zi: names that are not tz database names (control characters, paths) are
    /// not zones; a link that leads to no zone names nothing.
    @Test("Names in tzdata.zi that are not tz database names are ignored")
    func craftedIndex() throws {
        let dir = HostileTrees.copyOfPinned()
        let extra = "Z posix/Foo -5 - EST\nZ Bad\u{1b}[2JName -5 - EST\nL America/New_York right/NY\nL Nowhere/Zone Test/Dangling\n"
            + "L Test/Loop1 Test/Loop2\nL Test/Loop2 Test/Loop1\n"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/tzdata.zi"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(extra.utf8))
        try handle.close()
        let db = ZoneDatabase(preference: .tzif, tzifDirectory: dir)
        let listed = Set(db.identifiers(in: .tzif))
        for id in ["posix/Foo", "Bad\u{1b}[2JName", "right/NY", "Test/Dangling", "Test/Loop1", "Test/Loop2"] {
            #expect(!listed.contains(id), "\(id)")
            guard case .unknownZone? = Self.zoneError({ _ = try db.rules(for: id) }) else {
                Issue.record("\(id) answered")
                continue
            }
        }
        #expect(listed.contains(Self.ny) && listed.contains("US/Eastern"))
    }

    // MARK: Control characters

    @Test("Control characters are written out as \\u{…} (C0, DEL, C1), everything else kept")
    func controlCharactersEscaped() {
        #expect(ControlCharacters.escaped("X\u{1b}[31mY") == "X\\u{1b}[31mY")
        #expect(ControlCharacters.escaped("a\u{0}b\u{7}c\u{7f}d\u{9b}e\u{9f}") == "a\\u{0}b\\u{7}c\\u{7f}d\\u{9b}e\\u{9f}")
        #expect(ControlCharacters.escaped("one\ntwo\tthree\r") == "one\\u{a}two\\u{9}three\\u{d}")
        #expect(ControlCharacters.escaped("one\ntwo\u{1b}", keepingNewlines: true) == "one\ntwo\\u{1b}")
        for kept in ["EDT", "+0530", "Zürich €", "\u{a0}no-break", "\u{100}", "日本標準時", ""] {
            #expect(!ControlCharacters.occur(in: kept) && ControlCharacters.escaped(kept) == kept, "\(kept)")
        }
    }
}
