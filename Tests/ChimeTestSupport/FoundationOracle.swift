import Foundation

// Foundation oracle + seeded case generator for differential tests of calendar-component
// triggers against `Calendar.nextDate(after:matching:matchingPolicy:repeatedTimePolicy:direction:)`.
//
// Meant to live in Tests/ChimeTests/Support/ beside SeededRandom.swift (uses its `SplitMix64`).
// Behaviour it reproduces is documented, with probes, in docs/apple-semantics.md.
//
// Usage:
//     var gen = FoundationCaseGenerator(seed: 42, zones: ids, transitions: { id in instants(id) })
//     for _ in 0..<200_000 {
//         let c = gen.next()
//         let expected = foundationNextDate(c)          // (seconds, nanoseconds)? — Foundation's answer
//         ...compare with Chime, tolerating FoundationOracle.tolerance(for: c) on the nanoseconds...
//     }
//
// Things the oracle cannot hide (notes §3.6, §3.9, §4, §5):
//  * Foundation's `Date` is a Double (seconds since 2001): sub-microsecond parts are rounded
//    (ulp ≈ 0.12 µs in 2026, ≈ 1 µs in 2200). Compare nanoseconds with `tolerance(for:)`.
//  * `weekdayOrdinal` 6 or 7 passes Foundation's validation and then never returns (> 300 s).
//    `nextDate` refuses such cases (precondition); the generator never makes them.
//  * In zones whose UTC offset has a seconds part (LMT eras, Africa/Monrovia until 1972,
//    Europe/Amsterdam until 1937, ...) Foundation aligns minutes/seconds to UTC, not local time.
//    `FoundationOracle.hasSubMinuteOffset(_:)` flags such cases.

/// One differential case: a zone, an "after" instant and a DateComponents pattern with policies.
struct FoundationCase: Hashable, Sendable, CustomStringConvertible {
    var zone: String
    var startSeconds: Int64          // Unix seconds
    var startNanoseconds: Int32      // 0 ..< 1_000_000_000
    var year: Int? = nil
    var month: Int? = nil
    var day: Int? = nil
    var hour: Int? = nil
    var minute: Int? = nil
    var second: Int? = nil
    var nanosecond: Int? = nil
    var weekday: Int? = nil
    var weekdayOrdinal: Int? = nil
    var weekOfMonth: Int? = nil
    var weekOfYear: Int? = nil
    var yearForWeekOfYear: Int? = nil
    var dayOfYear: Int? = nil
    var matchingPolicy: String = "nextTime"      // nextTime | nextTimePreservingSmallerComponents | previousTimePreservingSmallerComponents | strict
    var repeatedTimePolicy: String = "first"     // first | last
    var direction: String = "forward"            // forward | backward
    var firstWeekday: Int = 1
    var minimumDaysInFirstWeek: Int = 1
    /// Which generator family produced the case (for failure statistics); not an input.
    var family: String = ""

    init(zone: String, startSeconds: Int64, startNanoseconds: Int32 = 0) {
        self.zone = zone
        self.startSeconds = startSeconds
        self.startNanoseconds = startNanoseconds
    }

    /// The set components as (name, value), in CONTRACT.md key order.
    var components: [(String, Int)] {
        let all: [(String, Int?)] = [("year", year), ("month", month), ("day", day), ("hour", hour), ("minute", minute),
                                     ("second", second), ("nanosecond", nanosecond), ("weekday", weekday),
                                     ("weekdayOrdinal", weekdayOrdinal), ("weekOfMonth", weekOfMonth),
                                     ("weekOfYear", weekOfYear), ("yearForWeekOfYear", yearForWeekOfYear),
                                     ("dayOfYear", dayOfYear)]
        return all.compactMap { name, value in value.map { (name, $0) } }
    }

    /// A one-line, copy-pasteable description (JSON-like, CONTRACT.md names).
    var description: String {
        let comps = components.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ")
        var s = "{\"zone\": \"\(zone)\", \"after\": \"\(FoundationOracle.iso(startSeconds, startNanoseconds))\", "
        s += "\"components\": {\(comps)}, \"matchingPolicy\": \"\(matchingPolicy)\", "
        s += "\"repeatedTimePolicy\": \"\(repeatedTimePolicy)\", \"direction\": \"\(direction)\""
        if firstWeekday != 1 || minimumDaysInFirstWeek != 1 {
            s += ", \"firstWeekday\": \(firstWeekday), \"minimumDaysInFirstWeek\": \(minimumDaysInFirstWeek)"
        }
        return s + (family.isEmpty ? "}" : "} /* \(family) */")
    }

