/// One RFC 5545 recurrence rule (§3.3.10 RECUR value): `FREQ=MONTHLY;BYDAY=-1FR`.
///
/// Every part of the grammar is held as written (lists in the order given); `RRuleParser.rule`
/// reads the text and checks what §3.3.10 forbids, naming the part: BYWEEKNO outside YEARLY,
/// BYYEARDAY in DAILY/WEEKLY/MONTHLY, BYMONTHDAY in WEEKLY, BYDAY ordinals outside MONTHLY/YEARLY
/// or with BYWEEKNO, BYSETPOS without another BY part, COUNT with UNTIL, values out of range.
public struct RRule: Sendable, Hashable {
    /// FREQ, finest first (so `frequency < .daily` means "finer than a day").
    public enum Frequency: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// FREQ=SECONDLY: a period of one second.
        case secondly
        /// FREQ=MINUTELY: a period of one minute.
        case minutely
        /// FREQ=HOURLY: a period of one hour.
        case hourly
        /// FREQ=DAILY: a period of one day (a calendar day, 23 or 25 hours across a transition).
        case daily
        /// FREQ=WEEKLY: a period of one week, starting on WKST.
        case weekly
        /// FREQ=MONTHLY: a period of one calendar month.
        case monthly
        /// FREQ=YEARLY: a period of one calendar year.
        case yearly

        /// The FREQ value as written in a rule, e.g. `DAILY`.
        public var name: String { ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"][rawValue] }

        /// Finer first: `.secondly < .minutely < … < .yearly`.
        public static func < (a: Frequency, b: Frequency) -> Bool { a.rawValue < b.rawValue }
    }

    /// A BYDAY entry: a weekday with an optional ordinal (`-1FR`: the last Friday; `MO`: every Monday).
    public struct WeekdayNum: Sendable, Hashable {
        /// ±1…53, or nil for every such weekday in the period.
        public let ordinal: Int?
        /// The weekday.
        public let weekday: Weekday

        /// A BYDAY entry: `ordinal` ±1…53 or nil (every such weekday in the period), and the
        /// weekday.
        public init(ordinal: Int?, weekday: Weekday) {
            self.ordinal = ordinal
            self.weekday = weekday
        }
    }

    /// UNTIL: a date (`19971224`), a floating date-time, or a UTC date-time (`…Z`).
    public enum Until: Sendable, Hashable {
        /// A DATE: the recurrence ends with that whole day (local days since 1970).
        case date(Int64)
        /// A DATE-TIME with no zone: a wall time (local seconds) in the rule's zone.
        case local(Int64)
        /// A DATE-TIME in UTC.
        case utc(Int64)
    }

    /// FREQ: the period the rule repeats by.
    public var frequency: Frequency
    /// INTERVAL: every how many periods (default 1).
    public var interval: Int = 1
    /// COUNT: how many instances in all, DTSTART included (nil: no count). Never with UNTIL.
    public var count: Int?
    /// UNTIL: the last instant an instance may have (inclusive; nil: no end). Never with COUNT.
    public var until: Until?
    /// BYSECOND: seconds 0…59, as written.
    public var bySecond: [Int] = []
    /// BYMINUTE: minutes 0…59, as written.
    public var byMinute: [Int] = []
    /// BYHOUR: hours 0…23, as written.
    public var byHour: [Int] = []
    /// BYDAY: weekdays, with an ordinal in MONTHLY and YEARLY rules.
    public var byDay: [WeekdayNum] = []
    /// BYMONTHDAY: days of the month, 1…31 or -31…-1 (from the month's end).
    public var byMonthDay: [Int] = []
    /// BYYEARDAY: days of the year, 1…366 or -366…-1 (from the year's end).
    public var byYearDay: [Int] = []
    /// BYWEEKNO: ISO-style week numbers (weeks start on WKST), 1…53 or -53…-1; YEARLY only.
    public var byWeekNo: [Int] = []
    /// BYMONTH: months, 1…12.
    public var byMonth: [Int] = []
    /// BYSETPOS: positions in each period's set of instances, 1…366 or -366…-1 (-1: the last).
    public var bySetPos: [Int] = []
    /// WKST (default Monday).
    public var weekStart: Weekday = .monday
    /// RFC 7529 RSCALE: the calendar the rule counts in, as its CLDR name in upper case
    /// (`HEBREW`, `CHINESE`, `ISLAMIC-CIVIL`; `RRule.supportedCalendars`); nil for RFC 5545's Gregorian rule.
    public var rscale: String?
    /// RFC 7529 SKIP (only with RSCALE): what becomes of a date the rule names that the year or month
    /// lacks. nil when not given (the default, OMIT).
    public var skip: Skip?
    /// RFC 7529 leap months in BYMONTH (`5L` is 5): months that only some years have (only with RSCALE).
    public var byLeapMonth: [Int] = []
    /// Whose reading the rule follows (`RRuleFlavor`): RFC 5545's, or python-dateutil's, which
    /// expands combinations RFC 5545 forbids. Not part of `text`.
    public var flavor: RRuleFlavor = .rfc5545

    /// RFC 7529 §4.1 SKIP values.
    public enum Skip: String, Sendable, Hashable, CaseIterable {
        /// The missing date is left out (RFC 5545's rule, the default).
        case omit = "OMIT"
        /// An invalid month becomes the month before it; an invalid day the day before it.
        case backward = "BACKWARD"
        /// An invalid month becomes the month after it; an invalid day the day after it.
        case forward = "FORWARD"
    }

