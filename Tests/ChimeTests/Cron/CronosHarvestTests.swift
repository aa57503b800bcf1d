import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// Cronos's own DST facts (github.com/HangfireIO/Cronos at commit
/// aeb3bff2048c551018cdd16ac11951d0d4bc20d5, `tests/Cronos.Tests/CronExpressionFacts.cs`): every
/// `[InlineData]` of its DST theories, each cited by theory and the line of its `InlineData`, and the
/// `HandlesBorderConditions_WhenDSTEnds` fact — `GetNextOccurrence(from, zone, inclusive)` and the
/// expected instant with its offset, the oracle. Cronos's zones on Unix are America/New_York,
/// Asia/Amman, Australia/Lord_Howe and America/Santiago (the file's `…TimeZoneId`).
///
/// **Cronos's DST rule is no Chime flavor's default**, so the facts run with it spelled out as
/// Chime's policies, from Cronos's README ("Daylight Saving Time", same commit): in a gap "Cronos
/// adjusts the next occurrence to the next valid time" (gap `nextValid`, every expression); in an
/// overlap an expression "is **interval based** whose second, minute or hour field contains `*`,
/// ranges or steps … occurrences will be before and after clock shifts" (overlap `both`), any other
/// "will be just before clock shifts" (overlap `first`). `H/30` is written out as `8-59/30`: the file
/// says the jitter seed 3 "resolves to 8 minutes" (Chime's `H` is croniter's hash, not Cronos's).
/// The grammar is read by the croniter flavor (seconds, when Cronos's `IncludeSeconds` format gives
/// them first, move to croniter's sixth field; `L` and `SUN#2` are croniter's too), `LW` by the quartz
/// flavor (`0 30 0 LW * ?`); with explicit policies both run on the shared search. `inclusive: true`
/// counts an occurrence at `from`, so Chime starts a nanosecond before it.
///
/// `closestFlavorRule` compares the same facts with posix's (cronie's) DST rule instead — a job whose
/// minute or hour field starts with `*` skips a gap and repeats in an overlap, any other runs after a
/// gap and once in an overlap (docs/cron.md "posix") — and counts where that differs from Cronos.
@Suite struct CronosHarvestTests {
    enum Theory: String, Sendable {
        case forwardEst, forwardAroundJordan, backwardAroundSantiago, forwardHalfHour, backwardEst, backwardHalfHour, offsetsEst,
             forwardFridayJordan, backwardFridayJordan, borderEst
        /// The theory's method name and the line it is declared on.
        var method: (name: String, line: Int) {
            switch self {
            case .forwardEst: ("GetNextOccurrence_HandleDST_WhenTheClockJumpsForward_And_TimeZoneIsEst", 1216)
            case .forwardAroundJordan: ("GetNextOccurrence_HandleDST_WhenTheClockJumpsForwardAndFromIsAroundDST", 1246)
            case .backwardAroundSantiago: ("GetNextOccurrence_HandleDST_WhenTheClockJumpsBackwardAndFromIsAroundDST", 1273)
            case .forwardHalfHour: ("GetNextOccurrence_HandleDST_WhenTheClockTurnForwardHalfHour", 1328)
            case .backwardEst: ("GetNextOccurrence_HandleDST_WhenTheClockJumpsBackward", 1482)
            case .borderEst: ("GetNextOccurrence_HandlesBorderConditions_WhenDSTEnds", 1497)
            case .backwardHalfHour: ("GetNextOccurrence_HandleDST_WhenTheClockJumpsBackwardAndDeltaIsNotHour", 1581)
            case .offsetsEst: ("GetNextOccurrence_ReturnsCorrectDateTimeOffset", 1657)
            case .forwardFridayJordan: ("GetNextOccurrence_HandleDifficultDSTCases_WhenTheClockJumpsForwardOnFriday", 1675)
            case .backwardFridayJordan: ("GetNextOccurrence_HandleDifficultDSTCases_WhenTheClockJumpsBackwardOnFriday", 1702)
            }
        }
        var zone: String {
            switch self {
            case .forwardEst, .backwardEst, .offsetsEst, .borderEst: "America/New_York"
            case .forwardAroundJordan, .forwardFridayJordan, .backwardFridayJordan: "Asia/Amman"
            case .backwardAroundSantiago: "America/Santiago"
            case .forwardHalfHour, .backwardHalfHour: "Australia/Lord_Howe"
            }
        }
        /// Whether the theory parses with `CronFormat.IncludeSeconds` (six fields, seconds first).
        var seconds: Bool {
            switch self {
            case .forwardAroundJordan, .backwardAroundSantiago, .forwardFridayJordan, .backwardFridayJordan: false
            default: true
            }
        }
    }

    struct Fact: Sendable, CustomTestStringConvertible {
        let theory: Theory
        let line: Int
        let expression: String
        let from: String
        let expected: String
        let inclusive: Bool
        init(_ theory: Theory, _ line: Int, _ expression: String, _ from: String, _ expected: String, inclusive: Bool = true) {
            (self.theory, self.line, self.expression, self.from, self.expected, self.inclusive) = (theory, line, expression, from, expected, inclusive)
        }
        var testDescription: String { "\(theory.method.name):\(line) '\(expression)' from \(from)\(inclusive ? " inclusive" : "")" }

        /// Cronos's fields: second, minute, hour (the second is 0 without `IncludeSeconds`), then the day fields.
        var fields: (second: String, minute: String, hour: String, days: [String]) {
            var f = expression.split(separator: " ").map(String.init)
            if !theory.seconds { f.insert("0", at: 0) }
            return (f[0], f[1].replacingOccurrences(of: "H/30", with: "8-59/30"), f[2], Array(f[3...]))
        }

        /// The README's "interval based": the second, minute or hour field contains `*`, a range or a step.
        var intervalBased: Bool {
            [fields.second, fields.minute, fields.hour].contains { $0.contains("*") || $0.contains("-") || $0.contains("/") }
        }

        /// The expression as Chime reads it, and the flavor that reads it.
        var chime: (expression: String, flavor: CronFlavor) {
            let f = fields
            if f.days[0] == "LW" { return ("\(f.second) \(f.minute) \(f.hour) LW \(f.days[1]) ?", .quartz) }
            let five = ([f.minute, f.hour] + f.days).joined(separator: " ")
            return (f.second == "0" ? five : five + " " + f.second, .croniter)
        }
    }

    /// "2016-03-13 01:45 -05:00" (or with seconds and ticks) → an instant.
    static func instant(_ text: String) throws -> Instant {
        let parts = text.split(separator: " ")
        let time = parts[1].count == 5 ? parts[1] + ":00" : parts[1]
        return try ISO8601Format.parseInstant("\(parts[0])T\(time)\(parts[2])")
    }

