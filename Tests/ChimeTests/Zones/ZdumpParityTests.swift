import Foundation
import Synchronization
import Testing
@testable import Chime
@testable import ChimeZones
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// TZif-sourced transitions checked against `zdump -v` (glibc's, from libc-bin) on the same files.
///
/// zdump is an independent reader of the compiled tz database: it asks glibc's `localtime` every
/// 12 hours and binary-searches each change, so it exercises glibc's TZif and POSIX-footer code,
/// not ours. For each zone we compare every transition zdump prints with Chime's
/// `ZoneRules.transitions(from:to:)`: instant, offset, abbreviation and DST flag before and after.
///
/// Runs:
/// - default (`swift test`): a quick subset (~60 zones, 1900–2100), plus the system tree, the
///   footer era / far future, and probes that pin down zdump's own behaviour;
/// - full sweep, every `Z` zone of the pinned 2025b source, 1900–2100 (CI runs this too):
///
///       CHIME_FULL_SWEEP=1 swift test --filter ZdumpParityTests
///
/// What `zdump -v -c L,U` prints (glibc 2.36, Debian 12), established by `zdumpScanMatchesModel`:
/// - per zone, first two lines for the extreme instants (`-9223372036854775808 = NULL`,
///   `-9223372036854689408 = NULL`) and last two (`9223372036854689407 = NULL`,
///   `9223372036854775807 = NULL`); nothing for the window boundaries themselves;
/// - each transition as a pair of lines, one second before and at the change;
/// - the window is NOT [L, U): it samples from L-01-01T00:00Z (exclusive) to U-01-01T00:00Z
///   (inclusive) in 12-hour steps, restarting the steps at each change found. So a change at
///   exactly L is not printed, one at exactly U is, and a change that is undone within one step
///   (same offset, flag and abbreviation again 12 hours later) is invisible.
/// `Scan.visible` models exactly that, so Chime's list is filtered the way zdump would see
/// it rather than loosely; transitions the model hides are counted and listed in the summary.
@Suite struct ZdumpParityTests {
    /// Zones with interesting histories (their list says which).
    static let namedZones = ZoneSets.zdumpNamed

    /// The named zones plus an evenly spread, deterministic sample of the rest.
    static var quickZones: [String] {
        let others = Fixtures.zoneIdentifiers.filter { !namedZones.contains($0) }
        let sample = stride(from: 3, to: others.count, by: max(1, others.count / 20)).map { others[$0] }
        return namedZones + sample
    }

    static let fullSweepRequested = ProcessInfo.processInfo.environment["CHIME_FULL_SWEEP"] == "1"
    static let systemDirectory = TZifDirectoryProvider.defaultDirectory
    static let systemTreePresent = FileManager.default.fileExists(atPath: systemDirectory + "/America/New_York")

    // MARK: zdump itself

