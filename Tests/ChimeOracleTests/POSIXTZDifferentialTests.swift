import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import Chime

/// POSIX TZ rules as zones (`TZVariable`) against glibc 2.36's reading of the same `$TZ`
/// (`Tests/POSIXTZOracle/glibc_tz.py`: `time.tzset()` and `time.localtime()`, which are glibc's
/// `tzset` and `localtime_r`). Seeded random rules — northern and southern hemisphere, negative
/// DST (Dublin's `IST-1GMT0,…`), times such as `/25`, `/167`, `/-2`, the `Mm.w.d`, `Jn` and `n`
/// day forms, quoted `<+0330>` names, offsets with minutes and seconds, rules without DST — and,
/// for each, over 1970–2100:
///
/// - the list of every instant where the offset, DST flag or abbreviation changes (glibc's found
///   by sampling weekly and bisecting each change to the second) must be Chime's
///   `transitions(from:to:)`, and the state at 1970-01-01 the same;
/// - the offset, DST flag and abbreviation at each transition, the second before it and 60
///   random instants must agree.
///
/// No difference is allowed. The generator stays where glibc computes what POSIX says: glibc
/// computes a year's two changes for the instant's UTC year (`__tz_compute` with `tm_year` of
/// the UTC time, tzset.c), so a change that a rule puts in another UTC year (`J365/25`, all-year
/// DST; a late-December date with `/167`) is missed for the year it falls in. Rule days stay in
/// February–November (days 31–334), so every change lies in its own year; the two days are at
/// least 60 days apart, so every period is longer than the weekly sample step. That quirk is
/// documented in docs/contract.md and shown by `glibcQuirks` below.
///
/// `CHIME_POSIX_TZ_CASES` (default 240 rules), `CHIME_POSIX_TZ_SEED` (default 1003).
@Suite struct POSIXTZDifferentialTests {
    static let run = DifferentialRun(name: "POSIX_TZ", defaultCases: 240, defaultSeed: 1003)
    static let script = Fixtures.packageRoot.appendingPathComponent("Tests/POSIXTZOracle/glibc_tz.py").path
    /// 1970-01-01 and 2101-01-01, UTC.
    static let from: Int64 = 0, to: Int64 = 4_133_980_800
    static let step: Int64 = 7 * 86_400

    /// The rules the issue quotes and real zones' footers, before the random ones.
    static let handPicked = [
        "EST5EDT,M3.2.0,M11.1.0", "IST-1GMT-0,M10.5.0/1,M3.5.0/1", "<+0330>-3:30", "AEST-10AEDT,M10.1.0,M4.1.0/3",
        "IST-1GMT0,M10.5.0,M3.5.0/1", "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "NZST-12NZDT,M9.5.0,M4.1.0/3",
        "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "EET-2EEST,M3.5.0/3,M10.5.0/4", "<-04>4<-03>,M9.1.6/24,M4.1.6/24",
        "JST-9", "UTC0", "<-0930>9:30", "PST8PDT,M3.2.0/2:00:00,M11.1.0/2:00:00",
    ]

