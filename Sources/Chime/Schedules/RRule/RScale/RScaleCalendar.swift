import Synchronization

/// A calendar system an RRULE may count in (RFC 7529 §4: `RSCALE=HEBREW`), named by its CLDR
/// calendar name. Its years and months come from ICU (through `ICU`, the engine's one door to
/// the C shim: `chime_icu_rscale_*`), except GREGORIAN and ISO8601, which are the proleptic
/// Gregorian calendar of `CivilArithmetic` (ISO 8601's week rules do not enter an RRULE: its
/// weeks follow WKST).
///
/// Each year is asked of ICU once per process and kept (`year(_:)`), so a rule's next fire reads
/// cached month tables: the first day and length of every month, its RFC 7529 number and leap flag.
/// One instance per calendar (`named(_:)`), shared by every rule; ICU's calendar handle is used
/// under the lock only. `RRuleExpansion` counts an RSCALE rule in it (`RRuleCalendar`); a plain
/// rule, or RSCALE=GREGORIAN without SKIP, counts in `GregorianRRuleCalendar`, by arithmetic.
final class RScaleCalendar: RRuleCalendar {
    /// How BYMONTH numbers the months (RFC 7529 §4.2).
    enum Months: Sendable, Hashable {
        /// 1…`count` every year, no leap months (Gregorian-based, Islamic, Persian, Indian: 12;
        /// Coptic, Ethiopic: 13, the last of 5 or 6 days).
        case fixed(count: Int)
        /// Tishri = 1 … Shevat = 5, Adar I = 5L (leap years only), Adar (Adar II in leap years) = 6,
        /// Nisan = 7 … Elul = 12.
        case hebrew
        /// 1…12 and, in some years, a leap month `nL` after month n (Chinese, Dangi).
        case lunisolar
    }

    /// The RSCALE value, upper case (`ISLAMIC-CIVIL`).
    let name: String
    /// In words: "Hebrew", "Islamic civil".
    let displayName: String
    let months: Months
    /// ICU's CLDR name, or nil for the built-in proleptic Gregorian calendar.
    let cldrName: String?
    /// Mean days per year, to guess the year of a day before the tables settle it.
    private let meanYear: Double
    private let anchor: (year: Int64, firstDay: Int64)
    private let state: Mutex<State>

    private struct State {
        var handle: UnsafeMutableRawPointer?
        var years: [Int64: RScaleYear] = [:]
        /// Lunisolar calendars: months before each year, counted from `monthOrigin`'s first month (memo).
        var monthsBefore: [Int64: Int64] = [:]
        var monthOrigin: Int64?
    }

    // MARK: The calendars

    /// `longestMonth`: 31 in the Gregorian-based, Persian and Indian calendars; 30 in the Islamic
    /// (29 or 30 by the moon or a table), Coptic and Ethiopic (30, and 5 or 6 in the thirteenth),
    /// Hebrew and Chinese ones (lunar months of 29 or 30).
    private static let catalog: [(name: String, cldr: String?, display: String, months: Months, meanYear: Double, longestMonth: Int)] = [
        ("GREGORIAN", nil, "Gregorian", .fixed(count: 12), 365.2425, 31),
        ("ISO8601", nil, "ISO 8601", .fixed(count: 12), 365.2425, 31),
        ("BUDDHIST", "buddhist", "Buddhist", .fixed(count: 12), 365.2425, 31),
        ("CHINESE", "chinese", "Chinese", .lunisolar, 365.2422, 30),
        ("COPTIC", "coptic", "Coptic", .fixed(count: 13), 365.25, 30),
        ("DANGI", "dangi", "Korean (Dangi)", .lunisolar, 365.2422, 30),
        ("ETHIOPIC", "ethiopic", "Ethiopic", .fixed(count: 13), 365.25, 30),
        ("ETHIOPIC-AMETE-ALEM", "ethiopic-amete-alem", "Ethiopic Amete Alem", .fixed(count: 13), 365.25, 30),
        ("HEBREW", "hebrew", "Hebrew", .hebrew, 365.2468, 30),
        ("INDIAN", "indian", "Indian national", .fixed(count: 12), 365.2425, 31),
        ("ISLAMIC", "islamic", "Islamic (astronomical)", .fixed(count: 12), 354.367, 30),
        ("ISLAMIC-CIVIL", "islamic-civil", "Islamic civil", .fixed(count: 12), 354.367, 30),
        ("ISLAMIC-RGSA", "islamic-rgsa", "Islamic (Saudi sighting)", .fixed(count: 12), 354.367, 30),
        ("ISLAMIC-TBLA", "islamic-tbla", "Islamic tabular", .fixed(count: 12), 354.367, 30),
        ("ISLAMIC-UMALQURA", "islamic-umalqura", "Islamic Umm al-Qura", .fixed(count: 12), 354.367, 30),
        ("JAPANESE", "japanese", "Japanese", .fixed(count: 12), 365.2425, 31),
        ("PERSIAN", "persian", "Persian", .fixed(count: 12), 365.2422, 31),
        ("ROC", "roc", "Minguo (ROC)", .fixed(count: 12), 365.2425, 31),
    ]

