/// Whose cron this is: each tool reads expressions its own way (fields, extensions) and fires
/// its own way at DST transitions. Its row in `CronFlavorProfile` names the grammar, the walk and
/// the DST default; explicit `gap`/`overlap` policies on the trigger replace the default.
///
/// | flavor | fields | DST default (source) |
/// | --- | --- | --- |
/// | `posix` | minute hour day-of-month month day-of-week; names, ranges, steps, lists, `@daily`…; Sunday 0 or 7; day-of-month OR day-of-week when neither field starts with `*` | Vixie cron / cronie `cron.c` (`find_jobs`, the `medium`/`negative` clock-jump cases): a job whose minute or hour field starts with `*` runs by the clock (a skipped wall time is skipped, a repeated one runs twice); a fixed-time job skipped by a gap runs right after the jump (`nextValid`), and is not re-run in a repeated hour (`first`) |
/// | `croniter` | 5, 6 (+ second) or 7 (+ second, year 1970–2099) fields in that order; `L`, `W`, `#`, `L<d>`, `?`, `H` (with a hash id) | croniter 7.0 `croniter._calc`/`_add_tzinfo`: a repeated wall time fires at both instants; a skipped one fires at the first existing minute after it (its second kept) — once per gap, and not at all when the hour field is every hour |
/// | `apscheduler3` | APScheduler 3.11 `CronTrigger.from_crontab` (`APSchedulerParser`): 5 fields; `*`, `*/S`, `N`, `N-M`, `N-M/S`, `N/S`; month and weekday names (text after a name ignored); day-of-week 0 = Monday … 6 = Sunday, no backward ranges; `last` in day-of-month; day-of-month AND day-of-week | APScheduler's own walk (`APSchedulerWalk`; `get_next_fire_time`, `_increment_field_value`, `_set_field_value`): fields raised on the wall clock, carries added in UTC — a skipped 02:30 fires at 03:30 (the offset before the gap), a repeated hour's times fire again when a carry lands in its second pass; not a nearest-instant rule |
/// | `apscheduler` | APScheduler 4.0.0a6 `CronTrigger.from_crontab`: as `apscheduler3`, but numeric weekdays are cron's (0 and 7 Sunday, 1 Monday; a numeric step is dropped) and backward weekday ranges wrap (`DayOfWeekField.append_expression`) | the same walk (`CronTrigger.next`) |
/// | `robfig` | robfig/cron v3 `NewParser(Second\|Minute\|Hour\|Dom\|Month\|Dow\|Descriptor)`: 6 fields, second first; `?` and `*` anywhere, names, `@yearly`…`@hourly`, `@every DURATION` (elapsed time); a `TZ=Zone`/`CRON_TZ=Zone` prefix names the zone; day-of-month OR day-of-week unless either has a `*`/`?` star | robfig v3.0.1 `spec.go` `SpecSchedule.Next`, ported as it walks (`RobfigSchedule`): hours, minutes, seconds step by elapsed time — a wall time skipped by a gap is skipped, a repeated one fires twice — with `time.Date`'s resolution of the wall times it builds and its midnight-gap day rule; gives up after the start's year + 5 |
/// | `quartz` | Quartz Scheduler 2.3 `CronExpression`: second minute hour day-of-month month day-of-week [year]; day-of-week 1 = Sunday; `?` in exactly one day field; `L`, `L-n`, `W`, `LW`, `nL`, `n#k` | Quartz 2.3.2 `getTimeAfter` walks a lenient `GregorianCalendar` field by field (`QuartzWalk`): a repeated wall time fires once, at its later instant; a wall time in a gap reads as the same wall time in the offset before it and the walk goes on from there, so the gap's times are skipped (and, in a gap shorter than an hour, sometimes the first times after it, depending on the walk's path); where Quartz's walk never returns (it cycles), the documented day rules answer |
public enum CronFlavor: String, Sendable, Codable, CaseIterable, Hashable {
    /// Vixie cron / cronie: five fields, the default.
    case posix
    /// croniter 7.0 (Python): five to seven fields, `L`, `W`, `#`, hashed `H`.
    case croniter
    /// robfig/cron v3 (Go): six fields, seconds first, `@every`, a `TZ=` prefix.
    case robfig
    /// Quartz Scheduler 2.3 (Java): seconds first, `?` in one day field, `L`, `W`, `#`, optional
    /// year.
    case quartz
    /// APScheduler 4's rules.
    case apscheduler
    /// The APScheduler 3.x series on PyPI.
    case apscheduler3
}

/// One field of a cron expression, with the values it holds.
enum CronField: String, Sendable {
    case second, minute, hour, dayOfMonth, month, dayOfWeek, year

    var name: String {
        switch self {
        case .second: "second"
        case .minute: "minute"
        case .hour: "hour"
        case .dayOfMonth: "day-of-month"
        case .month: "month"
        case .dayOfWeek: "day-of-week"
        case .year: "year"
        }
    }

    /// The values written (day-of-week: 0 = Sunday … 6 = Saturday, 7 also Sunday on input).
    var range: ClosedRange<Int> {
        switch self {
        case .second, .minute: 0...59
        case .hour: 0...23
        case .dayOfMonth: 1...31
        case .month: 1...12
        case .dayOfWeek: 0...6
        case .year: 1970...2099
        }
    }

    /// croniter's field index (its order: minute hour dom month dow second year), which its hash uses.
    var croniterIndex: Int {
        switch self {
        case .minute: 0
        case .hour: 1
        case .dayOfMonth: 2
        case .month: 3
        case .dayOfWeek: 4
        case .second: 5
        case .year: 6
        }
    }

    var names: [String] {
        switch self {
        case .month: ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        case .dayOfWeek: ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        default: []
        }
    }
}
