/// A parsed systemd `OnCalendar=` expression (systemd.time(7), "Calendar Events"), normalized the
/// way systemd normalizes it: two-digit years widened (`23` → 2023), each component's list sorted
/// and deduplicated, a range's end trimmed to its last repetition.
///
/// Example: `Mon..Fri *-*-* 9:00` is weekdays Monday–Friday, hour 9, minute 0, second 0, every year,
/// month and day; its normalized form is `Mon..Fri *-*-* 09:00:00`.
public struct OnCalendarSpec: Sendable, Hashable {
    /// One item of a component's list: a value (`5`), a range (`5..9`, repetition 1) or a
    /// repetition (`5/2`, `5..20/3`). Seconds are in microseconds (`1.5` is 1,500,000).
    public struct Item: Sendable, Hashable, Comparable {
        /// The first value (seconds: microseconds).
        public let start: Int
        /// The range's last value, or -1 when open (`5/2` repeats to the end of the component).
        public let stop: Int
        /// 0 for a single value.
        public let repeat_: Int

        /// An item as systemd stores it: a range is trimmed to its last repetition (`0..10/3` is
        /// `0..9/3`), and one that cannot repeat even once (`5..7/3`, `5..5`) becomes the single
        /// value.
        public init(start: Int, stop: Int = -1, repeat_: Int = 0) {
            self.start = start
            // systemd trims a range to its last repetition: 0..10/3 is 0..9/3; a range that cannot
            // repeat even once (5..7/3), or ends where it starts (5..5), is the single value.
            let trimmed = stop > start && repeat_ > 0 ? stop - (stop - start) % repeat_ : stop
            if (trimmed > start && start + repeat_ > trimmed) || trimmed == start {
                (self.stop, self.repeat_) = (-1, 0)
            } else {
                (self.stop, self.repeat_) = (trimmed, repeat_)
            }
        }

        /// Orders items by start, then stop, then repetition (a component's list is kept sorted
        /// this way).
        public static func < (a: Item, b: Item) -> Bool {
            (a.start, a.stop, a.repeat_) < (b.start, b.stop, b.repeat_)
        }
    }

    /// Weekdays as bits, Monday = bit 0 … Sunday = bit 6; nil for every day.
    public let weekdays: UInt8?
    /// Each component's list, sorted; nil for `*` (any value).
    public let year: [Item]?
    /// Months, 1…12, sorted; nil for `*`.
    public let month: [Item]?
    /// Days of the month, 1…31 (counted back from the month's end when `endOfMonth`), sorted; nil
    /// for `*`.
    public let day: [Item]?
    /// Hours, 0…23, sorted; nil for `*`.
    public let hour: [Item]?
    /// Minutes, 0…59, sorted; nil for `*`.
    public let minute: [Item]?
    /// Seconds in microseconds; `*` is `0/1` (every whole second), as systemd stores it.
    public let microsecond: [Item]
    /// `~`: days count back from the month's end (`~1` is the last day).
    public let endOfMonth: Bool
    /// The zone named at the end of the expression (`UTC` or an IANA id), if any.
    public let zone: String?

    init(weekdays: UInt8?, year: [Item]?, month: [Item]?, day: [Item]?, hour: [Item]?, minute: [Item]?, microsecond: [Item],
         endOfMonth: Bool, zone: String?) {
        self.weekdays = weekdays.flatMap { $0 == 0 || $0 >= 127 ? nil : $0 }
        func sorted(_ items: [Item]?) -> [Item]? { items.map { Array(Set($0)).sorted() } }
        self.year = sorted(year)
        self.month = sorted(month)
        self.day = sorted(day)
        self.hour = sorted(hour)
        self.minute = sorted(minute)
        self.microsecond = sorted(microsecond)!
        self.endOfMonth = endOfMonth && day != nil
        self.zone = zone
    }

