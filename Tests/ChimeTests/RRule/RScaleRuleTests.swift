import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// RFC 7529 rules: the RFC's own examples (§4.3) (libical's published RSCALE vectors: LibicalHarvestTests),
/// errors naming the part, DST on the local clock, and the generic calendar walk against the
/// Gregorian one.
@Suite struct RScaleRuleTests {
    static let utc = ZoneRules.fixed(identifier: "UTC", type: LocalTimeType(utcOffset: 0, isDST: false, abbreviation: "UTC"))

    /// The first `count` instances of the recurrence `text` after `after` (default: the far past),
    /// as wall times in `zone`: `YYYYMMDD` at midnight, else `YYYYMMDDTHHMMSS`; in UTC with `Z` when `z`.
    static func instances(_ text: String, count: Int, after: String? = nil, mode: RRuleTrigger.DTStartMode = .ifMatching,
                          zone: ZoneRules = utc, z: Bool = false) throws -> [String] {
        let trigger = try RRuleTrigger(text: text, dtstartMode: mode)
        let start = try after.map { try ISO8601Format.parseInstant($0) } ?? Instant(seconds: -5_000_000_000)
        return try trigger.fires(after: start, in: zone, count: count).map { fire in
            let wall = fire.instant.seconds + Int64(fire.offset)
            let text = RRuleParser.dateTimeText(z ? fire.instant.seconds : wall)
            if text.hasSuffix("T000000") && !z { return String(text.prefix(8)) }
            return text + (z ? "Z" : "")
        }
    }

    // MARK: RFC 7529 §4.3

