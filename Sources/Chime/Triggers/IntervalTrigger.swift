/// Fires after exact elapsed time from an anchor instant: `anchor + interval`, and with `repeats`
/// every `interval` after that (Apple's `UNTimeIntervalNotificationTrigger`). DST never moves it.
///
/// Example: anchor 2026-03-08T00:00:00Z, 5400 s, repeating: fires at 01:30:00Z, 03:00:00Z,
/// 04:30:00Z … In New York the first is 20:30 EST on Mar 7; the wall clock skips an hour at
/// 07:00:00Z but the fires stay 90 minutes apart.
public struct IntervalTrigger: Sendable, Hashable {
    /// The elapsed time between the anchor and the first fire, and between fires.
    public let interval: ExactDuration
    /// Whether it fires every `interval` (true) or once, at `anchor + interval`.
    public let repeats: Bool
    /// The instant the intervals count from (Apple: when the request is added).
    public let anchor: Instant
    /// Set for fixed-period schedules that users think of in wall-clock terms (flutter's
    /// `RepeatInterval.daily`/`.weekly`): fires whose wall time differs from the anchor's are
    /// marked `intervalWallClockDrift`.
    public let reportsWallClockDrift: Bool
    /// The interval in whole seconds when it is one, under 2^32 s, and the trigger repeats without
    /// drift reports (the arithmetic fast path); 0 otherwise.
    @usableFromInline let stepSeconds: Int64
    /// `ceil(2^64 / stepSeconds)`: for 32-bit `n`, `n / stepSeconds` is the high half of
    /// `n * stepReciprocal` (Lemire, Kaser & Kurz 2019), a multiply instead of a division.
    @usableFromInline let stepReciprocal: UInt64
    /// 2^32 when the fast path applies and the anchor is within ±2^62 s, else 0: whole seconds
    /// from the anchor, taken as unsigned, below this are the fast path's (a start before the
    /// anchor wraps to a huge number and takes the general path), in one comparison.
    @usableFromInline let fastElapsedLimit: UInt64

    /// Apple rejects repeating intervals under 60 s and any interval that is not positive.
    public static let minimumRepeatingInterval = ExactDuration(nanoseconds: 60_000_000_000)

    /// Fires at `anchor + interval` and, when `repeats`, every `interval` after.
    ///
    /// Throws `TriggerError.invalidInterval` for an interval of 0, and `.repeatingIntervalTooShort`
    /// for a repeating one under 60 s (Apple's minimum).
    public init(interval: ExactDuration, repeats: Bool, anchor: Instant, reportsWallClockDrift: Bool = false) throws(TriggerError) {
        guard interval.nanoseconds > 0 else { throw .invalidInterval("the interval must be greater than 0, got \(interval) s") }
        if repeats && interval < Self.minimumRepeatingInterval { throw .repeatingIntervalTooShort(seconds: interval.description) }
        self.interval = interval
        self.repeats = repeats
        self.anchor = anchor
        self.reportsWallClockDrift = reportsWallClockDrift
        let (seconds, fraction) = interval.nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        let fast = repeats && !reportsWallClockDrift && fraction == 0 && seconds < 1 << 32   // repeats: seconds >= 60
        self.stepSeconds = fast ? seconds : 0
        self.stepReciprocal = fast ? UInt64.max / UInt64(seconds) + 1 : 0
        self.fastElapsedLimit = fast && anchor.seconds.magnitude < 1 << 62 ? 1 << 32 : 0
    }

    /// The first fire strictly after `instant`, or `nil` (a one-shot that has fired, or past year 9999).
    ///
    /// Inlinable, so a caller's loop gets the whole-second case as straight-line code: a multiply
    /// for the division, one table lookup for the type, no call (and no copy of the zone).
    @inlinable @inline(__always)
    public func nextFire(after instant: Instant, in zone: ZoneRules) -> Fire? {
        // Whole elapsed seconds: the fires are at whole-second offsets from the anchor, so
        // `floor(elapsed ns / step ns) == floor(floor(elapsed ns / 1e9) / step s)`. Wrapping
        // arithmetic: with the anchor within ±2^62 s, only a true difference in [0, 2^32) lands
        // below the limit.
        let elapsed = UInt64(bitPattern: instant.seconds &- anchor.seconds &- (instant.nanoseconds < anchor.nanoseconds ? 1 : 0))
        guard elapsed < fastElapsedLimit else { return generalNextFire(after: instant, in: zone) }
        let k = Int64(stepReciprocal.multipliedFullWidth(by: elapsed).high) &+ 1
        let seconds = anchor.seconds &+ k &* stepSeconds   // k * step < 2^33: no overflow
        guard seconds <= Instant.lastSupportedSecond else { return nil }
        var fire = anchor            // the anchor's nanoseconds, already valid: no range check
        fire.seconds = seconds
        return Fire(instant: fire, compact: zone.compactType(at: fire), adjustment: .exact)
    }

