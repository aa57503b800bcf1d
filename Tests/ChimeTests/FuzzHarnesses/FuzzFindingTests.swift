import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

// The defects the libFuzzer harnesses found (Fuzz/README.md, "What was found"), each as the exact
// outcome the fixed library must give, derived by hand; the inputs themselves are replayed by
// FuzzReplayTests from FuzzRegressions/.

@Suite("Fuzz findings")
struct FuzzFindingTests {
    static let zones = Fixtures.tzifDatabase

    /// Fuzz/Cron (FuzzRegressions/cron/robfig-walk-past-year-9999): robfig's own walk
    /// (`RobfigSchedule`) limited its search to the start's year + 5 only, so from late 9999 it
    /// answered a wall time in year 10000 — outside Chime's calendar (years 1–9999), which the
    /// shared search (`CronRules`) already capped at 9999, and past `Instant.supportedRange`.
    ///
    /// `0 30 2 1 * *` is 02:30:00 on the 1st of every month. Pacific/Chatham is on +13:45 (DST)
    /// from late September to early April (Python zoneinfo: 9999-11-01T02:30 is +13:45).
    /// - after 9999-10-15T00:00:00Z (@253395561600): 9999-11-01T02:30+13:45 = 9999-10-31T12:45:00Z
    ///   (@253396989900);
    /// - after 9999-12-01T00:00:00Z (@253399622400, 13:45 on Dec 1 in Chatham): Dec 1 02:30 has
    ///   passed, the next 1st is 10000-01-01: none;
    /// - after 9999-12-31T23:59:59Z (@253402300799, already 10000-01-01 in Chatham): none.
    @Test func robfigWalkEndsWithYear9999() throws {
        let chatham = try Self.zones.rules(for: "Pacific/Chatham")
        let trigger = try CronTrigger(expression: "0 30 2 1 * *", flavor: .robfig)
        #expect(try trigger.nextFire(after: Instant(seconds: 253_395_561_600), in: chatham)?.instant == Instant(seconds: 253_396_989_900))
        #expect(try trigger.nextFire(after: Instant(seconds: 253_399_622_400), in: chatham) == nil)
        #expect(try trigger.nextFire(after: Instant(seconds: 253_402_300_799), in: chatham) == nil)
    }

    /// Fuzz/engine (FuzzRegressions/engine/weekly-reject-other-weekday-first): a weekly trigger
    /// answered the nearest of its weekdays' answers, and let any weekday's failure through. With
    /// gap policy `reject` a weekday fails when its own skipped wall time comes before its own next
    /// fire, though another weekday fires earlier still: the union's answer comes first, and
    /// docs/semantics.md section 4 fails a search only for a skipped wall time between the start
    /// and the answer.
    ///
    /// Fuzz/Cron (FuzzRegressions/cron/quartz-nearest-weekday-past-month-end): Quartz's `NW` for a
    /// day past the month's end. `0 15 1 30W 2 ?` is 01:15 on the weekday nearest February 30.
    /// Quartz's own walk (`getTimeAfter`) sets day 30 in its lenient calendar, which is 1 March, and
    /// moves from that day's weekday: in 1980 (leap year) 1 March is a Saturday, so it moves back a
    /// day to Friday 29 February. The real Quartz 2.3.2 (Tests/CronOracle/QuartzOracle.java, run
    /// here) fires 1980-02-29T01:15 CST (UTC−6) = 07:15:00Z (@320656500), then 2008-02-29 07:15:00Z
    /// (@1204269300, the next leap year whose 1 March is a Saturday). Chime's walk gave these; the
    /// day rule the shared search uses (explicit policies, backward) refused any day for a wanted
    /// day past the month's end, so those searches never fired here.
    @Test func quartzNearestWeekdayPastTheMonthsEnd() throws {
        let menominee = try Self.zones.rules(for: "America/Menominee")
        let walk = try CronTrigger(expression: "0 15 1 30W 2 ?", flavor: .quartz)
        let shared = try CronTrigger(expression: "0 15 1 30W 2 ?", flavor: .quartz, gapPolicy: .shift)
        let backward = try CronTrigger(expression: "0 15 1 30W 2 ?", flavor: .quartz, direction: .backward)
        let after1980 = Instant(seconds: 316_742_400)        // 1980-01-15T00:00:00Z
        #expect(try walk.nextFire(after: after1980, in: menominee)?.instant == Instant(seconds: 320_656_500))
        #expect(try shared.nextFire(after: after1980, in: menominee)?.instant == Instant(seconds: 320_656_500))
        #expect(try shared.nextFire(after: Instant(seconds: 320_656_500), in: menominee)?.instant == Instant(seconds: 1_204_269_300))
        // Backward from 2009-01-15T00:00:00Z: 2008's, then 1980's.
        let before2009 = try #require(try backward.nextFire(after: Instant(seconds: 1_231_977_600), in: menominee))
        #expect(before2009.instant == Instant(seconds: 1_204_269_300))
        #expect(try backward.nextFire(after: before2009.instant, in: menominee)?.instant == Instant(seconds: 320_656_500))
    }