    /// RSCALE values this build reads: the CLDR calendars ICU implements (see docs/rrule.md).
    public static var supportedCalendars: [String] { RScaleCalendar.supportedNames }

    /// A rule with FREQ `frequency` and every other part at its default (INTERVAL 1, no BY parts,
    /// no end).
    public init(frequency: Frequency) {
        self.frequency = frequency
    }

    static let weekdayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// The last wall time a rule may produce, 9999-12-31T23:59:59 (Chime's calendar ends with the
    /// year 9999).
    static let lastWall: Int64 = 253_402_300_799

    /// The rule in RFC 5545 form, parts in the RFC's order (FREQ first; RFC 7529's RSCALE before it
    /// and SKIP last, as RFC 7529's examples write them), defaults left out.
    public var text: String {
        var parts = (rscale.map { ["RSCALE=" + $0] } ?? []) + ["FREQ=" + frequency.name]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if let count { parts.append("COUNT=\(count)") }
        if let until {
            switch until {
            case .date(let day): parts.append("UNTIL=" + RRuleParser.dateText(day))
            case .local(let wall): parts.append("UNTIL=" + RRuleParser.dateTimeText(wall))
            case .utc(let seconds): parts.append("UNTIL=" + RRuleParser.dateTimeText(seconds) + "Z")
            }
        }
        func list(_ name: String, _ values: [Int]) {
            if !values.isEmpty { parts.append(name + "=" + values.map(String.init).joined(separator: ",")) }
        }
        list("BYSECOND", bySecond)
        list("BYMINUTE", byMinute)
        list("BYHOUR", byHour)
        if !byDay.isEmpty {
            parts.append("BYDAY=" + byDay.map { ($0.ordinal.map(String.init) ?? "") + Self.weekdayCodes[$0.weekday.rawValue - 1] }.joined(separator: ","))
        }
        list("BYMONTHDAY", byMonthDay)
        list("BYYEARDAY", byYearDay)
        list("BYWEEKNO", byWeekNo)
        if !byMonth.isEmpty || !byLeapMonth.isEmpty {
            parts.append("BYMONTH=" + (byMonth.map(String.init) + byLeapMonth.map { "\($0)L" }).joined(separator: ","))
        }
        list("BYSETPOS", bySetPos)
        if weekStart != .monday { parts.append("WKST=" + Self.weekdayCodes[weekStart.rawValue - 1]) }
        if let skip { parts.append("SKIP=" + skip.rawValue) }
        return parts.joined(separator: ";")
    }

    /// Checks RFC 5545 §3.3.10's constraints between parts (ranges are checked while reading). The
    /// dateutil flavor lifts the combination rules dateutil expands (`RRuleFlavor`) and keeps the rest.
    func validate() throws(RRuleError) {
        let f = frequency
        if flavor == .dateutil {
            // python-dateutil 2.9 reads none of RFC 7529 (`rrulestr`: "unknown parameter 'RSCALE'").
            if rscale != nil || skip != nil || !byLeapMonth.isEmpty {
                throw .invalid(part: rscale != nil ? "RSCALE" : "SKIP", reason: "python-dateutil does not read RFC 7529's RSCALE or SKIP; use flavor rfc5545")
            }
            return
        }
        if count != nil && until != nil {
            throw .invalid(part: "COUNT", reason: "COUNT and UNTIL MUST NOT occur in the same rule (RFC 5545 §3.3.10)")
        }
        if !byWeekNo.isEmpty && f != .yearly {
            throw .invalid(part: "BYWEEKNO", reason: "BYWEEKNO goes with FREQ=YEARLY only (RFC 5545 §3.3.10), got FREQ=\(f.name)")
        }
        if !byYearDay.isEmpty && (f == .daily || f == .weekly || f == .monthly) {
            throw .invalid(part: "BYYEARDAY", reason: "BYYEARDAY MUST NOT be used with FREQ=DAILY, WEEKLY or MONTHLY (RFC 5545 §3.3.10), got FREQ=\(f.name)")
        }
        if !byMonthDay.isEmpty && f == .weekly {
            throw .invalid(part: "BYMONTHDAY", reason: "BYMONTHDAY MUST NOT be used with FREQ=WEEKLY (RFC 5545 §3.3.10)")
        }
        if byDay.contains(where: { $0.ordinal != nil }) {
            if f != .monthly && f != .yearly {
                throw .invalid(part: "BYDAY", reason: "a numbered weekday (e.g. -1FR) goes with FREQ=MONTHLY or YEARLY only (RFC 5545 §3.3.10), got FREQ=\(f.name)")
            }
            if f == .yearly && !byWeekNo.isEmpty {
                throw .invalid(part: "BYDAY", reason: "a numbered weekday MUST NOT be used with FREQ=YEARLY and BYWEEKNO (RFC 5545 §3.3.10)")
            }
        }
        if !bySetPos.isEmpty && bySecond.isEmpty && byMinute.isEmpty && byHour.isEmpty && byDay.isEmpty && byMonthDay.isEmpty
            && byYearDay.isEmpty && byWeekNo.isEmpty && byMonth.isEmpty && byLeapMonth.isEmpty {
            throw .invalid(part: "BYSETPOS", reason: "BYSETPOS MUST only be used with another BYxxx rule part (RFC 5545 §3.3.10)")
        }
    }
}
