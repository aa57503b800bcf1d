extension FlutterAndroidTrigger {
    /// The requested schedule's shape, for `Trigger.inWords` (the words say what was asked for;
    /// fires marked `gapShiftCarried` show where the plugin left it).
    var outline: ScheduleOutline {
        var days = ScheduleOutline.Days()
        if let weekday = requested.weekday { days.weekdays = .single(weekday.isoNumber) }
        if let day = requested.day { days.monthDays = .single(day) }
        return ScheduleOutline(nanosecondsOfMinute: .single(requested.second * 1_000_000_000 + requested.nanosecond),
                               minutes: .single(requested.minute), hours: .single(requested.hour), days: days,
                               months: requested.month.map { .single($0) } ?? .every, years: .every)
    }
}
