import CICUShim
import Foundation
import Synchronization
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The ICU zone source checked against oracles that are not Chime's code:
///
/// 1. ICU itself: `ZoneRules` built from ICU's zoneinfo64 must give the same civil fields and
///    offsets as ICU's own `ucal` field computation (`chime_icu_calendar_fields`) at >= 100,000
///    random and near-transition instants over every id ICU lists.
/// 2. The TZif source, for the zones whose rules are the same in ICU's tz data (2022e) and the
///    pinned fixtures (2025b). Which zones those are is decided by `zdump` and ICU, not by Chime.
/// 3. The headline difference between the two data versions: Mexico City in July 2026.
@Suite struct ICUParityTests {
    /// Both sources over the pinned fixtures, so nothing depends on the host's /usr/share/zoneinfo.
    static let icuDatabase = ZoneDatabase(preference: .icu, tzifDirectory: Fixtures.zoneinfoDirectory)

    // Epoch seconds of 1 January 00:00 UTC of some years (checked with Python's calendar.timegm).
    static let start1850: Int64 = -3_786_825_600
    static let start1900: Int64 = -2_208_988_800
    static let start2100: Int64 = 4_102_444_800
    static let start2400: Int64 = 13_569_465_600
    /// 9999-12-31T00:00:00Z: the latest far-future probe. A day short of the end of year 9999 so
    /// the local time east of UTC (up to +14:00) stays inside `CivilDateTime.supportedYears`.
    static let lastProbe9999: Int64 = 253_402_214_400

    // MARK: 1. ICU rules vs ICU's own field computation

    // Per zone; ICU lists ~640 ids, so ~180 instants each gives >= 100,000 in about a second.
    static let randomProbesPerZone = 150
    static let transitionsPerZone = 8
    static let farFutureProbesPerZone = 6

    @Test func icuRulesMatchICUFieldComputation() throws {
        let clock = ContinuousClock()
        let began = clock.now

        let ids = Self.icuDatabase.identifiers(in: .icu)
        try #require(ids.count > 400, "ICU lists only \(ids.count) zone ids")

        var rejectedByICU: [String] = []  // listed by ICU but refused by ICU's own calendar
        var instantsChecked = 0
        var zonesChecked = 0
        var mismatches: [String] = []

        for id in ids {
            // Only ICU itself may excuse an id: if ICU cannot open a calendar for it there is no
            // oracle to compare with. If ICU can but Chime cannot load it, that is a failure.
            guard let calendar = ICUCalendar(id) else { rejectedByICU.append(id); continue }
            let rules: ZoneRules
            do { rules = try Self.icuDatabase.rules(for: id, source: .icu) } catch {
                Issue.record("ICU knows \(id) but Chime's ICU source cannot load it: \(error)")
                continue
            }
            zonesChecked += 1

            // A generator per zone, seeded from the id, so a failure reproduces for that zone alone.
            var rng = SplitMix64(seed: 0x1C0_7A21_7E57 ^ Self.fnv1a(id))
            var probes: [Int64] = []  // UTC milliseconds
            // Whole milliseconds anywhere 1850–2400: LMT, historical tables and the annual rules.
            for _ in 0..<Self.randomProbesPerZone {
                probes.append(Int64.random(in: Self.start1850 * 1000..<Self.start2400 * 1000, using: &rng))
            }
            // Either side of a few random transitions, where an off-by-one shows: the last whole
            // second and millisecond of the old period, the first of the new, and a second later.
            // Drawn from Chime's transitions and from ICU's own list, so a transition Chime lost
            // is probed as well as one it invented or misplaced.
            let transitions = rules.transitions(from: Instant(seconds: Self.start1850), to: Instant(seconds: Self.start2400))
                .map(\.instant.seconds) + (Self.icuTransitionSeconds(id) ?? []).filter { $0 >= Self.start1850 }
            for _ in 0..<min(Self.transitionsPerZone, transitions.count) {
                let t = transitions.randomElement(using: &rng)! * 1000
                probes += [t - 1000, t - 1, t, t + 1000]
            }
            // Far future, up to year 9999: only the final annual rule (or fixed offset) applies.
            for _ in 0..<Self.farFutureProbesPerZone {
                probes.append(Int64.random(in: Self.start2400 * 1000...Self.lastProbe9999 * 1000, using: &rng))
            }

            for millis in probes {
                guard let icu = calendar.fields(atMillis: millis) else {
                    Issue.record("ICU field computation failed for \(id) at \(millis) ms")
                    continue
                }
                instantsChecked += 1
                let (seconds, remainder) = CivilArithmetic.floorDivMod(millis, 1000)
                let instant = Instant(seconds: seconds, nanoseconds: Int32(remainder) * 1_000_000)
                let local = rules.localDateTime(at: instant)
                let type = rules.type(at: instant)
                let ours = Fields(year: local.year, month: local.month, day: local.day, hour: local.hour,
                                  minute: local.minute, second: local.second, millisecond: local.nanosecond / 1_000_000,
                                  offset: Int(type.utcOffset), isDST: type.isDST)
                // The hot path (`utcOffset`) must agree with the full lookup too.
                if ours != icu || rules.utcOffset(at: instant) != type.utcOffset {
                    mismatches.append("\(id) at \(instant.utcString): Chime \(ours) (utcOffset \(rules.utcOffset(at: instant))), ICU \(icu)")
                }
            }
        }

        let elapsed = clock.now - began
        print("ICUParityTests: \(instantsChecked) instants in \(zonesChecked) ICU zone ids checked against ucal in \(elapsed); "
              + "\(rejectedByICU.count) ids listed but rejected by ICU: \(rejectedByICU)")
        #expect(instantsChecked >= 100_000)
        // ICU refusing more than a few of its own ids would mean the oracle is broken, not that
        // those zones are fine.
        #expect(rejectedByICU.count <= 5, "ICU rejects ids it lists: \(rejectedByICU)")
        for mismatch in mismatches.prefix(20) { Issue.record(Comment(rawValue: mismatch)) }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(instantsChecked) instants disagree with ICU ucal")
    }

