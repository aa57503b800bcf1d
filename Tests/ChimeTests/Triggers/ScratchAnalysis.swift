import Foundation
import Testing
@testable import Chime

@Suite struct ScratchAnalysis {
    @Test func analyse() throws {
        guard let path = ProcessInfo.processInfo.environment["SCRATCH_CASES"] else { return }
        let cases = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap(FoundationCase.init(reportLine:))
        var out: [String] = []
        for c in cases {
            let f = FoundationOracle.nextDate(c)
            let ch = try FoundationParityTests.chime(c)
            let chMatch = ch.map { FoundationDivergence.isMatch(c, ($0.seconds, $0.nanoseconds)) } ?? false
            let fMatch = f.map { FoundationDivergence.isMatch(c, $0) } ?? false
            let closer: String
            switch (ch, f) {
            case let (a?, b?): closer = FoundationDivergence.isCloser(c, a, than: b) ? "chimeCloser" : "fCloser"
            case (nil, nil): closer = "bothNil"
            case (nil, _): closer = "chimeNil"
            case (_, nil): closer = "fNil"
            }
            let offC = ch.flatMap { FoundationDivergence.offsetsAround(c, ($0.seconds, $0.nanoseconds)) }
            let offF = f.flatMap { FoundationDivergence.offsetsAround(c, $0) }
            let dC = offC.map { $0.after - $0.before } ?? 0
            let dF = offF.map { $0.after - $0.before } ?? 0
            // nearest transition (within 2 days) to chime's answer, else foundation's, else start
            let rules = FoundationZoneRules.rules(for: c.zone)!
            let anchor = ch?.seconds ?? f?.seconds ?? c.startSeconds
            let near = rules.transitions(from: Instant(seconds: anchor - 2 * 86_400), to: Instant(seconds: anchor + 2 * 86_400))
                .min { abs($0.instant.seconds - anchor) < abs($1.instant.seconds - anchor) }
            var tkind = "noTransition"
            if let t = near {
                let change = Int(t.wallClockChange)
                let localBefore = (t.instant.seconds + Int64(t.before.utcOffset)) % 86_400
                let wallFrom = (localBefore + 86_400) % 86_400          // wall time where the clock changes (before)
                let wallTo = (wallFrom + Int64(change) + 86_400) % 86_400
                let touchesMidnight = change > 0 ? (wallFrom + Int64(change) >= 86_400 || wallFrom == 0) : (wallFrom + Int64(change) <= 0 || wallFrom == 0)
                tkind = "\(change > 0 ? "gap" : "overlap")\(abs(change) == 3600 ? "1h" : "\(abs(change))s")\(touchesMidnight ? "@midnight" : "")"
                _ = wallTo
            }
            let pre = c.startSeconds < 0 ? "pre1970" : "post1970"
            let adj = ch.map { "\($0.adjustment)" } ?? "nil"
            let show = { (s: Int64?, n: Int32?) in s.map { FoundationOracle.iso($0, n ?? 0) } ?? "nil" }
            out.append("chime \(show(ch?.seconds, ch?.nanoseconds)) \(adj) foundation \(show(f?.seconds, f?.nanoseconds)) | \(c.direction) \(c.matchingPolicy) \(c.repeatedTimePolicy) adj=\(adj) chMatch=\(chMatch) fMatch=\(fMatch) \(closer) dC=\(dC) \(tkind) \(pre)\t\(c)")
        }
        try out.joined(separator: "\n").write(toFile: path + ".analysis", atomically: true, encoding: .utf8)
    }
}

@Suite struct ScratchZone {
    @Test func show() throws {
        guard let z = ProcessInfo.processInfo.environment["SCRATCH_ZONE"], let at = Int64(ProcessInfo.processInfo.environment["SCRATCH_AT"] ?? "") else { return }
        let rules = FoundationZoneRules.rules(for: z)!
        for t in rules.transitions(from: Instant(seconds: at - 3 * 86_400), to: Instant(seconds: at + 3 * 86_400)) {
            print("scratch: \(FoundationOracle.iso(t.instant.seconds, 0)) \(t.before.utcOffset) -> \(t.after.utcOffset)")
        }
    }
}

@Suite struct ScratchDebug {
    @Test func debug() throws {
        guard let line = ProcessInfo.processInfo.environment["SCRATCH_LINE"], let c = FoundationCase(reportLine: Substring(line)) else { return }
        let f = FoundationOracle.nextDate(c)!
        let ch = try FoundationParityTests.chime(c)!
        let ov = FoundationDivergence.nearestOffsetChange(c, f.seconds)
        print("scratch: verified=\(FoundationDivergence.isVerifiedMatch(c, ch)) fmatch=\(FoundationDivergence.isMatch(c, f)) ov=\(String(describing: ov?.instant.seconds)) change=\(String(describing: ov?.wallClockChange)) seen=\(ov.map { FoundationDivergence.foundationSeesOverlap(c, $0) } ?? true) fsec=\(f.seconds) start=\(c.startSeconds)")
    }
}
