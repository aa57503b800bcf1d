/// The compact, immutable core of `ZoneRules`: a sorted array of transition instants, the
/// type in force from each, and (for zones with an annual DST rule) a 400-year cycle.
///
/// Annual rules (e.g. "second Sunday of March, 02:00") repeat exactly every 400 Gregorian
/// years: 146,097 days, a whole number of weeks. So the table lists the rule's transitions for
/// one full cycle after the last irregular transition, and any later instant is mapped into that
/// cycle by subtracting whole periods. Example: America/New_York's cycle starts at
/// 2038-01-01T00:00:00Z; 2500-03-14T07:00:00Z (DST start) is looked up as 2100-03-14T07:00:00Z
/// (the same weekday and date, 400 years earlier).
///
/// Lookups from 1900 on go through a bucket index: for each 2^23-second (~97-day) bucket, the
/// period in force at its start; at most a couple of transitions follow within a bucket. A binary
/// search over ~1,000 instants mispredicts about four branches per lookup; the bucket path is a
/// load and two compares.
@usableFromInline
package final class TransitionTable: @unchecked Sendable {   // immutable after init; the raw buffers are never written again
    /// 400 Gregorian years in seconds (146,097 days). A literal, so divisions by it compile to a
    /// multiply (the far-future lookup path).
    @inlinable static var period: Int64 { 12_622_780_800 }
    @usableFromInline static let bucketShift: Int64 = 23
    /// Buckets start here (or at the first transition, if later): lookups before it binary-search.
    static let bucketFloor: Int64 = -2_208_988_800   // 1900-01-01T00:00:00Z
    /// ... and end by here (10100-01-01), so absurd far-future transitions cannot inflate the index.
    static let bucketCeiling: Int64 = 256_558_060_800

    /// Index into `types` of the type in force from `instant(ofTransition: i)`.
    let typeIndices: [UInt8]
    let types: [LocalTimeType]
    /// The type in force before the first transition.
    let initialType: UInt8
    /// `[Int64.min] + transition instants + [Int64.max] * 3`: slot `p` holds the start of period `p - 1`,
    /// so slot 0 is the time before the first transition and the padding ends every scan.
    /// Raw buffers (owned, freed in deinit) keep the hot path free of retains and bounds checks.
    @usableFromInline let slots: UnsafeBufferPointer<Int64>
    /// `utcOffset` of the period in slot `p` (slot 0: the initial type).
    @usableFromInline let slotOffsets: UnsafeBufferPointer<Int32>
    /// The whole type of the period in slot `p`, string-free (what a `Fire` stores).
    @usableFromInline let slotTypes: UnsafeBufferPointer<CompactLocalTimeType>
    /// Slot in force at `bucketBase + b << bucketShift`.
    @usableFromInline let buckets: UnsafeBufferPointer<Int32>
    @usableFromInline let bucketBase: Int64
    @usableFromInline let bucketLimit: Int64
    /// The slot of the period after the last transition, and its start: zones without DST today
    /// (and rule-free ones) answer every lookup since then without a binary search.
    @usableFromInline let lastSlot: Int
    @usableFromInline let lastStart: Int64
    /// Instants at or after `cycleEnd` are mapped back by whole periods; `Int64.max` when there is no cycle.
    @usableFromInline let cycleEnd: Int64
    @usableFromInline let cycleStart: Int64
    /// When the annual rule governs all of time (a TZif file with only a footer), instants before
    /// `cycleStart` are mapped forward too.
    @usableFromInline let cycleCoversPast: Bool
    @usableFromInline package let minOffset: Int32
    @usableFromInline package let maxOffset: Int32
    /// The rule that generated the cycle, if any (for display).
    let recurringRule: RecurringRule?
    /// The identity of the one `ZoneRules` that owns the table; set by `ZoneRules.init` (`adopt`)
    /// before the table is shared, never changed after.
    private(set) var identity: ZoneIdentity?

    init(instants: [Int64], typeIndices: [UInt8], types: [LocalTimeType], initialType: UInt8,
         cycleStart: Int64?, cycleCoversPast: Bool, recurringRule: RecurringRule?) {
        self.typeIndices = typeIndices
        self.types = types
        self.initialType = initialType
        self.cycleStart = cycleStart ?? Int64.min
        self.cycleEnd = cycleStart.map { $0 + TransitionTable.period } ?? Int64.max
        self.cycleCoversPast = cycleCoversPast && cycleStart != nil
        self.recurringRule = recurringRule

        var slots = [Int64.min]
        slots.reserveCapacity(instants.count + 4)
        slots.append(contentsOf: instants)
        slots.append(contentsOf: [Int64.max, Int64.max, Int64.max])
        var slotTypes = [types[Int(initialType)].compact]
        slotTypes.reserveCapacity(instants.count + 4)
        for index in typeIndices { slotTypes.append(types[Int(index)].compact) }
        slotTypes.append(contentsOf: [slotTypes.last!, slotTypes.last!, slotTypes.last!])
        let slotOffsets = slotTypes.map(\.utcOffset)
        self.minOffset = slotOffsets.min()!
        self.maxOffset = slotOffsets.max()!

        // One linear sweep assigns each bucket the slot in force at its start.
        var buckets: [Int32] = []
        var base: Int64 = 0, limit: Int64 = 0
        if let first = instants.first, let last = instants.last, last >= Self.bucketFloor, first <= Self.bucketCeiling {
            base = max(first, Self.bucketFloor)
            let count = Int((min(last, Self.bucketCeiling) - base) >> Self.bucketShift) + 1
            buckets.reserveCapacity(count)
            var slot = 0
            for b in 0..<count {
                let start = base + Int64(b) << Self.bucketShift
                while slots[slot + 1] <= start { slot += 1 }
                buckets.append(Int32(slot))
            }
            limit = base + Int64(count) << Self.bucketShift
        }
        self.slots = Self.copy(slots)
        self.slotOffsets = Self.copy(slotOffsets)
        self.slotTypes = Self.copy(slotTypes)
        self.buckets = Self.copy(buckets)
        self.bucketBase = base
        self.bucketLimit = limit
        self.lastSlot = instants.count
        self.lastStart = slots[instants.count]
        #if DEBUG
        checkInvariants()
        #endif
    }

    deinit {
        slots.deallocate()
        slotOffsets.deallocate()
        slotTypes.deallocate()
        buckets.deallocate()
    }

    /// Records the owner's identity; a table belongs to one `ZoneRules`.
    func adopt(_ owner: ZoneIdentity) {
        precondition(identity == nil, "a transition table belongs to one ZoneRules")
        identity = owner
    }

    private static func copy<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return UnsafeBufferPointer(rebasing: buffer[..<array.count])
    }

    /// `seconds` limited to ±2^62 (±146 billion years): far beyond any real instant or wall time,
    /// and far enough from Int64's ends that the table's arithmetic cannot overflow.
    @inlinable @inline(__always)
    static func clamped(_ seconds: Int64) -> Int64 {
        min(max(seconds, -(1 << 62)), 1 << 62)
    }

    /// Maps `seconds` into the table's range; returns the mapped value and the shift that was removed.
    @inlinable @inline(__always)
    func mapIntoTable(_ seconds: Int64) -> (seconds: Int64, shift: Int64) {
        if seconds >= cycleEnd || (cycleCoversPast && seconds < cycleStart) {
            // No cycle (`cycleEnd` is `Int64.max`) and `seconds` is `Int64.max`: nothing to map, but look it
            // up as 2^62 (the same, last period), since the slots' `Int64.max` padding must stay above every key.
            guard cycleEnd != Int64.max else { return (Self.clamped(seconds), 0) }
            let (q, r) = CivilArithmetic.floorDivMod(Self.clamped(seconds) - cycleStart, TransitionTable.period)
            return (cycleStart + r, q * TransitionTable.period)
        }
        return (seconds, 0)
    }

    /// Slot of the period containing `seconds` (already mapped): 0 before the first transition.
    /// The rare cases are out of line, so that the lookup stays small where other modules inline
    /// it (through `ZoneRules.period(containing:)`, `utcOffset`): the inliner there honours
    /// `@inline(__always)` only for callees of at most 64 basic blocks.
    @inlinable @inline(__always)
    func slot(ofMapped seconds: Int64) -> Int {
        let keys = slots
        if seconds >= bucketBase && seconds < bucketLimit {
            var p = Int(buckets[Int(truncatingIfNeeded: (seconds &- bucketBase) >> TransitionTable.bucketShift)])
            p &+= keys[p &+ 1] <= seconds ? 1 : 0
            p &+= keys[p &+ 1] <= seconds ? 1 : 0
            return keys[p &+ 1] <= seconds ? slot(after: p, ofMapped: seconds) : p
        }
        if seconds >= lastStart { return lastSlot }
        return searchedSlot(ofMapped: seconds)
    }

    /// `slot(ofMapped:)` in a bucket holding 3+ transitions (rare): on from slot `p`.
    @usableFromInline @inline(never)
    func slot(after p: Int, ofMapped seconds: Int64) -> Int {
        var p = p
        while slots[p &+ 1] <= seconds { p &+= 1 }
        return p
    }

    /// `slot(ofMapped:)` outside the buckets (before 1900 or the first transition): a binary search.
    @usableFromInline @inline(never)
    func searchedSlot(ofMapped seconds: Int64) -> Int {
        let keys = slots
        var low = 0, count = keys.count                  // last slot with keys[slot] <= seconds
        while count > 1 {
            let half = count >> 1
            if keys[low &+ half] <= seconds { low &+= half }
            count &-= half
        }
        return low
    }

    /// How many transitions the table lists (strictly ascending).
    var transitionCount: Int { typeIndices.count }

    /// The UTC second at which transition `i` (0-based) happens.
    func instant(ofTransition i: Int) -> Int64 { slots[i + 1] }

    /// Index of the period containing `seconds` (already mapped), -1 for before the first transition.
    @inlinable @inline(__always)
    func periodIndex(ofMapped seconds: Int64) -> Int {
        slot(ofMapped: seconds) - 1
    }

    @inlinable @inline(__always)
    func utcOffset(at seconds: Int64) -> Int32 {
        slotOffsets[slot(ofMapped: mapIntoTable(seconds).seconds)]
    }

    func typeIndex(ofPeriod i: Int) -> UInt8 { i < 0 ? initialType : typeIndices[i] }

    func type(ofPeriod i: Int) -> LocalTimeType { types[Int(typeIndex(ofPeriod: i))] }

    #if DEBUG
    private func checkInvariants() {
        precondition(slots.count == transitionCount + 4 && slotOffsets.count == slots.count)
        for i in 0..<transitionCount {
            precondition(slots[i] < slots[i + 1], "transitions must be strictly ascending")
            precondition(Int(typeIndices[i]) < types.count)
            precondition(typeIndex(ofPeriod: i - 1) != typeIndices[i], "no-op transitions are dropped at build time")
        }
        if cycleEnd != Int64.max {
            precondition(transitionCount > 0 && instant(ofTransition: transitionCount - 1) >= cycleEnd, "the table covers the whole cycle")
        }
        // The bucket path and a plain binary search agree at bucket edges.
        for (b, slot) in buckets.enumerated() where b % 97 == 0 {
            let start = bucketBase + Int64(b) << TransitionTable.bucketShift
            precondition(slots[Int(slot)] <= start && start < slots[Int(slot) + 1])
        }
    }
    #endif
}
