import Foundation
import Testing
@testable import Chime
@testable import ChimeTestSupport
@testable import ChimeTestCases

@Suite struct IntervalTriggerTests {
    /// Exact elapsed time: 5400.25 s after 2026-01-01T00:00:00Z is 01:30:00.250Z, then 03:00:00.500Z.
    @Test func fractionalIntervalsStayExact() throws {
        let utc = try Fixtures.tzifDatabase.rules(for: "Etc/UTC")
        let anchor = Instant(seconds: 1_767_225_600)
        let trigger = Trigger.interval(try IntervalTrigger(interval: try ExactDuration(decimal: "5400.25"), repeats: true, anchor: anchor))
        let fires = try trigger.fires(after: anchor, in: utc, count: 3)
        #expect(fires.map(\.instant) == [Instant(seconds: 1_767_231_000, nanoseconds: 250_000_000),
                                         Instant(seconds: 1_767_236_400, nanoseconds: 500_000_000),
                                         Instant(seconds: 1_767_241_800, nanoseconds: 750_000_000)])
        // 0.1 s is 100,000,000 ns exactly (not 0.1000000000000000055…).
        #expect(try ExactDuration(decimal: "0.1").nanoseconds == 100_000_000)
        // A million steps of 60.000000001 s land exactly 1 ms past a million minutes.
        let fine = try IntervalTrigger(interval: try ExactDuration(decimal: "60.000000001"), repeats: true, anchor: anchor)
        let far = try #require(fine.nextFire(after: Instant(seconds: anchor.seconds + 60_000_000, nanoseconds: 999_999), in: utc))
        #expect(far.instant == Instant(seconds: anchor.seconds + 60_000_000, nanoseconds: 1_000_000))
    }

    /// DST never moves interval fires: 24 h after 2026-03-07T17:00:00Z (12:00 EST) is 13:00 EDT.
    @Test func dstDoesNotMoveIntervals() throws {
        let ny = try Fixtures.tzifDatabase.rules(for: "America/New_York")
        let anchor = Instant(seconds: 1_772_902_800)
        let daily = try IntervalTrigger(interval: try ExactDuration(seconds: 86_400), repeats: true, anchor: anchor, reportsWallClockDrift: true)
        let fire = try #require(daily.nextFire(after: anchor, in: ny))
        #expect(fire.instant.seconds == anchor.seconds + 86_400)
        #expect(fire.local.hour == 13 && fire.adjustment == .intervalWallClockDrift)
        #expect(daily.previousFire(before: fire.instant, in: ny) == nil, "the anchor itself is not a fire")
    }

    /// For random anchors, steps and instants (including > 290 years apart, the 128-bit path), the
    /// next fire is the first anchor + k·step (k ≥ 1) strictly after the instant — checked with
    /// 128-bit arithmetic written out here, independent of the trigger's own code.
    @Test func nextFireIsTheFirstMultipleAfter() throws {
        let utc = try Fixtures.tzifDatabase.rules(for: "Etc/UTC")
        var rng = SplitMix64(seed: 60)
        func nanos(_ i: Instant) -> Int128 { Int128(i.seconds) * 1_000_000_000 + Int128(i.nanoseconds) }
        for _ in 0..<20_000 {
            let anchor = Instant(seconds: Int64(rng.next(in: -30_000_000_000...200_000_000_000)), nanoseconds: Int32(rng.next(in: 0...999_999_999)))
            let step = Int64(rng.next(in: 60_000_000_000...(rng.next(in: 0...1) == 0 ? 100_000_000_000 : 40_000_000_000_000_000)))
            let after = Instant(seconds: anchor.seconds + Int64(rng.next(in: -10_000_000_000...12_000_000_000)), nanoseconds: Int32(rng.next(in: 0...999_999_999)))
            let trigger = try IntervalTrigger(interval: ExactDuration(nanoseconds: step), repeats: true, anchor: anchor)
            let elapsed = nanos(after) - nanos(anchor)
            let k: Int128 = elapsed < Int128(step) ? 1 : elapsed / Int128(step) + 1
            let expected = nanos(anchor) + k * Int128(step)
            if expected > Int128(Instant.supportedRange.upperBound.seconds) * 1_000_000_000 {
                #expect(trigger.nextFire(after: after, in: utc) == nil); continue
            }
            let fire = try #require(trigger.nextFire(after: after, in: utc))
            #expect(nanos(fire.instant) == expected, "anchor \(anchor) step \(step) after \(after)")
        }
    }

    @Test func oneShotFiresOnce() throws {
        let utc = try Fixtures.tzifDatabase.rules(for: "Etc/UTC")
        let trigger = Trigger.interval(try IntervalTrigger(interval: try ExactDuration(seconds: 30), repeats: false, anchor: Instant(seconds: 0)))
        #expect(try trigger.fires(after: Instant(seconds: 0), in: utc, count: 5).map(\.instant.seconds) == [30])
        #expect(try trigger.nextFire(after: Instant(seconds: 30), in: utc) == nil)
    }

    /// Apple: repeating intervals must be at least 60 s; any interval must be positive and finite.
    @Test(arguments: ["0", "-5", "nan", "inf", "1e3", "", "1.0000000001", "abc"])
    func invalidIntervalsAreErrors(_ text: String) {
        #expect(throws: TriggerError.self) {
            try IntervalTrigger(interval: try ExactDuration(decimal: text), repeats: false, anchor: Instant(seconds: 0))
        }
    }

    @Test func repeatingMinimum() throws {
        #expect(throws: TriggerError.repeatingIntervalTooShort(seconds: "59.999")) {
            try IntervalTrigger(interval: try ExactDuration(decimal: "59.999"), repeats: true, anchor: Instant(seconds: 0))
        }
        _ = try IntervalTrigger(interval: try ExactDuration(seconds: 60), repeats: true, anchor: Instant(seconds: 0))
        _ = try IntervalTrigger(interval: try ExactDuration(decimal: "0.5"), repeats: false, anchor: Instant(seconds: 0))
    }
}