    /// Guards the premise: zdump resolves relative zone names through TZDIR, so it reads the
    /// pinned fixture tree and not the host's tzdata (both are 2025b here, so output alone could
    /// not tell them apart).
    @Test func zdumpReadsTheTreeNamedByTZDIR() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("chime-zdump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let canaryID = "Chime/Canary"
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("Chime"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.zoneinfoDirectory + "/America/New_York",
                                        toPath: scratch.appendingPathComponent(canaryID).path)
        let window = Window(lowYear: 2020, highYear: 2030)

        // A name that exists only in the scratch tree is found there...
        let canary = try Zdump.transitions(of: [canaryID], window: window, tzdir: scratch.path)[canaryID] ?? []
        let newYork = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        #expect(canary.count == 20)
        #expect(canary == Scan.visible(newYork.transitions(from: window.lowInstant, to: window.highInstant.adding(seconds: 1)),
                                            window: window))
        // ...and a real zone is not found when TZDIR names an empty tree (glibc then silently
        // uses UTC, which is why every comparison below also fails on "zdump printed nothing").
        let empty = try Zdump.transitions(of: ["America/New_York"], window: window,
                                          tzdir: scratch.appendingPathComponent("Chime").path)
        #expect(empty["America/New_York"] == [])
    }

    /// Pins down zdump's window and sampling with POSIX TZ strings (zdump accepts them as zone
    /// names), so the model `Scan.visible` is checked against the real program, not assumed.
    @Test func zdumpScanMatchesModel() throws {
        let window = Window(lowYear: 2026, highYear: 2027)
        let low = window.lowInstant.seconds, high = window.highInstant.seconds
        let xst = LocalTimeType(utcOffset: 0, isDST: false, abbreviation: "XST")
        let xdt = LocalTimeType(utcOffset: 3600, isDST: true, abbreviation: "XDT")
        func change(_ seconds: Int64, _ before: LocalTimeType, _ after: LocalTimeType) -> ZoneTransition {
            ZoneTransition(instant: Instant(seconds: seconds), before: before, after: after)
        }
        let cases: [(tz: String, truth: [ZoneTransition], printed: [Int64])] = [
            // DST from Jan 1 00:00 UTC to Apr 9 23:00 UTC: the change exactly at L is not printed,
            // the one exactly at U is.
            ("XST0XDT,J1/0,J100/0",
             [change(low, xst, xdt), change(low + 98 * 86400 + 82800, xdt, xst), change(high, xst, xdt)],
             [low + 98 * 86400 + 82800, high]),
            // Nine hours of DST inside one 12-hour step (01:00–10:00 UTC): invisible.
            ("XST0XDT,J100/1,J100/11",
             [change(low + 99 * 86400 + 3600, xst, xdt), change(low + 99 * 86400 + 36000, xdt, xst)],
             []),
            // A change two hours before U is still seen: the last step ends at U, not 12 hours before it.
            ("XST0XDT,J365/12,J365/23",
             [change(high - 43200, xst, xdt), change(high - 7200, xdt, xst)],
             [high - 43200, high - 7200]),
        ]
        let printed = try Zdump.transitions(of: cases.map(\.tz), window: window, tzdir: nil)
        for c in cases {
            #expect(printed[c.tz]?.map(\.instant.seconds) == c.printed, "zdump \(c.tz)")
            #expect(Scan.visible(c.truth, window: window).map(\.instant.seconds) == c.printed, "model \(c.tz)")
        }
    }

    // MARK: Pinned fixtures, 1900–2100

    @Test func quickSubsetMatchesZdump() throws {
        let zones = Self.quickZones
        let known = Set(Fixtures.zoneIdentifiers)
        #expect(zones.filter { !known.contains($0) } == [], "named zones missing from the pinned 2025b source")
        let result = try Parity.compare(zones: zones, window: Window(lowYear: 1900, highYear: 2100),
                                             database: Fixtures.tzifDatabase, tzdir: Fixtures.zoneinfoDirectory)
        result.print(title: "quick subset")
        #expect(result.compared > 3000, "suspiciously few transitions compared: \(result.compared)")
        #expect(result.mismatches.count == 0, "\(result.mismatchReport)")
    }

    @Test(.enabled(if: fullSweepRequested, "full 1900–2100 sweep of every zone: set CHIME_FULL_SWEEP=1 (CI does)"))
    func fullSweepMatchesZdump() throws {
        let zones = Fixtures.zoneIdentifiers
        let started = ContinuousClock.now
        let result = try Parity.compare(zones: zones, window: Window(lowYear: 1900, highYear: 2100),
                                             database: Fixtures.tzifDatabase, tzdir: Fixtures.zoneinfoDirectory)
        result.print(title: "full sweep (\(ContinuousClock.now - started))")
        #expect(zones.count > 400)
        #expect(result.compared > 40_000, "suspiciously few transitions compared: \(result.compared)")
        #expect(result.mismatches.count == 0, "\(result.mismatchReport)")
    }

    // MARK: The host's tree (Chime's default TZif source)

    @Test(.enabled(if: systemTreePresent, "no TZif tree at /usr/share/zoneinfo (tzdata not installed)"))
    func systemTreeMatchesZdump() throws {
        let database = ZoneDatabase(preference: .tzif, tzifDirectory: Self.systemDirectory)
        let zones = ZoneSets.zdumpSystemTree
        for zone in zones { #expect(try database.rules(for: zone).source == .tzif) }
        let result = try Parity.compare(zones: zones, window: Window(lowYear: 1900, highYear: 2100),
                                             database: database, tzdir: Self.systemDirectory)
        result.print(title: "system tree \(database.sources.first?.version ?? "?")")
        #expect(result.compared > 1000)
        #expect(result.mismatches.count == 0, "\(result.mismatchReport)")
    }

    // MARK: After the explicit transitions: POSIX footer and far future

    /// `zic -b fat` (like Debian) lists explicit transitions only through 2037, and for zones in
    /// DST on 2038-01-19 ends with a no-op entry at 2038-01-19T03:14:07Z (Lord_Howe); after that
    /// both Chime and glibc extrapolate the POSIX TZ footer. Casablanca and Gaza list explicit
    /// predictions up to 2087 / 2086 before their footers take over, hence the 2080–2090 window.
    /// zdump's inclusive upper end for 9998,10000 (10000-01-01T00:00Z) is one second past Chime's
    /// supported range; nothing changes at that instant, so the window still covers 9998–9999.
    @Test(arguments: [Window(lowYear: 2030, highYear: 2045), Window(lowYear: 2080, highYear: 2090),
                      Window(lowYear: 2499, highYear: 2501), Window(lowYear: 9998, highYear: 10000)])
    func footerEraMatchesZdump(window: Window) throws {
        let zones = ZoneSets.zdumpFooterEra
        let result = try Parity.compare(zones: zones, window: window,
                                             database: Fixtures.tzifDatabase, tzdir: Fixtures.zoneinfoDirectory)
        result.print(title: "footer era \(window)")
        // Nine of the zones keep DST forever: two changes a year each, so an empty result cannot pass.
        #expect(result.compared >= 2 * 9 * (window.highYear - window.lowYear), "DST zones should change twice a year")
        #expect(result.mismatches.count == 0, "\(result.mismatchReport)")
    }
}

