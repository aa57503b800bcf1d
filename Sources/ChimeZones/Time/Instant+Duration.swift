/// Instants and Swift's `Duration`: the exact difference between two instants, and an instant
/// moved by a duration (to the nanosecond; a duration finer than that is truncated toward zero).
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension Instant {
    /// `self - other`, exact (`Duration` holds far more than the years 1–9999).
    public func duration(since other: Instant) -> Duration {
        .seconds(seconds - other.seconds) + .nanoseconds(Int64(nanoseconds) - Int64(other.nanoseconds))
    }

    /// This instant moved by `duration` (whole nanoseconds of it).
    public func advanced(by duration: Duration) -> Instant {
        let (whole, attoseconds) = duration.components
        var nanos = Int64(nanoseconds) + attoseconds / 1_000_000_000
        var secs = seconds + whole
        if nanos < 0 { nanos += 1_000_000_000; secs -= 1 } else if nanos >= 1_000_000_000 { nanos -= 1_000_000_000; secs += 1 }
        return Instant(seconds: secs, nanoseconds: Int32(nanos))
    }
}
