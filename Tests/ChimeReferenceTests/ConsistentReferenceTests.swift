import Foundation
import Testing
import Chime
@testable import ChimeTestSupport
@testable import ChimeReference

/// The differential test: the engine in `.consistent` semantics against the brute-force reference
/// of docs/semantics.md (module ChimeReference, Tests/ChimeReference/, which cannot import the engine), on seeded random cases.
///
/// Environment:
/// - CHIME_REFERENCE_CASES (default 1000: about 15–20 s in a debug build, most of it the engine), CHIME_REFERENCE_SEED (default 2026)
/// - CHIME_REFERENCE_SHARD=k/n: only cases with index % n == k − 1 (k in 1...n)
/// - CHIME_REFERENCE_REPORT=path: every differing case as a replayable line, with both answers
///   as `#` comment lines
/// - CHIME_REFERENCE_REPLAY=path: run the case lines of that file instead of generating
/// - CHIME_REFERENCE_DUMP=path: every compared case with the reference's answer (to inspect coverage)
/// - CHIME_REFERENCE_SHAPE=k (0…21), CHIME_REFERENCE_ZONES=a,b,…: targeted runs (one pattern shape,
///   chosen zones)
@Suite struct ConsistentReferenceTests {
    static let database = ZoneDatabase(preference: .tzif, tzifDirectory: Fixtures.zoneinfoDirectory)
    /// The `CHIME_REFERENCE_*` variables above (its shard counts from 1).
    static let run = DifferentialRun(name: "REFERENCE", defaultCases: 1000, defaultSeed: 2026, firstShard: 1)

    /// Every case the reference once caught the engine getting wrong (PastDifferences.txt beside
    /// this file, with what was wrong) is replayed on every run.
    @Test func pastDifferencesStayFixed() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("PastDifferences.txt")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
        let cases = lines.compactMap { ReferenceCase(line: String($0)) }
        #expect(!cases.isEmpty && cases.count == lines.count, "every line is a case")
        for c in cases {
            let rules = try Self.database.rules(for: c.zone)
            #expect(c.engineAnswer(rules: rules) == c.referenceAnswer(), "\(c.zone): \(c.trigger.pattern)")
        }
    }

    @Test func consistentEngineMatchesReference() throws {
        let run = ConsistentReferenceTests.run
        var cases: [(Int, ReferenceCase)] = []
        if let replay = run.replayPath {
            let text = try String(contentsOfFile: replay, encoding: .utf8)
            for (i, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
                if let c = ReferenceCase(line: String(line)) { cases.append((i, c)) }
            }
        } else {
            for i in 0..<run.cases where run.shard.contains(i) {
                var rng = ReferenceCaseGenerator.rng(seed: run.seed, index: i)
                cases.append((i, ReferenceCaseGenerator.make(&rng)))
            }
        }
        var differences: [String] = []
        var compared = 0, invalid = 0, slow: [(Double, String)] = []
        var kinds: [String: Int] = [:]
        var engineTime = 0.0, referenceTime = 0.0
        var dump: String? = run.dumpPath != nil ? "" : nil     // every case with the reference's answer
        defer { if let path = run.dumpPath, let dump { try? dump.write(toFile: path, atomically: true, encoding: .utf8) } }
        for (i, c) in cases {
            let began = Date()
            let rules = try Self.database.rules(for: c.zone)
            guard let engine = c.engineAnswer(rules: rules) else { invalid += 1; continue }
            let engineDone = Date()
            engineTime += engineDone.timeIntervalSince(began)
            let reference = c.referenceAnswer()
            referenceTime += Date().timeIntervalSince(engineDone)
            compared += 1
            kinds[reference.hasPrefix("throws") ? "throws" : reference == "[]" ? "no fire" : "fires", default: 0] += 1
            for adj in RefAdjustment.allCases where adj != .exact && reference.contains(" \(adj.rawValue)") { kinds[adj.rawValue, default: 0] += 1 }
            if dump != nil { dump! += "\(c.line)\n# case \(i) reference: \(reference)\n" }
            if engine != reference {
                differences.append("\(c.line)\n# case \(i)\n# engine:    \(engine)\n# reference: \(reference)")
            }
            let took = Date().timeIntervalSince(began)
            if took > 0.5 { slow.append((took, "engine \(String(format: "%.2f", engineDone.timeIntervalSince(began))) s: " + c.line)) }
        }
        print("reference: \(compared) compared, \(invalid) invalid for the engine, \(differences.count) differences; outcomes \(kinds); engine \(String(format: "%.1f", engineTime)) s, reference \(String(format: "%.1f", referenceTime)) s")
        for (t, l) in slow.sorted(by: { $0.0 > $1.0 }).prefix(5) { print("reference: slow case \(String(format: "%.2f", t)) s: \(l)") }
        if let report = run.reportPath {
            try (differences.joined(separator: "\n") + "\n").write(toFile: report, atomically: true, encoding: .utf8)
        }
        for d in differences.prefix(10) { print(d) }
        Differences.expectNone(differences, of: compared, "cases differ from the reference")
    }
}

