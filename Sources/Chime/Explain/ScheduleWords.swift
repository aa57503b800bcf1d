/// A schedule in English words, from its `ScheduleOutline`: the time of day first, then the days,
/// months and years, e.g. `at 02:30 every day`, `every 15 minutes during hours 9 through 17 on
/// Monday through Friday`, `at 00:00 on the last Friday of the month in March through October`.
///
/// The words describe what is asked for, never what DST does to it: `chime audit` and each fire's
/// `adjustment` say that.
enum ScheduleWords {
    /// Up to this many times of day are listed one by one (`at 09:00, 12:00 and 17:00`).
    static let listedTimes = 6

    static func describe(_ outline: ScheduleOutline) -> String {
        let (time, listed) = timeOfDay(outline)
        var text = time
        // "on February 29", one date a year.
        let d = outline.days
        if let month = outline.months.singleValue, let day = d.monthDays.singleValue, !d.fromMonthEnd, d.weekdays.isEvery,
           d.nthWeekdays.isEmpty, d.nearestWeekday.isEmpty, !d.lastDayOfMonth, !d.lastWeekdayOfMonth, d.weekdayOrdinal == nil, d.weekOfMonth == nil,
           d.weekOfYear == nil, d.yearForWeekOfYear == nil, d.dayOfYear == nil {
            text += " on \(monthNames[month - 1]) \(day)"
        } else {
            let days = self.days(d)
            if !days.isEmpty {
                text += " " + days
            } else if listed {
                text += " every day"
            }
            if !outline.months.isEvery { text += " in " + months(outline.months) }
        }
        if let year = outline.years.singleValue {
            text += " in \(year)"
        } else if !outline.years.isEvery {
            text += " in " + values(outline.years, noun: ("year", "years"))
        }
        return text
    }

    // MARK: Time of day

    /// The phrase, and whether it lists clock times (`at 02:30`: "every day" reads well after it).
    private static func timeOfDay(_ outline: ScheduleOutline) -> (String, listed: Bool) {
        let (seconds, minutes, hours) = (outline.nanosecondsOfMinute, outline.minutes, outline.hours)
        if let h = hours.values(limit: listedTimes), let m = minutes.values(limit: listedTimes),
           let s = seconds.values(limit: listedTimes), h.count * m.count * s.count <= listedTimes {
            let showSeconds = s != [0]
            var times: [String] = []
            for hour in h { for minute in m { for second in s { times.append(clock(hour, minute, second, seconds: showSeconds)) } } }
            return ("at " + joined(times), true)
        }
        // The smallest unit first, each larger one qualifying it: "at second 30 of every minute",
        // "every 15 minutes during hours 9 through 17", "at minute 0 of every 2nd hour".
        var text: String
        let wholeMinute = seconds.singleValue == 0
        if !wholeMinute {
            text = secondsPhrase(seconds)
            if minutes.isEvery && hours.isEvery { return (text.hasSuffix("every second") ? text : text + " of every minute", false) }
            text += " of " + (minutes.isEvery ? "every minute" : everyNth(minutes, in: 0...59).map { "every \(ordinal($0)) minute" }
                                                                   ?? values(minutes, noun: ("minute", "minutes")))
        } else if minutes.isEvery {
            text = "every minute"
        } else if let step = everyNth(minutes, in: 0...59) {
            text = "every \(step) minutes"
        } else {
            text = "at " + values(minutes, noun: ("minute", "minutes"))
        }
        if hours.isEvery {
            if text.hasPrefix("at minute") { text += " of every hour" }
        } else {
            text += (text.hasPrefix("at ") ? " of " : " during ")
                + (everyNth(hours, in: 0...23).map { "every \(ordinal($0)) hour" } ?? values(hours, noun: ("hour", "hours")))
        }
        return (text, false)
    }

