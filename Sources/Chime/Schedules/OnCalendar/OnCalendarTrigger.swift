/// A systemd `OnCalendar=` timer (systemd.time(7)): fires at every instant the expression names,
/// with systemd 252's own DST behaviour (`SystemdCalendarWalk`) unless `gapPolicy`/`overlapPolicy`
/// say otherwise (`OnCalendarRules`). A zone at the end of the expression (`… Europe/Berlin`,
/// `… UTC`) is the zone to evaluate in (`zoneIdentifier`); callers pass its rules.
///
/// Example: `Mon..Fri *-*-* 07:00 Europe/Berlin` after 2026-03-27T12:00:00Z (a Friday) fires on
/// Monday 2026-03-30 07:00 CEST = 05:00:00Z; `normalized` is `Mon..Fri *-*-* 07:00:00 Europe/Berlin`.
public struct OnCalendarTrigger: Sendable, Hashable, Codable {
    /// The expression as given.
    public let expression: String
    /// The expression parsed and normalized as systemd does (`normalized` prints it).
    public let spec: OnCalendarSpec
    /// Explicit handling of a wall time a gap skips, replacing systemd's (skip it); nil keeps
    /// systemd's.
    public let gapPolicy: GapPolicy?
    /// systemd's own gap handling, when `gapPolicy` is nil: `skip` (a 02:30 in America/New_York on
    /// 2026-03-08 does not elapse; the next is 2026-03-09T06:30:00Z). Its overlap handling is
    /// `mktime`'s guess, the first pass unless the search starts in the second
    /// (`OnCalendarRules.resolve`).
    public static let defaultGapPolicy = GapPolicy.skip
    /// Explicit handling of a repeated wall time, replacing systemd's (the first pass only); nil
    /// keeps systemd's.
    public let overlapPolicy: OverlapPolicy?
    /// The calendar trigger's shortcut for one time of day on every day, or on one weekday
    /// (`*-*-* 08:30:00`, `Mon *-*-* 09:00`): away from transitions systemd elapses at that wall
    /// time (`CalendarFastPath`).
    let fastPath: CalendarFastPath?

    /// `isZone` tells whether a trailing word names a zone (default: any id the zone database knows).
    public init(expression: String, gapPolicy: GapPolicy? = nil, overlapPolicy: OverlapPolicy? = nil,
                isZone: (String) -> Bool = OnCalendarTrigger.knownZone) throws(OnCalendarError) {
        self.expression = expression
        spec = try OnCalendarParser.parse(expression, isZone: isZone)
        self.gapPolicy = gapPolicy
        self.overlapPolicy = overlapPolicy
        fastPath = Self.dailyFastPath(spec)
    }

    /// `.daily` when the spec names one hour, minute and second (a whole number of microseconds),
    /// every year, month and day, and every weekday or one.
    private static func dailyFastPath(_ spec: OnCalendarSpec) -> CalendarFastPath? {
        func single(_ items: [OnCalendarSpec.Item]?) -> Int? {
            guard let items, items.count == 1, items[0].repeat_ == 0, items[0].stop == -1 else { return nil }
            return items[0].start
        }
        guard spec.year == nil, spec.month == nil, spec.day == nil, let hour = single(spec.hour), let minute = single(spec.minute),
              let microsecond = single(spec.microsecond) else { return nil }
        let weekday: Int?
        if let bits = spec.weekdays {
            guard bits & (bits - 1) == 0 else { return nil }
            weekday = (bits.trailingZeroBitCount + 1) % 7 + 1          // Monday = bit 0 → Apple's 2 … Sunday = bit 6 → 1
        } else {
            weekday = nil
        }
        let time = (Int64(hour) * 3600 + Int64(minute) * 60) * 1_000_000_000 + Int64(microsecond) * 1_000
        return .daily(DailyFastPath(time: time, weekday: weekday))
    }

    /// Whether the shared zone database knows `id`.
    public static func knownZone(_ id: String) -> Bool {
        (try? ZoneDatabase.shared.rules(for: id)) != nil
    }

    /// As `systemd-analyze calendar` prints it after "Normalized form:".
    public var normalized: String { spec.normalized }

    /// The zone the expression names (`UTC` or an IANA id), if any.
    public var zoneIdentifier: String? { spec.zone }

    /// The first fire strictly after `instant`; nil when there is none before the year 2200.
    public func nextFire(after instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        // One time of day: the shortcut answers whenever every wall time systemd's walk touches
        // exists once (`plainDailyFire`); otherwise, or with explicit policies, the walk or search.
        if gapPolicy == nil, overlapPolicy == nil, case .daily(let daily)? = fastPath,
           let fire = Self.plainDailyFire(daily, after: instant, in: zone) {
            return fire
        }
        return try walkOrSearch(after: instant, in: zone)
    }

