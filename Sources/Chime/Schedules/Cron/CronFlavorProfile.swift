/// What a cron flavor's tool does its own way, as one row per `CronFlavor` (`CronFlavor.profile`):
/// the grammar that reads it, the walk that answers, the DST default, how far it looks, whether it
/// searches backward, and how it writes fields. Code that differs by flavor reads the row rather
/// than comparing flavors, and `profile` switches over every case with no `default:`, so a new
/// flavor does not compile until its row exists: a new flavor is its row, plus its parser or walk
/// when they are new.
struct CronFlavorProfile: Sendable {
    /// Which parser reads the text (`CronParser.parse` dispatches on it).
    enum Grammar: Sendable {
        /// Vixie cron / cronie (`CronParser`).
        case vixie
        /// croniter's extensions of it (`CronParser`): `L`, `W`, `#`, `H`, seconds, years.
        case croniter
        /// robfig/cron v3 (`RobfigParser`).
        case robfig
        /// Quartz 2.3 (`QuartzParser`).
        case quartz
        /// APScheduler's `from_crontab` (`APSchedulerParser`), whose versions number weekdays differently.
        case apscheduler(APSchedulerParser.Version)

        /// Whether a `TZ=Zone ` / `CRON_TZ=Zone ` prefix names the zone (the CLI asks before it
        /// knows the zone).
        var readsZonePrefix: Bool {
            switch self {
            case .robfig: true
            case .vixie, .croniter, .quartz, .apscheduler: false
            }
        }
    }

    /// What answers a forward search when no explicit `gap`/`overlap` policy is given: the tools
    /// whose DST behaviour is not a per-wall-time rule are ported as they walk. Explicit policies
    /// (and backward searches) go to the shared search with the DST default.
    enum Walk: Sendable {
        /// The shared nearest-instant search (`CalendarSearch` over `CronRules`), with the DST
        /// default; also the one that may take the daily shortcut (`CalendarFastPath`).
        case search
        /// `APSchedulerWalk`.
        case apscheduler
        /// `RobfigSchedule` (always for `@every`).
        case robfig
        /// `QuartzWalk`, where it does not cycle.
        case quartz
    }

    /// How the shared search resolves a wall time a transition skips or repeats, when the trigger
    /// gives no policy (`CronRules.resolve`; `CronFlavor` has the sources).
    enum DSTDefault: Sendable {
        /// Vixie cron: a clock-driven job (minute or hour starting with `*`) skips a gap and fires
        /// twice in an overlap; any other runs right after the gap (`nextValid`) and once (`first`).
        case vixie
        /// croniter: the first existing minute after a skipped wall time (`CronRules.croniterGap`)
        /// unless every hour is wanted (skip); a repeated wall time fires twice.
        case croniter
        /// By elapsed time (robfig's walk in the plain case): gap skipped, overlap twice.
        case byTheClock
        /// APScheduler: a skipped wall time read with the offset before the gap (`shift`), a
        /// repeated one twice.
        case offsetBeforeGap
        /// Quartz's usual path: gap skipped, a repeated wall time at its later instant.
        case laterInstant

        /// The gap policy; for croniter, the one for clock-driven jobs (the others' gaps are
        /// `CronRules.croniterGap`).
        func gap(clockDriven: Bool) -> GapPolicy {
            switch self {
            case .vixie: clockDriven ? .skip : .nextValid
            case .croniter, .byTheClock, .laterInstant: .skip
            case .offsetBeforeGap: .shift
            }
        }

        func overlap(clockDriven: Bool) -> OverlapPolicy {
            switch self {
            case .vixie: clockDriven ? .both : .first
            case .croniter, .byTheClock, .offsetBeforeGap: .both
            case .laterInstant: .last
            }
        }
    }

    /// How far the tool looks for a fire, where it stops short of Chime's years 1–9999.
    enum Horizon: Sendable {
        case unbounded
        /// croniter's `max_years_between_matches`: this many years either side of the start's year.
        case yearsAround(Int)
        /// robfig's `yearLimit`: to the end of the year of the start (+ 1 s, as `Next` rounds up)
        /// plus this many years.
        case yearsAfterStart(Int)
        /// Quartz's `MAX_YEAR` (`QuartzWalk.maxYear`), where its walk stops; the shared search
        /// (backward, explicit policies) is not bounded by it.
        case quartzMaxYear
    }

    /// How day-of-month and day-of-week, both restricted, combine (`text(for:)` writes a schedule
    /// only where the target reads it the same way; each parser decides its own `DayRule`).
    enum DayFields: Sendable {
        /// Vixie: OR, unless either field starts with `*` (then AND).
        case orUnlessStar
        /// croniter, robfig (no star written): OR.
        case or
        /// APScheduler: AND.
        case and
        /// Quartz: one of them must be `?`.
        case oneOnly
    }

    /// Which number a weekday is written as.
    enum WeekdayNumbering: Sendable {
        case sundayZero
        /// APScheduler 3: 0 = Monday … 6 = Sunday.
        case mondayZero
        /// Quartz: 1 = Sunday … 7 = Saturday.
        case sundayOne

        /// The number of `day` (0 = Sunday … 6 = Saturday).
        func number(_ day: Int) -> Int {
            switch self {
            case .sundayZero: day
            case .mondayZero: (day + 6) % 7
            case .sundayOne: day + 1
            }
        }
    }

