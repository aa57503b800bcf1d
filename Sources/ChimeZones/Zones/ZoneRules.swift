/// A zone's complete offset history and future, immutable and cheap to share across threads.
///
/// Built once per zone from TZif files or system ICU (see `ZoneDatabase`); queries are pure
/// integer arithmetic with no allocation: one binary search over the transition instants.
///
/// ```swift
/// let ny = try ZoneDatabase.shared.rules(for: "America/New_York")
/// ny.type(at: Instant(seconds: 1_772_953_200))   // 2026-03-08T07:00:00Z -> EDT, -14400
/// ny.resolve(try CivilDateTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30))  // .gap
/// ```
public struct ZoneRules: Sendable {
    /// The only stored property: one reference, so passing rules around costs one retain.
    @usableFromInline package let table: TransitionTable

    /// The id the rules were loaded for (canonical where the source knows it).
    public var identifier: String { identity.identifier }
    /// The source the rules were loaded from (`tzif`, `icu`, or `posix` for a POSIX TZ rule).
    public var source: ZoneSource { identity.source }
    /// The tz data version of the source, e.g. "2025b"; `nil` when the source does not say.
    public var version: String? { identity.version }
    private var identity: ZoneIdentity { table.identity! }   // set in init

    /// `table` must be new (a table belongs to one `ZoneRules`).
    init(identifier: String, source: ZoneSource, version: String?, table: TransitionTable) {
        table.adopt(ZoneIdentity(identifier: identifier, source: source, version: version))
        self.table = table
    }

    /// A zone with one fixed offset forever (e.g. for tests and `Etc/` zones built by hand).
    public static func fixed(identifier: String, type: LocalTimeType) -> ZoneRules {
        ZoneRules(identifier: identifier, source: .tzif, version: nil,
                  table: TransitionTable(instants: [], typeIndices: [], types: [type], initialType: 0,
                                         cycleStart: nil, cycleCoversPast: false, recurringRule: nil))
    }

    // MARK: Instant -> local

    /// Seconds east of UTC in force at `seconds` (UTC seconds since 1970). The hot path.
    @inlinable
    public func utcOffset(atSeconds seconds: Int64) -> Int32 {
        table.utcOffset(at: seconds)
    }

    /// Seconds east of UTC in force at `instant` (its nanoseconds do not matter: transitions fall
    /// on whole seconds).
    @inlinable
    public func utcOffset(at instant: Instant) -> Int32 {
        table.utcOffset(at: instant.seconds)
    }

    /// Offset, DST flag and abbreviation in force at `instant`.
    public func type(at instant: Instant) -> LocalTimeType {
        table.type(ofPeriod: table.periodIndex(ofMapped: table.mapIntoTable(instant.seconds).seconds))
    }

    /// `type(at:)` without the string, for building fires.
    @inlinable @inline(__always)
    package func compactType(at instant: Instant) -> CompactLocalTimeType {
        table.slotTypes[table.slot(ofMapped: table.mapIntoTable(instant.seconds).seconds)]
    }

    /// The wall time at `instant`.
    public func localDateTime(at instant: Instant) -> CivilDateTime {
        CivilDateTime(localSeconds: instant.seconds + Int64(utcOffset(at: instant)), nanosecond: Int(instant.nanoseconds))
    }

    // MARK: Transitions

    /// The first transition strictly after `instant`, or `nil` if the zone never changes again.
    public func nextTransition(after instant: Instant) -> ZoneTransition? {
        let (mapped, shift) = table.mapIntoTable(instant.seconds)
        let i = table.periodIndex(ofMapped: mapped) + 1
        guard i < table.transitionCount else { return nil }
        return transition(at: i, shift: shift)
    }

    /// The last transition strictly before `instant`, or `nil` if there is none.
    public func previousTransition(before instant: Instant) -> ZoneTransition? {
        // A transition at exactly `instant` (nanoseconds 0) is not before it.
        let seconds = TransitionTable.clamped(instant.seconds)
        let probe = instant.nanoseconds == 0 ? seconds - 1 : seconds
        var (mapped, shift) = table.mapIntoTable(probe)
        var i = table.periodIndex(ofMapped: mapped)
        if i < 0 && table.cycleCoversPast {
            // Before the table's first entry: the same point one period later, one period back.
            (mapped, shift) = (mapped + TransitionTable.period, shift - TransitionTable.period)
            i = table.periodIndex(ofMapped: mapped)
        }
        guard i >= 0 else { return nil }
        return transition(at: i, shift: shift)
    }

    /// The offsets a wall time near instant `seconds` can resolve with: the least and greatest in
    /// force within twice the zone's offset spread `s` (and 2 s) either side, and `alsoBefore`
    /// seconds further back. An instant `i` comes from its wall time less an offset in force
    /// within `s` of `i` (its own, or that on one side of a gap whose transition is that near),
    /// so for every instant within `s + 1` of `seconds` the offsets concerned lie in this window
    /// (`CalendarSearch.cannotBeat`, `CalendarSearchRules.edge`, `AppleRules.forwardWalkStart`).
    @inlinable
    package func offsetsNear(_ seconds: Int64, alsoBefore: Int64 = 0) -> (min: Int32, max: Int32) {
        let reach = 2 * Int64(table.maxOffset - table.minOffset) + 2
        return offsetRange(from: seconds - reach - alsoBefore, through: seconds + reach)
    }

    /// The least and greatest offsets in force at any second of `lower...upper` (UTC seconds);
    /// the zone's whole range where the table cannot tell (past its last transition in a cycle).
    @usableFromInline
    package func offsetRange(from lower: Int64, through upper: Int64) -> (min: Int32, max: Int32) {
        var (low, high) = (utcOffset(atSeconds: lower), utcOffset(atSeconds: lower))
        var cursor = TransitionTable.clamped(lower)
        while cursor < upper {
            let (mapped, shift) = table.mapIntoTable(cursor)
            let i = table.periodIndex(ofMapped: mapped) + 1
            guard i < table.transitionCount else { return (table.minOffset, table.maxOffset) }
            let next = table.instant(ofTransition: i) + shift
            guard next > cursor else { return (table.minOffset, table.maxOffset) }
            if next > upper { break }
            let offset = utcOffset(atSeconds: next)
            (low, high) = (Swift.min(low, offset), Swift.max(high, offset))
            cursor = next
        }
        return (low, high)
    }

    /// Every transition with `from <= instant < to`, in order.
    public func transitions(from: Instant, to: Instant) -> [ZoneTransition] {
        var result: [ZoneTransition] = []
        var cursor = Instant(seconds: TransitionTable.clamped(from.seconds) - 1, nanoseconds: 999_999_999)
        while let next = nextTransition(after: cursor), next.instant < to {
            result.append(next)
            cursor = next.instant
        }
        return result
    }

    private func transition(at i: Int, shift: Int64) -> ZoneTransition {
        ZoneTransition(instant: Instant(seconds: table.instant(ofTransition: i) + shift),
                       before: table.type(ofPeriod: i - 1), after: table.type(ofPeriod: i))
    }

    /// The annual DST rule in force after the last irregular transition, if any.
    public var recurringRule: RecurringRule? { table.recurringRule }

    /// Every distinct local time type the zone uses.
    public var localTimeTypes: [LocalTimeType] { table.types }
}
