import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `PendingColumns` against oracles that are not the columns: the engine's `Trigger.nextFire`
/// called directly (the columns must give exactly its instants), a full sort (for the k soonest),
/// the engine's fire chain (for delivery counts), and Foundation's `Calendar.nextDate` (for the
/// engine on a sample of the packed shapes).
@Suite struct PendingColumnsTests {
    static let zones: [ZoneRules] = Fixtures.zoneIdentifiers.compactMap { try? Fixtures.tzifDatabase.rules(for: $0) }

    /// A random trigger of every storage kind, including shapes that must not be packed
    /// (policies, nanoseconds, one-shots, fractional intervals, ordinals).
    static func randomTrigger(_ rng: inout SplitMix64) throws -> Trigger {
        let hour = rng.next(in: 0...2) == 0 ? [0, 1, 2, 3, 23][rng.next(in: 0...4)] : rng.next(in: 0...23)
        let minute = [0, 30, 15, 45, rng.next(in: 0...59)][rng.next(in: 0...4)]
        func maybe(_ v: Int) -> Int? { rng.next(in: 0...3) == 0 ? nil : v }
        switch rng.next(in: 0...13) {
        case 0...2: return .calendar(try .daily(hour: hour, minute: minute))
        case 3:
            let h = maybe(hour)
            return .calendar(try CalendarTrigger(components: CalendarComponents(hour: h, weekday: h == nil ? rng.next(in: 1...7) : maybe(rng.next(in: 1...7)))))
        case 4: return .calendar(try .weekly(weekday: Weekday(rawValue: rng.next(in: 1...7))!, hour: hour, minute: minute, second: rng.next(in: 0...59)))
        case 5: return .calendar(try CalendarTrigger(components: CalendarComponents(day: rng.next(in: 1...31), hour: maybe(hour))))
        case 6:
            let month = rng.next(in: 1...12)
            return .calendar(try CalendarTrigger(components: CalendarComponents(month: month, day: rng.next(in: 0...1) == 0 ? 29 : rng.next(in: 1...31),
                                                                                hour: maybe(hour), minute: maybe(minute))))
        case 7:
            var days = Set<Weekday>()
            for _ in 0..<rng.next(in: 1...7) { days.insert(Weekday(rawValue: rng.next(in: 1...7))!) }
            let gap: GapPolicy? = rng.next(in: 0...5) == 0 ? .shift : nil
            return .weekly(try WeeklyTrigger(weekdays: days, hour: hour, minute: minute, gapPolicy: gap))
        case 8...9:
            let step = [60, 900, 3600, 5400, 86_400, 604_800, 4_000_000_000][rng.next(in: 0...6)]
            let anchor = Instant(seconds: Int64.random(in: 1_500_000_000...1_900_000_000, using: &rng),
                                 nanoseconds: rng.next(in: 0...2) == 0 ? Int32(rng.next(in: 0...999_999_999)) : 0)
            let fractional = rng.next(in: 0...5) == 0
            let interval = fractional ? ExactDuration(nanoseconds: Int64(step) * 1_000_000_000 + 250_000_000) : try ExactDuration(seconds: Int64(step))
            return .interval(try IntervalTrigger(interval: interval, repeats: rng.next(in: 0...7) != 0, anchor: anchor,
                                                 reportsWallClockDrift: rng.next(in: 0...7) == 0))
        case 10:
            return .calendar(try CalendarTrigger(components: CalendarComponents(hour: hour, minute: minute),
                                                 matchingPolicy: [.strict, .nextTimePreservingSmallerComponents, .previousTimePreservingSmallerComponents][rng.next(in: 0...2)],
                                                 repeatedTimePolicy: rng.next(in: 0...1) == 0 ? .first : .last))
        case 11:
            return .calendar(try CalendarTrigger(components: CalendarComponents(hour: hour, minute: minute, weekday: rng.next(in: 1...7),
                                                                                weekdayOrdinal: [1, 2, -1][rng.next(in: 0...2)])))
        case 12:
            return .calendar(try CalendarTrigger(components: CalendarComponents(hour: hour, minute: minute, nanosecond: 500_000_000)))
        default:
            return .calendar(try CalendarTrigger(components: CalendarComponents(hour: hour, minute: minute), repeats: false,
                                                 gapPolicy: rng.next(in: 0...1) == 0 ? .skip : nil))
        }
    }