    /// Parses a case back from a report line: `description`, optionally prefixed (`test: `) and
    /// followed by the answers (` chime ... foundation ...`), as `CHIME_PARITY_REPORT` writes them.
    init?(reportLine line: Substring) {
        guard let open = line.firstIndex(of: "{") else { return nil }
        let rest = line[open...]
        let end = rest.range(of: " /* ")?.lowerBound ?? rest.range(of: " chime ")?.lowerBound ?? rest.endIndex
        guard let object = try? JSONSerialization.jsonObject(with: Data(rest[..<end].utf8)) as? [String: Any],
              let zone = object["zone"] as? String, let after = object["after"] as? String,
              let start = FoundationOracle.parseISO(after) else { return nil }
        self.init(zone: zone, startSeconds: start.seconds, startNanoseconds: start.nanoseconds)
        let components = object["components"] as? [String: Int] ?? [:]
        let fields: [(String, WritableKeyPath<FoundationCase, Int?>)] = [
            ("year", \.year), ("month", \.month), ("day", \.day), ("hour", \.hour), ("minute", \.minute),
            ("second", \.second), ("nanosecond", \.nanosecond), ("weekday", \.weekday),
            ("weekdayOrdinal", \.weekdayOrdinal), ("weekOfMonth", \.weekOfMonth), ("weekOfYear", \.weekOfYear),
            ("yearForWeekOfYear", \.yearForWeekOfYear), ("dayOfYear", \.dayOfYear)]
        for (name, path) in fields { self[keyPath: path] = components[name] }
        matchingPolicy = object["matchingPolicy"] as? String ?? matchingPolicy
        repeatedTimePolicy = object["repeatedTimePolicy"] as? String ?? repeatedTimePolicy
        direction = object["direction"] as? String ?? direction
        firstWeekday = object["firstWeekday"] as? Int ?? firstWeekday
        minimumDaysInFirstWeek = object["minimumDaysInFirstWeek"] as? Int ?? minimumDaysInFirstWeek
        if let familyStart = rest.range(of: " /* "), let familyEnd = rest.range(of: " */", range: familyStart.upperBound..<rest.endIndex) {
            family = String(rest[familyStart.upperBound..<familyEnd.lowerBound])
        }
    }
}

/// Foundation's answer for one case (see `FoundationOracle.nextDate`).
func foundationNextDate(_ c: FoundationCase) -> (seconds: Int64, nanoseconds: Int32)? {
    FoundationOracle.nextDate(c)
}

enum FoundationOracle {
    static let referenceDateUnixSeconds: Int64 = 978_307_200

    /// Foundation's answer: `Calendar(identifier: .gregorian)` with the case's zone and week rules.
    /// `nil` when Foundation returns nil (including invalid components and unknown zones).
    static func nextDate(_ c: FoundationCase) -> (seconds: Int64, nanoseconds: Int32)? {
        precondition(!wouldHang(c), "Foundation never returns for weekdayOrdinal 6/7: \(c)")
        guard let calendar = calendar(for: c) else { return nil }
        let result = calendar.nextDate(after: date(c.startSeconds, c.startNanoseconds), matching: dateComponents(c),
                                       matchingPolicy: matchingPolicy(c.matchingPolicy),
                                       repeatedTimePolicy: c.repeatedTimePolicy == "last" ? .last : .first,
                                       direction: c.direction == "backward" ? .backward : .forward)
        return result.map(split)
    }

