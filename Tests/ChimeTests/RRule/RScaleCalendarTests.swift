import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// RFC 7529 calendars (`RScaleCalendar`, from ICU through the C shim) against Foundation's own
/// `Calendar(identifier:)`: swift-foundation on Linux computes calendars with its bundled copy of
/// ICU (a different ICU build, reached through a different code path: Foundation's
/// `_CalendarICU`, not our `chime_icu_rscale_*`). For seeded random Gregorian days 2000–2050 the
/// calendar's year, month (as RFC 7529 numbers it, leap flag included), day of month, day of year
/// and month length must agree, or the difference be listed and judged. No Foundation peer exists
/// for DANGI and ETHIOPIC-AMETE-ALEM (Dangi is checked against published Korean dates in
/// `RScalePublishedDatesTests`).
@Suite struct RScaleCalendarTests {
    struct Peer: Sendable {
        let rscale: String
        let identifier: Calendar.Identifier
        let year: YearMap
        let month: MonthMap
    }

    /// Foundation's year as our (ICU extended) year.
    enum YearMap: Sendable {
        case same
        /// Foundation gives the 60-year cycle as the era and the year within it; ICU's extended year counts on.
        case chineseCycle
        /// Our year = Foundation's + offset (Buddhist era = Gregorian + 543, Minguo = Gregorian − 1911).
        case offset(Int)
        /// Not comparable (the Japanese era year).
        case none

        func ours(_ c: DateComponents) -> Int? {
            switch self {
            case .same: c.year
            case .chineseCycle: (c.era! - 1) * 60 + c.year!
            case .offset(let n): c.year! + n
            case .none: nil
            }
        }
    }

    /// Foundation's month (1…13) and leap flag as RFC 7529's month number and `L`.
    enum MonthMap: Sendable {
        case plain
        /// Foundation numbers Hebrew months as ICU does plus one: Tishri 1 … Shevat 5, Adar I 6 (leap
        /// years only), Adar / Adar II 7, Nisan 8 … Elul 13. RFC 7529 §4.2: Adar I is 5L, Adar 6.
        case hebrew

        func ours(_ month: Int, _ leap: Bool) -> (Int, Bool) {
            switch self {
            case .plain: (month, leap)
            case .hebrew: month < 6 ? (month, false) : month == 6 ? (5, true) : (month - 1, false)
            }
        }
    }

    static let peers: [Peer] = [
        Peer(rscale: "GREGORIAN", identifier: .gregorian, year: .same, month: .plain),
        Peer(rscale: "ISO8601", identifier: .iso8601, year: .same, month: .plain),
        Peer(rscale: "HEBREW", identifier: .hebrew, year: .same, month: .hebrew),
        Peer(rscale: "CHINESE", identifier: .chinese, year: .chineseCycle, month: .plain),
        Peer(rscale: "ISLAMIC", identifier: .islamic, year: .same, month: .plain),
        Peer(rscale: "ISLAMIC-CIVIL", identifier: .islamicCivil, year: .same, month: .plain),
        Peer(rscale: "ISLAMIC-TBLA", identifier: .islamicTabular, year: .same, month: .plain),
        Peer(rscale: "ISLAMIC-UMALQURA", identifier: .islamicUmmAlQura, year: .same, month: .plain),
        Peer(rscale: "PERSIAN", identifier: .persian, year: .same, month: .plain),
        Peer(rscale: "INDIAN", identifier: .indian, year: .same, month: .plain),
        Peer(rscale: "COPTIC", identifier: .coptic, year: .same, month: .plain),
        Peer(rscale: "ETHIOPIC", identifier: .ethiopicAmeteMihret, year: .same, month: .plain),
        Peer(rscale: "BUDDHIST", identifier: .buddhist, year: .offset(-543), month: .plain),
        Peer(rscale: "ROC", identifier: .republicOfChina, year: .offset(1911), month: .plain),
        Peer(rscale: "JAPANESE", identifier: .japanese, year: .none, month: .plain),
    ]

    /// 2000-01-01 and 2050-12-31 as days since 1970.
    static let firstDay: Int64 = 10_957, lastDay: Int64 = 29_585