    /// A start: uniform 1990–2060, or within three days of one of the zone's transitions.
    static func randomStart(_ zone: ZoneRules, _ rng: inout SplitMix64) -> Instant {
        let around = Int64.random(in: 631_152_000...2_840_000_000, using: &rng)
        var base = around
        if rng.next(in: 0...1) == 0 {
            let near = zone.transitions(from: Instant(seconds: around - 400 * 86_400), to: Instant(seconds: around + 400 * 86_400))
            if !near.isEmpty { base = near[rng.next(in: 0...near.count - 1)].instant.seconds + Int64(rng.next(in: -3 * 86_400...3 * 86_400)) }
        }
        return Instant(seconds: base, nanoseconds: rng.next(in: 0...3) == 0 ? Int32(rng.next(in: 0...999_999_999)) : 0)
    }

    struct Appended {
        let identifier: String
        let trigger: Trigger
        let zone: ZoneRules
    }

    static func build(_ requests: [Appended]) -> PendingColumns {
        var builder = PendingColumns.Builder()
        for r in requests { builder.append(identifier: r.identifier, trigger: r.trigger, zone: r.zone) }
        return builder.build()
    }

    static func position(_ columns: PendingColumns) -> [String: Int] {
        var out: [String: Int] = [:]
        for i in 0..<columns.count { out[columns.identifier(at: i)] = i }
        return out
    }

    /// Shortlex: shorter first, then UTF-8 bytes (numeric identifiers in numeric order).
    static func shortlex(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        return x.count != y.count ? x.count < y.count : x.lexicographicallyPrecedes(y)
    }

    // MARK: Next fire

    /// 30 rounds × 1,000 seeded requests of every kind in random fixture zones, each asked after
    /// a random start: the column holds exactly the engine's instant (or never / failed).
    @Test func nextFiresMatchTheEngine() throws {
        var rng = SplitMix64(seed: 0x5CA1_E001)
        var kinds: [String: Int] = [:]
        for round in 0..<30 {
            var requests: [Appended] = []
            for i in 0..<1_000 {
                let zone = Self.zones[rng.next(in: 0...Self.zones.count - 1)]
                requests.append(Appended(identifier: round % 2 == 0 ? String(i) : "r-\(i)", trigger: try Self.randomTrigger(&rng), zone: zone))
            }
            var columns = Self.build(requests)
            let start = Self.randomStart(requests[0].zone, &rng)
            columns.computeNextFires(after: start, workers: round % 3 == 0 ? 1 : 2)
            let at = Self.position(columns)
            for r in requests {
                let i = at[r.identifier]!
                kinds[columns.storageKind(at: i), default: 0] += 1
                #expect(columns.trigger(at: i) == r.trigger, "decoded trigger differs: \(r.trigger)")
                #expect(columns.zone(at: i).identifier == r.zone.identifier)
                let expected: Int64
                var nanos: Int32 = 0
                do {
                    if let fire = try r.trigger.nextFire(after: start, in: r.zone) {
                        expected = fire.instant.seconds
                        nanos = fire.instant.nanoseconds
                    } else {
                        expected = PendingColumns.never
                    }
                } catch {
                    expected = PendingColumns.failed
                }
                #expect(columns.nextSeconds[i] == expected, "\(r.zone.identifier) \(r.trigger) after \(start)")
                if expected != PendingColumns.never && expected != PendingColumns.failed {
                    #expect(columns.nextFire(at: i) == Instant(seconds: expected, nanoseconds: nanos))
                }
            }
        }
        // Every storage kind was exercised.
        for kind in ["timeOfDay", "dayOfMonth", "weekdaySet", "interval", "general"] { #expect(kinds[kind, default: 0] > 500, "\(kind): \(kinds)") }
    }

    /// The engine against Foundation on a sample of the packed shapes (daily, weekday, day of
    /// month, date of year, sets of weekdays) in zones where Foundation has no known quirk,
    /// starts 2026–2030: Foundation's `Calendar.nextDate` is the oracle for the instant.
    @Test func packedShapesMatchFoundation() throws {
        let ids = ZoneSets.pendingPackedShapes
        let rules = try ids.map { try Fixtures.tzifDatabase.rules(for: $0) }
        var rng = SplitMix64(seed: 0xF0_2026)
        var requests: [Appended] = []
        var queries: [(zone: Int, components: [DateComponents])] = []
        for i in 0..<2_000 {
            let z = rng.next(in: 0...ids.count - 1)
            let (hour, minute) = (rng.next(in: 0...23), rng.next(in: 0...11) * 5)
            let trigger: Trigger, comps: [DateComponents]
            switch rng.next(in: 0...4) {
            case 0: trigger = .calendar(try .daily(hour: hour, minute: minute)); comps = [DateComponents(hour: hour, minute: minute)]
            case 1:
                let w = rng.next(in: 1...7)
                trigger = .calendar(try .weekly(weekday: Weekday(rawValue: w)!, hour: hour, minute: minute))
                comps = [DateComponents(hour: hour, minute: minute, second: 0, weekday: w)]
            case 2:
                let d = rng.next(in: 1...31)
                trigger = .calendar(try .monthly(day: d, hour: hour, minute: minute))
                comps = [DateComponents(day: d, hour: hour, minute: minute, second: 0)]
            case 3:
                let (m, d) = (rng.next(in: 1...12), rng.next(in: 1...29))
                trigger = .calendar(try .yearly(month: m, day: d, hour: hour, minute: minute))
                comps = [DateComponents(month: m, day: d, hour: hour, minute: minute, second: 0)]
            default:
                let days = Set((0..<3).map { _ in Weekday(rawValue: rng.next(in: 1...7))! })
                trigger = .weekly(try WeeklyTrigger(weekdays: days, hour: hour, minute: minute))
                comps = days.map { DateComponents(hour: hour, minute: minute, second: 0, weekday: $0.rawValue) }
            }
            requests.append(Appended(identifier: String(i), trigger: trigger, zone: rules[z]))
            queries.append((z, comps))
        }
        let calendars = ids.map { id -> Calendar in
            var c = Calendar(identifier: .gregorian)
            c.timeZone = TimeZone(identifier: id)!
            return c
        }
        var columns = Self.build(requests)
        let at = Self.position(columns)
        for round in 0..<3 {
            let start = Int64.random(in: 1_767_225_600...1_893_456_000, using: &rng) + Int64(round)
            columns.computeNextFires(after: Instant(seconds: start))
            for (i, q) in queries.enumerated() {
                let foundation = q.components.compactMap {
                    calendars[q.zone].nextDate(after: Date(timeIntervalSince1970: Double(start)), matching: $0,
                                               matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)
                }.min().map { Int64($0.timeIntervalSince1970) }
                #expect(columns.nextFire(at: at[String(i)]!)?.seconds == foundation,
                        "\(ids[q.zone]) \(requests[i].trigger) after \(Instant(seconds: start))")
            }
        }
    }