    /// Every calendar this build can count in, by RSCALE name (ICU's that open as themselves).
    private static let registry: [String: RScaleCalendar] = {
        var result: [String: RScaleCalendar] = [:]
        for entry in catalog {
            if let calendar = RScaleCalendar(name: entry.name, cldrName: entry.cldr, displayName: entry.display,
                                             months: entry.months, meanYear: entry.meanYear, longestMonth: entry.longestMonth) {
                result[entry.name] = calendar
            }
        }
        return result
    }()

    /// RSCALE values this build reads, in the catalog's order.
    static let supportedNames: [String] = catalog.map(\.name).filter { registry[$0] != nil }

    /// The calendar an RSCALE value names (any case), or nil when this build has none by that name.
    static func named(_ text: String) -> RScaleCalendar? {
        registry[text.uppercased()]
    }

    private init?(name: String, cldrName: String?, displayName: String, months: Months, meanYear: Double, longestMonth: Int) {
        self.name = name
        self.cldrName = cldrName
        self.displayName = displayName
        self.months = months
        self.meanYear = meanYear
        self.longestMonth = longestMonth
        var handle: UnsafeMutableRawPointer?
        if let cldrName {
            guard let opened = ICU.rscaleOpen(cldrName) else { return nil }
            handle = opened
        }
        // The anchor: the year holding 1970-01-01, whose first month is month index 0.
        var first: RScaleYear?
        if let handle {
            if let y = ICU.rscaleYear(handle, ofDay: 0) {
                if case .hebrew = months { first = HebrewCalendarArithmetic.year(y) } else {
                    first = Self.icuYear(handle, y, nearDay: 0, firstDay: nil, months: months)
                }
            }
        } else {
            first = Self.gregorianYear(1970)
        }
        guard let first else {
            if let handle { ICU.rscaleClose(handle) }
            return nil
        }
        anchor = (first.number, first.firstDay)
        var initial = State(handle: handle)
        initial.years[first.number] = first
        state = Mutex(initial)
    }

    deinit {
        state.withLock { if let handle = $0.handle { ICU.rscaleClose(handle) } }
    }

    // MARK: Rule limits (the parser checks BYMONTH, BYYEARDAY and BYWEEKNO with these)

    /// The highest BYMONTH number (12, or 13 for Coptic and Ethiopic).
    var maxMonth: Int {
        if case .fixed(let count) = months { return count }
        return 12
    }

    /// The most months a year has: 13 with a leap month.
    var mostMonths: Int {
        if case .fixed(let count) = months { return count }
        return 13
    }

    /// The months that may carry RFC 7529's `L`.
    var leapMonthNumbers: ClosedRange<Int>? {
        switch months {
        case .fixed: nil
        case .hebrew: 5...5
        case .lunisolar: 1...12
        }
    }

    /// The most days a month can have (see the catalog).
    let longestMonth: Int

    /// The most days a year can have (BYYEARDAY's bound): 385 in the lunisolar calendars.
    var maxYearDays: Int {
        if case .fixed = months { return 366 }
        return 385
    }

    /// The most weeks a year can touch (BYWEEKNO's bound): 55 in a 385-day year.
    var maxWeekNumber: Int { maxYearDays > 366 ? 55 : 53 }