extension ZdumpParityTests {
    // MARK: - Comparison

    /// A `zdump -c lowYear,highYear` window; its instants are January 1, 00:00 UTC of each year.
    struct Window: Sendable, CustomStringConvertible {
        let lowYear: Int
        let highYear: Int
        var lowInstant: Instant { Instant(seconds: Parser.secondsSinceEpoch(year: lowYear, month: 1, day: 1)) }
        var highInstant: Instant { Instant(seconds: Parser.secondsSinceEpoch(year: highYear, month: 1, day: 1)) }
        var description: String { "\(lowYear),\(highYear)" }
    }

    /// Outcome of comparing a set of zones with zdump over one window.
    struct Parity {
        var window: Window
        var zones = 0
        /// Transitions printed by zdump and equal in Chime.
        var compared = 0
        /// Chime transitions that zdump's 12-hour scan cannot show (see `Scan`), not compared.
        var hidden: [String] = []
        var mismatches: [String] = []

        /// Runs zdump on `zones` (in parallel batches) and compares with `database`'s TZif rules.
        static func compare(zones: [String], window: Window, database: ZoneDatabase, tzdir: String) throws -> Parity {
            let printed = try Zdump.transitions(of: zones, window: window, tzdir: tzdir)
            var result = Parity(window: window)
            for zone in zones {
                let rules = try database.rules(for: zone, source: .tzif)
                // zdump's window is (low, high], so ask for [low, high] and let the model drop what it cannot see.
                let all = rules.transitions(from: window.lowInstant, to: window.highInstant.adding(seconds: 1))
                let expected = Scan.visible(all, window: window)
                let visible = Set(expected)
                for t in all where !visible.contains(t) { result.hidden.append("\(zone) \(t.instant) \(describe(t))") }
                result.merge(zone: zone, zdump: printed[zone] ?? [], chime: expected)
                result.zones += 1
            }
            return result
        }