    // MARK: 2. ICU rules vs TZif rules where the data did not change

    /// Zones whose offsets and DST flags are the same in ICU's data and the pinned fixtures over
    /// 1900–2100, decided by two oracles outside Chime's engine: `zdump` on the fixture tree and
    /// ICU's own field computation (`ucal`).
    ///
    /// Definition. A zone (a `Z` line of the pinned source whose id ICU's calendar accepts) is
    /// unchanged when ICU's (zone + DST offset, DST offset != 0) equals zdump's (gmtoff,
    /// isdst != 0) for the period zdump says is in force, at
    /// 1. both sides (the last second before, the first second of) every transition
    ///    `zdump -v -c 1900,2100` reports: every tz transition is an ICU transition;
    /// 2. both sides of every transition ICU itself enumerates 1900–2100
    ///    (`BasicTimeZone::getNextTransition` as passed through by `chime_icu_zone_rules_get`):
    ///    every historical ICU transition is a tz transition, however short the period;
    /// 3. every point of a weekly grid over 1900–2100, for the one kind of ICU transition (2)
    ///    does not list: those of ICU's final annual rules (Mexico City: ICU 2022e keeps DST
    ///    every summer after 2022, tz 2025b has no transition after October 2022, so (1) agrees).
    ///    Annual rules keep DST for months, so a week cannot step over such a period.
    /// The DST flag is part of the definition, so zones the fixtures describe with negative DST
    /// (Europe/Dublin's winter GMT is "DST" in vanguard tz; ICU's rearguard data has summer
    /// DST instead) count as changed even where the total offset agrees.
    ///
    /// Computed once, off the test's own thread: `zdump` needs ~25 s of CPU for 200 years of ~450
    /// zones, and two tests blocking on a `static let` would hold two of the cooperative pool's
    /// threads (all of them on a 2-core machine) and stall every other test meanwhile.
    static let classification = Task.detached(priority: .userInitiated) { classifyZones() }

