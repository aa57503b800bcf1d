// libFuzzer harness: TZif parsing (RFC 8536 v1–v4 + POSIX TZ footer) and the rules built from it.
//
// Input: a TZif file, or — when it does not start with "TZif" — a POSIX TZ string that is
// wrapped into a footer-only v2 file (so footers are fuzzed directly, through the same entry point).
// Checks:
// - parsing never crashes, hangs or allocates absurdly; failures are `ZoneError` (typed throws);
// - on success, the `ZoneRules` agree with themselves at a spread of instants:
//   the type at an instant has the offset `utcOffset` reports; `nextTransition` is strictly later
//   and the offset changes there as it says; `previousTransition` is strictly earlier; and every
//   instant's own wall time resolves to a unique answer (itself) or an overlap whose earliest and
//   latest instants bracket it (never a gap).
@testable import Chime
@testable import ChimeZones

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if !bytes.starts(with: Array("TZif".utf8)) { bytes = footerOnlyTZif(bytes) }
    let rules: ZoneRules
    do {
        rules = try TZifParser.rules(bytes, path: "fuzz.tzif", identifier: "Fuzz/Zone", version: nil)
    } catch {
        precondition(!error.description.isEmpty)
        return 0
    }
    exercise(rules)
    return 0
}

/// A v2 TZif file with one type (UTC, "UTC") in both blocks, no transitions, and `footer`.
func footerOnlyTZif(_ footer: [UInt8]) -> [UInt8] {
    let text = footer.prefix { $0 != 0x0A }
    func header() -> [UInt8] {
        var h = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
        for count: UInt32 in [0, 0, 0, 0, 1, 4] { h += [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] }
        return h
    }
    let block: [UInt8] = [0, 0, 0, 0, 0, 0] + Array("UTC".utf8) + [0]
    return header() + block + header() + block + [0x0A] + text + [0x0A]
}

let probes: [Int64] = [
    .min, -(1 << 62) - 5, -(1 << 60), -62_135_596_800, -2_208_988_801, -2_208_988_800, -1, 0, 1,
    1_772_953_199, 1_772_953_200, 2_147_483_647, 2_147_483_648, 4_102_444_800, 32_503_680_000,
    253_402_300_799, 256_558_060_800, 1 << 40, 1 << 60, (1 << 62) + 5, .max,
]

func exercise(_ rules: ZoneRules) {
    var instants = probes
    // Around the table's own transitions (first few and last few) and one period past them.
    let table = rules.table
    let n = table.transitionCount
    for i in Array(0..<min(n, 8)) + Array(max(0, n - 8)..<n) {
        let t = table.instant(ofTransition: i)
        instants += [t - 1, t, t + 1, t + TransitionTable.period, t - TransitionTable.period]
    }
    for s in instants {
        let instant = Instant(seconds: s)
        let offset = rules.utcOffset(at: instant)
        let type = rules.type(at: instant)
        precondition(type.utcOffset == offset, "type(at:) and utcOffset(at:) disagree at \(s)")
        precondition(offset > -93_600 && offset < 93_600, "offset \(offset) at \(s)")
        // Beyond ±2^62 the table reads every instant as ±2^62 (TransitionTable.clamped): only "no crash" there.
        let inRange = s > -(1 << 61) && s < 1 << 61
        if let next = rules.nextTransition(after: instant), inRange {
            precondition(next.instant > instant, "nextTransition(after: \(s)) = \(next.instant.seconds) is not later")
            precondition(rules.utcOffset(at: next.instant) == next.after.utcOffset, "offset at next transition after \(s)")
            precondition(rules.type(at: next.instant) == next.after, "type at next transition after \(s)")
            precondition(next.before != next.after, "no-op transition after \(s)")
        }
        if let previous = rules.previousTransition(before: instant), inRange {
            precondition(previous.instant < instant, "previousTransition(before: \(s)) = \(previous.instant.seconds) is not earlier")
        }
        // Wall time round trip, where the wall time is representable without overflow.
        guard inRange else { continue }
        let local = s + Int64(offset)
        switch rules.resolve(localSeconds: local) {
        case let .unique(u, o):
            precondition(u == s && o == offset, "wall time of \(s) resolves to \(u) only")
        case let .overlap(earlier, eo, later, lo):
            // Corrupt data can make a wall time occur 3+ times (big offset swings hours apart); `.overlap`
            // then names the earliest and the latest, so `s` may lie strictly between them.
            precondition(earlier < later && earlier <= s && s <= later, "wall time of \(s) overlaps at \(earlier), \(later)")
            precondition(earlier + Int64(eo) == local && later + Int64(lo) == local)
        case .gap:
            preconditionFailure("wall time of \(s) (an instant that exists) resolves to a gap")
        }
        if CivilDateTime.supportedYears.contains(Int64(CivilDateTime(localSeconds: local).year)) {
            _ = rules.resolve(CivilDateTime(localSeconds: local))
        }
    }
    _ = rules.transitions(from: Instant(seconds: 1_700_000_000), to: Instant(seconds: 1_900_000_000))
    _ = rules.recurringRule
}