    /// Fuzz/Cron (FuzzRegressions/cron/quartz-year-range-of-millions, a libFuzzer timeout): a Quartz
    /// year range was listed year by year whatever its end, so `2-197071970` built a set of 197
    /// million years (seconds of work and gigabytes). Quartz never fires after its last year
    /// (this year + 100), so the list now ends there. `0 0 1/2 ? * 1 2-…` is every other hour from
    /// 01:00 on Sundays; after 2026-01-01T00:00:00Z (@1767225600, a Thursday) the real Quartz 2.3.2
    /// (QuartzOracle, `2-2200`) fires Sunday 2026-01-04 01:00Z (@1767488400) and 03:00Z (@1767495600).
    /// A range that starts after the last year never fires (Quartz: none for `3000-3005`).
    @Test func quartzYearRangeEndsAtTheLastYear() throws {
        let utc = try Self.zones.rules(for: "Etc/UTC")
        let trigger = try CronTrigger(expression: "0 0 1/2 ? * 1 2-197071970", flavor: .quartz)
        let first = try #require(try trigger.nextFire(after: Instant(seconds: 1_767_225_600), in: utc))
        #expect(first.instant == Instant(seconds: 1_767_488_400))
        #expect(try trigger.nextFire(after: first.instant, in: utc)?.instant == Instant(seconds: 1_767_495_600))
        let late = try CronTrigger(expression: "0 0 1/2 ? * 1 3000-197071970", flavor: .quartz)
        #expect(try late.nextFire(after: Instant(seconds: 1_767_225_600), in: utc) == nil)
    }

    /// Fuzz/Cron (FuzzRegressions/cron/quartz-year-past-java-int, a crash): `0 0 12 ? * 2#1
    /// 666666666666666` was read, and the walk's lenient calendar overflowed turning that year into
    /// seconds. Quartz reads numbers with Java's `Integer.parseInt`: the real Quartz 2.3.2 refuses
    /// `666666666666666` and `2147483648` ("Illegal cron expression format
    /// (java.lang.NumberFormatException …)") and reads `2147483647`, which never fires (no fires).
    @Test func quartzNumbersAreJavaInts() throws {
        #expect(throws: CronError.self) { try CronTrigger(expression: "0 0 12 ? * 2#1 666666666666666", flavor: .quartz) }
        #expect(throws: CronError.self) { try CronTrigger(expression: "0 0 12 ? * 2#1 2147483648", flavor: .quartz) }
        let utc = try Self.zones.rules(for: "Etc/UTC")
        let last = try CronTrigger(expression: "0 0 12 ? * 2#1 2147483647", flavor: .quartz)
        #expect(try last.nextFire(after: Instant(seconds: 1_767_225_600), in: utc) == nil)
    }

