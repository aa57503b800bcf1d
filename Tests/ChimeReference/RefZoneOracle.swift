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
// The same TZif file also gives the reference its transition table (times and the offset after
// each), which is used only to know which offsets can be in effect within an instant interval
// (`offsets(from:through:)`): that narrows the candidate offsets of a wall time and the search's
// stopping bounds. Every table transition is checked against glibc on both sides (gmtoff(t − 1)
// and gmtoff(t)); glibc's offset before the first transition is glibc's own answer there; after
// the last one the footer's offsets (probed as above) are all assumed possible.
//
// A gap's T, before and after: with L = w − maxOffset and R = w − minOffset, g(u) = u + gmtoff(u)
// has g(L) ≤ w ≤ g(R), and neither is equal when w has no instant, so bisection keeps
// g(lo) < w < g(hi) until hi = lo + 1; then T = hi, before = gmtoff(lo), after = gmtoff(hi)
// and T + before ≤ w < T + after, as section 3 describes the gap.

#if canImport(Glibc)
import Glibc
#endif
import Foundation
#if canImport(ChimeTestSupport)
import ChimeTestSupport   // not in the fuzzers' build of this module (Fuzz/run.sh)
#endif

final class RefZoneOracle: @unchecked Sendable {
    let path: String
    /// Distinct offsets (seconds east of UTC) the zone ever uses, ascending.
    private(set) var offsets: [Int] = []
    var minOffset: Int { offsets.first! }
    var maxOffset: Int { offsets.last! }
    /// Table transitions (ascending instants) and the offset in effect from each on.
    private var transitionTimes: [Int64] = []
    private var transitionOffsets: [Int] = []
    /// glibc's offset before the first transition, and every offset the footer can give after the last.
    private var initialOffset = 0
    private var footerOffsets: [Int] = []

    private static let lock = NSRecursiveLock()
    nonisolated(unsafe) private static var cache: [String: RefZoneOracle] = [:]

    /// An offset function given from outside (`external`), used instead of glibc.
    private var offsetFunction: ((Int64) -> Int)? = nil

    private init(path: String) { self.path = path }

    /// A zone whose offsets come from outside rather than from glibc over a TZif file: the
    /// Foundation parity verdict judges answers computed on Foundation's own zone data (its ICU
    /// `TimeZone`, whose pre-1970 history differs from the pinned fixtures), so the reference
    /// must resolve wall times on the same offsets. `offsetAt(u)` is the UTC offset at instant
    /// `u`; `transitions` every instant where it changes (ascending) with the offset from then on;
    /// `footerOffsets` the offsets it can take after the last one. Each transition is checked
    /// against `offsetAt` on both sides, and every offset `offsetAt` answers must be among those
    /// listed (a precondition), as for the TZif source. Not thread-safe for concurrent use of one
    /// instance (the gap cache).
    static func external(name: String, offsetAt: @escaping (Int64) -> Int, initialOffset: Int,
                         transitions: [(Int64, Int)], footerOffsets: [Int]) -> RefZoneOracle {
        let z = RefZoneOracle(path: name)
        z.offsetFunction = offsetAt
        z.transitionTimes = transitions.map(\.0)
        z.transitionOffsets = transitions.map(\.1)
        z.initialOffset = initialOffset
        z.footerOffsets = Array(Set(footerOffsets)).sorted()
        z.offsets = Array(Set(z.transitionOffsets + [initialOffset] + footerOffsets)).sorted()
        for (k, t) in z.transitionTimes.enumerated() {
            let before = k == 0 ? initialOffset : z.transitionOffsets[k - 1]
            precondition(z.gmtoff(t - 1) == before && z.gmtoff(t) == z.transitionOffsets[k], "table and offset function disagree at \(t) in \(name)")
        }
        return z
    }

    /// The offset changes (instant, offset before, offset after) with instants in [a, b].
    func transitions(from a: Int64, through b: Int64) -> [(t: Int64, before: Int, after: Int)] {
        var out: [(t: Int64, before: Int, after: Int)] = []
        for (k, t) in transitionTimes.enumerated() where t >= a && t <= b {
            let before = k == 0 ? initialOffset : transitionOffsets[k - 1]
            if before != transitionOffsets[k] { out.append((t, before, transitionOffsets[k])) }
        }
        return out
    }

    /// `body` under the test process's environment lock (`ProcessEnvironment`: no child starts while
    /// TZ changes); a fuzzer, one thread that starts no child, has none.
    private static func withEnvironmentLock<T>(_ body: () -> T) -> T {
#if canImport(ChimeTestSupport)
        ProcessEnvironment.withLock(body)
#else
        body()
#endif
    }

