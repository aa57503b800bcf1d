import Foundation
import Chime
@testable import ChimeTestSupport
@testable import ChimeReference

/// One differential case: a zone, a trigger, a start and a chain length, replayable from one line.
struct ReferenceCase {
    var zone: String
    var trigger: RefTrigger
    var start: RefInstant
    var count: Int

    private static let fieldNames = ["year", "month", "day", "hour", "minute", "second", "nanosecond", "weekday",
                                     "weekdayOrdinal", "weekOfMonth", "weekOfYear", "yearForWeekOfYear", "dayOfYear"]
    nonisolated(unsafe) private static let keyPaths: [WritableKeyPath<RefPattern, Int?>] = [\.year, \.month, \.day, \.hour, \.minute, \.second, \.nanosecond, \.weekday,
                                                                       \.weekdayOrdinal, \.weekOfMonth, \.weekOfYear, \.yearForWeekOfYear, \.dayOfYear]

    var line: String {
        let fields = zip(Self.fieldNames, Self.keyPaths).compactMap { name, kp in trigger.pattern[keyPath: kp].map { "\(name):\($0)" } }
        return ["zone=\(zone)", "fields=\(fields.joined(separator: ","))", "match=\(trigger.matching.rawValue)",
                "repeated=\(trigger.repeated.rawValue)", "dir=\(trigger.direction.rawValue)",
                "week=\(trigger.weekRules.firstWeekday),\(trigger.weekRules.minimumDaysInFirstWeek)",
                "gap=\(trigger.gap?.rawValue ?? "-")", "overlap=\(trigger.overlap?.rawValue ?? "-")",
                "start=\(start)", "count=\(count)"].joined(separator: " ")
    }

    init(zone: String, trigger: RefTrigger, start: RefInstant, count: Int) {
        self.zone = zone; self.trigger = trigger; self.start = start; self.count = count
    }

    init?(line: String) {
        var kv: [String: String] = [:]
        for part in line.split(separator: " ") {
            guard let eq = part.firstIndex(of: "=") else { continue }
            kv[String(part[..<eq])] = String(part[part.index(after: eq)...])
        }
        guard let zone = kv["zone"], let match = kv["match"].flatMap(RefMatching.init(rawValue:)),
              let repeated = kv["repeated"].flatMap(RefRepeated.init(rawValue:)),
              let dir = kv["dir"].flatMap(RefDirection.init(rawValue:)),
              let week = kv["week"]?.split(separator: ",").compactMap({ Int($0) }), week.count == 2,
              let startText = kv["start"], let count = kv["count"].flatMap(Int.init) else { return nil }
        var pattern = RefPattern()
        for f in (kv["fields"] ?? "").split(separator: ",") {
            let nv = f.split(separator: ":")
            guard nv.count == 2, let i = Self.fieldNames.firstIndex(of: String(nv[0])), let v = Int(nv[1]) else { return nil }
            pattern[keyPath: Self.keyPaths[i]] = v
        }
        let st = startText.split(separator: ".")
        guard st.count == 2, let s = Int64(st[0]), let ns = Int(st[1]) else { return nil }
        self.zone = zone
        self.trigger = RefTrigger(pattern: pattern, matching: match, repeated: repeated, direction: dir,
                                  weekRules: RefWeekRules(firstWeekday: week[0], minimumDaysInFirstWeek: week[1]),
                                  gap: kv["gap"].flatMap(RefGap.init(rawValue:)), overlap: kv["overlap"].flatMap(RefOverlap.init(rawValue:)))
        self.start = RefInstant(seconds: s, nanoseconds: ns)
        self.count = count
    }

    // MARK: running

    /// The reference's answer, rendered for comparison.
    func referenceAnswer() -> String {
        let (lo, hi) = RefTZSource.yearBounds(sourcePath: Fixtures.source.path)
        let outcome = RefZoneOracle.with(path: Fixtures.zonePath(zone)) { oracle in
            RefSearch(trigger: trigger, zone: oracle, earliestYear: lo, latestYear: hi).chain(after: start, count: count)
        }
        switch outcome {
        case .fires(let fs): return Self.render(fs.map { ($0.instant.seconds, $0.instant.nanoseconds, $0.offset, $0.adjustment.rawValue) })
        case .wallTimeSkipped: return "throws wallTimeSkipped"
        }
    }

    /// The engine's answer (consistent semantics unless told), rendered the same way; nil when the
    /// trigger is invalid for the engine (not compared).
    func engineAnswer(rules: ZoneRules, semantics: Semantics = .consistent) -> String? {
        let p = trigger.pattern
        let components = CalendarComponents(year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute,
                                            second: p.second, nanosecond: p.nanosecond, weekday: p.weekday,
                                            weekdayOrdinal: p.weekdayOrdinal, weekOfMonth: p.weekOfMonth, weekOfYear: p.weekOfYear,
                                            yearForWeekOfYear: p.yearForWeekOfYear, dayOfYear: p.dayOfYear)
        let t: CalendarTrigger
        do {
            t = try CalendarTrigger(components: components,
                                    matchingPolicy: MatchingPolicy(rawValue: trigger.matching.rawValue)!,
                                    repeatedTimePolicy: RepeatedTimePolicy(rawValue: trigger.repeated.rawValue)!,
                                    direction: SearchDirection(rawValue: trigger.direction.rawValue)!,
                                    repeats: true,
                                    weekRules: try WeekRules(firstWeekday: trigger.weekRules.firstWeekday,
                                                             minimumDaysInFirstWeek: trigger.weekRules.minimumDaysInFirstWeek),
                                    gapPolicy: trigger.gap.map { GapPolicy(rawValue: $0.rawValue)! },
                                    overlapPolicy: trigger.overlap.map { OverlapPolicy(rawValue: $0.rawValue)! },
                                    semantics: semantics)
        } catch {
            return nil
        }
        do {
            let fires = try Trigger.calendar(t).fires(after: Instant(seconds: start.seconds, nanoseconds: Int32(start.nanoseconds)),
                                                      in: rules, count: count)
            return Self.render(fires.map { (Int64($0.instant.seconds), Int($0.instant.nanoseconds), Int($0.offset), $0.adjustment.rawValue) })
        } catch {
            let e: any Error = error
            if let te = e as? TriggerError, case .wallTimeSkipped = te { return "throws wallTimeSkipped" }
            return "throws \(e)"
        }
    }

    static func render(_ fires: [(Int64, Int, Int, String)]) -> String {
        "[" + fires.map { s, ns, off, adj in
            "\(RefInstant(seconds: s, nanoseconds: ns)) (\(utc(s, ns))) off=\(off) \(adj)"
        }.joined(separator: ", ") + "]"
    }

    /// An ISO rendering from the reference calendar, for humans reading reports.
    static func utc(_ s: Int64, _ ns: Int) -> String {
        let day = RefCal.wallDay(s)
        // Year 0 UTC holds a far-east zone's first wall times (0001-01-01 00:00 +12:33:04 in Apia).
        guard day >= RefCal.dayNumber(0, 1, 1) else { return "before 0000-01-01" }
        let c = RefCal.civil(day)
        let sod = Int(s - RefCal.wallSeconds(day: day, secondOfDay: 0))
        let frac = ns == 0 ? "" : "." + String(String(ns + 1_000_000_000).dropFirst())
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year, c.month, c.day, sod / 3600, sod / 60 % 60, sod % 60) + frac + "Z"
    }
}