    struct Classification: Sendable {
        var unchanged: [String] = [], changed: [String] = [], unknownToICU: [String] = []
    }

    static func classifyZones() -> Classification {
        var result = Classification()
        var known: [String] = []
        for id in Fixtures.zoneIdentifiers {
            if ICUCalendar(id) == nil { result.unknownToICU.append(id) } else { known.append(id) }
        }
        let zdump = ZdumpPeriods.load(zones: known)
        for id in known {
            guard let zone = zdump[id], let calendar = ICUCalendar(id), let icuTransitions = icuTransitionSeconds(id) else {
                result.changed.append(id)
                continue
            }
            func agrees(_ second: Int64, _ expected: ZdumpPeriods.Period) -> Bool {
                calendar.offsetAndDST(atMillis: second * 1000) == expected
            }
            var same = zone.transitions.allSatisfy { agrees($0.utcSeconds - 1, $0.before) && agrees($0.utcSeconds, $0.after) }
                && icuTransitions.filter { (start1900 + 1..<start2100).contains($0) }
                    .allSatisfy { agrees($0 - 1, zone.period(at: $0 - 1)) && agrees($0, zone.period(at: $0)) }
            var t = start1900
            while same && t < start2100 {
                same = agrees(t, zone.period(at: t))
                t += 7 * 86_400
            }
            if same { result.unchanged.append(id) } else { result.changed.append(id) }
        }
        return result
    }

    /// ICU's historical transitions for a zone (UTC seconds), straight from ICU's transition iterator.
    static func icuTransitionSeconds(_ id: String) -> [Int64]? {
        var capacity: Int32 = 1024
        while true {
            var rules = chime_icu_zone_rules()
            var buffer = [chime_icu_transition](repeating: chime_icu_transition(), count: Int(capacity))
            guard chime_icu_zone_rules_get(id, &rules, &buffer, capacity) == 0 else { return nil }
            if rules.transition_total <= capacity { return buffer.prefix(Int(rules.transition_count)).map(\.utc_seconds) }
            capacity = rules.transition_total
        }
    }

    @Test func unchangedZoneListIsComputedAndPlausible() async throws {
        let clock = ContinuousClock()
        let began = clock.now
        let zones = await Self.classification.value
        let (unchanged, changed, unknownToICU) = (zones.unchanged, zones.changed, zones.unknownToICU)
        print("ICUParityTests: \(unchanged.count) zones unchanged between ICU \(ICUCalendar.tzdataVersion ?? "?") and tz "
              + "\(Fixtures.pinnedVersion), \(changed.count) changed, \(unknownToICU.count) unknown to ICU "
              + "(waited \(clock.now - began)); unknown: \(unknownToICU)")
        #expect(unchanged.count >= 200)
        // Facts from the issue: ICU 2022e vs tz 2025b differ in 2026 in these zones.
        for id in ["America/Mexico_City", "Africa/Cairo", "Asia/Almaty", "America/Asuncion"] {
            #expect(changed.contains(id), "\(id) should count as changed between ICU 2022e and tz 2025b")
            #expect(!unchanged.contains(id))
        }
        // America/Coyhaique was created in tz 2025b; ICU 2022e cannot know it, and Chime must say
        // so rather than fall back to GMT.
        #expect(unknownToICU.contains("America/Coyhaique"))
        #expect(throws: ZoneError.self) { try Self.icuDatabase.rules(for: "America/Coyhaique", source: .icu) }
        #expect(throws: Never.self) { try Fixtures.tzifDatabase.rules(for: "America/Coyhaique", source: .tzif) }
    }