    /// Fuzz/Cron (FuzzRegressions/cron/robfig-walk-cycles-at-apia-skipped-day, a libFuzzer
    /// timeout): Pacific/Apia skipped Friday 2011-12-30 (23:59:59 −10:00 on the 29th, then
    /// 00:00 +14:00 on the 31st; the change at 2011-12-30T10:00:00Z). robfig's day loop steps
    /// midnight to midnight with `AddDate(0, 0, 1)`; Go's `time.Date` resolves the skipped
    /// midnight of the 30th as w − offset(w − offset(w)): w read as UTC is before the change
    /// (−10:00), w + 10 h is the change itself (+14:00), so w − 14 h = 10:00:00Z on the 29th — the
    /// midnight it started from. The real robfig v3.0.1 (Tests/CronOracle/robfig) does not return
    /// (killed after 100 s) for `05 1-3 * * * 5` (Fridays) from 2011-12-30T09:05:32Z
    /// (@1325235932). Chime answers none at once (docs/cron.md) instead of spending its loop
    /// budget (8.6 s of CPU in a debug build).
    @Test func robfigWalkThatRepeatsItselfAnswersNone() throws {
        let apia = try Self.zones.rules(for: "Pacific/Apia")
        let trigger = try CronTrigger(expression: "05 1-3 * * * 5", flavor: .robfig)
        #expect(try trigger.nextFire(after: Instant(seconds: 1_325_235_932), in: apia) == nil)
    }

    /// Fuzz/RRule (FuzzRegressions/rrule/dtstart-in-year-0): a DTSTART built in code (the harness
    /// takes the start's wall time: 0001-01-01T00:00:00Z is 0000-12-31T19:03:58 in New York's LMT,
    /// −4:56:02) was accepted in year 0, though its text (`normalized`) cannot be read back: the
    /// parser allows years 1–9999 only. Now the trigger refuses it naming DTSTART, as the parser
    /// does; 0001-01-01T00:00:00, the first wall time of year 1, is accepted.
    @Test func rruleTriggerRefusesADTSTARTOutsideItsYears() throws {
        let rule = try RRuleParser.rule("FREQ=MINUTELY;INTERVAL=18;COUNT=20")
        let yearZero = CivilArithmetic.daysFromCivil(year: 0, month: 12, day: 31) * 86_400 + 19 * 3600 + 3 * 60 + 58
        #expect(throws: RRuleError.self) { try RRuleTrigger(dtstart: RRuleTime(wall: yearZero, zone: .floating), rule: rule) }
        let yearOne = CivilArithmetic.daysFromCivil(year: 1, month: 1, day: 1) * 86_400
        #expect(throws: Never.self) { try RRuleTrigger(dtstart: RRuleTime(wall: yearOne, zone: .floating), rule: rule) }
    }

    /// Fuzz/OnCalendar (FuzzRegressions/oncalendar/microsecond-seconds-after-the-answer, a libFuzzer
    /// timeout): `*:0:5/0.0000011` is every microsecond from second 5 of every hour's minute 0
    /// (systemd keeps microseconds: the repetition is 0.000001 s). With an explicit gap policy the
    /// shared search compared the wall times after its answer with it by whole seconds, so it
    /// resolved the rest of that second's million wall times before stopping (5.8 s for four fires
    /// in a debug build). From 2025-09-17T18:55:10Z (14:55:10 EDT, UTC−4) the fires are 15:00:05 EDT
    /// and the next microseconds: 19:00:05.000000Z, .000001, .000002, .000003.
    @Test func microsecondSecondsStopAfterTheAnswer() throws {
        let ny = try Self.zones.rules(for: "America/New_York")
        let trigger = Trigger.onCalendar(try OnCalendarTrigger(expression: "*:0:5/0.0000011", gapPolicy: .shift))
        let fires = try trigger.fires(after: Instant(seconds: 1_758_135_310), in: ny, count: 4)
        #expect(fires.map(\.instant) == (0..<4).map { Instant(seconds: 1_758_135_605, nanoseconds: Int32($0) * 1000) })
        // With an explicit overlap policy the search began at New York's smallest offset ever
        // (LMT, −4:56:02), going through the 14:00 hour's 55 million wall times first; the same fires.
        let both = Trigger.onCalendar(try OnCalendarTrigger(expression: "*:0:5/0.0000011", overlapPolicy: .both))
        #expect(try both.fires(after: Instant(seconds: 1_758_135_310), in: ny, count: 4).map(\.instant) == fires.map(\.instant))
    }

