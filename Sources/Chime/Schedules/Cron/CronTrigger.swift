/// A cron expression in one of the flavors Chime reads (`CronFlavor`), evaluated on the engine's
/// one calendar search (`CronRules`). JSON: `{"cron": {"expression": "30 2 * * *", "flavor":
/// "posix", "direction": "forward", "gap"?: …, "overlap"?: …, "hashId"?: "…"}}`.
///
/// Example: `30 2 * * *` (posix) in America/New_York after 2026-03-07T12:00:00Z fires at
/// 2026-03-08T07:00:00Z (03:00 EDT: the fixed-time job skipped by the gap runs right after it,
/// `gapNextTime`), then 2026-03-09T06:30:00Z.
public struct CronTrigger: Sendable, Hashable, Codable {
    /// The parsed expression: each field's allowed values and how the day fields combine.
    public let expression: CronExpression
    /// Forward (next fires) or backward (previous fires); robfig and APScheduler answer forward
    /// only.
    public let direction: SearchDirection
    /// Explicit DST handling replacing the flavor's default.
    public let gapPolicy: GapPolicy?
    /// Explicit handling of a repeated wall time, replacing the flavor's default; nil keeps the
    /// flavor's.
    public let overlapPolicy: OverlapPolicy?
    /// croniter's hash id for `H` fields.
    public let hashId: String?
    /// The calendar trigger's shortcut for an expression that is one time of day on every day, or
    /// on one weekday (`30 8 * * *`, `0 9 * * 1`), searched forward: away from transitions such a
    /// job fires at that wall time under every flavor's rule (`CalendarFastPath`).
    let fastPath: CalendarFastPath?
    /// The shortcut for an expression with more times a day (`*/5 * * * *`), under the same
    /// conditions; nil where `fastPath` serves.
    let dayTimesFastPath: CronDayTimesFastPath?

    /// Forward (the next fires) unless a request asks for `backward`: every flavor's default.
    public static let defaultDirection = SearchDirection.forward

    /// Reads `expression` as `flavor` does (docs/cron.md). `gapPolicy` and `overlapPolicy` replace
    /// the flavor's own DST behaviour when given; `hashId` seeds croniter's `H`.
    ///
    /// Throws `CronError` naming the field and column of a malformed expression, or `.refused` for
    /// a backward search in a flavor that only searches forward.
    public init(expression: String, flavor: CronFlavor = .posix, direction: SearchDirection = defaultDirection,
                gapPolicy: GapPolicy? = nil, overlapPolicy: OverlapPolicy? = nil, hashId: String? = nil) throws(CronError) {
        self.expression = try CronParser.parse(expression, flavor: flavor, hashId: hashId)
        let profile = flavor.profile
        if direction == .backward, let refusal = profile.backwardRefusal { throw .refused(text: expression, reason: refusal.description) }
        self.direction = direction
        self.gapPolicy = gapPolicy
        self.overlapPolicy = overlapPolicy
        self.hashId = hashId
        // The flavors with their own walks (robfig, Quartz, APScheduler: `walkOrSearch`) walk their
        // own way even away from transitions' days (and Quartz gives up at its MAX_YEAR): no shortcut.
        fastPath = direction == .forward && profile.walk == .search ? Self.dailyFastPath(self.expression) : nil
        dayTimesFastPath = direction == .forward && profile.walk == .search && fastPath == nil
            ? CronDayTimesFastPath(self.expression) : nil
    }

    /// The zone the expression names (robfig's `TZ=Zone` / `CRON_TZ=Zone` prefix), if any: the
    /// zone to evaluate in; callers pass its rules.
    public var zoneIdentifier: String? { expression.zoneIdentifier }