    /// The fields of an expression, by count (`fields`, fewest first).
    enum Layouts: Sendable {
        /// minute hour day-of-month month day-of-week.
        case minuteFirst
        /// croniter: those five, then second, then year (5, 6 or 7 fields).
        case minuteFirstThenSecondAndYear
        /// robfig: second, then the five (6).
        case secondFirst
        /// Quartz: second, the five, then an optional year (6 or 7).
        case secondFirstThenYear

        var fields: [[CronField]] {
            switch self {
            case .minuteFirst: Self.minuteFirstFields
            case .minuteFirstThenSecondAndYear: Self.croniterFields
            case .secondFirst: Self.secondFirstFields
            case .secondFirstThenYear: Self.quartzFields
            }
        }

        private static let five: [CronField] = [.minute, .hour, .dayOfMonth, .month, .dayOfWeek]
        private static let minuteFirstFields = [five]
        private static let croniterFields = [five, five + [.second], five + [.second, .year]]
        private static let secondFirstFields = [[.second] + five]
        private static let quartzFields = [[.second] + five, [.second] + five + [.year]]
    }

    /// The tool's name in messages.
    let tool: StaticString
    let grammar: Grammar
    /// What `CronParser` and `QuartzParser` read, and `CronExpression.text(for:)` writes
    /// (`RobfigParser` and `APSchedulerParser` read their one layout themselves).
    let layouts: Layouts
    let dayFields: DayFields
    let weekdays: WeekdayNumbering
    let walk: Walk
    let dst: DSTDefault
    let horizon: Horizon
    /// nil: the shared search answers backward; else why the tool has no backward search
    /// (`CronTrigger` refuses `direction: backward` with it).
    let backwardRefusal: StaticString?

    /// The horizon in words, for "never fires" messages (`croniter looks 50 years ahead`).
    var searchLimit: String? {
        switch horizon {
        case .unbounded: nil
        case .yearsAround(let years): "\(tool) looks \(years) years ahead"
        case .yearsAfterStart(let years): "\(tool) looks until the end of the start's year + \(years)"
        case .quartzMaxYear: "\(tool) looks no further than the year \(QuartzWalk.maxYear)"
        }
    }
}

/// The rows, one per flavor (`CronFlavor`'s table has their sources).
extension CronFlavorProfile {
    static let posix = CronFlavorProfile(
        tool: "Vixie cron", grammar: .vixie, layouts: .minuteFirst, dayFields: .orUnlessStar, weekdays: .sundayZero,
        walk: .search, dst: .vixie, horizon: .unbounded, backwardRefusal: nil)
    static let croniter = CronFlavorProfile(
        tool: "croniter", grammar: .croniter, layouts: .minuteFirstThenSecondAndYear, dayFields: .or, weekdays: .sundayZero,
        walk: .search, dst: .croniter, horizon: .yearsAround(50), backwardRefusal: nil)
    static let robfig = CronFlavorProfile(
        tool: "robfig/cron", grammar: .robfig, layouts: .secondFirst, dayFields: .or, weekdays: .sundayZero,
        walk: .robfig, dst: .byTheClock, horizon: .yearsAfterStart(5),
        backwardRefusal: "robfig/cron computes only next fires (Schedule.Next): direction backward is not a robfig answer")
    static let quartz = CronFlavorProfile(
        tool: "Quartz", grammar: .quartz, layouts: .secondFirstThenYear, dayFields: .oneOnly, weekdays: .sundayOne,
        walk: .quartz, dst: .laterInstant, horizon: .quartzMaxYear, backwardRefusal: nil)
    static let apscheduler = CronFlavorProfile(
        tool: "APScheduler 4", grammar: .apscheduler(.four), layouts: .minuteFirst, dayFields: .and, weekdays: .sundayZero,
        walk: .apscheduler, dst: .offsetBeforeGap, horizon: .unbounded,
        backwardRefusal: "APScheduler computes only the next fire time; it has no backward search")
    static let apscheduler3 = CronFlavorProfile(
        tool: "APScheduler 3", grammar: .apscheduler(.three), layouts: .minuteFirst, dayFields: .and, weekdays: .mondayZero,
        walk: .apscheduler, dst: .offsetBeforeGap, horizon: .unbounded,
        backwardRefusal: "APScheduler computes only the next fire time; it has no backward search")
}

extension CronFlavor {
    /// This flavor's row. No `default:`: a new case is a compile error until it has one. The rows
    /// are plain values (no reference counting), so reading a field on every search
    /// (`flavor.profile.walk`) is a switch and a load.
    @inline(__always)
    var profile: CronFlavorProfile {
        switch self {
        case .posix: .posix
        case .croniter: .croniter
        case .robfig: .robfig
        case .quartz: .quartz
        case .apscheduler: .apscheduler
        case .apscheduler3: .apscheduler3
        }
    }

    /// Whether the expression may name its zone (robfig's `TZ=Zone ` / `CRON_TZ=Zone ` prefix).
    public var readsZonePrefix: Bool { profile.grammar.readsZonePrefix }

    /// Where the tool stops looking for a fire short of Chime's years 1–9999, in words (`croniter
    /// looks 50 years ahead`), to explain an expression that never fires; nil when it does not.
    public var searchLimit: String? { profile.searchLimit }
}