/// Seeded random cases over every zone, start and pattern shape the brief lists.
enum ReferenceCaseGenerator {
    nonisolated(unsafe) private static var transitionCache: [String: [ZoneTransition]] = [:]
    private static let lock = NSLock()

    /// The zone's offset-changing transitions in 1900…2100 (from the engine's rules: only used to
    /// aim the generator at gaps and overlaps; the reference never sees them).
    static func transitions(_ zone: String) -> [ZoneTransition] {
        lock.lock(); defer { lock.unlock() }
        if let t = transitionCache[zone] { return t }
        let rules = try! ConsistentReferenceTests.database.rules(for: zone)
        let t = rules.transitions(from: Instant(seconds: -2_208_988_800), to: Instant(seconds: 4_133_980_800))
            .filter { $0.wallClockChange != 0 }
        transitionCache[zone] = t
        return t
    }

    /// CHIME_REFERENCE_SHAPE=k forces one pattern shape (0…21), for targeted runs.
    static let forcedShape = ConsistentReferenceTests.run.value("SHAPE").flatMap { Int($0) }
    /// CHIME_REFERENCE_ZONES=a,b,… draws zones from that list only, for targeted runs.
    static let forcedZones = ConsistentReferenceTests.run.value("ZONES").map { $0.split(separator: ",").map(String.init) }