    /// For the unchanged zones Chime's two sources must agree on offset and DST flag. Not on the
    /// abbreviation: ICU has no tz abbreviations, so Chime's ICU source uses CLDR short names or
    /// `GMT+hh:mm`, while TZif has the tz ones ("LMT", "CEST", "+0530").
    @Test func icuAndTZifSourcesAgreeWhereDataDidNotChange() async throws {
        let clock = ContinuousClock()
        let unchanged = await Self.classification.value.unchanged
        let began = clock.now
        var instantsChecked = 0
        var mismatches: [String] = []
        for id in unchanged {
            let icu = try Self.icuDatabase.rules(for: id, source: .icu)
            let tzif = try Fixtures.tzifDatabase.rules(for: id, source: .tzif)
            #expect(icu.source == .icu && tzif.source == .tzif)
            var rng = SplitMix64(seed: 0x7A1F ^ Self.fnv1a(id))
            // Both sides of every transition either source has 1900–2400 (after 2100 only the
            // annual rules, which the 1900–2100 agreement makes the same rule), plus random instants.
            var probes: [Int64] = []
            let window = (Instant(seconds: Self.start1900), Instant(seconds: Self.start2400))
            for t in icu.transitions(from: window.0, to: window.1) + tzif.transitions(from: window.0, to: window.1) {
                probes += [t.instant.seconds - 1, t.instant.seconds, t.instant.seconds + 1]
            }
            for _ in 0..<200 { probes.append(Int64.random(in: Self.start1900..<Self.start2400, using: &rng)) }
            for second in probes where second >= Self.start1900 {
                instantsChecked += 1
                let a = icu.type(at: Instant(seconds: second)), b = tzif.type(at: Instant(seconds: second))
                if a.utcOffset != b.utcOffset || a.isDST != b.isDST {
                    mismatches.append("\(id) at \(Instant(seconds: second).utcString): icu \(a), tzif \(b)")
                }
            }
        }
        print("ICUParityTests: ICU vs TZif sources: \(instantsChecked) instants in \(unchanged.count) unchanged zones in \(clock.now - began)")
        for mismatch in mismatches.prefix(20) { Issue.record(Comment(rawValue: mismatch)) }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(instantsChecked) instants disagree between sources")
    }

    // MARK: 3. The headline: Mexico City, July 2026

    /// Mexico abolished DST in October 2022 (tz 2022f); ICU's 2022e data predates that and still
    /// has CDT. The newest source must answer, and each source must say which version it is.
    @Test func newestSourceAnswersForMexicoCity() throws {
        let july2026 = try ISO8601Format.parseInstant("2026-07-01T00:00:00Z")
        try #require(ICUCalendar.tzdataVersion == "2022e",
                     "these expectations are for ICU's tz data 2022e (Debian 12), not \(ICUCalendar.tzdataVersion ?? "none")")

        let newest = ZoneDatabase(preference: .newest, tzifDirectory: Fixtures.zoneinfoDirectory)
        let current = try newest.rules(for: "America/Mexico_City")
        #expect(current.source == .tzif)
        #expect(current.version == "2025b")
        #expect(current.type(at: july2026).utcOffset == -21_600)
        #expect(current.type(at: july2026).isDST == false)

        let icuOnly = ZoneDatabase(preference: .icu, tzifDirectory: Fixtures.zoneinfoDirectory)
        let stale = try icuOnly.rules(for: "America/Mexico_City")
        #expect(stale.source == .icu)
        #expect(stale.version == "2022e")
        #expect(stale.type(at: july2026).utcOffset == -18_000)
        #expect(stale.type(at: july2026).isDST)
        // ICU's own calendar agrees that its data still has CDT then.
        let icu = try #require(ICUCalendar("America/Mexico_City")?.fields(atMillis: july2026.seconds * 1000))
        #expect(icu.offset == -18_000 && icu.isDST)
    }
}

// MARK: - Support

extension ICUParityTests {
    /// Civil fields plus total offset and DST flag, in the shape both Chime and ICU can produce.
    struct Fields: Equatable, CustomStringConvertible {
        var year, month, day, hour, minute, second, millisecond: Int
        var offset: Int
        var isDST: Bool

        var description: String {
            func pad(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
            return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
                + ".\(pad(millisecond, 3)) offset \(offset)\(isDST ? " DST" : "")"
        }
    }

    /// A reusable ICU calendar for one zone: `ucal_open` is the expensive part, field computation is cheap.
    final class ICUCalendar {
        private let handle: UnsafeMutableRawPointer
        private let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: 9)  // reused: no allocation per query

