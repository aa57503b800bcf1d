import Foundation
import Synchronization
import Testing
@testable import Chime
@testable import ChimeZones
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `chime batch` as a long-running pipe whose zone data changes under it (docs/contract.md,
/// "New zone data while running"): `TZDIR` names a symlink that the test renames onto another
/// tree, and a SIGHUP (or the file check) makes the next line answer from it. The trees and the
/// answers they give, derived by hand, are in `ReloadTrees`: Asia/Tokyo's 09:00 after
/// 2026-06-30T12:00:00Z is 2026-07-01T00:00:00Z (+09:00) in 2025b and 2026-06-30T23:00:00Z
/// (+10:00) in 2025b-edited.
@Suite struct CLIBatchReloadTests {
    /// A `chime batch` process on pipes: lines written one at a time, answers read as they come.
    final class Session: @unchecked Sendable {   // the process and stdin handle are used by one thread at a time
        let process: SpawnedProcess
        private let input: FileHandle
        private let lines = Mutex<[String]>([])
        private let arrived = DispatchSemaphore(value: 0)
        private let errors = Mutex<Data>(Data())
        private let finished = DispatchGroup()

        init(link: String, arguments: [String]) throws {
            let executable = try ChimeCLI.executable()
            let process = try ProcessEnvironment.withLock {
                try SpawnedProcess(executable, ["batch"] + arguments, environment: Fixtures.childEnvironment(["TZDIR": link, "CHIME_ZONE_SOURCE": "tzif"]),
                                   stdinPipe: true, stderrPipe: true)
            }
            self.process = process
            input = process.stdin!
            let out = process.stdout, err = process.stderr!
            finished.enter()
            Thread { [self] in
                var pending = Data()
                while true {
                    let chunk = out.availableData
                    if chunk.isEmpty { break }
                    pending.append(chunk)
                    while let newline = pending.firstIndex(of: 0x0A) {
                        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                        pending.removeSubrange(pending.startIndex...newline)
                        lines.locked { $0.append(line) }
                        arrived.signal()
                    }
                }
                finished.leave()
            }.start()
            finished.enter()
            Thread { [self] in
                while true {
                    let chunk = err.availableData
                    if chunk.isEmpty { break }
                    errors.locked { $0.append(chunk) }
                }
                finished.leave()
            }.start()
        }

        func send(_ line: String) { input.write(Data((line + "\n").utf8)) }

        /// The next answer (nil after 30 s: a hang).
        func answer(_ index: Int) -> [String: Any]? {
            while lines.locked({ $0.count }) <= index {
                guard arrived.wait(timeout: .now() + 30) == .success else { return nil }
            }
            let line = lines.locked { $0[index] }
            return try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }

        func hangup() { process.kill(SIGHUP) }

        /// Closes stdin, waits for the exit, and returns every answer line and stderr.
        func finish() -> (status: Int32, lines: [String], stderr: String) {
            try? input.close()
            let exit = process.wait()
            finished.wait()
            return (exit.signaled ? -exit.status : exit.status, lines.locked { $0 }, String(decoding: errors.locked { $0 }, as: UTF8.self))
        }
    }

    static func request(_ id: Int) -> String {
        #"{"id":\#(id),"zone":"Asia/Tokyo","after":"\#(ReloadTrees.probeAfter)","trigger":{"calendar":{"components":{"hour":9,"minute":0}}}}"#
    }

    /// The version an answer names, after checking that its fire is that version's (nil: neither).
    static func version(of answer: [String: Any]?) -> String? {
        guard let answer, let version = answer["version"] as? String,
              let fire = (answer["fires"] as? [[String: Any]])?.first,
              fire["utc"] as? String == ReloadTrees.tokyoNineAM[version],
              fire["offset"] as? Int == ReloadTrees.tokyoOffset[version] else { return nil }
        return version
    }

    @Test func sighupSwitchesTheVersionBetweenLines() throws {
        let link = ReloadTrees.link(to: Fixtures.zoneinfoDirectory)
        let session = try Session(link: link, arguments: ["--zone-check-interval", "0"])
        session.send(Self.request(1))
        #expect(Self.version(of: session.answer(0)) == ReloadTrees.pinnedVersion)

        // The tree changes on disk; without a SIGHUP (and with the file check off) nothing changes.
        ReloadTrees.swap(link, to: ReloadTrees.edited)
        session.send(Self.request(2))
        #expect(Self.version(of: session.answer(1)) == ReloadTrees.pinnedVersion)

        // SIGHUP: the next line answers from the new tree. (kill() marks the signal pending
        // before the line is written, so it is handled before the read that returns the line.)
        session.hangup()
        session.send(Self.request(3))
        #expect(Self.version(of: session.answer(2)) == ReloadTrees.editedVersion)

        // A corrupt tree: reported on stderr, and the lines go on being answered from the rules loaded before.
        let corrupt = ReloadTrees.corrupt()
        ReloadTrees.swap(link, to: corrupt)
        session.hangup()
        session.send(Self.request(4))
        #expect(Self.version(of: session.answer(3)) == ReloadTrees.editedVersion)

        let end = session.finish()
        #expect(end.status == 0)
        #expect(end.lines.count == 4)
        #expect(end.stderr.contains("chime: batch: SIGHUP: zone data reloaded: tzif \(ReloadTrees.pinnedVersion) → \(ReloadTrees.editedVersion)"), "\(end.stderr)")
        #expect(end.stderr.contains("chime: batch: SIGHUP: the zone data in \(corrupt) was not loaded, the data loaded before stays in use: malformed TZif file \(corrupt)/America/New_York"), "\(end.stderr)")
    }

    @Test func aChangedTreeIsPickedUpWithinTheCheckInterval() throws {
        let link = ReloadTrees.link(to: Fixtures.zoneinfoDirectory)
        let session = try Session(link: link, arguments: ["--zone-check-interval", "1"])
        session.send(Self.request(1))
        #expect(Self.version(of: session.answer(0)) == ReloadTrees.pinnedVersion)
        ReloadTrees.swap(link, to: ReloadTrees.edited)
        Thread.sleep(forTimeInterval: 1.3)
        session.send(Self.request(2))
        #expect(Self.version(of: session.answer(1)) == ReloadTrees.editedVersion)
        let end = session.finish()
        #expect(end.status == 0 && end.lines.count == 2)
        #expect(end.stderr.contains("chime: batch: zone data changed on disk, reloaded: tzif \(ReloadTrees.pinnedVersion) → \(ReloadTrees.editedVersion)"), "\(end.stderr)")
    }

    /// Reloads onto trees that are hostile input (docs/contract.md, "Zones"): a FIFO as
    /// tzdata.zi, then a TZDIR of `/` (no tzdata.zi, far more than 10,000 entries), then a zone
    /// that is a link out of the tree. Each is refused at once and reported on stderr; every line
    /// is answered from the data loaded before. (Should a read wait on the FIFO, the test opens
    /// it for writing so the batch can go on, and fails.)
    @Test func hostileTreesAreRefusedAndNoLineIsLost() throws {
        let link = ReloadTrees.link(to: Fixtures.zoneinfoDirectory)
        let session = try Session(link: link, arguments: ["--zone-check-interval", "0"])
        session.send(Self.request(1))
        #expect(Self.version(of: session.answer(0)) == ReloadTrees.pinnedVersion)
        let fifoTree = HostileTrees.copyOfPinned()
        HostileTrees.replace(fifoTree + "/tzdata.zi", with: .fifo)
        let outside = HostileTrees.copyOfPinned()
        let escaping = HostileTrees.copyOfPinned()
        HostileTrees.link(escaping + "/Asia/Tokyo", to: outside + "/Asia/Tokyo")
        for (index, tree) in [fifoTree, "/", escaping].enumerated() {
            ReloadTrees.swap(link, to: tree)
            session.hangup()
            session.send(Self.request(index + 2))
            let answer = session.answer(index + 1)
            if answer == nil, tree == fifoTree {
                let fd = open(fifoTree + "/tzdata.zi", O_WRONLY | O_NONBLOCK)
                if fd >= 0 { close(fd) }
            }
            #expect(Self.version(of: answer) == ReloadTrees.pinnedVersion, "reload onto \(tree)")
        }
        let end = session.finish()
        #expect(end.status == 0 && end.lines.count == 4, "\(end.stderr)")
        for cause in ["\(fifoTree)/tzdata.zi: not a regular file (a FIFO)", "/ has no tzdata.zi and more than 10000 entries",
                      "\(escaping)/Asia/Tokyo: a symbolic link to \(outside)/Asia/Tokyo, outside \(escaping)"] {
            #expect(end.stderr.contains("chime: batch: SIGHUP: the zone data in ") && end.stderr.contains(cause), "\(end.stderr)")
        }
    }

    /// What the writer thread of the stream test shares.
    final class Stream: Sendable {
        let stop = Atomic<Bool>(false)
        let sent = Atomic<Int>(0)
    }

    /// A stream of requests while the tree is swapped and SIGHUPs sent: every line is answered,
    /// in order, each answer wholly from one version, and the version switches between lines at
    /// each SIGHUP. (Each round waits to see the switch before the next SIGHUP: signals that
    /// arrive during a reload are one pending signal, so they would be acted on once.)
    @Test func noLineIsLostAcrossReloads() throws {
        let link = ReloadTrees.link(to: Fixtures.zoneinfoDirectory)
        let session = try Session(link: link, arguments: ["--zone-check-interval", "0"])
        let hangups = 6
        session.send(Self.request(1))
        #expect(Self.version(of: session.answer(0)) == ReloadTrees.pinnedVersion)   // the handler is installed
        let stream = Stream()
        stream.sent.store(1, ordering: .relaxed)
        let writer = DispatchGroup()
        writer.enter()
        Thread {
            var id = 1
            while !stream.stop.load(ordering: .acquiring) {
                id += 1
                session.send(Self.request(id))
                stream.sent.store(id, ordering: .releasing)
                if id % 10 == 0 { Thread.sleep(forTimeInterval: 0.001) }
            }
            writer.leave()
        }.start()
        for round in 0..<hangups {
            let target = round % 2 == 0 ? ReloadTrees.editedVersion : ReloadTrees.pinnedVersion
            ReloadTrees.swap(link, to: round % 2 == 0 ? ReloadTrees.edited : Fixtures.zoneinfoDirectory)
            var index = stream.sent.load(ordering: .acquiring) - 1
            session.hangup()
            // Wait for an answer from the new version (lines answered meanwhile keep the old one).
            while let answer = session.answer(index), Self.version(of: answer) != target { index += 1 }
        }
        stream.stop.store(true, ordering: .releasing)
        writer.wait()
        let total = stream.sent.load(ordering: .acquiring)
        let end = session.finish()
        #expect(end.status == 0, "\(end.stderr)")
        #expect(end.lines.count == total)
        var versions: [String] = []
        for (index, line) in end.lines.enumerated() {
            let answer = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(answer?["id"] as? Int == index + 1, "line \(index + 1): \(line)")
            guard let version = Self.version(of: answer) else {
                Issue.record("line \(index + 1) is not wholly one version's answer: \(line)")
                continue
            }
            if versions.last != version { versions.append(version) }
        }
        // 2025b, then one switch per SIGHUP: edited, 2025b, edited, …
        let expected = (0...hangups).map { $0 % 2 == 0 ? ReloadTrees.pinnedVersion : ReloadTrees.editedVersion }
        #expect(versions == expected, "\(total) lines")
        #expect(end.stderr.components(separatedBy: "SIGHUP: zone data reloaded").count - 1 == hangups, "\(end.stderr)")
    }
}
