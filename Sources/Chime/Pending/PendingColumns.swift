/// Millions of pending requests (identifier, trigger, zone) in a structure of arrays, with
/// every request's next fire in one column: the scale path of the pending set.
///
/// A request costs ~13 bytes plus its next fire (8 bytes, 12 with sub-second fires): a 32-bit
/// packed trigger (`Code`: daily/weekly fixed times, a day of the month or year, a set of
/// weekdays; intervals and anything else go to side tables), its identifier (a `UInt64` when
/// identifiers are decimal numbers, else UTF-8 bytes + a 32-bit offset), and no zone at all:
/// requests are kept grouped by zone, and a zone is one entry in a table of `ZoneRules`.
///
/// ```swift
/// var builder = PendingColumns.Builder()
/// let ny = try ZoneDatabase.shared.rules(for: "America/New_York")
/// builder.append(identifier: "1", trigger: .calendar(try .daily(hour: 8, minute: 30)), zone: ny)
/// builder.append(identifier: "2", trigger: .calendar(try .daily(hour: 7, minute: 0)), zone: ny)
/// var columns = builder.build()
/// let now = try ISO8601Format.parseInstant("2026-03-07T14:00:00Z")
/// let soonest = columns.computeNextFires(after: now, keepingSoonest: 64)
/// // soonest[0]: "2", 2026-03-08T11:00:00Z (07:00 EDT); soonest[1]: "1", 2026-03-08T12:30:00Z
/// ```
///
/// Every next fire is exactly `Trigger.nextFire(after:in:)`'s instant: packed calendar kinds
/// take the engine's own fast paths (`DailyFastPath`, `DayOfMonthFastPath`) and, near a
/// transition, its general search on the decoded trigger; intervals are the engine's
/// arithmetic (`PackedInterval`). `PendingColumnsTests` checks this on seeded inputs.
///
/// Request order is not insertion order: `build()` groups requests by zone, so `index` values
/// are positions in that order. Use identifiers to name requests.
public struct PendingColumns: Sendable {
    /// One packed trigger per request (`Code.raw`).
    var codes: [UInt32]
    var identifiers: Identifiers
    /// The distinct zones; requests `zoneStarts[z] ..< zoneStarts[z + 1]` are in `zones[z]`.
    var zones: [ZoneRules]
    var zoneStarts: [Int]
    /// Side table of the `interval` kind, indexed by the code's payload.
    var intervals: [PackedInterval]
    /// The intervals' anchor nanoseconds; empty when all are whole seconds.
    var intervalAnchorNanoseconds: [Int32]
    /// Side table of the `general` kind (deduplicated full triggers).
    var general: [Trigger]

    /// The next fire of every request after `nextFiresAfter`: seconds, or `Self.never` /
    /// `Self.failed`.
    public internal(set) var nextSeconds: [Int64]
    /// Nanoseconds of the next fires; empty while every next fire is a whole second (it is made
    /// the first time one is not, and kept).
    public internal(set) var nextNanoseconds: [Int32]
    /// The instant `nextSeconds` was computed after (`nil` before the first computation).
    public internal(set) var nextFiresAfter: Instant?

    /// `nextSeconds` of a request that never fires again (before year 10000).
    public static let never = Int64.max
    /// `nextSeconds` of a request whose trigger threw (only a `general` trigger with gap policy `reject`).
    public static let failed = Int64.min

    /// The number of requests.
    public var count: Int { codes.count }
    /// The number of distinct zones.
    public var zoneCount: Int { zones.count }
    /// Whether next fires may fall off a whole second (then `nextNanoseconds` is made once one does).
    public var hasSubsecondFires: Bool { !intervalAnchorNanoseconds.isEmpty || !general.isEmpty }

    /// The identifier of request `index`.
    public func identifier(at index: Int) -> String { identifiers.string(at: index) }

    /// The zone of request `index` (a binary search over the zone groups).
    public func zone(at index: Int) -> ZoneRules { zones[zoneNumber(of: index)] }

    /// The trigger of request `index`, decoded: equal to the one appended.
    public func trigger(at index: Int) -> Trigger {
        let code = Code(raw: codes[index])
        switch code.kind {
        case .timeOfDay, .dayOfMonth, .weekdaySet: return code.trigger()
        case .interval:
            let p = Int(code.payload), packed = intervals[p]
            let anchor = Instant(seconds: packed.anchorSeconds,
                                 nanoseconds: intervalAnchorNanoseconds.isEmpty ? 0 : intervalAnchorNanoseconds[p])
            return .interval(try! IntervalTrigger(interval: try! ExactDuration(seconds: Int64(packed.stepSeconds)),
                                                  repeats: true, anchor: anchor))
        case .general: return general[Int(code.payload)]
        }
    }

    /// How request `index`'s trigger is stored: "timeOfDay", "dayOfMonth", "weekdaySet", "interval" or "general".
    public func storageKind(at index: Int) -> String { "\(Code(raw: codes[index]).kind)" }

    /// The next fire of request `index` from the column, or `nil` (never fires again, or failed).
    public func nextFire(at index: Int) -> Instant? {
        let s = nextSeconds[index]
        guard s != Self.never, s != Self.failed else { return nil }
        return Instant(seconds: s, nanoseconds: nextNanoseconds.isEmpty ? 0 : nextNanoseconds[index])
    }

    func zoneNumber(of index: Int) -> Int {
        precondition(index >= 0 && index < count, "request index out of range")
        var low = 0, high = zones.count - 1          // the last z with zoneStarts[z] <= index
        while low < high {
            let mid = (low + high + 1) / 2
            if zoneStarts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }

    // MARK: Memory

    /// Bytes the columns and tables have allocated (array capacities, the zone rules not counted:
    /// they are shared with `ZoneDatabase`). Resident memory is measured by the benchmark.
    public var allocatedBytes: Int {
        codes.capacity * 4 + identifiers.allocatedBytes + zones.capacity * 8 + zoneStarts.capacity * 8
            + intervals.capacity * MemoryLayout<PackedInterval>.stride + intervalAnchorNanoseconds.capacity * 4
            + general.capacity * MemoryLayout<Trigger>.stride + nextSeconds.capacity * 8 + nextNanoseconds.capacity * 4
    }

    /// How many requests of each storage kind, e.g. `["timeOfDay": 600_000, "interval": 200_000, …]`.
    public var kindCounts: [String: Int] {
        var counts = [Int](repeating: 0, count: 5)
        for c in codes { counts[Int(c >> Code.payloadBits)] += 1 }
        var out: [String: Int] = [:]
        for (i, n) in counts.enumerated() where n > 0 { out["\(Code.Kind(rawValue: UInt32(i))!)"] = n }
        return out
    }
}