        /// `nil` when ICU does not know the id (ICU's verdict, not Chime's).
        init?(_ id: String) {
            guard let handle = chime_icu_calendar_open(id) else { buffer.deallocate(); return nil }
            self.handle = handle
        }

        deinit {
            chime_icu_calendar_close(handle)
            buffer.deallocate()
        }

        /// ICU's fields for an instant; the offset is zone + DST offset, DST is a non-zero DST offset.
        func fields(atMillis millis: Int64) -> Fields? {
            guard chime_icu_calendar_fields(handle, millis, buffer) == 0 else { return nil }
            let f = buffer
            return Fields(year: Int(f[0]), month: Int(f[1]), day: Int(f[2]), hour: Int(f[3]), minute: Int(f[4]),
                          second: Int(f[5]), millisecond: Int(f[6]), offset: Int(f[7] + f[8]), isDST: f[8] != 0)
        }

        /// Just ICU's (zone + DST offset, DST offset != 0), for tight loops.
        func offsetAndDST(atMillis millis: Int64) -> ZdumpPeriods.Period? {
            guard chime_icu_calendar_fields(handle, millis, buffer) == 0 else { return nil }
            return ZdumpPeriods.Period(offset: Int(buffer[7] + buffer[8]), isDST: buffer[8] != 0)
        }

