extension Trigger {
    /// What the trigger asks for, in English (`ScheduleWords`), with the zone when given:
    /// `{hour: 2, minute: 30}`, `30 2 * * *` and `*-*-* 02:30:00` in New York all read
    /// "at 02:30 every day, America/New_York"; `--every 1h30m` reads "every 1 h 30 min of elapsed
    /// time from 2026-03-08T00:00:00Z".
    public func inWords(zone: String? = nil) -> String {
        let text: String
        if case .interval(let t) = self {
            let length = Self.durationWords(t.interval)
            text = t.repeats ? "every \(length) of elapsed time from \(t.anchor.utcString)"
                             : "once, \(length) after \(t.anchor.utcString)"
        } else if case .cron(let t) = self, let every = t.expression.everyNanoseconds {
            text = "every \(Self.durationWords(ExactDuration(nanoseconds: every))) of elapsed time"
        } else if case .rrule(let t) = self {
            text = t.inWords
        } else {
            text = outline.map(ScheduleWords.describe) ?? ""
        }
        var words = zone.map { text + ", " + $0 } ?? text
        if case .calendar(let t) = self, t.semantics == .apple, t.components.leavesLevelOpenBetweenGivenOnes {
            // Foundation's search fills such a field from the path it took (docs/apple-semantics.md, rule 2).
            words += " (as written; Foundation's search may fire on fewer of these)"
        }
        return words
    }

    /// The wall-clock shape of the schedule; nil for elapsed time (an interval trigger, robfig's `@every`).
    public var outline: ScheduleOutline? {
        switch self {
        case .calendar(let t): return t.components.outline
        case .interval: return nil
        case .weekly(let t):
            var days = ScheduleOutline.Days()
            days.weekdays = .list(t.weekdays.map { $0.isoNumber }.sorted(), in: 1...7)
            return ScheduleOutline(nanosecondsOfMinute: .single(t.second * 1_000_000_000), minutes: .single(t.minute),
                                   hours: .single(t.hour), days: days)
        case .onCalendar(let t): return t.spec.outline
        case .cron(let t): return t.expression.everyNanoseconds == nil ? t.expression.outline : nil
        case .flutterAndroid(let t): return t.outline
        case .rrule(let t): return t.outline
        }
    }

    /// `1 h 30 min`, `90 s`, `0.25 s`, `2 d`.
    static func durationWords(_ duration: ExactDuration) -> String {
        let nanoseconds = duration.nanoseconds
        guard nanoseconds % 1_000_000_000 == 0, nanoseconds >= 60_000_000_000 else { return duration.description + " s" }
        var seconds = nanoseconds / 1_000_000_000
        var parts: [String] = []
        for (unit, size) in [("d", Int64(86_400)), ("h", 3600), ("min", 60), ("s", 1)] where seconds >= size {
            parts.append("\(seconds / size) \(unit)")
            seconds %= size
        }
        return parts.joined(separator: " ")
    }
}

extension Weekday {
    /// ISO 8601 numbering: 1 = Monday … 7 = Sunday.
    var isoNumber: Int { (rawValue + 5) % 7 + 1 }
}

extension CalendarComponents {
    /// Whether a level (year, month, day, hour, minute, second) is left out between two given ones:
    /// `{month: 3, hour: 9}`, `{day: 1, minute: 30}`. Foundation then answers fewer wall times than
    /// the plain reading names (March 1 only; 00:30 only), depending on where its search starts.
    var leavesLevelOpenBetweenGivenOnes: Bool {
        let levels = [year != nil || yearForWeekOfYear != nil, month != nil || weekOfYear != nil,
                      day != nil || weekday != nil || weekdayOrdinal != nil || dayOfYear != nil || weekOfMonth != nil,
                      hour != nil, minute != nil, second != nil || nanosecond != nil]
        guard let first = levels.firstIndex(of: true), let last = levels.lastIndex(of: true) else { return false }
        return levels[first...last].contains(false)
    }

