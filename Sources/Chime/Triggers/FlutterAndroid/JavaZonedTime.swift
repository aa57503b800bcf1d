/// A wall time and offset in a zone, resolved the way `java.time.ZonedDateTime` resolves them —
/// the arithmetic flutter_local_notifications runs on Android (`FlutterAndroidTrigger`).
///
/// `java.time` rules (JDK `ZonedDateTime.ofLocal`, documented in its Javadoc):
/// - a wall time in a gap is moved **later by the length of the gap** and takes the offset after
///   it (New York, 2026-03-08 02:30 → 03:30 EDT);
/// - a wall time in an overlap takes the preferred offset when it is one of the two, else the
///   **earlier** offset (the one before the transition: 01:30 on 2026-11-01 → 01:30 EDT);
/// - `of(localDateTime, zone)` has no preferred offset; `plusDays(n)` adds days to the wall time
///   and prefers the offset it had.
struct JavaZonedTime: Sendable, Hashable {
    /// The wall time after resolution, seconds since 1970-01-01T00:00 local, and its nanosecond.
    let localSeconds: Int64
    let nanosecond: Int32
    let offset: Int32
    /// How resolving the requested wall time went: it existed once, fell in a gap (moved later) or
    /// in an overlap (two offsets were valid).
    let resolution: Resolution

    enum Resolution: Sendable, Hashable { case unique, gap, overlap }

    var instant: Instant { Instant(seconds: localSeconds - Int64(offset), nanoseconds: nanosecond) }
    var local: CivilDateTime { CivilDateTime(localSeconds: localSeconds, nanosecond: Int(nanosecond)) }

    /// `ZonedDateTime.of(localDateTime, zone)` (`preferred` nil) or `ofLocal(localDateTime, zone,
    /// preferred)`.
    static func of(localSeconds wall: Int64, nanosecond: Int32, in zone: ZoneRules, preferred: Int32? = nil) -> JavaZonedTime {
        switch zone.resolve(localSeconds: wall) {
        case let .unique(_, offset):
            return JavaZonedTime(localSeconds: wall, nanosecond: nanosecond, offset: offset, resolution: .unique)
        case let .gap(_, before, after):
            return JavaZonedTime(localSeconds: wall + Int64(after - before), nanosecond: nanosecond, offset: after, resolution: .gap)
        case let .overlap(_, earlierOffset, _, laterOffset):
            let offset = preferred == laterOffset ? laterOffset : earlierOffset
            return JavaZonedTime(localSeconds: wall, nanosecond: nanosecond, offset: offset, resolution: .overlap)
        }
    }

    /// `plusDays(1)`: the next day's same wall time, preferring this offset in an overlap.
    func plusDay(in zone: ZoneRules) -> JavaZonedTime {
        Self.of(localSeconds: localSeconds + 86_400, nanosecond: nanosecond, in: zone, preferred: offset)
    }
}