    /// As `systemd-analyze calendar` prints it after "Normalized form:", e.g.
    /// `Mon..Fri *-*-* 09:00:00 Europe/Berlin`.
    public var normalized: String {
        var text = ""
        if let weekdays {
            text += Self.weekdayText(weekdays) + " "
        }
        text += Self.chainText(year, width: 4) + "-" + Self.chainText(month, width: 2) + (endOfMonth ? "~" : "-")
            + Self.chainText(day, width: 2) + " " + Self.chainText(hour, width: 2) + ":" + Self.chainText(minute, width: 2) + ":"
            + Self.secondsText(microsecond)
        if let zone { text += " " + zone }
        return text
    }

    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// Runs of three or more days as `Mon..Wed`, shorter ones listed: `Mon,Tue,Thu..Sat`.
    static func weekdayText(_ bits: UInt8) -> String {
        var parts: [String] = []
        var x = 0
        while x < 7 {
            guard bits & (1 << x) != 0 else { x += 1; continue }
            var end = x
            while end + 1 < 7 && bits & (1 << (end + 1)) != 0 { end += 1 }
            switch end - x {
            case 0: parts.append(weekdayNames[x])
            case 1: parts.append(weekdayNames[x] + "," + weekdayNames[end])
            default: parts.append(weekdayNames[x] + ".." + weekdayNames[end])
            }
            x = end + 1
        }
        return parts.joined(separator: ",")
    }

    static func chainText(_ items: [Item]?, width: Int) -> String {
        guard let items else { return "*" }
        return items.map { item in
            var text = ISO8601Format.pad(item.start, width)
            if item.stop > 0 { text += ".." + ISO8601Format.pad(item.stop, width) }
            if item.repeat_ > 0 && !(item.stop > 0 && item.repeat_ == 1) { text += "/" + String(item.repeat_) }
            return text
        }.joined(separator: ",")
    }

    /// Seconds with microseconds: `05`, `05.250000`, `*` for every whole second.
    static func secondsText(_ items: [Item]) -> String {
        // systemd 252 prints `*` whenever the list starts with every whole second (`00/1,16` too).
        if items[0].start == 0 && items[0].repeat_ == 1_000_000 && items[0].stop < 0 { return "*" }
        func value(_ v: Int) -> String {
            ISO8601Format.pad(v / 1_000_000, 2) + (v % 1_000_000 > 0 ? "." + ISO8601Format.pad(v % 1_000_000, 6) : "")
        }
        return items.map { item in
            var text = value(item.start)
            if item.stop > 0 { text += ".." + value(item.stop) }
            if item.repeat_ > 0 && !(item.stop > 0 && item.repeat_ == 1_000_000) {
                text += "/" + String(item.repeat_ / 1_000_000)
                if item.repeat_ % 1_000_000 > 0 { text += "." + ISO8601Format.pad(item.repeat_ % 1_000_000, 6) }
            }
            return text
        }.joined(separator: ",")
    }

    /// The smallest value of `items` at or above `value` (systemd's `find_matching_component`):
    /// a value, or the next repetition within the range. Unbounded repetitions may run past the
    /// component's range; the caller treats that as no match in this unit. nil for none.
    static func next(_ items: [Item]?, atOrAbove value: Int) -> Int? {
        guard let items else { return value }
        var best: Int?
        for item in items {
            if item.start >= value {
                if best.map({ item.start < $0 }) ?? true { best = item.start }
            } else if item.repeat_ > 0 {
                let k = item.start + item.repeat_ * ((value - item.start + item.repeat_ - 1) / item.repeat_)
                if (best.map { k < $0 } ?? true) && (item.stop < 0 || k <= item.stop) { best = k }
            }
        }
        return best
    }

    /// The largest value of `items` at or below `bound`; nil for none (`*`: `bound`).
    static func last(_ items: [Item]?, atOrBelow bound: Int) -> Int? {
        guard let items else { return bound }
        var best: Int?
        for item in items where item.start <= bound {
            var value = item.start
            if item.repeat_ > 0 {
                let top = item.stop >= 0 ? min(item.stop, bound) : bound
                value = item.start + item.repeat_ * ((top - item.start) / item.repeat_)
            }
            if best.map({ value > $0 }) ?? true { best = value }
        }
        return best
    }

    /// The day list of a month of `length` days: `~` items turned into days counted from the
    /// month's end (`~1` → the last day; `~7..1`... as systemd's `find_end_of_month`).
    func days(inMonthOf length: Int) -> [Item]? {
        guard let day else { return nil }
        guard endOfMonth else { return day }
        return day.map { item in
            var start = length - item.start + 1
            // A stop counted from the end; -1 (open) stays open.
            var stop = item.stop >= 0 && item.stop <= length ? length - item.stop + 1 : -1
            if stop > 0 { swap(&start, &stop) }
            return Item(rawStart: start, stop: stop, repeat_: item.repeat_)
        }
    }
}

extension OnCalendarSpec.Item {
    /// Without the range trimming (the `~` days are already trimmed when counted from the end).
    init(rawStart: Int, stop: Int, repeat_: Int) {
        self.start = rawStart
        self.stop = stop
        self.repeat_ = repeat_
    }
}
