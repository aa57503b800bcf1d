import Foundation
import Testing
import Chime
@testable import ChimeTestSupport
@testable import ChimeReference

/// Hand-derived cases (docs/semantics.md sections 2, 3 and 5 and a few rare patterns), each checked
/// against both the reference and the engine. The reasoning is in the comments.
@Suite struct ConsistentNamedCaseTests {
    /// "2027-03-01T00:00:00Z" → seconds, with the reference calendar.
    static func seconds(_ iso: String) -> Int64 {
        let n = iso.split(whereSeparator: { "-T:Z".contains($0) }).map { Int($0)! }
        return RefCal.wallSeconds(day: RefCal.dayNumber(n[0], n[1], n[2]), secondOfDay: n[3] * 3600 + n[4] * 60 + n[5])
    }

    static func check(_ zone: String, _ pattern: RefPattern, _ matching: RefMatching = .strict, repeated: RefRepeated = .first,
                      _ direction: RefDirection = .forward, gap: RefGap? = nil, overlap: RefOverlap? = nil,
                      weekRules: RefWeekRules = RefWeekRules(firstWeekday: 1, minimumDaysInFirstWeek: 1),
                      start: String, count: Int = 1, expect expected: String,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let c = ReferenceCase(zone: zone,
                              trigger: RefTrigger(pattern: pattern, matching: matching, repeated: repeated, direction: direction,
                                                  weekRules: weekRules, gap: gap, overlap: overlap),
                              start: RefInstant(seconds: seconds(start), nanoseconds: 0), count: count)
        // Rendered as "UTC adjustment" pairs (or "throws wallTimeSkipped"), comparable with `expected`.
        func brief(_ answer: String?) -> String {
            guard let answer else { return "invalid" }
            if answer.hasPrefix("throws") { return answer }
            let pattern = #/\(([0-9T:\-.]+Z)\) off=-?[0-9]+ ([A-Za-z]+)/#
            return answer.matches(of: pattern).map { "\($0.1) \($0.2)" }.joined(separator: ", ")
        }
        #expect(brief(c.referenceAnswer()) == expected, "reference", sourceLocation: sourceLocation)
        let rules = try ConsistentReferenceTests.database.rules(for: zone)
        #expect(brief(c.engineAnswer(rules: rules)) == expected, "engine", sourceLocation: sourceLocation)
    }

    // Section 5, case 1: {year: 2027, hour: 9} names every day of 2027 at 09:00 (F = hour, the
    // day is coarser and free). Berlin is +01:00 on 2027-03-01, so 09:00 local is 08:00Z, unique.
    @Test func fixedYearEveryDay() throws {
        try Self.check("Europe/Berlin", RefPattern(year: 2027, hour: 9), start: "2027-03-01T00:00:00Z", expect: "2027-03-01T08:00:00Z exact")
        // Backward before 2020: the last day of 2019 at 12:12:12 (UTC, unique).
        try Self.check("UTC", RefPattern(year: 2019, hour: 12, minute: 12, second: 12), .strict, .backward,
                       start: "2020-01-01T00:00:00Z", expect: "2019-12-31T12:12:12Z exact")
        // Forward after 2019-06-15T00:00Z: the same day's 12:12:12.
        try Self.check("UTC", RefPattern(year: 2019, hour: 12, minute: 12, second: 12), start: "2019-06-15T00:00:00Z",
                       expect: "2019-06-15T12:12:12Z exact")
    }

    // Section 5, case 2: {day: 15, hour: 14} backward before 2026-06-15T20:00Z: June 15 14:00 is
    // wanted and is the latest before the start (the start's own wall time does not matter).
    @Test func sameDayBackward() throws {
        try Self.check("UTC", RefPattern(day: 15, hour: 14), .strict, .backward, start: "2026-06-15T20:00:00Z",
                       expect: "2026-06-15T14:00:00Z exact")
    }

    // Section 5, case 3: strict skips gap wall times. Lord Howe goes 02:00 +10:30 → 02:30 +11 at
    // 2025-10-04T15:30Z, so 2025-10-05 02:00 has no instant; the 4th's 02:00 (+10:30) is
    // 2025-10-03T15:30Z, before the start; next is 2025-10-06 02:00 +11 = 2025-10-05T15:00Z.
    // Sao Paulo 2018-11-04 skipped 00:00–01:00 (-03 → -02 at 03:00Z), so {day: 4} (00:00 on the
    // 4th) skips November and fires December 4 00:00 -02 = 02:00Z.
    @Test func strictSkipsGaps() throws {
        try Self.check("Australia/Lord_Howe", RefPattern(hour: 2), start: "2025-10-04T00:00:00Z", expect: "2025-10-05T15:00:00Z exact")
        try Self.check("America/Sao_Paulo", RefPattern(day: 4), start: "2018-11-01T00:00:00Z", expect: "2018-12-04T02:00:00Z exact")
    }

