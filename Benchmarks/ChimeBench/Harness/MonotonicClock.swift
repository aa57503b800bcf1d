#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds from `clock_gettime(CLOCK_MONOTONIC)`: never goes backwards, unaffected by NTP steps.
enum MonotonicClock {
    @inline(__always)
    static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Wall time of `body` in nanoseconds, and what it returned.
    @inline(__always)
    static func measure<T>(_ body: () -> T) -> (nanoseconds: UInt64, result: T) {
        let start = nanoseconds()
        let result = body()
        return (nanoseconds() &- start, result)
    }
}