    /// Foundation's answers for many cases, spread over all cores. Same order as `cases`. Foundation has
    /// internal contention: measured x0.7-x1.4 on this 2-core machine, so time it before relying on it.
    static func nextDates(_ cases: [FoundationCase]) -> [(seconds: Int64, nanoseconds: Int32)?] {
        var out = [(seconds: Int64, nanoseconds: Int32)?](repeating: nil, count: cases.count)
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        out.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let results = buffer      // each index is written by exactly one worker
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var i = worker
                while i < cases.count { results[i] = nextDate(cases[i]); i += workers }
            }
        }
        return out
    }

    /// Inputs for which Foundation loops "forever" (measured: no answer after 300 s).
    static func wouldHang(_ c: FoundationCase) -> Bool {
        if let o = c.weekdayOrdinal, o == 6 || o == 7 { return true }
        return false
    }

    /// Nanosecond tolerance to use when comparing with Foundation: its Date is a Double, so any
    /// case whose start or pattern has sub-second parts is only accurate to about one ulp.
    static func tolerance(for c: FoundationCase) -> Int64 {
        if c.startNanoseconds == 0 && (c.nanosecond ?? 0) == 0 { return 0 }
        // ulp of seconds-since-2001 at the larger of start and a year later, doubled, in ns.
        let t = abs(Double(c.startSeconds - referenceDateUnixSeconds)) + 366 * 86400
        return Int64((t.ulp * 2 * 1e9).rounded(.up)) + 1
    }

    /// True when the zone's offset at `seconds` is not a whole number of minutes (Foundation then
    /// aligns minute and second boundaries to UTC rather than to local time).
    static func hasSubMinuteOffset(zone: String, at seconds: Int64) -> Bool {
        guard let tz = TimeZone(identifier: zone) else { return false }
        return tz.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))) % 60 != 0
    }

    static func hasSubMinuteOffset(_ c: FoundationCase) -> Bool {
        hasSubMinuteOffset(zone: c.zone, at: c.startSeconds)
    }

    /// The components of the case that the instant does not match, as seen by Foundation in the
    /// case's zone/week rules (empty = exact match). Useful to classify Foundation's approximations
    /// (nextTime etc.) and its bugs (e.g. the February -> "March 1" answers, notes §5.2).
    static func mismatches(_ c: FoundationCase, seconds: Int64, nanoseconds: Int32) -> [String] {
        guard let cal = calendar(for: c) else { return [] }
        let d = date(seconds, nanoseconds)
        let got = cal.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond, .weekday, .weekdayOrdinal,
                                      .weekOfMonth, .weekOfYear, .yearForWeekOfYear, .dayOfYear], from: d)
        var out: [String] = []
        func check(_ name: String, _ want: Int?, _ have: Int?) { if let want, want != have { out.append(name) } }
        check("year", c.year, got.year); check("month", c.month, got.month); check("day", c.day, got.day)
        check("hour", c.hour, got.hour); check("minute", c.minute, got.minute); check("second", c.second, got.second)
        if let ns = c.nanosecond, let have = got.nanosecond, abs(ns - have) > Int(tolerance(for: c)) { out.append("nanosecond") }
        check("weekday", c.weekday, got.weekday); check("weekdayOrdinal", c.weekdayOrdinal, got.weekdayOrdinal)
        check("weekOfMonth", c.weekOfMonth, got.weekOfMonth); check("weekOfYear", c.weekOfYear, got.weekOfYear)
        check("yearForWeekOfYear", c.yearForWeekOfYear, got.yearForWeekOfYear); check("dayOfYear", c.dayOfYear, got.dayOfYear)
        return out
    }

    /// True when Foundation's answer is not strictly after (forward) / before (backward) the start
    /// (happens with `nanosecond` patterns, notes §7).
    static func isOutOfOrder(_ c: FoundationCase, seconds: Int64, nanoseconds: Int32) -> Bool {
        let lhs = (seconds, nanoseconds), rhs = (c.startSeconds, c.startNanoseconds)
        return c.direction == "backward" ? !(lhs < rhs) : !(lhs > rhs)
    }

    // MARK: - Conversions

    /// Calendars are cached per (zone, firstWeekday, minimumDaysInFirstWeek): building one is cheap (0.5 µs) but
    /// its first `nextDate` pays ~0.3 ms of cache warm-up inside Foundation, which doubled the oracle's cost.
    static func calendar(for c: FoundationCase) -> Calendar? {
        let key = "\(c.zone)|\(c.firstWeekday)|\(c.minimumDaysInFirstWeek)"
        if let cached = calendarCache.get(key) { return cached }
        guard let tz = TimeZone(identifier: c.zone) else { return nil }
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = tz
        cal.firstWeekday = c.firstWeekday
        cal.minimumDaysInFirstWeek = c.minimumDaysInFirstWeek
        calendarCache.set(key, cal)
        return cal
    }

    private final class CalendarCache: @unchecked Sendable {   // guarded by `lock`
        private let lock = NSLock()
        private var calendars: [String: Calendar] = [:]
        func get(_ key: String) -> Calendar? { lock.lock(); defer { lock.unlock() }; return calendars[key] }
        func set(_ key: String, _ value: Calendar) { lock.lock(); defer { lock.unlock() }; calendars[key] = value }
    }
    private static let calendarCache = CalendarCache()

    static func dateComponents(_ c: FoundationCase) -> DateComponents {
        var dc = DateComponents()
        dc.year = c.year; dc.month = c.month; dc.day = c.day
        dc.hour = c.hour; dc.minute = c.minute; dc.second = c.second; dc.nanosecond = c.nanosecond
        dc.weekday = c.weekday; dc.weekdayOrdinal = c.weekdayOrdinal; dc.weekOfMonth = c.weekOfMonth
        dc.weekOfYear = c.weekOfYear; dc.yearForWeekOfYear = c.yearForWeekOfYear; dc.dayOfYear = c.dayOfYear
        return dc
    }

    static func matchingPolicy(_ s: String) -> Calendar.MatchingPolicy {
        switch s {
        case "nextTime": return .nextTime
        case "nextTimePreservingSmallerComponents": return .nextTimePreservingSmallerComponents
        case "previousTimePreservingSmallerComponents": return .previousTimePreservingSmallerComponents
        case "strict": return .strict
        default: preconditionFailure("unknown matchingPolicy \(s)")
        }
    }

    /// Unix (seconds, nanoseconds) -> Date, rounding once (the integer part is exact).
    static func date(_ seconds: Int64, _ nanoseconds: Int32) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(seconds - referenceDateUnixSeconds) + Double(nanoseconds) / 1e9)
    }

    /// Date -> Unix (seconds, nanoseconds): floor of the Double, fraction rounded to the nanosecond.
    static func split(_ d: Date) -> (seconds: Int64, nanoseconds: Int32) {
        let t = d.timeIntervalSinceReferenceDate
        let whole = t.rounded(.down)
        var seconds = Int64(whole) + referenceDateUnixSeconds
        var ns = Int64(((t - whole) * 1e9).rounded())
        if ns >= 1_000_000_000 { seconds += 1; ns -= 1_000_000_000 }
        return (seconds, Int32(ns))
    }

    /// Inverse of `iso` (UTC, `Z`, optional fraction), through Foundation's UTC calendar.
    static func parseISO(_ text: String) -> (seconds: Int64, nanoseconds: Int32)? {
        let parts = text.dropLast().split(separator: "T")
        guard text.hasSuffix("Z"), parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-").compactMap { Int($0) }
        let timeAndFraction = parts[1].split(separator: ".")
        let time = timeAndFraction[0].split(separator: ":").compactMap { Int($0) }
        guard date.count == 3, time.count == 3 else { return nil }
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        guard let d = cal.date(from: DateComponents(year: date[0], month: date[1], day: date[2],
                                                    hour: time[0], minute: time[1], second: time[2])) else { return nil }
        let nanoseconds = timeAndFraction.count > 1 ? Int32(timeAndFraction[1]) ?? 0 : 0
        return (Int64(d.timeIntervalSince1970.rounded()), nanoseconds)
    }

    static func iso(_ seconds: Int64, _ nanoseconds: Int32) -> String {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        let c = cal.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(seconds)))
        func pad(_ v: Int?, _ w: Int) -> String { let s = String(v ?? 0); return String(repeating: "0", count: max(0, w - s.count)) + s }
        var s = "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))T\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2))"
        if nanoseconds != 0 { s += "." + pad(Int(nanoseconds), 9) }
        return s + "Z"
    }
}

