import Testing
import Chime
import Synchronization

/// A clock that never waits: `sleep` moves its time to the deadline at once.
final class ImmediateClock: Clock, Sendable {
    struct Moment: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Moment { Moment(offset: offset + duration) }
        func duration(to other: Moment) -> Duration { other.offset - offset }
        static func < (a: Moment, b: Moment) -> Bool { a.offset < b.offset }
    }

    private let elapsed = Mutex(Duration.zero)
    var now: Moment { Moment(offset: elapsed.withLock { $0 }) }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Moment, tolerance: Duration?) async throws {
        try Task.checkCancellation()
        elapsed.withLock { $0 = max($0, deadline.offset) }
    }
}

/// The listings of Sources/Chime/Chime.docc/EmbeddingInAServer.md, as written there
/// (ArticleListingsTests holds the article to this file), with checks of the values stated.
///
/// Hand-derived (see GettingStartedSnippets for the rule): America/New_York is on EST (UTC-5)
/// until Sunday 2026-03-08 07:00:00Z and on EDT (UTC-4) after it. cronie runs a fixed-time job
/// the gap skipped right after the jump (cron.c `find_jobs`, docs/cron.md): the 8th's 02:30 fires
/// at 03:00 EDT = 07:00:00Z.
@Suite struct EmbeddingInAServerSnippets {
    static func at(_ text: String) -> Instant { try! ISO8601Format.parseInstant(text) }

    @Test func shareZoneRulesAcrossTasks() async throws {
        let newYork = try Chime.zone("America/New_York")
        let start = try Chime.instant("2026-03-07T12:00:00Z")        // 07:00 EST
        let reminderTimes = [(hour: 7, minute: 0), (hour: 9, minute: 30), (hour: 18, minute: 45)]
        let nextFires = try await withThrowingTaskGroup(of: Fire?.self) { group in
            for time in reminderTimes {
                group.addTask {
                    let schedule = Schedule(.calendar(try .daily(hour: time.hour, minute: time.minute)), in: newYork)
                    return try schedule.next(after: start)
                }
            }
            var fires: [Fire] = []
            for try await fire in group { if let fire { fires.append(fire) } }
            return fires.sorted()
        }
        // 2026-03-07T14:30:00Z (09:30 EST), 2026-03-07T23:45:00Z (18:45 EST), and
        // 2026-03-08T11:00:00Z (07:00 EDT): 07:00 EST on the 7th is the start itself, not after it

        #expect(nextFires.map(\.instant) == [Self.at("2026-03-07T14:30:00Z"), Self.at("2026-03-07T23:45:00Z"),
                                             Self.at("2026-03-08T11:00:00Z")])
    }

    @Test func alarmsOnATestClock() async throws {
        let start = Self.at("2026-03-07T12:00:00Z")
        let clock = ImmediateClock()
        let now: @Sendable () -> Instant = { start.advanced(by: clock.now.offset) }
        let nightly = try Schedule(cron: "30 2 * * *", in: "America/New_York")
        var delivered: [Fire] = []
        for try await fire in nightly.alarms(after: start, clock: clock, now: now) {
            delivered.append(fire)                    // in a server: send the notification, start the job
            if delivered.count == 3 { break }
        }
        // 2026-03-08T07:00:00Z (03:00 EDT, gapNextTime), 2026-03-09T06:30:00Z, 2026-03-10T06:30:00Z;
        // clock.now.offset: 2 days 18:30 of simulated sleep (start + 66.5 h = the third fire)

        #expect(delivered.map(\.instant) == [Self.at("2026-03-08T07:00:00Z"), Self.at("2026-03-09T06:30:00Z"),
                                             Self.at("2026-03-10T06:30:00Z")])
        #expect(delivered.first?.adjustment == .gapNextTime)
        // From 2026-03-07T12:00:00Z to 2026-03-10T06:30:00Z: 3 days less 5.5 hours = 66.5 hours.
        #expect(clock.now.offset == .seconds(66 * 3600 + 1800))
    }

    @Test func cancelTheServingTask() async throws {
        let nightly = try Schedule(cron: "30 2 * * *", in: "America/New_York")
        let serving = Task {
            for try await fire in nightly.alarms() {   // ContinuousClock, Instant.now()
                await deliver(fire)
            }
        }
        serving.cancel()                               // the pending sleep throws CancellationError

        // The next 02:30 in New York is hours away from any moment, so the task is asleep or
        // about to sleep: either way the cancellation ends it.
        let result = await serving.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func reloadZoneRules() throws {
        let start = Self.at("2026-03-07T12:00:00Z")
        let zones = ZoneDatabase()                                   // $TZDIR, else /usr/share/zoneinfo
        var standup = Schedule(.calendar(try .daily(hour: 9, minute: 0)), in: try zones.rules(for: "America/New_York"))
        let loadedUnder = zones.generation

        // From a timer, or after a SIGHUP: read the tree again if it changed on disk.
        do {
            if let report = try zones.reloadIfChanged() {
                print(report)      // tzif 2025b → 2025c from /usr/share/zoneinfo, 1 zone in use read again
            }
        } catch {
            print(error)           // ZoneError.reloadRefused: the new tree is unusable; the old data stays in use
        }
        // A Schedule keeps the rules it was made with: make it again after a reload.
        if zones.generation != loadedUnder {
            standup = Schedule(standup.trigger, in: try zones.rules(for: standup.zone.identifier))
        }
        let nextStandup = try standup.next(after: start)    // 2026-03-07 09:00 EST = 14:00:00Z

        // Nothing changed on disk during the test: no reload, the schedule as made.
        #expect(zones.generation == loadedUnder)
        #expect(standup.zone.identifier == "America/New_York")
        #expect(nextStandup?.instant == Self.at("2026-03-07T14:00:00Z"))   // 09:00 + 5 h
        // An explicit reload reads the same tree again: the zone in use is read again, one generation on.
        let report = try zones.reload()
        #expect(report.zonesReloaded == 1 && report.generation == loadedUnder + 1 && zones.generation == report.generation)
        #expect(report.version == report.previousVersion)
        #expect(try zones.rules(for: "America/New_York").utcOffset(at: Self.at("2026-03-07T14:00:00Z")) == -5 * 3600)
    }
}
