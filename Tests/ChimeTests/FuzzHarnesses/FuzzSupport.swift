// The libFuzzer harnesses' logic (Fuzz/README.md), shared by the fuzzers and by `swift test`:
// Fuzz/run.sh compiles these files with a harness's entry point (Fuzz/TARGET/main.swift), and
// FuzzReplayTests replays every saved input (FuzzRegressions/TARGET/) through the same `run`.
// This file: reading structured values out of the fuzzer's bytes, the pinned zones, and the fire
// checks that hold for every trigger.
@testable import Chime
#if canImport(Glibc)
import Glibc
#endif

/// A check that failed: the input is a crash (the fuzzer traps with the message; a test fails).
struct FuzzFailure: Error, CustomStringConvertible {
    let description: String
}

/// The pinned tz fixtures compiled with zic (run.sh: CHIME_FUZZ_TZDIR; tests: Fixtures), the only
/// zone data the harnesses read.
enum FuzzZones {
    /// Set once before the first input (`FuzzEntry.setUp` or the tests).
    nonisolated(unsafe) static var directory = "/usr/share/zoneinfo"

    nonisolated(unsafe) static var database = ZoneDatabase(preference: .tzif, tzifDirectory: directory)

    /// Points the harnesses at a compiled fixture tree (its `tzdata.zi` copy lists the zones).
    static func configure(directory: String) {
        self.directory = directory
        database = ZoneDatabase(preference: .tzif, tzifDirectory: directory)
        cache = [:]
        transitionCache = [:]
        identifiers = readIdentifiers()
    }

    /// Every `Z` line of the pinned source, sorted.
    nonisolated(unsafe) static var identifiers: [String] = ["Etc/UTC"]

    private static func readIdentifiers() -> [String] {
        guard let file = fopen(directory + "/tzdata.zi", "r") else { return ["Etc/UTC"] }
        defer { fclose(file) }
        var ids: [String] = []
        var line: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        while getline(&line, &capacity, file) > 0 {
            let text = String(cString: line!)
            let fields = text.split(separator: " ")
            if fields.first == "Z", fields.count > 1 { ids.append(String(fields[1]).trimmingCharacters(in: "\n")) }
        }
        free(line)
        return ids.sorted()
    }

    /// Zones with the transitions that break schedules: US and EU DST, a half-hour DST (Lord Howe),
    /// a skipped day (Apia 2011), midnight gaps (Sao Paulo, Santiago), negative DST (Dublin),
    /// Ramadan suspensions (Casablanca), a 2-hour DST (Troll), the dateline jump (Kiritimati),
    /// LMT offsets with seconds (London before 1847), and UTC.
    static let interesting = ["America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "America/Sao_Paulo", "Europe/Dublin",
                              "Africa/Casablanca", "Antarctica/Troll", "Pacific/Kiritimati", "America/Santiago", "Europe/London",
                              "Europe/Berlin", "Asia/Tehran", "America/St_Johns", "Pacific/Chatham", "America/Nuuk", "Etc/UTC"]

    nonisolated(unsafe) private static var cache: [String: ZoneRules] = [:]

    static func rules(_ id: String) -> ZoneRules? {
        if let rules = cache[id] { return rules }
        guard let rules = try? database.rules(for: id) else { return nil }
        cache[id] = rules
        return rules
    }

    /// A zone from two bytes: half the values name an interesting zone, the others any zone.
    static func pick(_ input: inout FuzzBytes) -> (id: String, rules: ZoneRules) {
        let b = Int(input.byte()), c = Int(input.byte())      // always two bytes
        let id = b < 128 ? interesting[b % interesting.count] : identifiers[(b << 8 | c) % identifiers.count]
        if let rules = rules(id) { return (id, rules) }
        return ("Etc/UTC", rules("Etc/UTC")!)
    }

    nonisolated(unsafe) private static var transitionCache: [String: [ZoneTransition]] = [:]

    /// The zone's offset changes in 1850…2100 (what starts near a transition aim at).
    static func transitions(_ id: String, _ rules: ZoneRules) -> [ZoneTransition] {
        if let t = transitionCache[id] { return t }
        let t = rules.transitions(from: Instant(seconds: -3_786_825_600), to: Instant(seconds: 4_102_444_800)).filter { $0.wallClockChange != 0 }
        transitionCache[id] = t
        return t
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}

/// The fuzzer's bytes read as structured values; past the end every read is 0, so every input
/// decodes.
struct FuzzBytes {
    let bytes: [UInt8]
    var index = 0

    init(_ data: UnsafePointer<UInt8>, _ size: Int) { bytes = Array(UnsafeBufferPointer(start: data, count: size)) }
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    mutating func uint16() -> Int { Int(byte()) << 8 | Int(byte()) }

    mutating func uint32() -> UInt32 { UInt32(uint16()) << 16 | UInt32(uint16()) }

    mutating func int64() -> Int64 { Int64(bitPattern: UInt64(uint32()) << 32 | UInt64(uint32())) }