/// Seeded generator of differential cases, emphasising DST gaps and overlaps (using the zone's
/// transition instants), days 29-31 and Feb 29, weekday+ordinal, weekOfYear and dayOfYear, with all
/// matching policies, both repeated-time policies and both directions.
///
/// `transitions(zone)` returns candidate transition instants (Unix seconds, ideally 1900-2200) of the
/// zone; an empty array is fine (the case then starts at a uniformly random instant).
/// Deterministic for a given seed, zone list and transition closure.
struct FoundationCaseGenerator {
    var rng: SplitMix64
    let zones: [String]
    let transitions: (String) -> [Int64]
    /// Instants are drawn from [1900-01-01, 2201-01-01) unless they come from a transition.
    var startRange: ClosedRange<Int64> = -2_208_988_800 ... 7_289_654_399
    /// Probability (0...100) of deriving the start from a transition when the zone has one.
    var transitionBiasPercent = 60
    /// Percent of backward searches.
    var backwardPercent = 30
    /// `.fast` (default) keeps the mean Foundation cost near 1 ms a case, for 200,000-case CI runs:
    /// it avoids patterns whose answer is nil only after Foundation's 100-iteration search
    /// (years on the wrong side of the start, Feb 30/31 with strict, ...), makes fewer backward
    /// week-based searches and no random mixes. `.thorough` draws everything (mean ~3 ms a case).
    var profile: Profile = .fast
    enum Profile: Sendable { case fast, thorough }
    private var transitionCache: [String: [Int64]] = [:]