    // Section 5, case 4: Sunday 2026-11-01 01:30 occurs at 05:30Z (EDT) and 06:30Z (EST);
    // `first` keeps 05:30Z only, whatever the start (12:00Z that day or the next day).
    @Test func overlapFirstBackward() throws {
        for start in ["2026-11-01T12:00:00Z", "2026-11-02T12:00:00Z"] {
            try Self.check("America/New_York", RefPattern(hour: 1, minute: 30, weekday: 1), .strict, repeated: .first, .backward,
                           start: start, expect: "2026-11-01T05:30:00Z overlapFirst")
        }
    }

    // Section 5, case 5: an explicit gap policy wins over the matching policy's default.
    // 2026-03-08 02:30 is in New York's gap (EST → EDT at 07:00Z); shift reads it at -05:00: 07:30Z.
    @Test func explicitGapPolicy() throws {
        for m in RefMatching.allCases {
            try Self.check("America/New_York", RefPattern(hour: 2, minute: 30), m, gap: .shift, start: "2026-03-07T12:00:00Z",
                           expect: "2026-03-08T07:30:00Z gapShiftedForward")
        }
    }

    // Section 3's precedence example: {minute: 30} (every hour at :30) with shift in New York:
    // after 06:45Z (01:45 EST), 02:30 is in the gap and shifts to 07:30Z, which is also 03:30 EDT
    // (exact): the fire is exact.
    @Test func precedenceExactOverShift() throws {
        try Self.check("America/New_York", RefPattern(minute: 30), .strict, gap: .shift, start: "2026-03-08T06:45:00Z",
                       expect: "2026-03-08T07:30:00Z exact")
    }

    // `reject`: the wanted 02:30 of 2026-03-08 is in the gap (T = 07:00Z). Forward from the 7th
    // noon: start < T and the answer (03-09 02:30 EDT = 06:30Z) is after T, so the search fails.
    @Test func rejectBetweenStartAndAnswer() throws {
        try Self.check("America/New_York", RefPattern(hour: 2, minute: 30), gap: .reject, start: "2026-03-07T12:00:00Z",
                       expect: "throws wallTimeSkipped")
        // From after T the gap is behind the start: the next day's 02:30 EDT.
        try Self.check("America/New_York", RefPattern(hour: 2, minute: 30), gap: .reject, start: "2026-03-08T07:00:00Z",
                       expect: "2026-03-09T06:30:00Z exact")
    }

    // `reject` at its boundaries: {minute: 0} (every hour) in New York on 2026-03-08. 02:00 is in
    // the gap (T = 07:00Z) and 03:00 EDT is T itself. Forward from 06:30Z: start < T and the
    // answer is T (T ≤ answer), so it fails. Backward from 07:30Z: the answer 07:00Z is not before
    // T, so 03:00 EDT fires; backward from exactly 07:00Z: T ≤ start and the answer (01:00 EST =
    // 06:00Z) is before T, so it fails.
    @Test func rejectBoundaries() throws {
        let p = RefPattern(minute: 0)
        try Self.check("America/New_York", p, gap: .reject, start: "2026-03-08T06:30:00Z", expect: "throws wallTimeSkipped")
        try Self.check("America/New_York", p, .strict, .backward, gap: .reject, start: "2026-03-08T07:30:00Z", expect: "2026-03-08T07:00:00Z exact")
        try Self.check("America/New_York", p, .strict, .backward, gap: .reject, start: "2026-03-08T07:00:00Z", expect: "throws wallTimeSkipped")
    }