    /// `nextFire` without the shortcut (apart, so a call the shortcut answers copies nothing):
    /// systemd's own walk, or the shared search with explicit policies.
    @inline(never)
    private func walkOrSearch(after instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        if gapPolicy == nil && overlapPolicy == nil { return Self.systemdFire(spec: spec, after: instant, in: zone) }
        var search = CalendarSearch(rules: OnCalendarRules(spec: spec, zone: zone, gap: gapPolicy, overlap: overlapPolicy), forward: true)
        return try search.fire(from: instant)
    }

    /// One time of day, when no wall time systemd's walk can touch is skipped or
    /// repeated: the start's, and on each candidate day its midnight (where a carry lands), the
    /// hour and the minute it sets on the way, and the time itself. (Chatham, 2135-09-25: 03:56
    /// exists, but 03:00, which the walk passes through, is in the 02:45–03:45 gap, and systemd
    /// elapses a day later.) mktime then resolves every step as the zone does, so the walk elapses at the
    /// first candidate after the start — a transition in between only changes the offset. (The
    /// calendar trigger's daily shortcut is not enough here: it checks the time alone.) nil when
    /// one of those wall times is in a gap or an overlap (the walk answers then). Example, New York,
    /// `*-*-* 08:30:00` after 2026-03-07T17:00:00Z (12:00 EST): the spring-forward at 07:00:00Z
    /// lies between, but 12:00 on the 7th, midnight and 08:30 on the 8th exist once: 08:30 EDT =
    /// 2026-03-08T12:30:00Z. (`DialectFastPathTests` holds this against the walk.)
    ///
    /// Speed: each wall time is proven unique from a period, a few comparisons — the start's
    /// alone, then a day's midnight through its time at once (`spanIsUnique`); only where a
    /// transition is near (`candidateNearTransition`) does each wall time get its own check, by the
    /// exact scan only when a transition is in its window (`singleInstant`).
    static func plainDailyFire(_ daily: DailyFastPath, after instant: Instant, in zone: ZoneRules) -> Fire? {
        guard instant.seconds > 86_400, instant.seconds < 7_257_000_000 else { return nil }     // 1970-01-02 … 2199-12
        var period = zone.period(containing: instant.seconds)
        let startWall = instant.seconds + Int64(period.type.utcOffset)
        guard zone.singleInstant(localSeconds: startWall, period: &period) != nil else { return nil }
        let (seconds, nanoseconds) = (daily.time / 1_000_000_000, Int32(daily.time % 1_000_000_000))
        var day = CivilArithmetic.floorDivMod(startWall, 86_400).quotient
        for _ in 0..<9 {
            if daily.weekday == 0 || CivilArithmetic.weekday(ofDay: day) == Int(daily.weekday) {
                // The walk sets the hour, then the minute, then the second, normalizing after each:
                // midnight, HH:00:00, HH:MM:00 and the time itself must all exist once.
                let midnight = day * 86_400
                let utc: Int64, type: CompactLocalTimeType
                if zone.spanIsUnique(localFrom: midnight, through: midnight + seconds, period: &period) {
                    (utc, type) = (midnight + seconds - Int64(period.type.utcOffset), period.type)
                } else {
                    guard let near = candidateNearTransition(midnight: midnight, seconds: seconds, in: zone, period: &period) else { return nil }
                    (utc, type) = near
                }
                let fire = Instant(seconds: utc, nanoseconds: nanoseconds)
                if fire > instant { return Fire(instant: fire, compact: type, adjustment: .exact) }
            }
            day += 1
        }
        return nil
    }

    /// `plainDailyFire`'s candidate when a transition is near the day: the instant and type of
    /// `midnight + seconds` when midnight, the hour, the minute and the time each exist once.
    @inline(never)
    private static func candidateNearTransition(midnight: Int64, seconds: Int64, in zone: ZoneRules,
                                                period: inout ZonePeriod) -> (Int64, CompactLocalTimeType)? {
        guard zone.singleInstant(localSeconds: midnight, period: &period) != nil,
              zone.singleInstant(localSeconds: midnight + seconds / 3600 * 3600, period: &period) != nil,
              zone.singleInstant(localSeconds: midnight + seconds / 60 * 60, period: &period) != nil else { return nil }
        return zone.singleInstant(localSeconds: midnight + seconds, period: &period)
    }

