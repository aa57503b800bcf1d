import Foundation
import Synchronization
import Testing
@testable import Chime
@testable import ChimeZones
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// Everything a server shares between threads, used from many at once while the zone data is
/// reloaded under them: a `ZoneDatabase` (and `ZoneDatabase.shared`), the engine computing fires
/// of every trigger kind from shared `Trigger` and `ZoneRules` values, a `PendingStore` behind a
/// `Mutex` with copies of it read outside the lock, `PendingColumns` computing on all cores, and
/// the abbreviation registry interning new names while fires read theirs.
///
/// Built to run under ThreadSanitizer (`.ci/run`: `swift build --build-tests --sanitize=thread`,
/// then this suite and `ZoneReloadTests`); without a sanitizer it checks that concurrent answers
/// equal the answers computed on one thread before any concurrency — a check for races, not for
/// correctness, which the rest of the suite holds to its oracles.
@Suite struct SharedStateStressTests {
    static func at(_ text: String) -> Instant { try! ISO8601Format.parseInstant(text) }

    /// Zones the edited tree leaves as they are (only Asia/Tokyo differs), by several kinds of id.
    static let zoneIDs = ["America/New_York", "US/Eastern", "Eastern Standard Time", "Europe/Berlin",
                          "Australia/Sydney", "Asia/Kolkata", "america/new_york"]

    static func triggers() throws -> [Trigger] {
        [
            .calendar(try .daily(hour: 2, minute: 30)),
            .weekly(try WeeklyTrigger(weekdays: [.monday, .wednesday], hour: 9, minute: 0)),
            .cron(try CronTrigger(expression: "30 2 * * *")),
            .cron(try CronTrigger(expression: "0 30 1 ? * SUN", flavor: .quartz)),
            .cron(try CronTrigger(expression: "*/20 1-3 * * *", flavor: .croniter)),
            .onCalendar(try OnCalendarTrigger(expression: "*-*-* 01:30")),
            .rrule(try RRuleTrigger(text: "DTSTART:20260101T023000\nRRULE:FREQ=WEEKLY;BYDAY=SU,WE")),
            // The MONTHLY/YEARLY fast path; the RSCALE ones fill their trigger's year cache from every thread.
            .rrule(try RRuleTrigger(text: "DTSTART:20251231T013000\nRRULE:FREQ=MONTHLY;BYDAY=-1FR,1SU;BYHOUR=1,2")),
            .rrule(try RRuleTrigger(text: "DTSTART:20250923T020000\nRRULE:RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=1")),
            .rrule(try RRuleTrigger(text: "DTSTART:20250129T013000\nRRULE:RSCALE=CHINESE;FREQ=MONTHLY;INTERVAL=5")),
            .interval(try IntervalTrigger(interval: try ExactDuration(seconds: 5400), repeats: true, anchor: at("2026-01-01T00:00:00Z"))),
        ]
    }

    /// What the threads share, and where they report.
    final class Shared: Sendable {
        let database: ZoneDatabase
        let triggers: [Trigger]
        let after = SharedStateStressTests.at("2026-01-01T00:00:00Z")
        /// Per zone id, per trigger: the first 12 fires, computed before any thread started.
        let baseline: [[[Fire]]]
        let store = Mutex(try! PendingStore(limit: 64))
        let failures = Mutex<[String]>([])
        let done = Atomic<Bool>(false)

        init(database: ZoneDatabase, triggers: [Trigger]) throws {
            self.database = database
            self.triggers = triggers
            baseline = try SharedStateStressTests.zoneIDs.map { id in
                let rules = try database.rules(for: id)
                return try triggers.map { try $0.fires(after: SharedStateStressTests.at("2026-01-01T00:00:00Z"), in: rules, count: 12) }
            }
        }

        func fail(_ text: String) { failures.locked { if $0.count < 20 { $0.append(text) } } }
    }

    /// Looks zones up (this database and the shared one) and computes fires, eagerly, lazily and
    /// backwards, checking each against the baseline.
    static func engine(_ shared: Shared, rounds: Int, seed: Int) {
        for round in 0..<rounds {
            for (z, id) in zoneIDs.enumerated() {
                do {
                    let rules = try shared.database.rules(for: id)
                    _ = try ZoneDatabase.shared.rules(for: id)
                    for (t, trigger) in shared.triggers.enumerated() where (t + round + seed) % 2 == 0 {
                        let expected = shared.baseline[z][t]
                        let fires = try trigger.fires(after: shared.after, in: rules, count: 12)
                        if fires != expected { shared.fail("\(id) trigger \(t): \(fires.prefix(2)) vs \(expected.prefix(2))") }
                        // One fire at a time (`nextFire`: the triggers' fast paths), each after the one before.
                        var after = shared.after
                        for fire in expected {
                            let next = try trigger.nextFire(after: after, in: rules)
                            if next != fire { shared.fail("\(id) trigger \(t) next after \(after): \(String(describing: next)) vs \(fire)") }
                            after = fire.instant
                        }
                        let lazily = Array(try trigger.fires(after: shared.after, in: rules).prefix(3))
                        if lazily != Array(expected.prefix(3)) { shared.fail("\(id) trigger \(t) lazily: \(lazily)") }
                        if let last = expected.last, let previous = try trigger.previousFire(before: last.instant, in: rules),
                           expected.count >= 2, previous != expected[expected.count - 2] {
                            shared.fail("\(id) trigger \(t) backwards: \(previous)")
                        }
                        _ = fires.map { $0.abbreviation + $0.description }
                    }
                } catch {
                    shared.fail("\(id): \(error)")
                }
            }
        }
    }

