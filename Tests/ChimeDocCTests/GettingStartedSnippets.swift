import Testing
import Chime

/// The listings of Sources/Chime/Chime.docc/GettingStarted.md, as written there (ArticleListingsTests
/// holds the article to this file), each followed by checks of the values its comments state.
///
/// Expected values are derived by hand, not taken from Chime's output:
/// - America/New_York, 2026 (US rule, 15 U.S.C. 260a: DST from the second Sunday of March to the
///   first Sunday of November, changing at 02:00 local time). 1 January 2026 is a Thursday, so
///   1 February (31 days later) and 1 March (28 days after that) are Sundays: spring forward on
///   Sunday 8 March at 02:00 EST (UTC-5) = 07:00:00Z, to 03:00 EDT (UTC-4). 1 November is 245 days
///   (35 weeks) after 1 March, a Sunday: fall back at 02:00 EDT = 06:00:00Z, to 01:00 EST.
///   So a wall time W is W+5h in UTC while EST is in force and W+4h while EDT is.
/// - Europe/Berlin, 2026 (EU rule, Directive 2000/84/EC: the last Sunday of March and of October
///   at 01:00 UTC): 29 March (1 March is a Sunday) at 01:00:00Z, 02:00 CET (UTC+1) -> 03:00 CEST
///   (UTC+2).
/// - 2026-03-08T07:00:00Z is 1772953200 s after the epoch: 2026-01-01T00:00:00Z is 1767225600
///   (56 years, 14 of them leap, 20454 days), plus 66 days (31 + 28 + 7) and 7 hours.
/// - Cron: cronie (posix flavor) runs a fixed-time job the gap skipped right after the jump
///   (cron.c `find_jobs`, docs/cron.md); robfig/cron v3 skips a wall time the gap skips
///   (spec.go `Next`, docs/cron.md); systemd skips it (docs/oncalendar.md); RFC 5545 §3.3.5 reads
///   it "using the UTC offset before the gap".
@Suite struct GettingStartedSnippets {
    static func at(_ text: String) -> Instant { try! ISO8601Format.parseInstant(text) }

    // MARK: Zones

    @Test func zones() throws {
        let newYork = try Chime.zone("America/New_York")       // "\(newYork)": America/New_York (tzif 2025b)
        let eastern = try Chime.zone("US/Eastern")             // a tz link, made canonical
        let windows = try Chime.zone("Eastern Standard Time")  // a Windows id, mapped by CLDR
        // eastern.identifier == "America/New_York", windows == newYork

        let springForward = try CivilDateTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30)
        let resolution = newYork.resolve(springForward)
        // .gap(transition: 1772953200, offsetBefore: -18000, offsetAfter: -14400):
        // 02:30 never shows on New York's clocks that day; they jump at 2026-03-08T07:00:00Z

