import Foundation
import Testing
@testable import ChimeTestSupport
@testable import ChimeTestCases
@testable import Chime

/// Seeded random expressions and start instants over many zones, leaning towards DST nights,
/// against `systemd-analyze calendar` (Debian's systemd 252): the normalized form and the next
/// `iterations` elapses (to the second, as systemd prints them) must agree, including "never".
/// CI runs a sample (`CHIME_ONCALENDAR_CASES`, default 2,000); the report's big run:
///
///     CHIME_ONCALENDAR_CASES=100000 CHIME_ONCALENDAR_SEED=252 .build-rt/release/ChimePackageTests.xctest \
///         --testing-library swift-testing --filter OnCalendarDifferentialTests
///
/// Every difference is printed with a reproducer; a difference is explained only by an entry of
/// `explained` (none so far), each checked case by case.
extension FireIterator {
    /// The next fire of a copy (the iterator itself unchanged).
    func nextFireCopy() throws -> Fire? { var copy = self; return try copy.nextFire() }
}

@Suite struct OnCalendarDifferentialTests {
    static let run = DifferentialRun(name: "ONCALENDAR", defaultCases: 2_000, defaultSeed: 252)
    static var cases: Int { run.cases }
    static var seed: UInt64 { run.seed }
    static let iterations = 4
    static let perCall = 25

    /// Differences shown to be systemd's error, one reproducer each (never a class), each with its
    /// independent check. None: since Chime reproduces systemd 252's walk step for step
    /// (`SystemdCalendarWalk`), every difference is a bug in Chime until shown otherwise.
    static let explained: Set<String> = []

    @Test(.requires(.systemdAnalyze))
    func matchesSystemd() throws {
        var generator = OnCalendarGenerator(seed: Self.seed)
        let database = Fixtures.systemDatabase
        var compared = 0, fires = 0, nevers = 0
        var differences: [String] = []
        var rejected = 0, explainedCount = 0, gaveUp = 0
        while compared < Self.cases {
            let zoneID = OnCalendarGenerator.zones[generator.int(0...OnCalendarGenerator.zones.count - 1)]
            let zone = try database.rules(for: zoneID)
            let base = generator.start(in: zone)
            var expressions: [String] = [], triggers: [OnCalendarTrigger] = []
            while expressions.count < min(Self.perCall, Self.cases - compared) {
                let expression = generator.expression() + " " + zoneID
                guard let trigger = try? OnCalendarTrigger(expression: expression, isZone: { (try? database.rules(for: $0)) != nil }) else {
                    rejected += 1; continue            // the parser's verdicts are compared in OnCalendarParserTests
                }
                expressions.append(expression); triggers.append(trigger)
            }
            var answers: [SystemdOracle.Answer?]
            if let all = SystemdOracle.next(expressions, base: base, iterations: Self.iterations) {
                answers = all
            } else {
                // One of them failed: ask one by one, so the failing one is named with systemd's message.
                answers = []
                for (index, expression) in expressions.enumerated() {
                    switch SystemdOracle.single(expression, base: base, iterations: Self.iterations) {
                    case .success(let answer): answers.append(answer)
                    case .failure(let error):
                        answers.append(nil)
                        let reproducer = "TZ=UTC systemd-analyze calendar --iterations=\(Self.iterations) --base-time=@\(base) '\(expression)'"
                        if Self.explained.contains(reproducer) { explainedCount += 1; continue }
                        var ours: [Int64] = []
                        var iterator = FireIterator(trigger: .onCalendar(triggers[index]), zone: zone, start: Instant(seconds: base))
                        while ours.count <= error.elapsesBefore.count, let fire = try iterator.nextFire() { ours.append(fire.instant.seconds) }
                        // systemd gives up at the iteration after `elapsesBefore`: a timer has no
                        // elapse from there, and Chime must end there too.
                        if error.gaveUp && ours == error.elapsesBefore {
                            gaveUp += 1
                            fires += ours.count
                            continue
                        }
                        func show(_ list: [Int64]) -> String { list.map { Instant(seconds: $0).utcString }.joined(separator: " ") }
                        differences.append("systemd fails (\(error.message)) after [\(show(error.elapsesBefore))], Chime [\(show(ours))]: \(reproducer)")
                    }
                }
            }
            for (index, answer) in answers.enumerated() {
                guard let answer else { continue }
                let trigger = triggers[index]
                var ours: [Int64] = []
                var iterator = FireIterator(trigger: .onCalendar(trigger), zone: zone, start: Instant(seconds: base))
                while ours.count < Self.iterations, let fire = try iterator.nextFire() { ours.append(fire.instant.seconds) }
                let reproducer = "TZ=UTC systemd-analyze calendar --iterations=\(Self.iterations) --base-time=@\(base) '\(expressions[index])'"
                if answer.normalized != trigger.normalized {
                    differences.append("normalized: systemd '\(answer.normalized)', Chime '\(trigger.normalized)': \(reproducer)")
                } else if answer.elapses != ours && Self.explained.contains(reproducer) {
                    explainedCount += 1
                } else if answer.elapses != ours {
                    func show(_ list: [Int64]) -> String { list.map { Instant(seconds: $0).utcString }.joined(separator: " ") }
                    differences.append("elapses: systemd [\(show(answer.elapses))], Chime [\(show(ours))]: \(reproducer)")
                }
                fires += answer.elapses.count
                if answer.elapses.count < Self.iterations { nevers += 1 }
            }
            compared += expressions.count
        }
        print("OnCalendar differential (seed \(Self.seed)): \(compared) cases, \(fires) systemd elapses compared, \(nevers) cases ending in 'never', \(gaveUp) where systemd gives up (Chime ends there too), \(rejected) generated expressions Chime refused, \(explainedCount) explained, \(differences.count) unexplained differences")
        for difference in differences.prefix(200) { print("  " + difference) }
        Differences.expectNone(differences, "differences from systemd-analyze")
    }

