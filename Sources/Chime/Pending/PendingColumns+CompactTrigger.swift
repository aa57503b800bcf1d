extension PendingColumns {
    /// A trigger in 32 bits: a 3-bit kind and packed fields for the shapes most reminders have,
    /// or an index into a side table for the rest.
    ///
    /// | kind (bits 29–31) | payload (bits 0–28) |
    /// | --- | --- |
    /// | `timeOfDay` | clock fields (20 bits) · weekday 0–7 (bits 20–22; 0 = every day) |
    /// | `dayOfMonth` | clock fields (20 bits) · day 1–31 (bits 20–24) · month 0–12 (bits 25–28; 0 = every month) |
    /// | `weekdaySet` | clock fields (20 bits, all three present) · weekday mask (bits 20–26; bit 0 = Sunday) |
    /// | `interval` | index into the interval table (anchor + whole-second step) |
    /// | `general` | index into the table of full `Trigger` values (anything else) |
    ///
    /// The clock fields are the calendar components' hour (bits 0–4), minute (5–10), second
    /// (11–16) and three presence bits (17 hour, 18 minute, 19 second), so a packed trigger decodes
    /// to exactly the `CalendarTrigger` it came from — `{weekday: 2}` and `{weekday: 2, hour: 0}`
    /// stay different triggers, as Foundation treats them differently in a DST gap.
    ///
    /// Example: `{hour: 8, minute: 30}` (every day 08:30, notification defaults) is kind
    /// `timeOfDay`, hour 8, minute 30, presence hour + minute, weekday 0:
    /// `0x0006_03C8` (`8 | 30 << 5 | 0b011 << 17`); `Weekly(Mon, Wed, Fri @ 09:00)` is kind
    /// `weekdaySet` with mask `0b0101010`.
    ///
    /// Only triggers whose every other property is the notification default are packed:
    /// `nextTime`, `first`, forward, repeating, Gregorian week rules, no explicit gap or overlap
    /// policy, no nanosecond. Intervals are packed when they repeat with a whole number of
    /// seconds under 2^32 and no wall-clock drift reports.
    struct Code: Sendable, Hashable {
        let raw: UInt32

        enum Kind: UInt32 {
            case timeOfDay = 0, dayOfMonth = 1, weekdaySet = 2, interval = 3, general = 4
        }

        static let payloadBits: UInt32 = 29
        static let payloadMask: UInt32 = (1 << payloadBits) - 1
        /// Largest index the `interval` and `general` kinds can hold.
        static let maximumIndex = Int(payloadMask)

        @inline(__always) var kind: Kind { Kind(rawValue: raw >> Self.payloadBits)! }
        @inline(__always) var payload: UInt32 { raw & Self.payloadMask }

        @inline(__always)
        init(kind: Kind, payload: UInt32) {
            precondition(payload <= Self.payloadMask, "payload out of range")
            raw = kind.rawValue << Self.payloadBits | payload
        }

        init(raw: UInt32) { self.raw = raw }

        // MARK: Clock fields

        /// Hour, minute and second as given (nil = not a component), 20 bits.
        struct Clock: Sendable, Hashable {
            let hour: Int?, minute: Int?, second: Int?

            init(hour: Int?, minute: Int?, second: Int?) {
                self.hour = hour; self.minute = minute; self.second = second
            }

            init(bits: UInt32) {
                hour = bits & 1 << 17 != 0 ? Int(bits & 0x1F) : nil
                minute = bits & 1 << 18 != 0 ? Int(bits >> 5 & 0x3F) : nil
                second = bits & 1 << 19 != 0 ? Int(bits >> 11 & 0x3F) : nil
            }

            var bits: UInt32 {
                var b: UInt32 = 0
                if let hour { b |= UInt32(hour) | 1 << 17 }
                if let minute { b |= UInt32(minute) << 5 | 1 << 18 }
                if let second { b |= UInt32(second) << 11 | 1 << 19 }
                return b
            }

            /// The fixed time of day in seconds: components below the largest given one default
            /// to 0 (`{hour: 9}` is 09:00:00); `nil` when a larger component is free (`{minute: 30}`
            /// matches every hour), which no packed kind accepts. With no clock field at all the
            /// time is 00:00:00 (`{weekday: 2}`).
            var fixedSecondOfDay: Int64? {
                if hour == nil && (minute != nil || second != nil) { return nil }
                if minute == nil && second != nil { return nil }
                return Int64(hour ?? 0) * 3600 + Int64(minute ?? 0) * 60 + Int64(second ?? 0)
            }
        }

        @inline(__always) static func clockBits(_ payload: UInt32) -> UInt32 { payload & 0xF_FFFF }

        /// Seconds since midnight of a packed clock (only called for packed kinds, whose clocks are fixed).
        @inline(__always)
        static func secondOfDay(_ payload: UInt32) -> Int64 {
            let hour = Int64(payload & 0x1F), minute = Int64(payload >> 5 & 0x3F), second = Int64(payload >> 11 & 0x3F)
            return hour * 3600 + minute * 60 + second       // absent fields are stored as 0
        }

        // MARK: Encoding

        /// The packed form of `trigger`, or `nil` when it needs a side table (`interval` / `general`).
        static func packed(_ trigger: Trigger) -> Code? {
            switch trigger {
            case .calendar(let t): return packed(t)
            case .weekly(let w):
                guard w.gapPolicy == nil, w.overlapPolicy == nil, w.semantics == .apple else { return nil }
                var mask: UInt32 = 0
                for day in w.weekdays { mask |= 1 << UInt32(day.rawValue - 1) }
                let clock = Clock(hour: w.hour, minute: w.minute, second: w.second)
                return Code(kind: .weekdaySet, payload: clock.bits | mask << 20)
            case .interval, .onCalendar, .cron, .flutterAndroid, .rrule: return nil
            }
        }

        static func packed(_ t: CalendarTrigger) -> Code? {
            let c = t.components
            guard t.matchingPolicy == .nextTime, t.repeatedTimePolicy == .first, t.direction == .forward, t.repeats,
                  t.weekRules == .gregorian, t.gapPolicy == nil, t.overlapPolicy == nil, t.semantics == .apple,
                  c.year == nil, c.nanosecond == nil, c.weekdayOrdinal == nil, c.weekOfMonth == nil, c.weekOfYear == nil,
                  c.yearForWeekOfYear == nil, c.dayOfYear == nil
            else { return nil }
            let clock = Clock(hour: c.hour, minute: c.minute, second: c.second)
            guard let time = clock.fixedSecondOfDay else { return nil }
            let code: Code
            switch (c.month, c.day, c.weekday) {
            case (nil, nil, let weekday):
                guard case .daily(let path)? = t.fastPath, path.time == time * 1_000_000_000,
                      Int(path.weekday) == (weekday ?? 0) else { return nil }
                code = Code(kind: .timeOfDay, payload: clock.bits | UInt32(weekday ?? 0) << 20)
            case (let month, let day?, nil):
                // Days 1…31 only: a day from the month's end (`-1`) keeps the general kind.
                guard day > 0, case .dayOfMonth(let path)? = t.fastPath, path.weekday == 0, path.time == time * 1_000_000_000,
                      Int(path.day) == day, Int(path.month) == (month ?? 0) else { return nil }
                code = Code(kind: .dayOfMonth, payload: clock.bits | UInt32(day) << 20 | UInt32(month ?? 0) << 25)
            default:
                return nil      // {month} alone, or a weekday with a day or month: the general search
            }
            return code
        }

        // MARK: Decoding

        /// The calendar components of a packed calendar kind.
        func components() -> CalendarComponents {
            let p = payload, clock = Clock(bits: Self.clockBits(p))
            switch kind {
            case .timeOfDay:
                let weekday = Int(p >> 20 & 0x7)
                return CalendarComponents(hour: clock.hour, minute: clock.minute, second: clock.second,
                                          weekday: weekday == 0 ? nil : weekday)
            case .dayOfMonth:
                let month = Int(p >> 25 & 0xF)
                return CalendarComponents(month: month == 0 ? nil : month, day: Int(p >> 20 & 0x1F),
                                          hour: clock.hour, minute: clock.minute, second: clock.second)
            default:
                preconditionFailure("not a packed calendar kind")
            }
        }

        /// The full trigger of a packed kind (what `packed` was given).
        func trigger() -> Trigger {
            switch kind {
            case .timeOfDay, .dayOfMonth:
                // Valid by construction: the fields came from a validated trigger.
                return .calendar(try! CalendarTrigger(components: components()))
            case .weekdaySet:
                let p = payload, clock = Clock(bits: Self.clockBits(p))
                let days = Set((0..<7).filter { p >> (20 + UInt32($0)) & 1 != 0 }.map { Weekday(rawValue: $0 + 1)! })
                return .weekly(try! WeeklyTrigger(weekdays: days, hour: clock.hour ?? 0, minute: clock.minute ?? 0,
                                                  second: clock.second ?? 0))
            case .interval, .general:
                preconditionFailure("not a packed kind")
            }
        }
    }

    /// A repeating interval in 12 bytes: fires at `anchor + k · step` for k ≥ 1 (the packed form
    /// of `IntervalTrigger` with `repeats`, a whole-second interval under 2^32 s and no drift reports).
    struct PackedInterval: Sendable, Hashable {
        let anchorSeconds: Int64
        let stepSeconds: UInt32

        static func packed(_ t: IntervalTrigger) -> (PackedInterval, anchorNanoseconds: Int32)? {
            let (seconds, fraction) = t.interval.nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
            guard t.repeats, !t.reportsWallClockDrift, fraction == 0, seconds > 0, seconds < 1 << 32 else { return nil }
            return (PackedInterval(anchorSeconds: t.anchor.seconds, stepSeconds: UInt32(seconds)), t.anchor.nanoseconds)
        }

        /// The first fire strictly after `t`, as `IntervalTrigger.nextFire(after:in:)` computes it, or
        /// `nil` past year 9999. Fires keep the anchor's nanoseconds.
        ///
        /// Example: anchor 2026-01-01T00:00:00Z, step 5400 s, after 2026-01-01T02:00:00Z: elapsed
        /// 7200 s, k = 7200 / 5400 + 1 = 2, fire 2026-01-01T03:00:00Z. Before the anchor, k = 1.
        @inline(__always)
        func nextFireSeconds(after t: Instant, anchorNanoseconds: Int32) -> Int64? {
            let step = Int64(stepSeconds)
            let (difference, wrapped) = t.seconds.subtractingReportingOverflow(anchorSeconds)
            guard !wrapped else { return nil }      // instants within years 1…9999 never wrap
            let elapsed = difference - (t.nanoseconds < anchorNanoseconds ? 1 : 0)     // whole seconds, floor
            let k = elapsed < step ? 1 : elapsed / step + 1
            let (product, overflow) = k.multipliedReportingOverflow(by: step)
            guard !overflow else { return nil }
            let (seconds, overflow2) = anchorSeconds.addingReportingOverflow(product)
            guard !overflow2, seconds <= Instant.lastSupportedSecond else { return nil }
            return seconds
        }
    }
}
