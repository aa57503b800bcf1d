/// What a schedule asks for, whatever dialect wrote it: the seconds, minutes and hours of the day,
/// the days, months and years. Every dialect describes itself as one (`Trigger.outline`), and
/// `ScheduleWords` renders any outline in English, so "at 02:30 every day" reads the same whether it
/// came from `{hour: 2, minute: 30}`, `30 2 * * *` or `*-*-* 02:30:00`.
///
/// An outline is a description, not a matcher: the engine never reads it.
public struct ScheduleOutline: Sendable, Hashable {
    /// A set of values as runs (`5`; `9 through 17`; `every 15th from 0 through 45`); no runs
    /// means every value.
    public struct Values: Sendable, Hashable {
        /// One run of values: `first` through `last` by `step` (`first == last` for a single
        /// value).
        public struct Run: Sendable, Hashable {
            /// The first value of the run.
            public var first: Int
            /// The last value of the run (inclusive).
            public var last: Int
            /// The distance between values (1 for a plain range; never less than 1).
            public var step: Int

            /// A run from `first` through `last` by `step`; a step below 1 is read as 1.
            public init(first: Int, last: Int, step: Int = 1) {
                self.first = first
                self.last = last
                self.step = max(step, 1)
            }
        }

        /// The runs, in order; empty means every value.
        public var runs: [Run]

        /// The values as the given runs.
        public init(runs: [Run]) { self.runs = runs }

        /// Every value (no runs).
        public static let every = Values(runs: [])

        /// The one value `value`.
        public static func single(_ value: Int) -> Values { Values(runs: [Run(first: value, last: value)]) }

        /// Whether every value is allowed (there are no runs).
        public var isEvery: Bool { runs.isEmpty }

        /// The only value, if there is exactly one.
        public var singleValue: Int? {
            runs.count == 1 && runs[0].first == runs[0].last ? runs[0].first : nil
        }

        /// Every value, in order, when there are at most `limit` of them (nil for every value).
        func values(limit: Int) -> [Int]? {
            guard !isEvery else { return nil }
            var all: [Int] = []
            for run in runs {
                var value = run.first
                while value <= run.last {
                    all.append(value)
                    if all.count > limit { return nil }
                    value += run.step
                }
            }
            return Array(Set(all)).sorted()
        }

        /// The values whose bits are set (bit `v` for value `v`), as runs: consecutive values join
        /// (`9…17`), as do three or more equally spaced ones (`0,15,30,45` is every 15th from 0);
        /// all of `range` is `every`.
        static func bits(_ bits: UInt64, in range: ClosedRange<Int>) -> Values {
            let wanted = (range.lowerBound...range.upperBound).filter { bits & (1 << UInt64($0)) != 0 }
            return list(wanted, in: range)
        }

        /// Sorted distinct values as runs (see `bits`).
        static func list(_ wanted: [Int], in range: ClosedRange<Int>) -> Values {
            wanted.count < range.count ? Values(runs: runs(wanted, steps: true)) : .every
        }

        /// Sorted distinct values as runs; without `steps`, only three or more consecutive values
        /// join (`Monday through Wednesday`, but `Monday, Wednesday and Friday`).
        static func runs(_ wanted: [Int], steps: Bool) -> [Run] {
            var runs: [Run] = []
            var i = 0
            while i < wanted.count {
                // The longest equally spaced run from here; a step other than 1 needs three values.
                var end = i
                if i + 1 < wanted.count {
                    let step = wanted[i + 1] - wanted[i]
                    end = i + 1
                    while end + 1 < wanted.count && wanted[end + 1] - wanted[end] == step { end += 1 }
                    if (step != 1 || !steps) && end - i < 2 || step != 1 && !steps { end = i }
                    runs.append(Run(first: wanted[i], last: wanted[end], step: end > i ? step : 1))
                } else {
                    runs.append(Run(first: wanted[i], last: wanted[i]))
                }
                i = end + 1
            }
            return runs
        }
    }

    /// The n-th weekday of the month: weekday 1 = Monday … 7 = Sunday; ordinal 1…5, or -1 for the last.
    public struct NthWeekday: Sendable, Hashable {
        /// The weekday, 1 = Monday … 7 = Sunday (ISO 8601).
        public var weekday: Int
        /// Which one in the month: 1…5, or -1 for the last.
        public var ordinal: Int

        /// The `ordinal`-th `weekday` of the month.
        public init(weekday: Int, ordinal: Int) {
            self.weekday = weekday
            self.ordinal = ordinal
        }
    }

    /// Which days of the month and week.
    public struct Days: Sendable, Hashable {
        /// Days of the month, 1…31.
        public var monthDays: Values = .every
        /// `monthDays` count back from the month's end: 1 is the last day (systemd `~`, a negative `day`).
        public var fromMonthEnd = false
        /// Also the month's last day (cron `L`).
        public var lastDayOfMonth = false
        /// The weekday nearest each of these days of the month (cron `15W`).
        public var nearestWeekday: [Int] = []
        /// The month's last weekday, Monday to Friday (Quartz `LW`).
        public var lastWeekdayOfMonth = false
        /// Days of the week, 1 = Monday … 7 = Sunday (ISO 8601).
        public var weekdays: Values = .every
        /// `2#3`, `L5`, `{weekday, weekdayOrdinal}`.
        public var nthWeekdays: [NthWeekday] = []
        /// The day fields combine with OR (a POSIX cron line with both restricted), not AND.
        public var eitherField = false
        /// Apple's remaining day components, as given.
        public var weekdayOrdinal: Int?
        /// Apple's `weekOfMonth` component, as given.
        public var weekOfMonth: Int?
        /// Apple's `weekOfYear` component, as given.
        public var weekOfYear: Int?
        /// Apple's `yearForWeekOfYear` component, as given.
        public var yearForWeekOfYear: Int?
        /// Apple's `dayOfYear` component (1…366), as given.
        public var dayOfYear: Int?

        /// Every day (no restriction); set the properties to narrow it.
        public init() {}
    }

    /// Seconds of the minute in nanoseconds (a fraction is possible: systemd's `05:40:23.42`).
    public var nanosecondsOfMinute: Values
    /// Minutes of the hour, 0…59.
    public var minutes: Values
    /// Hours of the day, 0…23.
    public var hours: Values
    /// Days of the month and of the week.
    public var days: Days
    /// Months, 1…12.
    public var months: Values
    /// Years (`every` unless the schedule names some).
    public var years: Values

    /// An outline from its parts; seconds default to `:00`, and days, months and years to every
    /// one.
    public init(nanosecondsOfMinute: Values = .single(0), minutes: Values, hours: Values, days: Days = Days(),
                months: Values = .every, years: Values = .every) {
        self.nanosecondsOfMinute = nanosecondsOfMinute
        self.minutes = minutes
        self.hours = hours
        self.days = days
        self.months = months
        self.years = years
    }
}