    /// Where systemd's walk stops, Chime stops and says why, in systemd's words (issue 28: the
    /// fires were systemd's but the reason was "looks no further than 2199", and a short answer
    /// had no note). Pacific/Chatham moves its clocks from 02:45 to 03:45 (+12:45 → +13:45) on
    /// 2026-09-27: after the 09-26 02:50 elapse (2026-09-25T14:05:00Z) systemd fails with
    /// "Resource deadlock avoided". A year list that is over is systemd's "never".
    @Test(.requires(.systemdAnalyze))
    func stopsWhereSystemdStopsAndSaysWhy() throws {
        let database = Fixtures.systemDatabase
        let chatham = try database.rules(for: "Pacific/Chatham")
        let expression = "*-*-* 02:50 Pacific/Chatham"
        let trigger = try OnCalendarTrigger(expression: expression, isZone: { (try? database.rules(for: $0)) != nil })
        let lastElapse: Int64 = 1_790_345_100   // 2026-09-25T14:05:00Z
        guard case .failure(let error) = SystemdOracle.single(expression, base: lastElapse, iterations: 1) else {
            Issue.record("systemd-analyze elapses after 2026-09-25T14:05:00Z"); return
        }
        #expect(error.gaveUp, "\(error.message)")
        #expect(try FireIterator(trigger: .onCalendar(trigger), zone: chatham, start: Instant(seconds: lastElapse)).nextFireCopy() == nil)
        let stop = try #require(trigger.systemdStop(after: Instant(seconds: lastElapse), in: chatham))
        #expect(stop.contains("Resource deadlock avoided"), "\(stop)")
        // Before: systemd's elapses, which Chime gives, and no stop.
        #expect(trigger.systemdStop(after: Instant(seconds: lastElapse - 86_400), in: chatham) == nil)
        // The CLI asked for 12 from 2026-09-24 gives the 3 elapses and says why there are no more.
        let run = try ChimeCLI.run(["next", "--oncalendar", expression, "--after", "2026-09-23T00:00:00Z", "--count", "12"])
        #expect(run.status == 0 && run.stdout.contains("note: no elapse after 2026-09-25T14:05:00Z: systemd's walk gives up"), "\(run)")

        let over = try OnCalendarTrigger(expression: "2020-*-* 00:00 UTC", isZone: { (try? database.rules(for: $0)) != nil })
        if case .success(let answer) = SystemdOracle.single("2020-*-* 00:00 UTC", base: 1_790_000_000, iterations: 1) {
            #expect(answer.elapses.isEmpty, "systemd: never")
        }
        #expect(over.systemdStop(after: Instant(seconds: 1_790_000_000), in: try database.rules(for: "UTC")) == "no year the expression names is left")
    }
}