    /// A value in `range` (one byte for ranges up to 256 values, two up to 65 536, else four).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        let raw: UInt64 = width <= 256 ? UInt64(byte()) : width <= 65_536 ? UInt64(uint16()) : UInt64(uint32())
        return range.lowerBound + Int(raw % width)
    }

    mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

    /// nil one time in `oneIn`, else one of `items`.
    mutating func optional<T>(_ items: [T], noneOneIn oneIn: Int = 2) -> T? {
        let b = Int(byte())
        return b % oneIn == 0 ? nil : items[(b / oneIn) % items.count]
    }

    /// What is left, as text (invalid UTF-8 repaired).
    mutating func restAsText() -> String {
        defer { index = bytes.count }
        return index < bytes.count ? String(decoding: bytes[index...], as: UTF8.self) : ""
    }

    /// A start instant, from 14 bytes: mostly near one of the zone's transitions (within a couple of
    /// days, or exactly on it or a second before), else anywhere in 1850…2100; one in eleven near
    /// the ends of years 1…9999 or at any supported instant (searches that never match walk to
    /// the calendar's end from there: slow, so rarer); a quarter with nanoseconds.
    mutating func start(zone id: String, _ rules: ZoneRules) -> Instant {
        let mode = byte()
        let a = uint32(), b = uint32()
        let withNanoseconds = byte() % 4 == 0, nanoseconds = uint32()
        let transitions = FuzzZones.transitions(id, rules)
        var seconds: Int64
        let nearTransition = (mode % 32 <= 8 || (16...27).contains(mode % 32)) && !transitions.isEmpty
        switch mode % 32 {
        case _ where nearTransition:      // (a `where` after two patterns would guard only the second)
            let t = transitions[Int(a % UInt32(transitions.count))].instant.seconds
            switch (mode % 32 < 16 ? mode / 16 : mode / 32 + mode % 2) % 4 {
            case 0: seconds = t
            case 1: seconds = t - 1
            case 2: seconds = t + Int64(b % 14_401) - 7_200
            default: seconds = t + Int64(b % 345_601) - 172_800
            }
        case 13:
            seconds = Instant.supportedRange.lowerBound.seconds + Int64(a % 400_000_000)   // years 1 … ~13
        case 14:
            seconds = Instant.lastSupportedSecond - Int64(a % 400_000_000)                 // years ~9987 … 9999
        case 15:
            let span = UInt64(Instant.lastSupportedSecond - Instant.supportedRange.lowerBound.seconds)
            seconds = Instant.supportedRange.lowerBound.seconds + Int64((UInt64(a) << 32 | UInt64(b)) % span)
        default:
            seconds = -3_786_825_600 + (Int64(a) << 1 | Int64(b & 1)) % 7_889_400_000    // 1850 … 2100
        }
        return Instant(seconds: seconds, nanoseconds: withNanoseconds ? Int32(nanoseconds % 1_000_000_000) : 0)
    }
}

/// A failed check: its message, with where the check is.
func fuzzFailure(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> FuzzFailure {
    FuzzFailure(description: "\(file):\(line): \(message)")
}

func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) throws(FuzzFailure) {
    if !condition { throw fuzzFailure(message(), file: file, line: line) }
}

enum FireChecks {
    /// A fire's offset, DST flag and abbreviation are the zone's at its instant, and the instant is
    /// in the supported range.
    static func consistent(_ fire: Fire, in zone: ZoneRules, _ context: @autoclosure () -> String) throws(FuzzFailure) {
        // Wall-clock searches end with the wall year 9999 (docs/semantics.md: "years 1–9999" of the
        // zone's wall clock), so a fire may lie just outside the UTC years (9999-12-31 19:00 EST is
        // 10000-01-01T00:00Z); exact-time triggers (intervals) end with the UTC range.
        let wallYear = CivilArithmetic.civilFromDays(CivilArithmetic.floorDivMod(fire.instant.seconds + Int64(fire.offset), 86_400).quotient).year
        try fuzzCheck(Instant.supportedRange.contains(fire.instant) || (1...9999).contains(wallYear),
                  "fire \(fire) outside years 1…9999 (wall year \(wallYear)): \(context())")
        let type = zone.type(at: fire.instant)
        try fuzzCheck(fire.offset == type.utcOffset && fire.isDST == type.isDST && fire.abbreviation == type.abbreviation,
                  "fire \(fire) does not carry the zone's type \(type) at its instant: \(context())")
    }

    /// Strictly later (forward) or earlier (backward) than `start`, and each fire than the one before.
    static func ordered(_ fires: [Fire], after start: Instant, forward: Bool, _ context: @autoclosure () -> String) throws(FuzzFailure) {
        var previous = start
        for fire in fires {
            try fuzzCheck(forward ? fire.instant > previous : fire.instant < previous,
                      "fire \(fire) is not strictly \(forward ? "after" : "before") \(previous): \(context())")
            previous = fire.instant
        }
    }

    /// How the fire's wall time resolves in the zone.
    static func resolution(_ fire: Fire, in zone: ZoneRules) -> LocalResolution {
        zone.resolve(localSeconds: fire.instant.seconds + Int64(fire.offset))
    }

