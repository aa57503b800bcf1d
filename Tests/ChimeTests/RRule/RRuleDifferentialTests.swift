import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport

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
/// Each case compares the first 15 instances (none after 2200). A difference passes only when its
/// exact case is listed in `Tests/RRuleOracle/explained-<peer>.jsonl`, each judged on its own by
/// `Tests/RRuleOracle/explain_differences.py`: the independent brute-force reading of the RFC in
/// `rfc_reference.py` (zoneinfo with fold=0 for §3.3.5) gives Chime's answer and not the peer's.
/// Cases a peer does not finish in 0.5 s (dateutil) or 1 s (libical) are counted, not compared (rules that never match, which the
/// peers search to the year 9999).
///
/// CI runs `CHIME_RRULE_DIFF_CASES` cases (default 400, the cases whose differences are listed; seed `CHIME_RRULE_DIFF_SEED`, default 5);
/// docs/rrule.md gives the large run. Differences go to `/tmp/chime-rrule-differences-<peer>.jsonl`.
@Suite(.serialized) struct RRuleDifferentialTests {
    static let zones = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Santiago", "Europe/Berlin",
                        "Pacific/Auckland", "Asia/Tehran", "America/St_Johns", "Pacific/Apia", "Asia/Tokyo"]
    static let limit = 15

    struct Case: Codable, Hashable {
        let dtstart: String
        let tz: String
        let rule: String
        let limit: Int
    }

    static var oracleDirectory: String { Fixtures.packageRoot.appendingPathComponent("Tests/RRuleOracle").path }

    static func input(_ cases: [Case]) -> Data {
        Data(cases.map { "\($0.dtstart)\t\($0.tz)\t\($0.rule)\t\($0.limit)\n" }.joined().utf8)
    }

    static func peerAnswers(_ executable: String, _ arguments: [String], _ cases: [Case], environment: [String: String] = [:]) throws -> [String] {
        let result = Fixtures.run(executable, arguments, environment: environment, stdin: input(cases))
        try #require(result.status == 0, "the peer failed: \(result.error)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        try #require(lines.count == cases.count, "the peer answered \(lines.count) of \(cases.count) cases: \(result.error)")
        return lines
    }

    /// Chime's answer in the peers' shape: `ok s1 s2 …` or `error`.
    static func chime(_ c: Case, mode: RRuleTrigger.DTStartMode) -> String {
        do {
            let text = (c.tz == "-" ? "DTSTART:" : "DTSTART;TZID=\(c.tz):") + c.dtstart + "\nRRULE:" + c.rule
            let trigger = try RRuleTrigger(text: text, dtstartMode: mode)
            let zone = c.tz == "-" ? ZoneRules.fixed(identifier: "UTC", type: LocalTimeType(utcOffset: 0, isDST: false, abbreviation: "UTC"))
                                   : try Fixtures.tzifDatabase.rules(for: c.tz)
            let start = Instant(seconds: trigger.dtstart.wall - 3 * 86_400)
            let end = try CivilDateTime(year: 2201, month: 1, day: 1).localSeconds - (c.tz == "-" ? 0 : 86_400)
            let fires = try trigger.fires(after: start, in: zone, count: c.limit).filter { $0.instant.seconds + Int64($0.offset) < end }
            return (["ok"] + fires.map { String($0.instant.seconds) }).joined(separator: " ")
        } catch {
            return "error"
        }
    }

    static func explainedCases(_ peer: String) -> Set<Case> {
        struct Line: Codable { let `case`: Case; let verdict: String }
        let path = oracleDirectory + "/explained-\(peer).jsonl"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return Set(text.split(separator: "\n").compactMap { line in
            guard let l = try? JSONDecoder().decode(Line.self, from: Data(line.utf8)), l.verdict == "\(peer) wrong, Chime right" else { return nil }
            return l.case
        })
    }

    static func cases() -> (cases: [Case], seed: UInt64) {
        let environment = ProcessInfo.processInfo.environment
        let count = Int(environment["CHIME_RRULE_DIFF_CASES"] ?? "") ?? 400
        let seed = UInt64(environment["CHIME_RRULE_DIFF_SEED"] ?? "") ?? 5
        var random = SplitMix64(seed: seed)
        return ((0..<count).map { _ in randomCase(&random) }, seed)
    }

    func compare(peer: String, mode: RRuleTrigger.DTStartMode, answers: ([Case]) throws -> [String]) throws {
        let (cases, seed) = Self.cases()
        if let dump = ProcessInfo.processInfo.environment["CHIME_RRULE_DIFF_DUMP"] {
            try Self.input(cases).write(to: URL(fileURLWithPath: dump))
        }
        let explainedCases = Self.explainedCases(peer)
        var differences: [String] = []
        var (agreed, bothRefused, instances, timeouts, explained, zoned) = (0, 0, 0, 0, 0, 0)
        let batch = 10_000
        for start in stride(from: 0, to: cases.count, by: batch) {
            let slice = Array(cases[start..<min(start + batch, cases.count)])
            for (c, theirs) in zip(slice, try answers(slice)) {
                if theirs == "timeout" { timeouts += 1; continue }
                let mine = Self.chime(c, mode: mode)
                let same = mine == theirs || (mine.hasPrefix("error") && theirs.hasPrefix("error"))
                if same {
                    agreed += 1
                    if mine.hasPrefix("error") { bothRefused += 1 } else { instances += mine.split(separator: " ").count - 1 }
                    if c.tz != "-" { zoned += 1 }
                } else if explainedCases.contains(c) {
                    explained += 1
                } else {
                    let encoded = String(decoding: try JSONEncoder().encode(c), as: UTF8.self)
                    differences.append("{\"peer\": \"\(peer)\", \"mode\": \"\(mode.rawValue)\", \"case\": \(encoded), \"\(peer)\": \"\(theirs)\", \"chime\": \"\(mine)\"}")
                }
            }
        }
        let out = "/tmp/chime-rrule-differences-\(peer).jsonl"
        try differences.joined(separator: "\n").write(toFile: out, atomically: true, encoding: .utf8)
        print("\(peer) RRULE differential: seed \(seed), \(cases.count) cases, \(agreed) agree (\(zoned) in a zone, \(bothRefused) refused by both, \(instances) instances compared), \(explained) explained differences (listed), \(timeouts) peer timeouts, \(differences.count) unexplained (\(out))")
        #expect(differences.isEmpty, "\(differences.count) differences, first: \(differences.prefix(5).joined(separator: "\n"))")
    }

    @Test func dateutilAgrees() throws {
        if ProcessInfo.processInfo.environment["CHIME_RRULE_DIFF_DUMP"] != nil { try compare(peer: "dump", mode: .always) { $0.map { _ in "timeout" } }; return }
        try compare(peer: "dateutil", mode: .ifMatching) { cases in
            try Self.peerAnswers("/usr/bin/env", ["python3", Self.oracleDirectory + "/dateutil_oracle.py"], cases,
                                 environment: ["PYTHONTZPATH": Fixtures.zoneinfoDirectory])
        }
    }

    @Test func libicalAgrees() throws {
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("chime-libical-oracle-\(ProcessInfo.processInfo.processIdentifier)").path
        let build = Fixtures.run("/bin/sh", ["-c", "cc -O1 -o '\(binary)' '\(Self.oracleDirectory)/libical_oracle.c' $(pkg-config --cflags --libs libical)"])
        try #require(build.status == 0, "cannot build the libical oracle (apt-get install libical-dev): \(build.error)")
        defer { try? FileManager.default.removeItem(atPath: binary) }
        try compare(peer: "libical", mode: .ifMatching) { cases in try Self.peerAnswers(binary, [Fixtures.zoneinfoDirectory], cases) }
    }

    // MARK: Generator

    static func pick<T>(_ r: inout SplitMix64, _ items: [T]) -> T { items[r.next(in: 0...items.count - 1)] }

    static func values(_ r: inout SplitMix64, _ range: ClosedRange<Int>, signed: Bool, most: Int = 3) -> String {
        (0..<r.next(in: 1...most)).map { _ in
            let v = r.next(in: range)
            return String(signed && r.next(in: 0...2) == 0 ? -v : v)
        }.joined(separator: ",")
    }

    static func randomCase(_ r: inout SplitMix64) -> Case {
        let freqs = ["YEARLY", "YEARLY", "YEARLY", "MONTHLY", "MONTHLY", "MONTHLY", "MONTHLY", "WEEKLY", "WEEKLY", "WEEKLY",
                     "DAILY", "DAILY", "DAILY", "HOURLY", "HOURLY", "MINUTELY", "SECONDLY"]
        let freq = pick(&r, freqs)
        let fine = freq == "HOURLY" || freq == "MINUTELY" || freq == "SECONDLY"
        var parts = ["FREQ=" + freq]
        let zoned = r.next(in: 0...9) < 5
        let tz = zoned ? pick(&r, zones) : "-"
        // DTSTART: 1995–2035, hours biased to the small hours where transitions are.
        let year = r.next(in: 1995...2035), month = r.next(in: 1...12)
        let day = r.next(in: 1...Int(CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(month))))
        let hour = r.next(in: 0...3) == 0 ? r.next(in: 0...23) : r.next(in: 0...3)
        let minute = pick(&r, [0, 0, 30, 15, r.next(in: 0...59)]), second = r.next(in: 0...5) == 0 ? r.next(in: 0...59) : 0
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let dtstart = "\(year)\(two(month))\(two(day))T\(two(hour))\(two(minute))\(two(second))"
        if r.next(in: 0...9) < 4 { parts.append("INTERVAL=\(r.next(in: 0...4) == 0 ? r.next(in: 2...30) : r.next(in: 2...4))") }
        let bound = r.next(in: 0...9)
        if bound < 3 {
            parts.append("COUNT=\(r.next(in: 1...30))")
        } else if bound < 5 {
            // UNTIL a little after DTSTART: in UTC for a zoned DTSTART, floating otherwise (RFC 5545 §3.3.10).
            let span: Int64 = fine ? Int64(r.next(in: 1...72)) * 3600 : Int64(r.next(in: 1...3000)) * 86_400
            let wall = (try! CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)).localSeconds + span
            parts.append("UNTIL=" + RRuleParser.dateTimeText(wall) + (zoned ? "Z" : ""))
        }
        var hasBy = false
        let yearly = freq == "YEARLY", monthly = freq == "MONTHLY", weekly = freq == "WEEKLY", daily = freq == "DAILY"
        let byMonth = r.next(in: 0...9) < 3
        if byMonth { parts.append("BYMONTH=" + values(&r, 1...12, signed: false)); hasBy = true }
        let weekNo = yearly && r.next(in: 0...9) < (byMonth ? 1 : 2)
        if weekNo { parts.append("BYWEEKNO=" + values(&r, 1...53, signed: true, most: 2)); hasBy = true }
        if (yearly || fine) && r.next(in: 0...9) < 1 { parts.append("BYYEARDAY=" + values(&r, 1...366, signed: true)); hasBy = true }
        // Few rules that can never match (a month day and a numbered weekday, week numbers and months):
        // the peers search such rules to the year 9999.
        let monthDay = !weekly && r.next(in: 0...9) < 3
        if monthDay { parts.append("BYMONTHDAY=" + values(&r, 1...31, signed: true)); hasBy = true }
        if r.next(in: 0...9) < 4 {
            let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
            let numbered = (monthly || (yearly && !weekNo)) && (!monthDay || r.next(in: 0...9) == 0)
            parts.append("BYDAY=" + (0..<r.next(in: 1...3)).map { _ -> String in
                let code = pick(&r, codes)
                guard numbered && r.next(in: 0...9) < 5 else { return code }
                let n = monthly || parts.contains(where: { $0.hasPrefix("BYMONTH=") }) ? r.next(in: 1...5) : r.next(in: 1...53)
                return String(r.next(in: 0...2) == 0 ? -n : n) + code
            }.joined(separator: ","))
            hasBy = true
        }
        if r.next(in: 0...9) < (fine ? 2 : 3) { parts.append("BYHOUR=" + values(&r, 0...23, signed: false)); hasBy = true }
        if r.next(in: 0...9) < (fine ? 2 : 2) { parts.append("BYMINUTE=" + values(&r, 0...59, signed: false, most: 2)); hasBy = true }
        if r.next(in: 0...9) < 1 { parts.append("BYSECOND=" + values(&r, 0...59, signed: false, most: 2)); hasBy = true }
        // BYSETPOS where periods hold several instances, mostly small positions (a position past the
        // set's size never matches, and the peers then search to the year 9999).
        if hasBy && (yearly || monthly || weekly) && r.next(in: 0...9) < 2 {
            parts.append("BYSETPOS=" + values(&r, r.next(in: 0...3) == 0 ? 1...8 : 1...2, signed: true, most: 2))
        }
        if (weekly || weekNo || r.next(in: 0...9) == 0) && r.next(in: 0...9) < 4 { parts.append("WKST=" + pick(&r, ["MO", "TU", "WE", "TH", "FR", "SA", "SU"])) }
        _ = daily
        // Shuffle the parts after FREQ now and then: order does not matter.
        if parts.count > 2 && r.next(in: 0...4) == 0 { parts = [parts[0]] + parts.dropFirst().reversed() }
        return Case(dtstart: dtstart, tz: tz, rule: parts.joined(separator: ";"), limit: limit)
    }
}
