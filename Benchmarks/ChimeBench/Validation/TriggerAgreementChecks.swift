import Chime
import Foundation

/// The trigger scenarios' checks: Chime's next fire against Foundation's `Calendar.nextDate` on the
/// timed starts (the trigger zones) and on the quirk zones (reported, never timed); the interval's
/// defining properties; and `chime batch`'s responses against the library's own answers.
extension AgreementChecks {
    static func triggers(_ context: BenchContext) -> [Check] {
        var checks: [Check] = []
        for name in ["next.daily", "next.weekly", "next.day31", "next.feb29", "next.gap", "next.overlap"] {
            func workloadCase() -> TriggerWorkload.Case { context.triggers.calendarCases.first { $0.name == name }! }
            checks.append(Check(scenario: name) {
                let w = context.triggers, c = workloadCase()
                return calendar(c, c.starts, w.rules, w.zoneIDs, context.foundationCalendars, "trigger zones")
            })
            checks.append(Check(scenario: name) {
                let w = context.triggers, c = workloadCase()
                return calendar(c, c.quirkStarts, w.quirkRules, w.quirkIDs, context.foundationQuirkCalendars, "quirk zones, not timed")
            })
        }
        checks.append(Check(scenario: "next.interval") { interval(context) })
        checks.append(Check(scenario: "batch.throughput") { batch(context) })
        checks.append(Check(scenario: "batch.daily10") { dailyBatch(context) })
        return checks
    }

    /// Chime's `nextFire` against Foundation's `nextDate` (instants), with the mix of Chime's adjustments.
    private static func calendar(_ c: TriggerWorkload.Case, _ probes: [Probe], _ rules: [ZoneRules], _ ids: [String],
                                 _ foundation: FoundationCalendarPeer, _ zones: String) -> Agreement {
        let query = FoundationCalendarPeer.Query(c.trigger)
        var tally = AgreementTally()
        var adjustments: [FireAdjustment: Int] = [:]
        for p in probes {
            let after = Instant(seconds: p.seconds)
            let fire = (try? c.trigger.nextFire(after: after, in: rules[p.zone])) ?? nil
            let peer = foundation.nextDate(p.zone, after: p.seconds, query)
            if let fire { adjustments[fire.adjustment, default: 0] += 1 }
            let chime = fire.map { $0.instant.nanoseconds == 0 ? $0.instant.seconds : Int64.min }
            tally.record(chime == peer, "\(ids[p.zone]) after \(after.utcString): chime \(describe(fire)), Foundation \(peer.map { Instant(seconds: $0).utcString } ?? "nil")")
        }
        let mix = FireAdjustment.allCases.compactMap { a in adjustments[a].map { "\($0) \(a.rawValue)" } }
        // Gap and overlap starts exist only in zones with such days: name them.
        let covered = Set(probes.map(\.zone))
        let coverage = covered.count == ids.count ? "" : "; zones: " + ids.indices.filter(covered.contains).map { ids[$0] }.joined(separator: ", ")
        return tally.result(c.name, "next fire \(c.label): Chime tzif vs Foundation Calendar.nextDate, \(zones)",
                            note: probes.isEmpty ? "no such starts in these zones" : "answers: " + mix.joined(separator: ", ") + coverage)
    }

    private static func describe(_ fire: Fire?) -> String {
        guard let fire else { return "nil" }
        return "\(fire.instant.utcString) (\(fire.local) \(fire.abbreviation), \(fire.adjustment.rawValue))"
    }

    /// No peer has exact intervals; the check is the definition: the fire is `anchor + k·step`, the
    /// first such instant after the start, with the offset Foundation has at that instant.
    private static func interval(_ context: BenchContext) -> Agreement {
        let w = context.triggers, t = w.interval
        let step = t.interval.nanoseconds / 1_000_000_000
        let offsets = FoundationPeer(identifiers: w.zoneIDs)
        var tally = AgreementTally()
        for p in w.intervalStarts {
            let fire = t.nextFire(after: Instant(seconds: p.seconds), in: w.rules[p.zone])
            guard let fire else {
                tally.record(false, "\(w.zoneIDs[p.zone]) after \(Instant(seconds: p.seconds).utcString): no fire")
                continue
            }
            let s = fire.instant.seconds
            let onGrid = fire.instant.nanoseconds == 0 && (s - t.anchor.seconds) % step == 0
            let first = s > p.seconds && s - step <= p.seconds
            let offset = Int(fire.offset) == offsets.offset(p.zone, atSeconds: s)
            tally.record(onGrid && first && offset,
                         "\(w.zoneIDs[p.zone]) after \(Instant(seconds: p.seconds).utcString): chime \(describe(fire)), Foundation offset \(offsets.offset(p.zone, atSeconds: s))")
        }
        return tally.result("next.interval", "interval fires: anchor + k·\(step) s, first after the start; offset vs Foundation")
    }

