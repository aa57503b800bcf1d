@testable import ChimeTestSupport
@testable import Chime

/// Seeded random RFC 5545 recurrences (RRULE and DTSTART, half of them in a zone with DST), for
/// the differential runs against dateutil and libical (ChimeOracleTests) and the unit tests that
/// hold one expansion against another (`RScaleRuleTests`).
enum RRuleCases {
    static let zones = ZoneSets.rruleDifferential
    /// The instances asked of each case.
    static let limit = 15

    struct Case: Codable, Hashable {
        let dtstart: String
        let tz: String
        let rule: String
        let limit: Int
    }

    static func pick<T>(_ r: inout SplitMix64, _ items: [T]) -> T { items[r.next(in: 0...items.count - 1)] }

    static func values(_ r: inout SplitMix64, _ range: ClosedRange<Int>, signed: Bool, most: Int = 3) -> String {
        (0..<r.next(in: 1...most)).map { _ in
            let v = r.next(in: range)
            return String(signed && r.next(in: 0...2) == 0 ? -v : v)
        }.joined(separator: ",")
    }

    static func random(_ r: inout SplitMix64) -> Case {
        let freqs = ["YEARLY", "YEARLY", "YEARLY", "MONTHLY", "MONTHLY", "MONTHLY", "MONTHLY", "WEEKLY", "WEEKLY", "WEEKLY",
                     "DAILY", "DAILY", "DAILY", "HOURLY", "HOURLY", "MINUTELY", "SECONDLY"]
        let freq = pick(&r, freqs)
        let fine = freq == "HOURLY" || freq == "MINUTELY" || freq == "SECONDLY"
        var parts = ["FREQ=" + freq]
        let zoned = r.next(in: 0...9) < 5
        let tz = zoned ? pick(&r, zones) : "-"
        // DTSTART: 1995–2035, hours biased to the small hours where transitions are.
        let year = r.next(in: 1995...2035), month = r.next(in: 1...12)
        let day = r.next(in: 1...Int(CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(month))))
        let hour = r.next(in: 0...3) == 0 ? r.next(in: 0...23) : r.next(in: 0...3)
        let minute = pick(&r, [0, 0, 30, 15, r.next(in: 0...59)]), second = r.next(in: 0...5) == 0 ? r.next(in: 0...59) : 0
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let dtstart = "\(year)\(two(month))\(two(day))T\(two(hour))\(two(minute))\(two(second))"
        if r.next(in: 0...9) < 4 { parts.append("INTERVAL=\(r.next(in: 0...4) == 0 ? r.next(in: 2...30) : r.next(in: 2...4))") }
        let bound = r.next(in: 0...9)
        if bound < 3 {
            parts.append("COUNT=\(r.next(in: 1...30))")
        } else if bound < 5 {
            // UNTIL a little after DTSTART: in UTC for a zoned DTSTART, floating otherwise (RFC 5545 §3.3.10).
            let span: Int64 = fine ? Int64(r.next(in: 1...72)) * 3600 : Int64(r.next(in: 1...3000)) * 86_400
            let wall = (try! CivilDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)).localSeconds + span
            parts.append("UNTIL=" + RRuleParser.dateTimeText(wall) + (zoned ? "Z" : ""))
        }
        var hasBy = false
        let yearly = freq == "YEARLY", monthly = freq == "MONTHLY", weekly = freq == "WEEKLY", daily = freq == "DAILY"
        let byMonth = r.next(in: 0...9) < 3
        if byMonth { parts.append("BYMONTH=" + values(&r, 1...12, signed: false)); hasBy = true }
        let weekNo = yearly && r.next(in: 0...9) < (byMonth ? 1 : 2)
        if weekNo { parts.append("BYWEEKNO=" + values(&r, 1...53, signed: true, most: 2)); hasBy = true }
        if (yearly || fine) && r.next(in: 0...9) < 1 { parts.append("BYYEARDAY=" + values(&r, 1...366, signed: true)); hasBy = true }
        // Few rules that can never match (a month day and a numbered weekday, week numbers and months):
        // the peers search such rules to the year 9999.
        let monthDay = !weekly && r.next(in: 0...9) < 3
        if monthDay { parts.append("BYMONTHDAY=" + values(&r, 1...31, signed: true)); hasBy = true }
        if r.next(in: 0...9) < 4 {
            let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
            let numbered = (monthly || (yearly && !weekNo)) && (!monthDay || r.next(in: 0...9) == 0)
            parts.append("BYDAY=" + (0..<r.next(in: 1...3)).map { _ -> String in
                let code = pick(&r, codes)
                guard numbered && r.next(in: 0...9) < 5 else { return code }
                let n = monthly || parts.contains(where: { $0.hasPrefix("BYMONTH=") }) ? r.next(in: 1...5) : r.next(in: 1...53)
                return String(r.next(in: 0...2) == 0 ? -n : n) + code
            }.joined(separator: ","))
            hasBy = true
        }
        if r.next(in: 0...9) < (fine ? 2 : 3) { parts.append("BYHOUR=" + values(&r, 0...23, signed: false)); hasBy = true }
        if r.next(in: 0...9) < (fine ? 2 : 2) { parts.append("BYMINUTE=" + values(&r, 0...59, signed: false, most: 2)); hasBy = true }
        if r.next(in: 0...9) < 1 { parts.append("BYSECOND=" + values(&r, 0...59, signed: false, most: 2)); hasBy = true }
        // BYSETPOS (a limit for every FREQ in §3.3.10's table) where periods hold several instances,
        // mostly small positions (a position past the set's size never matches, and the peers then
        // search to the year 9999): YEARLY, MONTHLY, WEEKLY, and the finer FREQs whose periods a
        // finer BYHOUR, BYMINUTE or BYSECOND expands. Periods of one instance (SECONDLY; DAILY,
        // HOURLY, MINUTELY without a finer time part) get ±1, which keeps that instance.
        let finerTime = (daily && parts.contains { $0.hasPrefix("BYHOUR=") || $0.hasPrefix("BYMINUTE=") || $0.hasPrefix("BYSECOND=") })
            || (freq == "HOURLY" && parts.contains { $0.hasPrefix("BYMINUTE=") || $0.hasPrefix("BYSECOND=") })
            || (freq == "MINUTELY" && parts.contains { $0.hasPrefix("BYSECOND=") })
        if hasBy && (yearly || monthly || weekly || finerTime) && r.next(in: 0...9) < 2 {
            parts.append("BYSETPOS=" + values(&r, r.next(in: 0...3) == 0 ? 1...8 : 1...2, signed: true, most: 2))
        } else if hasBy && (daily || fine) && r.next(in: 0...9) == 0 {
            parts.append("BYSETPOS=" + pick(&r, ["1", "-1", "1,-1"]))
        }
        if (weekly || weekNo || r.next(in: 0...9) == 0) && r.next(in: 0...9) < 4 { parts.append("WKST=" + pick(&r, ["MO", "TU", "WE", "TH", "FR", "SA", "SU"])) }
        // Shuffle the parts after FREQ now and then: order does not matter.
        if parts.count > 2 && r.next(in: 0...4) == 0 { parts = [parts[0]] + parts.dropFirst().reversed() }
        return Case(dtstart: dtstart, tz: tz, rule: parts.joined(separator: ";"), limit: limit)
    }
}
