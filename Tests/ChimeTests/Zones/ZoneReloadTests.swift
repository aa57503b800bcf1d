import Foundation
import Synchronization
import Testing
@testable import Chime
@testable import ChimeZones
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `ZoneDatabase.reload()` and `reloadIfChanged()`: a new TZif tree behind a symlink is picked up
/// whole, a tree that cannot be used is refused with the old rules kept, and lookups racing a
/// reload each answer from exactly one version. The trees and what they answer (derived by hand,
/// the edited tree also checked with zdump here) are in `ReloadTrees`.
@Suite struct ZoneReloadTests {
    static func at(_ text: String) -> Instant { try! ISO8601Format.parseInstant(text) }
    static let probe = at(ReloadTrees.probeAfter)
    static let pinned = ReloadTrees.pinnedVersion
    static let edited = ReloadTrees.editedVersion

    /// The daily 09:00 fire after the probe instant in `rules`' zone.
    static func nineAM(_ rules: ZoneRules) throws -> Instant? {
        try Schedule(.calendar(try .daily(hour: 9, minute: 0)), in: rules).next(after: probe)?.instant
    }

    /// The edited tree says what `ReloadTrees` says it does, by glibc's TZif reader (`date` with
    /// `TZ` naming the file; not our code): 2026-07-01T00:00:00Z (epoch 1782864000) is 10:00 +1000
    /// in Tokyo there, 09:00 +0900 in the pinned tree.
    @Test func editedTreeIsWhatTheTestsAssume() throws {
        func local(_ tree: String) -> String {
            Fixtures.run("/usr/bin/date", ["-d", "@1782864000", "+%F %T %z %Z"], environment: ["TZ": tree + "/Asia/Tokyo"])
                .output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(local(ReloadTrees.edited) == "2026-07-01 10:00:00 +1000 JST")
        #expect(local(Fixtures.zoneinfoDirectory) == "2026-07-01 09:00:00 +0900 JST")
        let index = try String(contentsOfFile: ReloadTrees.edited + "/tzdata.zi", encoding: .utf8)
        #expect(index.hasPrefix("# version \(Self.edited)\n"))
    }

    @Test func reloadSwitchesToTheNewTree() throws {
        let link = ReloadTrees.link(to: Fixtures.zoneinfoDirectory)
        let db = ZoneDatabase(preference: .tzif, tzifDirectory: link)
        let before = try db.rules(for: "Asia/Tokyo")
        #expect(before.version == Self.pinned && before.utcOffset(at: Self.probe) == 9 * 3600)
        #expect(try Self.nineAM(before) == Self.at(ReloadTrees.tokyoNineAM[Self.pinned]!))
        #expect(db.generation == 0)
        #expect(try db.reloadIfChanged() == nil)   // nothing changed on disk

        ReloadTrees.swap(link, to: ReloadTrees.edited)
        // Not reloaded yet: a cached zone and a zone loaded for the first time both come from the
        // tree the database read (its resolved directory), never a new file under the old version.
        #expect(try db.rules(for: "Asia/Tokyo").version == Self.pinned)
        let japan = try db.rules(for: "Japan")   // tzdata.zi: L Asia/Tokyo Japan
        #expect(japan.version == Self.pinned && japan.utcOffset(at: Self.probe) == 9 * 3600)
        #expect(try db.rules(for: "Asia/Tokyo", source: .tzif).utcOffset(at: Self.probe) == 9 * 3600)

        let report = try #require(try db.reloadIfChanged())
        #expect(report.previousVersion == Self.pinned && report.version == Self.edited)
        #expect(report.zonesReloaded == 2)          // Asia/Tokyo and Japan were in use
        #expect(report.generation == 1 && db.generation == 1)
        #expect(report.directory == URL(fileURLWithPath: ReloadTrees.edited).resolvingSymlinksInPath().path)
        let after = try db.rules(for: "Asia/Tokyo")
        #expect(after.version == Self.edited && after.utcOffset(at: Self.probe) == 10 * 3600)
        #expect(try Self.nineAM(after) == Self.at(ReloadTrees.tokyoNineAM[Self.edited]!))
        #expect(try db.rules(for: "Japan").version == Self.edited)
        #expect(db.sources.first?.version == Self.edited)
        // Rules handed out before the reload are values: they still answer as 2025b.
        #expect(before.version == Self.pinned && before.utcOffset(at: Self.probe) == 9 * 3600)
        #expect(try db.reloadIfChanged() == nil)

        ReloadTrees.swap(link, to: Fixtures.zoneinfoDirectory)
        #expect(try db.reload().version == Self.pinned)
        #expect(try db.rules(for: "Asia/Tokyo").utcOffset(at: Self.probe) == 9 * 3600)
        #expect(db.generation == 2)
    }

    @Test func unusableTreesAreRefusedAndTheOldRulesKept() throws {
        let link = ReloadTrees.link(to: Fixtures.zoneinfoDirectory)
        let db = ZoneDatabase(preference: .tzif, tzifDirectory: link)
        _ = try db.rules(for: "Asia/Tokyo")
        func keptOldRules() throws {
            let tokyo = try db.rules(for: "Asia/Tokyo")
            #expect(tokyo.version == Self.pinned && tokyo.utcOffset(at: Self.probe) == 9 * 3600)
            #expect(try db.rules(for: "America/New_York").version == Self.pinned)
            #expect(db.sources.first?.version == Self.pinned)
            #expect(db.generation == 0)
        }

        // A corrupt file (New York cut short): refused, naming the file.
        let corrupt = ReloadTrees.corrupt()
        ReloadTrees.swap(link, to: corrupt)
        #expect {
            try db.reload()
        } throws: { error in
            guard case let .reloadRefused(directory, cause)? = error as? ZoneError,
                  case let .malformedTZif(path, _) = cause else { return false }
            return directory == corrupt && path == corrupt + "/America/New_York"
                && "\(error)".contains("was not loaded, the data loaded before stays in use: malformed TZif file \(corrupt)/America/New_York")
        }
        try keptOldRules()
        // The refused tree has not changed since: not tried again.
        #expect(try db.reloadIfChanged() == nil)

        // A zone file missing (Tokyo, in use).
        let missing = ReloadTrees.missingZone()
        ReloadTrees.swap(link, to: missing)
        #expect {
            try db.reloadIfChanged()
        } throws: { error in
            guard case let .reloadRefused(_, cause)? = error as? ZoneError, case let .unreadable(path, _) = cause else { return false }
            return path == missing + "/Asia/Tokyo"
        }
        try keptOldRules()

