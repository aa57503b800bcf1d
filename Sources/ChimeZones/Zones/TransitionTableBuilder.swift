/// Builds a `TransitionTable` from a source's listed transitions plus the rule that follows them.
/// Both sources (TZif and ICU) go through here, so they share one representation.
struct TransitionTableBuilder {
    /// Transitions beyond this (about ±36 million years) are corrupt data, not history or forecast;
    /// rejecting them keeps every later computation far from Int64 overflow.
    static let plausibleSeconds: ClosedRange<Int64> = -(1 << 60)...(1 << 60)
    /// Annual rules are expanded only within the years Chime supports (plus margin).
    static let ruleYears: ClosedRange<Int64> = 0...10_001

    let origin: String
    private var types: [LocalTimeType] = []
    private var instants: [Int64] = []
    private var typeIndices: [UInt8] = []
    private var initialType: UInt8 = 0

    /// - Parameters:
    ///   - initial: the type before the first transition (for TZif, usually LMT).
    ///   - transitions: ascending instants and the type each switches to.
    ///   - footer: what holds after the last transition (`nil`: the last type forever).
    ///   - origin: names the data in errors (a file path or `ICU zone X`).
    static func build(initial: LocalTimeType, transitions: [(seconds: Int64, type: LocalTimeType)],
                      footer: POSIXTimeZoneString.Footer?, origin: String) throws(ZoneError) -> TransitionTable {
        var builder = TransitionTableBuilder(origin: origin)
        builder.initialType = try builder.index(of: initial)
        for t in transitions { try builder.append(t.seconds, t.type) }
        guard case .recurring(let rule)? = footer else {
            return builder.table(cycleStart: nil, coversPast: false, rule: nil)
        }
        return try builder.appendingCycle(of: rule, explicitCount: transitions.count)
    }

    private mutating func index(of type: LocalTimeType) throws(ZoneError) -> UInt8 {
        if let i = types.firstIndex(of: type) { return UInt8(i) }
        guard types.count < 256 else { throw .malformedTZif(path: origin, reason: "more than 256 distinct local time types") }
        types.append(type)
        return UInt8(types.count - 1)
    }

    /// Appends a transition, dropping no-ops and letting a later transition at the same instant win.
    private mutating func append(_ seconds: Int64, _ type: LocalTimeType) throws(ZoneError) {
        guard Self.plausibleSeconds.contains(seconds) else {
            throw .malformedTZif(path: origin, reason: "transition time \(seconds) is absurd (more than 2^60 seconds from 1970)")
        }
        append(seconds, typeIndex: try index(of: type))
    }

    private mutating func append(_ seconds: Int64, typeIndex index: UInt8) {
        if let last = instants.last, last == seconds {
            instants.removeLast()
            typeIndices.removeLast()
        }
        let previous = typeIndices.last ?? initialType
        guard previous != index else { return }
        instants.append(seconds)
        typeIndices.append(index)
    }

    /// Expands `rule` over one full 400-year cycle (plus a year of margin for wall-time lookups).
    private mutating func appendingCycle(of rule: RecurringRule, explicitCount: Int) throws(ZoneError) -> TransitionTable {
        let coversPast = explicitCount == 0
        let lastListed = instants.last
        let lastListedYear = lastListed.map(Self.year(of:))
        // Listed transitions beyond the supported years leave nothing for the rule to govern.
        if let lastListedYear, lastListedYear > Self.ruleYears.upperBound - 403 {
            return table(cycleStart: nil, coversPast: false, rule: rule)
        }
        var firstYear: Int64 = lastListedYear.map { $0 - 1 } ?? 1969
        if let startYear = rule.startYear { firstYear = max(firstYear, startYear) }
        firstYear = max(firstYear, Self.ruleYears.lowerBound)
        let cycleStartYear = coversPast ? 1970 : max(firstYear + 2, (lastListedYear ?? 1969) + 1)
        let cycleStart = CivilArithmetic.daysFromCivil(year: cycleStartYear, month: 1, day: 1) * CivilArithmetic.secondsPerDay
        // Cover the cycle plus a year of margin (wall-time lookups look up to ~2 days past its end).
        // One more year is generated and then cut, so that a year's last transition can still be
        // cancelled by the next year's first (all-year DST: "EST5EDT,0/0,J365/25").
        let tableEnd = CivilArithmetic.daysFromCivil(year: cycleStartYear + 402, month: 1, day: 1) * CivilArithmetic.secondsPerDay

        var generated: [(seconds: Int64, toDaylight: Bool)] = []
        generated.reserveCapacity(Int(cycleStartYear + 402 - firstYear) * 2)
        for year in firstYear...(cycleStartYear + 402) {
            let (start, end) = rule.transitions(in: year)
            if start <= end {
                generated.append((start, true)); generated.append((end, false))
            } else {
                generated.append((end, false)); generated.append((start, true))
            }
        }
        // Usually already in order (each year's pair follows the last); sort only when not.
        // At equal instants a DST start sorts after (and so overrides) a DST end.
        let before: ((seconds: Int64, toDaylight: Bool), (seconds: Int64, toDaylight: Bool)) -> Bool = {
            ($0.seconds, $0.toDaylight ? 1 : 0) < ($1.seconds, $1.toDaylight ? 1 : 0)
        }
        if zip(generated, generated.dropFirst()).contains(where: { before($1, $0) }) { generated.sort(by: before) }
        generated.removeAll { $0.seconds >= tableEnd }
        if coversPast {
            // The rule is all there is: start the table at the cycle, in the state the rule implies there.
            // The state at the cycle's start is the state at its end (the rule repeats every period): the
            // last change before `cycleStart + period`. Not "the opposite of the first change after
            // `cycleStart`": a rule's years can overlap ("EST5EDT,0/0,365/25" ends a non-leap year's DST
            // on Jan 2, after the next year's DST start on Jan 1), so changes need not alternate.
            let stateAtEnd = generated.last { $0.seconds < cycleStart + TransitionTable.period }
            generated.removeAll { $0.seconds < cycleStart }
            guard let first = generated.first else { return table(cycleStart: nil, coversPast: false, rule: rule) }
            let daylightAtStart = stateAtEnd?.toDaylight ?? !first.toDaylight
            initialType = try index(of: daylightAtStart ? rule.daylight : rule.standard)
        } else if let lastListed {
            generated.removeAll { $0.seconds <= lastListed }
        }
        let standard = try index(of: rule.standard), daylight = try index(of: rule.daylight)
        for t in generated { append(t.seconds, typeIndex: t.toDaylight ? daylight : standard) }
        // A rule whose transitions all cancel (e.g. DST all year) leaves nothing to cycle.
        guard let last = instants.last, last >= cycleStart + TransitionTable.period else {
            return table(cycleStart: nil, coversPast: false, rule: rule)
        }
        return table(cycleStart: cycleStart, coversPast: coversPast, rule: rule)
    }

    private func table(cycleStart: Int64?, coversPast: Bool, rule: RecurringRule?) -> TransitionTable {
        TransitionTable(instants: instants, typeIndices: typeIndices, types: types, initialType: initialType,
                        cycleStart: cycleStart, cycleCoversPast: coversPast, recurringRule: rule)
    }

    private static func year(of seconds: Int64) -> Int64 {
        CivilArithmetic.civilFromDays(CivilArithmetic.floorDivMod(seconds, CivilArithmetic.secondsPerDay).quotient).year
    }
}