    /// Case `index`'s generator: its state is a SplitMix64 output of (seed, index), so the cases'
    /// streams are unrelated (seeding with seed + index × the SplitMix increment would make case
    /// i's stream case i − 1's shifted by one draw).
    static func rng(seed: UInt64, index: Int) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        _ = mixer.next()
        return SplitMix64(seed: mixer.next())
    }

    static func make(_ rng: inout SplitMix64) -> ReferenceCase {
        let zones = forcedZones ?? ZoneSets.all
        let zone = zones[rng.next(in: 0...(zones.count - 1))]
        let trans = transitions(zone)
        let rules = try! ConsistentReferenceTests.database.rules(for: zone)

        func rnd(_ r: ClosedRange<Int>) -> Int { rng.next(in: r) }
        func chance(_ k: Int) -> Bool { rng.next(in: 1...k) == 1 }
        let direction = RefDirection.allCases[rnd(0...1)]
        let drawn = rnd(0...21)
        let shape = forcedShape ?? drawn
        let aimsAtTransition = (15...20).contains(shape)

        // Start: half within a day of a real transition, half anywhere in 1900…2100. Shapes aimed
        // at a transition's wall times start up to a day before it (forward) or after it
        // (backward), so the search crosses it.
        var near: ZoneTransition? = nil
        var startSeconds: Int64
        if !trans.isEmpty, aimsAtTransition || rng.next(in: 0...1) == 0 {
            // Mostly a DST-like transition (a gap or overlap of 30 minutes or more), when the zone has one.
            let big = trans.filter { abs($0.wallClockChange) >= 1800 }
            let pool = !big.isEmpty && !chance(5) ? big : trans
            let t = pool[rng.next(in: 0...(pool.count - 1))]
            near = t
            let sign: Int64 = direction == .forward ? -1 : 1
            switch rng.next(in: 0...7) {
            case 0: startSeconds = t.instant.seconds
            case 1: startSeconds = t.instant.seconds - 1
            // (As written in the runs reported so far: 2 always, 3 only when not aiming at a transition.)
            case 2: startSeconds = t.instant.seconds + Int64(rng.next(in: -86_400...86_400))
            case 3 where !aimsAtTransition: startSeconds = t.instant.seconds + Int64(rng.next(in: -86_400...86_400))
            case 4, 5: startSeconds = t.instant.seconds + sign * Int64(rng.next(in: 0...7_200))
            default: startSeconds = t.instant.seconds + sign * Int64(rng.next(in: 0...86_400))
            }
        } else {
            startSeconds = Int64(rng.next(in: -2_208_988_800...4_133_980_799))
            if !trans.isEmpty {   // the closest transition, for wall times in gaps/overlaps
                near = trans.min { abs($0.instant.seconds - startSeconds) < abs($1.instant.seconds - startSeconds) }
            }
        }
        let startNanos = rng.next(in: 0...3) == 0 ? rng.next(in: 0...999_999_999) : 0
        let start = RefInstant(seconds: startSeconds, nanoseconds: startNanos)

        // The start's local date (anchor for years, months, days).
        let localSeconds = startSeconds + Int64(rules.utcOffset(atSeconds: startSeconds))
        let anchor = RefDay(RefCal.wallDay(localSeconds))

        // A wall time inside the nearby transition's gap or overlap (or just at its edges).
        func transitionWall() -> (RefDay, Int)? {
            guard let t = near else { return nil }
            let before = Int64(t.before.utcOffset), after = Int64(t.after.utcOffset)
            let lo = t.instant.seconds + min(before, after), hi = t.instant.seconds + max(before, after)
            let w = rng.next(in: 0...4) == 0 ? (rng.next(in: 0...1) == 0 ? lo - 60 : hi) : lo + Int64(rng.next(in: 0...Int(hi - lo - 1)))
            let day = RefCal.wallDay(w)
            return (RefDay(day), Int(w - RefCal.wallSeconds(day: day, secondOfDay: 0)))
        }

        var p = RefPattern()
        func addTime() {
            switch rnd(0...5) {
            case 0: p.hour = rnd(0...23)
            case 1: p.hour = rnd(0...23); p.minute = [0, 30, rnd(0...59)][rnd(0...2)]
            case 2: p.minute = [0, 30, 45, rnd(0...59)][rnd(0...3)]
            case 3:
                if let (_, sod) = transitionWall() { p.hour = sod / 3600; p.minute = sod / 60 % 60; if chance(3) { p.second = sod % 60 } }
                else { p.hour = rnd(0...23) }
            case 4: p.hour = rnd(0...23); p.minute = rnd(0...59); p.second = rnd(0...59)
            default: break
            }
            if chance(8) { p.nanosecond = rnd(0...999_999_999) }
        }
        // Days of the month: mostly positive, a quarter counted from the month's end (negative).
        func anyDay() -> Int { chance(4) ? -rnd(1...31) : rnd(1...31) }
        let yearNear = min(9999, max(1, anchor.year + [0, 0, 0, 1, -1, 2, -2, rnd(-60...60)][rnd(0...7)]))

        switch shape {
        case 0, 1:   // time only
            addTime()
            if p.hour == nil && p.minute == nil && p.second == nil && p.nanosecond == nil { p.hour = rnd(0...23) }
        case 2: p.nanosecond = rnd(0...999_999_999)                                     // nanosecond only
        case 3: p.second = rnd(0...59); if chance(3) { p.nanosecond = rnd(0...999_999_999) }   // second only
        case 4: p.year = yearNear; addTime()                                           // fixed year
        case 5: p.year = yearNear; if chance(2) { p.month = rnd(1...12) }; if chance(3) { p.day = anyDay() }
        case 6: p.month = chance(2) ? anchor.month : rnd(1...12); if chance(2) { p.day = anyDay() }; if chance(2) { addTime() }
        case 7: p.day = chance(2) ? (chance(3) ? -rnd(28...31) : rnd(28...31)) : anyDay(); if chance(3) { p.month = rnd(1...12) }; if chance(4) { p.year = yearNear }; if chance(2) { addTime() }
        case 8: p.weekday = rnd(1...7); if chance(3) { p.month = rnd(1...12) }; if chance(2) { addTime() }
        case 9:
            p.weekdayOrdinal = chance(2) ? rnd(1...5) : -rnd(1...5)
            if !chance(5) { p.weekday = rnd(1...7) }
            if chance(2) { p.month = rnd(1...12) }; if chance(2) { addTime() }
        case 10:
            p.dayOfYear = [1, 59, 60, 365, 366, rnd(1...366)][rnd(0...5)]
            if chance(3) { p.weekday = rnd(1...7) }; if chance(4) { p.year = yearNear }; if chance(2) { addTime() }
        case 11:
            p.weekOfMonth = rnd(0...6); if chance(2) { p.weekday = rnd(1...7) }; if chance(3) { p.month = rnd(1...12) }
            if chance(4) { p.year = yearNear }; if chance(2) { addTime() }
        case 12:
            p.weekOfYear = [1, 52, 53, rnd(1...53)][rnd(0...3)]
            if chance(2) { p.yearForWeekOfYear = yearNear }; if chance(2) { p.weekday = rnd(1...7) }
            if chance(4) { p.month = rnd(1...12) }; if chance(2) { addTime() }
        case 13:
            p.yearForWeekOfYear = yearNear; if chance(3) { p.year = yearNear + rnd(-1...1) }
            if chance(2) { p.weekday = rnd(1...7) }; if chance(3) { p.weekOfYear = rnd(1...53) }; if chance(2) { addTime() }
        case 14:   // rare and never-matching shapes
            switch rnd(0...8) {
            case 0: p.month = 2; p.day = 29; p.weekday = rnd(1...7)
            case 1: p.dayOfYear = 366; p.weekday = rnd(1...7)
            case 2: p.month = 2; p.day = 30
            case 3: p.weekdayOrdinal = rnd(6...7); if chance(2) { p.weekday = rnd(1...7) }
            case 4: p.day = 31; p.weekdayOrdinal = -5
            case 5: p.month = 1; p.dayOfYear = rnd(32...366)
            case 6: p.weekOfYear = 53; p.weekday = rnd(1...7); if chance(2) { p.month = [1, 12][rnd(0...1)] }
            case 7: p.weekOfMonth = 6; if chance(2) { p.weekday = rnd(1...7) }
            default: p.month = [2, 3, 4, 5, 6, 9, 11][rnd(0...6)]; p.day = rnd(29...31) * (chance(3) ? -1 : 1); if chance(2) { p.weekday = rnd(1...7) }
            }
            if chance(2) { addTime() }
        case 15, 16, 17, 18:   // wall times inside a nearby gap or overlap, with that date's fields
            if let (day, sod) = transitionWall() {
                p.hour = sod / 3600; p.minute = sod / 60 % 60
                if chance(3) { p.second = sod % 60 }
                if chance(6) { p.nanosecond = rnd(0...999_999_999) }
                if chance(5) { p.hour = nil }                       // every hour at that minute
                switch rnd(0...9) {
                case 0: p.day = day.day
                case 1: p.month = day.month; p.day = day.day
                case 2: p.weekday = day.weekday
                case 3: p.weekday = day.weekday; p.weekdayOrdinal = (day.day - 1) / 7 + 1; p.month = day.month
                case 4: p.year = day.year; p.month = day.month; p.day = day.day
                case 5: p.dayOfYear = day.dayOfYear
                case 6: p.weekday = day.weekday; p.weekdayOrdinal = -((day.dim - day.day) / 7 + 1)
                case 7: p.day = day.day - day.dim - 1                 // the same day counted from the month's end
                case 8: p.year = day.year
                default: break
                }
            } else { p.hour = rnd(0...23); p.minute = rnd(0...59) }
        case 19, 20:   // missing-day stand-ins that land in a nearby gap or overlap
            if let (day, sod) = transitionWall() {
                if chance(3) { p.hour = sod / 3600; p.minute = sod / 60 % 60 }
                if day.day == 1 {            // the 1st stands in for the previous month's missing day, or its own negative one
                    p.day = chance(2) ? rnd(29...31) : -rnd(29...31)
                } else if day.day == day.dim {   // the last day stands in (previous-time policy)
                    p.day = chance(2) ? rnd((day.dim + 1)...32) : -rnd(29...31)
                    if p.day == 32 { p.day = 31 }
                } else {
                    p.day = chance(2) ? rnd(29...31) : -rnd(29...31)
                }
                if chance(3) { p.weekday = day.weekday }
            } else { p.day = rnd(29...31) }
        default:   // anything: a random subset of every field
            for _ in 0..<rnd(1...3) {
                switch rnd(0...12) {
                case 0: p.year = yearNear
                case 1: p.month = rnd(1...12)
                case 2: p.day = anyDay()
                case 3: p.hour = rnd(0...23)
                case 4: p.minute = rnd(0...59)
                case 5: p.second = rnd(0...59)
                case 6: p.nanosecond = rnd(0...999_999_999)
                case 7: p.weekday = rnd(1...7)
                case 8: p.weekdayOrdinal = chance(2) ? rnd(1...5) : -rnd(1...5)
                case 9: p.weekOfMonth = rnd(0...6)
                case 10: p.weekOfYear = rnd(1...53)
                case 11: p.yearForWeekOfYear = yearNear
                default: p.dayOfYear = rnd(1...366)
                }
            }
        }

        let weekRules: RefWeekRules
        switch rnd(0...9) {
        case 0...3: weekRules = RefWeekRules(firstWeekday: 1, minimumDaysInFirstWeek: 1)
        case 4...6: weekRules = RefWeekRules(firstWeekday: 2, minimumDaysInFirstWeek: 4)
        default: weekRules = RefWeekRules(firstWeekday: rnd(1...7), minimumDaysInFirstWeek: rnd(1...7))
        }
        let gaps: [RefGap?] = [nil, nil, .skip, .shift, .nextValid, .previous, .reject]
        let overlaps: [RefOverlap?] = [nil, nil, .first, .last, .both]
        let trigger = RefTrigger(pattern: p,
                                 matching: RefMatching.allCases[rnd(0...3)],
                                 repeated: RefRepeated.allCases[rnd(0...1)],
                                 direction: direction,
                                 weekRules: weekRules,
                                 gap: gaps[rnd(0...(gaps.count - 1))],
                                 overlap: overlaps[rnd(0...(overlaps.count - 1))])
        var c = ReferenceCase(zone: zone, trigger: trigger, start: start, count: rnd(1...4))
        // Starts exactly on a fire: the reference's own first fire from the random start.
        if chance(8) {
            let (lo, hi) = RefTZSource.yearBounds(sourcePath: Fixtures.source.path)
            let first = RefZoneOracle.with(path: Fixtures.zonePath(zone)) { oracle in
                RefSearch(trigger: trigger, zone: oracle, earliestYear: lo, latestYear: hi).chain(after: start, count: 1)
            }
            if case .fires(let fs) = first, let f = fs.first { c.start = f.instant }
        }
        return c
    }
}

