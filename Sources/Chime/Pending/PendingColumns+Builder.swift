extension PendingColumns {
    /// Collects requests, then lays them out (`build()`). Appending an identifier again replaces
    /// its earlier request, as iOS does when a notification is re-added with the same identifier.
    ///
    /// ```swift
    /// var builder = PendingColumns.Builder(expectedCount: 1_000_000)
    /// builder.append(number: 42, trigger: .calendar(try .daily(hour: 9, minute: 0)), zone: paris)
    /// builder.append(identifier: "standup", trigger: .weekly(try WeeklyTrigger(weekdays: [.monday], time: "09:30")), zone: ny)
    /// let columns = builder.build()      // 2 requests, grouped by zone
    /// ```
    public struct Builder: Sendable {
        var codes: [UInt32] = []
        var zoneOfRequest: [UInt16] = []
        var identifiers = Identifiers()
        var zones: [ZoneRules] = []
        var zoneIndex: [ObjectIdentifier: UInt16] = [:]
        var intervals: [PackedInterval] = []
        var intervalAnchorNanoseconds: [Int32] = []
        var anyAnchorNanoseconds = false
        var general: [Trigger] = []
        var generalIndex: [Trigger: UInt32] = [:]
        /// Numeric identifiers appended in strictly increasing order: no duplicates to look for.
        var increasing = true

        /// A builder with room reserved for `expectedCount` requests (a hint; more may be
        /// appended).
        public init(expectedCount: Int = 0) {
            codes.reserveCapacity(expectedCount)
            zoneOfRequest.reserveCapacity(expectedCount)
            identifiers.reserveCapacity(expectedCount)
        }

        /// The requests appended so far (an identifier appended again counts each time until
        /// `build()` keeps the last).
        public var count: Int { codes.count }

        /// Adds a request named by any string identifier.
        public mutating func append(identifier: String, trigger: Trigger, zone: ZoneRules) {
            if let n = Identifiers.number(identifier) { return append(number: n, trigger: trigger, zone: zone) }
            increasing = false
            identifiers.append(identifier)
            appendRequest(trigger, zone)
        }

        /// Adds a request whose identifier is the decimal number `number` (no string is made).
        public mutating func append(number: UInt64, trigger: Trigger, zone: ZoneRules) {
            if increasing, identifiers.isNumeric, let last = identifiers.numbers.last, number <= last { increasing = false }
            identifiers.append(number)
            appendRequest(trigger, zone)
        }

        private mutating func appendRequest(_ trigger: Trigger, _ rules: ZoneRules) {
            let key = ObjectIdentifier(rules.table)
            let zone: UInt16
            if let z = zoneIndex[key] {
                zone = z
            } else {
                precondition(zones.count < Int(UInt16.max), "more than 65,535 distinct zones")
                zone = UInt16(zones.count)
                zoneIndex[key] = zone
                zones.append(rules)
            }
            zoneOfRequest.append(zone)
            codes.append(Self.encode(trigger, into: &self).raw)
        }

        private static func encode(_ trigger: Trigger, into b: inout Builder) -> Code {
            if let code = Code.packed(trigger) {
                #if DEBUG
                precondition(code.trigger() == trigger, "packed trigger does not decode to itself: \(trigger)")
                #endif
                return code
            }
            if case .interval(let t) = trigger, let (packed, nanos) = PackedInterval.packed(t), b.intervals.count < Code.maximumIndex {
                b.intervals.append(packed)
                b.intervalAnchorNanoseconds.append(nanos)
                if nanos != 0 { b.anyAnchorNanoseconds = true }
                return Code(kind: .interval, payload: UInt32(b.intervals.count - 1))
            }
            if let i = b.generalIndex[trigger] { return Code(kind: .general, payload: i) }
            precondition(b.general.count < Code.maximumIndex, "too many distinct general triggers")
            let i = UInt32(b.general.count)
            b.general.append(trigger)
            b.generalIndex[trigger] = i
            return Code(kind: .general, payload: i)
        }

        /// The columns: the last request of each identifier, grouped by zone (in order of first
        /// appearance), in appending order within a zone.
        public consuming func build() -> PendingColumns {
            let n = codes.count
            // 1. Which requests survive: the last of each identifier.
            var keep: [Bool]? = nil
            if !increasing {
                var order = (0..<n).map { Int32($0) }
                let ids = identifiers
                order.sort { a, b in
                    let (a, b) = (Int(a), Int(b))
                    if ids.precedes(a, b) { return true }
                    if ids.precedes(b, a) { return false }
                    return a < b
                }
                var k = [Bool](repeating: true, count: n)
                for j in 0..<max(0, n - 1) {
                    let (a, b) = (Int(order[j]), Int(order[j + 1]))
                    if !ids.precedes(a, b) { k[a] = false }       // the same identifier follows: replaced
                }
                keep = k
            }
            // 2. Group by zone (counting sort, stable).
            var starts = [Int](repeating: 0, count: zones.count + 1)
            for i in 0..<n where keep?[i] ?? true { starts[Int(zoneOfRequest[i]) + 1] += 1 }
            for z in 0..<zones.count { starts[z + 1] += starts[z] }
            var cursor = starts
            var order = [Int32](repeating: 0, count: starts[zones.count])
            for i in 0..<n where keep?[i] ?? true {
                let z = Int(zoneOfRequest[i])
                order[cursor[z]] = Int32(i)
                cursor[z] += 1
            }
            keep = nil
            zoneOfRequest = []
            // 3. The columns in that order; intervals re-laid in request order for locality.
            var newCodes = [UInt32](); newCodes.reserveCapacity(order.count)
            var newIntervals: [PackedInterval] = [], newNanos: [Int32] = []
            for i in order {
                let code = Code(raw: codes[Int(i)])
                if code.kind == .interval {
                    let p = Int(code.payload)
                    newIntervals.append(intervals[p])
                    if anyAnchorNanoseconds { newNanos.append(intervalAnchorNanoseconds[p]) }
                    newCodes.append(Code(kind: .interval, payload: UInt32(newIntervals.count - 1)).raw)
                } else {
                    newCodes.append(code.raw)
                }
            }
            codes = []
            intervals = []
            let ids = identifiers.permuted(order)
            identifiers = Identifiers()
            let columns = PendingColumns(
                codes: newCodes, identifiers: ids, zones: zones, zoneStarts: starts, intervals: newIntervals,
                intervalAnchorNanoseconds: newNanos, general: general, nextSeconds: [], nextNanoseconds: [],
                nextFiresAfter: nil)
            columns.checkInvariants()
            return columns
        }
    }
}
