@testable import ChimeTestSupport
@testable import Chime

/// Seeded random `OnCalendar` expressions using every part of the grammar, leaning towards the
/// night hours where DST transitions happen, and start instants leaning towards transitions.
struct OnCalendarGenerator {
    var random: SplitMix64

    /// Zones with DST nights of every kind (their list says which).
    static let zones = ZoneSets.onCalendar

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func int(_ range: ClosedRange<Int>) -> Int { random.next(in: range) }
    mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

    mutating func pad(_ v: Int, _ width: Int) -> String {
        // systemd reads numbers without their zero padding too; sometimes leave it out.
        chance(70) ? ISO8601Format.pad(v, width) : String(v)
    }

    /// One component: `*`, a value, a list, a range or a repetition within `range`.
    mutating func component(_ range: ClosedRange<Int>, width: Int, favour: [Int] = [], star: Int = 30) -> String {
        if chance(star) { return "*" }
        var items: [String] = []
        for _ in 0..<(chance(75) ? 1 : int(2...3)) {
            let pick = { (g: inout OnCalendarGenerator) -> Int in
                !favour.isEmpty && g.chance(60) ? favour[g.int(0...favour.count - 1)] : g.int(range)
            }
            var start = pick(&self)
            switch int(1...10) {
            case 1...5: items.append(pad(start, width))
            case 6...7:
                start = min(start, range.upperBound - 1)
                let stop = int((start + 1)...range.upperBound)
                items.append(pad(start, width) + ".." + pad(stop, width))
            case 8:
                start = min(start, range.upperBound - 2)
                let stop = int((start + 2)...range.upperBound)
                let step = int(1...max(1, (stop - start) / 2))
                items.append(pad(start, width) + ".." + pad(stop, width) + "/" + String(step))
            default:
                let span = range.upperBound - range.lowerBound
                start = min(start, range.upperBound - 1)
                let step = int(1...max(1, min(span, range.upperBound - start)))
                items.append(pad(start, width) + "/" + String(step))
            }
        }
        return items.joined(separator: ",")
    }

    mutating func seconds() -> String {
        switch int(1...10) {
        case 1...4: return chance(50) ? "00" : pad(int(0...59), 2)
        case 5: return "*"
        case 6: return pad(int(0...59), 2) + "." + String(int(0...999_999))
        case 7: return "0/" + String(int(1...30))
        case 8: return pad(int(0...58), 2) + "/" + String(int(1...3)) + "." + String(int(1...9))
        default: return component(0...59, width: 2, favour: [0, 30, 59], star: 0)
        }
    }

    mutating func weekdays() -> String {
        let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let long = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        func name(_ i: Int, _ g: inout OnCalendarGenerator) -> String {
            let n = g.chance(80) ? names[i] : long[i]
            return g.chance(20) ? n.lowercased() : n
        }
        var parts: [String] = []
        for _ in 0..<int(1...2) {
            let a = int(0...6)
            if chance(50) || a == 6 { parts.append(name(a, &self)) }
            else { parts.append(name(a, &self) + (chance(85) ? ".." : "-") + name(int((a + 1)...6), &self)) }
        }
        return parts.joined(separator: ",")
    }

    /// An expression (without its zone).
    mutating func expression() -> String {
        if chance(5) {
            return ["minutely", "hourly", "daily", "weekly", "monthly", "yearly", "annually", "quarterly", "semiannually",
                    "semi-annually", "biannually", "Daily"][int(0...11)]
        }
        var text = chance(25) ? weekdays() + " " : ""
        switch int(1...10) {
        case 1...2: break                                                         // no date
        case 3...4:                                                               // MM-DD or MM~DD
            let month = component(1...12, width: 2, favour: [3, 4, 10, 11], star: 50)
            if chance(30) {
                text += month + "~" + component(1...7, width: 2, favour: [1], star: 0) + " "
            } else {
                text += month + "-" + component(1...31, width: 2, favour: [1, 29, 30, 31], star: 50) + " "
            }
        default:
            let year = chance(85) ? "*" : component(2020...2060, width: 4, star: 0)
            text += year + "-" + component(1...12, width: 2, favour: [3, 4, 10, 11], star: 50) + "-"
                + component(1...31, width: 2, favour: [1, 8, 25, 29, 31], star: 50) + " "
        }
        // The time: hours lean towards the night, where transitions are.
        let hour = component(0...23, width: 2, favour: [0, 1, 2, 3, 23], star: 20)
        let minute = component(0...59, width: 2, favour: [0, 15, 30, 45, 59], star: 15)
        switch int(1...10) {
        case 1: text += ""                                                        // no time: 00:00:00
        case 2...4: text += hour + ":" + minute
        default: text += hour + ":" + minute + ":" + seconds()
        }
        return text.hasSuffix(" ") ? String(text.dropLast()) : text
    }

    /// A start instant: near one of the zone's transitions two times in three, else anywhere in 1971–2099.
    mutating func start(in zone: ZoneRules) -> Int64 {
        let year = Int64(int(1971...2060))
        let yearStart = CivilArithmetic.daysFromCivil(year: year, month: 1, day: 1) * 86_400
        if chance(67), let transition = zone.nextTransition(after: Instant(seconds: yearStart + Int64(int(0...364)) * 86_400)),
           transition.instant.seconds < 4_000_000_000 {
            var offset = Int64(int(-50 * 3600...26 * 3600))
            if chance(50) { offset = offset / 900 * 900 }       // on a quarter hour, where wanted times are
            return transition.instant.seconds + offset
        }
        return yearStart + Int64(int(0...(365 * 86_400)))
    }
}