    @Test func everySupportedCalendarOpens() {
        // What this build's ICU (72) gives; ISLAMIC-RGSA is missing because ICU 72 silently answers it with ISLAMIC.
        #expect(RRule.supportedCalendars == ["GREGORIAN", "ISO8601", "BUDDHIST", "CHINESE", "COPTIC", "DANGI", "ETHIOPIC", "ETHIOPIC-AMETE-ALEM",
                                             "HEBREW", "INDIAN", "ISLAMIC", "ISLAMIC-CIVIL", "ISLAMIC-TBLA", "ISLAMIC-UMALQURA", "JAPANESE", "PERSIAN", "ROC"])
    }

    /// Past its table (1300–1600 AH) ICU computes Umm al-Qura years as the civil calendar's, which
    /// Chime then asks for instead (`RScaleCalendar.umalquraTableEnd`): ICU's own Umm al-Qura
    /// answer, asked directly, must be the civil year month for month — 1601…1700 AH (2174–2271
    /// CE) and every 97th year to 9601 AH.
    @Test func umalquraPastItsTableIsICUsCivilCalendar() throws {
        let umalqura = try #require(RScaleCalendar.named("ISLAMIC-UMALQURA")), civil = try #require(RScaleCalendar.named("ISLAMIC-CIVIL"))
        func months(_ y: RScaleYear?) -> [String] { (y?.months ?? []).map { "\($0.number) \($0.firstDay) \($0.dayCount)" } }
        var compared = 0
        for number in Array(1601...1700) + Array(stride(from: Int64(1797), through: 9601, by: 97)) {
            let icu = umalqura.icuYear(number)
            #expect(icu != nil && months(icu) == months(civil.icuYear(number)), "Umm al-Qura \(number)")
            #expect(months(umalqura.year(number)) == months(icu), "the stand-in for \(number)")
            compared += 1
        }
        #expect(compared == 181)
    }

    /// Every day 2000-01-01…2050-12-31 (18,628 days) in each calendar. The days where ICU 72 and
    /// Foundation's ICU disagree, as runs of consecutive days, must be exactly those listed in
    /// `Tests/RRuleOracle/rscale-icu-differences.txt`, each with its verdict (which calendar is
    /// right, by what independent evidence, or "undecided").
    @Test(arguments: peers.map(\.rscale))
    func fieldsAgreeWithFoundation(_ rscale: String) throws {
        let peer = Self.peers.first { $0.rscale == rscale }!
        let calendar = try #require(RScaleCalendar.named(rscale))
        var foundation = Calendar(identifier: peer.identifier)
        foundation.timeZone = TimeZone(identifier: "UTC")!
        var runs: [(first: Int64, last: Int64, example: String)] = []
        for day in Self.firstDay...Self.lastDay {
            let date = Date(timeIntervalSince1970: Double(day) * 86_400)
            let c = foundation.dateComponents([.era, .year, .month, .day, .isLeapMonth, .dayOfYear], from: date)
            let monthLength = foundation.range(of: .day, in: .month, for: date)!.count
            let (number, leap) = peer.month.ours(c.month!, c.isLeapMonth ?? false)
            let y = try #require(calendar.year(containing: day))
            let m = y.months[y.monthIndex(containing: day)]
            var ours = "month \(m.number)\(m.leap ? "L" : "") day \(day - m.firstDay + 1) of \(m.dayCount), day \(day - y.firstDay + 1) of the year"
            var theirs = "month \(number)\(leap ? "L" : "") day \(c.day!) of \(monthLength), day \(c.dayOfYear!) of the year"
            if let year = peer.year.ours(c) {
                ours = "year \(y.number) " + ours
                theirs = "year \(year) " + theirs
            }
            if ours != theirs {
                if let last = runs.last, last.last == day - 1 { runs[runs.count - 1].last = day } else {
                    runs.append((day, day, "ICU 72 \(ours); Foundation \(theirs)"))
                }
            }
        }
        func date(_ day: Int64) -> String { String(CivilDateTime(localSeconds: day * 86_400).description.prefix(10)) }
        let found = runs.map { "\(rscale) \(date($0.first)) \(date($0.last))" }
        let listed = try Self.listedDifferences().filter { $0.hasPrefix(rscale + " ") }
        #expect(found == listed, "\(rscale): \(runs.map { "\(date($0.first))…\(date($0.last)) (first day: \($0.example))" })")
    }

    /// `CALENDAR FIRST LAST` of each line of the differences file (the verdict follows on the line).
    static func listedDifferences() throws -> [String] {
        let path = Fixtures.packageRoot.appendingPathComponent("Tests/RRuleOracle/rscale-icu-differences.txt").path
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { return nil }
            return line.split(separator: " ").prefix(3).joined(separator: " ")
        }
    }

    /// A year's months tile it (each starts where the one before ends), and the one count of all
    /// months (MONTHLY's periods) agrees with the tables: the Hebrew closed form and the
    /// memoized lunisolar walk give each year as many months as ICU's table has.
    @Test(arguments: ["HEBREW", "CHINESE", "DANGI", "ISLAMIC-CIVIL", "ETHIOPIC", "GREGORIAN"])
    func monthCountsAreConsistent(_ rscale: String) throws {
        let calendar = try #require(RScaleCalendar.named(rscale))
        let first = try #require(calendar.year(containing: Self.firstDay)).number
        let last = try #require(calendar.year(containing: Self.lastDay)).number
        for number in first...last {
            let y = try #require(calendar.year(number))
            var day = y.firstDay
            for m in y.months {
                #expect(m.firstDay == day)
                day += m.dayCount
            }
            let next = try #require(calendar.year(number + 1))
            #expect(day == next.firstDay, "\(rscale) \(number): months end on day \(day), the next year starts on \(next.firstDay)")
            let before = try #require(calendar.monthsBefore(year: number)), after = try #require(calendar.monthsBefore(year: number + 1))
            #expect(after - before == Int64(y.months.count), "\(rscale) \(number)")
            let (atYear, atMonth) = try #require(calendar.month(atIndex: before + Int64(y.months.count - 1)))
            #expect(atYear.number == number && atMonth == y.months.count - 1)
        }
    }
}
