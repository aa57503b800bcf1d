import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport

/// Zones .ics files define themselves (VTIMEZONE, RFC 5545 §3.6.5) against two readers of the
/// same files, on the hand-written fixtures of `Tests/VTimeZoneOracle/fixtures` (RFC 5545's own
/// five examples, Outlook's, Google's and Apple's export shapes, a southern-hemisphere zone, one
/// of RDATEs alone across the date line, one of month-day RRULEs, a stale definition under an
/// IANA name; each file's X-FIXTURE-NOTE says where its shape comes from):
/// - python's icalendar 7.3.2 (`Tests/VTimeZoneOracle/icalendar_oracle.py`; its zones are
///   dateutil's `tzical`), and
/// - libical 3.0 (`Tests/VTimeZoneOracle/libical_vtimezone.c`, compiled here).
///
/// Compared: (1) each VTIMEZONE's UTC offset at sampled instants — the first of every month
/// 1880–2040 at 12:34:56 UTC, and the second before and at each transition Chime's compiled zone
/// has in those years (libical expands a zone's changes only through 2037: its samples stop
/// there); (2) the event's instances: `chime next --ical` end to end against icalendar, which
/// makes Chime's choice (a TZID a zone database knows is that zone, else the file's), and
/// Chime's expansion in the file's own zone against libical, which always follows the file.
/// Every difference must fit a reason of `icalendarReason`, checked on its numbers; none is
/// allowed with libical.
@Suite struct VTimeZoneDifferentialTests {
    static var directory: URL { Fixtures.packageRoot.appendingPathComponent("Tests/VTimeZoneOracle") }