        /// Walks both ordered lists by instant; anything not identical on both sides is a mismatch.
        private mutating func merge(zone: String, zdump: [ZoneTransition], chime: [ZoneTransition]) {
            if zdump.isEmpty && !chime.isEmpty {
                mismatches.append("\(zone): zdump printed no transitions, Chime has \(chime.count) (zdump cannot read the zone?)")
                return
            }
            var i = 0, j = 0
            while i < zdump.count || j < chime.count {
                let z = i < zdump.count ? zdump[i] : nil, c = j < chime.count ? chime[j] : nil
                if let z, let c, z.instant == c.instant {
                    if z == c { compared += 1 } else {
                        mismatches.append("\(zone) \(z.instant): zdump \(Self.describe(z)) but Chime \(Self.describe(c))")
                    }
                    i += 1; j += 1
                } else if let z, c.map({ z.instant < $0.instant }) ?? true {
                    mismatches.append("\(zone) \(z.instant): zdump \(Self.describe(z)) but Chime has no transition")
                    i += 1
                } else if let c {
                    mismatches.append("\(zone) \(c.instant): Chime \(Self.describe(c)) but zdump has no transition")
                    j += 1
                }
            }
        }

        static func describe(_ t: ZoneTransition) -> String { "\(describe(t.before)) -> \(describe(t.after))" }

        static func describe(_ type: LocalTimeType) -> String {
            "\(type.abbreviation.isEmpty ? "\"\"" : type.abbreviation) \(type.utcOffset)\(type.isDST ? " dst" : "")"
        }

        /// The first mismatches, one a line, for the failure message.
        var mismatchReport: String {
            let shown = mismatches.prefix(20).joined(separator: "\n  ")
            return "\(mismatches.count) mismatch(es) with zdump -v -c \(window):\n  \(shown)"
                + (mismatches.count > 20 ? "\n  … and \(mismatches.count - 20) more" : "")
        }