    var isGregorian: Bool { cldrName == nil }

    /// No cycle is assumed (a lunar calendar's years do not repeat in whole weeks), and no month or
    /// year is assumed to hold every date: the expansion looks at each period.
    var cycle: (days: Int64, years: Int64, months: Int64)? { nil }
    func everyMonthHas(day: Int64) -> Bool { false }
    func everyYearHas(day: Int64, ofMonth key: Int) -> Bool { false }

    // MARK: Years

    /// The Umm al-Qura years past its table (ICU 72's islamcal.cpp: UMALQURA_YEAR_START 1300 to
    /// UMALQURA_YEAR_END 1600 AH), which ICU computes as the civil calendar's: the same months,
    /// but found by counting every year from 1300 on each call, so the walk's cost grew with the
    /// year (4 million instructions a year by 2100 CE; 100,000 monthly fires took 12 s).
    /// `RScaleCalendarTests` checks ICU's own Umm al-Qura years against the civil ones past 1600.
    static let umalquraTableEnd: Int64 = 1600

    /// Calendar year `number`, or nil when ICU cannot give it (Hebrew years come from
    /// `HebrewCalendarArithmetic`, Gregorian ones from civil arithmetic, Umm al-Qura years past
    /// its table from the civil calendar, as ICU computes them).
    func year(_ number: Int64) -> RScaleYear? {
        if name == "ISLAMIC-UMALQURA", number > Self.umalquraTableEnd, let civil = Self.registry["ISLAMIC-CIVIL"] {
            return civil.year(number)
        }
        return state.withLock { state in
            if let cached = state.years[number] { return cached }
            let built: RScaleYear?
            if case .hebrew = months {
                // By the calendar's arithmetic: ICU 72 has a 30-day Heshvan in 5806.
                built = HebrewCalendarArithmetic.year(number)
            } else if let handle = state.handle {
                // A day in the middle of year `number`, by the mean year from the anchor.
                let near = anchor.firstDay + Int64((Double(number - anchor.year) * meanYear + meanYear / 2).rounded(.down))
                // The previous year, when known, says where this one starts (a walk asks years in turn).
                let firstDay = state.years[number - 1].map { $0.lastDay + 1 }
                built = Self.icuYear(handle, number, nearDay: near, firstDay: firstDay, months: months)
            } else {
                built = Self.gregorianYear(number)
            }
            guard let year = built else { return nil }
            state.years[number] = year
            return year
        }
    }

    /// Year `number` as ICU computes it in this calendar, asked now (not cached, no stand-in): what
    /// the tests hold the stand-ins to.
    func icuYear(_ number: Int64) -> RScaleYear? {
        state.withLock { state in
            guard let handle = state.handle, case .fixed = months else { return nil }
            let near = anchor.firstDay + Int64((Double(number - anchor.year) * meanYear + meanYear / 2).rounded(.down))
            return Self.icuYear(handle, number, nearDay: near, firstDay: nil, months: months)
        }
    }

    /// The year holding day `day` (days since 1970-01-01).
    func year(containing day: Int64) -> RScaleYear? {
        if cldrName == nil { return year(CivilArithmetic.civilFromDays(day).year) }
        var guess = anchor.year + Int64((Double(day - anchor.firstDay) / meanYear).rounded(.down))
        for _ in 0..<8 {
            guard let y = year(guess) else { return nil }
            if day < y.firstDay { guess -= 1 } else if day > y.lastDay { guess += 1 } else { return y }
        }
        return nil
    }