    /// Runs `body` with TZ set to the zone (under the global lock), restoring TZ afterwards.
    static func with<T>(path: String, _ body: (RefZoneOracle) throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        let saved = withEnvironmentLock {
            let saved = getenv("TZ").map { String(cString: $0) }
            setenv("TZ", ":" + path, 1)
            tzset()
            return saved
        }
        defer {
            withEnvironmentLock {
                if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
                tzset()
            }
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
        if let offsetFunction {
            let o = offsetFunction(u)
            precondition(offsets.isEmpty || offsets.contains(o), "offset \(o) at \(u) not among \(offsets) for \(path)")
            return o
        }
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
        func be64(_ i: Int) -> Int64 { Int64(be32(i)) << 32 | Int64(UInt32(truncatingIfNeeded: be32(i + 4))) }
        func block(at h: Int, timeSize: Int) -> Int {
            let isut = be32(h + 20), isstd = be32(h + 24), leap = be32(h + 28)
            let time = be32(h + 32), type = be32(h + 36), char = be32(h + 40)
            let ttinfo = h + 44 + time * timeSize + time
            for k in 0..<type { set.insert(be32(ttinfo + 6 * k)) }
            transitionTimes = (0..<time).map { timeSize == 8 ? be64(h + 44 + 8 * $0) : Int64(be32(h + 44 + 4 * $0)) }
            transitionOffsets = (0..<time).map { be32(ttinfo + 6 * Int(bytes[h + 44 + time * timeSize + $0])) }
            return ttinfo + 6 * type + char + leap * (timeSize + 4) + isstd + isut
        }
        let v1End = block(at: 0, timeSize: 4)
        if bytes[4] >= 0x32, v1End + 44 <= bytes.count { _ = block(at: v1End, timeSize: 8) }
        offsets = []                       // no membership check while probing
        var footer = Set(transitionOffsets.suffix(2))
        for year in [2500, 9000] {
            for month in 1...12 {
                for day in [1, 15] {
                    let u = RefCal.wallSeconds(day: RefCal.dayNumber(year, month, day), secondOfDay: 43_200)
                    footer.insert(gmtoff(u))
                }
            }
        }
        footerOffsets = footer.sorted()
        initialOffset = gmtoff((transitionTimes.first ?? 0) - 1)
        set.formUnion(footer)
        set.insert(initialOffset)
        offsets = set.sorted()
        // The table agrees with glibc on both sides of every transition.
        for (k, t) in transitionTimes.enumerated() {
            let before = k == 0 ? initialOffset : transitionOffsets[k - 1]
            precondition(gmtoff(t - 1) == before && gmtoff(t) == transitionOffsets[k],
                         "TZif table and glibc disagree at \(t) in \(path)")
        }
    }

    /// Every offset that can be in effect at an instant of [a, b] (a superset: all footer offsets
    /// once b reaches the last transition), with its minimum and maximum.
    func offsets(from a: Int64, through b: Int64) -> (all: [Int], min: Int, max: Int) {
        var set: Set<Int> = []
        // The last transition at or before a (binary search), whose offset is in effect at a.
        var lo = 0, hi = transitionTimes.count
        while lo < hi { let mid = (lo + hi) / 2; if transitionTimes[mid] <= a { lo = mid + 1 } else { hi = mid } }
        set.insert(lo == 0 ? initialOffset : transitionOffsets[lo - 1])
        var k = lo
        while k < transitionTimes.count && transitionTimes[k] <= b { set.insert(transitionOffsets[k]); k += 1 }
        if k == transitionTimes.count { set.formUnion(footerOffsets) }
        let all = set.sorted()
        return (all, all.first!, all.last!)
    }

    private var lastGap: (t: Int64, before: Int, after: Int)? = nil

    enum Resolution {
        case instants([Int64])                          // ascending, at least one
        case gap(t: Int64, before: Int, after: Int)
    }

    /// Every instant whose local time is the wall second `w`, or the gap holding it. `candidates`
    /// must hold every offset in effect within [w − maxOffset, w − minOffset] (where all of w's
    /// instants lie), e.g. `offsets(from:through:)` of a wider interval.
    func resolve(_ w: Int64, candidates: (all: [Int], min: Int, max: Int)) -> Resolution {
        var found: [Int64] = []
        for o in candidates.all {
            let u = w - Int64(o)
            if gmtoff(u) == o { found.append(u) }
        }
        if !found.isEmpty { return .instants(found.sorted()) }
        // w has no instant. Consecutive wall times of a skipped stretch (a whole skipped day has
        // 86 400 of them) share their gap: reuse the last bisection when w lies in its wall-clock
        // interval [T + before, T + after) (the doc's description of the gap holding w; gaps of
        // one zone never overlap on the wall clock, transitions being days apart).
        if let g = lastGap, w >= g.t + Int64(g.before), w < g.t + Int64(g.after) { return .gap(t: g.t, before: g.before, after: g.after) }
        var lo = w - Int64(candidates.max), hi = w - Int64(candidates.min)
        precondition(lo + Int64(gmtoff(lo)) < w && hi + Int64(gmtoff(hi)) > w, "gap bisection precondition at \(w) in \(path)")
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if mid + Int64(gmtoff(mid)) < w { lo = mid } else { hi = mid }
        }
        let gap = (t: hi, before: gmtoff(lo), after: gmtoff(hi))
        lastGap = gap
        return .gap(t: gap.t, before: gap.before, after: gap.after)
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
