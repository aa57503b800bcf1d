import Chime

/// Seeded pending-set requests for `pending.*`: mixed trigger kinds over 400 zones, numeric
/// identifiers 1…N, so every machine builds the same sets.
///
/// Mix (per 100 requests): 45 daily `{hour, minute}`, 10 weekly `{weekday, hour, minute}`, 10
/// `WeeklyTrigger` on 2–5 weekdays, 10 monthly `{day, hour, minute}` (day 1–31), 4 yearly
/// `{month, day, hour, minute}` (Feb 29 included), 20 repeating intervals (15 min … 1 week, anchors
/// in 2025–2026) and 1 shape only the general search answers (`weekdayOrdinal`, e.g. the last
/// Friday at 17:00, or a daily time with an explicit gap policy).
struct PendingWorkload {
    static let seed: UInt64 = 0x9E4D_2026
    /// "Now" for every pending scenario: 2026-11-30T12:00:00Z; iteration i asks after now + i · 37 min.
    static let now: Int64 = 1_796_040_000

    /// 400 zones spread over every region of the TZif database (Etc/ and legacy names left out).
    static func zoneIDs(_ database: ZoneDatabase, count: Int = 400) -> [String] {
        let regions = ["Africa/", "America/", "Antarctica/", "Asia/", "Atlantic/", "Australia/", "Europe/", "Indian/", "Pacific/"]
        let all = database.identifiers(in: .tzif).filter { id in regions.contains { id.hasPrefix($0) } }.sorted()
        guard all.count > count else { return all }
        return (0..<count).map { all[$0 * all.count / count] }
    }

    enum Kind: String, CaseIterable {
        case daily, weekly, weekdaySet, monthly, yearly, interval, general
    }

    struct Request {
        let number: UInt64
        let kind: Kind
        let trigger: Trigger
        let zone: Int
    }

    let zoneIDs: [String]
    let rules: [ZoneRules]
    private var rng: SplitMix64
    private var next: UInt64 = 1

    init(database: ZoneDatabase, seed: UInt64 = PendingWorkload.seed) throws {
        zoneIDs = Self.zoneIDs(database)
        rules = try zoneIDs.map { try database.rules(for: $0, source: .tzif) }
        rng = SplitMix64(seed: seed)
    }

    /// The next request (identifier = running number).
    mutating func request() -> Request {
        let roll = Int.random(in: 0..<100, using: &rng)
        let kind: Kind = switch roll {
        case 0..<45: .daily
        case 45..<55: .weekly
        case 55..<65: .weekdaySet
        case 65..<75: .monthly
        case 75..<79: .yearly
        case 79..<99: .interval
        default: .general
        }
        let zone = Int.random(in: 0..<rules.count, using: &rng)
        let hour = Int.random(in: 0...23, using: &rng), minute = Int.random(in: 0...11, using: &rng) * 5
        let trigger: Trigger
        do {
            switch kind {
            case .daily: trigger = .calendar(try .daily(hour: hour, minute: minute))
            case .weekly:
                trigger = .calendar(try .weekly(weekday: Weekday(rawValue: Int.random(in: 1...7, using: &rng))!, hour: hour, minute: minute))
            case .weekdaySet:
                var days = Set<Weekday>()
                let n = Int.random(in: 2...5, using: &rng)
                while days.count < n { days.insert(Weekday(rawValue: Int.random(in: 1...7, using: &rng))!) }
                trigger = .weekly(try WeeklyTrigger(weekdays: days, hour: hour, minute: minute))
            case .monthly: trigger = .calendar(try .monthly(day: Int.random(in: 1...31, using: &rng), hour: hour, minute: minute))
            case .yearly:
                let month = Int.random(in: 1...12, using: &rng)
                let day = Int.random(in: 1...[31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1], using: &rng)
                trigger = .calendar(try .yearly(month: month, day: day, hour: hour, minute: minute))
            case .interval:
                let step: Int64 = [900, 1800, 3600, 5400, 7200, 21_600, 43_200, 86_400, 604_800][Int.random(in: 0...8, using: &rng)]
                let anchor = Instant(seconds: Int64.random(in: 1_735_689_600..<1_796_040_000, using: &rng))   // 2025-01-01 … now
                trigger = .interval(try IntervalTrigger(interval: try ExactDuration(seconds: step), repeats: true, anchor: anchor))
            case .general:
                if Bool.random(using: &rng) {
                    let ordinal = [1, 2, 3, 4, -1][Int.random(in: 0...4, using: &rng)]
                    trigger = .calendar(try CalendarTrigger(components: CalendarComponents(
                        hour: hour, minute: minute, weekday: Int.random(in: 1...7, using: &rng), weekdayOrdinal: ordinal)))
                } else {
                    trigger = .calendar(try CalendarTrigger(components: CalendarComponents(hour: hour, minute: minute), gapPolicy: .shift))
                }
            }
        } catch {
            fatalError("bench trigger: \(error)")
        }
        defer { next += 1 }
        return Request(number: next, kind: kind, trigger: trigger, zone: zone)
    }

    /// A short description of a bench trigger, e.g. `{hour: 8, minute: 30}` or `weekly [2, 4] 09:00:00`.
    static func label(_ trigger: Trigger) -> String {
        switch trigger {
        case .calendar(let t):
            let fields = t.components.named.compactMap { name, value in value.map { "\(name): \($0)" } }
            return "{" + fields.joined(separator: ", ") + "}" + (t.gapPolicy.map { " gap \($0)" } ?? "")
        case .weekly(let w): return "weekly \(w.weekdays.map(\.rawValue)) \(w.time)"
        case .interval(let t): return "every \(t.interval) s from \(t.anchor)"
        case .onCalendar(let t): return "OnCalendar \(t.normalized)"
        case .cron(let t): return "cron \(t.flavor.rawValue) '\(t.expression.text)'"
        case .flutterAndroid(let t): return "flutterAndroid \(t.match.rawValue) \(t.scheduled.time)"
        case .rrule(let t): return "rrule \(t.normalized)"
        }
    }

    /// `n` requests in a `PendingColumns`.
    mutating func columns(_ n: Int) -> PendingColumns {
        var builder = PendingColumns.Builder(expectedCount: n)
        for _ in 0..<n {
            let r = request()
            builder.append(number: r.number, trigger: r.trigger, zone: rules[r.zone])
        }
        return builder.build()
    }

    /// `n` requests as values (for the Foundation peer and the agreement check).
    mutating func requests(_ n: Int) -> [Request] { (0..<n).map { _ in request() } }
}
