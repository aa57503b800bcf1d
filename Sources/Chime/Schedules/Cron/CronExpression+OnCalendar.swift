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
                let first = OnCalendarSpec.pad(run.first, width)
                return run.first == run.last ? first : first + ".." + OnCalendarSpec.pad(run.last, width)
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
        if let years {
            let wanted = (0..<130).filter { years[$0 >> 6] & (1 << UInt64($0 & 63)) != 0 }.map { 1970 + $0 }
            yearText = ScheduleOutline.Values.runs(wanted, steps: false)
                .map { $0.first == $0.last ? "\($0.first)" : "\($0.first)..\($0.last)" }.joined(separator: ",")
        }
        text += yearText + "-" + list(months, 1...12, width: 2) + "-" + list(daysOfMonth, 1...31, width: 2) + " "
        text += list(hours, 0...23, width: 2) + ":" + list(minutes, 0...59, width: 2) + ":" + list(seconds, 0...59, width: 2)
        return text
    }
}
