import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The RRULE dialect against two peers on seeded random rules valid by RFC 5545 §3.3.10 (every
/// FREQ, INTERVAL, COUNT, UNTIL, BYSECOND…BYSETPOS, WKST; numbered BYDAY; negative values),
/// floating (wall times compared) or in a zone with DST (instants compared, starts biased to
/// transition hours):
/// - python-dateutil 2.9.0.post0 (`Tests/RRuleOracle/dateutil_oracle.py`), which counts DTSTART
///   only when it matches: Chime runs with `dtstart: ifMatching`;
/// - libical 3.0 (Debian `libical-dev`; our driver `Tests/RRuleOracle/libical_oracle.c`, compiled
///   here with cc and pkg-config). Its `icalrecur_iterator` also yields DTSTART only when the rule
///   matches it (measured here: `FREQ=MONTHLY;BYDAY=-1FR;COUNT=2` from Thursday 2026-01-29 gives
///   Jan 30 and Feb 27; libical's component expansion adds DTSTART on its own), so Chime runs with
///   `ifMatching` again. `always` is checked by `RRuleTriggerTests.dtstartModes` (hand-derived).
/// Both read the pinned tz data (PYTHONTZPATH; libical's `set_zone_directory`).
///
/// Each peer runs as `CHIME_RRULE_DIFF_JOBS` long-lived processes (default 2, one a core), each
/// answering its share of the cases over a pipe, one JSON line each way; Chime answers in this
/// process meanwhile, on every core, once for both peers. Each case compares the first 15
/// instances (none in a year after 2200). A difference passes only when its exact case is listed
/// in `Tests/RRuleOracle/explained-<peer>.jsonl.gz` with the hashes of the two answers it was judged
/// on, each judged on its own by `Tests/RRuleOracle/explain_differences.py`: the independent
/// brute-force reading of the RFC in `rfc_reference.py` (zoneinfo with fold=0 for §3.3.5) gives
/// Chime's answer and not the peer's; a case RFC 5545 leaves undefined (a DTSTART the rule does not
/// produce, which the peer counts) is listed on its own as "open" and decided in docs/rrule.md. A case a peer does not answer within
/// `CHIME_RRULE_DIFF_TIMEOUT` seconds of CPU time (default 5 for dateutil, whose search is bounded
/// at 2201, and 0.5 for libical, which steps sub-day rules one second at a time; see the oracles) or
/// whose libical worker dies is counted as a timeout or crash, never as an agreement, and not compared.
///
/// CI runs `CHIME_RRULE_DIFF_CASES` cases (default 1,000: the first cases of the recorded run, seed
/// `CHIME_RRULE_DIFF_SEED`, default 5); docs/rrule.md gives the large run and its figures. Every
/// difference (listed or not) goes to `chime-rrule-differences-<peer>.jsonl`, the run's figures to
/// `chime-rrule-summary-<peer>.json`, the peer's answers to `chime-rrule-answers-<peer>.jsonl` and
/// Chime's to `chime-rrule-chime-answers.txt`, in `CHIME_RRULE_DIFF_OUT` (default /tmp);
/// `CHIME_RRULE_DIFF_ANSWERS_<PEER>` compares with recorded answers instead of running the peer (to
/// re-check Chime after a fix without waiting for the peer), and `CHIME_RRULE_DIFF_CHIME_ANSWERS`
/// with Chime's recorded answers of the same build (to compare the second peer, or re-check the
/// explained files, without computing them again).
@Suite(.serialized) struct RRuleDifferentialTests {
    typealias Case = RRuleCases.Case

    static var oracleDirectory: String { Fixtures.packageRoot.appendingPathComponent("Tests/RRuleOracle").path }
    /// The `CHIME_RRULE_DIFF_*` variables above.
    static let run = DifferentialRun(name: "RRULE_DIFF", defaultCases: 1_000, defaultSeed: 5)

    /// The cases as JSON lines, keys sorted (the peers' input, and the key the explained files use).
    static func jsonLine(_ c: Case) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(c), as: UTF8.self)
    }

    /// One peer answer in the shape Chime's is compared in: `ok s1 s2 …`, `error`, `timeout` or `crash`.
    static func canonical(_ line: Substring) -> String {
        struct Answer: Decodable { let status: String; let instances: [Int64]? }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: Data(line.utf8)) else { return "unreadable: \(line)" }
        if answer.status == "ok" { return (["ok"] + (answer.instances ?? []).map(String.init)).joined(separator: " ") }
        return answer.status
    }

    /// A peer as `jobs` processes, each answering a contiguous share of the cases. Starts them and
    /// returns at once; `wait()` gives the answers in case order.
    final class PeerRun: @unchecked Sendable {
        final class Output: @unchecked Sendable { var data = Data() }   // written by its reader only, read after group.wait()
        let processes: [SpawnedProcess]
        let outputs: [Output]
        let counts: [Int]
        let group = DispatchGroup()

        init(_ executable: String, _ arguments: (Int) -> [String], environment: [String: String], cases: [Case], jobs: Int) throws {
            let share = (cases.count + jobs - 1) / max(jobs, 1)
            let slices = stride(from: 0, to: cases.count, by: max(share, 1)).map { Array(cases[$0..<min($0 + share, cases.count)]) }
            counts = slices.map(\.count)
            outputs = slices.map { _ in Output() }
            _ = ChildProcess.ignoreBrokenPipes
            var started: [SpawnedProcess] = []
            for (index, slice) in slices.enumerated() {
                // stderr is this process's: the peers' progress lines.
                let process = try ProcessEnvironment.withLock {
                    try SpawnedProcess(executable, arguments(index), environment: Fixtures.childEnvironment(environment),
                                       stdinPipe: true, stderrPipe: false)
                }
                started.append(process)
                let text = Data(slice.map { RRuleDifferentialTests.jsonLine($0) + "\n" }.joined().utf8)
                let writer = process.stdin!, output = process.stdout
                // Threads of their own, never Dispatch's pool (ChildProcess says why).
                ChildProcess.onOwnThread(group) { try? writer.write(contentsOf: text); try? writer.close() }
                let slot = outputs[index]
                ChildProcess.onOwnThread(group) { slot.data = output.readDataToEndOfFile() }
            }
            processes = started
        }

        /// The answers, one JSON line a case, in case order.
        func wait() throws -> [String] {
            group.wait()
            var answers: [String] = []
            for (index, process) in processes.enumerated() {
                let exit = process.wait()
                try #require(exit.status == 0 && !exit.signaled, "peer process \(index) failed with \(exit.signaled ? "signal" : "status") \(exit.status)")
                let lines = String(decoding: outputs[index].data, as: UTF8.self).split(separator: "\n")
                try #require(lines.count == counts[index], "peer process \(index) answered \(lines.count) of \(counts[index]) cases")
                answers += lines.map(String.init)
            }
            return answers
        }
    }

    /// Chime's answer in the peers' shape: `ok s1 s2 …` or `error`.
    static func chime(_ c: Case, mode: RRuleTrigger.DTStartMode) -> String {
        do {
            let text = (c.tz == "-" ? "DTSTART:" : "DTSTART;TZID=\(c.tz):") + c.dtstart + "\nRRULE:" + c.rule
            let trigger = try RRuleTrigger(text: text, dtstartMode: mode)
            let zone = c.tz == "-" ? ZoneRules.fixed(identifier: "UTC", type: LocalTimeType(utcOffset: 0, isDST: false, abbreviation: "UTC"))
                                   : try Fixtures.tzifDatabase.rules(for: c.tz)
            let start = Instant(seconds: trigger.dtstart.wall - 3 * 86_400)
            // None in a year after 2200, by the instance's wall time (as the peers and the reference cut).
            let end = try CivilDateTime(year: 2201, month: 1, day: 1).localSeconds
            let fires = try trigger.fires(after: start, in: zone, count: c.limit).filter { $0.instant.seconds + Int64($0.offset) < end }
            return (["ok"] + fires.map { String($0.instant.seconds) }).joined(separator: " ")
        } catch {
            return "error"
        }
    }

    /// Chime's answers to the cases, computed on every core, once for both peers (both compare
    /// `ifMatching`), with the five slowest cases.
    final class AnswerCache: @unchecked Sendable {   // every access under lock
        let lock = NSLock()
        var answers: [String: (answers: [String], slowest: [(seconds: Double, index: Int)])] = [:]
    }
    static let answerCache = AnswerCache()

    static func chimeAnswers(_ cases: [Case], seed: UInt64, mode: RRuleTrigger.DTStartMode) -> (answers: [String], slowest: [(seconds: Double, index: Int)]) {
        let key = "\(seed) \(cases.count) \(mode.rawValue)"
        let cache = answerCache
        if let known = cache.lock.withLock({ cache.answers[key] }) { return known }
        // Chime's answers of an earlier run of this very build (`CHIME_RRULE_DIFF_CHIME_ANSWERS`, e.g.
        // the `chime-rrule-chime-answers.txt` a run writes), to compare a second peer or re-check the
        // explained files without computing them again. Each line is `seed mode index<TAB>answer`;
        // the cases of a count are the first of any larger count, so a file of at least as many
        // cases of the same seed and mode serves.
        let lineKey = "\(seed) \(mode.rawValue) "
        if let path = Self.run.value("CHIME_ANSWERS"),
           let text = try? String(contentsOfFile: path, encoding: .utf8) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().prefix(cases.count)
            if lines.count == cases.count,
               lines.enumerated().allSatisfy({ $0.element.hasPrefix(lineKey + String($0.offset) + "\t") }) {
                let value = (lines.map { String($0[$0.index(after: $0.firstIndex(of: "\t")!)...]) }, [(seconds: Double, index: Int)]())
                cache.lock.withLock { cache.answers[key] = value }
                return value
            }
            print("\(path) does not hold Chime's answers to these \(cases.count) cases (seed \(seed), \(mode.rawValue)): computing them")
        }
        final class Results: @unchecked Sendable {      // every access under lock
            let lock = NSLock()
            var answers: [String]
            var slowest: [(seconds: Double, index: Int)] = []
            init(_ count: Int) { answers = Array(repeating: "", count: count) }
        }
        let results = Results(cases.count)
        let chunk = 64
        DispatchQueue.concurrentPerform(iterations: (cases.count + chunk - 1) / chunk) { part in
            for index in part * chunk..<min(part * chunk + chunk, cases.count) {
                let t0 = Date()
                let answer = chime(cases[index], mode: mode)
                let took = Date().timeIntervalSince(t0)
                results.lock.withLock {
                    results.answers[index] = answer
                    if results.slowest.count < 5 || took > results.slowest[results.slowest.count - 1].seconds {
                        results.slowest.append((took, index))
                        results.slowest.sort { $0.seconds > $1.seconds }
                        if results.slowest.count > 5 { results.slowest.removeLast() }
                    }
                }
            }
        }
        let value = results.lock.withLock { (results.answers, results.slowest) }
        cache.lock.withLock { cache.answers[key] = value }
        let file = value.0.enumerated().map { "\(lineKey)\($0.offset)\t\($0.element)\n" }.joined()
        try? file.write(toFile: outputDirectory + "/chime-rrule-chime-answers.txt", atomically: true, encoding: .utf8)
        return value
    }

    /// FNV-1a, 64 bits, of an answer's UTF-8 text as 16 hex digits (explain_differences.py writes the same).
    static func fnv(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The judged differences: each case with the hashes of the two answers it was judged on.
    /// `open` marks a case RFC 5545 leaves undefined (a DTSTART the rule does not produce, §3.8.5.3),
    /// each listed on its own and decided in docs/rrule.md ("RFC-open cases").
    static func explainedCases(_ peer: String) -> [Case: (chime: String, peer: String, open: Bool)] {
        struct Line: Codable { let `case`: Case; let verdict: String; let chime: String; let peer: String }
        // gzip-compressed (a large run lists tens of thousands); `gzip -dc` is on every system the
        // tests run on.
        let path = oracleDirectory + "/explained-\(peer).jsonl.gz"
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        let (status, text, error) = Fixtures.run("/usr/bin/env", ["gzip", "-dc", path])
        precondition(status == 0, "gzip -dc \(path): \(error)")
        var result: [Case: (chime: String, peer: String, open: Bool)] = [:]
        for line in text.split(separator: "\n") {
            guard let l = try? JSONDecoder().decode(Line.self, from: Data(line.utf8)) else { continue }
            if l.verdict == "\(peer) wrong, Chime right" { result[l.case] = (l.chime, l.peer, false) }
            if l.verdict == Self.openVerdict { result[l.case] = (l.chime, l.peer, true) }
        }
        return result
    }

    static let openVerdict = "open: DTSTART not synchronized with the rule (RFC 5545 §3.8.5.3), decided in docs/rrule.md"

    static func cases() -> (cases: [Case], seed: UInt64) {
        (Self.run.generate(RRuleCases.random), Self.run.seed)
    }

    /// Where the differences and the figures go (`CHIME_RRULE_DIFF_OUT`, default /tmp).
    static var outputDirectory: String { Self.run.outPath(default: "/tmp") }
    static var jobs: Int { max(1, Self.run.integer("JOBS", default: 2)) }
    /// Seconds of CPU time a peer may spend on a case (dateutil 5, libical 0.5: see the oracles).
    static func timeout(_ standard: String) -> String { Self.run.value("TIMEOUT") ?? standard }

    /// The peer's answers to the cases: from the file `CHIME_RRULE_DIFF_ANSWERS_<PEER>` names when
    /// set (the oracle's output for the cases `CHIME_RRULE_DIFF_DUMP` writes with the same seed and
    /// count, e.g. from an earlier run's `chime-rrule-answers-<peer>.jsonl`), else by running it.
    static func peerAnswers(_ peer: String, _ cases: [Case], start: ([Case]) throws -> PeerRun) throws -> () throws -> [String] {
        guard let path = Self.run.value("ANSWERS_\(peer.uppercased())") else {
            let run = try start(cases)
            return { try run.wait() }
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        try #require(lines.count == cases.count, "\(path) holds \(lines.count) answers for \(cases.count) cases")
        return { lines }
    }

    func compare(peer: String, version: String, mode: RRuleTrigger.DTStartMode, start: ([Case]) throws -> PeerRun) throws {
        let (cases, seed) = Self.cases()
        if let dump = Self.run.dumpPath {
            // Only write the cases (the peers' input, to run a peer on its own), compare nothing.
            try Data(cases.map { Self.jsonLine($0) + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: dump))
            return
        }
        let explainedCases = Self.explainedCases(peer)
        let began = Date()
        let answers = try Self.peerAnswers(peer, cases, start: start)
        // Chime answers while the peer processes work.
        let (mine, slowest) = Self.chimeAnswers(cases, seed: seed, mode: mode)
        let chimeSeconds = Date().timeIntervalSince(began)
        for s in slowest { print("\(peer): Chime took \(Int(s.seconds * 1000)) ms for \(Self.jsonLine(cases[s.index]))") }
        let raw = try answers()
        let seconds = Date().timeIntervalSince(began)
        try raw.map { $0 + "\n" }.joined().write(toFile: Self.outputDirectory + "/chime-rrule-answers-\(peer).jsonl", atomically: true, encoding: .utf8)
        let theirs = raw.map { Self.canonical(Substring($0)) }
        var differences: [String] = [], firstUnexplained: [String] = []
        var (agreed, bothRefused, instances, timeouts, crashes, explained, unexplained, zoned, open) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        for (index, c) in cases.enumerated() {
            let (mine, theirs) = (mine[index], theirs[index])
            if theirs == "timeout" { timeouts += 1; continue }
            if theirs == "crash" { crashes += 1; continue }
            let same = mine == theirs || (mine.hasPrefix("error") && theirs.hasPrefix("error"))
            if same {
                agreed += 1
                if mine.hasPrefix("error") { bothRefused += 1 } else { instances += mine.split(separator: " ").count - 1 }
                if c.tz != "-" { zoned += 1 }
            } else {
                // Listed, and both answers still the ones judged.
                let entry = explainedCases[c]
                let listed = entry.map { $0.chime == Self.fnv(mine) && $0.peer == Self.fnv(theirs) } ?? false
                if listed && entry!.open { open += 1 } else if listed { explained += 1 } else { unexplained += 1 }
                differences.append("{\"peer\": \"\(peer)\", \"mode\": \"\(mode.rawValue)\", \"case\": \(Self.jsonLine(c)), \"listed\": \(listed), \"\(peer)\": \"\(theirs)\", \"chime\": \"\(mine)\"}")
                if !listed && firstUnexplained.count < 5 { firstUnexplained.append(differences[differences.count - 1]) }
            }
        }
        let out = Self.outputDirectory + "/chime-rrule-differences-\(peer).jsonl"
        try (differences.map { $0 + "\n" }.joined()).write(toFile: out, atomically: true, encoding: .utf8)
        let summary = "{\"peer\": \"\(peer)\", \"version\": \"\(version)\", \"seed\": \(seed), \"cases\": \(cases.count), \"agree\": \(agreed), \"zoned\": \(zoned), "
            + "\"bothRefused\": \(bothRefused), \"instances\": \(instances), \"explained\": \(explained), \"open\": \(open), \"timeouts\": \(timeouts), "
            + "\"crashes\": \(crashes), \"unexplained\": \(unexplained), \"jobs\": \(Self.jobs), \"seconds\": \(Int(seconds.rounded())), "
            + "\"chimeMicrosecondsPerCase\": \(Int((chimeSeconds * 1e6 / Double(max(cases.count, 1))).rounded()))}"
        try (summary + "\n").write(toFile: Self.outputDirectory + "/chime-rrule-summary-\(peer).json", atomically: true, encoding: .utf8)
        print("\(peer) RRULE differential: seed \(seed), \(cases.count) cases, \(agreed) agree (\(zoned) in a zone, \(bothRefused) refused by both, \(instances) instances compared), \(explained) explained differences (listed), \(open) RFC-open cases (listed, decided), \(timeouts) peer timeouts, \(crashes) peer crashes, \(unexplained) unexplained (every difference in \(out)); \(Int(seconds.rounded())) s with \(Self.jobs) peer processes")
        #expect(unexplained == 0, "\(unexplained) differences not listed in explained-\(peer).jsonl.gz (judge them with explain_differences.py), first:\n\(firstUnexplained.map(Differences.cut).joined(separator: "\n"))")
    }

    @Test(.requires(.dateutil)) func dateutilAgrees() throws {
        try compare(peer: "dateutil", version: "python-dateutil 2.9.0.post0", mode: .ifMatching) { cases in
            try PeerRun("/usr/bin/env", { ["python3", Self.oracleDirectory + "/dateutil_oracle.py", "--timeout", Self.timeout("5"), "--name", "dateutil[\($0)]"] },
                        environment: ["PYTHONTZPATH": Fixtures.zoneinfoDirectory], cases: cases, jobs: Self.jobs)
        }
    }

    @Test(.requires(.libical)) func libicalAgrees() throws {
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("chime-libical-oracle-\(ProcessInfo.processInfo.processIdentifier)").path
        let build = Fixtures.run("/bin/sh", ["-c", "cc -O1 -o '\(binary)' '\(Self.oracleDirectory)/libical_oracle.c' $(pkg-config --cflags --libs libical)"])
        try #require(build.status == 0, "cannot build the libical oracle (apt-get install libical-dev): \(build.error)")
        defer { try? FileManager.default.removeItem(atPath: binary) }
        let version = Fixtures.run("/bin/sh", ["-c", "pkg-config --modversion libical"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        try compare(peer: "libical", version: "libical \(version)", mode: .ifMatching) { cases in
            try PeerRun(binary, { [Fixtures.zoneinfoDirectory, Self.timeout("0.5"), "libical[\($0)]"] }, environment: [:], cases: cases, jobs: Self.jobs)
        }
    }
}