    @Test(.requires(.glibcPython))
    func matchesGlibc() throws {
        let database = Fixtures.systemDatabase
        var generator = POSIXRuleGenerator(seed: Self.run.seed)
        var rules: [(text: String, zone: ZoneRules)] = []
        var candidates = Self.handPicked.makeIterator()
        while rules.count < Self.handPicked.count + Self.run.cases {
            let text = candidates.next() ?? generator.rule()
            // A string glibc finds as a file in /usr/share/zoneinfo is a tz zone, not a rule.
            guard try database.lookup(text).match == .posixRule else { continue }
            rules.append((text, try database.rules(for: text)))
        }
        var random = SplitMix64(seed: Self.run.seed ^ 0x5A5A)
        var input = ""
        var asked: [[Int64]] = []
        for (text, zone) in rules {
            let changes = zone.transitions(from: Instant(seconds: Self.from), to: Instant(seconds: Self.to)).map(\.instant.seconds)
            let instants = changes.flatMap { [$0 - 1, $0] } + (0..<60).map { _ in Int64.random(in: Self.from..<Self.to, using: &random) }
            asked.append(instants)
            let line: [String: Any] = ["rule": text, "from": Self.from, "to": Self.to, "step": Self.step, "instants": instants]
            input += String(decoding: try JSONSerialization.data(withJSONObject: line), as: UTF8.self) + "\n"
        }
        let result = Fixtures.run("/usr/bin/env", ["python3", Self.script], environment: ["TZDIR": "/usr/share/zoneinfo"],
                                 stdin: Data(input.utf8))
        let lines = result.output.split(separator: "\n")
        try #require(result.status == 0 && lines.count == rules.count, "glibc_tz.py failed: \(result.error.prefix(500))")

        func chime(_ type: LocalTimeType) -> String { "\(type.utcOffset) \(type.isDST ? 1 : 0) \(type.abbreviation)" }
        func glibc(_ state: [Any]) -> String { "\(state[0]) \(state[1]) \(state[2])" }
        var differences: [String] = []
        var transitionsCompared = 0, instantsCompared = 0
        for (index, (text, zone)) in rules.enumerated() {
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(lines[index].utf8)) as? [String: Any])
            let theirs = (answer["transitions"] as? [[Any]] ?? []).map { "\($0[0]) " + glibc(Array($0[1...])) }
            let ours = zone.transitions(from: Instant(seconds: Self.from), to: Instant(seconds: Self.to))
                .map { "\($0.instant.seconds) " + chime($0.after) }
            transitionsCompared += max(theirs.count, ours.count)
            if let first = zip(theirs, ours).first(where: { $0 != $1 }) ?? (theirs.count != ours.count ? ("\(theirs.count) changes", "\(ours.count)") : nil) {
                differences.append("TZ='\(text)': transitions differ first at glibc \(first.0), Chime \(first.1)")
            }
            let initial = glibc(answer["initial"] as? [Any] ?? [])
            if initial != chime(zone.type(at: Instant(seconds: Self.from))) {
                differences.append("TZ='\(text)': at 1970-01-01 glibc \(initial), Chime \(chime(zone.type(at: Instant(seconds: Self.from))))")
            }
            for (t, state) in zip(asked[index], answer["answers"] as? [[Any]] ?? []) {
                instantsCompared += 1
                let ours = chime(zone.type(at: Instant(seconds: t)))
                if glibc(state) != ours {
                    differences.append("TZ='\(text)' at \(Instant(seconds: t)) (\(t)): glibc \(glibc(state)), Chime \(ours)")
                }
            }
        }
        print("POSIX TZ vs glibc: \(rules.count) rules, \(transitionsCompared) transitions and \(instantsCompared) instants compared, \(differences.count) differences")
        #expect(instantsCompared > rules.count * 60)
        Differences.expectNone(differences, of: instantsCompared, "answers differ from glibc's")
    }

    /// Where glibc and Chime part, on purpose (docs/contract.md, "Zones"): each case is glibc's
    /// answer and Chime's, checked so that the documentation stays true.
    /// - A change a rule puts in another UTC year: glibc computes the two changes of the instant's
    ///   UTC year only (`__tz_compute`), so all-year DST (`EST5EDT,0/0,J365/25`, RFC 8536 §3.3.1)
    ///   has five hours of EST each New Year (year Y's DST ends at Y+1-01-01T05:00Z, after which
    ///   glibc looks at Y+1's start, 05:00Z), and DST that ends on the last Sunday of December +167
    ///   h (2027-01-03) has ended on 2027-01-01 for glibc. POSIX and RFC 8536 read the rule as
    ///   Chime does: EDT, XDT.
    /// - DST without dates (`CET-1CEST`): glibc takes the dates from `$TZDIR/posixrules`
    ///   (America/New_York, with its history: 1990's DST began on April 1); Chime, the POSIX
    ///   string alone, uses `M3.2.0,M11.1.0` for every year, as glibc does when there is no
    ///   posixrules file (tzset.c, `parse_rule`).
    @Test(.requires(.glibcPython))
    func glibcQuirks() throws {
        let cases: [(rule: String, at: String, glibc: String, chime: String)] = [
            ("EST5EDT,0/0,J365/25", "2027-01-01T02:00:00Z", "-18000 0 EST", "-14400 1 EDT"),
            ("XST5XDT,M3.2.0,M12.5.0/167", "2027-01-01T12:00:00Z", "-18000 0 XST", "-14400 1 XDT"),
            ("CET-1CEST", "1990-03-20T12:00:00Z",
             FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/posixrules") ? "3600 0 CET" : "7200 1 CEST", "7200 1 CEST"),
        ]
        var input = ""
        for c in cases {
            let t = try ISO8601Format.parseInstant(c.at).seconds
            input += "{\"rule\": \"\(c.rule)\", \"from\": \(t), \"to\": \(t), \"step\": 1, \"instants\": [\(t)]}\n"
        }
        let result = Fixtures.run("/usr/bin/env", ["python3", Self.script], environment: ["TZDIR": "/usr/share/zoneinfo"],
                                 stdin: Data(input.utf8))
        let lines = result.output.split(separator: "\n")
        try #require(result.status == 0 && lines.count == cases.count, "glibc_tz.py failed: \(result.error.prefix(500))")
        for (c, line) in zip(cases, lines) {
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let state = try #require((answer["answers"] as? [[Any]])?.first)
            #expect("\(state[0]) \(state[1]) \(state[2])" == c.glibc, "glibc, TZ='\(c.rule)' at \(c.at)")
            let type = try Fixtures.systemDatabase.rules(for: c.rule).type(at: try ISO8601Format.parseInstant(c.at))
            #expect("\(type.utcOffset) \(type.isDST ? 1 : 0) \(type.abbreviation)" == c.chime, "Chime, \(c.rule) at \(c.at)")
        }
    }
}