    /// systemd's own answer (`SystemdCalendarWalk`): its next elapse, or nil where it has none
    /// ("never") or gives up (a timer then has no elapse from the expression). Before 1970 systemd
    /// has no time; the walk starts at 1970-01-01T00:00:00Z.
    static func systemdFire(spec: OnCalendarSpec, after instant: Instant, in zone: ZoneRules) -> Fire? {
        let usec = max(instant.seconds * 1_000_000 + Int64(instant.nanoseconds / 1000), -1)
        guard instant.seconds < 253_402_300_800,      // 10000-01-01T00:00Z: past systemd's formattable maximum
              case let .elapse(next) = SystemdCalendarWalk.next(spec: spec, zone: zone, after: usec) else { return nil }
        let (seconds, micro) = CivilArithmetic.floorDivMod(next, 1_000_000)
        let fire = Instant(seconds: seconds, nanoseconds: Int32(micro * 1000))
        guard fire > instant else { return nil }
        let adjustment: FireAdjustment
        if case let .overlap(earlier, _, _, _) = zone.resolve(localSeconds: seconds + Int64(zone.utcOffset(atSeconds: seconds))) {
            adjustment = seconds == earlier ? .overlapFirst : .overlapLast
        } else {
            adjustment = .exact
        }
        return Fire(instant: fire, compact: zone.compactType(at: fire), adjustment: adjustment)
    }

    /// Why systemd's own walk has no elapse after `instant`, as a sentence; nil when it has one, or
    /// when explicit gap/overlap policies replace systemd's DST rules (the shared search answers
    /// then). Example, Pacific/Chatham, `*-*-* 02:50` after 2026-09-25T14:05:00Z (09-26 02:50
    /// +12:45): on 09-27 the clocks go from 02:45 to 03:45, and after 1,000 passes systemd gives
    /// up ("Resource deadlock avoided"): a timer on this expression never elapses again.
    public func systemdStop(after instant: Instant, in zone: ZoneRules) -> String? {
        guard gapPolicy == nil, overlapPolicy == nil, instant.seconds < 253_402_300_800 else { return nil }
        let usec = max(instant.seconds * 1_000_000 + Int64(instant.nanoseconds / 1000), -1)
        switch SystemdCalendarWalk.next(spec: spec, zone: zone, after: usec) {
        case .elapse: return nil
        case .gaveUp:
            return "systemd's walk gives up after \(WorkLimit.grouped(SystemdCalendarWalk.maxIterations)) passes (\"Resource deadlock avoided\"): a DST change in \(zone.identifier) keeps moving the wanted time, and a timer on this expression never elapses again"
        case .never(let stop):
            switch stop {
            case .noYearLeft: return "no year the expression names is left"
            case .pastMaxYear: return "systemd looks no further than the year \(SystemdCalendarWalk.maxYear)"
            case .noTime: return "systemd cannot convert the wall time in \(zone.identifier) (before 1970 or past its range)"
            case .yearStartNormalized: return "January 1 00:00 does not exist in \(zone.identifier) that year (a DST gap), which ends systemd's walk"
            case let .refusedBackward(w):
                let p = ISO8601Format.pad
                let wall = "\(p(w.0, 4))-\(p(w.1, 2))-\(p(w.2, 2))T\(p(w.3, 2)):\(p(w.4, 2)):\(p(w.5, 2))"
                return "\(wall) does not exist in \(zone.identifier) and mktime moves it earlier, which systemd refuses (\"Resource deadlock avoided\")"
            }
        }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case expression, normalized, zone, gap, overlap }

    /// Reads docs/contract.md's `{"expression", "gap"?, "overlap"?}`; a malformed expression
    /// surfaces as its `OnCalendarError`. `normalized` and `zone`, which `encode(to:)` writes for
    /// the reader, may come back and must then be what the expression gives.
    public init(from decoder: Decoder) throws {
        try UnknownFieldError.check(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(expression: try c.decode(String.self, forKey: .expression),
                      gapPolicy: try c.decodeIfPresent(String.self, forKey: .gap).map { (text) throws(TriggerError) in try GapPolicy(named: text, field: "gap") },
                      overlapPolicy: try c.decodeIfPresent(String.self, forKey: .overlap).map { (text) throws(TriggerError) in try OverlapPolicy(named: text, field: "overlap") })
        try DecodingPath.checkDerived(c, .normalized, equals: normalized)
        try DecodingPath.checkDerived(c, .zone, equals: zoneIdentifier)
    }

    /// Writes the expression as given, then for the reader its normalized form (as
    /// `systemd-analyze calendar` prints it) and the zone it names, then the policies when set:
    /// `{"expression": "Mon *-*-* 2:30", "normalized": "Mon *-*-* 02:30:00"}`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(expression, forKey: .expression)
        try c.encode(normalized, forKey: .normalized)
        try c.encodeIfPresent(zoneIdentifier, forKey: .zone)
        try c.encodeIfPresent(gapPolicy, forKey: .gap)
        try c.encodeIfPresent(overlapPolicy, forKey: .overlap)
    }

    /// Equal when the parsed expressions and the policies are: `*-*-* 2:30` equals `*-*-*
    /// 02:30:00`.
    public static func == (a: OnCalendarTrigger, b: OnCalendarTrigger) -> Bool {
        a.spec == b.spec && a.gapPolicy == b.gapPolicy && a.overlapPolicy == b.overlapPolicy
    }

    /// Hashes what `==` compares: the parsed expression and the policies.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(spec); hasher.combine(gapPolicy); hasher.combine(overlapPolicy)
    }
}
