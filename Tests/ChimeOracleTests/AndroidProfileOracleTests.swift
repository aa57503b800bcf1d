import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import Chime

/// The android profile (`FlutterAndroidTrigger`) against `Tests/ProfileOracle/AndroidOracle.java`:
/// flutter_local_notifications' Android computation run with the JDK's own `java.time` — never
/// against Chime's engine. Seeded random schedules (daily, weekly, monthly, yearly; times near the
/// hours DST moves), each started within three weeks before one of its zone's transitions, chained
/// through many fires so a drift after a gap shows in every later fire.
///
/// java.time reads its own tz data (`tzdb.dat`, 2025a for Debian's OpenJDK 17 here) and Chime reads
/// the system's TZif files (2025b): the test keeps only zones whose UTC-offset changes over the
/// years tested are the same in both (java.time's list against `zdump -v` over the system files),
/// and prints the zones it left out.
///
/// `swift test` runs `CHIME_ANDROID_ORACLE_CASES` cases (default 600); the big run:
/// `CHIME_ANDROID_ORACLE_CASES=20000 .build/debug/ChimePackageTests.xctest --testing-library swift-testing --filter AndroidProfileOracleTests`.
@Suite struct AndroidProfileOracleTests {
    static let years = 2020...2040
    static let zones = ZoneSets.androidProfile

    @Test(.requires(.jdk)) func chainsMatchJavaTime() throws {
        let run = DifferentialRun(name: "ANDROID_ORACLE", defaultCases: 600, defaultSeed: 0x616E_6472_6F69_64)
        let caseCount = run.cases
        let database = ZoneDatabase(preference: .tzif, tzifDirectory: "/usr/share/zoneinfo")
        // 1. Which zones java.time and the system tz data agree on.
        guard let probe = AndroidOracle.run(zones: Self.zones, years: Self.years, cases: []) else {
            Issue.record("the Java oracle did not run"); return
        }
        var agreeing: [String] = [], leftOut: [String] = []
        for zone in Self.zones {
            let java = probe.transitions[zone] ?? []
            let system = AndroidOracle.zdumpTransitions(zone, years: Self.years)
            if let system, system == java, (try? database.rules(for: zone)) != nil { agreeing.append(zone) } else { leftOut.append(zone) }
        }
        print("AndroidProfileOracleTests: java.time tzdb \(probe.version); \(agreeing.count) zones agree with zdump over \(Self.years)"
              + (leftOut.isEmpty ? "" : "; left out (tz data differ): " + leftOut.joined(separator: ", ")))
        #expect(agreeing.count >= 30, "too few zones agree: \(leftOut)")

        // 2. Seeded cases near each zone's transitions.
        var random = SplitMix64(seed: run.seed)
        var cases: [AndroidOracle.Case] = []
        for _ in 0..<caseCount {
            let zone = agreeing[random.next(in: 0...agreeing.count - 1)]
            let transitions = (probe.transitions[zone] ?? []).filter { $0.seconds < 2_208_988_800 }   // before 2040
            let anchor = transitions.isEmpty ? Int64(1_767_225_600) : transitions[random.next(in: 0...transitions.count - 1)].seconds
            let start = anchor - Int64(random.next(in: 0...21 * 86_400))
            let roll = random.next(in: 0...99)
            let match: FlutterAndroidTrigger.Match = roll < 50 ? .time : roll < 80 ? .dayOfWeekAndTime : roll < 90 ? .dayOfMonthAndTime : .dateAndTime
            // Times where DST moves clocks: 00:xx–03:xx and 23:xx most of the time.
            let nearHours = [0, 1, 2, 3, 23, 22, 4]
            let hour = random.next(in: 0...9) < 7 ? nearHours[random.next(in: 0...nearHours.count - 1)] : random.next(in: 0...23)
            let minutes = [0, 15, 30, 45, 59]
            let minute = random.next(in: 0...3) == 0 ? random.next(in: 0...59) : minutes[random.next(in: 0...minutes.count - 1)]
            let second = random.next(in: 0...9) == 0 ? random.next(in: 0...59) : 0
            var weekday = 0, day = 0, month = 0
            switch match {
            case .time: break
            case .dayOfWeekAndTime: weekday = random.next(in: 1...7)
            case .dayOfMonthAndTime: day = random.next(in: 1...31)
            case .dateAndTime:
                // The month of the transition most of the time, so the yearly fire can meet it.
                let local = CivilDateTime(localSeconds: anchor + Int64((try? database.rules(for: zone))?.utcOffset(at: Instant(seconds: anchor)) ?? 0))
                month = random.next(in: 0...2) == 0 ? random.next(in: 1...12) : local.month
                let length = Int(CivilArithmetic.daysInMonth(year: 2024, month: Int64(month)))
                day = random.next(in: 0...2) == 0 || local.day > length ? random.next(in: 1...length) : local.day
            }
            let count = switch match { case .time: 45; case .dayOfWeekAndTime: 20; case .dayOfMonthAndTime: 14; case .dateAndTime: 4 }
            cases.append(AndroidOracle.Case(zone: zone, match: match, hour: hour, minute: minute, second: second,
                                            weekday: weekday, day: day, month: month, start: start, count: count))
        }
        guard let answers = AndroidOracle.run(zones: [], years: Self.years, cases: cases) else {
            Issue.record("the Java oracle did not run"); return
        }
        // 3. Chime's chains, fire by fire.
        var agree = 0, fires = 0, drifted = 0
        var differences: [String] = []
        for (c, expected) in zip(cases, answers.chains) {
            let zone = try database.rules(for: c.zone)
            let chain = try Trigger.flutterAndroid(try c.trigger()).fires(after: Instant(seconds: c.start), in: zone, count: c.count)
            let ours = chain.map { AndroidOracle.Fire(seconds: $0.instant.seconds, local: $0.local.description) }
            fires += expected.count
            drifted += chain.filter { $0.adjustment == .gapShiftCarried }.isEmpty ? 0 : 1
            let theirs = expected.map { AndroidOracle.Fire(seconds: $0.seconds, local: $0.local) }
            if ours == theirs && !expected.contains(where: \.late) {
                agree += 1
            } else {
                let at = (0..<min(ours.count, theirs.count)).first { ours[$0] != theirs[$0] } ?? min(ours.count, theirs.count)
                differences.append("\(c): fire \(at + 1): chime \(at < ours.count ? ours[at].description : "none"), java.time \(at < expected.count ? expected[at].description : "none")")
            }
        }
        print("AndroidProfileOracleTests: \(cases.count) cases (\(fires) fires), \(agree) agree, \(differences.count) differ; \(drifted) chains carried a gap's shift")
        for line in differences.prefix(20) { print("  " + line) }
        Differences.expectNone(differences, of: cases.count, "chains differ from java.time")
        #expect(drifted > 0, "no case met a gap: the sample does not test the drift")
    }
}
