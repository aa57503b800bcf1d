// The reference's time-zone oracle: glibc itself. For a compiled zone file the process sets
// TZ=":/abs/path" (setenv + tzset) and asks `localtime_r` for `tm_gmtoff`. This is
// process-global state, so every use is serialised by one lock and TZ is restored afterwards
// (`RefZoneOracle.with(path:)`). Nothing here is Chime's code; the only thing shared with the
// engine is the compiled fixture tree both read.
//
// Resolution of a wall time w (local seconds): the instants of w are exactly the u = w − o, for
// o among the zone's offsets, with gmtoff(u) == o. The zone's offsets are collected once from the
// TZif file's local-time-type records (both the v1 and v2 blocks), plus glibc's answers at
// far-future probes (1st and 15th of every month of 2500 and 9000: the footer's offsets), and
// every offset glibc ever answers is checked to be in that set (a precondition), so a missed
// offset cannot go unnoticed.
//
// A gap's T, before and after: with L = w − maxOffset and R = w − minOffset, g(u) = u + gmtoff(u)
// has g(L) ≤ w ≤ g(R), and neither is equal when w has no instant, so bisection keeps
// g(lo) < w < g(hi) until hi = lo + 1; then T = hi, before = gmtoff(lo), after = gmtoff(hi)
// and T + before ≤ w < T + after, as section 3 describes the gap.

#if canImport(Glibc)
import Glibc
#endif
import Foundation

final class RefZoneOracle: @unchecked Sendable {
    let path: String
    /// Distinct offsets (seconds east of UTC) the zone ever uses, ascending.
    private(set) var offsets: [Int] = []
    var minOffset: Int { offsets.first! }
    var maxOffset: Int { offsets.last! }

    private static let lock = NSRecursiveLock()
    nonisolated(unsafe) private static var cache: [String: RefZoneOracle] = [:]

    private init(path: String) { self.path = path }

    /// Runs `body` with TZ set to the zone (under the global lock), restoring TZ afterwards.
    static func with<T>(path: String, _ body: (RefZoneOracle) throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        let saved = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", ":" + path, 1)
        tzset()
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        let oracle: RefZoneOracle
        if let cached = cache[path] { oracle = cached } else {
            oracle = RefZoneOracle(path: path)
            oracle.collectOffsets()
            cache[path] = oracle
        }
        return try body(oracle)
    }

    /// glibc's UTC offset at instant `u` (TZ must be this zone: only call inside `with`).
    func gmtoff(_ u: Int64) -> Int {
        var t = time_t(u)
        var out = tm()
        guard localtime_r(&t, &out) != nil else { preconditionFailure("localtime_r failed at \(u) in \(path)") }
        let o = Int(out.tm_gmtoff)
        precondition(offsets.isEmpty || offsets.contains(o), "glibc offset \(o) at \(u) not among \(offsets) for \(path)")
        return o
    }

    private func collectOffsets() {
        var set = Set<Int>()
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        precondition(bytes.count >= 44 && bytes[0] == 0x54 && bytes[1] == 0x5A && bytes[2] == 0x69 && bytes[3] == 0x66, "not TZif: \(path)")
        func be32(_ i: Int) -> Int {
            Int(Int32(bitPattern: UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])))
        }
        // A TZif block: 44-byte header (counts at 20: isut, isstd, leap, time, type, char), then
        // transition times, type indices, ttinfo records (int32 utoff, isdst, abbrind), ….
        func block(at h: Int, timeSize: Int) -> Int {
            let isut = be32(h + 20), isstd = be32(h + 24), leap = be32(h + 28)
            let time = be32(h + 32), type = be32(h + 36), char = be32(h + 40)
            let ttinfo = h + 44 + time * timeSize + time
            for k in 0..<type { set.insert(be32(ttinfo + 6 * k)) }
            return ttinfo + 6 * type + char + leap * (timeSize + 4) + isstd + isut
        }
        let v1End = block(at: 0, timeSize: 4)
        if bytes[4] >= 0x32, v1End + 44 <= bytes.count { _ = block(at: v1End, timeSize: 8) }
        offsets = []                       // no membership check while probing
        for year in [2500, 9000] {
            for month in 1...12 {
                for day in [1, 15] {
                    let u = RefCal.wallSeconds(day: RefCal.dayNumber(year, month, day), secondOfDay: 43_200)
                    set.insert(gmtoff(u))
                }
            }
        }
        offsets = set.sorted()
    }

    enum Resolution {
        case instants([Int64])                          // ascending, at least one
        case gap(t: Int64, before: Int, after: Int)
    }

    /// Every instant whose local time is the wall second `w`, or the gap holding it.
    func resolve(_ w: Int64) -> Resolution {
        var found: [Int64] = []
        for o in offsets {
            let u = w - Int64(o)
            if gmtoff(u) == o { found.append(u) }
        }
        if !found.isEmpty { return .instants(found.sorted()) }
        var lo = w - Int64(maxOffset), hi = w - Int64(minOffset)
        precondition(lo + Int64(gmtoff(lo)) < w && hi + Int64(gmtoff(hi)) > w, "gap bisection precondition at \(w) in \(path)")
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if mid + Int64(gmtoff(mid)) < w { lo = mid } else { hi = mid }
        }
        return .gap(t: hi, before: gmtoff(lo), after: gmtoff(hi))
    }
}

/// Bounds read from the tz source the fixture tree is compiled from (docs: the reference's
/// stopping rule for patterns that never fire). Every year written in a rule's FROM/TO or a
/// zone line's UNTIL lies in [earliestYear, latestYear] (1835…2087 for 2025b). Hence:
/// - before January 1st of `earliestYear` no zone changes offset (every zone is in its first
///   line, which has a fixed offset, or its rules have not started);
/// - from January 1st of `latestYear + 1` on, only rules with TO = max are in force: each is an
///   annual rule fixed by month and day-of-month/weekday, so the zone (table and TZif footer
///   alike, zic makes them agree) repeats with the 400-year Gregorian cycle.
enum RefTZSource {
    nonisolated(unsafe) private static var bounds: (Int, Int)?
    private static let lock = NSLock()

    static func yearBounds(sourcePath: String) -> (earliestYear: Int, latestYear: Int) {
        lock.lock(); defer { lock.unlock() }
        if let bounds { return bounds }
        let text = (try? String(contentsOfFile: sourcePath, encoding: .utf8)) ?? ""
        var lo = Int.max, hi = Int.min
        func note(_ s: Substring) { if let y = Int(s), s.allSatisfy(\.isNumber) { lo = min(lo, y); hi = max(hi, y) } }
        for line in text.split(separator: "\n") {
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let head = f.first else { continue }
            if head == "R", f.count > 3 { note(f[2]); note(f[3]) }
            else if head == "Z" { if f.count > 5 { note(f[5]) } }
            else if head == "L" || head.hasPrefix("#") { continue }
            else if f.count > 3 { note(f[3]) }            // continuation: STDOFF RULES FORMAT [UNTIL]
        }
        precondition(lo <= hi, "no years in \(sourcePath)")
        bounds = (lo, hi)
        return (lo, hi)
    }
}