        /// One summary line on stdout (counts and what zdump could not see), for CI logs.
        func print(title: String) {
            Swift.print("ZdumpParity \(title), -c \(window): \(zones) zones, \(compared) transitions equal, "
                        + "\(mismatches.count) mismatches, \(hidden.count) hidden from zdump's scan"
                        + (hidden.isEmpty ? "" : ": " + hidden.prefix(10).joined(separator: "; ")))
        }
    }

    // MARK: - Model of zdump's scan

    /// What glibc 2.36's `zdump -v -c L,U` prints for a zone, given the zone's true changes.
    ///
    /// zdump starts at L (exclusive), steps 12 hours (the last step ends exactly at U), compares
    /// offset, DST flag and abbreviation at both ends of each step, and binary-searches the step when
    /// they differ; it restarts its steps at the change it found. `zdumpScanMatchesModel` checks
    /// this against the real program.
    enum Scan {
        static let step: Int64 = 43_200

        /// `changes` must be every change in [L, U], in order (Chime's transitions over that range).
        static func visible(_ changes: [ZoneTransition], window: Window) -> [ZoneTransition] {
            guard let first = changes.first else { return [] }
            let low = window.lowInstant.seconds, high = window.highInstant.seconds
            // Index of the first change after `x`.
            func firstAfter(_ x: Int64) -> Int {
                var lo = 0, hi = changes.count
                while lo < hi { let mid = (lo + hi) / 2; if changes[mid].instant.seconds <= x { lo = mid + 1 } else { hi = mid } }
                return lo
            }
            func state(_ x: Int64) -> LocalTimeType {
                let i = firstAfter(x)
                return i == 0 ? first.before : changes[i - 1].after
            }
            var result: [ZoneTransition] = []
            var t = low
            while t < high {
                let next = firstAfter(t)
                guard next < changes.count else { break }   // nothing changes any more
                // Skip whole steps in which nothing changes (zdump walks them; the outcome is the same).
                let quiet = (changes[next].instant.seconds - t - 1) / step
                t += quiet * step
                let newt = t + step < high ? t + step : high
                if state(newt) != state(t) {
                    // zdump's hunt(): bisect keeping `lot` in the starting state.
                    var lot = t, hit = newt
                    let start = state(lot)
                    while hit - lot >= 2 {
                        var mid = lot + (hit - lot) / 2
                        if mid <= lot { mid += 1 } else if mid >= hit { mid -= 1 }
                        if state(mid) == start { lot = mid } else { hit = mid }
                    }
                    result.append(ZoneTransition(instant: Instant(seconds: hit), before: state(hit - 1), after: state(hit)))
                    t = hit
                } else {
                    t = newt
                }
            }
            return result
        }
    }

    // MARK: - Running and parsing zdump

    struct ZdumpFailure: Error, CustomStringConvertible {
        let description: String
    }

    enum Zdump {
        /// libc-bin installs it in /usr/bin on Debian 12; some systems use /usr/sbin.
        static let executable: String? = ["/usr/bin/zdump", "/usr/sbin/zdump"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }

        /// Transitions zdump prints for each zone in `window`. Zones are batched (one process per
        /// batch, batches in parallel) because zdump spends ~50 ms per zone over 200 years.
        /// `tzdir == nil` runs zdump with the caller's environment (for POSIX TZ strings).
        static func transitions(of zones: [String], window: Window, tzdir: String?) throws -> [String: [ZoneTransition]] {
            guard let executable else {
                throw ZdumpFailure(description: "zdump not found in /usr/bin or /usr/sbin (Debian: apt-get install libc-bin)")
            }
            let batchCount = max(1, min(zones.count, ProcessInfo.processInfo.activeProcessorCount * 4))
            let batches = (0..<batchCount).map { b in stride(from: b, to: zones.count, by: batchCount).map { zones[$0] } }
            let outcomes = Mutex<[Int: Result<[String: [ZoneTransition]], ZdumpFailure>]>([:])
            DispatchQueue.concurrentPerform(iterations: batches.count) { b in
                let arguments = ["-v", "-c", "\(window.lowYear),\(window.highYear)"] + batches[b]
                let run = Fixtures.run(executable, arguments, environment: tzdir.map { ["TZDIR": $0] })
                let outcome: Result<[String: [ZoneTransition]], ZdumpFailure>
                if run.status != 0 || run.output.isEmpty {
                    outcome = .failure(ZdumpFailure(description: "zdump exited \(run.status) with \(run.output.utf8.count) bytes of output: \(run.error.prefix(300))"))
                } else {
                    outcome = Result { () throws(ZdumpFailure) in try Parser.parse(run.output, zones: batches[b]) }
                }
                outcomes.withLock { $0[b] = outcome }
            }
            var merged: [String: [ZoneTransition]] = [:]
            for b in batches.indices {
                guard let outcome = outcomes.withLock({ $0[b] }) else { throw ZdumpFailure(description: "batch \(b) did not run") }
                merged.merge(try outcome.get()) { $1 }
            }
            return merged
        }
    }

    /// Parses `zdump -v` output strictly: every line must be one of the four extreme-instant lines or
    /// half of a transition pair, zones must appear in the order requested, and each pair must be
    /// one second apart with the local time equal to UT + gmtoff.
    enum Parser {
        /// The extreme 64-bit instants glibc's zdump always shows (localtime fails there: `NULL`).
        static let leadingExtremes: [Int64] = [Int64.min, Int64.min + 86_400]
        static let trailingExtremes: [Int64] = [Int64.max - 86_400, Int64.max]

        struct Moment: Equatable {
            let seconds: Int64
            let type: LocalTimeType
        }

        enum Line {
            case extreme(zone: String, seconds: Int64)
            case moment(zone: String, Moment)
        }

        static func parse(_ output: String, zones: [String]) throws(ZdumpFailure) -> [String: [ZoneTransition]] {
            let lines = try output.split(separator: "\n").map { line throws(ZdumpFailure) in try parseLine(line) }
            var result: [String: [ZoneTransition]] = [:]
            var index = 0
            for zone in zones {
                func fail(_ why: String) -> ZdumpFailure { ZdumpFailure(description: "zdump output for \(zone), line \(index + 1): \(why)") }
                for expected in leadingExtremes {
                    guard index < lines.count, case .extreme(zone, expected) = lines[index] else { throw fail("expected '\(expected) = NULL'") }
                    index += 1
                }
                var transitions: [ZoneTransition] = []
                while index + 1 < lines.count, case .moment(zone, let before) = lines[index] {
                    guard case .moment(zone, let after) = lines[index + 1], after.seconds == before.seconds + 1 else {
                        throw fail("a transition's second line should follow one second later")
                    }
                    transitions.append(ZoneTransition(instant: Instant(seconds: after.seconds), before: before.type, after: after.type))
                    index += 2
                }
                for expected in trailingExtremes {
                    guard index < lines.count, case .extreme(zone, expected) = lines[index] else { throw fail("expected '\(expected) = NULL'") }
                    index += 1
                }
                result[zone] = transitions
            }
            guard index == lines.count else { throw ZdumpFailure(description: "zdump printed \(lines.count - index) unexpected trailing lines") }
            return result
        }

        /// `Zone  Sun Mar  8 07:00:00 2026 UT = Sun Mar  8 03:00:00 2026 EDT isdst=1 gmtoff=-14400`
        /// (abbreviation omitted when empty) or `Zone  -9223372036854775808 = NULL`.
        static func parseLine(_ line: Substring) throws(ZdumpFailure) -> Line {
            let f = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            let fail = ZdumpFailure(description: "unrecognised zdump line: \(line)")
            if f.count == 4, f[2] == "=", f[3] == "NULL", let seconds = Int64(f[1]) {
                return .extreme(zone: f[0], seconds: seconds)
            }
            guard f.count == 15 || f.count == 16, f[6] == "UT", f[7] == "=",
                  let ut = dateTime(f[1...5]), let local = dateTime(f[8...12]),
                  f[f.count - 2].hasPrefix("isdst="), let isDST = Int(f[f.count - 2].dropFirst(6)), isDST == 0 || isDST == 1,
                  f[f.count - 1].hasPrefix("gmtoff="), let offset = Int32(f[f.count - 1].dropFirst(7)),
                  local == ut + Int64(offset)
            else { throw fail }
            let abbreviation = f.count == 16 ? f[13] : ""
            return .moment(zone: f[0], Moment(seconds: ut, type: LocalTimeType(utcOffset: offset, isDST: isDST == 1, abbreviation: abbreviation)))
        }

        static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

        /// `Sun Mar 8 07:00:00 2026` as seconds since 1970 (read as UTC), checking the weekday too.
        static func dateTime(_ f: ArraySlice<String>) -> Int64? {
            let f = Array(f)
            guard f.count == 5, let month = months.firstIndex(of: f[1]), let day = Int(f[2]), let year = Int(f[4]),
                  (1...31).contains(day) else { return nil }
            let clock = f[3].split(separator: ":").compactMap { Int($0) }
            guard clock.count == 3, clock[0] < 24, clock[1] < 60, clock[2] < 60 else { return nil }
            let midnight = secondsSinceEpoch(year: year, month: month + 1, day: day)
            let days = midnight / 86_400
            guard weekdays[Int(((days + 4) % 7 + 7) % 7)] == f[0] else { return nil }
            return midnight + Int64(clock[0] * 3600 + clock[1] * 60 + clock[2])
        }

        /// Proleptic Gregorian date to Unix seconds (Hinnant's days_from_civil), kept independent of
        /// Chime's own calendar arithmetic so the oracle does not share code with the subject.
        static func secondsSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
            let y = Int64(month <= 2 ? year - 1 : year)
            let era = (y >= 0 ? y : y - 399) / 400
            let yoe = y - era * 400
            let m = Int64(month)
            let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
            let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
            return (era * 146_097 + doe - 719_468) * 86_400
        }
    }
}