    /// Runs the release binary once on the batch file, output to a file, and compares every
    /// response line with the library's answer to the same request (`utc`, `offset`, `adjustment`).
    private static func batch(_ context: BenchContext) -> Agreement {
        let comparison = "chime batch responses vs Trigger.nextFire in process (utc, offset, adjustment)"
        let w = context.triggers, b = context.batch
        var tally = AgreementTally()
        let lines: [Substring]
        switch runBatch(context, b.path, expecting: b.lineCount, "batch.throughput", comparison, &tally) {
        case .responses(let responses): lines = responses
        case .finished(let agreement): return agreement
        }
        let decoder = JSONDecoder()
        for (i, (line, r)) in zip(lines, b.requests).enumerated() {
            let kind = b.kinds[r.kind]
            let expected = (try? kind.trigger.nextFire(after: r.after, in: w.rules[r.zone])) ?? nil
            let response = try? decoder.decode(BatchResponse.self, from: Data(line.utf8))
            let fire = response?.fires?.first
            let agree = response?.id == "r\(i)" && response?.fires?.count == (expected == nil ? 0 : 1)
                && fire?.utc == expected?.instant.utcString && fire?.offset == expected.map { Int($0.offset) }
                && fire?.adjustment == expected?.adjustment.rawValue
            tally.record(agree, "line \(i + 1) (\(w.zoneIDs[r.zone]) after \(r.after.utcString), \(kind.json)): chime batch \(line), in process \(describe(expected))")
        }
        return tally.result("batch.throughput", comparison, note: "\(b.lineCount) requests, 8 trigger kinds")
    }

    /// Runs the release binary once on the `batch.daily10` file and compares every fire of every
    /// response line with Foundation's chained `nextDate` (each from the previous fire): the
    /// instants Foundation's side of the scenario computes.
    private static func dailyBatch(_ context: BenchContext) -> Agreement {
        let comparison = "chime batch fires vs Foundation Calendar.nextDate chained (utc of all \(DailyBatchWorkload.count) per line)"
        let w = context.dailyBatch, zoneIDs = context.triggers.zoneIDs, foundation = context.foundationCalendars
        var tally = AgreementTally()
        let lines: [Substring]
        switch runBatch(context, w.path, expecting: w.lineCount, "batch.daily10", comparison, &tally) {
        case .responses(let responses): lines = responses
        case .finished(let agreement): return agreement
        }
        let decoder = JSONDecoder()
        for (i, (line, r)) in zip(lines, w.requests).enumerated() {
            let query = FoundationCalendarPeer.Query(try! w.trigger(r))
            var expected: [String] = [], cursor = r.after.seconds
            for _ in 0..<DailyBatchWorkload.count {
                guard let next = foundation.nextDate(r.zone, after: cursor, query) else { break }
                expected.append(Instant(seconds: next).utcString)
                cursor = next
            }
            let response = try? decoder.decode(BatchResponse.self, from: Data(line.utf8))
            let utc = response?.fires?.map(\.utc)
            tally.record(response?.id == "d\(i)" && utc == expected,
                         "line \(i + 1) (\(zoneIDs[r.zone]) after \(r.after.utcString), daily \(r.hour):\(r.minute)): chime \(utc ?? []), Foundation \(expected)")
        }
        return tally.result("batch.daily10", comparison, note: "\(w.lineCount) requests, \(w.fireCount) fires")
    }

    /// What running the release binary on a batch file gave: its response lines, or the check's
    /// result already (skipped without a binary, or failed run).
    private enum BatchRun {
        case responses([Substring])
        case finished(Agreement)
    }

    /// Runs `chime batch FILE` once, output to a file, and returns its response lines; a line count
    /// other than `lineCount` is recorded in `tally` as a mismatch.
    private static func runBatch(_ context: BenchContext, _ file: String, expecting lineCount: Int, _ scenario: String,
                                 _ comparison: String, _ tally: inout AgreementTally) -> BatchRun {
        guard let chime = context.chimeExecutable else {
            return .finished(Agreement(scenario: scenario, comparison: comparison, compared: 0, mismatches: 0, examples: [],
                                       note: "skipped: no release chime binary"))
        }
        let output = context.temporaryPath(scenario + ".out.jsonl")
        let status = ProcessLauncher(path: chime, arguments: ["batch", file], standardOutput: output).run()
        guard status == 0, let text = try? String(contentsOfFile: output, encoding: .utf8) else {
            tally.record(false, "chime batch \(file) failed (wait status \(status))")
            return .finished(tally.result(scenario, comparison))
        }
        unlink(output)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
        if lines.count != lineCount {
            tally.record(false, "\(lines.count) response lines for \(lineCount) requests")
        }
        return .responses(Array(lines))
    }

    /// The parts of a `chime batch` response line the check reads.
    private struct BatchResponse: Decodable {
        struct Fire: Decodable {
            let utc: String
            let offset: Int
            let adjustment: String
        }

        let id: String?
        let fires: [Fire]?
    }
}