    /// Apple's reading: a component not given is "any" above the smallest one given and its
    /// minimum below it (`{day: 31}` is 00:00:00 on the 31st; `{minute: 15}` every hour at :15).
    var outline: ScheduleOutline {
        // The time components from the largest down; those below the smallest given are fixed at 0.
        let timeGiven = [hour, minute, second, nanosecond]
        let smallest = timeGiven.lastIndex { $0 != nil } ?? -1
        func time(_ value: Int?, index: Int) -> ScheduleOutline.Values {
            if let value { return .single(value) }
            return index > smallest ? .single(0) : .every
        }
        var seconds: ScheduleOutline.Values
        switch (second, nanosecond) {
        case let (s?, n): seconds = .single(s * 1_000_000_000 + (n ?? 0))
        case let (nil, n?): seconds = ScheduleOutline.Values(runs: [.init(first: n, last: 59_000_000_000 + n, step: 1_000_000_000)])
        case (nil, nil): seconds = smallest < 2 ? .single(0) : .every
        }
        if smallest == -1 { seconds = .single(0) }
        var days = ScheduleOutline.Days()
        if let day { if day > 0 { days.monthDays = .single(day) } else { days.monthDays = .single(-day); days.fromMonthEnd = true } }
        if let weekday {
            let iso = Weekday(rawValue: weekday)?.isoNumber ?? weekday
            if let weekdayOrdinal { days.nthWeekdays = [.init(weekday: iso, ordinal: weekdayOrdinal)] } else { days.weekdays = .single(iso) }
        } else {
            days.weekdayOrdinal = weekdayOrdinal
        }
        days.weekOfMonth = weekOfMonth
        days.weekOfYear = weekOfYear
        days.yearForWeekOfYear = yearForWeekOfYear
        days.dayOfYear = dayOfYear
        return ScheduleOutline(nanosecondsOfMinute: seconds, minutes: time(minute, index: 1), hours: time(hour, index: 0), days: days,
                               months: month.map { .single($0) } ?? .every, years: year.map { .single($0) } ?? .every)
    }
}

extension CronExpression {
    /// The fields as read (day-of-week 0 = Sunday becomes ISO 7).
    var outline: ScheduleOutline {
        typealias Values = ScheduleOutline.Values
        let seconds = Values.bits(self.seconds, in: 0...59)
        var days = ScheduleOutline.Days()
        days.monthDays = .bits(daysOfMonth, in: 1...31)
        days.lastDayOfMonth = lastDayOfMonth
        days.nearestWeekday = (1...31).filter { nearestWeekdays & (1 << UInt64($0)) != 0 }
        let iso = (0...6).filter { weekdays & (1 << UInt64($0)) != 0 }.map { $0 == 0 ? 7 : $0 }.sorted()
        days.weekdays = .list(iso, in: 1...7)
        for (weekday, bits) in nthWeekdays.enumerated() where bits != 0 {
            for n in 0..<6 where bits & (1 << UInt8(n)) != 0 {
                days.nthWeekdays.append(.init(weekday: weekday == 0 ? 7 : weekday, ordinal: n == 5 ? -1 : n + 1))
            }
        }
        // The day sides read by the day rule: `#`/`L<d>` replace the weekday list, `W` the day list.
        if hasNth { days.weekdays = .every }
        if nearestWeekdays != 0 { days.monthDays = .every }
        days.eitherField = dayRule != .and
        var years: Values = yearList.map { .list($0, in: 1970...2099) } ?? .every
        if let quartz {
            // Quartz's day flags live in its own reading (`L`, `L-3`, `LW`, `15W`, `6L`, `6#3`).
            days = quartz.days
            if quartz.years != Array(1970...QuartzWalk.maxYear) { years = .list(quartz.years, in: 1970...QuartzWalk.maxYear) }
        }
        return ScheduleOutline(nanosecondsOfMinute: seconds.scaled(by: 1_000_000_000), minutes: .bits(minutes, in: 0...59),
                               hours: .bits(hours, in: 0...23), days: days, months: .bits(months, in: 1...12), years: years)
    }
}