    /// `nextFire(after:in:)` for any interval, anchor distance and options.
    @usableFromInline
    func generalNextFire(after instant: Instant, in zone: ZoneRules) -> Fire? {
        let step = interval.nanoseconds
        // Within ±290 years of the anchor, 64-bit nanoseconds suffice (two cheap divisions).
        let (seconds, wrapped) = instant.seconds.subtractingReportingOverflow(anchor.seconds)
        if !wrapped, seconds > -9_000_000_000, seconds < 9_000_000_000 {
            let elapsed = seconds * 1_000_000_000 + Int64(instant.nanoseconds - anchor.nanoseconds)
            if !repeats { return elapsed >= step ? nil : fire(anchor, plus: step, in: zone) }
            let k = elapsed >= step ? elapsed / step + 1 : 1
            let (product, overflow) = k.multipliedReportingOverflow(by: step)
            if !overflow { return fire(anchor, plus: product, in: zone) }
        }
        let elapsed = Self.nanoseconds(from: anchor, to: instant)
        var k: Int128 = 1
        if repeats, elapsed >= Int128(step) {
            k = elapsed / Int128(step) + 1              // anchor + k*step > instant
        }
        if !repeats && elapsed >= Int128(step) { return nil }
        return fire(k, in: zone)
    }

    /// The last fire strictly before `instant`, or `nil`.
    public func previousFire(before instant: Instant, in zone: ZoneRules) -> Fire? {
        let step = Int128(interval.nanoseconds)
        let elapsed = Self.nanoseconds(from: anchor, to: instant)
        guard elapsed > step else { return nil }
        let k = repeats ? (elapsed - 1) / step : 1       // anchor + k*step < instant
        return fire(k, in: zone)
    }

    /// `anchor + nanoseconds`, without 128-bit arithmetic.
    private func fire(_ anchor: Instant, plus nanoseconds: Int64, in zone: ZoneRules) -> Fire? {
        let (carry, nanos) = CivilArithmetic.floorDivMod(Int64(anchor.nanoseconds) + nanoseconds % 1_000_000_000, 1_000_000_000)
        let (seconds, overflow) = anchor.seconds.addingReportingOverflow(nanoseconds / 1_000_000_000 + carry)
        guard !overflow, seconds <= Instant.supportedRange.upperBound.seconds else { return nil }
        return fire(at: Instant(seconds: seconds, nanoseconds: Int32(nanos)), in: zone)
    }

    private func fire(_ k: Int128, in zone: ZoneRules) -> Fire? {
        let total = Int128(anchor.seconds) * 1_000_000_000 + Int128(anchor.nanoseconds) + k * Int128(interval.nanoseconds)
        let (seconds, nanos) = total.quotientAndRemainder(dividingBy: 1_000_000_000)
        let s = nanos < 0 ? seconds - 1 : seconds, n = nanos < 0 ? nanos + 1_000_000_000 : nanos
        guard s <= Int128(Instant.supportedRange.upperBound.seconds) else { return nil }
        return fire(at: Instant(seconds: Int64(s), nanoseconds: Int32(n)), in: zone)
    }

    private func fire(at instant: Instant, in zone: ZoneRules) -> Fire? {
        let type = zone.compactType(at: instant)
        var adjustment = FireAdjustment.exact
        if reportsWallClockDrift {
            let day = CivilArithmetic.secondsPerDay
            let anchorTime = CivilArithmetic.floorDivMod(anchor.seconds + Int64(zone.utcOffset(at: anchor)), day).remainder
            let fireTime = CivilArithmetic.floorDivMod(instant.seconds + Int64(type.utcOffset), day).remainder
            if anchorTime != fireTime { adjustment = .intervalWallClockDrift }
        }
        return Fire(instant: instant, compact: type, adjustment: adjustment)
    }

    private static func nanoseconds(from a: Instant, to b: Instant) -> Int128 {
        // In 128 bits from the start: an anchor may be any instant, ±2^63 s from the other.
        (Int128(b.seconds) - Int128(a.seconds)) * 1_000_000_000 + Int128(b.nanoseconds - a.nanoseconds)
    }
}