    // Section 2's example: {day: 31, hour: 9} in UTC after 2026-04-01 (April has no 31st).
    @Test func missingDayStandIns() throws {
        let p = RefPattern(day: 31, hour: 9)
        let start = "2026-04-01T00:00:00Z"
        try Self.check("UTC", p, .nextTime, start: start, expect: "2026-05-01T00:00:00Z missingDayNextTime")
        try Self.check("UTC", p, .nextTimePreservingSmallerComponents, start: start,
                       expect: "2026-05-01T09:00:00Z missingDayNextTimePreservingSmallerComponents")
        try Self.check("UTC", p, .previousTimePreservingSmallerComponents, start: start,
                       expect: "2026-04-30T09:00:00Z missingDayPreviousTimePreservingSmallerComponents")
        try Self.check("UTC", p, .strict, start: start, expect: "2026-05-31T09:00:00Z exact")
        // {day: -31, hour: 9} after 2026-03-31T12:00Z: April's −31st would be March 31st (before
        // the month), so the first day after it is April 1st; strict skips April and May's −31st
        // is May 1st. previousTimePreservingSmallerComponents stands in March 31 09:00 for April
        // (before the start), so it fires May 1 09:00 exact.
        let n = RefPattern(day: -31, hour: 9)
        let nStart = "2026-03-31T12:00:00Z"
        try Self.check("UTC", n, .nextTime, start: nStart, expect: "2026-04-01T00:00:00Z missingDayNextTime")
        try Self.check("UTC", n, .nextTimePreservingSmallerComponents, start: nStart,
                       expect: "2026-04-01T09:00:00Z missingDayNextTimePreservingSmallerComponents")
        try Self.check("UTC", n, .strict, start: nStart, expect: "2026-05-01T09:00:00Z exact")
        try Self.check("UTC", n, .previousTimePreservingSmallerComponents, start: nStart, expect: "2026-05-01T09:00:00Z exact")
        // Backward from 2026-04-15: April's −31st stands in on March 31 (the last day before it).
        try Self.check("UTC", n, .previousTimePreservingSmallerComponents, .backward, start: "2026-04-15T00:00:00Z",
                       expect: "2026-03-31T09:00:00Z missingDayPreviousTimePreservingSmallerComponents")
    }

    // Negative days in the apple semantics (Chime's extension, docs/semantics.md section 1) follow
    // the consistent rules wherever Foundation's own quirks cannot apply: forward, with the whole
    // time of day given, in a zone without transitions. Seeded random cases, reference as oracle.
    @Test func appleNegativeDaysMatchTheReference() throws {
        var rng = SplitMix64(seed: 31)
        let policies: [RefMatching] = [.nextTime, .nextTimePreservingSmallerComponents, .previousTimePreservingSmallerComponents, .strict]
        let zones = ["UTC", "Etc/GMT+5", "Asia/Kolkata"]        // Kolkata: no transition after 1945
        var compared = 0
        for _ in 0..<400 {
            let month = rng.next() % 3 == 0 ? Int(rng.next() % 12) + 1 : nil
            let p = RefPattern(month: month, day: -Int(rng.next() % 31) - 1, hour: Int(rng.next() % 24),
                               minute: Int(rng.next() % 60), second: Int(rng.next() % 60))
            let startDay = RefCal.dayNumber(1950, 1, 1) + Int(rng.next() % 54_000)
            let start = RefInstant(seconds: RefCal.wallSeconds(day: startDay, secondOfDay: Int(rng.next() % 86_400)), nanoseconds: 0)
            let zone = zones[Int(rng.next() % UInt64(zones.count))]
            let c = ReferenceCase(zone: zone,
                                  trigger: RefTrigger(pattern: p, matching: policies[Int(rng.next() % 4)], repeated: .first, direction: .forward,
                                                      weekRules: RefWeekRules(firstWeekday: 1, minimumDaysInFirstWeek: 1), gap: nil, overlap: nil),
                                  start: start, count: 3)
            let rules = try ConsistentReferenceTests.database.rules(for: zone)
            #expect(c.engineAnswer(rules: rules, semantics: .apple) == c.referenceAnswer(), "\(zone) \(p) \(c.trigger.matching) from \(start)")
            compared += 1
        }
        #expect(compared == 400)
    }

    // A stand-in in a gap keeps its missing-day adjustment (section 2, last paragraph). Asuncion
    // skipped 1978-10-01 00:00–01:00 (-04 → -03 at T = 04:00Z). {day: 31}: September has no 31st,
    // so nextTime stands in October 1 00:00, which is in the gap: nextValid (nextTime's gap
    // default) gives T, `previous` gives 00:00 − (−03:00) = 03:00Z, both labelled
    // missingDayNextTime. Reading (not spelled out by the doc): a stand-in wall time in a gap
    // "resolves like any other", so `reject` fails the search for it too.
    @Test func standInInGap() throws {
        let p = RefPattern(day: 31)
        let start = "1978-09-15T00:00:00Z"
        try Self.check("America/Asuncion", p, .nextTime, start: start, expect: "1978-10-01T04:00:00Z missingDayNextTime")
        try Self.check("America/Asuncion", p, .nextTime, gap: .previous, start: start, expect: "1978-10-01T03:00:00Z missingDayNextTime")
        try Self.check("America/Asuncion", p, .nextTime, gap: .reject, start: start, expect: "throws wallTimeSkipped")
        // nextTimePreservingSmallerComponents keeps the time: 00:30 is in the gap, shift (its
        // default) reads it at -04: 04:30Z.
        try Self.check("America/Asuncion", RefPattern(day: 31, hour: 0, minute: 30), .nextTimePreservingSmallerComponents, start: start,
                       expect: "1978-10-01T04:30:00Z missingDayNextTimePreservingSmallerComponents")
    }

