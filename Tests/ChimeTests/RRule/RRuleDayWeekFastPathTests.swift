import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// The WEEKLY/DAILY fast path (`RRuleDayWeekFastPath`: week and day arithmetic, `RRulePlan.fastFire`)
/// against the general walk it shortcuts (`RRuleWalker`, the cursor over `RRuleExpansion.candidates`),
/// as `RRuleFastPathTests` does for MONTHLY/YEARLY. Seeded random rules: WEEKLY and DAILY, INTERVAL
/// 1…10, WKST, BYDAY plain (and numbered, which the RFC 5545 parser refuses there and dateutil
/// reads as plain), BYMONTH, BYMONTHDAY (positive and from the end), BYHOUR/BYMINUTE/BYSECOND,
/// BYSETPOS, now and then BYYEARDAY or BYWEEKNO (left to the walk), COUNT and the three forms of
/// UNTIL, both DTSTART modes, the dateutil flavor (whose first WEEKLY period with BYSETPOS starts at
/// DTSTART), RSCALE Hebrew, Chinese and Islamic (civil) months, DTSTART floating or in the zone, in
/// DST zones, `after` before DTSTART, near it, decades on and (a third of them) within two days
/// before a transition. Three answers must agree: `nextFire`
/// (fast path first), the walk's first fire, and — where the fast path answers — its candidate
/// wall time and the cursor's.
///
/// `CHIME_RRULE_DAYWEEK_CASES` rules (default 2,000, 6 starts each), seed `CHIME_RRULE_DAYWEEK_SEED` (default 29).
@Suite struct RRuleDayWeekFastPathTests {
    static let weekdays = RRuleFastPathTests.weekdays

    static func randomRule(_ rng: inout SplitMix64, rscale: String?) -> String {
        let weekly = rng.next(in: 0...1) == 0
        var parts = (rscale.map { ["RSCALE=\($0)"] } ?? []) + ["FREQ=" + (weekly ? "WEEKLY" : "DAILY")]
        let interval = [1, 1, 1, 1, 2, 2, 3, 4, 7, 10][rng.next(in: 0...9)]
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        func list(_ n: Int, _ value: (inout SplitMix64) -> String) -> String {
            (0..<n).map { _ in value(&rng) }.joined(separator: ",")
        }
        if rng.next(in: 0...4) < (weekly ? 3 : 2) {
            parts.append("BYDAY=" + list(rng.next(in: 1...4)) { r in
                (r.next(in: 0...9) == 0 ? "\(r.next(in: 1...4) * (r.next(in: 0...1) == 0 ? 1 : -1))" : "") + weekdays[r.next(in: 0...6)]
            })
        }
        if rng.next(in: 0...3) == 0 {
            parts.append("BYMONTH=" + list(rng.next(in: 1...4)) { r in
                let m = r.next(in: 1...12)
                return rscale == "HEBREW" && r.next(in: 0...3) == 0 ? "5L" : rscale == "CHINESE" && r.next(in: 0...5) == 0 ? "\(m)L" : "\(m)"
            })
        }
        if rng.next(in: 0...(weekly ? 7 : 3)) == 0 {
            let longest = rscale == nil ? 31 : 29
            parts.append("BYMONTHDAY=" + list(rng.next(in: 1...6)) { r in "\(r.next(in: 1...longest) * (r.next(in: 0...2) == 0 ? -1 : 1))" })
        }
        if rng.next(in: 0...1) == 0 { parts.append("BYHOUR=" + list(rng.next(in: 1...4)) { "\($0.next(in: 0...23))" }) }
        if rng.next(in: 0...3) == 0 { parts.append("BYMINUTE=" + list(rng.next(in: 1...3)) { "\($0.next(in: 0...59))" }) }
        if rng.next(in: 0...6) == 0 { parts.append("BYSECOND=" + list(rng.next(in: 1...2)) { "\($0.next(in: 0...59))" }) }
        if rng.next(in: 0...3) == 0 {
            parts.append("BYSETPOS=" + list(rng.next(in: 1...2)) { r in "\(r.next(in: 1...5) * (r.next(in: 0...1) == 0 ? -1 : 1))" })
        }
        switch rng.next(in: 0...39) {
        case 0: parts.append("BYYEARDAY=" + list(rng.next(in: 1...3)) { r in "\(r.next(in: 1...300))" })
        case 1: parts.append("BYWEEKNO=" + list(rng.next(in: 1...3)) { r in "\(r.next(in: 1...52))" })
        default: break
        }
        if rng.next(in: 0...1) == 0 { parts.append("WKST=" + weekdays[rng.next(in: 0...6)]) }
        return parts.joined(separator: ";")
    }