    private static func secondsPhrase(_ seconds: ScheduleOutline.Values) -> String {
        if seconds.isEvery { return "every second" }
        if let step = everyNth(seconds, in: 0...59_999_999_999) {
            return step == 1_000_000_000 ? "every second" : "every \(decimalSeconds(step)) seconds"
        }
        // `{nanosecond: 500000000}`: a fraction into every second.
        if seconds.runs.count == 1, let run = seconds.runs.first, run.step == 1_000_000_000, run.first < run.step,
           run.last + run.step > 59_999_999_999 {
            return "at \(secondText(run.first)) s into every second"
        }
        // Steps in nanoseconds: every 2nd second, or every 1.77 seconds (OnCalendar `23.42/1.77`).
        let text = phrase(seconds.runs, noun: ("second", "seconds"), format: secondText, unit: 1_000_000_000) { step in
            step % 1_000_000_000 == 0 ? "every \(ordinal(step / 1_000_000_000)) second " : "every \(decimalSeconds(step)) seconds "
        }
        return text.hasPrefix("every ") ? text : "at " + text
    }

    /// `2`, `0.5`, `1.77` (nanoseconds as seconds, no padding).
    private static func decimalSeconds(_ nanoseconds: Int) -> String {
        let text = secondText(nanoseconds)
        return text.hasPrefix("0") && !text.hasPrefix("0.") ? String(text.dropFirst()) : text
    }

    private static func clock(_ hour: Int, _ minute: Int, _ nanoseconds: Int, seconds: Bool) -> String {
        ISO8601Format.pad(hour, 2) + ":" + ISO8601Format.pad(minute, 2) + (seconds ? ":" + secondText(nanoseconds) : "")
    }

    /// `05`, `05.5` (nanoseconds of the minute).
    private static func secondText(_ nanoseconds: Int) -> String {
        var text = ISO8601Format.pad(nanoseconds / 1_000_000_000, 2)
        var fraction = nanoseconds % 1_000_000_000
        guard fraction != 0 else { return text }
        var digits = 9
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let raw = String(fraction)
        text += "." + String(repeating: "0", count: digits - raw.count) + raw
        return text
    }

    // MARK: Days, months, years