    static func answer(_ f: Fact, gap: GapPolicy, overlap: OverlapPolicy) throws -> String? {
        let (expression, flavor) = f.chime
        let trigger = try CronTrigger(expression: expression, flavor: flavor, gapPolicy: gap, overlapPolicy: overlap)
        let from = try instant(f.from)
        let after = f.inclusive ? (from.nanoseconds > 0 ? Instant(seconds: from.seconds, nanoseconds: from.nanoseconds - 1)
                                                          : Instant(seconds: from.seconds - 1, nanoseconds: 999_999_999)) : from
        return try trigger.nextFire(after: after, in: Fixtures.tzifDatabase.rules(for: f.theory.zone))?.instant.utcString
    }

    @Test(arguments: facts.filter { explained[$0.line] == nil }) func cronosRule(_ f: Fact) throws {
        #expect(try Self.answer(f, gap: .nextValid, overlap: f.intervalBased ? .both : .first) == Self.instant(f.expected).utcString)
    }

    /// Facts Cronos's rule does not give, with Chime's answer and why. Both are the
    /// `HandleDifficultDSTCases_WhenTheClockJumpsForwardOnFriday` pairs: Amman springs forward at
    /// 2017-03-31 00:00 (+02 → +03; zdump: 2017-03-30 22:00Z), so the last day's 00:30 does not exist,
    /// and the fact before each (line 1671, 1673) says Cronos runs it at 01:00 +03:00 ("adjusts the next
    /// occurrence to the next valid time"). Asked from that very instant with `inclusive: true` ("Calculates
    /// next occurrence starting with fromUtc (optionally inclusive)", CronExpression.cs), Cronos answers
    /// the next month instead: it finds the adjusted occurrence only from before the gap. A schedule is
    /// one set of instants; Chime keeps the first fact's 01:00 +03:00 and returns it here.
    static let explained: [Int: String] = [
        1672: "2017-03-31 01:00 +03:00",
        1674: "2018-03-30 01:00 +03:00",
    ]

    @Test(arguments: facts.filter { explained[$0.line] != nil }) func explainedDifference(_ f: Fact) throws {
        let chime = try #require(Self.explained[f.line])
        #expect(try Self.answer(f, gap: .nextValid, overlap: f.intervalBased ? .both : .first) == Self.instant(chime).utcString)
        // The instant asked from is the occurrence itself, and Cronos's answer is a later one.
        #expect(try Self.instant(f.from) == Self.instant(chime) && Self.instant(f.expected) > Self.instant(chime))
    }

    /// posix's (cronie's) rule on the same facts: where it differs from Cronos's, and why (tracked:
    /// a change moves a fact between the lists).
    @Test func closestFlavorRule() throws {
        var differ: [String] = []
        for f in Self.facts {
            let wildcard = f.fields.minute.hasPrefix("*") || f.fields.hour.hasPrefix("*")
            let got = try Self.answer(f, gap: wildcard ? .skip : .nextValid, overlap: wildcard ? .both : .first)
            if got != (try Self.instant(f.expected).utcString) { differ.append("\(f.line)") }
        }
        #expect(differ.count == Self.posixRuleDiffers, "\(differ)")
    }

    /// How many facts posix's rule answers differently (`closestFlavorRule`; docs/cron.md quotes it).
    static let posixRuleDiffers = 49
    // 13 at a gap (cronie skips a gap for a job whose minute or hour starts with `*`, e.g. `*/30 */2`; Cronos runs it at
    // 03:00), 34 at an overlap (cronie repeats only `*`-led minutes or hours; Cronos also ranges, steps and interval
    // seconds: `0 30 1-9`, `0/30 30 1` with seconds), and the 2 `explained` facts.

    /// The harvest's size (docs/cron.md quotes these counts).
    @Test func counts() {
        #expect(Self.facts.count == 255)
        #expect(Self.facts.filter(\.intervalBased).count == 187)
        #expect(Self.explained.count == 2)
    }