    static var fixtures: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("fixtures").path)) ?? []
        return names.filter { $0.hasSuffix(".ics") }.sorted().map { directory.appendingPathComponent("fixtures/" + $0) }
    }

    /// UTC seconds of `year`-`month`-01T12:34:56Z.
    static func monthly(_ years: ClosedRange<Int64>) -> [Int64] {
        years.flatMap { year in (1...12).map { CivilArithmetic.daysFromCivil(year: year, month: Int64($0), day: 1) * 86_400 + 45_296 } }
    }

    /// The monthly grid and each of the zone's transitions (the second before and the second at).
    static func samples(_ rules: ZoneRules, through lastYear: Int64) -> [Int64] {
        let from = CivilArithmetic.daysFromCivil(year: 1880, month: 1, day: 1) * 86_400
        let to = CivilArithmetic.daysFromCivil(year: lastYear + 1, month: 1, day: 1) * 86_400
        let transitions = rules.transitions(from: Instant(seconds: from), to: Instant(seconds: to)).flatMap { [$0.instant.seconds - 1, $0.instant.seconds] }
        return (monthly(1880...lastYear) + transitions).sorted()
    }

    /// Why icalendar's offset differs from Chime's at `t` in `zone`, when a reason fits: each
    /// reason is checked on the numbers, not assumed, and libical (compared at the same samples
    /// through 2037, with nothing explained) gives Chime's answer at every one of them.
    static func icalendarReason(_ zone: VTimeZone, _ t: Int64, chime: Int64, peer: Int64?) -> String? {
        let first = zone.observances.min { ($0.start - Int64($0.offsetFrom)) < ($1.start - Int64($1.offsetFrom)) }!
        if t < first.start - Int64(first.offsetFrom), chime == Int64(first.offsetFrom),
           let standard = zone.observances.first(where: { $0.kind == .standard }), peer == Int64(standard.offsetTo) {
            // RFC 5545 says nothing of the time before a zone's first onset. dateutil's tzical
            // (tz/tz.py, _find_comp: "RFC says nothing about what to do when a given time is before
            // the first onset date. We'll look for the first standard component") takes the first
            // STANDARD's TZOFFSETTO; Chime, as libical, the first onset's TZOFFSETFROM.
            return "before the first onset: icalendar takes the first STANDARD's TZOFFSETTO, Chime and libical the first onset's TZOFFSETFROM"
        }
        if peer == nil, zone.observances.contains(where: { $0.kind == .daylight && abs(Int64($0.offsetTo) - Int64($0.offsetFrom)) >= 86_400 }) {
            // tzical's dst() for a DAYLIGHT observance is TZOFFSETTO - TZOFFSETFROM (-10:00 to
            // +14:00: 24 hours), which Python's tzinfo refuses (ValueError) when fromutc asks for it.
            return "refused: a DAYLIGHT observance 24 hours ahead (dateutil's dst() must be under 24 h)"
        }
        return nil
    }

    struct Tally {
        var compared = 0, agreed = 0
        var explained: [String: Int] = [:]
        var unexplained: [String] = []
        mutating func compare(_ key: String, _ chime: Int64?, _ peer: Int64?, reason: String? = nil, detail: @autoclosure () -> String) {
            compared += 1
            if chime == peer { agreed += 1; return }
            if let reason { explained[reason, default: 0] += 1 } else { unexplained.append(key + ": " + detail()) }
        }
        var summary: String {
            "\(compared) compared, \(agreed) agree, \(explained.values.reduce(0, +)) explained, \(unexplained.count) unexplained"
                + explained.sorted { $0.key < $1.key }.map { "\n  \($0.value) × \($0.key)" }.joined()
        }
    }

    /// Runs the python oracle on one file.
    static func icalendar(_ file: URL, samples: [String: [Int64]], count: Int) throws -> (offsets: [String: [Int64?]], events: [Int64]) {
        let request = try JSONSerialization.data(withJSONObject: ["samples": samples.mapValues { $0.map(NSNumber.init) }, "count": count])
        let run = Fixtures.run("/usr/bin/env", ["python3", directory.appendingPathComponent("icalendar_oracle.py").path, file.path],
                               environment: Fixtures.childEnvironment(["PYTHONTZPATH": Fixtures.zoneinfoDirectory]), stdin: request, timeout: 600)
        try #require(run.status == 0, "icalendar on \(file.lastPathComponent): \(run.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let offsets = (object["offsets"] as? [String: [Any]] ?? [:]).mapValues { $0.map { ($0 as? NSNumber)?.int64Value } }
        return (offsets, (object["events"] as? [NSNumber] ?? []).map(\.int64Value))
    }

    static let libicalBinary: String = {
        let binary = NSTemporaryDirectory() + "chime-libical-vtimezone-\(getpid())"
        let source = directory.appendingPathComponent("libical_vtimezone.c").path
        let build = Fixtures.run("/bin/sh", ["-c", "cc -O1 -o '\(binary)' '\(source)' $(pkg-config --cflags --libs libical)"])
        return build.status == 0 ? binary : "cc failed: " + build.error
    }()

    /// Runs the libical driver on one file.
    static func libical(_ file: URL, samples: [(String, Int64)], count: Int) throws -> (offsets: [Int64?], events: [Int64]) {
        try #require(!libicalBinary.hasPrefix("cc failed"), "\(libicalBinary)")
        let input = samples.map { "\($0.0)\t\($0.1)\n" }.joined()
        let run = Fixtures.run(libicalBinary, [file.path, String(count)], environment: Fixtures.childEnvironment([:]), stdin: Data(input.utf8), timeout: 600)
        try #require(run.status == 0, "libical on \(file.lastPathComponent): \(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let split = try #require(lines.firstIndex(of: "events"))
        return (lines[..<split].map { Int64($0) }, lines[(split + 1)...].compactMap { Int64($0) })
    }

    /// The file's zones as Chime compiles them, by TZID.
    static func zones(_ file: URL) throws -> [(id: String, rules: ZoneRules, zone: VTimeZone)] {
        try VTimeZone.all(inCalendar: String(contentsOf: file, encoding: .utf8)).map { ($0.identifier, try $0.rules(), $0) }
    }

    static func utc(_ seconds: Int64) -> String { Instant(seconds: seconds).utcString }

    @Test(.requires(.icalendar)) func offsetsAgreeWithIcalendar() throws {
        var tally = Tally()
        for file in Self.fixtures {
            let zones = try Self.zones(file)
            let samples = Dictionary(uniqueKeysWithValues: zones.map { ($0.id, Self.samples($0.rules, through: 2040)) })
            let answers = try Self.icalendar(file, samples: samples, count: 0)
            for zone in zones {
                let peer = try #require(answers.offsets[zone.id], "icalendar did not read \(zone.id) in \(file.lastPathComponent)")
                for (t, offset) in zip(samples[zone.id]!, peer) {
                    let chime = Int64(zone.rules.utcOffset(atSeconds: t))
                    tally.compare("\(file.lastPathComponent) \(zone.id) at \(Self.utc(t))", chime, offset,
                                  reason: Self.icalendarReason(zone.zone, t, chime: chime, peer: offset), detail: "Chime \(zone.rules.utcOffset(atSeconds: t)), icalendar \(offset.map(String.init) ?? "refused")")
                }
            }
        }
        print("VTIMEZONE offsets vs icalendar: \(tally.summary)")
        #expect(tally.unexplained.isEmpty, "\(tally.summary)\n\(tally.unexplained.prefix(40).joined(separator: "\n"))")
        #expect(tally.compared > 10_000)
    }

    @Test(.requires(.libical)) func offsetsAgreeWithLibical() throws {
        var tally = Tally()
        for file in Self.fixtures {
            let zones = try Self.zones(file)
            let samples = zones.flatMap { zone in Self.samples(zone.rules, through: 2037).map { (zone.id, $0) } }
            let answers = try Self.libical(file, samples: samples, count: 0)
            try #require(answers.offsets.count == samples.count)
            for ((id, t), offset) in zip(samples, answers.offsets) {
                let rules = zones.first { $0.id == id }!.rules
                tally.compare("\(file.lastPathComponent) \(id) at \(Self.utc(t))", Int64(rules.utcOffset(atSeconds: t)), offset,
                              detail: "Chime \(rules.utcOffset(atSeconds: t)), libical \(offset.map(String.init) ?? "none")")
            }
        }
        print("VTIMEZONE offsets vs libical: \(tally.summary)")
        #expect(tally.unexplained.isEmpty, "\(tally.summary)\n\(tally.unexplained.prefix(40).joined(separator: "\n"))")
        #expect(tally.compared > 10_000)
    }

    /// `chime next --ical` end to end: its fires' instants.
    static func chimeFires(_ file: URL, after: Int64, count: Int) throws -> [Int64] {
        let run = try ChimeCLI.run(["next", "--ical", file.path, "--after", utc(after), "--count", String(count), "--json"])
        try #require(run.status == 0, "\(run)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let fires = try #require(object["fires"] as? [[String: Any]])
        return try fires.map { fire in
            let text = try #require(fire["utc"] as? String)
            return try ISO8601Format.parseInstant(text).seconds
        }
    }

    @Test(.requires(.icalendar)) func eventsAgreeWithIcalendar() throws {
        var tally = Tally()
        for file in Self.fixtures {
            let peer = try Self.icalendar(file, samples: [:], count: 400).events
            let first = try #require(peer.first, "icalendar found no instance in \(file.lastPathComponent)")
            let chime = try Self.chimeFires(file, after: first - 2 * 86_400, count: 400)
            tally.compare("\(file.lastPathComponent) event count", Int64(chime.count), Int64(peer.count), detail: "Chime \(chime.count), icalendar \(peer.count)")
            for (i, (a, b)) in zip(chime, peer).enumerated() {
                tally.compare("\(file.lastPathComponent) event #\(i + 1)", a, b, detail: "Chime \(Self.utc(a)), icalendar \(Self.utc(b))")
            }
        }
        print("VTIMEZONE events (chime next --ical) vs icalendar: \(tally.summary)")
        #expect(tally.unexplained.isEmpty, "\(tally.summary)\n\(tally.unexplained.prefix(40).joined(separator: "\n"))")
    }

    @Test(.requires(.libical)) func eventsAgreeWithLibical() throws {
        var tally = Tally()
        for file in Self.fixtures {
            let text = try String(contentsOf: file, encoding: .utf8)
            let recurrence = try RRuleParser.event(inCalendar: text)
            let trigger = try RRuleTrigger(recurrence: recurrence)
            let id = try #require(trigger.zoneIdentifier)
            let rules = try #require(try VTimeZone.named(id, inCalendar: text)).rules()
            let peer = try Self.libical(file, samples: [], count: 400).events
            let start = Instant(seconds: trigger.dtstart.wall - 2 * 86_400)
            let chime = try trigger.fires(after: start, in: rules, count: 400).map(\.instant.seconds)
            tally.compare("\(file.lastPathComponent) event count", Int64(chime.count), Int64(peer.count), detail: "Chime \(chime.count), libical \(peer.count)")
            for (i, (a, b)) in zip(chime, peer).enumerated() {
                tally.compare("\(file.lastPathComponent) event #\(i + 1)", a, b, detail: "Chime \(Self.utc(a)), libical \(Self.utc(b))")
            }
        }
        print("VTIMEZONE events (the file's zone) vs libical: \(tally.summary)")
        #expect(tally.unexplained.isEmpty, "\(tally.summary)\n\(tally.unexplained.prefix(40).joined(separator: "\n"))")
    }
}