@Suite struct TriggerCodableTests {
    /// The CONTRACT.md shapes decode, and encoding then decoding gives the same trigger.
    @Test func contractShapesRoundTrip() throws {
        let texts = [
            #"{"calendar": {"components": {"hour": 2, "minute": 30}, "matchingPolicy": "nextTime", "repeatedTimePolicy": "first", "direction": "forward", "repeats": true}}"#,
            #"{"calendar": {"components": {"weekday": 6, "weekdayOrdinal": -1, "hour": 17}, "gap": "shift", "overlap": "both", "firstWeekday": 2, "minimumDaysInFirstWeek": 4}}"#,
            #"{"interval": {"seconds": 5400, "repeats": true, "anchor": "2026-03-08T00:00:00Z"}}"#,
            #"{"interval": {"seconds": 0.25, "repeats": false, "anchor": "2026-03-08T00:00:00Z"}}"#,
            #"{"weekly": {"weekdays": [2, 4, 6], "time": "09:00:00"}}"#,
        ]
        for text in texts {
            let trigger = try JSONDecoder().decode(Trigger.self, from: Data(text.utf8))
            let again = try JSONDecoder().decode(Trigger.self, from: try JSONEncoder().encode(trigger))
            #expect(trigger == again, "\(text)")
        }
        let quarter = try JSONDecoder().decode(Trigger.self, from: Data(texts[3].utf8))
        guard case .interval(let t) = quarter else { Issue.record("expected an interval"); return }
        #expect(t.interval.nanoseconds == 250_000_000)
    }

    @Test(arguments: [
        #"{"calendar": {"components": {"weekday": 8}}}"#,
        #"{"calendar": {"components": {}}}"#,
        #"{"calendar": {"components": {"hour": 1}, "matchingPolicy": "sometimes"}}"#,
        #"{"interval": {"seconds": -1}}"#,
        #"{"interval": {"seconds": 30, "repeats": true}}"#,
        #"{"weekly": {"weekdays": [], "time": "09:00"}}"#,
        #"{"weekly": {"weekdays": [9], "time": "09:00"}}"#,
        #"{"sometimes": {}}"#,
    ])
    func invalidShapesAreErrors(_ text: String) {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Trigger.self, from: Data(text.utf8)) }
    }
}