    static let policies = ["nextTime", "nextTimePreservingSmallerComponents", "previousTimePreservingSmallerComponents", "strict"]

    init(seed: UInt64, zones: [String], transitions: @escaping (String) -> [Int64]) {
        precondition(!zones.isEmpty, "need at least one zone id")
        self.rng = SplitMix64(seed: seed)
        self.zones = zones
        self.transitions = transitions
    }

    private mutating func int(_ r: ClosedRange<Int>) -> Int { rng.next(in: r) }
    private mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
    private mutating func pick<T>(_ a: [T]) -> T { a[int(0...(a.count - 1))] }
    private mutating func int64(_ r: ClosedRange<Int64>) -> Int64 { Int64.random(in: r, using: &rng) }

    private mutating func zoneTransitions(_ zone: String) -> [Int64] {
        if let t = transitionCache[zone] { return t }
        let t = transitions(zone)
        transitionCache[zone] = t
        return t
    }

    /// Local wall-clock fields of an instant in a zone (Foundation's view).
    private static func local(_ zone: String, _ seconds: Int64) -> DateComponents {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: zone) ?? TimeZone(identifier: "UTC")!
        return cal.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday, .weekdayOrdinal, .dayOfYear],
                                  from: Date(timeIntervalSince1970: Double(seconds)))
    }

    private static func offset(_ zone: String, _ seconds: Int64) -> Int64 {
        Int64(TimeZone(identifier: zone)?.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))) ?? 0)
    }

    /// A year near `base` that can still be reached in the search direction (fast profile), or any
    /// year in base-2...base+3 (thorough).
    private mutating func nearYear(_ base: Int, _ direction: String) -> Int {
        if profile == .thorough { return base + int(-2...3) }
        let k = chance(80) ? int(1...2) : 0   // the start's own year is often already used up (nil after a slow search)
        return direction == "backward" ? base - k : base + k
    }

    mutating func next() -> FoundationCase {
        let zone = pick(zones)
        let trans = zoneTransitions(zone)
        let useTransition = !trans.isEmpty && chance(transitionBiasPercent)
        let t: Int64 = useTransition ? pick(trans) : int64(startRange)

        // Start instant: around the transition (exactly at it, ±1 s, or within a few days), or t itself.
        var start = t
        if useTransition {
            switch int(0...9) {
            case 0: start = t
            case 1: start = t - 1
            case 2: start = t + 1
            case 3...6: start = t - Int64(int(0...3 * 86400))
            default: start = t + Int64(int(0...2 * 86400))
            }
        }
        var c = FoundationCase(zone: zone, startSeconds: start,
                               startNanoseconds: chance(8) ? Int32(int(0...999_999_999)) : 0)
        c.matchingPolicy = pick(Self.policies)
        c.repeatedTimePolicy = chance(50) ? "first" : "last"
        c.direction = chance(backwardPercent) ? "backward" : "forward"
        switch int(0...19) {
        case 0...14: break                                   // Foundation's default 1/1
        case 15, 16: c.firstWeekday = 2; c.minimumDaysInFirstWeek = 4   // ISO-like
        default: c.firstWeekday = int(1...7); c.minimumDaysInFirstWeek = int(1...7)
        }

        // Wall-clock facts about t (the transition or random instant) used to build patterns.
        let before = Self.offset(zone, t - 1), after = Self.offset(zone, t)
        let lo = t + min(before, after), hi = t + max(before, after)   // affected local seconds [lo, hi)
        let wallInside: Int64 = hi > lo ? lo + Int64(int(0...Int(hi - lo - 1))) : t + after
        let wall = Self.local("UTC", pick([wallInside, lo, hi > lo ? hi - 1 : lo, t + after - 1, t + after]))
        let localT = Self.local(zone, t)

        let roll = int(0...99)
        switch roll {
        case 0..<22:   // gap / overlap wall times of this transition
            c.family = "transitionTime"
            c.hour = wall.hour
            switch int(0...5) {
            case 0: break                                              // {hour}
            case 1: c.minute = wall.minute; c.hour = nil                // hourly {minute}
            case 2, 3: c.minute = wall.minute                           // {hour, minute}
            case 4: c.minute = wall.minute; c.second = wall.second      // {hour, minute, second}
            default: c.minute = wall.minute; c.weekday = localT.weekday // weekly
            }
        case 22..<30:  // daily times
            c.family = "daily"
            c.hour = int(0...23); c.minute = pick([0, 0, 15, 30, 45, int(0...59)])
            if chance(25) { c.second = pick([0, int(0...59)]) }
        case 30..<36:  // hourly / minutely
            c.family = "hourly"
            if chance(70) { c.minute = int(0...59); if chance(30) { c.second = int(0...59) } } else { c.second = int(0...59) }
        case 36..<46:  // days 28-31 of every month
            c.family = "day29to31"
            c.day = int(28...31)
            if chance(50) { c.hour = int(0...23); if chance(70) { c.minute = int(0...59) } }
            else if chance(20) { c.minute = int(0...59) }
        case 46..<53:  // February 28-31, leap days
            c.family = "february"
            c.month = 2; c.day = pick([28, 29, 29, 29, 30, 31])
            if chance(40) { c.hour = int(0...23); c.minute = int(0...59) }
            if profile == .fast && c.day! >= 30 && c.matchingPolicy == "strict" && chance(90) { c.day = 29 }  // strict Feb 30/31: nil after ~50-150 ms
            if chance(15) {
                if profile == .fast {   // a leap year on the reachable side of the start
                    var y = nearYear(localT.year ?? 2000, c.direction)
                    while !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) { y += c.direction == "backward" ? -1 : 1 }
                    c.year = y
                } else { c.year = int(1896...2204) }
            }
            if chance(profile == .fast ? 3 : 10) { c.weekday = int(1...7) }     // Feb 29 on a given weekday: rare, ~17 ms
        case 53..<63:  // weekday + ordinal
            c.family = "weekdayOrdinal"
            c.weekday = int(1...7); c.weekdayOrdinal = pick([1, 2, 3, 4, 5, 5])
            if chance(60) { c.hour = int(0...23); if chance(70) { c.minute = int(0...59) } }
            if chance(10) { c.month = int(1...12) }
        case 63..<68:  // weekday
            c.family = "weekday"
            c.weekday = int(1...7)
            if chance(70) { c.hour = int(0...23); c.minute = int(0...59) } else if chance(30) { c.minute = int(0...59) }
        case 68..<73:  // weekOfMonth
            c.family = "weekOfMonth"
            c.weekOfMonth = pick([1, 2, 3, 4, 5, 6, int(1...6)])
            if chance(60) { c.weekday = int(1...7) }
            if chance(40) { c.hour = int(0...23) }
            if chance(10) { c.month = int(1...12) }
            if profile == .fast && c.weekOfMonth == 6 && c.weekday != nil && chance(70) { c.weekOfMonth = int(1...5) }  // often nil (slow)
            if profile == .fast && c.direction == "backward" && chance(50) { c.direction = "forward" }  // backward: often nil (slow)
        case 73..<81:  // weekOfYear / yearForWeekOfYear
            c.family = "weekOfYear"
            if profile == .fast && c.direction == "backward" && chance(80) { c.direction = "forward" }  // backward: mostly nil (slow)
            switch int(0...3) {
            case 0: c.weekOfYear = pick([1, 2, 52, 53, int(1...53)])
            case 1: c.weekOfYear = pick([1, 52, 53, int(1...53)]); c.weekday = int(1...7)
            case 2: c.weekOfYear = pick([1, 52, 53, int(1...53)]); c.yearForWeekOfYear = nearYear(localT.year ?? 2000, c.direction)
                    if chance(50) { c.weekday = int(1...7) }
            default: c.yearForWeekOfYear = nearYear(localT.year ?? 2000, c.direction)
            }
            if profile == .fast && c.weekOfYear == 53 && (c.yearForWeekOfYear != nil || chance(60)) { c.weekOfYear = int(1...52) }   // week 53 is often nil (slow)
            if chance(30) { c.hour = int(0...23) }
        case 81..<87:  // dayOfYear (Foundation walks day by day: up to ~4 ms a call)
            c.family = "dayOfYear"
            c.dayOfYear = pick([1, 59, 60, 61, 365, 366, int(1...366)])
            if chance(40) { c.hour = int(0...23) }
            if chance(10) { c.year = nearYear(localT.year ?? 2000, c.direction) }
            if profile == .fast, let y = c.year, c.dayOfYear == 366, !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) { c.dayOfYear = 365 }
        case 87..<92:  // the transition's own day: midnight gaps (Sao Paulo), skipped days (Apia)
            c.family = "transitionDay"
            switch int(0...4) {
            case 0: c.day = localT.day
            case 1: c.day = localT.day; c.hour = 0
            case 2: c.month = localT.month; c.day = localT.day
            case 3: c.weekday = localT.weekday
            default: c.hour = 0; if chance(50) { c.minute = int(0...59) }
            }
        case 92..<95:  // sub-second
            c.family = "nanosecond"
            c.nanosecond = pick([0, 500_000_000, 250_000_000, int(0...999_999_999)])
            if chance(80) { c.second = int(0...59) }
            if chance(30) { c.minute = int(0...59) }
        case 95..<97:  // explicit years
            c.family = "year"
            c.year = nearYear(localT.year ?? 2000, c.direction)
            switch int(0...3) {
            case 0: break
            case 1: c.month = int(1...12); c.day = int(1...31)
            case 2: c.month = int(1...12); c.day = int(1...31); c.hour = int(0...23)
            default: c.month = int(1...12)
            }
        case 97..<99 where profile == .fast:   // fast profile: no random mixes (their nils are slow)
            c.family = "daily"
            c.hour = int(0...23); c.minute = int(0...59)
        case 97..<99:  // random mix of 1-4 fields
            c.family = "mix"
            for _ in 0..<int(1...4) {
                switch int(0...12) {
                case 0: c.year = (localT.year ?? 2000) + int(-1...3)
                case 1: c.month = int(1...12)
                case 2: c.day = int(1...31)
                case 3: c.hour = int(0...23)
                case 4: c.minute = int(0...59)
                case 5: c.second = int(0...59)
                case 6: c.nanosecond = int(0...999_999_999)
                case 7: c.weekday = int(1...7)
                case 8: c.weekdayOrdinal = int(1...5)
                case 9: c.weekOfMonth = int(1...6)
                case 10: c.weekOfYear = int(1...53)
                case 11: c.yearForWeekOfYear = (localT.year ?? 2000) + int(-1...2)
                default: c.dayOfYear = int(1...366)
                }
            }
        default:       // invalid input: Foundation returns nil at once
            c.family = "invalid"
            switch int(0...9) {
            case 0: break                                       // empty components
            case 1: c.weekday = pick([0, 8])
            case 2: c.month = pick([0, 13])
            case 3: c.hour = pick([24, -1])
            case 4: c.weekdayOrdinal = pick([0, -1, 8])            // 6 and 7 hang: never generated
            case 5: c.day = pick([0, 32])
            case 6: c.minute = 60
            case 7: c.second = 60
            case 8: c.weekOfYear = pick([0, 54]); c.weekday = int(1...7)
            default: c.dayOfYear = pick([0, 367])
            }
        }
        return c
    }
}