    private static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                     "October", "November", "December"]

    /// Empty for every day.
    private static func days(_ days: ScheduleOutline.Days) -> String {
        var monthSide: [String] = []
        if !days.monthDays.isEvery {
            if days.fromMonthEnd {
                monthSide.append(fromEnd(days.monthDays))
            } else if days.monthDays.values(limit: listedTimes) == nil, let step = everyNth(days.monthDays, in: 1...31) {
                monthSide.append("every \(ordinal(step)) day of the month")
            } else {
                monthSide.append(values(days.monthDays, noun: ("day", "days")) + " of the month")
            }
        }
        if days.lastDayOfMonth { monthSide.append("the last day of the month") }
        for day in days.nearestWeekday { monthSide.append("the weekday nearest day \(day) of the month") }
        if days.lastWeekdayOfMonth { monthSide.append("the last weekday (Monday to Friday) of the month") }
        if let ordinal = days.weekdayOrdinal {
            monthSide.append("the \(ordinalWord(ordinal)) occurrence of its weekday in the month")
        }
        if let week = days.weekOfMonth { monthSide.append("week \(week) of the month") }
        if let week = days.weekOfYear {
            monthSide.append("week \(week) of the year" + (days.yearForWeekOfYear.map { " \($0)" } ?? ""))
        } else if let year = days.yearForWeekOfYear {
            monthSide.append("the week-numbering year \(year)")
        }
        if let day = days.dayOfYear { monthSide.append("day \(day) of the year") }

        var weekSide: [String] = days.nthWeekdays.map { "the \(ordinalWord($0.ordinal)) \(weekdayNames[$0.weekday - 1]) of the month" }
        if !days.weekdays.isEvery {
            weekSide.append((days.eitherField && !monthSide.isEmpty ? "every " : "") + names(days.weekdays, weekdayNames, first: 1))
        }
        switch (monthSide.isEmpty, weekSide.isEmpty) {
        case (true, true): return ""
        case (false, true): return on(monthSide)
        case (true, false): return "on " + joined(weekSide)
        case (false, false):
            return days.eitherField ? on(monthSide) + " and on " + joined(weekSide)
                                    : on(monthSide) + " when it is " + joined(weekSide, last: " or ")
        }
    }

    /// "in week 10 of the year", "on day 1 of the month".
    private static func on(_ items: [String]) -> String {
        (items[0].hasPrefix("week ") || items[0].hasPrefix("the week-numbering") ? "in " : "on ") + joined(items)
    }

    /// Days counted back from the month's end (1 = the last day).
    private static func fromEnd(_ days: ScheduleOutline.Values) -> String {
        if let day = days.singleValue {
            return day == 1 ? "the last day of the month" : "the \(ordinalWord(day))-to-last day of the month"
        }
        if days.runs.count == 1, days.runs[0].first == 1, days.runs[0].step == 1 {
            return "the last \(days.runs[0].last) days of the month"
        }
        return values(days, noun: ("day", "days")) + " counted back from the month's end (1 = the last day)"
    }

    private static func months(_ months: ScheduleOutline.Values) -> String {
        names(months, monthNames, first: 1)
    }

    /// Named values (weekdays, months), three or more in a row as a range: `Monday through Friday`,
    /// `Saturday and Sunday`, `January, April, July and October`.
    private static func names(_ values: ScheduleOutline.Values, _ names: [String], first: Int) -> String {
        let runs = ScheduleOutline.Values.runs(values.values(limit: names.count) ?? [], steps: false)
        return phrase(runs, noun: ("", ""), format: { names[$0 - first] })
    }

    // MARK: Lists

    /// `minute 5`, `minutes 0 and 30`, `hours 9 through 17`, `minutes every 10th from 5 through 55`.
    private static func values(_ values: ScheduleOutline.Values, noun: (String, String)) -> String {
        guard let few = values.values(limit: listedTimes) else { return phrase(values.runs, noun: noun, format: String.init) }
        return phrase(ScheduleOutline.Values.runs(few, steps: false), noun: noun, format: String.init)
    }

    /// `minute 5`, `minutes 0 and 30`, `hours 9 through 17`; a run with a step names its unit
    /// itself: `every 2nd day from 1 through 31`, `minute 5 and every 10th minute from 20 through 50`.
    /// `unit`: the step of consecutive values (a second is 10^9 in nanoseconds of the minute).
    private static func phrase(_ runs: [ScheduleOutline.Values.Run], noun: (singular: String, plural: String),
                               format: (Int) -> String, unit: Int = 1, step stepWords: ((Int) -> String)? = nil) -> String {
        let plain = runs.filter { $0.step == unit || $0.first == $0.last }
        let parts = runs.map { run -> String in
            if run.first == run.last { return format(run.first) }
            if run.step == unit { return format(run.first) + " through " + format(run.last) }
            let unit = noun.singular.isEmpty ? "" : noun.singular + " "
            let every = stepWords?(run.step) ?? "every \(ordinal(run.step)) \(unit)"
            return every + "from " + format(run.first) + " through " + format(run.last)
        }
        let many = plain.count > 1 || plain.contains { $0.first != $0.last }
        let prefix = plain.isEmpty ? "" : many ? noun.plural : noun.singular
        return (prefix.isEmpty ? "" : prefix + " ") + joined(parts)
    }

    /// The step when the values are one run from the field's minimum that repeats to its end.
    private static func everyNth(_ values: ScheduleOutline.Values, in range: ClosedRange<Int>) -> Int? {
        guard values.runs.count == 1, let run = values.runs.first, run.first == range.lowerBound, run.step > 1,
              run.last + run.step > range.upperBound else { return nil }
        return run.step
    }

    private static func joined(_ items: [String], last: String = " and ") -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + last + items[items.count - 1]
        }
    }


    /// `2nd`, `3rd`, `11th`.
    static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }

    /// `first` … `fifth`, `last`, `2nd-to-last` style for other negatives.
    private static func ordinalWord(_ n: Int) -> String {
        switch n {
        case -1: "last"
        case 1: "first"
        case 2: "second"
        case 3: "third"
        case 4: "fourth"
        case 5: "fifth"
        case ..<(-1): "\(ordinal(-n))-to-last"
        default: ordinal(n)
        }
    }
}
