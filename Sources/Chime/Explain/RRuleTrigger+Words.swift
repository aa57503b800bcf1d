extension RRuleTrigger {
    /// The wall-clock shape of one period's instances when the shared outline can say it (FREQ
    /// DAILY…YEARLY or finer with INTERVAL=1 reading; no BYSETPOS, BYWEEKNO or BYYEARDAY; numbered
    /// weekdays 1…5 or -1 within a month; not the dateutil flavor's plain and numbered weekdays
    /// together, which both filter); nil otherwise. INTERVAL, COUNT, UNTIL, RDATE and EXDATE
    /// are not part of it (`inWords` adds them). `FREQ=MONTHLY;BYDAY=-1FR` from a 09:00 DTSTART is
    /// the outline of `{weekday: 6, weekdayOrdinal: -1, hour: 9, minute: 0}`.
    public var outline: ScheduleOutline? {
        guard let rule, let e = expansion, e.setPositions.isEmpty, e.weekNumbers.isEmpty, e.yearDays.isEmpty, !e.weekdaysBoth else { return nil }
        typealias Values = ScheduleOutline.Values
        if e.ordinals.contains(where: { e.ordinalsInYear || !((1...5).contains($0.ordinal!) || $0.ordinal == -1) }) { return nil }
        if e.monthDayPositive != 0 && e.monthDayNegative != 0 { return nil }
        func bits(_ mask: UInt64, _ range: ClosedRange<Int>) -> Values { mask == 0 ? .every : .bits(mask, in: range) }
        func list(_ values: [Int64], _ range: ClosedRange<Int>) -> Values { .list(values.map { Int($0) }, in: range) }
        let hours = rule.frequency > .hourly ? list(e.hours, 0...23) : bits(UInt64(e.hourLimit), 0...23)
        let minutes = rule.frequency > .minutely ? list(e.minutes, 0...59) : bits(e.minuteLimit, 0...59)
        let seconds = rule.frequency > .secondly ? list(e.seconds, 0...59) : bits(e.secondLimit, 0...59)
        var days = ScheduleOutline.Days()
        if e.monthDayPositive != 0 {
            days.monthDays = .bits(UInt64(e.monthDayPositive), in: 1...31)
        } else if e.monthDayNegative != 0 {
            days.monthDays = .bits(UInt64(e.monthDayNegative), in: 1...31)
            days.fromMonthEnd = true
        }
        if e.weekdayMask != 0 {
            days.weekdays = .list((0..<7).filter { e.weekdayMask & (1 << UInt8($0)) != 0 }.map { $0 == 0 ? 7 : $0 }.sorted(), in: 1...7)
        }
        days.nthWeekdays = e.ordinals.map { .init(weekday: $0.weekday.isoNumber, ordinal: $0.ordinal!) }
        return ScheduleOutline(nanosecondsOfMinute: seconds.scaled(by: 1_000_000_000), minutes: minutes, hours: hours, days: days,
                               months: e.monthKeys.isEmpty ? .every : .bits(e.monthKeys.reduce(0) { $0 | UInt64(1) << UInt64($1 / 2) }, in: 1...12))
    }

    /// The recurrence in English: the outline's sentence (or the rule's text when the outline
    /// cannot say it), then INTERVAL ("every 2nd week"), the start, COUNT or UNTIL, and how many
    /// RDATEs and EXDATEs. `FREQ=MONTHLY;BYDAY=-1FR` from `20260130T090000`: "at 09:00 on the last
    /// Friday of the month, from 2026-01-30T09:00:00".
    public var inWords: String {
        var text: String
        if let rule, let rscale = rscaleExpansion { text = rscaleWords(rule, rscale) }
        else if let outline { text = ScheduleWords.describe(outline) } else if let rule { text = "as RRULE:" + rule.text + " says" } else { text = "once" }
        let start = CivilDateTime(localSeconds: dtstart.wall).description + (dtstart.zone == .utc ? "Z" : "")
        if let rule {
            if rule.interval > 1 {
                let unit = ["second", "minute", "hour", "day", "week", "month", "year"][rule.frequency.rawValue]
                text += ", every \(ScheduleWords.ordinal(rule.interval)) \(unit)"
            }
            text += ", from " + start
            if let count = rule.count { text += ", \(count) time" + (count == 1 ? "" : "s") }
            switch rule.until {
            case .date(let day)?: text += ", until " + String(CivilDateTime(localSeconds: day * 86_400).description.prefix(10))
            case .local(let wall)?: text += ", until " + CivilDateTime(localSeconds: wall).description
            case .utc(let seconds)?: text += ", until " + Instant(seconds: seconds).utcString
            case nil: break
            }
            if dtstartMode == .ifMatching { text += " (the start counts only if it matches)" }
            if rule.flavor == .dateutil { text += " (as python-dateutil reads the rule)" }
        } else {
            text = "at " + start
        }
        if !rdates.isEmpty { text += ", plus \(rdates.count) more date" + (rdates.count == 1 ? "" : "s") }
        if !exdates.isEmpty { text += ", except \(exdates.count) date" + (exdates.count == 1 ? "" : "s") }
        return text
    }
}