    // MARK: k soonest

    /// Seeded requests with many equal instants (a few distinct times, intervals sharing anchors),
    /// numeric and text identifiers, k from 0 past n, one and two workers, and a set large enough
    /// to be split into chunks: the k soonest equal the first k of a full sort by (instant,
    /// identifier in shortlex order).
    @Test func soonestMatchesAFullSort() throws {
        var rng = SplitMix64(seed: 0x50_0E57)
        let zones = try ["America/New_York", "Europe/Paris", "Asia/Kolkata", "UTC"].map { try Fixtures.tzifDatabase.rules(for: $0) }
        for (n, textual) in [(300, false), (300, true), (40_000, false), (40_000, true)] {
            var requests: [Appended] = []
            for i in 0..<n {
                let trigger: Trigger = rng.next(in: 0...1) == 0
                    ? .calendar(try .daily(hour: [8, 9][rng.next(in: 0...1)], minute: 0))
                    : .interval(try IntervalTrigger(interval: try ExactDuration(seconds: 3600), repeats: true,
                                                    anchor: Instant(seconds: 1_767_225_600 + Int64(rng.next(in: 0...3)) * 60)))
                let id = textual ? (rng.next(in: 0...1) == 0 ? "r\(i)" : "\(n * 7 - i)x") : String(n * 3 - i * 2)
                requests.append(Appended(identifier: id, trigger: trigger, zone: zones[rng.next(in: 0...zones.count - 1)]))
            }
            var columns = Self.build(requests)
            let now = Instant(seconds: 1_780_000_000)
            columns.computeNextFires(after: now)
            let expectedAll = (0..<columns.count).map { i in (columns.nextFire(at: i)!, columns.identifier(at: i)) }
                .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : Self.shortlex($0.1, $1.1) }
            for k in [0, 1, 7, 64, 1_000, n + 5] {
                for workers in [1, 2] {
                    let fused = columns.computeNextFires(after: now, keepingSoonest: k, workers: workers)
                    let fromColumn = columns.soonest(k, workers: workers)
                    let expected = expectedAll.prefix(k).map { "\($0.1) \($0.0)" }
                    #expect(fused.map(\.description) == expected, "n \(n) k \(k) workers \(workers)")
                    #expect(fromColumn.map(\.description) == expected)
                }
            }
        }
    }

    /// Appending an identifier again replaces its request (the last one wins), numeric or not.
    @Test func appendingAnIdentifierAgainReplacesIt() throws {
        let ny = try Fixtures.tzifDatabase.rules(for: "America/New_York"), paris = try Fixtures.tzifDatabase.rules(for: "Europe/Paris")
        var builder = PendingColumns.Builder()
        builder.append(identifier: "7", trigger: .calendar(try .daily(hour: 8, minute: 0)), zone: ny)
        builder.append(identifier: "a", trigger: .calendar(try .daily(hour: 9, minute: 0)), zone: ny)
        builder.append(number: 7, trigger: .calendar(try .daily(hour: 10, minute: 0)), zone: paris)
        builder.append(identifier: "a", trigger: .calendar(try .daily(hour: 11, minute: 0)), zone: paris)
        builder.append(identifier: "3", trigger: .calendar(try .daily(hour: 12, minute: 0)), zone: ny)
        let columns = builder.build()
        #expect(columns.count == 3)
        let at = Self.position(columns)
        #expect(columns.trigger(at: at["7"]!) == .calendar(try .daily(hour: 10, minute: 0)))
        #expect(columns.zone(at: at["7"]!).identifier == "Europe/Paris")
        #expect(columns.trigger(at: at["a"]!) == .calendar(try .daily(hour: 11, minute: 0)))
        #expect(columns.trigger(at: at["3"]!) == .calendar(try .daily(hour: 12, minute: 0)))
    }

    /// The worked example of the doc comment: 07:00 before 08:30 on the day New York springs
    /// forward (both EDT: 11:00:00Z and 12:30:00Z; 08:30 EST on Mar 7 = 13:30:00Z is before the start).
    @Test func docExample() throws {
        var builder = PendingColumns.Builder()
        let ny = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        builder.append(identifier: "1", trigger: .calendar(try .daily(hour: 8, minute: 30)), zone: ny)
        builder.append(identifier: "2", trigger: .calendar(try .daily(hour: 7, minute: 0)), zone: ny)
        var columns = builder.build()
        let soonest = columns.computeNextFires(after: try ISO8601Format.parseInstant("2026-03-07T14:00:00Z"), keepingSoonest: 64)
        #expect(soonest.map(\.description) == ["2 2026-03-08T11:00:00Z", "1 2026-03-08T12:30:00Z"])
    }

    // MARK: Delivery simulation

    /// Delivery counts over a year against walking each request's chain with the engine's
    /// `FireIterator`; the timeline against all those fires fully sorted by (instant, identifier).
    @Test func deliveriesMatchTheEngineChain() throws {
        var rng = SplitMix64(seed: 0xDE11_7E57)
        for round in 0..<4 {
            var requests: [Appended] = []
            for i in 0..<60 {
                requests.append(Appended(identifier: "q\(i)", trigger: try Self.randomTrigger(&rng),
                                         zone: Self.zones[rng.next(in: 0...Self.zones.count - 1)]))
            }
            let columns = Self.build(requests)
            let from = Instant(seconds: 1_767_225_600 + Int64(round) * 86_400 * 97), until = from.adding(seconds: 365 * 86_400)
            var expected: [(Instant, String)] = []
            for r in requests {
                var it = FireIterator(trigger: r.trigger, zone: r.zone, start: from)
                var last = from
                while let fire = try? it.nextFire(), fire.instant > last, fire.instant <= until {
                    expected.append((fire.instant, r.identifier))
                    last = fire.instant
                }
            }
            expected.sort { $0.0 != $1.0 ? $0.0 < $1.0 : Self.shortlex($0.1, $1.1) }
            #expect(columns.deliveryCount(after: from, through: until, workers: 1) == expected.count)
            #expect(columns.deliveryCount(after: from, through: until, workers: 2) == expected.count)
            // The timeline over the first 40 days (every-minute intervals make a year's too long to list).
            let soon = from.adding(seconds: 40 * 86_400)
            let timeline = columns.deliveries(after: from, through: soon, limit: .max).map { "\($0.identifier) \($0.fire.instant)" }
            let wanted = expected.filter { $0.0 <= soon }.map { "\($0.1) \($0.0)" }
            #expect(timeline.count == wanted.count)
            if let k = (0..<min(timeline.count, wanted.count)).first(where: { timeline[$0] != wanted[$0] }) {
                Issue.record("timeline differs at \(k): \(timeline[max(0, k - 2)..<min(timeline.count, k + 3)]) vs \(wanted[max(0, k - 2)..<min(wanted.count, k + 3)])")
            }
        }
    }

    /// A daily request delivers once a day: 365 fires in 2027 in a zone with DST (the spring
    /// gap's 02:30 fires at 03:00, the autumn overlap's first pass only).
    @Test func dailyRequestDeliversOncePerDay() throws {
        var builder = PendingColumns.Builder()
        let ny = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        builder.append(number: 1, trigger: .calendar(try .daily(hour: 2, minute: 30)), zone: ny)
        builder.append(number: 2, trigger: .calendar(try .daily(hour: 1, minute: 30)), zone: ny)
        let columns = builder.build()
        // 2027-01-01T12:00:00Z … 2028-01-01T12:00:00Z: 365 local days, each fires once.
        #expect(columns.deliveryCount(after: Instant(seconds: 1_798_804_800), through: Instant(seconds: 1_830_340_800)) == 730)
    }
}