    // The calendar's edges (section 4: "within years 1–9999"). New York's offset before 1883 is
    // its LMT, -4:56:02, so 0001-01-01 00:00 local is 04:56:02Z; nothing fires before it, and
    // 9999-12-31 23:00 UTC is the last {hour: 23}.
    @Test func calendarEdges() throws {
        try Self.check("America/New_York", RefPattern(hour: 0), .strict, .backward, start: "0001-01-03T00:00:00Z", count: 3,
                       expect: "0001-01-02T04:56:02Z exact, 0001-01-01T04:56:02Z exact")
        try Self.check("UTC", RefPattern(hour: 23), start: "9999-12-30T12:00:00Z", count: 3,
                       expect: "9999-12-30T23:00:00Z exact, 9999-12-31T23:00:00Z exact")
        // {month: 2, day: 29} strict forward from 9996-03-01: 9999 is not a leap year: none.
        try Self.check("UTC", RefPattern(month: 2, day: 29), start: "9996-03-01T00:00:00Z", expect: "")
    }

    // Rare patterns. {month: 2, day: 29, weekday: 1}: Feb 29 2024 was a Thursday; 4 years later
    // (1461 days = 208 weeks + 5) Tuesday 2028, then Sunday 2032-02-29. Strict: no stand-ins.
    // {month: 2, day: 30} strict and {weekdayOrdinal: 6} never match: no fire, either way.
    @Test func rarePatterns() throws {
        try Self.check("UTC", RefPattern(month: 2, day: 29, weekday: 1), start: "2026-01-01T00:00:00Z", expect: "2032-02-29T00:00:00Z exact")
        try Self.check("UTC", RefPattern(month: 2, day: 30), start: "2026-01-01T00:00:00Z", expect: "")
        try Self.check("America/New_York", RefPattern(month: 2, day: 30), .strict, .backward, start: "2026-01-01T00:00:00Z", expect: "")
        try Self.check("Europe/Berlin", RefPattern(weekdayOrdinal: 6), start: "2026-01-01T00:00:00Z", expect: "")
        // {dayOfYear: 366, weekday: 3}: December 31st of a leap year on a Tuesday. 2024-12-31 was
        // a Tuesday, so backward from 2026 it is 2024-12-31.
        try Self.check("UTC", RefPattern(weekday: 3, dayOfYear: 366), .strict, .backward, start: "2026-01-01T00:00:00Z",
                       expect: "2024-12-31T00:00:00Z exact")
        // The second Sunday of March at 02:30 is always in New York's gap since 2007: strict never
        // fires again (the zone and the calendar repeat with 400 years).
        try Self.check("America/New_York", RefPattern(month: 3, hour: 2, minute: 30, weekday: 1, weekdayOrdinal: 2),
                       start: "2026-01-01T00:00:00Z", expect: "")
    }

    // The calendar's first days. 0001-01-01 is a Monday (Python: `date(1, 1, 1).weekday() == 0`)
    // and year 0 a leap year. With weeks from Sunday (one day), week-year 1 begins on Sunday
    // 0000-12-31, outside years 1–9999: `{yearForWeekOfYear: 1}` names that day alone (rule 1), so
    // it never fires; with `year: 1` as well, the period's first date in year 1 is 0001-01-01, at
    // 00:00 LMT (−04:56:02 in New York): 04:56:02Z. With weeks from Saturday and four days, week 1
    // of year 1 is 0000-12-30…0001-01-05 (five January days), and `{year: 1, weekOfYear: 1}` is
    // 0001-01-01 00:00 — in Apia (LMT +12:33:04) the instant 0000-12-31T11:26:56Z, before year 1
    // in UTC, found backward from 0001-01-01T00:00:47Z.
    @Test func weekPeriodsReachingBeforeYearOne() throws {
        try Self.check("America/New_York", RefPattern(yearForWeekOfYear: 1), .nextTime, start: "0001-01-01T00:00:00Z", expect: "")
        try Self.check("America/New_York", RefPattern(year: 1, yearForWeekOfYear: 1), .nextTime, start: "0001-01-01T00:00:00Z",
                       expect: "0001-01-01T04:56:02Z exact")
        try Self.check("America/New_York", RefPattern(year: 1, yearForWeekOfYear: 1), .nextTime, .backward, start: "0001-02-13T05:39:57Z",
                       expect: "0001-01-01T04:56:02Z exact")
        try Self.check("Pacific/Apia", RefPattern(year: 1, weekOfYear: 1), .nextTime, .backward,
                       weekRules: RefWeekRules(firstWeekday: 7, minimumDaysInFirstWeek: 4), start: "0001-01-01T00:00:47Z",
                       expect: "0000-12-31T11:26:56Z exact")
    }
}
