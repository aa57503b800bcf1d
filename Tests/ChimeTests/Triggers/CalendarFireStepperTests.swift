import Foundation
import Testing
@testable import Chime
@testable import ChimeZones
@testable import ChimeTestSupport
@testable import ChimeTestCases

/// `CalendarFireStepper` (used by `FireIterator` and `chime batch`) steps a daily or weekly
/// trigger's chain a day or a week at a time. Its chains are held against the general search
/// alone (`searchWithoutFastPath`, each fire from the one before) and, for the notification
/// defaults, against Foundation's `Calendar.nextDate` chained the same way.
@Suite struct CalendarFireStepperTests {
    /// 12,000 seeded walks of 12 fires: `CalendarFastPathTests`' random shapes and policies, in
    /// both semantics, on every fixture zone, starting near transitions half the time (so the
    /// walks cross them).
    @Test func walksMatchTheGeneralSearchChained() throws {
        let zones = try Fixtures.zoneIdentifiers.map { try Fixtures.tzifDatabase.rules(for: $0) }
        var rng = SplitMix64(seed: 0x57E9_2026)
        var differences: [String] = [], steps = 0, fires = 0
        for _ in 0..<12_000 {
            let zone = zones[rng.next(in: 0...zones.count - 1)]
            var trigger = try CalendarFastPathTests.randomTrigger(&rng)
            if rng.next(in: 0...2) == 0 {
                trigger = try CalendarTrigger(components: trigger.components, matchingPolicy: trigger.matchingPolicy,
                                              repeatedTimePolicy: trigger.repeatedTimePolicy, gapPolicy: trigger.gapPolicy,
                                              overlapPolicy: trigger.overlapPolicy, semantics: .consistent)
            }
            let start = CalendarFastPathTests.seededStart(around: Int64.random(in: CalendarFastPathTests.from...CalendarFastPathTests.until, using: &rng),
                                                          in: zone, &rng)
            var walk = FireIterator(trigger: .calendar(trigger), zone: zone, start: start)
            var cursor = start
            var period = ZonePeriod(start: 0, end: 0, type: CompactLocalTimeType(utcOffset: 0, abbreviationID: 0, isDST: false))
            var previous: Fire?
            for index in 0..<12 {
                let expected = Result { () throws(TriggerError) in try trigger.searchWithoutFastPath(from: cursor, in: zone, forward: true) }
                let actual = Result { () throws(TriggerError) in try walk.nextFire() }
                if let previous, case .daily(let path) = trigger.fastPath, path.step(from: previous, in: zone, period: &period) != nil { steps += 1 }
                guard actual == expected else {
                    differences.append("\(zone.identifier) \(trigger.components) \(trigger.semantics) after \(start), fire \(index): \(actual) vs the search's \(expected)")
                    break
                }
                guard case .success(let fire?) = actual else { break }
                fires += 1
                previous = fire
                cursor = fire.instant
            }
        }
        Differences.expectNone(differences, of: 12_000, "walks differ from the general search")
        // Most of a daily or weekly walk's fires are steps, or this proves nothing.
        #expect(steps * 4 > fires, "\(steps) of \(fires) fires stepped")
    }