    static let facts: [Fact] = [
        // GetNextOccurrence_HandleDST_WhenTheClockJumpsForward_And_TimeZoneIsEst
        Fact(.forwardEst, 1173, "0 */30 * * * *", "2016-03-13 01:45 -05:00", "2016-03-13 03:00 -04:00"),
        Fact(.forwardEst, 1174, "0 */30 */2 * * *", "2016-03-13 01:59 -05:00", "2016-03-13 03:00 -04:00"),
        Fact(.forwardEst, 1175, "0 1-58 */2 * * *", "2016-03-13 01:59 -05:00", "2016-03-13 03:00 -04:00"),
        Fact(.forwardEst, 1176, "0 0,30 0-23/2 * * *", "2016-03-13 01:59 -05:00", "2016-03-13 03:00 -04:00"),
        Fact(.forwardEst, 1177, "0 */30 2 * * *", "2016-03-13 01:59 -05:00", "2016-03-13 03:00 -04:00"),
        Fact(.forwardEst, 1178, "0 0,30 2 * * *", "2016-03-13 01:59 -05:00", "2016-03-13 03:00 -04:00"),
        Fact(.forwardEst, 1179, "0 */30 2 13 03 *", "2016-03-13 01:59 -05:00", "2016-03-13 03:00 -04:00"),
        Fact(.forwardEst, 1180, "0 0,30 02 13 03 *", "2016-03-13 01:45 -05:00", "2016-03-13 03:00 -04:00"),
        Fact(.forwardEst, 1181, "0 30 2 * * *", "2016-03-13 01:59 -05:00", "2016-03-13 03:00 -04:00"),
        Fact(.forwardEst, 1182, "0 0 */2 * * *", "2016-03-13 01:59 -05:00", "2016-03-13 03:00 -04:00"),
        Fact(.forwardEst, 1183, "0 30 0-23/2 * * *", "2016-03-13 01:59 -05:00", "2016-03-13 03:00 -04:00"),
        Fact(.forwardEst, 1185, "0 0,59 * * * *", "2016-03-13 01:59 -05:00", "2016-03-13 01:59 -05:00"),
        Fact(.forwardEst, 1186, "0 0,59 * * * *", "2016-03-13 03:00 -04:00", "2016-03-13 03:00 -04:00"),
        Fact(.forwardEst, 1188, "0 30 * * 3 SUN#2", "2016-03-13 01:59 -05:00", "2016-03-13 03:00 -04:00"),
        Fact(.forwardEst, 1190, "0 */30 * * * *", "2016-03-13 01:30 -05:00", "2016-03-13 03:00 -04:00", inclusive: false),
        Fact(.forwardEst, 1191, "0 */30 */2 * * *", "2016-03-13 01:30 -05:00", "2016-03-13 03:00 -04:00", inclusive: false),
        Fact(.forwardEst, 1192, "0 1-58 */2 * * *", "2016-03-13 01:58 -05:00", "2016-03-13 03:00 -04:00", inclusive: false),
        Fact(.forwardEst, 1193, "0 0,30 0-23/2 * * *", "2016-03-13 00:30 -05:00", "2016-03-13 03:00 -04:00", inclusive: false),
        Fact(.forwardEst, 1194, "0 0,30 2 * * *", "2016-03-12 02:30 -05:00", "2016-03-13 03:00 -04:00", inclusive: false),
        Fact(.forwardEst, 1195, "0 */30 2 13 03 *", "2016-03-13 01:59 -05:00", "2016-03-13 03:00 -04:00", inclusive: false),
        Fact(.forwardEst, 1196, "0 0,30 02 13 03 *", "2016-03-13 01:45 -05:00", "2016-03-13 03:00 -04:00", inclusive: false),
        Fact(.forwardEst, 1197, "0 30 2 * * *", "2016-03-12 02:30 -05:00", "2016-03-13 03:00 -04:00", inclusive: false),
        Fact(.forwardEst, 1198, "0 0 */2 * * *", "2016-03-13 00:00 -05:00", "2016-03-13 03:00 -04:00", inclusive: false),
        Fact(.forwardEst, 1199, "0 30 0-23/2 * * *", "2016-03-13 00:30 -05:00", "2016-03-13 03:00 -04:00", inclusive: false),
        Fact(.forwardEst, 1201, "0 0,59 * * * *", "2016-03-13 01:59 -05:00", "2016-03-13 03:00 -04:00", inclusive: false),
        Fact(.forwardEst, 1203, "0 30 * * 3 SUN#2", "2016-03-13 01:59 -05:00", "2016-03-13 03:00 -04:00", inclusive: false),
        Fact(.forwardEst, 1206, "0 H/30 * * * *", "2016-03-13 01:08 -05:00", "2016-03-13 01:08 -05:00"),
        Fact(.forwardEst, 1207, "0 H/30 * * * *", "2016-03-13 01:38 -05:00", "2016-03-13 01:38 -05:00"),
        Fact(.forwardEst, 1208, "0 H/30 * * * *", "2016-03-13 01:59 -05:00", "2016-03-13 03:00 -04:00"),
        Fact(.forwardEst, 1209, "0 H/30 * * * *", "2016-03-13 03:15 -04:00", "2016-03-13 03:38 -04:00"),
        Fact(.forwardEst, 1210, "0 H/30 * * * *", "2016-03-13 03:38 -04:00", "2016-03-13 03:38 -04:00"),
        Fact(.forwardEst, 1211, "0 H/30 * * * *", "2016-03-13 03:45 -04:00", "2016-03-13 04:08 -04:00"),
        Fact(.forwardEst, 1212, "0 H/30 * * * *", "2016-03-13 01:08 -05:00", "2016-03-13 01:38 -05:00", inclusive: false),
        Fact(.forwardEst, 1213, "0 H/30 * * * *", "2016-03-13 01:38 -05:00", "2016-03-13 03:00 -04:00", inclusive: false),
        Fact(.forwardEst, 1214, "0 H/30 * * * *", "2016-03-13 03:08 -04:00", "2016-03-13 03:38 -04:00", inclusive: false),
        Fact(.forwardEst, 1215, "0 H/30 * * * *", "2016-03-13 03:38 -04:00", "2016-03-13 04:08 -04:00", inclusive: false),
        // GetNextOccurrence_HandleDST_WhenTheClockJumpsForwardAndFromIsAroundDST
        Fact(.forwardAroundJordan, 1238, "30 0 L * *", "2017-03-30 23:59:59.9999999 +02:00", "2017-03-31 01:00:00 +03:00", inclusive: false),
        Fact(.forwardAroundJordan, 1239, "30 0 L * *", "2017-03-30 23:59:59.9999000 +02:00", "2017-03-31 01:00:00 +03:00", inclusive: false),
        Fact(.forwardAroundJordan, 1240, "30 0 L * *", "2017-03-30 23:59:59.9990000 +02:00", "2017-03-31 01:00:00 +03:00", inclusive: false),
        Fact(.forwardAroundJordan, 1241, "30 0 L * *", "2017-03-30 23:59:59.9900000 +02:00", "2017-03-31 01:00:00 +03:00", inclusive: false),
        Fact(.forwardAroundJordan, 1242, "30 0 L * *", "2017-03-30 23:59:59.9000000 +02:00", "2017-03-31 01:00:00 +03:00", inclusive: false),
        Fact(.forwardAroundJordan, 1243, "30 0 L * *", "2017-03-30 23:59:59.0000000 +02:00", "2017-03-31 01:00:00 +03:00", inclusive: false),
        Fact(.forwardAroundJordan, 1245, "30 0 L * *", "2017-03-31 01:00:00.0000001 +02:00", "2017-04-30 00:30:00 +03:00"),
        // GetNextOccurrence_HandleDST_WhenTheClockJumpsBackwardAndFromIsAroundDST
        Fact(.backwardAroundSantiago, 1265, "30 23 * * *", "2017-05-13 23:59:59.9999999 -03:00", "2017-05-14 23:30:00 -04:00", inclusive: false),
        Fact(.backwardAroundSantiago, 1266, "30 23 * * *", "2017-05-13 23:59:59.9999000 -03:00", "2017-05-14 23:30:00 -04:00", inclusive: false),
        Fact(.backwardAroundSantiago, 1267, "30 23 * * *", "2017-05-13 23:59:59.9990000 -03:00", "2017-05-14 23:30:00 -04:00", inclusive: false),
        Fact(.backwardAroundSantiago, 1268, "30 23 * * *", "2017-05-13 23:59:59.9900000 -03:00", "2017-05-14 23:30:00 -04:00", inclusive: false),
        Fact(.backwardAroundSantiago, 1269, "30 23 * * *", "2017-05-13 23:59:59.9000000 -03:00", "2017-05-14 23:30:00 -04:00", inclusive: false),
        Fact(.backwardAroundSantiago, 1270, "30 23 * * *", "2017-05-13 23:59:59.0000000 -03:00", "2017-05-14 23:30:00 -04:00", inclusive: false),
        Fact(.backwardAroundSantiago, 1272, "30 23 * * *", "2017-05-14 00:00:00.0000001 -04:00", "2017-05-14 23:30:00 -04:00"),
        // GetNextOccurrence_HandleDST_WhenTheClockTurnForwardHalfHour
        Fact(.forwardHalfHour, 1312, "0 */30 * * * *", "2017-10-01 01:45 +10:30", "2017-10-01 02:30 +11:00"),
        Fact(.forwardHalfHour, 1313, "0 */30 */2 * * *", "2017-10-01 01:59 +10:30", "2017-10-01 02:30 +11:00"),
        Fact(.forwardHalfHour, 1314, "0 1-58 */2 * * *", "2017-10-01 01:59 +10:30", "2017-10-01 02:30 +11:00"),
        Fact(.forwardHalfHour, 1315, "0 0,30 0-23/2 * * *", "2017-10-01 01:59 +10:30", "2017-10-01 02:30 +11:00"),
        Fact(.forwardHalfHour, 1316, "0 */30 2 * * *", "2017-10-01 01:59 +10:30", "2017-10-01 02:30 +11:00"),
        Fact(.forwardHalfHour, 1317, "0 0,30 2 * * *", "2017-10-01 01:59 +10:30", "2017-10-01 02:30 +11:00"),
        Fact(.forwardHalfHour, 1318, "0 */30 2 01 10 *", "2017-10-01 01:59 +10:30", "2017-10-01 02:30 +11:00"),
        Fact(.forwardHalfHour, 1319, "0 0,30 02 01 10 *", "2017-10-01 01:45 +10:30", "2017-10-01 02:30 +11:00"),
        Fact(.forwardHalfHour, 1320, "0 30 2 * * *", "2017-10-01 01:59 +10:30", "2017-10-01 02:30 +11:00"),
        Fact(.forwardHalfHour, 1321, "0 0,30 */2 * * *", "2017-10-01 01:59 +10:30", "2017-10-01 02:30 +11:00"),
        Fact(.forwardHalfHour, 1322, "0 30 0-23/2 * * *", "2017-10-01 01:59 +10:30", "2017-10-01 02:30 +11:00"),
        Fact(.forwardHalfHour, 1324, "0 0,30,59 * * * *", "2017-10-01 01:59 +10:30", "2017-10-01 01:59 +10:30"),
        Fact(.forwardHalfHour, 1325, "0 0,30,59 * * * *", "2017-10-01 02:30 +11:00", "2017-10-01 02:30 +11:00"),
        Fact(.forwardHalfHour, 1327, "0 30 * * 10 SUN#1", "2017-10-01 01:59 +10:30", "2017-10-01 02:30 +11:00"),
        // GetNextOccurrence_HandleDST_WhenTheClockJumpsBackward
        Fact(.backwardEst, 1347, "0 */30 */2 * * *", "2016-11-06 01:30 -04:00", "2016-11-06 02:00 -05:00"),
        Fact(.backwardEst, 1348, "0 0 */2 * * *", "2016-11-06 00:30 -04:00", "2016-11-06 02:00 -05:00"),
        Fact(.backwardEst, 1349, "0 0 0/2 * * *", "2016-11-06 00:30 -04:00", "2016-11-06 02:00 -05:00"),
        Fact(.backwardEst, 1350, "0 0 2-3 * * *", "2016-11-06 00:30 -04:00", "2016-11-06 02:00 -05:00"),
        Fact(.backwardEst, 1353, "0 */30 * * * *", "2016-11-06 01:00 -04:00", "2016-11-06 01:00 -04:00"),
        Fact(.backwardEst, 1354, "0 */30 * * * *", "2016-11-06 01:30 -04:00", "2016-11-06 01:30 -04:00"),
        Fact(.backwardEst, 1355, "0 */30 * * * *", "2016-11-06 01:59 -04:00", "2016-11-06 01:00 -05:00"),
        Fact(.backwardEst, 1356, "0 */30 * * * *", "2016-11-06 01:15 -05:00", "2016-11-06 01:30 -05:00"),
        Fact(.backwardEst, 1357, "0 */30 * * * *", "2016-11-06 01:30 -05:00", "2016-11-06 01:30 -05:00"),
        Fact(.backwardEst, 1358, "0 */30 * * * *", "2016-11-06 01:45 -05:00", "2016-11-06 02:00 -05:00"),
        Fact(.backwardEst, 1359, "0 */30 * * * *", "2016-11-06 01:00 -04:00", "2016-11-06 01:30 -04:00", inclusive: false),
        Fact(.backwardEst, 1360, "0 */30 * * * *", "2016-11-06 01:30 -04:00", "2016-11-06 01:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1361, "0 */30 * * * *", "2016-11-06 01:00 -05:00", "2016-11-06 01:30 -05:00", inclusive: false),
        Fact(.backwardEst, 1362, "0 */30 * * * *", "2016-11-06 01:30 -05:00", "2016-11-06 02:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1365, "0 H/30 * * * *", "2016-11-06 01:08 -04:00", "2016-11-06 01:08 -04:00"),
        Fact(.backwardEst, 1366, "0 H/30 * * * *", "2016-11-06 01:38 -04:00", "2016-11-06 01:38 -04:00"),
        Fact(.backwardEst, 1367, "0 H/30 * * * *", "2016-11-06 01:59 -04:00", "2016-11-06 01:08 -05:00"),
        Fact(.backwardEst, 1368, "0 H/30 * * * *", "2016-11-06 01:15 -05:00", "2016-11-06 01:38 -05:00"),
        Fact(.backwardEst, 1369, "0 H/30 * * * *", "2016-11-06 01:38 -05:00", "2016-11-06 01:38 -05:00"),
        Fact(.backwardEst, 1370, "0 H/30 * * * *", "2016-11-06 01:45 -05:00", "2016-11-06 02:08 -05:00"),
        Fact(.backwardEst, 1371, "0 H/30 * * * *", "2016-11-06 01:08 -04:00", "2016-11-06 01:38 -04:00", inclusive: false),
        Fact(.backwardEst, 1372, "0 H/30 * * * *", "2016-11-06 01:38 -04:00", "2016-11-06 01:08 -05:00", inclusive: false),
        Fact(.backwardEst, 1373, "0 H/30 * * * *", "2016-11-06 01:08 -05:00", "2016-11-06 01:38 -05:00", inclusive: false),
        Fact(.backwardEst, 1374, "0 H/30 * * * *", "2016-11-06 01:38 -05:00", "2016-11-06 02:08 -05:00", inclusive: false),
        Fact(.backwardEst, 1376, "0 30 * * * *", "2016-11-06 01:30 -04:00", "2016-11-06 01:30 -04:00"),
        Fact(.backwardEst, 1377, "0 30 * * * *", "2016-11-06 01:59 -04:00", "2016-11-06 01:30 -05:00"),
        Fact(.backwardEst, 1378, "0 30 * * * *", "2016-11-06 01:30 -04:00", "2016-11-06 01:30 -05:00", inclusive: false),
        Fact(.backwardEst, 1379, "0 30 * * * *", "2016-11-06 01:30 -05:00", "2016-11-06 02:30 -05:00", inclusive: false),
        Fact(.backwardEst, 1381, "0 30 */1 * * *", "2016-11-06 01:30 -04:00", "2016-11-06 01:30 -04:00"),
        Fact(.backwardEst, 1382, "0 30 */1 * * *", "2016-11-06 01:59 -04:00", "2016-11-06 01:30 -05:00"),
        Fact(.backwardEst, 1383, "0 30 0/1 * * *", "2016-11-06 01:30 -04:00", "2016-11-06 01:30 -04:00"),
        Fact(.backwardEst, 1384, "0 30 0/1 * * *", "2016-11-06 01:59 -04:00", "2016-11-06 01:30 -05:00"),
        Fact(.backwardEst, 1385, "0 30 */1 * * *", "2016-11-06 01:30 -04:00", "2016-11-06 01:30 -05:00", inclusive: false),
        Fact(.backwardEst, 1386, "0 30 0/1 * * *", "2016-11-06 01:30 -04:00", "2016-11-06 01:30 -05:00", inclusive: false),
        Fact(.backwardEst, 1388, "0 30 1-9 * * *", "2016-11-06 01:30 -04:00", "2016-11-06 01:30 -04:00"),
        Fact(.backwardEst, 1389, "0 30 1-9 * * *", "2016-11-06 01:59 -04:00", "2016-11-06 01:30 -05:00"),
        Fact(.backwardEst, 1390, "0 30 1-9 * * *", "2016-11-06 01:30 -04:00", "2016-11-06 01:30 -05:00", inclusive: false),
        Fact(.backwardEst, 1392, "0 */30 1 * * *", "2016-11-06 01:00 -04:00", "2016-11-06 01:00 -04:00"),
        Fact(.backwardEst, 1393, "0 */30 1 * * *", "2016-11-06 01:20 -04:00", "2016-11-06 01:30 -04:00"),
        Fact(.backwardEst, 1394, "0 */30 1 * * *", "2016-11-06 01:59 -04:00", "2016-11-06 01:00 -05:00"),
        Fact(.backwardEst, 1395, "0 */30 1 * * *", "2016-11-06 01:20 -05:00", "2016-11-06 01:30 -05:00"),
        Fact(.backwardEst, 1396, "0 */30 1 * * *", "2016-11-06 01:00 -04:00", "2016-11-06 01:30 -04:00", inclusive: false),
        Fact(.backwardEst, 1397, "0 */30 1 * * *", "2016-11-06 01:30 -04:00", "2016-11-06 01:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1399, "0 0/30 1 * * *", "2016-11-06 01:00 -04:00", "2016-11-06 01:00 -04:00"),
        Fact(.backwardEst, 1400, "0 0/30 1 * * *", "2016-11-06 01:20 -04:00", "2016-11-06 01:30 -04:00"),
        Fact(.backwardEst, 1401, "0 0/30 1 * * *", "2016-11-06 01:59 -04:00", "2016-11-06 01:00 -05:00"),
        Fact(.backwardEst, 1402, "0 0/30 1 * * *", "2016-11-06 01:20 -05:00", "2016-11-06 01:30 -05:00"),
        Fact(.backwardEst, 1403, "0 0/30 1 * * *", "2016-11-06 01:00 -04:00", "2016-11-06 01:30 -04:00", inclusive: false),
        Fact(.backwardEst, 1404, "0 0/30 1 * * *", "2016-11-06 01:30 -04:00", "2016-11-06 01:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1405, "0 0/30 1 * * *", "2016-11-06 01:00 -05:00", "2016-11-06 01:30 -05:00", inclusive: false),
        Fact(.backwardEst, 1407, "0 0-30 1 * * *", "2016-11-06 01:00 -04:00", "2016-11-06 01:00 -04:00"),
        Fact(.backwardEst, 1408, "0 0-30 1 * * *", "2016-11-06 01:20 -04:00", "2016-11-06 01:20 -04:00"),
        Fact(.backwardEst, 1409, "0 0-30 1 * * *", "2016-11-06 01:59 -04:00", "2016-11-06 01:00 -05:00"),
        Fact(.backwardEst, 1410, "0 0-30 1 * * *", "2016-11-06 01:20 -05:00", "2016-11-06 01:20 -05:00"),
        Fact(.backwardEst, 1411, "0 0-30 1 * * *", "2016-11-06 01:00 -04:00", "2016-11-06 01:01 -04:00", inclusive: false),
        Fact(.backwardEst, 1412, "0 0-30 1 * * *", "2016-11-06 01:20 -04:00", "2016-11-06 01:21 -04:00", inclusive: false),
        Fact(.backwardEst, 1413, "0 0-30 1 * * *", "2016-11-06 01:59 -04:00", "2016-11-06 01:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1414, "0 0-30 1 * * *", "2016-11-06 01:20 -05:00", "2016-11-06 01:21 -05:00", inclusive: false),
        Fact(.backwardEst, 1416, "*/30 0 1 * * *", "2016-11-06 00:30:00 -04:00", "2016-11-06 01:00:00 -04:00"),
        Fact(.backwardEst, 1417, "*/30 0 1 * * *", "2016-11-06 01:00:01 -04:00", "2016-11-06 01:00:30 -04:00"),
        Fact(.backwardEst, 1418, "*/30 0 1 * * *", "2016-11-06 01:00:31 -04:00", "2016-11-06 01:00:00 -05:00"),
        Fact(.backwardEst, 1419, "*/30 0 1 * * *", "2016-11-06 01:00:01 -05:00", "2016-11-06 01:00:30 -05:00"),
        Fact(.backwardEst, 1420, "*/30 0 1 * * *", "2016-11-06 01:00:31 -05:00", "2016-11-07 01:00:00 -05:00"),
        Fact(.backwardEst, 1421, "*/30 0 1 * * *", "2016-11-06 00:30:00 -04:00", "2016-11-06 01:00:00 -04:00", inclusive: false),
        Fact(.backwardEst, 1422, "*/30 0 1 * * *", "2016-11-06 01:00:00 -04:00", "2016-11-06 01:00:30 -04:00", inclusive: false),
        Fact(.backwardEst, 1423, "*/30 0 1 * * *", "2016-11-06 01:00:30 -04:00", "2016-11-06 01:00:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1424, "*/30 0 1 * * *", "2016-11-06 01:00:00 -05:00", "2016-11-06 01:00:30 -05:00", inclusive: false),
        Fact(.backwardEst, 1425, "*/30 0 1 * * *", "2016-11-06 01:00:30 -05:00", "2016-11-07 01:00:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1427, "0/30 0 1 * * *", "2016-11-06 00:30:00 -04:00", "2016-11-06 01:00:00 -04:00"),
        Fact(.backwardEst, 1428, "0/30 0 1 * * *", "2016-11-06 01:00:01 -04:00", "2016-11-06 01:00:30 -04:00"),
        Fact(.backwardEst, 1429, "0/30 0 1 * * *", "2016-11-06 01:00:31 -04:00", "2016-11-06 01:00:00 -05:00"),
        Fact(.backwardEst, 1430, "0/30 0 1 * * *", "2016-11-06 01:00:01 -05:00", "2016-11-06 01:00:30 -05:00"),
        Fact(.backwardEst, 1431, "0/30 0 1 * * *", "2016-11-06 01:00:31 -05:00", "2016-11-07 01:00:00 -05:00"),
        Fact(.backwardEst, 1432, "0/30 0 1 * * *", "2016-11-06 00:30:00 -04:00", "2016-11-06 01:00:00 -04:00", inclusive: false),
        Fact(.backwardEst, 1433, "0/30 0 1 * * *", "2016-11-06 01:00:00 -04:00", "2016-11-06 01:00:30 -04:00", inclusive: false),
        Fact(.backwardEst, 1434, "0/30 0 1 * * *", "2016-11-06 01:00:30 -04:00", "2016-11-06 01:00:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1435, "0/30 0 1 * * *", "2016-11-06 01:00:00 -05:00", "2016-11-06 01:00:30 -05:00", inclusive: false),
        Fact(.backwardEst, 1436, "0/30 0 1 * * *", "2016-11-06 01:00:30 -05:00", "2016-11-07 01:00:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1438, "0-30 0 1 * * *", "2016-11-06 00:30:00 -04:00", "2016-11-06 01:00:00 -04:00"),
        Fact(.backwardEst, 1439, "0-30 0 1 * * *", "2016-11-06 01:00:01 -04:00", "2016-11-06 01:00:01 -04:00"),
        Fact(.backwardEst, 1440, "0-30 0 1 * * *", "2016-11-06 01:00:31 -04:00", "2016-11-06 01:00:00 -05:00"),
        Fact(.backwardEst, 1441, "0-30 0 1 * * *", "2016-11-06 01:00:01 -05:00", "2016-11-06 01:00:01 -05:00"),
        Fact(.backwardEst, 1442, "0-30 0 1 * * *", "2016-11-06 01:00:31 -05:00", "2016-11-07 01:00:00 -05:00"),
        Fact(.backwardEst, 1443, "0-30 0 1 * * *", "2016-11-06 00:30:00 -04:00", "2016-11-06 01:00:00 -04:00", inclusive: false),
        Fact(.backwardEst, 1444, "0-30 0 1 * * *", "2016-11-06 01:00:00 -04:00", "2016-11-06 01:00:01 -04:00", inclusive: false),
        Fact(.backwardEst, 1445, "0-30 0 1 * * *", "2016-11-06 01:00:30 -04:00", "2016-11-06 01:00:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1446, "0-30 0 1 * * *", "2016-11-06 01:00:00 -05:00", "2016-11-06 01:00:01 -05:00", inclusive: false),
        Fact(.backwardEst, 1447, "0-30 0 1 * * *", "2016-11-06 01:00:30 -05:00", "2016-11-07 01:00:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1450, "0 0,30 1 * * *", "2016-11-06 01:00 -04:00", "2016-11-06 01:00 -04:00"),
        Fact(.backwardEst, 1451, "0 0,30 1 * * *", "2016-11-06 01:20 -04:00", "2016-11-06 01:30 -04:00"),
        Fact(.backwardEst, 1452, "0 0,30 1 * * *", "2016-11-06 01:00 -05:00", "2016-11-07 01:00 -05:00"),
        Fact(.backwardEst, 1453, "0 0,30 1 * * *", "2016-11-06 01:00 -04:00", "2016-11-06 01:30 -04:00", inclusive: false),
        Fact(.backwardEst, 1454, "0 0,30 1 * * *", "2016-11-06 01:30 -04:00", "2016-11-07 01:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1456, "0 0,30 1 * 1/2 *", "2016-11-06 01:00 -04:00", "2016-11-06 01:00 -04:00"),
        Fact(.backwardEst, 1457, "0 0,30 1 * 1/2 *", "2016-11-06 01:20 -04:00", "2016-11-06 01:30 -04:00"),
        Fact(.backwardEst, 1458, "0 0,30 1 * 1/2 *", "2016-11-06 01:00 -05:00", "2016-11-07 01:00 -05:00"),
        Fact(.backwardEst, 1459, "0 0,30 1 * 1/2 *", "2016-11-06 01:00 -04:00", "2016-11-06 01:30 -04:00", inclusive: false),
        Fact(.backwardEst, 1460, "0 0,30 1 * 1/2 *", "2016-11-06 01:30 -04:00", "2016-11-07 01:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1462, "0 0,30 1 6/1 1-12 0/1", "2016-11-06 01:00 -04:00", "2016-11-06 01:00 -04:00"),
        Fact(.backwardEst, 1463, "0 0,30 1 6/1 1-12 0/1", "2016-11-06 01:20 -04:00", "2016-11-06 01:30 -04:00"),
        Fact(.backwardEst, 1464, "0 0,30 1 6/1 1-12 0/1", "2016-11-06 01:00 -05:00", "2016-11-07 01:00 -05:00"),
        Fact(.backwardEst, 1465, "0 0,30 1 6/1 1-12 0/1", "2016-11-06 01:00 -04:00", "2016-11-06 01:30 -04:00", inclusive: false),
        Fact(.backwardEst, 1466, "0 0,30 1 6/1 1-12 0/1", "2016-11-06 01:30 -04:00", "2016-11-07 01:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1468, "0 0 1 * * *", "2016-11-06 01:00 -04:00", "2016-11-06 01:00 -04:00"),
        Fact(.backwardEst, 1469, "0 0 1 * * *", "2016-11-06 01:00 -05:00", "2016-11-07 01:00 -05:00"),
        Fact(.backwardEst, 1470, "0 0 1 * * *", "2016-11-06 01:00 -04:00", "2016-11-07 01:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1472, "0 0 1 6 11 *", "2015-11-07 01:00 -05:00", "2016-11-06 01:00 -04:00"),
        Fact(.backwardEst, 1473, "0 0 1 6 11 *", "2015-11-07 01:00 -05:00", "2016-11-06 01:00 -04:00", inclusive: false),
        Fact(.backwardEst, 1475, "0 0 1 * 11 SUN#1", "2015-11-01 01:00 -05:00", "2016-11-06 01:00 -04:00"),
        Fact(.backwardEst, 1476, "0 0 1 * 11 SUN#1", "2015-11-01 01:00 -05:00", "2016-11-06 01:00 -04:00", inclusive: false),
        Fact(.backwardEst, 1480, "0 0 2 * * *", "2016-11-06 01:45 -04:00", "2016-11-06 02:00 -05:00", inclusive: false),
        Fact(.backwardEst, 1481, "0 0 2 * * *", "2016-11-06 01:45 -05:00", "2016-11-06 02:00 -05:00", inclusive: false),
        // GetNextOccurrence_HandleDST_WhenTheClockJumpsBackwardAndDeltaIsNotHour
        Fact(.backwardHalfHour, 1515, "0 */30 */2 * * *", "2017-04-02 01:30 +11:00", "2017-04-02 02:00 +10:30"),
        Fact(.backwardHalfHour, 1516, "0 0 */2 * * *", "2017-04-02 00:30 +11:00", "2017-04-02 02:00 +10:30"),
        Fact(.backwardHalfHour, 1517, "0 0 0/2 * * *", "2017-04-02 00:30 +11:00", "2017-04-02 02:00 +10:30"),
        Fact(.backwardHalfHour, 1518, "0 0 2-3 * * *", "2017-04-02 00:30 +11:00", "2017-04-02 02:00 +10:30"),
        Fact(.backwardHalfHour, 1521, "0 */30 * * * *", "2017-04-02 01:30 +11:00", "2017-04-02 01:30 +11:00"),
        Fact(.backwardHalfHour, 1522, "0 */30 * * * *", "2017-04-02 01:59 +11:00", "2017-04-02 01:30 +10:30"),
        Fact(.backwardHalfHour, 1523, "0 */30 * * * *", "2017-04-02 01:15 +10:30", "2017-04-02 01:30 +10:30"),
        Fact(.backwardHalfHour, 1525, "0 30 * * * *", "2017-04-02 01:30 +11:00", "2017-04-02 01:30 +11:00"),
        Fact(.backwardHalfHour, 1526, "0 30 * * * *", "2017-04-02 01:59 +11:00", "2017-04-02 01:30 +10:30"),
        Fact(.backwardHalfHour, 1528, "0 30 */1 * * *", "2017-04-02 01:30 +11:00", "2017-04-02 01:30 +11:00"),
        Fact(.backwardHalfHour, 1529, "0 30 */1 * * *", "2017-04-02 01:59 +11:00", "2017-04-02 01:30 +10:30"),
        Fact(.backwardHalfHour, 1530, "0 30 0/1 * * *", "2017-04-02 01:30 +11:00", "2017-04-02 01:30 +11:00"),
        Fact(.backwardHalfHour, 1531, "0 30 0/1 * * *", "2017-04-02 01:59 +11:00", "2017-04-02 01:30 +10:30"),
        Fact(.backwardHalfHour, 1533, "0 30 1-9 * * *", "2017-04-02 01:30 +11:00", "2017-04-02 01:30 +11:00"),
        Fact(.backwardHalfHour, 1534, "0 30 1-9 * * *", "2017-04-02 01:59 +11:00", "2017-04-02 01:30 +10:30"),
        Fact(.backwardHalfHour, 1536, "0 */30 1 * * *", "2017-04-02 01:00 +11:00", "2017-04-02 01:00 +11:00"),
        Fact(.backwardHalfHour, 1537, "0 */30 1 * * *", "2017-04-02 01:20 +11:00", "2017-04-02 01:30 +11:00"),
        Fact(.backwardHalfHour, 1538, "0 */30 1 * * *", "2017-04-02 01:59 +11:00", "2017-04-02 01:30 +10:30"),
        Fact(.backwardHalfHour, 1540, "0 0/30 1 * * *", "2017-04-02 01:00 +11:00", "2017-04-02 01:00 +11:00"),
        Fact(.backwardHalfHour, 1541, "0 0/30 1 * * *", "2017-04-02 01:20 +11:00", "2017-04-02 01:30 +11:00"),
        Fact(.backwardHalfHour, 1542, "0 0/30 1 * * *", "2017-04-02 01:59 +11:00", "2017-04-02 01:30 +10:30"),
        Fact(.backwardHalfHour, 1544, "0 0-30 1 * * *", "2017-04-02 01:00 +11:00", "2017-04-02 01:00 +11:00"),
        Fact(.backwardHalfHour, 1545, "0 0-30 1 * * *", "2017-04-02 01:20 +11:00", "2017-04-02 01:20 +11:00"),
        Fact(.backwardHalfHour, 1546, "0 0-30 1 * * *", "2017-04-02 01:59 +11:00", "2017-04-02 01:30 +10:30"),
        Fact(.backwardHalfHour, 1548, "*/30 30 1 * * *", "2017-04-02 00:30:00 +11:00", "2017-04-02 01:30:00 +11:00"),
        Fact(.backwardHalfHour, 1549, "*/30 30 1 * * *", "2017-04-02 01:30:01 +11:00", "2017-04-02 01:30:30 +11:00"),
        Fact(.backwardHalfHour, 1550, "*/30 30 1 * * *", "2017-04-02 01:30:31 +11:00", "2017-04-02 01:30:00 +10:30"),
        Fact(.backwardHalfHour, 1551, "*/30 30 1 * * *", "2017-04-02 01:30:01 +10:30", "2017-04-02 01:30:30 +10:30"),
        Fact(.backwardHalfHour, 1552, "*/30 30 1 * * *", "2017-04-02 01:30:31 +10:30", "2017-04-03 01:30:00 +10:30"),
        Fact(.backwardHalfHour, 1554, "0/30 30 1 * * *", "2017-04-02 00:30:00 +11:00", "2017-04-02 01:30:00 +11:00"),
        Fact(.backwardHalfHour, 1555, "0/30 30 1 * * *", "2017-04-02 01:30:01 +11:00", "2017-04-02 01:30:30 +11:00"),
        Fact(.backwardHalfHour, 1556, "0/30 30 1 * * *", "2017-04-02 01:30:31 +11:00", "2017-04-02 01:30:00 +10:30"),
        Fact(.backwardHalfHour, 1557, "0/30 30 1 * * *", "2017-04-02 01:30:01 +10:30", "2017-04-02 01:30:30 +10:30"),
        Fact(.backwardHalfHour, 1558, "0/30 30 1 * * *", "2017-04-02 01:30:31 +10:30", "2017-04-03 01:30:00 +10:30"),
        Fact(.backwardHalfHour, 1560, "0-30 30 1 * * *", "2017-04-02 00:30:00 +11:00", "2017-04-02 01:30:00 +11:00"),
        Fact(.backwardHalfHour, 1561, "0-30 30 1 * * *", "2017-04-02 01:30:01 +11:00", "2017-04-02 01:30:01 +11:00"),
        Fact(.backwardHalfHour, 1562, "0-30 30 1 * * *", "2017-04-02 01:30:31 +11:00", "2017-04-02 01:30:00 +10:30"),
        Fact(.backwardHalfHour, 1563, "0-30 30 1 * * *", "2017-04-02 01:30:01 +10:30", "2017-04-02 01:30:01 +10:30"),
        Fact(.backwardHalfHour, 1564, "0-30 30 1 * * *", "2017-04-02 01:30:31 +10:30", "2017-04-03 01:30:00 +10:30"),
        Fact(.backwardHalfHour, 1567, "0 0,30 1 * * *", "2017-04-02 01:00 +11:00", "2017-04-02 01:00 +11:00"),
        Fact(.backwardHalfHour, 1568, "0 0,30 1 * * *", "2017-04-02 01:20 +11:00", "2017-04-02 01:30 +11:00"),
        Fact(.backwardHalfHour, 1569, "0 0,30 1 * * *", "2017-04-02 01:30 +10:30", "2017-04-03 01:00 +10:30"),
        Fact(.backwardHalfHour, 1571, "0 0,30 1 * 2/2 *", "2017-04-02 01:00 +11:00", "2017-04-02 01:00 +11:00"),
        Fact(.backwardHalfHour, 1572, "0 0,30 1 * 2/2 *", "2017-04-02 01:20 +11:00", "2017-04-02 01:30 +11:00"),
        Fact(.backwardHalfHour, 1573, "0 0,30 1 * 2/2 *", "2017-04-02 01:30 +10:30", "2017-04-03 01:00 +10:30"),
        Fact(.backwardHalfHour, 1575, "0 0,30 1 2/1 1-12 0/1", "2017-04-02 01:00 +11:00", "2017-04-02 01:00 +11:00"),
        Fact(.backwardHalfHour, 1576, "0 0,30 1 2/1 1-12 0/1", "2017-04-02 01:20 +11:00", "2017-04-02 01:30 +11:00"),
        Fact(.backwardHalfHour, 1577, "0 0,30 1 2/1 1-12 0/1", "2017-04-02 01:30 +10:30", "2017-04-03 01:00 +10:30"),
        Fact(.backwardHalfHour, 1579, "0 30 1 * * *", "2017-04-02 01:30 +11:00", "2017-04-02 01:30 +11:00"),
        Fact(.backwardHalfHour, 1580, "0 30 1 * * *", "2017-04-02 01:30 +10:30", "2017-04-03 01:30 +10:30"),
        // GetNextOccurrence_ReturnsCorrectDateTimeOffset
        Fact(.offsetsEst, 1637, "0 */30 * * * *", "2016-03-12 23:15 -05:00", "2016-03-12 23:30 -05:00"),
        Fact(.offsetsEst, 1638, "0 */30 * * * *", "2016-03-12 23:45 -05:00", "2016-03-13 00:00 -05:00"),
        Fact(.offsetsEst, 1639, "0 */30 * * * *", "2016-03-13 00:15 -05:00", "2016-03-13 00:30 -05:00"),
        Fact(.offsetsEst, 1640, "0 */30 * * * *", "2016-03-13 00:45 -05:00", "2016-03-13 01:00 -05:00"),
        Fact(.offsetsEst, 1641, "0 */30 * * * *", "2016-03-13 01:45 -05:00", "2016-03-13 03:00 -04:00"),
        Fact(.offsetsEst, 1642, "0 */30 * * * *", "2016-03-13 03:15 -04:00", "2016-03-13 03:30 -04:00"),
        Fact(.offsetsEst, 1643, "0 */30 * * * *", "2016-03-13 03:45 -04:00", "2016-03-13 04:00 -04:00"),
        Fact(.offsetsEst, 1644, "0 */30 * * * *", "2016-03-13 04:15 -04:00", "2016-03-13 04:30 -04:00"),
        Fact(.offsetsEst, 1645, "0 */30 * * * *", "2016-03-13 04:45 -04:00", "2016-03-13 05:00 -04:00"),
        Fact(.offsetsEst, 1647, "0 */30 * * * *", "2016-11-05 23:10 -04:00", "2016-11-05 23:30 -04:00"),
        Fact(.offsetsEst, 1648, "0 */30 * * * *", "2016-11-05 23:50 -04:00", "2016-11-06 00:00 -04:00"),
        Fact(.offsetsEst, 1649, "0 */30 * * * *", "2016-11-06 00:10 -04:00", "2016-11-06 00:30 -04:00"),
        Fact(.offsetsEst, 1650, "0 */30 * * * *", "2016-11-06 00:50 -04:00", "2016-11-06 01:00 -04:00"),
        Fact(.offsetsEst, 1651, "0 */30 * * * *", "2016-11-06 01:10 -04:00", "2016-11-06 01:30 -04:00"),
        Fact(.offsetsEst, 1652, "0 */30 * * * *", "2016-11-06 01:50 -04:00", "2016-11-06 01:00 -05:00"),
        Fact(.offsetsEst, 1653, "0 */30 * * * *", "2016-11-06 01:10 -05:00", "2016-11-06 01:30 -05:00"),
        Fact(.offsetsEst, 1654, "0 */30 * * * *", "2016-11-06 01:50 -05:00", "2016-11-06 02:00 -05:00"),
        Fact(.offsetsEst, 1655, "0 */30 * * * *", "2016-11-06 02:10 -05:00", "2016-11-06 02:30 -05:00"),
        Fact(.offsetsEst, 1656, "0 */30 * * * *", "2016-11-06 02:50 -05:00", "2016-11-06 03:00 -05:00"),
        // GetNextOccurrence_HandleDifficultDSTCases_WhenTheClockJumpsForwardOnFriday
        Fact(.forwardFridayJordan, 1671, "30 0 L * *", "2017-03-30 23:59 +02:00", "2017-03-31 01:00 +03:00"),
        Fact(.forwardFridayJordan, 1672, "30 0 L * *", "2017-03-31 01:00 +03:00", "2017-04-30 00:30 +03:00"),
        Fact(.forwardFridayJordan, 1673, "30 0 LW * *", "2018-03-29 23:59 +02:00", "2018-03-30 01:00 +03:00"),
        Fact(.forwardFridayJordan, 1674, "30 0 LW * *", "2018-03-30 01:00 +03:00", "2018-04-30 00:30 +03:00"),
        // GetNextOccurrence_HandleDifficultDSTCases_WhenTheClockJumpsBackwardOnFriday
        Fact(.backwardFridayJordan, 1696, "30 0 L * *", "2014-10-31 00:30 +02:00", "2014-11-30 00:30 +02:00"),
        Fact(.backwardFridayJordan, 1697, "30 0 L * *", "2014-10-31 00:30 +03:00", "2014-10-31 00:30 +03:00"),
        Fact(.backwardFridayJordan, 1698, "30 0 LW * *", "2015-10-30 00:30 +02:00", "2015-11-30 00:30 +02:00"),
        Fact(.backwardFridayJordan, 1699, "30 0 LW * *", "2015-10-30 00:30 +03:00", "2015-10-30 00:30 +03:00"),
        Fact(.backwardFridayJordan, 1701, "30 0 29 * *", "2019-03-28 23:59 +02:00", "2019-03-29 01:00 +03:00"),
        // GetNextOccurrence_HandlesBorderConditions_WhenDSTEnds (a [Fact]): `59 59 01 * * *` from 2016-11-06 02:00 −05:00 less
        // one tick, inclusive, is 2016-11-07 01:59:59 −05:00 (01:59:59 −05:00 that day, the repeated one, is not run again).
        Fact(.borderEst, 1497, "59 59 01 * * *", "2016-11-06 01:59:59.9999999 -05:00", "2016-11-07 01:59:59 -05:00"),
    ]
}
