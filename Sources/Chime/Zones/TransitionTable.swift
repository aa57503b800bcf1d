/// The compact, immutable core of `ZoneRules`: a sorted array of transition instants, the
/// type in force from each, and (for zones with an annual DST rule) a 400-year cycle.
///
/// Annual rules (e.g. "second Sunday of March, 02:00") repeat exactly every 400 Gregorian
/// years: 146,097 days, a whole number of weeks. So the table lists the rule's transitions for
/// one full cycle after the last irregular transition, and any later instant is mapped into that
/// cycle by subtracting whole periods. Example: America/New_York's cycle starts at
/// 2038-01-01T00:00:00Z; 2500-03-14T07:00:00Z (DST start) is looked up as 2100-03-14T07:00:00Z
/// (the same weekday and date, 400 years earlier). Lookups are one binary search.
@usableFromInline
final class TransitionTable: Sendable {
    @usableFromInline static let period = CivilArithmetic.secondsPer400Years

    /// First instant (UTC seconds) of each period, strictly ascending.
    @usableFromInline let instants: [Int64]
    /// Index into `types` of the type in force from `instants[i]`.
    let typeIndices: [UInt8]
    /// `types[typeIndices[i]].utcOffset`, kept beside the instants for the hot path.
    @usableFromInline let offsets: [Int32]
    let types: [LocalTimeType]
    /// The type in force before the first transition.
    let initialType: UInt8
    @usableFromInline let initialOffset: Int32
    /// Instants at or after `cycleEnd` are mapped back by whole periods; `Int64.max` when there is no cycle.
    @usableFromInline let cycleEnd: Int64
    @usableFromInline let cycleStart: Int64
    /// When the annual rule governs all of time (a TZif file with only a footer), instants before
    /// `cycleStart` are mapped forward too.
    @usableFromInline let cycleCoversPast: Bool
    let minOffset: Int32
    let maxOffset: Int32
    /// The rule that generated the cycle, if any (for display).
    let recurringRule: RecurringRule?

    init(instants: [Int64], typeIndices: [UInt8], types: [LocalTimeType], initialType: UInt8,
         cycleStart: Int64?, cycleCoversPast: Bool, recurringRule: RecurringRule?) {
        self.instants = instants
        self.typeIndices = typeIndices
        self.types = types
        self.offsets = typeIndices.map { types[Int($0)].utcOffset }
        self.initialType = initialType
        self.initialOffset = types[Int(initialType)].utcOffset
        self.cycleStart = cycleStart ?? Int64.min
        self.cycleEnd = cycleStart.map { $0 + TransitionTable.period } ?? Int64.max
        self.cycleCoversPast = cycleCoversPast && cycleStart != nil
        let used = Set(typeIndices).union([initialType]).map { types[Int($0)].utcOffset }
        self.minOffset = used.min()!
        self.maxOffset = used.max()!
        self.recurringRule = recurringRule
        #if DEBUG
        checkInvariants()
        #endif
    }

    /// Maps `seconds` into the table's range; returns the mapped value and the shift that was removed.
    @inlinable @inline(__always)
    func mapIntoTable(_ seconds: Int64) -> (seconds: Int64, shift: Int64) {
        if seconds >= cycleEnd || (cycleCoversPast && seconds < cycleStart) {
            // Clamp to ±2^62 s (±146 billion years) so absurd inputs cannot overflow.
            let clamped = min(max(seconds, -(1 << 62)), 1 << 62)
            let (q, r) = CivilArithmetic.floorDivMod(clamped - cycleStart, TransitionTable.period)
            return (cycleStart + r, q * TransitionTable.period)
        }
        return (seconds, 0)
    }

    /// Index of the period containing `seconds` (already mapped), -1 for before the first transition.
    @inlinable @inline(__always)
    func periodIndex(ofMapped seconds: Int64) -> Int {
        instants.withUnsafeBufferPointer { buffer in
            var low = 0, count = buffer.count
            while count > 0 {                       // first index with instants[i] > seconds
                let half = count >> 1
                if buffer[low + half] <= seconds {
                    low += half + 1
                    count -= half + 1
                } else {
                    count = half
                }
            }
            return low - 1
        }
    }

    @inlinable @inline(__always)
    func utcOffset(at seconds: Int64) -> Int32 {
        let i = periodIndex(ofMapped: mapIntoTable(seconds).seconds)
        return i < 0 ? initialOffset : offsets.withUnsafeBufferPointer { $0[i] }
    }

    func typeIndex(ofPeriod i: Int) -> UInt8 { i < 0 ? initialType : typeIndices[i] }

    func type(ofPeriod i: Int) -> LocalTimeType { types[Int(typeIndex(ofPeriod: i))] }

    #if DEBUG
    private func checkInvariants() {
        precondition(instants.count == typeIndices.count)
        for i in instants.indices {
            precondition(i == 0 || instants[i - 1] < instants[i], "transitions must be strictly ascending")
            precondition(Int(typeIndices[i]) < types.count)
            precondition(typeIndex(ofPeriod: i - 1) != typeIndices[i], "no-op transitions are dropped at build time")
        }
        if cycleEnd != Int64.max { precondition(instants.last.map { $0 >= cycleEnd } ?? false, "the table covers the whole cycle") }
    }
    #endif
}