    /// Fuzz/OnCalendar (FuzzRegressions/oncalendar/sub-second-repetition-near-a-transition-*,
    /// libFuzzer timeouts): `00:00:00/0.000002` is every 2 µs of 00:00 (systemd rounds 0.0000016 to
    /// 0.000002). New York (zdump): EST until 2037-03-08 07:00:00Z, and 2026-03-08 likewise. From
    /// 2037-03-07T08:34:57Z (03:34:57 EST, @2120027697) the fires are 00:00:00 EST on the 8th,
    /// 05:00:00Z (@2120101200), and the next 2 µs. The transition two hours later kept the search's
    /// wall-time limit at 01:00, so it resolved every 2 µs of 00:00 (30 million) before stopping
    /// (over 60 s). The same with `01:00:00/0.000002` from 2026-03-08T05:30:00Z (@1772947800): 06:00:00Z
    /// (@1772949600). With overlap `last` from 2026-11-01T05:30:00Z (01:30 EDT, @1793511000)
    /// `*:*:00/0.000002` (every 2 µs) fires at the repeated 01:00:00's second pass, 06:00:00Z
    /// (@1793512800): the wall times 01:30–01:59 EDT give their EST instants (06:30Z on), and the
    /// earlier ones lie before the start — which the search went through 2 µs at a time.
    @Test func subSecondRepetitionNearATransition() throws {
        let ny = try Self.zones.rules(for: "America/New_York")
        func instants(_ expression: String, gap: GapPolicy? = nil, overlap: OverlapPolicy? = nil, after seconds: Int64) throws -> [Instant] {
            let trigger = Trigger.onCalendar(try OnCalendarTrigger(expression: expression, gapPolicy: gap, overlapPolicy: overlap))
            return try trigger.fires(after: Instant(seconds: seconds), in: ny, count: 3).map(\.instant)
        }
        func expected(_ seconds: Int64) -> [Instant] { (0..<3).map { Instant(seconds: seconds, nanoseconds: Int32($0) * 2000) } }
        #expect(try instants("00:00:00/0.0000016", gap: .shift, overlap: .first, after: 2_120_027_697) == expected(2_120_101_200))
        #expect(try instants("01:00:00/0.000002", gap: .shift, after: 1_772_947_800) == expected(1_772_949_600))
        #expect(try instants("*:*:00/0.000002", overlap: .last, after: 1_793_511_000) == expected(1_793_512_800))
    }

