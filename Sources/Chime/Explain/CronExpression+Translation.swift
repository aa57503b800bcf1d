extension CronExpression {
    /// The same schedule as a systemd `OnCalendar=` expression, so `chime audit --compare
    /// posix,systemd` can set a crontab line beside the timer that would replace it: `30 2 * * 1-5`
    /// is `Mon..Fri *-*-* 02:30:00`. nil when systemd cannot say it: `L`, `W`, `#`/`L<d>`, or both
    /// day fields restricted and combined with OR (systemd requires the weekday and the date).
    public var onCalendarExpression: String? {
        guard nthWeekdays.allSatisfy({ $0 == 0 }), nearestWeekdays == 0, !lastDayOfMonth else { return nil }
        let allDays = daysOfMonth == CronParser.fullBits(.dayOfMonth), allWeekdays = weekdays == CronParser.fullBits(.dayOfWeek)
        if dayRule != .and && !allDays && !allWeekdays { return nil }
        func list(_ bits: UInt64, _ range: ClosedRange<Int>, width: Int) -> String {
            let values = range.filter { bits & (1 << UInt64($0)) != 0 }
            guard values.count < range.count else { return "*" }
            return ScheduleOutline.Values.runs(values, steps: false).map { run in
                let first = ISO8601Format.pad(run.first, width)
                return run.first == run.last ? first : first + ".." + ISO8601Format.pad(run.last, width)
            }.joined(separator: ",")
        }
        var text = ""
        if !allWeekdays {
            // systemd numbers Monday first; cron's 0 is Sunday.
            var bits: UInt8 = 0
            for day in 0...6 where weekdays & (1 << UInt64(day)) != 0 { bits |= 1 << UInt8((day + 6) % 7) }
            text += OnCalendarSpec.weekdayText(bits) + " "
        }
        var yearText = "*"
        if let wanted = yearList {
            yearText = ScheduleOutline.Values.runs(wanted, steps: false)
                .map { $0.first == $0.last ? "\($0.first)" : "\($0.first)..\($0.last)" }.joined(separator: ",")
        }
        text += yearText + "-" + list(months, 1...12, width: 2) + "-" + list(daysOfMonth, 1...31, width: 2) + " "
        text += list(hours, 0...23, width: 2) + ":" + list(minutes, 0...59, width: 2) + ":" + list(seconds, 0...59, width: 2)
        return text
    }
}

extension CronExpression {
    /// This expression as another flavor writes it, meaning the same fields and the same day rule,
    /// so `chime audit --compare croniter,robfig,apscheduler3` can set one schedule beside itself in
    /// each tool: `30 2 * * 1-5` (posix) is `0 30 2 * * 1,2,3,4,5` for robfig and `30 2 * * 0,1,2,3,4`
    /// for APScheduler 3 (Monday is 0 there). Fields are written the usual way — `*`, `*/k` where
    /// the values are every k-th from the field's start, else a list — which is also what decides
    /// Vixie cron's DST behaviour (a minute or hour starting with `*` runs by the clock).
    ///
    /// nil when the target cannot say it: seconds for a five-field flavor, a year outside croniter
    /// and Quartz, `L`/`W`/`#`, robfig's `@every`, or a day-of-month and a day-of-week that combine
    /// differently in the target (APScheduler always ANDs them, croniter ORs them when both are
    /// restricted, Quartz takes only one).
    public func text(for target: CronFlavor) -> String? {
        if target == flavor { return text }
        guard everyNanoseconds == nil, nthWeekdays.allSatisfy({ $0 == 0 }), nearestWeekdays == 0, !lastDayOfMonth else { return nil }
        let profile = target.profile
        let domRestricted = daysOfMonth != CronParser.fullBits(.dayOfMonth)
        let dowRestricted = weekdays != CronParser.fullBits(.dayOfWeek)
        let either = dayRule != .and
        var dayOfMonthText = Self.fieldText(daysOfMonth, .dayOfMonth, allowStep: true)
        var dayOfWeekText = Self.weekdayText(weekdays, numbering: profile.weekdays)
        if domRestricted && dowRestricted {
            switch profile.dayFields {
            case .orUnlessStar:
                // Vixie ORs the two unless one starts with `*`.
                if either {
                    dayOfMonthText = Self.fieldText(daysOfMonth, .dayOfMonth, allowStep: false)
                } else if !dayOfMonthText.hasPrefix("*") {
                    return nil
                }
            case .or:
                // croniter ORs restricted fields whatever their spelling; robfig ORs unless a field is `*`/`?`.
                guard either else { return nil }
                dayOfMonthText = Self.fieldText(daysOfMonth, .dayOfMonth, allowStep: false)
            case .and:
                guard !either else { return nil }
            case .oneOnly:
                return nil
            }
        }
        if profile.dayFields == .oneOnly {
            if !domRestricted { dayOfMonthText = "?" } else if !dowRestricted { dayOfWeekText = "?" }
        }
        // The fewest fields that hold the seconds and years wanted (second 0 needs no field).
        let hasSeconds = seconds != 1
        guard let layout = profile.layouts.fields.first(where: { (!hasSeconds || $0.contains(.second)) && (years == nil || $0.contains(.year)) })
        else { return nil }
        return layout.map { field in
            switch field {
            case .second: Self.fieldText(seconds, .second, allowStep: true)
            case .minute: Self.fieldText(minutes, .minute, allowStep: true)
            case .hour: Self.fieldText(hours, .hour, allowStep: true)
            case .dayOfMonth: dayOfMonthText
            case .month: Self.fieldText(months, .month, allowStep: true)
            case .dayOfWeek: dayOfWeekText
            case .year: (yearList ?? []).map(String.init).joined(separator: ",")
            }
        }.joined(separator: " ")
    }

    /// `*`, `*/k` (every k-th value from the field's start, to its end), or a list.
    private static func fieldText(_ bits: UInt64, _ field: CronField, allowStep: Bool) -> String {
        let values = field.range.filter { bits & (1 << UInt64($0)) != 0 }
        if values.count == field.range.count { return "*" }
        if allowStep, values.count >= 2, values[0] == field.range.lowerBound {
            let step = values[1] - values[0]
            let progression = stride(from: field.range.lowerBound, through: field.range.upperBound, by: step)
            if step > 1, Array(progression) == values { return "*/\(step)" }
        }
        return values.map(String.init).joined(separator: ",")
    }

    /// The weekdays (bits 0 = Sunday) in the target's numbering, e.g. 0 = Monday for APScheduler 3.
    private static func weekdayText(_ bits: UInt64, numbering: CronFlavorProfile.WeekdayNumbering) -> String {
        let days = (0...6).filter { bits & (1 << UInt64($0)) != 0 }
        if days.count == 7 { return "*" }
        return days.map(numbering.number).sorted().map(String.init).joined(separator: ",")
    }
}