/// A self-check of the reference alone: the fire set does not depend on the direction
/// (section 4: "the two directions are exact mirrors"), so consecutive fires of a chain in one
/// direction are found again, with the same adjustments, by single searches in the other.
@Suite struct ReferenceSelfChecks {
    @Test func referenceDirectionsMirror() {
        let (lo, hi) = RefTZSource.yearBounds(sourcePath: Fixtures.source.path)
        let run = DifferentialRun(name: "REFERENCE_MIRROR", defaultCases: 300, defaultSeed: 0xC0FFEE)
        var problems: [String] = []
        var genTime = 0.0, refTime = 0.0, slow: [String] = []
        defer { print("mirror: generation \(genTime) s, reference \(refTime) s; slow: \(slow.prefix(5))") }
        for i in 0..<run.cases {
            var rng = ReferenceCaseGenerator.rng(seed: run.seed, index: i)
            let t0 = Date()
            var c = ReferenceCaseGenerator.make(&rng)
            genTime += Date().timeIntervalSince(t0)
            if c.trigger.gap == .reject { c.trigger.gap = .shift }
            let t1 = Date()
            defer { let t = Date().timeIntervalSince(t1); refTime += t; if t > 0.3 { slow.append("\(t) \(c.line)") } }
            let result = RefZoneOracle.with(path: Fixtures.zonePath(c.zone)) { oracle -> String? in
                let search = RefSearch(trigger: c.trigger, zone: oracle, earliestYear: lo, latestYear: hi)
                guard case .fires(let fs) = search.chain(after: c.start, count: 3), fs.count >= 2 else { return nil }
                var mirrored = c.trigger
                mirrored.direction = c.trigger.direction == .forward ? .backward : .forward
                let back = RefSearch(trigger: mirrored, zone: oracle, earliestYear: lo, latestYear: hi)
                for k in 1..<fs.count {
                    guard case .fires(let b) = back.chain(after: fs[k].instant, count: 1), b.first == fs[k - 1] else {
                        return "\(c.line): fire \(k - 1) \(fs[k - 1]) not found back from \(fs[k].instant): \(back.chain(after: fs[k].instant, count: 1))"
                    }
                }
                return nil
            }
            if let result { problems.append(result) }
        }
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(3))")
    }
}