    /// The index of year `number`'s first month in one count of all months (MONTHLY's periods):
    /// months since a fixed year's first month. Nil when a year in between is not known.
    func monthsBefore(year number: Int64) -> Int64? {
        switch months {
        case .fixed(let count):
            return (number - anchor.year) * Int64(count)
        case .hebrew:
            // Months elapsed before Hebrew year y since the epoch: ⌊(235y − 234) / 19⌋ (19-year cycle of
            // 235 months, leap years 3, 6, 8, 11, 14, 17, 19; Reingold & Dershowitz, Calendrical
            // Calculations, "hebrew-calendar-elapsed-days"). Checked against ICU's tables in the tests.
            func elapsed(_ y: Int64) -> Int64 { CivilArithmetic.floorDivMod(235 * y - 234, 19).quotient }
            return elapsed(number) - elapsed(anchor.year)
        case .lunisolar:
            // Walk from the nearest year already counted (memoizing every year passed). The count's
            // origin is the first year ever asked (not 1970), so a rule near DTSTART asks ICU for
            // no year it does not need; any origin serves, the count is only compared with itself.
            let nearest: (Int64, Int64) = state.withLock { state in
                if let known = state.monthsBefore[number] { return (number, known) }
                if state.monthsBefore.isEmpty {
                    state.monthsBefore[number] = 0
                    state.monthOrigin = number
                    return (number, 0)
                }
                return state.monthsBefore.min { abs($0.key - number) < abs($1.key - number) }!
            }
            var (y, total) = nearest
            let step: Int64 = number >= y ? 1 : -1
            while y != number {
                if let known = state.withLock({ $0.monthsBefore[y + step] }) { y += step; total = known; continue }
                if step > 0 {
                    guard let this = year(y) else { return nil }
                    total += Int64(this.months.count)
                } else {
                    guard let previous = year(y - 1) else { return nil }
                    total -= Int64(previous.months.count)
                }
                y += step
                let (key, value) = (y, total)
                state.withLock { $0.monthsBefore[key] = value }
            }
            return total
        }
    }

    /// The year and month index of month number `index` of the one count (`monthsBefore`).
    func month(atIndex index: Int64) -> (year: RScaleYear, month: Int)? {
        let perYear: Double
        var origin = anchor.year
        switch months {
        case .fixed(let count): perYear = Double(count)
        case .hebrew: perYear = 235.0 / 19.0
        case .lunisolar:
            perYear = 235.0 / 19.0
            if let first = state.withLock({ $0.monthOrigin }) { origin = first }
        }
        var guess = origin + Int64((Double(index) / perYear).rounded(.down))
        for _ in 0..<8 {
            guard let before = monthsBefore(year: guess), let y = year(guess) else { return nil }
            if index < before { guess -= 1 } else if index >= before + Int64(y.months.count) { guess += 1 } else {
                return (y, Int(index - before))
            }
        }
        return nil
    }

    /// ICU's English name of the month holding `day` (built-in names for the Gregorian calendar).
    func monthName(day: Int64) -> String? {
        guard let cldrName else {
            let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
            return names[Int(CivilArithmetic.civilFromDays(day).month) - 1]
        }
        return ICU.rscaleMonthName(cldrName, day: day)
    }

    // MARK: Building years

    private static func gregorianYear(_ y: Int64) -> RScaleYear {
        let year = GregorianRRuleCalendar.Year(y)
        return RScaleYear(number: y, firstDay: year.firstDay, dayCount: year.dayCount, months: (0..<12).map(year.month))
    }

    private static func icuYear(_ handle: UnsafeMutableRawPointer, _ y: Int64, nearDay: Int64, firstDay: Int64?, months numbering: Months) -> RScaleYear? {
        guard let raw = ICU.rscaleMonths(handle, year: y, nearDay: nearDay, firstDay: firstDay), let first = raw.first else { return nil }
        var months: [RRuleMonth] = []
        months.reserveCapacity(raw.count)
        for m in raw {
            let icuMonth = Int(m.month)
            let (number, leap): (Int, Bool)
            switch numbering {
            case .fixed: (number, leap) = (icuMonth + 1, false)
            // ICU's Hebrew months: TISHRI = 0 … SHEVAT = 4, ADAR_1 = 5 (leap years only), ADAR = 6 … ELUL = 12.
            case .hebrew: (number, leap) = icuMonth < 5 ? (icuMonth + 1, false) : icuMonth == 5 ? (5, true) : (icuMonth, false)
            case .lunisolar: (number, leap) = (icuMonth + 1, m.is_leap != 0)
            }
            months.append(RRuleMonth(number: number, leap: leap, firstDay: m.first_day, dayCount: Int64(m.length)))
        }
        if case .fixed(let count) = numbering, months.count != count { return nil }
        let last = months[months.count - 1]
        return RScaleYear(number: y, firstDay: first.first_day, dayCount: last.firstDay + last.dayCount - first.first_day, months: months)
    }
}