    /// Adds requests to the shared store and delivers, one operation per lock, and reads copies
    /// of the store outside the lock while other threads change the original.
    static func pending(_ shared: Shared, operations: Int, seed: Int) {
        for i in 0..<operations {
            do {
                let id = zoneIDs[(i + seed) % zoneIDs.count]
                let rules = try shared.database.rules(for: id)
                let request = try PendingRequest(identifier: "r\((i * 7 + seed) % 100)", trigger: shared.triggers[i % shared.triggers.count],
                                                 zone: rules, zoneIdentifier: id, createdAt: shared.after)
                let copy = try shared.store.locked { store throws(PendingError) -> PendingStore in
                    let now = store.currentTime < shared.after ? shared.after : store.currentTime.advanced(by: .seconds(600))
                    if i % 3 == 0 {
                        _ = try store.deliver(until: now)
                    } else {
                        try store.add(request, now: now)
                    }
                    store.checkInvariants()
                    return store
                }
                // The copy shares its storage with the store until one of them writes.
                let pending = copy.pending
                if pending.count > 64 { shared.fail("\(pending.count) pending > limit 64") }
                for pair in zip(pending, pending.dropFirst()) where pair.1.precedes(pair.0) {
                    shared.fail("copy out of order: \(pair.0.identifier), \(pair.1.identifier)")
                }
            } catch {
                shared.fail("pending \(i): \(error)")
            }
        }
    }

    /// New abbreviations interned while other threads format fires' abbreviations.
    static func abbreviations(_ shared: Shared, count: Int, seed: Int) {
        for i in 0..<count {
            let name = "T\(seed)x\(i)"
            let type = LocalTimeType(utcOffset: Int32(i % 50) * 900, isDST: i % 2 == 0, abbreviation: name)
            if type.abbreviation != name { shared.fail("interned \(name), read \(type.abbreviation)") }
        }
    }

    @Test func sharedDatabaseEnginePendingStoreAndColumnsUnderReloads() throws {
        // The small trees (a few zones, cheap to reload under ThreadSanitizer), 2025b and edited.
        let link = ReloadTrees.link(to: ReloadTrees.smallPinned)
        let database = ZoneDatabase(preference: .newest, tzifDirectory: link)
        let shared = try Shared(database: database, triggers: try Self.triggers())

        // PendingColumns over enough requests to compute on several threads (≥ 32,768), and its
        // answer on one thread to compare with.
        var builder = PendingColumns.Builder(expectedCount: 40_000)
        for i in 0..<40_000 {
            let id = Self.zoneIDs[i % 4]
            builder.append(number: UInt64(i), trigger: shared.triggers[i % shared.triggers.count], zone: try database.rules(for: id))
        }
        let columns = builder.build()
        var computed = columns
        let expectedSoonest = computed.computeNextFires(after: shared.after, keepingSoonest: 100, workers: 1)
        let sequential = computed

        let group = DispatchGroup()
        func start(_ body: @escaping @Sendable () -> Void) {
            group.enter()
            Thread { body(); group.leave() }.start()
        }
        for seed in 0..<3 { start { Self.engine(shared, rounds: 3, seed: seed) } }
        for seed in 0..<2 { start { Self.pending(shared, operations: 300, seed: seed) } }
        for seed in 0..<2 { start { Self.abbreviations(shared, count: 500, seed: seed) } }
        for _ in 0..<2 {
            start {
                var parallel = columns
                let soonest = parallel.computeNextFires(after: shared.after, keepingSoonest: 100, workers: 4)
                if soonest != expectedSoonest { shared.fail("columns: \(soonest.prefix(2)) vs \(expectedSoonest.prefix(2))") }
                for i in stride(from: 0, to: 40_000, by: 997) where parallel.nextFire(at: i) != sequential.nextFire(at: i) {
                    shared.fail("columns \(i): \(String(describing: parallel.nextFire(at: i)))")
                }
            }
        }
        // Meanwhile this thread swaps the tree and reloads, back and forth.
        var reloads = 0
        let finished = Atomic<Bool>(false)
        let waiter = DispatchGroup()
        waiter.enter()
        Thread { group.wait(); finished.store(true, ordering: .releasing); waiter.leave() }.start()
        while !finished.load(ordering: .acquiring) || reloads < 2 {
            ReloadTrees.swap(link, to: reloads % 2 == 0 ? ReloadTrees.smallEdited : ReloadTrees.smallPinned)
            do { try database.reload() } catch { shared.fail("reload \(reloads): \(error)") }
            reloads += 1
            Thread.sleep(forTimeInterval: 0.005)
        }
        waiter.wait()

        #expect(shared.failures.locked { $0 } == [])
        #expect(database.generation == reloads)
    }
}