/// Seeded random POSIX TZ rules, within what `POSIXTZDifferentialTests` can hold glibc to (see
/// there): rule days in days 31–334 of the year, at least 60 days apart.
struct POSIXRuleGenerator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { random.next(in: range) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

    /// `EST`, `abcd`, `<+0330>`, `<-03>`, `<A1b2>`.
    mutating func name() -> String {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        if chance(25) {
            switch int(0...2) {
            case 0: return "<" + (chance(50) ? "+" : "-") + String(format: "%02d", int(0...14)) + (chance(50) ? String(format: "%02d", [0, 30, 45][int(0...2)]) : "") + ">"
            case 1: return "<" + String((0..<int(3...5)).map { _ in letters[int(0...25)] }) + String(int(0...9)) + ">"
            default: return "<" + String((0..<int(3...6)).map { _ in letters[int(0...51)] }) + ">"
            }
        }
        return String((0..<int(3...5)).map { _ in letters[int(0...(chance(80) ? 25 : 51))] })
    }

    /// A POSIX offset for `east` seconds east of UTC: written west, `[+-]h[:mm[:ss]]`.
    mutating func offsetText(east: Int) -> String {
        let west = -east
        let sign = west < 0 ? "-" : (chance(10) ? "+" : "")
        let a = abs(west), h = a / 3600, m = a / 60 % 60, s = a % 60
        var text = sign + String(h)
        if m != 0 || s != 0 || chance(15) { text += ":" + String(format: "%02d", m) }
        if s != 0 { text += ":" + String(format: "%02d", s) }
        return text
    }

    /// A standard offset east of UTC: -12h…+14h, often with 30 or 45 minutes, now and then seconds.
    mutating func standardEast() -> Int {
        var east = int(-12...14) * 3600
        if chance(25) { east += (east < 0 ? -1 : 1) * [1800, 2700][int(0...1)] }
        if chance(10) { east += (east < 0 ? -1 : 1) * int(1...59) }
        return east
    }

    /// A transition day and its approximate day of the year (to keep the two days apart).
    mutating func day() -> (text: String, approximateDay: Int) {
        switch int(0...9) {
        case 0...6:
            let month = int(2...11), week = int(1...5)
            return ("M\(month).\(week).\(int(0...6))", (month - 1) * 30 + (week - 1) * 7 + 3)
        case 7, 8:
            let n = int(32...334)
            return ("J\(n)", n)
        default:
            let n = int(31...333)
            return ("\(n)", n)
        }
    }

    /// `/2`, `/-2`, `/25`, `/167`, `/-1:30`, `/12:34:56`, or nothing (02:00).
    mutating func time() -> String {
        switch int(0...11) {
        case 0, 1: return ""
        case 2: return "/" + String(int(0...3))
        case 3: return "/-" + String(int(1...3))
        case 4: return "/" + String(int(24...30))
        case 5: return ["/167", "/-167", "/100", "/-48"][int(0...3)]
        case 6: return "/" + String(int(0...23)) + ":" + String(format: "%02d", int(0...59))
        case 7: return "/" + String(int(0...23)) + ":" + String(format: "%02d", int(0...59)) + ":" + String(format: "%02d", int(0...59))
        case 8: return "/-" + String(int(0...2)) + ":" + String(format: "%02d", int(0...59))
        case 9: return "/0"
        default: return "/" + String(int(1...4))
        }
    }

    mutating func rule() -> String {
        let std = name(), east = standardEast()
        var text = std + offsetText(east: east)
        guard chance(85) else { return text }                        // no daylight time
        var dst = name()
        while dst == std { dst = name() }
        text += dst
        if chance(70) {
            // Usually an hour ahead; now and then 30 min, 2 h, or behind (negative DST, Dublin).
            let delta = [3600, 3600, 3600, 1800, 7200, -3600, -3600, 2700 + int(0...59)][int(0...7)]
            text += offsetText(east: east + delta)
        }
        var start = day(), end = day()
        while abs(start.approximateDay - end.approximateDay) < 60 { start = day(); end = day() }
        return text + "," + start.text + time() + "," + end.text + time()
    }
}