        // The tz data version depends on the machine; the id and the form do not.
        #expect("\(newYork)".hasPrefix("America/New_York (\(newYork.source.rawValue)"))
        #expect(eastern.identifier == "America/New_York")
        #expect(windows.identifier == "America/New_York")
        #expect(windows == newYork)
        #expect(resolution == .gap(transition: 1_772_953_200, offsetBefore: -5 * 3600, offsetAfter: -4 * 3600))
        #expect(Self.at("2026-03-08T07:00:00Z").seconds == 1_772_953_200)
    }

    @Test func zoneSources() throws {
        let shared = Chime.zones                                  // ZoneDatabase.shared: newest source, CHIME_ZONE_SOURCE overrides
        let sources = shared.sources.map(\.source)                // [.tzif, .icu] on Debian 12 (tz 2025b against ICU's 2022e)
        let icuOnly = ZoneDatabase(preference: .icu)
        let fromICU = try icuOnly.rules(for: "America/New_York")  // fromICU.source == .icu

        #expect(shared === ZoneDatabase.shared)
        #expect(Set(sources) == [.tzif, .icu])
        #expect(fromICU.source == .icu)
        #expect(fromICU.identifier == "America/New_York")
        // The same transition, whichever source answers.
        #expect(fromICU.nextTransition(after: Self.at("2026-03-01T00:00:00Z"))?.instant == Self.at("2026-03-08T07:00:00Z"))
    }

    // MARK: Triggers

    @Test func start() throws {
        let start = try Chime.instant("2026-03-07T12:00:00Z")     // Saturday, 07:00 EST in New York

        let local = try Chime.zone("America/New_York").localDateTime(at: start)
        #expect(local == (try CivilDateTime(year: 2026, month: 3, day: 7, hour: 7)))   // 12:00Z - 5 h
        #expect(local.weekday == .saturday)   // 1 March is a Sunday, so the 7th is a Saturday
    }

    @Test func calendarComponents() throws {
        let start = Self.at("2026-03-07T12:00:00Z")
        let mondays = try Schedule(matching: CalendarComponents(hour: 9, minute: 0, weekday: 2), in: "America/New_York")
        let nextMonday = try mondays.next(after: start)
        // Monday 2026-03-09 09:00 EDT = 13:00:00Z (the clocks changed on Sunday)

        #expect(nextMonday?.instant == Self.at("2026-03-09T13:00:00Z"))   // 09:00 + 4 h
        #expect(nextMonday?.abbreviation == "EDT")
        #expect(nextMonday?.adjustment == .exact)
    }

    @Test func weekly() throws {
        let start = Self.at("2026-03-07T12:00:00Z")
        let standup = try Schedule(.weekly(try WeeklyTrigger(weekdays: [.monday, .wednesday], time: "09:30")),
                                   in: "America/New_York")
        let twoStandups = try standup.fires(after: start, count: 2)
        // Monday 2026-03-09 and Wednesday 2026-03-11, 09:30 EDT = 13:30:00Z

        #expect(twoStandups.map(\.instant) == [Self.at("2026-03-09T13:30:00Z"), Self.at("2026-03-11T13:30:00Z")])
        #expect(twoStandups.map(\.local.weekday) == [.monday, .wednesday])
    }

    @Test func interval() throws {
        let anchor = try Chime.instant("2026-03-08T06:00:00Z")   // 01:00 EST
        let every90Minutes = try Schedule(every: .minutes(90), from: anchor, in: "America/New_York")
        let intervalFires = try every90Minutes.fires(after: anchor, count: 2)
        // 07:30:00Z and 09:00:00Z, exactly 90 minutes apart, though the wall clock reads
        // 03:30 EDT and 05:00 EDT: it skipped 02:00–03:00 in between

        #expect(intervalFires.map(\.instant) == [Self.at("2026-03-08T07:30:00Z"), Self.at("2026-03-08T09:00:00Z")])
        // Both after the 07:00:00Z change: wall = UTC - 4 h.
        #expect(intervalFires.map(\.local) == [try CivilDateTime(year: 2026, month: 3, day: 8, hour: 3, minute: 30),
                                               try CivilDateTime(year: 2026, month: 3, day: 8, hour: 5)])
        #expect(intervalFires.allSatisfy { $0.adjustment == .exact })
    }

    @Test func cron() throws {
        let start = Self.at("2026-03-07T12:00:00Z")
        let cronie = try Schedule(cron: "30 2 * * *", in: "America/New_York")
        let robfig = try Schedule(cron: "0 30 2 * * *", flavor: .robfig, in: "America/New_York")  // seconds first
        let cronieFire = try cronie.next(after: start)
        // 2026-03-08 03:00 EDT = 07:00:00Z: cronie runs a fixed-time job the gap skipped right after the jump
        let robfigFire = try robfig.next(after: start)
        // 2026-03-09 02:30 EDT = 06:30:00Z: robfig/cron skips a wall time the gap skips

        let berlinJob = try Schedule(cron: "TZ=Europe/Berlin 0 30 2 * * *", flavor: .robfig)   // the zone from the line
        let berlinFire = try berlinJob.next(after: try Chime.instant("2026-03-28T12:00:00Z"))
        // 2026-03-30 02:30 CEST = 00:30:00Z: Berlin's 02:30 on Sunday the 29th was skipped (02:00 CET → 03:00 CEST at 01:00:00Z)

        // 02:30 on the 7th (07:30:00Z) is before the start; on the 8th it is in the gap.
        #expect(cronieFire?.instant == Self.at("2026-03-08T07:00:00Z"))
        #expect(cronieFire?.adjustment == .gapNextTime)
        #expect(robfigFire?.instant == Self.at("2026-03-09T06:30:00Z"))
        #expect(berlinJob.zone.identifier == "Europe/Berlin")
        #expect(berlinFire?.instant == Self.at("2026-03-30T00:30:00Z"))   // 02:30 - 2 h
    }

    @Test func onCalendar() throws {
        let weekdayMornings = try Schedule(onCalendar: "Mon..Fri *-*-* 07:00 Europe/Berlin")
        let afterFriday = try weekdayMornings.next(after: try Chime.instant("2026-03-27T12:00:00Z"))
        // Monday 2026-03-30 07:00 CEST = 05:00:00Z: Berlin changed to CEST (UTC+02:00) on Sunday the 29th

        // 27 March is a Friday (the 29th is the last Sunday); its 07:00 (06:00:00Z) has passed.
        #expect(afterFriday?.instant == Self.at("2026-03-30T05:00:00Z"))
        #expect(afterFriday?.abbreviation == "CEST")
        #expect(weekdayMornings.zone.identifier == "Europe/Berlin")
    }

    @Test func rrule() throws {
        let start = Self.at("2026-03-07T12:00:00Z")
        let recurrence = try RRuleTrigger(text: """
            DTSTART;TZID=America/New_York:20260306T023000
            RRULE:FREQ=DAILY
            """)
        let dailyRecurrence = try Schedule(.rrule(recurrence), in: "America/New_York")
        let recurrenceFires = try dailyRecurrence.fires(after: start, count: 2)
        // 2026-03-08 02:30 read as EST = 07:30:00Z (03:30 EDT, gapShiftedForward), then 2026-03-09 02:30 EDT = 06:30:00Z

        #expect(recurrenceFires.map(\.instant) == [Self.at("2026-03-08T07:30:00Z"), Self.at("2026-03-09T06:30:00Z")])
        #expect(recurrenceFires.map(\.adjustment) == [.gapShiftedForward, .exact])
    }

    // MARK: Policies

    @Test func matchingPolicies() throws {
        let start = Self.at("2026-03-07T12:00:00Z")
        let newYork = try Chime.zone("America/New_York")
        let twoThirty = CalendarComponents(hour: 2, minute: 30)
        var byPolicy: [MatchingPolicy: Fire] = [:]
        for policy in MatchingPolicy.allCases {
            let trigger = try CalendarTrigger(components: twoThirty, matchingPolicy: policy)
            byPolicy[policy] = try trigger.nextFire(after: start, in: newYork)
        }
        // .nextTime                                  03:00 EDT = 2026-03-08T07:00:00Z  gapNextTime
        // .nextTimePreservingSmallerComponents       03:30 EDT = 2026-03-08T07:30:00Z  gapShiftedForward
        // .previousTimePreservingSmallerComponents   01:30 EST = 2026-03-08T06:30:00Z  gapShiftedBackward
        // .strict                                    02:30 EDT = 2026-03-09T06:30:00Z  gapSkipped

        // The gap starts at 07:00:00Z; 02:30 read with EST is 07:30:00Z, with EDT 06:30:00Z.
        #expect(byPolicy[.nextTime]?.instant == Self.at("2026-03-08T07:00:00Z"))
        #expect(byPolicy[.nextTime]?.adjustment == .gapNextTime)
        #expect(byPolicy[.nextTimePreservingSmallerComponents]?.instant == Self.at("2026-03-08T07:30:00Z"))
        #expect(byPolicy[.nextTimePreservingSmallerComponents]?.adjustment == .gapShiftedForward)
        #expect(byPolicy[.previousTimePreservingSmallerComponents]?.instant == Self.at("2026-03-08T06:30:00Z"))
        #expect(byPolicy[.previousTimePreservingSmallerComponents]?.adjustment == .gapShiftedBackward)
        #expect(byPolicy[.strict]?.instant == Self.at("2026-03-09T06:30:00Z"))
        #expect(byPolicy[.strict]?.adjustment == .gapSkipped)
        #expect(byPolicy[.previousTimePreservingSmallerComponents]?.abbreviation == "EST")
    }

    @Test func gapAndOverlapPolicies() throws {
        let start = Self.at("2026-03-07T12:00:00Z")
        let newYork = try Chime.zone("America/New_York")
        let twoThirty = CalendarComponents(hour: 2, minute: 30)
        let shifted = try CalendarTrigger(components: twoThirty, gapPolicy: .shift)   // RFC 5545's reading: 07:30:00Z
        let oneThirty = try CalendarTrigger(components: CalendarComponents(hour: 1, minute: 30), overlapPolicy: .both)
        let fallBack = try Trigger.calendar(oneThirty).fires(after: try Chime.instant("2026-10-31T12:00:00Z"),
                                                             in: newYork, count: 3)
        // 01:30 EDT = 2026-11-01T05:30:00Z (overlapFirst), 01:30 EST = 06:30:00Z (overlapLast),
        // then 2026-11-02 01:30 EST = 06:30:00Z (exact)

        #expect(try shifted.nextFire(after: start, in: newYork)?.instant == Self.at("2026-03-08T07:30:00Z"))
        // 01:30 on 1 November: +4 h before the 06:00:00Z change, +5 h after it.
        #expect(fallBack.map(\.instant) == [Self.at("2026-11-01T05:30:00Z"), Self.at("2026-11-01T06:30:00Z"),
                                            Self.at("2026-11-02T06:30:00Z")])
        #expect(fallBack.map(\.adjustment) == [.overlapFirst, .overlapLast, .exact])
        #expect(fallBack.map(\.abbreviation) == ["EDT", "EST", "EST"])
    }

    // MARK: Walking the fires

    @Test func walkingTheFires() throws {
        let start = Self.at("2026-03-07T12:00:00Z")
        let job = try Schedule(cron: "30 2 * * *", in: "America/New_York")
        let first = try job.next(after: start)                  // 2026-03-08T07:00:00Z, or nil when it never fires again
        let threeFires = try job.fires(after: start, count: 3)   // 07:00:00Z on the 8th, 06:30:00Z on the 9th and 10th
        let lazily = try job.fires(after: start)                // a FireSequence: each fire computed when asked for
        let firstMonday = lazily.first { $0.local.weekday == .monday }   // 2026-03-09T06:30:00Z
        let before = try job.previous(before: start)            // 2026-03-07 02:30 EST = 07:30:00Z

        #expect(first?.instant == Self.at("2026-03-08T07:00:00Z"))
        #expect(threeFires.map(\.instant) == [Self.at("2026-03-08T07:00:00Z"), Self.at("2026-03-09T06:30:00Z"),
                                              Self.at("2026-03-10T06:30:00Z")])
        #expect(Array(lazily.prefix(3)) == threeFires)
        #expect(firstMonday?.instant == Self.at("2026-03-09T06:30:00Z"))   // the 8th is a Sunday
        #expect(before?.instant == Self.at("2026-03-07T07:30:00Z"))
    }

    @Test func alarmsCompile() throws {
        // The listing is compiled here; EmbeddingInAServerSnippets runs the same loop on a test clock.
        func serveReminders(_ job: Schedule) async throws {
            for try await fire in job.alarms() {     // sleeps on ContinuousClock until each fire
                await deliver(fire)
            }
        }
        _ = serveReminders
    }

    // MARK: The pending store

    @Test func pendingStore() throws {
        let newYork = try Chime.zone("America/New_York")
        let berlin = try Chime.zone("Europe/Berlin")
        let now = try Chime.instant("2026-03-07T12:00:00Z")
        let standupRequest = try PendingRequest(identifier: "standup", trigger: .calendar(try .daily(hour: 9, minute: 0)),
                                                zone: newYork, createdAt: now)      // next 09:00 EST = 14:00:00Z
        let pillRequest = try PendingRequest(identifier: "pill", trigger: .calendar(try .daily(hour: 8, minute: 0)),
                                             zone: berlin, createdAt: now)          // next 2026-03-08 08:00 CET = 07:00:00Z
        let callRequest = try PendingRequest(identifier: "call",
                                             trigger: .interval(try IntervalTrigger(interval: .hours(1), repeats: false, anchor: now)),
                                             zone: newYork, createdAt: now)         // once, at 13:00:00Z

        var store = try PendingStore(limit: 2)
        try store.add(standupRequest, now: now)
        try store.add(pillRequest, now: now)
        let added = try store.add(callRequest, now: now)
        // added.discarded: "pill", notAmongSoonest(limit: 2); store.pending: call, standup
        let delivered = try store.deliver(until: try Chime.instant("2026-03-09T00:00:00Z"))
        // call at 13:00:00Z (final: a one-shot leaves the store), standup at 2026-03-07T14:00:00Z (09:00 EST)
        // and 2026-03-08T13:00:00Z (09:00 EDT); standup stays pending, next 2026-03-09T13:00:00Z

        // Berlin's 08:00 CET on the 7th was 07:00:00Z, before now; the 8th's is 07:00:00Z on the 8th,
        // later than call (13:00:00Z) and standup (14:00:00Z): it is the one beyond the limit.
        #expect(added.discarded.map(\.identifier) == ["pill"])
        #expect(added.discarded.first?.reason == .notAmongSoonest(limit: 2))
        #expect(added.discarded.first?.next?.instant == Self.at("2026-03-08T07:00:00Z"))
        #expect(delivered.deliveries.map(\.identifier) == ["call", "standup", "standup"])
        #expect(delivered.deliveries.map(\.fire.instant) == [Self.at("2026-03-07T13:00:00Z"), Self.at("2026-03-07T14:00:00Z"),
                                                             Self.at("2026-03-08T13:00:00Z")])
        #expect(delivered.deliveries.map(\.isFinal) == [true, false, false])
        #expect(store.pending.map(\.identifier) == ["standup"])
        #expect(store.pending.first?.next.instant == Self.at("2026-03-09T13:00:00Z"))
    }

    @Test func planner() throws {
        let newYork = try Chime.zone("America/New_York")
        let now = try Chime.instant("2026-03-07T12:00:00Z")
        let standupRequest = try PendingRequest(identifier: "standup", trigger: .calendar(try .daily(hour: 9, minute: 0)),
                                                zone: newYork, createdAt: now)
        let callRequest = try PendingRequest(identifier: "call",
                                             trigger: .interval(try IntervalTrigger(interval: .hours(1), repeats: false, anchor: now)),
                                             zone: newYork, createdAt: now)
        let plan = try Planner(limit: 3).plan([standupRequest, callRequest], now: now)
        // call#0 at 13:00:00Z, standup#0 at 2026-03-07T14:00:00Z, standup#1 at 2026-03-08T13:00:00Z;
        // plan.refillBy: 2026-03-09T13:00:00Z, the first occurrence left out: plan again before then

        #expect(plan.occurrences.map(\.occurrenceIdentifier) == ["call#0", "standup#0", "standup#1"])
        #expect(plan.occurrences.map(\.fire.instant) == [Self.at("2026-03-07T13:00:00Z"), Self.at("2026-03-07T14:00:00Z"),
                                                         Self.at("2026-03-08T13:00:00Z")])
        #expect(plan.refillBy == Self.at("2026-03-09T13:00:00Z"))
    }

    // MARK: Errors

    @Test func errors() throws {
        let start = Self.at("2026-03-07T12:00:00Z")
        let newYork = try Chime.zone("America/New_York")
        var cronError: CronError?
        do {
            _ = try Schedule(cron: "0 0 32 * *", in: "America/New_York")
        } catch let error as CronError {
            cronError = error   // .badValue(field: 3, name: "day-of-month", column: 5, text: "32", …):
                                // "field 3 (day-of-month) at column 5, '32': 32 is outside 1–31"
        }

        var zoneError: ZoneError?
        do throws(ZoneError) {
            _ = try Chime.zone("Mars/Olympus")
        } catch {
            zoneError = error   // .unknownZone("Mars/Olympus", suggestions: the closest known ids), never UTC
        }

        var skipped: TriggerError?
        let rejecting = try CalendarTrigger(components: CalendarComponents(hour: 2, minute: 30), gapPolicy: .reject)
        do throws(TriggerError) {
            _ = try rejecting.nextFire(after: start, in: newYork)
        } catch {
            skipped = error     // .wallTimeSkipped(local: "2026-03-08T02:30:00", zone: "America/New_York")
        }

        // "0 0 32 * *": the third field (day-of-month, 1–31 in POSIX cron) starts at column 5.
        guard case let .badValue(field, name, column, text, _) = cronError else {
            Issue.record("expected a badValue error, got \(String(describing: cronError))"); return
        }
        #expect((field, name, column, text) == (3, "day-of-month", 5, "32"))
        #expect(cronError?.description.contains("32 is outside 1–31") == true)
        guard case let .unknownZone(id, suggestions) = zoneError else {
            Issue.record("expected unknownZone, got \(String(describing: zoneError))"); return
        }
        #expect(id == "Mars/Olympus")
        #expect(suggestions.count <= 3)
        #expect(skipped == .wallTimeSkipped(local: "2026-03-08T02:30:00", zone: "America/New_York"))
    }
}

/// What a server would do with a fire; here, nothing.
func deliver(_ fire: Fire) async {}