        static var tzdataVersion: String? {
            var buffer = [CChar](repeating: 0, count: 64)
            guard chime_icu_tzdata_version(&buffer, 64) > 0 else { return nil }
            return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// FNV-1a of the UTF-8 bytes: a stable per-zone seed (`hashValue` changes from run to run).
    static func fnv1a(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    /// Each zone's periods 1900–2100 as `zdump` reads them from the fixture tree: the period in
    /// force at the 1900 cut-off (`zdump -i`), then every transition with both sides (`zdump -v`).
    enum ZdumpPeriods {
        struct Period: Equatable { var offset: Int; var isDST: Bool }
        struct Transition { var utcSeconds: Int64; var before: Period; var after: Period }
        struct Zone {
            var initial: Period
            var transitions: [Transition]

            /// The period in force at `second` (binary search over the transitions).
            func period(at second: Int64) -> Period {
                var (lo, hi) = (0, transitions.count)  // first transition after `second` is in lo..<hi+1
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if transitions[mid].utcSeconds <= second { lo = mid + 1 } else { hi = mid }
                }
                return lo == 0 ? initial : transitions[lo - 1].after
            }
        }

        static func load(zones: [String]) -> [String: Zone] {
            // zdump steps through time in half-day steps, so 200 years of ~450 zones take it about
            // 25 s of CPU: split the zones over the cores. The -i run only needs the period in
            // force at the 1900 cut-off, so one year of it suffices.
            let chunkCount = max(1, ProcessInfo.processInfo.activeProcessorCount)
            let chunkSize = (zones.count + chunkCount - 1) / chunkCount
            let chunks = stride(from: 0, to: zones.count, by: max(1, chunkSize)).map { Array(zones[$0..<min($0 + chunkSize, zones.count)]) }
            let outputs = Mutex<[Int: String]>([:])
            DispatchQueue.concurrentPerform(iterations: chunks.count + 1) { i in
                let arguments = i < chunks.count ? ["-v", "-c", "1900,2100"] + chunks[i] : ["-i", "-c", "1900,1901"] + zones
                let result = Fixtures.run("/usr/bin/zdump", arguments, environment: ["TZDIR": Fixtures.zoneinfoDirectory])
                precondition(result.status == 0, "zdump \(arguments.prefix(3)) failed: \(result.error)")
                outputs.withLock { $0[i] = result.output }
            }
            let (verbose, intervals) = outputs.withLock { all in
                ((0..<chunks.count).map { all[$0]! }.joined(), all[chunks.count]!)
            }

            // -i: `TZ="Zone"` then `-\t-\t±hh[mm[ss]][\tabbr][\tisdst]` for the period in force at the cut-off.
            var initial: [String: Period] = [:]
            var current: String?
            for line in intervals.split(separator: "\n") {
                if line.hasPrefix("TZ=\"") { current = String(line.dropFirst(4).dropLast()); continue }
                guard let zone = current, line.hasPrefix("-\t-\t") else { continue }
                let fields = line.split(separator: "\t").map(String.init)
                // isdst is the last field when present: a decimal integer after the offset/abbreviation.
                let isDST = fields.count >= 4 && Int(fields.last!).map { $0 > 0 } == true
                initial[zone] = Period(offset: parseOffset(fields[2]), isDST: isDST)
                current = nil
            }

            // -v: `Zone  Sun Mar 31 06:59:59 1918 UT = Sun Mar 31 01:59:59 1918 EST isdst=0 gmtoff=-18000`,
            // in pairs: one second before and exactly at each transition.
            var lines: [String: [(utc: Int64, period: Period)]] = [:]
            for line in verbose.split(separator: "\n") where line.hasSuffix("NULL") == false {
                let tokens = line.split(separator: " ")
                guard tokens.count >= 10, tokens[6] == "UT",
                      let isdst = tokens.last(where: { $0.hasPrefix("isdst=") }).flatMap({ Int($0.dropFirst(6)) }),
                      let gmtoff = tokens.last(where: { $0.hasPrefix("gmtoff=") }).flatMap({ Int($0.dropFirst(7)) })
                else { continue }
                let utc = utcSeconds(month: String(tokens[2]), day: Int(tokens[3])!, time: String(tokens[4]), year: Int(tokens[5])!)
                lines[String(tokens[0]), default: []].append((utc, Period(offset: gmtoff, isDST: isdst > 0)))
            }

            var result: [String: Zone] = [:]
            for zone in zones {
                // Misreading zdump must fail loudly, not quietly move a zone to "changed": the
                // lines come in (t - 1, t) pairs and chain up from the -i period.
                guard let start = initial[zone] else { preconditionFailure("zdump -i printed nothing for \(zone)") }
                let pairs = lines[zone] ?? []
                precondition(pairs.count % 2 == 0, "zdump -v gave an odd number of lines for \(zone)")
                let transitions = stride(from: 0, to: pairs.count, by: 2).map { i in
                    precondition(pairs[i].utc + 1 == pairs[i + 1].utc, "zdump -v lines of \(zone) are not (t - 1, t) pairs")
                    return Transition(utcSeconds: pairs[i + 1].utc, before: pairs[i].period, after: pairs[i + 1].period)
                }
                for (previous, next) in zip([start] + transitions.map(\.after), transitions.map(\.before)) {
                    precondition(previous == next, "zdump -v and -i disagree for \(zone)")
                }
                result[zone] = Zone(initial: start, transitions: transitions)
            }
            return result
        }

        /// `-05`, `+0530`, `-063636` -> seconds east of UTC.
        static func parseOffset(_ text: String) -> Int {
            let sign = text.hasPrefix("-") ? -1 : 1
            let digits = Array(text.dropFirst())
            let parts = stride(from: 0, to: digits.count, by: 2).map { Int(String(digits[$0..<min($0 + 2, digits.count)]))! }
            let seconds = zip(parts, [3600, 60, 1]).reduce(0) { $0 + $1.0 * $1.1 }
            return sign * seconds
        }

        /// zdump's UT date to epoch seconds with Foundation's calendar, not Chime's arithmetic.
        static func utcSeconds(month: String, day: Int, time: String, year: Int) -> Int64 {
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            let hms = time.split(separator: ":").map { Int($0)! }
            var components = DateComponents()
            (components.year, components.month, components.day) = (year, months.firstIndex(of: month)! + 1, day)
            (components.hour, components.minute, components.second) = (hms[0], hms[1], hms[2])
            return Int64(utcCalendar.date(from: components)!.timeIntervalSince1970)
        }

        static let utcCalendar: Calendar = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            return calendar
        }()
    }
}