    /// `.daily` when the fields name one second, minute and hour, every day of every month of every
    /// year, and every weekday or one.
    private static func dailyFastPath(_ e: CronExpression) -> CalendarFastPath? {
        func single(_ bits: UInt64) -> Int? { bits != 0 && bits & (bits - 1) == 0 ? bits.trailingZeroBitCount : nil }
        guard let second = single(e.seconds), let minute = single(e.minutes), let hour = single(e.hours),
              e.dayRule == .and, e.years == nil, e.nthWeekdays.isEmpty, !e.lastDayOfMonth, e.nearestWeekdays == 0,
              e.daysOfMonth == 0xFFFF_FFFE, e.months == 0x1FFE else { return nil }
        let weekday: Int?
        if e.weekdays == 0x7F { weekday = nil } else if let one = single(e.weekdays) { weekday = one + 1 } else { return nil }
        let time = (Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)) * 1_000_000_000
        return .daily(DailyFastPath(time: time, weekday: weekday))
    }

    /// The flavor the expression was read as (its `CronFlavorProfile` row decides the grammar, the
    /// walk and the DST default).
    public var flavor: CronFlavor { expression.flavor }

    /// Whether the expression can never fire (e.g. `0 0 30 2 *`): known without a search for the
    /// shapes the parser recognizes; otherwise a search from `instant` finds none.
    public func neverFires(after instant: Instant, in zone: ZoneRules) -> Bool {
        (try? nextFire(after: instant, in: zone)) == nil
    }

    /// The first fire strictly after `instant` (direction `backward`: the last strictly before it).
    public func nextFire(after instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        // The shortcut answers away from transitions; near one it answers nil. Kept apart from the
        // walks below so that a call the shortcut answers copies nothing (the expression is large).
        if let fire = fastPath?.nearestFire(after: instant, in: zone) { return fire }
        if let fire = dayTimesFastPath?.nextFire(after: instant, in: zone) { return fire }
        return try walkOrSearch(after: instant, in: zone)
    }

    /// `nextFire` without the shortcut: the flavor's own walk (its profile's), unless explicit
    /// gap/overlap policies replace its DST behaviour, or the shared search.
    @inline(never)
    private func walkOrSearch(after instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        let ownDST = gapPolicy == nil && overlapPolicy == nil
        switch flavor.profile.walk {
        case .search:
            break
        case .apscheduler:
            if ownDST { return APSchedulerWalk(expression: expression, zone: zone).fire(after: instant) }
        case .quartz:
            // Quartz's own DST behaviour is its wall-clock walk, not a per-wall-time rule. Where the
            // walk never returns (it cycles), the search below answers by the documented day rules
            // instead (gap skip, overlap last), rather than hang or answer nothing.
            if direction == .forward, ownDST, let quartz = expression.quartz {
                let walk = QuartzWalk(schedule: quartz, zone: zone)
                switch walk.outcome(after: instant.seconds) {
                case .fire(let seconds): return walk.fire(at: seconds)
                case .none: return nil
                case .cycles: break
                }
            }
        case .robfig:
            // Always for `@every` (elapsed time has no policies to apply).
            if expression.everyNanoseconds != nil || ownDST {
                let fire = RobfigSchedule(expression: expression, zone: zone).next(after: instant)
                // robfig's walk can answer an instant at or before the start where the clock goes back
                // 2 hours or more (its hour truncation lands in the first pass, one step reaches the
                // second): against `Next`'s contract ("greater than the given time", spec.go 55–56), and
                // a chain of fires would not advance. Then the shared search answers (gap skip, overlap both).
                guard let fire, fire.instant <= instant, expression.everyNanoseconds == nil else { return fire }
            }
        }
        var search = CalendarSearch(rules: CronRules(trigger: self, zone: zone), forward: direction == .forward)
        return try search.fire(from: instant)
    }

    /// The last fire strictly before `instant`.
    public func previousFire(before instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        var search = CalendarSearch(rules: CronRules(trigger: self, zone: zone), forward: false)
        return try search.fire(from: instant)
    }

    /// The nearest fire before `instant` (same as `previousFire(before:in:)`).
    public func fire(before instant: Instant, in zone: ZoneRules) throws(TriggerError) -> Fire? {
        try previousFire(before: instant, in: zone)
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case expression, flavor, direction, gap, overlap, hashId, zone, fields }

    /// Reads docs/contract.md's `{"expression", "flavor"?, "direction"?, "gap"?, "overlap"?,
    /// "hashId"?}`; a malformed expression surfaces as its `CronError`. `zone` and `fields`, which
    /// `encode(to:)` writes for the reader, may come back and must then be what the expression gives.
    public init(from decoder: Decoder) throws {
        try UnknownFieldError.check(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func named<P: NamedChoice>(_ key: CodingKeys) throws -> P? {
            try c.decodeIfPresent(String.self, forKey: key).map { (text) throws(TriggerError) in try P(named: text, field: key.stringValue) }
        }
        let flavorText = try c.decodeIfPresent(String.self, forKey: .flavor) ?? CronFlavor.posix.rawValue
        guard let flavor = CronFlavor(rawValue: flavorText) else {
            throw TriggerError.unknownName(field: "flavor", value: flavorText, allowed: CronFlavor.allCases.map(\.rawValue))
        }
        try self.init(expression: try c.decode(String.self, forKey: .expression), flavor: flavor,
                      direction: try named(.direction) ?? Self.defaultDirection, gapPolicy: try named(.gap), overlapPolicy: try named(.overlap),
                      hashId: try c.decodeIfPresent(String.self, forKey: .hashId))
        try DecodingPath.checkDerived(c, .zone, equals: zoneIdentifier)
        try DecodingPath.checkDerived(c, .fields, equals: expression.normalized)
    }

    /// Writes docs/contract.md's cron object: the expression as given, the flavor and direction,
    /// the policies and hash id when set, then for the reader the zone a `TZ=` prefix names and
    /// the fields as read (`"fields": "30 2 * * *"`).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(expression.text, forKey: .expression)
        try c.encode(flavor.rawValue, forKey: .flavor)
        try c.encode(direction, forKey: .direction)
        try c.encodeIfPresent(gapPolicy, forKey: .gap)
        try c.encodeIfPresent(overlapPolicy, forKey: .overlap)
        try c.encodeIfPresent(hashId, forKey: .hashId)
        try c.encodeIfPresent(zoneIdentifier, forKey: .zone)
        try c.encode(expression.normalized, forKey: .fields)
    }
}
