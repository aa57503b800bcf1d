import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// RSCALE rules against published holiday dates 2000–2050, copied by hand from the python-holidays
/// project's calendar tables (https://github.com/vacanza/holidays, MIT):
/// - `holidays/calendars/hebrew.py` (commit ef5851fbf9a7b39386f7f44560e3af58e3b186ef), class
///   `_HebrewLunisolar`: `ROSH_HASHANAH_DATES` (1 Tishri), `PURIM_DATES` (14 Adar; 14 Adar II in a
///   leap year), `PASSOVER_DATES` (15 Nisan), `HANUKKAH_DATES` (25 Kislev) — the first full day of
///   each holiday;
/// - `holidays/calendars/chinese.py` (commit 0d3079bdc9eedeba4a3d3b3203731a8ed01b4b03), class
///   `_ChineseLunisolar`: `LUNAR_NEW_YEAR_DATES` (1/1), `BUDDHA_BIRTHDAY_DATES` (4/8),
///   `DRAGON_BOAT_DATES` (5/5), `MID_AUTUMN_DATES` (8/15), `DOUBLE_NINTH_DATES` (9/9), and the
///   years the Korean calendar differs (`KOREAN_CALENDAR_LUNAR_NEW_YEAR_DATES`,
///   `KOREAN_CALENDAR_BUDDHA_BIRTHDAY_DATES`, `KOREAN_CALENDAR_MID_AUTUMN_DATES`) for DANGI.
/// Each table is one rule from 2000-01-01 (the start counts only if it matches), its first 51
/// instances, compared as dates. Islamic civil new years are hand-derived (below).
@Suite struct RScalePublishedDatesTests {
    static let utc = ZoneRules.fixed(identifier: "UTC", type: LocalTimeType(utcOffset: 0, isDST: false, abbreviation: "UTC"))

    /// The first `count` instance dates of `rule` from 2000-01-01 (ifMatching), `YYYY-MM-DD`.
    static func dates(_ rule: String, from start: String = "20000101", count: Int = 51) throws -> [String] {
        let trigger = try RRuleTrigger(text: "DTSTART:\(start)T000000\nRRULE:\(rule)", dtstartMode: .ifMatching)
        return try trigger.fires(after: Instant(seconds: -5_000_000_000), in: utc, count: count).map { String($0.instant.utcString.prefix(10)) }
    }

    /// The years in which `got` differs from the published `table` (both `YYYY-MM-DD`, one per year).
    static func differingYears(_ got: [String], _ table: [String]) -> Set<Int> {
        guard got.count == table.count else { return [-1] }
        return Set(zip(got, table).filter { $0 != $1 }.map { Int($0.1.prefix(4))! })
    }

    /// Where ICU 72 (the system ICU Chime reads its calendars from) is wrong, judged by evidence
    /// independent of ICU and of Chime: see `chineseMonthsFollowThePublishedTable` (the new moons of
    /// 2027-02-06 and 2030-02-03, which ICU 72 puts on Feb 7 and Feb 2). Chime reports what ICU says
    /// there; these tables' dates stay the right ones. (ICU 72 was wrong in Hebrew 5806 too — a
    /// 30-day Heshvan, every date from Kislev 5806 to the year's end a day late — but Chime's Hebrew
    /// years come from the calendar's arithmetic, `HebrewCalendarArithmetic`, so all Hebrew dates
    /// below must equal the tables.)

    /// A table written `MMDD` per year from 2000 on, as `YYYY-MM-DD`.
    static func table(_ text: String, overrides: [Int: String] = [:]) -> [String] {
        text.split(separator: " ").enumerated().map { i, mmdd in
            let year = 2000 + i
            let value = overrides[year] ?? String(mmdd)
            return "\(year)-\(value.prefix(2))-\(value.suffix(2))"
        }
    }

