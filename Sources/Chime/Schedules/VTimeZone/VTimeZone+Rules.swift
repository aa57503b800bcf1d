extension VTimeZone {
    /// The zone this definition gives, named by its TZID, source `vtimezone`.
    ///
    /// Every onset — each observance's DTSTART, RDATEs, and its RRULE's instances — is a local
    /// time on the clock in force before it (TZOFFSETFROM), so its instant is that wall time less
    /// TZOFFSETFROM (RFC 5545 §3.6.5); from it TZOFFSETTO (and TZNAME, DST for DAYLIGHT) holds.
    /// Before the first onset the first onset's TZOFFSETFROM holds. Onsets are listed through the
    /// year after the last DTSTART, RDATE or ending rule's last instance; after that, rules without
    /// end (no COUNT, no UNTIL) go on: one alone changes nothing more, a pair goes on as the
    /// annual rule of the table (`RecurringRule`, the machinery a TZif footer uses), so every year
    /// to 9999 follows the file.
    ///
    /// An RRULE is read as the yearly day of a zone rule: FREQ=YEARLY (INTERVAL 1) with BYMONTH
    /// (or DTSTART's month) and one of BYDAY=nDD (n 1…4 or -1…-4: `-1SU`), BYDAY=DD with seven
    /// consecutive BYMONTHDAY (`SU` on `8,…,14`: the Sunday on or after the 8th), BYMONTHDAY=d,
    /// or neither (DTSTART's day); its time is DTSTART's. Anything else is `RRuleError` naming
    /// RRULE, as are more than two rules without end and more than `onsetLimit` onsets.
    public func rules() throws(RRuleError) -> ZoneRules {
        var listed: [(seconds: Int64, order: Int, type: LocalTimeType)] = []
        var endless: [Endless] = []
        var lastYear = Int64.min
        func list(_ seconds: Int64, _ order: Int, _ type: LocalTimeType) throws(RRuleError) {
            guard listed.count < Self.onsetLimit else {
                throw .invalid(part: "VTIMEZONE", reason: "VTIMEZONE '\(identifier)' has more than \(Self.onsetLimit) onsets before its rules repeat")
            }
            listed.append((seconds, order, type))
        }
        let types = observances.map { LocalTimeType(utcOffset: $0.offsetTo, isDST: $0.kind == .daylight, abbreviation: $0.name ?? Self.numericName($0.offsetTo)) }
        guard Set(types).count < 256 else { throw .invalid(part: "VTIMEZONE", reason: "VTIMEZONE '\(identifier)' has more than 255 distinct offset and name pairs") }
        for (i, o) in observances.enumerated() {
            try list(o.start - Int64(o.offsetFrom), i, types[i])
            lastYear = max(lastYear, Self.year(o.start))
            for r in o.rdates {
                try list(r.zone == .utc ? r.wall : r.wall - Int64(o.offsetFrom), i, types[i])
                lastYear = max(lastYear, Self.year(r.wall))
            }
            guard let rule = o.rule else { continue }
            let day = try yearlyDay(rule, of: o, position: i + 1)
            if rule.count == nil && rule.until == nil {
                endless.append(Endless(observance: o, order: i, day: day, type: types[i]))
                continue
            }
            for wall in try onsets(of: o, on: day, through: CivilDateTime.supportedYears.upperBound) {
                try list(wall - Int64(o.offsetFrom), i, types[i])
                lastYear = max(lastYear, Self.year(wall))
            }
        }
        guard endless.count <= 2 else {
            throw .invalid(part: "RRULE", reason: "VTIMEZONE '\(identifier)' has \(endless.count) observances whose RRULE never ends (no COUNT or UNTIL); a zone alternates between two at most")
        }
        let through = min(lastYear + 1, CivilDateTime.supportedYears.upperBound)
        for e in endless {
            for wall in try onsets(of: e.observance, on: e.day, through: through) { try list(wall - Int64(e.observance.offsetFrom), e.order, e.type) }
        }
        listed.sort { ($0.seconds, $0.order) < ($1.seconds, $1.order) }
        // Before the first onset: its TZOFFSETFROM, named as the observance that changes to it, if one does.
        let first = observances[listed[0].order]
        let initial = observances.firstIndex { $0.offsetTo == first.offsetFrom }.map { types[$0] }
            ?? LocalTimeType(utcOffset: first.offsetFrom, isDST: false, abbreviation: Self.numericName(first.offsetFrom))
        var annual: RecurringRule?
        if endless.count == 2 {
            // The DAYLIGHT one (or, of two alike, the one further east) is the rule's daylight time;
            // each onset is read on UTC, so the clock before it need not be the other's TZOFFSETTO.
            let swap = endless[0].observance.kind == .daylight && endless[1].observance.kind == .standard
                || (endless[0].observance.kind == endless[1].observance.kind && endless[0].type.utcOffset > endless[1].type.utcOffset)
            let (standard, daylight) = swap ? (endless[1], endless[0]) : (endless[0], endless[1])
            func onset(_ e: Endless) -> RecurringRule.DateRule {
                let timeOfDay = CivilArithmetic.floorDivMod(e.observance.start, CivilArithmetic.secondsPerDay).remainder
                return .init(day: e.day, secondsOfDay: Int32(timeOfDay) - e.observance.offsetFrom, reference: .utc)
            }
            annual = RecurringRule(standard: standard.type, daylight: daylight.type, dstStart: onset(daylight), dstEnd: onset(standard))
        }
        do {
            return try ZoneRules.defined(identifier: identifier, source: .vtimezone, initial: initial,
                                         transitions: listed.map { ($0.seconds, $0.type) }, rule: annual, origin: "VTIMEZONE '\(identifier)'")
        } catch {
            throw .invalid(part: "VTIMEZONE", reason: error.description)
        }
    }

    /// An observance whose RRULE never ends, and the day each year it names.
    private struct Endless {
        let observance: Observance
        let order: Int
        let day: RecurringRule.DateRule.Day
        let type: LocalTimeType
    }

    /// The wall times of `o`'s onsets from DTSTART (the first, as RFC 5545 counts it) through the
    /// end of `lastYear`, within the rule's COUNT and UNTIL.
    private func onsets(of o: Observance, on day: RecurringRule.DateRule.Day, through lastYear: Int64) throws(RRuleError) -> [Int64] {
        let rule = o.rule!
        let timeOfDay = CivilArithmetic.floorDivMod(o.start, CivilArithmetic.secondsPerDay).remainder
        let date = RecurringRule.DateRule(day: day, secondsOfDay: 0, reference: .wall)
        var walls = [o.start]
        let startYear = Self.year(o.start)
        guard startYear <= lastYear else { return walls }
        for year in startYear...lastYear {
            if let count = rule.count, walls.count >= count { break }
            let wall = date.dayNumber(in: year) * CivilArithmetic.secondsPerDay + timeOfDay
            guard wall > o.start else { continue }
            switch rule.until {
            case .utc(let seconds)?: if wall - Int64(o.offsetFrom) > seconds { return walls }
            case .local(let limit)?: if wall > limit { return walls }
            case .date(let day)?: if wall >= (day + 1) * CivilArithmetic.secondsPerDay { return walls }
            case nil: break
            }
            guard walls.count < Self.onsetLimit else {
                throw .invalid(part: "RRULE", reason: "VTIMEZONE '\(identifier)': a \(o.kind.rawValue) RRULE has more than \(Self.onsetLimit) onsets")
            }
            walls.append(wall)
        }
        return walls
    }

    /// The day each year an RRULE of a zone names (see `rules()` for the shapes read).
    private func yearlyDay(_ rule: RRule, of o: Observance, position: Int) throws(RRuleError) -> RecurringRule.DateRule.Day {
        let start = CivilDateTime(localSeconds: o.start)
        func refuse(_ why: String) -> RRuleError {
            .invalid(part: "RRULE", reason: "'\(rule.text)' in the \(o.kind.rawValue) observance #\(position) of VTIMEZONE '\(identifier)' \(why); "
                     + "a zone's rule is FREQ=YEARLY with BYMONTH and BYDAY=-1SU (n 1…4 or -1…-4), BYDAY=SU with seven consecutive BYMONTHDAY, or BYMONTHDAY=d")
        }
        guard rule.frequency == .yearly else { throw refuse("is not yearly") }
        guard rule.interval == 1 else { throw refuse("skips years (INTERVAL=\(rule.interval))") }
        guard rule.rscale == nil, rule.byLeapMonth.isEmpty, rule.byYearDay.isEmpty, rule.byWeekNo.isEmpty, rule.bySetPos.isEmpty,
              rule.byHour.isEmpty, rule.byMinute.isEmpty, rule.bySecond.isEmpty else {
            throw refuse("has parts a zone's rule has not (RSCALE, BYYEARDAY, BYWEEKNO, BYSETPOS, BYHOUR, BYMINUTE, BYSECOND)")
        }
        guard rule.byMonth.count <= 1 else { throw refuse("names more than one month") }
        let month = rule.byMonth.first ?? start.month
        // The shortest length the month has (February: 28), so that every year has the day.
        let shortest = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        switch (rule.byDay.count, rule.byMonthDay.count) {
        case (0, 0), (0, 1):
            let day = rule.byMonthDay.first ?? start.day
            guard (1...shortest).contains(day) else { throw refuse("names day \(day) of month \(month), which not every year has") }
            return .dayOfMonth(month: month, day: day)
        case (1, 0):
            guard rule.byMonth.count == 1 else { throw refuse("names a weekday but no month (BYMONTH)") }
            guard let n = rule.byDay[0].ordinal, (1...4).contains(abs(n)) else { throw refuse("names a weekday that is not the 1st…4th or last…4th last of the month") }
            return .nthWeekday(month: month, n: n, weekday: rule.byDay[0].weekday)
        case (1, 7):
            let days = rule.byMonthDay.sorted()
            guard rule.byDay[0].ordinal == nil, let low = days.first, low >= 1, days == Array(low...(low + 6)), low + 6 <= shortest else {
                throw refuse("does not name one weekday within seven consecutive days of the month")
            }
            return .weekdayOnOrAfter(month: month, day: low, weekday: rule.byDay[0].weekday)
        default:
            throw refuse("names more than one day a year")
        }
    }

    /// The first instant at or after `from` and before `to` (UTC seconds) at which `a` and `b`
    /// are at different offsets, with the two offsets; nil when they agree throughout.
    public static func firstDifference(_ a: ZoneRules, _ b: ZoneRules, from: Int64, to: Int64) -> (seconds: Int64, a: Int32, b: Int32)? {
        var points = [from]
        for zone in [a, b] {
            points += zone.transitions(from: Instant(seconds: from), to: Instant(seconds: to)).map(\.instant.seconds)
        }
        for p in points.sorted() where a.utcOffset(atSeconds: p) != b.utcOffset(atSeconds: p) {
            return (p, a.utcOffset(atSeconds: p), b.utcOffset(atSeconds: p))
        }
        return nil
    }

    /// `+01:00` for a type the file leaves unnamed (no TZNAME).
    static func numericName(_ offset: Int32) -> String { ISO8601Format.offset(Int(offset)) }

    /// The year of `wall` (seconds since 1970, local or UTC).
    package static func year(_ wall: Int64) -> Int64 {
        CivilArithmetic.civilFromDays(CivilArithmetic.floorDivMod(wall, CivilArithmetic.secondsPerDay).quotient).year
    }
}