    /// Fuzz/Pending (libFuzzer timeouts; too slow, not wrong): a pattern with a wall time every
    /// second walked, for every fire, from the start less the zone's whole offset spread — all
    /// the wall seconds between, each resolved and found before the start. Australia/Lord_Howe
    /// (+10:00 … +11:30 in its history; zdump: +11 from 2025-10-05 to 2026-04-04T15:00:00Z) with
    /// croniter's `* * * * * *` resolved 3,600 of them a fire; Europe/Berlin (+0:53:28 … +3:00;
    /// CET until 2026-03-29T01:00:00Z) with the apple semantics' `{nanosecond: 60}`, 10,712 (a
    /// day of fires took over a minute in the fuzz build). The walk now starts at the offsets in
    /// force near the start (`CalendarSearchRules.edge`, `AppleRules.forwardWalkStart`). From
    /// 2026-03-07T12:00:00Z (@1772884800), no transition near: the fires are the next seconds
    /// (Berlin's at 60 ns past each, the start's own second included).
    @Test func everySecondPatternsWalkFromTheStart() throws {
        let start = Instant(seconds: 1_772_884_800)
        let lordHowe = try Self.zones.rules(for: "Australia/Lord_Howe")
        let cron = Trigger.cron(try CronTrigger(expression: "* * * * * *", flavor: .croniter))
        #expect(try cron.fires(after: start, in: lordHowe, count: 200).map(\.instant) == (1...200).map { Instant(seconds: start.seconds + $0) })
        let berlin = try Self.zones.rules(for: "Europe/Berlin")
        let apple = Trigger.calendar(try CalendarTrigger(components: CalendarComponents(nanosecond: 60)))
        #expect(try apple.fires(after: start, in: berlin, count: 200).map(\.instant)
                == (0..<200).map { Instant(seconds: start.seconds + $0, nanoseconds: 60) })
    }

    /// Fuzz/engine (FuzzRegressions/engine/interval-anchor-2-63-seconds-away; a trap): an interval
    /// trigger may be anchored at any instant, and the elapsed time from an anchor near
    /// `Int64.min` seconds to a start in 2026 overflowed the 64-bit subtraction before it was
    /// widened to 128 bits. Every 60 s from anchor −(2^63 − 1) s: Python's integers give the
    /// elapsed 9223372038627660607 s to 2026-03-07T12:00:00Z (@1772884800), 7 past a multiple of
    /// 60, so the next fire is @1772884853 and the previous @1772884793.
    @Test func intervalAnchoredFarAway() throws {
        let trigger = try IntervalTrigger(interval: try ExactDuration(seconds: 60), repeats: true, anchor: Instant(seconds: Int64.min + 1))
        let start = Instant(seconds: 1_772_884_800), utc = try Self.zones.rules(for: "UTC")
        #expect(trigger.nextFire(after: start, in: utc)?.instant == Instant(seconds: 1_772_884_853))
        #expect(trigger.previousFire(before: start, in: utc)?.instant == Instant(seconds: 1_772_884_793))
    }

    /// Sat,Sun@02:30 in America/New_York (EST, UTC−5, until 2026-03-08 07:00:00Z, when the clocks
    /// jump from 02:00 to 03:00 EDT; Python zoneinfo agrees): after Friday 2026-03-06T12:00:00Z
    /// (@1772798400) the first wanted wall time is Saturday the 7th 02:30 EST = 07:30:00Z
    /// (@1772868600), exact. From there the next is Sunday the 8th 02:30, skipped (its gap's
    /// transition 07:00:00Z comes before Saturday the 14th): wallTimeSkipped. Both semantics.
    @Test(arguments: [Semantics.consistent, .apple])
    func weeklyRejectFailsOnlyForASkippedTimeBeforeTheAnswer(semantics: Semantics) throws {
        let ny = try Self.zones.rules(for: "America/New_York")
        let trigger = Trigger.weekly(try WeeklyTrigger(weekdays: [.saturday, .sunday], hour: 2, minute: 30, gapPolicy: .reject, semantics: semantics))
        let saturday = try #require(try trigger.nextFire(after: Instant(seconds: 1_772_798_400), in: ny))
        #expect(saturday.instant == Instant(seconds: 1_772_868_600) && saturday.adjustment == .exact)
        #expect(throws: TriggerError.self) { try trigger.nextFire(after: saturday.instant, in: ny) }
        // Backward from Monday the 9th 12:00Z: Sunday's 02:30 (skipped, its transition 07:00Z on the
        // 8th) lies between the start and Saturday's fire: the search fails.
        #expect(throws: TriggerError.self) { try trigger.previousFire(before: Instant(seconds: 1_773_057_600), in: ny) }
    }

    /// Found reading the weekly union for the fix above: of two weekdays' fires at one instant, the
    /// union kept the first weekday's, not the adjustment first in docs/semantics.md section 3's
    /// order. Pacific/Apia skipped Friday 2011-12-30 whole (23:59 −10:00 on the 29th is 09:59:00Z,
    /// the next wall time is Saturday the 31st 00:00 +14:00 = 2011-12-30T10:00:00Z, @1325239200;
    /// Python zoneinfo). Fri,Sat@00:00 (consistent, gap nextValid) after 2011-12-28T00:00:00Z
    /// (@1325030400): Friday's 00:00 is in the gap, so nextValid gives the transition,
    /// 10:00:00Z (gapNextTime); Saturday's 00:00 is the same instant, exact. The fire is `exact`.
    @Test func weeklyTieTakesTheAdjustmentFirstInOrder() throws {
        let apia = try Self.zones.rules(for: "Pacific/Apia")
        let trigger = try WeeklyTrigger(weekdays: [.friday, .saturday], hour: 0, minute: 0, gapPolicy: .nextValid, semantics: .consistent)
        let fire = try #require(try trigger.nextFire(after: Instant(seconds: 1_325_030_400), in: apia))
        #expect(fire.instant == Instant(seconds: 1_325_239_200) && fire.adjustment == .exact)
    }

    /// Fuzz/engine (FuzzRegressions/engine/apple-week-year-walks-to-9999, a libFuzzer slow unit):
    /// the apple semantics bounded its day walk by `year` only, so a pattern with
    /// `yearForWeekOfYear` that matches no day walked every day to 9999-12-31 — over 6 s of CPU for
    /// one `nextFire` in the fuzzing build, past libFuzzer's 10 s watchdog under AddressSanitizer.
    /// A date's week-based year is its own year or the one next to it, so the walk now stops (or
    /// jumps) outside yearForWeekOfYear ± 1.
    ///
    /// `{weekdayOrdinal: -1, weekOfMonth: 6, weekOfYear: 1, yearForWeekOfYear: 2026, dayOfYear: 62}`
    /// names no day (day 62 of 2026 is March 3rd, in week 10): none. `{yearForWeekOfYear: 2027,
    /// weekOfYear: 1, weekday: 2, hour: 9}` with Gregorian weeks (Sunday first, 1 day): 2027-01-01
    /// is a Friday, so week 1 of 2027 runs Sunday 2026-12-27 to Saturday 2027-01-02, and its Monday
    /// is 2026-12-28 — in the calendar year before the week-year: 09:00 UTC = @1798448400.
    @Test func appleWeekYearPatternStopsOutsideItsYears() throws {
        let utc = try Self.zones.rules(for: "Etc/UTC")
        let start = Instant(seconds: 1_772_884_800)            // 2026-03-07T12:00:00Z
        let never = try CalendarTrigger(components: CalendarComponents(weekdayOrdinal: -1, weekOfMonth: 6, weekOfYear: 1,
                                                                       yearForWeekOfYear: 2026, dayOfYear: 62))
        #expect(try never.nextFire(after: start, in: utc) == nil)
        let monday = try CalendarTrigger(components: CalendarComponents(hour: 9, weekday: 2, weekOfYear: 1, yearForWeekOfYear: 2027))
        #expect(try monday.nextFire(after: start, in: utc)?.instant == Instant(seconds: 1_798_448_400))
    }

    /// Fuzz/engine (an invariant failure: a `gapNextTime` fire where the clock does not jump):
    /// Africa/Conakry's clocks jumped from 1912-01-01 00:00 LMT (−0:54:52) to 00:54:52 GMT at
    /// 1912-01-01T00:54:52Z, so `{month: 1, minute: 0}` (Foundation pins the day to the 1st and the
    /// hour to 0) wants 00:00, which was skipped. Foundation's month-level search offers the
    /// stand-in (the first :00 after the gap, 01:00 GMT) only from a start at or before the day's
    /// first instant; from a start past it, the next year (probed on Asia/Thimphu's 1987 midnight
    /// gap, AppleRuleTests `gapDecision`). From 00:54:52.44Z: 1913-01-01 00:00 GMT =
    /// 1913-01-01T00:00:00Z (no transition until 1934), where Chime fired 01:00 GMT; from
    /// 00:54:52Z exactly: 01:00 GMT = 1912-01-01T01:00:00Z, the stand-in.
    @Test func appleMonthLevelGapStandInOnlyFromTheDaysStart() throws {
        let conakry = try Self.zones.rules(for: "Africa/Conakry")
        let trigger = try CalendarTrigger(components: CalendarComponents(month: 1, minute: 0))
        let past = try #require(try trigger.nextFire(after: Instant(seconds: -1_830_380_708, nanoseconds: 440_000_000), in: conakry))
        #expect(past.instant == Instant(seconds: -1_798_761_600) && past.adjustment == .exact)
        let atStart = try #require(try trigger.nextFire(after: Instant(seconds: -1_830_380_708), in: conakry))
        #expect(atStart.instant == Instant(seconds: -1_830_380_400) && atStart.adjustment == .gapNextTime)
    }

    /// Fuzz/engine (FuzzRegressions/engine/backward-tie-at-the-days-last-nanosecond-tehran-2015):
    /// Asia/Tehran's clocks jumped from 2015-03-22 00:00 +03:30 to 01:00 +04:30 at
    /// 2015-03-21T20:30:00Z. `{nanosecond: 380467906}`, consistent, backward from that instant, gap
    /// policy `previous`: the skipped 00:00:00.380467906 read with the offset after the gap is
    /// 20:29:59.380467906Z (`gapShiftedBackward`), and so is the existing 23:59:59.380467906 +03:30
    /// (`exact`). A tie goes to `exact` (docs/semantics.md, section 3's order), but the backward walk
    /// bounded the day before by its last whole second, not its last nanosecond, and stopped first.
    @Test func backwardTieAtTheDaysLastNanosecond() throws {
        let tehran = try Self.zones.rules(for: "Asia/Tehran")
        let trigger = try CalendarTrigger(components: CalendarComponents(nanosecond: 380_467_906), direction: .backward,
                                          gapPolicy: .previous, overlapPolicy: .last, semantics: .consistent)
        let fire = try #require(try trigger.nextFire(after: Instant(seconds: 1_426_969_800), in: tehran))
        #expect(fire.instant == Instant(seconds: 1_426_969_799, nanoseconds: 380_467_906) && fire.adjustment == .exact)
    }

    /// 0001-01-01 is a Monday (proleptic Gregorian; Python: `date(1, 1, 1).weekday() == 0`). With the
    /// default week rules (weeks from Sunday, one day in the first week) week-numbering year 1 begins
    /// on Sunday 0000-12-31, outside the calendar, so `{yearForWeekOfYear: 1}` names no wall time
    /// (docs/semantics.md, rule 1). The engine moved the period's first day to 0001-01-01 and fired
    /// 0001-01-01 00:00 LMT in America/Sao_Paulo (-03:06:28). With ISO 8601 week rules (from
    /// Monday, four days; Python: `date(1, 1, 1).isocalendar() == (1, 1, 1)`) week-year 1 does
    /// begin on 0001-01-01, and 00:00 LMT there is 03:06:28Z.
    @Test func weekYearOneBeginsBeforeTheCalendar() throws {
        let saoPaulo = try Self.zones.rules(for: "America/Sao_Paulo")
        let start = Instant(seconds: -62_135_596_800) // 0001-01-01T00:00:00Z (Python's datetime)
        for matching in MatchingPolicy.allCases {
            let sunday = try CalendarTrigger(components: CalendarComponents(yearForWeekOfYear: 1), matchingPolicy: matching,
                                             repeats: false, semantics: .consistent)
            #expect(try sunday.nextFire(after: start, in: saoPaulo) == nil)
            let iso = try CalendarTrigger(components: CalendarComponents(yearForWeekOfYear: 1), matchingPolicy: matching,
                                          repeats: false, weekRules: .iso8601, semantics: .consistent)
            let fire = try #require(try iso.nextFire(after: start, in: saoPaulo))
            #expect(fire.instant == Instant(seconds: start.seconds + 3 * 3600 + 6 * 60 + 28) && fire.adjustment == .exact)
        }
    }
}