    // hebrew.py ROSH_HASHANAH_DATES, 2000…2050.
    static let roshHashanah = table("""
        0930 0918 0907 0927 0916 1004 0923 0913 0930 0919 0909 0929 0917 0905 0925 0914 1003 0921 0910 0930 0919 0907 0926 0916 1003 \
        0923 0912 1002 0921 0910 0928 0918 0906 0924 0914 1004 0922 0910 0930 0919 0908 0926 0915 1005 0922 0912 1001 0921 0908 0927 0917
        """)
    // hebrew.py PURIM_DATES, 2000…2050.
    static let purim = table("""
        0321 0309 0226 0318 0307 0325 0314 0304 0321 0310 0228 0320 0308 0224 0316 0305 0324 0312 0301 0321 0310 0226 0317 0307 0324 \
        0314 0303 0323 0312 0301 0319 0309 0226 0315 0305 0325 0313 0301 0321 0310 0228 0317 0306 0326 0313 0303 0322 0312 0228 0318 0308
        """)
    // hebrew.py PASSOVER_DATES, 2000…2050.
    static let passover = table("""
        0420 0408 0328 0417 0406 0424 0413 0403 0420 0409 0330 0419 0407 0326 0415 0404 0423 0411 0331 0420 0409 0328 0416 0406 0423 \
        0413 0402 0422 0411 0331 0418 0408 0327 0414 0404 0424 0412 0331 0420 0409 0329 0416 0405 0425 0412 0402 0421 0411 0329 0417 0407
        """)
    // hebrew.py HANUKKAH_DATES, 2000…2050.
    static let hanukkah = table("""
        1222 1210 1130 1220 1208 1226 1216 1205 1222 1212 1202 1221 1209 1128 1217 1207 1225 1213 1203 1223 1211 1129 1219 1208 1226 \
        1215 1205 1225 1213 1202 1221 1210 1128 1217 1207 1226 1214 1203 1222 1212 1130 1218 1208 1227 1215 1204 1224 1213 1130 1220 1210
        """)
    // chinese.py LUNAR_NEW_YEAR_DATES, 2000…2050.
    static let lunarNewYear = """
        0205 0124 0212 0201 0122 0209 0129 0218 0207 0126 0214 0203 0123 0210 0131 0219 0208 0128 0216 0205 0125 0212 0201 0122 0210 \
        0129 0217 0206 0126 0213 0203 0123 0211 0131 0219 0208 0128 0215 0204 0124 0212 0201 0122 0210 0130 0217 0206 0126 0214 0202 0123
        """
    // chinese.py BUDDHA_BIRTHDAY_DATES, 2000…2050.
    static let buddhaBirthday = """
        0511 0430 0519 0508 0526 0515 0505 0524 0512 0502 0521 0510 0428 0517 0506 0525 0514 0503 0522 0512 0430 0519 0508 0526 0515 \
        0505 0524 0513 0502 0520 0509 0528 0516 0506 0525 0515 0503 0522 0511 0430 0518 0507 0526 0516 0505 0524 0513 0502 0520 0509 0528
        """
    // chinese.py DRAGON_BOAT_DATES, 2000…2050.
    static let dragonBoat = table("""
        0606 0625 0615 0604 0622 0611 0531 0619 0608 0528 0616 0606 0623 0612 0602 0620 0609 0530 0618 0607 0625 0614 0603 0622 0610 \
        0531 0619 0609 0528 0616 0605 0624 0612 0601 0620 0610 0530 0618 0607 0527 0614 0603 0622 0611 0531 0619 0608 0529 0615 0604 0623
        """)
    // chinese.py MID_AUTUMN_DATES, 2000…2050.
    static let midAutumn = """
        0912 1001 0921 0911 0928 0918 1006 0925 0914 1003 0922 0912 0930 0919 0908 0927 0915 1004 0924 0913 1001 0921 0910 0929 0917 \
        1006 0925 0915 1003 0922 0912 1001 0919 0908 0927 0916 1004 0924 0913 1002 0920 0910 0928 0917 1005 0925 0915 1004 0922 0911 0930
        """
    // chinese.py DOUBLE_NINTH_DATES, 2000…2050.
    static let doubleNinth = table("""
        1006 1025 1014 1004 1022 1011 1030 1019 1007 1026 1016 1005 1023 1013 1002 1021 1009 1028 1017 1007 1025 1014 1004 1023 1011 \
        1029 1018 1008 1026 1016 1005 1024 1012 1001 1020 1009 1027 1017 1007 1026 1014 1003 1022 1011 1029 1018 1008 1027 1016 1005 1024
        """)

    @Test func roshHashanahIsTheFirstOfTishri() throws {
        // 1 Tishri 5807 is 2046-10-01 (ICU 72 and Foundation's ICU: 10-02, after a too-long 5806).
        #expect(Self.differingYears(try Self.dates("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1"), Self.roshHashanah) == [])
        // The same rule from DTSTART alone: 1 Tishri 5761 is 2000-09-30 (the table's first date).
        #expect(Self.differingYears(try Self.dates("RSCALE=HEBREW;FREQ=YEARLY", from: "20000930"), Self.roshHashanah) == [])
    }

    /// Month 6 is Adar in a common year and Adar II in a leap year (RFC 7529 §4.2; Adar I is 5L).
    @Test func purimIsTheFourteenthOfAdarOrAdarII() throws {
        #expect(Self.differingYears(try Self.dates("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=14"), Self.purim) == [])
    }

    @Test func passoverIsTheFifteenthOfNisan() throws {
        #expect(Self.differingYears(try Self.dates("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=15"), Self.passover) == [])
    }