extension QuartzSchedule {
    /// The day that decides (the other field is `?`): `6L` the last Friday, `6#3` the third,
    /// `L-3` the fourth-to-last day, `LW` the last weekday, `15W` the weekday nearest the 15th.
    var days: ScheduleOutline.Days {
        var days = ScheduleOutline.Days()
        let weekdays = (1...7).filter { daysOfWeek & (1 << UInt64($0)) != 0 }.map { $0 == 1 ? 7 : $0 - 1 }.sorted()  // Quartz 1 = Sunday
        if dayOfMonthUnspecified {
            if lastDayOfWeek {
                days.nthWeekdays = weekdays.map { .init(weekday: $0, ordinal: -1) }
            } else if nthDayOfWeek != 0 {
                days.nthWeekdays = weekdays.map { .init(weekday: $0, ordinal: nthDayOfWeek) }
            } else {
                days.weekdays = .list(weekdays, in: 1...7)
            }
        } else if lastDayOfMonth && nearestWeekday {
            days.lastWeekdayOfMonth = true
        } else if lastDayOfMonth {
            days.monthDays = .list([lastDayOffset + 1], in: 1...31)
            days.fromMonthEnd = true
        } else if nearestWeekday {
            days.nearestWeekday = [Self.first(daysOfMonth)]
        } else {
            days.monthDays = .bits(daysOfMonth, in: 1...31)
        }
        return days
    }
}

extension OnCalendarSpec {
    /// systemd's components (`~` days count back from the month's end; weekdays AND the date).
    var outline: ScheduleOutline {
        typealias Values = ScheduleOutline.Values
        func values(_ items: [Item]?, in range: ClosedRange<Int>) -> Values {
            guard let items else { return .every }
            let runs = items.map { item in
                // An open repetition ends at its last value within the range (`10/20` seconds: 10, 30, 50).
                let end = item.stop >= 0 ? item.stop : range.upperBound
                let last = item.repeat_ > 0 ? item.start + (end - item.start) / item.repeat_ * item.repeat_ : item.start
                return Values.Run(first: item.start, last: max(last, item.start), step: item.repeat_)
            }
            if runs.contains(where: { $0.first <= range.lowerBound && $0.last >= range.upperBound && $0.step == 1 }) { return .every }
            return Values(runs: runs)
        }
        var days = ScheduleOutline.Days()
        days.monthDays = values(day, in: 1...31)
        days.fromMonthEnd = endOfMonth
        if endOfMonth, let day {
            // An open repetition counted from the end runs down towards the last day: `~7/1` is the last seven days.
            days.monthDays = Values(runs: day.map { item in
                guard item.stop < 0, item.repeat_ > 0 else {
                    return Values.Run(first: item.start, last: item.stop >= 0 ? item.stop : item.start, step: item.repeat_)
                }
                return Values.Run(first: item.start - item.repeat_ * ((item.start - 1) / item.repeat_), last: item.start, step: item.repeat_)
            })
        }
        if let weekdays { days.weekdays = .list((0..<7).filter { weekdays & (1 << $0) != 0 }.map { $0 + 1 }, in: 1...7) }
        return ScheduleOutline(nanosecondsOfMinute: values(microsecond, in: 0...59_999_999).scaled(by: 1000),
                               minutes: values(minute, in: 0...59), hours: values(hour, in: 0...23), days: days,
                               months: values(month, in: 1...12), years: values(year, in: 1970...2199))
    }
}

extension ScheduleOutline.Values {
    /// Each value times `factor` (seconds to nanoseconds).
    func scaled(by factor: Int) -> Self {
        Self(runs: runs.map { .init(first: $0.first * factor, last: $0.last * factor, step: $0.step * factor) })
    }
}