    /// RFC 7529 §4.3 ("Examples", https://www.rfc-editor.org/rfc/rfc7529#section-4.3), the four
    /// DTSTART/RRULE pairs copied by hand (also in python icalendar's
    /// `src/icalendar/tests/calendars/rfc_7529.ics`, UIDs 4.3.1–4.3.4); the expected dates are derived
    /// by hand from published dates and calendar rules, as each comment says.
    @Test func rfc7529Examples() throws {
        // §4.3.1 Chinese New Year: the lunar new years of RScalePublishedDatesTests' table.
        #expect(try Self.instances("DTSTART;VALUE=DATE:20130210\nRRULE:RSCALE=CHINESE;FREQ=YEARLY", count: 5, mode: .always)
                == ["20130210", "20140131", "20150219", "20160208", "20170128"])
        // §4.3.2 The first day of the Ethiopic thirteenth month (Pagume, 5 days; 6 in the year
        // before a Gregorian leap year): Meskerem 1 is September 11 (12 before a Gregorian leap
        // year), so Pagume 1 is September 6 in each of 2013–2017 (2015: Meskerem 1 on Sept 12 after
        // a 6-day Pagume). MONTHLY with BYMONTH=13 limits to that month; DTSTART's day is 1.
        #expect(try Self.instances("DTSTART;VALUE=DATE:20130906\nRRULE:RSCALE=ETHIOPIC;FREQ=MONTHLY;BYMONTH=13", count: 5, mode: .always)
                == ["20130906", "20140906", "20150906", "20160906", "20170906"])
        // §4.3.3 An anniversary on 8 Adar I (5L), moved FORWARD to 8 Adar in common years: Purim is
        // 14 Adar (14 Adar II in a leap year; PURIM_DATES), Adar I has 30 days, so 8 Adar is Purim − 6
        // days (2015-03-05 → 02-27, 2017-03-12 → 03-06, 2018-03-01 → 02-23) and 8 Adar I is
        // Purim − 36 days (2014-03-16 → 02-08, 2016-03-24 → 02-17).
        #expect(try Self.instances("DTSTART;VALUE=DATE:20140208\nRRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD",
                                   count: 5, mode: .always)
                == ["20140208", "20150227", "20160217", "20170306", "20180223"])
        // §4.3.4 February 29, moved FORWARD to March 1 in common years.
        #expect(try Self.instances("DTSTART;VALUE=DATE:20120229\nRRULE:RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=FORWARD", count: 6, mode: .always)
                == ["20120229", "20130301", "20140301", "20150301", "20160229", "20170301"])
        // The same with OMIT (RFC 5545's rule): leap years only; BACKWARD: February 28.
        #expect(try Self.instances("DTSTART;VALUE=DATE:20120229\nRRULE:RSCALE=GREGORIAN;FREQ=YEARLY", count: 3, mode: .always)
                == ["20120229", "20160229", "20200229"])
        #expect(try Self.instances("DTSTART;VALUE=DATE:20120229\nRRULE:RSCALE=GREGORIAN;FREQ=YEARLY;SKIP=BACKWARD", count: 3, mode: .always)
                == ["20120229", "20130228", "20140228"])
    }

    // libical's published RSCALE vectors (`icalrecur_test_rscale*.txt`) run in LibicalHarvestTests.

    // MARK: Errors name the part

    @Test func errorsNameThePart() {
        func part(_ rule: String) -> String? {
            do { _ = try RRuleParser.rule(rule); return nil } catch { return error.part }
        }
        #expect(part("RSCALE=RUSSIAN;FREQ=YEARLY") == "RSCALE")
        #expect(part("FREQ=YEARLY;SKIP=FORWARD") == "SKIP")
        #expect(part("RSCALE=HEBREW;FREQ=YEARLY;SKIP=LATER") == "SKIP")
        #expect(part("FREQ=YEARLY;BYMONTH=5L") == "BYMONTH")
        #expect(part("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=13") == "BYMONTH")
        #expect(part("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=4L") == "BYMONTH")
        #expect(part("RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=2L") == "BYMONTH")
        #expect(part("RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=0L") == "BYMONTH")
        #expect(part("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=L") == "BYMONTH")
        #expect(part("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=13L") == "BYMONTH")
        #expect(part("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=-4L") == "BYMONTH")
        #expect(part("RSCALE=GREGORIAN;FREQ=YEARLY;BYYEARDAY=367") == "BYYEARDAY")
        #expect(part("RSCALE=HEBREW;FREQ=YEARLY;RSCALE=CHINESE") == "RSCALE")
        // Valid: a 13th month in the Ethiopic calendar, day 385 of a Hebrew leap year, any case.
        #expect(part("RSCALE=ETHIOPIC;FREQ=YEARLY;BYMONTH=13") == nil)
        #expect(part("RSCALE=HEBREW;FREQ=YEARLY;BYYEARDAY=385") == nil)
        #expect(part("rscale=chinese;freq=yearly;bymonth=4l;skip=backward") == nil)
        do {
            _ = try RRuleParser.rule("RSCALE=RUSSIAN;FREQ=YEARLY")
        } catch {
            #expect(error.description.contains("'RUSSIAN'") && error.description.contains("HEBREW, INDIAN, ISLAMIC"))
        }
    }

    @Test func textRoundTrips() throws {
        let rule = try RRuleParser.rule("bymonth=6,5l;skip=forward;rscale=hebrew;freq=yearly;bymonthday=8")
        #expect(rule.rscale == "HEBREW" && rule.skip == .forward && rule.byMonth == [6] && rule.byLeapMonth == [5])
        #expect(rule.text == "RSCALE=HEBREW;FREQ=YEARLY;BYMONTHDAY=8;BYMONTH=6,5L;SKIP=FORWARD")
        #expect(try RRuleParser.rule(rule.text) == rule)
    }

    // MARK: Times of day and DST

    /// The time of day is the local clock's, with RFC 5545 §3.3.5's DST reading, whatever the
    /// calendar. 9 Nisan 5786 is 2026-03-27 (Passover, 15 Nisan, is 2026-04-02 in PASSOVER_DATES),
    /// the Friday Israel springs forward at 02:00 (+02:00 → +03:00: tz's "Fri>=23" rule for March),
    /// so 02:30 does not exist and is read with the offset before the gap: 00:30Z. 9 Nisan 5787 is
    /// 2027-04-16 (Passover 2027-04-22), in daylight time: 02:30 +03:00 = 2027-04-15T23:30Z.
    @Test func wallTimeFollowsTheLocalClock() throws {
        let jerusalem = try Fixtures.tzifDatabase.rules(for: "Asia/Jerusalem")
        let text = "DTSTART;TZID=Asia/Jerusalem:20260327T023000\nRRULE:RSCALE=HEBREW;FREQ=YEARLY"
        #expect(try Self.instances(text, count: 2, after: "2026-01-01T00:00:00Z", mode: .always, zone: jerusalem, z: true)
                == ["20260327T003000Z", "20270415T233000Z"])
    }

    // MARK: The calendar walk against the Gregorian one

    /// RSCALE=GREGORIAN without SKIP is RFC 5545's rule and counts in `GregorianRRuleCalendar`
    /// (arithmetic); the same expansion counted in `RScaleCalendar`'s GREGORIAN (month tables built
    /// year by year, as for ICU's calendars) must give the same wall times on the RRULE differential
    /// test's seeded random rules (every FREQ and BY part), the first 20 before 2100, from DTSTART and
    /// from a start far from it. A check of the table-driven calendar against the arithmetic one the
    /// peers check, not an oracle of its own. `CHIME_RSCALE_WALK_CASES` cases (default 300, seed 7529).
    @Test func calendarWalkMatchesTheGregorianWalk() throws {
        let gregorian = try #require(RScaleCalendar.named("GREGORIAN"))
        let run = DifferentialRun(name: "RSCALE_WALK", defaultCases: 300, defaultSeed: 7529)
        let cases = run.cases
        let ceiling: Int64 = 4_102_444_800                                                    // 2100-01-01
        var random = SplitMix64(seed: run.seed)
        var compared = 0, instances = 0
        for _ in 0..<cases {
            let c = RRuleCases.random(&random)
            let text = "DTSTART:" + c.dtstart + "\nRRULE:" + c.rule
            guard let recurrence = try? RRuleParser.recurrence(text), let rule = recurrence.rule, let dtstart = recurrence.dtstart else { continue }
            let plain = try RRuleExpansion(rule: rule, start: dtstart.wall, calendar: GregorianRRuleCalendar())
            let calendar = try RRuleExpansion(rule: rule, start: dtstart.wall, calendar: gregorian)
            let far = dtstart.wall + Int64(random.next(in: 0...400)) * 86_400 * 30
            for from in [dtstart.wall, far] {
                let left = Self.walls(plain, from: from, ceiling: ceiling, count: 20)
                let right = Self.walls(calendar, from: from, ceiling: ceiling, count: 20)
                #expect(left == right, "\(c.rule) from \(c.dtstart), after \(RRuleParser.dateTimeText(from))")
                instances += left.count
            }
            compared += 1
        }
        #expect(compared > cases * 3 / 4 && instances > cases * 10)
    }

    /// The expansion's walk stopped before `ceiling`: the first `count` candidate wall times at or after `from`.
    static func walls<C>(_ e: RRuleExpansion<C>, from: Int64, ceiling: Int64, count: Int) -> [Int64] {
        var cursor = RRuleExpansion<C>.Cursor(number: e.firstPeriodNumber(reaching: from))
        cursor.ceiling = ceiling - 1
        var walls: [Int64] = []
        while walls.count < count, let w = cursor.next(e, atLeast: from) { walls.append(w) }
        return walls
    }

    /// ICU 72's Chinese calendar breaks down in its year 7380 (Gregorian 4743): a probe of
    /// `ucal_get` over the days of that year (en@calendar=chinese, UTC) reads day 1,013,141 since
    /// 1970 as month 8 (index 7), day 60, between months that start on their day 1. The walk must
    /// say so rather than end as if the rule had run out; Dangi (the same astronomy, Seoul's
    /// meridian) goes on. Found by issue 30's attack round.
    @Test func aCalendarICUCannotComputeIsAnErrorNotAnEnd() throws {
        let start = try ISO8601Format.parseInstant("4740-01-01T00:00:00Z")
        let chinese = try RRuleTrigger(text: "DTSTART:47400101T000000\nRRULE:RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1")
        let shanghai = try Fixtures.tzifDatabase.rules(for: "Asia/Shanghai")
        #expect(try chinese.fires(after: start, in: shanghai, count: 2).count == 2)
        #expect {
            try chinese.fires(after: start, in: shanghai, count: 6)
        } throws: { error in
            guard case TriggerError.calendarUnavailable(let reason) = error else { return false }
            return (error as? TriggerError)?.code == "calendarUnavailable" && reason.contains("CHINESE")
        }
        let dangi = try RRuleTrigger(text: "DTSTART:47400101T000000\nRRULE:RSCALE=DANGI;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1")
        #expect(try dangi.fires(after: start, in: try Fixtures.tzifDatabase.rules(for: "Asia/Seoul"), count: 6).count == 6)
    }

    /// A day no month of the calendar has is known never to fire by reasoning, not by a scan to
    /// the year 9999 (8–15 s through ICU before). Hand-derived: Islamic months have 29 or 30 days
    /// (by sighting or table), Chinese and Korean lunar months 29 or 30; Persian months 1–6 have 31,
    /// so day 31 fires there; with SKIP=FORWARD a missing day 31 moves to the next month's first.
    @Test func aDayNoMonthHasNeverFiresAtOnce() throws {
        let start = try ISO8601Format.parseInstant("2026-01-01T00:00:00Z")
        let utc = try Fixtures.tzifDatabase.rules(for: "Etc/UTC")
        for rule in ["RSCALE=ISLAMIC-UMALQURA;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=31", "RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=31",
                     "RSCALE=DANGI;FREQ=MONTHLY;BYMONTHDAY=-31", "RSCALE=ISLAMIC-CIVIL;FREQ=MONTHLY;BYMONTHDAY=31,-31"] {
            let trigger = try RRuleTrigger(text: "DTSTART:20260101T000000\nRRULE:" + rule)
            #expect(trigger.rscaleExpansion?.neverMatches == true, "\(rule)")
            #expect(try trigger.nextFire(after: start, in: utc) == nil, "\(rule)")
        }
        for rule in ["RSCALE=PERSIAN;FREQ=MONTHLY;BYMONTHDAY=31", "RSCALE=DANGI;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=FORWARD"] {
            let trigger = try RRuleTrigger(text: "DTSTART:20260101T000000\nRRULE:" + rule)
            #expect(trigger.rscaleExpansion?.neverMatches == false, "\(rule)")
            #expect(try trigger.nextFire(after: start, in: utc) != nil, "\(rule)")
        }
    }

    // MARK: Words

    @Test func wordsNameTheCalendar() throws {
        let trigger = try RRuleTrigger(text: "DTSTART:20250923T090000\nRRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1")
        #expect(trigger.inWords == "at 09:00 on 1 Tishri every year (Hebrew calendar), from 2025-09-23T09:00:00")
        let leap = try RRuleTrigger(text: "DTSTART:20140208T000000\nRRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD")
        #expect(leap.inWords == "at 00:00 on 8 Adar I every year (Hebrew calendar; a missing date moves forward, SKIP=FORWARD), from 2014-02-08T00:00:00")
        let monthly = try RRuleTrigger(text: "DTSTART:20131025T180000\nRRULE:RSCALE=ISLAMIC-CIVIL;FREQ=MONTHLY;COUNT=4")
        #expect(monthly.inWords == "at 18:00 on day 20 of every month (Islamic civil calendar), from 2013-10-25T18:00:00, 4 times")
        let other = try RRuleTrigger(text: "DTSTART:20130210T000000\nRRULE:RSCALE=CHINESE;FREQ=MONTHLY;BYDAY=1MO")
        #expect(other.inWords == "as RRULE:RSCALE=CHINESE;FREQ=MONTHLY;BYDAY=1MO says (Chinese calendar), from 2013-02-10T00:00:00")
    }
}