    /// An unadjusted fire's wall time exists once; an overlap fire's twice, and it is the earlier
    /// or later instant as its adjustment says.
    /// `gapNextTimeSlack`: how far past the gap's end a `gapNextTime` fire may be (croniter keeps the
    /// wanted second on the first minute after the gap; everyone else fires at the gap's end).
    static func adjustmentMatchesZone(_ fire: Fire, in zone: ZoneRules, gapNextTimeSlack: Int64 = 0, _ context: @autoclosure () -> String) throws(FuzzFailure) {
        let resolved = resolution(fire, in: zone)
        switch fire.adjustment {
        case .exact:
            if case .unique = resolved { return }
            throw fuzzFailure("fire \(fire) is 'exact' but its wall time resolves to \(resolved): \(context())")
        case .overlapFirst:
            if case .overlap(let earlier, _, _, _) = resolved, earlier == fire.instant.seconds { return }
            throw fuzzFailure("fire \(fire) is 'overlapFirst' but its wall time resolves to \(resolved): \(context())")
        case .overlapLast:
            if case .overlap(_, _, let later, _) = resolved, later == fire.instant.seconds { return }
            throw fuzzFailure("fire \(fire) is 'overlapLast' but its wall time resolves to \(resolved): \(context())")
        case .gapNextTime:
            // The first instant after a gap: a forward transition exactly at the fire (or, with
            // slack, at most that many seconds before it).
            let transition = zone.previousTransition(before: Instant(seconds: fire.instant.seconds + 1))
            let ok = transition.map { $0.wallClockChange > 0 && fire.instant.seconds - $0.instant.seconds <= gapNextTimeSlack } ?? false
            try fuzzCheck(ok && (gapNextTimeSlack > 0 || fire.instant.nanoseconds == 0),
                      "fire \(fire) is 'gapNextTime' but the clock does not jump forward at it (last transition \(String(describing: transition))): \(context())")
        case .gapShiftedForward, .gapShiftedBackward:
            // A wall time w in a gap [T + before, T + after), read with `before` (forward: the fire
            // is w − before, in [T, T + gap)) or with `after` (backward: in [T − gap, T)).
            let forward = fire.adjustment == .gapShiftedForward
            let transition = forward ? zone.previousTransition(before: Instant(seconds: fire.instant.seconds + 1))
                                     : zone.nextTransition(after: fire.instant)
            guard let transition, transition.wallClockChange > 0 else {
                throw fuzzFailure("fire \(fire) is '\(fire.adjustment)' but there is no gap next to it: \(context())")
            }
            let t = transition.instant.seconds, gap = Int64(transition.wallClockChange)
            let s = fire.instant.seconds
            try fuzzCheck(forward ? (s >= t && s < t + gap) : (s >= t - gap && s < t),
                      "fire \(fire) is '\(fire.adjustment)' but lies outside the gap's reach (\(transition)): \(context())")
        default:
            break
        }
    }
}

/// Wall-clock fields of a fire, for component checks.
struct WallFields {
    let local: CivilDateTime
    var year: Int { local.year }
    var month: Int { local.month }
    var day: Int { local.day }
    var hour: Int { local.hour }
    var minute: Int { local.minute }
    var second: Int { local.second }
    var nanosecond: Int { local.nanosecond }
    /// 1 = Sunday … 7 = Saturday.
    var weekday: Int { local.weekday.rawValue }
    var daysInMonth: Int { Int(CivilArithmetic.daysInMonth(year: Int64(local.year), month: Int64(local.month))) }
    var dayOfYear: Int {
        Int(local.dayNumber - CivilArithmetic.daysFromCivil(year: Int64(local.year), month: 1, day: 1)) + 1
    }

    init(_ fire: Fire) { local = fire.local }
}

/// FUZZ_VERBOSE=1 (with `run.sh TARGET repro FILE`): the harness prints what it computed.
let fuzzVerbose = getenv("FUZZ_VERBOSE") != nil

func verbose(_ text: @autoclosure () -> String) {
    if fuzzVerbose { print(text()) }
}

/// What a fuzzer's entry point does once: the environment the harnesses expect (the fixtures as
/// TZDIR for `ZoneDatabase.shared`, no TZ), from CHIME_FUZZ_TZDIR (set by run.sh).
enum FuzzEntry {
    nonisolated(unsafe) static var ready = false

    static func setUp() {
        guard !ready else { return }
        ready = true
        let dir = getenv("CHIME_FUZZ_TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo"
        setenv("TZDIR", dir, 1)
        setenv("CHIME_ZONE_SOURCE", "tzif", 1)
        unsetenv("TZ")
        FuzzZones.configure(directory: dir)
    }

    /// Runs one input; a failed check traps with its message (libFuzzer saves the input).
    static func run(_ data: UnsafePointer<UInt8>, _ size: Int, _ harness: ([UInt8]) throws(FuzzFailure) -> Void) -> Int32 {
        setUp()
        do { try harness(Array(UnsafeBufferPointer(start: data, count: size))) } catch { preconditionFailure(error.description) }
        return 0
    }
}