    @Test func fastPathGivesTheGeneralWalksNextFire() throws {
        let run = DifferentialRun(name: "RRULE_DAYWEEK", defaultCases: 2000, defaultSeed: 29)
        let counts = try RRuleFastPathTests.compareWithTheWalk(run, .init(
            rscales: [nil, nil, nil, nil, nil, "HEBREW", "CHINESE", "ISLAMIC-CIVIL"], randomRule: Self.randomRule,
            counts: 1...200, untilSpan: 100_000_000, dateutilOdds: 3,
            offset: { rng, zone, approximate in
                var offset: Int64 = switch rng.next(in: 0...3) {
                case 0: -Int64(rng.next(in: 1...2_000_000))
                case 1: Int64(rng.next(in: 0...10_000_000))
                case 2: Int64(rng.next(in: 0...1_000_000_000))
                default: Int64(rng.next(in: 0...400_000))
                }
                if rng.next(in: 0...2) == 0 {
                    // Within two days before the zone's next transition, where candidates do not resolve by their window alone.
                    let end = zone.period(containing: approximate + offset).end
                    if end < Int64.max / 2 { offset = end - approximate - Int64(rng.next(in: 0...172_800)) }
                }
                return offset
            },
            path: { $0.plan.dayWeek }), rule: { #expect($0.plan.fast == nil) })
        print("RRuleDayWeekFastPathTests: \(counts.rules) rules (\(counts.taken) with the fast path), \(counts.compared) starts compared, \(counts.fast) answered by the fast path, \(counts.walls) candidates compared")
        #expect(counts.rules > run.cases / 2)
        #expect(counts.fast > counts.compared / 3)
        #expect(counts.walls > counts.fast)
    }

    /// Successive fires by the fast path alone, each after the one before, from `after`.
    static func chain(_ trigger: RRuleTrigger, after: Int64, count: Int, in zone: ZoneRules) -> [String] {
        var out: [String] = [], t = Instant(seconds: after)
        for _ in 0..<count {
            guard let f = trigger.plan.fastFire(after: t, in: zone) else { out.append("none"); break }
            out.append(f.instant.utcString)
            t = f.instant
        }
        return out
    }

    /// Hand-derived facts, not the fast path's own output.
    @Test func publishedAndHandDerivedDates() throws {
        let ny = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        // RFC 5545 §3.3.10, "Every other week on Tuesday and Thursday, for 8 occurrences":
        // DTSTART;TZID=America/New_York:19970902T090000, FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH
        // ==> (1997 9:00 AM EDT) September 2,4,16,18,30; October 2,14,16. 09:00 EDT is 13:00Z (EDT
        // until 1997-10-26). Chained from DTSTART (1997-09-02T13:00:00Z, which `always` counts).
        let rfc = try RRuleTrigger(text: "DTSTART;TZID=America/New_York:19970902T090000\nRRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH")
        #expect(rfc.plan.dayWeek != nil)
        #expect(Self.chain(rfc, after: 873_205_200, count: 7, in: ny) == [
            "1997-09-04T13:00:00Z", "1997-09-16T13:00:00Z", "1997-09-18T13:00:00Z", "1997-09-30T13:00:00Z",
            "1997-10-02T13:00:00Z", "1997-10-14T13:00:00Z", "1997-10-16T13:00:00Z",
        ])
        #expect(try rfc.nextFire(after: Instant(seconds: 877_006_800), in: ny) == nil)      // after 1997-10-16T13:00Z: COUNT is spent
        // RFC 5545 §3.3.10, "An example where the days generated makes a difference because of WKST":
        // DTSTART;TZID=America/New_York:19970805T090000, FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO
        // ==> (1997 EDT) August 5,10,19,24; with WKST=SU ==> August 5,17,19,31. (Weeks from Monday:
        // Aug 4–10 holds Tue 5 and Sun 10, Aug 18–24 Tue 19 and Sun 24; from Sunday: Aug 3–9 holds
        // Tue 5 only after DTSTART, Aug 17–23 Sun 17 and Tue 19, Aug 31 the next rule week's Sunday.)
        let mo = try RRuleTrigger(text: "DTSTART;TZID=America/New_York:19970805T090000\nRRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO")
        let su = try RRuleTrigger(text: "DTSTART;TZID=America/New_York:19970805T090000\nRRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU")
        #expect(Self.chain(mo, after: 870_786_000, count: 3, in: ny) == ["1997-08-10T13:00:00Z", "1997-08-19T13:00:00Z", "1997-08-24T13:00:00Z"])
        #expect(Self.chain(su, after: 870_786_000, count: 3, in: ny) == ["1997-08-17T13:00:00Z", "1997-08-19T13:00:00Z", "1997-08-31T13:00:00Z"])
        // RFC 5545 §3.3.10, "Everyday in January, for 3 years": DTSTART;TZID=America/New_York:19980101T090000,
        // FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1 ==> January 1–31 of 1998, 1999 and 2000 at 09:00 EST (14:00Z).
        // After 1998-01-31T14:00:00Z (886_255_200) the next is 1999-01-01T14:00:00Z; after the last, none.
        let january = try RRuleTrigger(text: "DTSTART;TZID=America/New_York:19980101T090000\nRRULE:FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1")
        #expect(january.plan.dayWeek != nil)
        #expect(january.plan.fastFire(after: Instant(seconds: 886_255_200), in: ny)?.instant.utcString == "1999-01-01T14:00:00Z")
        #expect(try january.nextFire(after: Instant(seconds: 949_327_200), in: ny) == nil)   // after 2000-01-31T14:00:00Z
        // The benchmark's rules. FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR from Monday 2026-01-05 09:00:
        // rule weeks (WKST=MO) begin 2026-01-05, 01-19, …; after Saturday 2026-01-10T00:00:00Z
        // (1_768_003_200) the week of the 12th is skipped: Monday 2026-01-19, 09:00 EST = 14:00Z.
        let weekly = try RRuleTrigger(text: "DTSTART:20260105T090000\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR")
        #expect(weekly.plan.dayWeek != nil)
        #expect(weekly.plan.fastFire(after: Instant(seconds: 1_768_003_200), in: ny)?.instant.utcString == "2026-01-19T14:00:00Z")
        // FREQ=DAILY;BYHOUR=8,12,18 from 2026-01-01 08:00: after 2026-01-01T13:00:00Z (08:00 EST) the
        // next is 12:00 EST = 17:00Z the same day.
        let daily = try RRuleTrigger(text: "DTSTART:20260101T080000\nRRULE:FREQ=DAILY;BYHOUR=8,12,18")
        #expect(daily.plan.dayWeek != nil)
        #expect(daily.plan.fastFire(after: Instant(seconds: 1_767_272_400), in: ny)?.instant.utcString == "2026-01-01T17:00:00Z")
        // Near a transition, in a zone whose offsets span a day (Anchorage: LMT +14:00:24 until 1867,
        // AHST −10:00 … AKDT −08:00 since), so no candidate that day resolves by its window alone:
        // Sunday 2026-03-08 (the second in March) springs forward at 02:00 AKST (11:00Z); from
        // 01:00 AKST (10:00Z) the next is 08:00 AKDT, 16:00Z — one instant, which the fast path gives.
        let anchorage = try Fixtures.tzifDatabase.rules(for: "America/Anchorage")
        let springDay = Instant(seconds: 1_772_964_000)                                     // 2026-03-08T10:00:00Z
        var hint = ZonePeriod(start: 0, end: 0, type: CompactLocalTimeType(utcOffset: 0, abbreviationID: 0, isDST: false))
        #expect(anchorage.uniqueResolution(localSeconds: 1_772_956_800, period: &hint).map { $0.seconds } == nil)   // 08:00 local: not by its window
        #expect(daily.plan.fastFire(after: springDay, in: anchorage)?.instant.utcString == "2026-03-08T16:00:00Z")
        #expect(try daily.nextFire(after: springDay, in: anchorage) == daily.fires(after: springDay, in: anchorage, count: 1).first)
        // Left to the walk: BYWEEKNO and BYYEARDAY (dateutil's reading), and a rule with one instance a period.
        #expect(try RRuleTrigger(text: "DTSTART:20260105T090000\nRRULE:FREQ=DAILY;BYWEEKNO=1", flavor: .dateutil).plan.dayWeek == nil)
        #expect(try RRuleTrigger(text: "DTSTART:20260105T090000\nRRULE:FREQ=WEEKLY;BYYEARDAY=5", flavor: .dateutil).plan.dayWeek == nil)
        #expect(try RRuleTrigger(text: "DTSTART:20260105T090000\nRRULE:FREQ=DAILY;INTERVAL=3").plan.dayWeek == nil)
    }
}