    /// `DailyFastPath.steps` (a run of fires a day or a week apart, which `chime batch` writes
    /// without asking for each): after a daily or weekly trigger's fire, the next `steps` fires
    /// the general search finds, each from the one before, are that fire a stride, two strides, …
    /// later at its offset, `exact` — and the general search's next one is not, or the run
    /// stopped at its limit or at a transition's window. 8,000 seeded walks, both semantics.
    @Test func runsAreTheGeneralSearchsNextFires() throws {
        let zones = try Fixtures.zoneIdentifiers.map { try Fixtures.tzifDatabase.rules(for: $0) }
        var rng = SplitMix64(seed: 0x5EED_2026)
        var differences: [String] = [], runFires = 0, walks = 0
        while walks < 8_000 {
            let zone = zones[rng.next(in: 0...zones.count - 1)]
            var c = CalendarComponents(hour: rng.next(in: 0...23), minute: [0, 30, rng.next(in: 0...59)][rng.next(in: 0...2)])
            if rng.next(in: 0...2) == 0 { c.weekday = rng.next(in: 1...7) }
            let trigger = try CalendarTrigger(components: c, semantics: rng.next(in: 0...1) == 0 ? .apple : .consistent)
            guard case .daily(let path) = trigger.fastPath else { continue }
            walks += 1
            let start = CalendarFastPathTests.seededStart(around: Int64.random(in: CalendarFastPathTests.from...CalendarFastPathTests.until, using: &rng),
                                                          in: zone, &rng)
            guard let first = try trigger.searchWithoutFastPath(from: start, in: zone, forward: true) else { continue }
            var period = ZonePeriod(start: 0, end: 0, type: CompactLocalTimeType(utcOffset: 0, abbreviationID: 0, isDST: false))
            let limit = rng.next(in: 1...60)
            let run = path.steps(from: first, limit: limit, in: zone, period: &period)
            var previous = first
            for k in 0...run {
                guard let next = try trigger.searchWithoutFastPath(from: previous.instant, in: zone, forward: true) else { break }
                if k < run {
                    runFires += 1
                    let expected = first.later(by: Int64(k + 1) * path.stride)
                    if next != expected || next.type != first.type {
                        differences.append("\(zone.identifier) \(c) after \(first.instant): run fire \(k + 1) of \(run) is \(expected.instant), the search's \(next.instant) \(next.adjustment)")
                        break
                    }
                } else if run < limit, next == first.later(by: Int64(k + 1) * path.stride) {
                    // A run that stops early stops at a transition's window: the search's next
                    // fire may still be a stride later, but then the window holds a transition.
                    let wall = next.instant.seconds + Int64(next.offset)
                    let spanStart = wall - path.stride - Int64(zone.table.maxOffset), spanEnd = wall - Int64(zone.table.minOffset)
                    if zone.transitions(from: Instant(seconds: spanStart), to: Instant(seconds: spanEnd + 1)).isEmpty && run > 0 {
                        differences.append("\(zone.identifier) \(c) after \(first.instant): the run stopped at \(run) with no transition near \(next.instant)")
                    }
                }
                previous = next
            }
        }
        Differences.expectNone(differences, of: walks, "runs differ from the general search")
        #expect(runFires > walks * 5, "only \(runFires) fires in runs")
    }

    /// Daily and weekly triggers with the notification defaults, 10 fires from random starts in
    /// 2000–2040 (half near a transition) in zones with DST, against Foundation chaining
    /// `nextDate(after:matching:matchingPolicy:repeatedTimePolicy:direction:)` from each answer.
    /// Not Lord Howe: Foundation skips the day of its half-hour gap (docs/apple-semantics.md, Q9),
    /// where Chime fires at 02:30 (`FoundationDivergenceTests.foundationHalfHourTransitions`).
    @Test func walksMatchFoundationChained() throws {
        let zoneIDs = ["America/New_York", "Europe/Paris", "Europe/London", "America/St_Johns", "Asia/Jerusalem",
                       "Pacific/Auckland", "America/Santiago", "Europe/Dublin", "Africa/Casablanca", "America/Havana"]
        var rng = SplitMix64(seed: 0xF0D7_2026)
        var differences: [String] = [], compared = 0
        for _ in 0..<1_500 {
            let id = zoneIDs[rng.next(in: 0...zoneIDs.count - 1)]
            let zone = try Fixtures.tzifDatabase.rules(for: id)
            // 2000-01-01T00:00:00Z … 2040-01-01T00:00:00Z.
            let start = CalendarFastPathTests.seededStart(around: Int64(rng.next(in: 946_684_800...2_208_988_800)), in: zone, &rng)
            guard start.seconds < 2_208_988_800 else { continue }
            var c = FoundationCase(zone: id, startSeconds: start.seconds)
            c.hour = rng.next(in: 0...3) == 0 ? [0, 1, 2, 3][rng.next(in: 0...3)] : rng.next(in: 0...23)
            c.minute = [0, 30, rng.next(in: 0...59)][rng.next(in: 0...2)]
            if rng.next(in: 0...2) == 0 { c.weekday = rng.next(in: 1...7) }
            let trigger = try CalendarTrigger(components: CalendarComponents(hour: c.hour, minute: c.minute, weekday: c.weekday))
            var walk = FireIterator(trigger: .calendar(trigger), zone: zone, start: start)
            for _ in 0..<10 {
                guard let expected = FoundationOracle.nextDate(c), let fire = try walk.nextFire() else {
                    differences.append("\(c): one side ended")
                    break
                }
                compared += 1
                if fire.instant != Instant(seconds: expected.seconds, nanoseconds: expected.nanoseconds) {
                    differences.append("\(c): chime \(fire.instant), Foundation \(expected.seconds)")
                    break
                }
                c.startSeconds = expected.seconds
            }
        }
        Differences.expectNone(differences, of: compared, "chained fires differ from Foundation's")
        #expect(compared > 10_000)
    }
}