        // No tree at all (the symlink dangles).
        ReloadTrees.swap(link, to: "/nonexistent/chime-reload-test")
        #expect {
            try db.reload()
        } throws: { error in
            guard case let .reloadRefused(_, cause)? = error as? ZoneError, case .sourceUnavailable(.tzif, _) = cause else { return false }
            return true
        }
        try keptOldRules()

        // A good tree after all that.
        ReloadTrees.swap(link, to: ReloadTrees.edited)
        #expect(try db.reloadIfChanged()?.version == Self.edited)
        #expect(try db.rules(for: "Asia/Tokyo").utcOffset(at: Self.probe) == 10 * 3600)
    }

    /// Trees that are hostile input (docs/contract.md, "Zones"): a FIFO as tzdata.zi, +VERSION or
    /// a zone file, a zone that is a link out of the tree, a directory that is not a tz tree
    /// (`/`, `/proc`, one of 10,001 files). Each reload is refused at once (under the 5 s
    /// watchdog, which unblocks the FIFO should a read wait on it), naming the cause; the old
    /// rules stay in use; a good tree afterwards reloads.
    @Test func hostileTreesAreRefusedAtOnceAndTheOldRulesKept() throws {
        let link = ReloadTrees.link(to: Fixtures.zoneinfoDirectory)
        let db = ZoneDatabase(preference: .tzif, tzifDirectory: link)
        _ = try db.rules(for: "Asia/Tokyo")
        func hostile(_ change: (String) -> String) -> (tree: String, fifo: String) {
            let tree = HostileTrees.copyOfPinned()
            return (tree, tree + "/" + change(tree))
        }
        let fifoIndex = hostile { tree in HostileTrees.replace(tree + "/tzdata.zi", with: .fifo); return "tzdata.zi" }
        let fifoZone = hostile { tree in HostileTrees.replace(tree + "/Europe/Berlin", with: .fifo); return "Europe/Berlin" }
        let fifoVersion = hostile { tree in
            try! FileManager.default.removeItem(atPath: tree + "/tzdata.zi")
            HostileTrees.replace(tree + "/+VERSION", with: .fifo)
            return "+VERSION"
        }
        let outside = HostileTrees.copyOfPinned()
        let escaping = hostile { tree in HostileTrees.link(tree + "/Asia/Tokyo", to: outside + "/Asia/Tokyo"); return "Asia/Tokyo" }
        let crowded = HostileTrees.newDirectory()
        for i in 0...TZifTree.walkEntryLimit { FileManager.default.createFile(atPath: crowded + "/f\(i)", contents: nil) }
        let cases: [(tree: String, fifo: String?, cause: String)] = [
            (fifoIndex.tree, fifoIndex.fifo, "tzdata.zi: not a regular file (a FIFO)"),
            (fifoVersion.tree, fifoVersion.fifo, "+VERSION: not a regular file (a FIFO)"),
            (fifoZone.tree, fifoZone.fifo, "Europe/Berlin: not a regular file (a FIFO)"),
            (escaping.tree, nil, "Asia/Tokyo: a symbolic link to \(outside)/Asia/Tokyo, outside"),
            ("/", nil, "more than 10000 entries"), ("/proc", nil, "kernel's file system of /proc"),
            (crowded, nil, "more than 10000 entries"),
        ]
        for (tree, fifo, cause) in cases {
            ReloadTrees.swap(link, to: tree)
            let outcome = HostileTrees.finishes(within: 5, unblocking: fifo.map { [$0] } ?? []) { () -> String in
                do { return "reloaded: \(try db.reload())" } catch { return "\(error)" }
            }
            #expect(outcome?.contains("was not loaded, the data loaded before stays in use") == true
                    && outcome?.contains(cause) == true, "\(tree): \(outcome ?? "hung")")
            let tokyo = try db.rules(for: "Asia/Tokyo")
            #expect(tokyo.version == Self.pinned && tokyo.utcOffset(at: Self.probe) == 9 * 3600 && db.generation == 0)
            #expect(try db.rules(for: "Europe/Berlin").version == Self.pinned)
        }
        ReloadTrees.swap(link, to: ReloadTrees.edited)
        #expect(try db.reloadIfChanged()?.version == Self.edited)
    }

    /// The system's own tree passes the reload's check (every zone file loads), and the shared
    /// database's reload keeps answering while the rest of the suite uses it.
    @Test func sharedDatabaseReloadsTheSystemTree() throws {
        let report = try Chime.reloadZones()
        #expect(report.version == report.previousVersion)
        #expect(ZoneDatabase.shared.generation >= 1)
        #expect(try Chime.zone("America/New_York").identifier == "America/New_York")
    }

    /// What the threads of the racing test share.
    final class Race: Sendable {
        let done = Atomic<Bool>(false)
        let failures = Mutex<[String]>([])
        let answers = Mutex<[String: Int]>([:])

        func fail(_ text: String) { failures.locked { if $0.count < 20 { $0.append(text) } } }
    }

    /// One reader: looks the ids up in turn (every third through `rules(for:source:)`, which
    /// loads uncached from the current snapshot), computes Tokyo's and New York's 09:00 fire,
    /// and checks each against the version its rules report, until the race is done.
    static func reader(_ db: ZoneDatabase, ids: [String], start: Int, race: Race) {
        let daily = try! CalendarTrigger.daily(hour: 9, minute: 0)
        var counts: [String: Int] = [:]
        var i = start
        while !race.done.load(ordering: .acquiring) {
            let id = ids[i % ids.count]
            i += 1
            do {
                let rules = i % 3 == 0 ? try db.rules(for: id, source: .tzif) : try db.rules(for: id)
                guard let version = rules.version, let offset = ReloadTrees.tokyoOffset[version] else {
                    race.fail("\(id): version \(rules.version ?? "nil")")
                    continue
                }
                counts[version, default: 0] += 1
                let fire = try daily.nextFire(after: probe, in: rules)
                if rules.identifier == "Asia/Tokyo" {
                    if rules.utcOffset(at: probe) != Int32(offset) || fire?.offset != Int32(offset)
                        || fire?.instant != at(ReloadTrees.tokyoNineAM[version]!) {
                        race.fail("\(id) \(version): offset \(rules.utcOffset(at: probe)), fire \(String(describing: fire))")
                    }
                } else if rules.identifier == "America/New_York", fire?.instant != at(ReloadTrees.newYorkNineAM) {
                    race.fail("\(id) \(version): fire \(String(describing: fire))")
                }
            } catch {
                race.fail("\(id): \(error)")
            }
        }
        race.answers.locked { total in for (v, n) in counts { total[v, default: 0] += n } }
    }

    /// Reader threads look zones up and compute fires while this thread swaps the tree back and
    /// forth and reloads. Every answer must come wholly from one version: the version the rules
    /// report decides Tokyo's offset and 09:00 fire (`ReloadTrees`), and no cached rules may
    /// outlive the reload that replaced their tree.
    @Test func lookupsRacingReloadsAnswerFromOneVersion() throws {
        // The small trees (a few zones): a reload loads every zone of the tree, and this test
        // reloads many times, also under ThreadSanitizer.
        let link = ReloadTrees.link(to: ReloadTrees.smallPinned)
        let db = ZoneDatabase(preference: .tzif, tzifDirectory: link)
        let trees = [Self.pinned: ReloadTrees.smallPinned, Self.edited: ReloadTrees.smallEdited]
        // Zones and links; every third lookup loads uncached, so loads race the reloads too.
        let ids = ["Asia/Tokyo", "Japan", "America/New_York", "US/Eastern", "Europe/Berlin", "Europe/Paris",
                   "Australia/Sydney", "Asia/Kolkata", "Asia/Calcutta", "Etc/UTC", "UTC"]
        let race = Race()
        let reloads = 8

        let group = DispatchGroup()
        for seed in 0..<4 {
            group.enter()
            Thread { Self.reader(db, ids: ids, start: seed * 5, race: race); group.leave() }.start()
        }
        var expectedVersion = Self.pinned
        for r in 0..<reloads {
            expectedVersion = r % 2 == 0 ? Self.edited : Self.pinned
            ReloadTrees.swap(link, to: trees[expectedVersion]!)
            do {
                let report = try db.reload()
                if report.version != expectedVersion { race.fail("reload \(r): \(report)") }
            } catch {
                race.fail("reload \(r): \(error)")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        race.done.store(true, ordering: .releasing)
        group.wait()

        #expect(race.failures.locked { $0 } == [])
        let counts = race.answers.locked { $0 }
        #expect((counts[Self.pinned] ?? 0) > 0 && (counts[Self.edited] ?? 0) > 0, "answers per version: \(counts)")
        #expect(db.generation == reloads)
        // Nothing cached from an earlier tree survived: every id answers from the last one.
        for id in ids { #expect(try db.rules(for: id).version == expectedVersion, "\(id)") }
    }
}