    @Test func hanukkahIsTheTwentyFifthOfKislev() throws {
        // 25 Kislev 5806 is 2045-12-04 (ICU 72: 12-05).
        #expect(Self.differingYears(try Self.dates("RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=25"), Self.hanukkah) == [])
    }

    @Test func chineseNewYear() throws {
        #expect(Self.differingYears(try Self.dates("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1"), Self.table(Self.lunarNewYear)) == [2027, 2030])
    }

    /// 4/8, 5/5, 8/15 and 9/9 of the non-leap months (2020's leap fourth month and 2023's leap
    /// second month, among others, are not them).
    @Test func chineseFestivals() throws {
        #expect(try Self.dates("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=8") == Self.table(Self.buddhaBirthday))
        #expect(try Self.dates("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=5") == Self.dragonBoat)
        #expect(try Self.dates("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15") == Self.table(Self.midAutumn))
        #expect(try Self.dates("RSCALE=CHINESE;FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=9") == Self.doubleNinth)
    }

    /// The Korean calendar is the Chinese one computed for Korea's meridian; python-holidays lists
    /// the years it gives another date (2027 and 2028 new years, 2001/2012/2023 4/8, 2040 8/15).
    @Test func dangiFollowsTheKoreanDates() throws {
        #expect(try Self.dates("RSCALE=DANGI;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1") == Self.table(Self.lunarNewYear, overrides: [2027: "0207", 2028: "0127"]))
        #expect(try Self.dates("RSCALE=DANGI;FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=8")
                == Self.table(Self.buddhaBirthday, overrides: [2001: "0501", 2012: "0528", 2023: "0527"]))
        #expect(try Self.dates("RSCALE=DANGI;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15") == Self.table(Self.midAutumn, overrides: [2040: "0921"]))
    }

    /// Hand-derived from the arithmetic (tabular) Islamic calendar with the civil (Friday) epoch,
    /// which ISLAMIC-CIVIL is: 1 Muharram AH 1 = R.D. 227015 (July 16, 622 Julian), and
    /// fixed(y, m, d) = d + 29(m−1) + ⌊(6m−1)/11⌋ + 354(y−1) + ⌊(3+11y)/30⌋ + 227015 − 1
    /// (Reingold & Dershowitz, Calendrical Calculations, "fixed-from-islamic"), R.D. 1 = 0001-01-01:
    /// AH 1421 → R.D. 730216 = 2000-04-06; 1435 → 2013-11-05; 1440 → 2018-09-12;
    /// 1445 → 2023-07-19; 1450 → 2028-05-25; 1471 → 2048-10-09; 1472 → 2049-09-28.
    @Test func islamicCivilNewYears() throws {
        let all = try Self.dates("RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1", count: 52)
        #expect(all.first == "2000-04-06")
        for (ah, date) in [(1435, "2013-11-05"), (1440, "2018-09-12"), (1445, "2023-07-19"), (1450, "2028-05-25"), (1471, "2048-10-09"), (1472, "2049-09-28")] {
            #expect(all[ah - 1421] == date, "AH \(ah)")
        }
        // 1 Ramadan 1434 = R.D. 735058 = 2013-07-09 by the same formula.
        #expect(try Self.dates("RSCALE=ISLAMIC-CIVIL;FREQ=YEARLY;BYMONTH=9;BYMONTHDAY=1", from: "20130101", count: 1) == ["2013-07-09"])
    }
    // MARK: Every month, not only the holidays

    /// The Hebrew calendar's own rules, hand-coded from Reingold & Dershowitz, Calendrical
    /// Calculations (3rd ed.), "hebrew-calendar-elapsed-days" and "hebrew-year-length-correction":
    /// months elapsed before year y = ⌊(235y − 234)/19⌋; the molad in parts (1/25920 day) since the
    /// epoch's = 12084 + 13753·months; day = 29·months + ⌊parts/25920⌋, one later when (3(day+1)) mod 7
    /// < 3 (Rosh Hashanah never on Sunday, Wednesday or Friday); then the year-length corrections (a
    /// 356-day year ahead delays the new year two days, a 382-day year behind one day). New year
    /// = epoch + elapsed + correction, epoch R.D. −1373427 (1 Tishri AM 1). With 1 Tishri 5761 =
    /// 2000-09-30 (ROSH_HASHANAH_DATES) as the anchor, every new year 5760…5812 (1999–2051) must be
    /// Chime's. (ICU 72 and Foundation's ICU give 2046-10-02 for 5807, where the arithmetic and
    /// ROSH_HASHANAH_DATES give 2046-10-01: why Chime's Hebrew years are not ICU's.) This code is
    /// written here on its own, not shared with `HebrewCalendarArithmetic`.
    @Test func hebrewNewYearsFollowTheArithmetic() throws {
        func elapsed(_ y: Int64) -> Int64 {
            let months = (235 * y - 234) / 19
            let parts = 12_084 + 13_753 * months
            var day = 29 * months + parts / 25_920
            if (3 * (day + 1)) % 7 < 3 { day += 1 }
            return day
        }
        func newYear(_ y: Int64) -> Int64 {
            let (d0, d1, d2) = (elapsed(y - 1), elapsed(y), elapsed(y + 1))
            return d1 + (d2 - d1 == 356 ? 2 : d1 - d0 == 382 ? 1 : 0)
        }
        let hebrew = try #require(RScaleCalendar.named("HEBREW"))
        let anchor = CivilArithmetic.daysFromCivil(year: 2000, month: 9, day: 30) - newYear(5761)
        var wrong: [Int64] = []
        for y: Int64 in 5760...5812 where try #require(hebrew.year(y)).firstDay != anchor + newYear(y) { wrong.append(y) }
        #expect(wrong == [])
    }

    /// The Chinese month table of jjonline/calendar.js (https://github.com/jjonline/calendar.js,
    /// MIT, `src/constant/Lunar.js`, commit 5cf6b12b7b35d46a2771301243fb220d1121139c: `lunarInfo`, the
    /// Hong Kong Observatory-derived table copied across many projects), years 2000–2049 copied by
    /// hand. Each year's number: bits 0–3 the leap month (0: none), bit 16 the leap month's length
    /// (1: 30 days, else 29), bit (16 − m) month m's length (1: 30). Lunar 2000's first day is
    /// 2000-02-05 (LUNAR_NEW_YEAR_DATES). Every month's first day and length 2000–2049 must be
    /// ICU's, except the months ICU 72 starts a day off (a new moon near Beijing midnight): 6 and 7
    /// of 2012, 9 and 10 of 2018, 12 of 2026 and 1 of 2027, 12 of 2029 and 1 of 2030 — there the
    /// table, LUNAR_NEW_YEAR_DATES (2027-02-06, 2030-02-03) and Foundation's newer ICU agree
    /// (`Tests/RRuleOracle/rscale-icu-differences.txt`).
    @Test func chineseMonthsFollowThePublishedTable() throws {
        let lunarInfo: [Int] = [
            0x0c960, 0x0d954, 0x0d4a0, 0x0da50, 0x07552, 0x056a0, 0x0abb7, 0x025d0, 0x092d0, 0x0cab5,   // 2000–2009
            0x0a950, 0x0b4a0, 0x0baa4, 0x0ad50, 0x055d9, 0x04ba0, 0x0a5b0, 0x15176, 0x052b0, 0x0a930,   // 2010–2019
            0x07954, 0x06aa0, 0x0ad50, 0x05b52, 0x04b60, 0x0a6e6, 0x0a4e0, 0x0d260, 0x0ea65, 0x0d530,   // 2020–2029
            0x05aa0, 0x076a3, 0x096d0, 0x04afb, 0x04ad0, 0x0a4d0, 0x1d0b6, 0x0d250, 0x0d520, 0x0dd45,   // 2030–2039
            0x0b5a0, 0x056d0, 0x055b2, 0x049b0, 0x0a577, 0x0a4b0, 0x0aa50, 0x1b255, 0x06d20, 0x0ada0,   // 2040–2049
        ]
        let chinese = try #require(RScaleCalendar.named("CHINESE"))
        var day = CivilArithmetic.daysFromCivil(year: 2000, month: 2, day: 5)
        var wrong: [String] = []
        for (i, info) in lunarInfo.enumerated() {
            let year = 2000 + i
            var months: [(number: Int, leap: Bool, first: Int64, length: Int64)] = []
            for m in 1...12 {
                months.append((m, false, day, info & (0x10000 >> m) != 0 ? 30 : 29))
                day += months.last!.length
                if info & 0xF == m {
                    months.append((m, true, day, info & 0x10000 != 0 ? 30 : 29))
                    day += months.last!.length
                }
            }
            let y = try #require(chinese.year(containing: months[0].first + 15))
            let ours = y.months.map { ($0.number, $0.leap, $0.firstDay, $0.dayCount) }
            for (k, m) in months.enumerated() where k >= ours.count || ours[k] != (m.number, m.leap, m.first, m.length) {
                wrong.append("\(year) \(m.number)\(m.leap ? "L" : "")")
            }
        }
        #expect(wrong == ["2012 6", "2012 7", "2018 9", "2018 10", "2026 12", "2027 1", "2029 12", "2030 1"])
    }
}
