// libFuzzer harness: one `chime batch` input line -> `BatchProcessor.respond(toLine:)`.
// Compiled into the ChimeBatch module (Sources/ChimeBatch) by Fuzz/run.sh, so internal types are visible.
//
// Covers the JSON parser, request and trigger decoding (Trigger+Codable, policies, week rules,
// ISO 8601 instants for `after`/`anchor`, exact interval seconds) and the trigger searches.
// Zones come from the pinned fixtures compiled with zic (TZif only: no ICU zone loading), in
// CHIME_FUZZ_TZDIR, set by run.sh.
// Checks, beyond "no crash, no hang":
// - the response is one object: `id`? plus exactly one of `fires` (array) or `error` ({code, message});
// - an error code is one docs/contract.md documents, with a non-empty message;
// - every fire reads back: `utc` and `at` parse (ISO8601Format) to the same instant, whose offset in
//   the zone is the fire's `offset` (`at` only for whole-minute offsets); fires are strictly monotonic; no more than `count` of them;
// - an unadjusted fire (`exact`, `overlapFirst`/`overlapLast`) shows on the wall clock every plain
//   component the trigger asks for (year … nanosecond, weekday, dayOfYear; weekly: day and time).
@testable import Chime
@testable import ChimeJSON
#if canImport(Glibc)
import Glibc
#endif

let database: ZoneDatabase = {
    let dir = getenv("CHIME_FUZZ_TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo"
    return ZoneDatabase(preference: .tzif, tzifDirectory: dir)
}()
nonisolated(unsafe) var processor = BatchProcessor(database: database)

let documentedCodes: Set<String> = [
    "malformedJSON", "missingField", "invalidField", "invalidTrigger", "invalidCount", "unknownZone",
    "malformedInstant", "malformedLocalTime", "yearOutOfRange", "wallTimeSkipped", "malformedZoneData", "unreadable",
    "zoneSourceUnavailable", "badConfiguration",
]

extension Array where Element == UInt8 {
    func contains(subsequence needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The index just past the first occurrence of `needle`.
    func firstIndex(ofSubsequence needle: [UInt8]) -> Int? {
        guard !needle.isEmpty, needle.count <= count else { return nil }
        return (0...(count - needle.count)).first { self[$0..<($0 + needle.count)].elementsEqual(needle) }.map { $0 + needle.count }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = Array(UnsafeBufferPointer(start: data, count: size))
    let response = processor.generalResponse(toLine: line)
    // The common path (`BatchLine`, caches, bytes written directly) must give the general path's
    // bytes, except where the answer depends on the clock (no `after`, an interval anchored at
    // `now` or at nothing, which means now).
    var common: [UInt8] = [], general: [UInt8] = []
    line.withUnsafeBufferPointer { processor.respond(toLine: $0, into: &common) }
    response.write(to: &general)
    let usesClock = !line.contains(subsequence: Array(#""after""#.utf8)) || line.contains(subsequence: Array("now".utf8))
        || (line.contains(subsequence: Array("interval".utf8)) && !line.contains(subsequence: Array(#""anchor""#.utf8)))
    precondition(usesClock || common == general,
                 "common path \(String(decoding: common, as: UTF8.self)) != general \(String(decoding: general, as: UTF8.self))")
    guard case .object(let fields) = response else { preconditionFailure("response is not an object") }
    // docs/contract.md: `{"id"?, "zone", "requested"?, "source", "version", "fires", "notes"?}`, or
    // `{"id"?, "error"}`.
    let keys = fields.map(\.0)
    let body = keys.first == "id" ? Array(keys.dropFirst()) : keys
    let answer = ["zone", "source", "version", "fires"], withRequested = ["zone", "requested", "source", "version", "fires"]
    precondition(body == ["error"] || [answer, answer + ["notes"], withRequested, withRequested + ["notes"]].contains(body), "keys \(keys)")
    switch fields.first(where: { $0.0 == "fires" || $0.0 == "error" })! {
    case ("error", .object(let error)):
        guard error.count == 2, case ("code", .string(let code)) = error[0], case ("message", .string(let message)) = error[1] else {
            preconditionFailure("error shape \(JSON.object(error).serialized)")
        }
        precondition(documentedCodes.contains(code), "undocumented error code \(code): \(message)")
        precondition(!message.isEmpty, "empty message for \(code)")
    case ("fires", .array(let fires)):
        checkFires(fires, line: line)
    default:
        preconditionFailure("response \(response.serialized)")
    }
    return 0
}

func checkFires(_ fires: [JSON], line: [UInt8]) {
    // The request decoded (it produced fires), so decoding it again must succeed.
    let request = try! ScheduleRequest.decode(from: JSONTreeDecoder.root(of: try! JSONParser.parse(line)), kind: .batch)
    precondition(fires.count <= (request.count ?? 1), "\(fires.count) fires for count \(request.count ?? 1)")
    guard !fires.isEmpty else { return }
    let zone = try! request.zoneRules(in: database).0
    var instants: [Instant] = []
    for item in fires {
        // The written fields: {"at":…,"utc":…,"offset":…,"abbreviation":…,"adjustment":…}, as `Fire` reads them.
        let text = item.serialized
        guard let tree = try? JSONParser.parse(Array(text.utf8)), let fire = try? Fire(from: JSONTreeDecoder.root(of: tree)) else {
            preconditionFailure("fire shape \(text)")
        }
        let bytes = Array(text.utf8)
        func field(_ name: String) -> String? {
            guard let start = bytes.firstIndex(ofSubsequence: Array("\"\(name)\":\"".utf8)),
                  let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
        guard let at = field("at"), let utc = field("utc"), bytes.contains(subsequence: Array("\"offset\":\(fire.offset),".utf8)) else {
            preconditionFailure("fire shape \(text)")
        }
        let instant: Instant
        do { instant = try ISO8601Format.parseInstant(utc) } catch { preconditionFailure("utc '\(utc)' does not parse: \(error)") }
        precondition(instant == fire.instant, "utc '\(utc)' is not the fire's instant \(fire.instant)")
        let offset = Int64(fire.offset)
        // LMT offsets with seconds print as e.g. -00:01:15, which RFC 3339 input does not take: skip those.
        if offset % 60 == 0 {
            let local: Instant
            do { local = try ISO8601Format.parseInstant(at) } catch { preconditionFailure("at '\(at)' does not parse: \(error)") }
            precondition(local == instant, "at '\(at)' is not utc '\(utc)'")
        }
        precondition(Int64(zone.utcOffset(at: instant)) == offset, "offset \(offset) at \(utc), zone says \(zone.utcOffset(at: instant))")
        if [.exact, .overlapFirst, .overlapLast].contains(fire.adjustment) {
            checkWallTime(CivilDateTime(localSeconds: instant.seconds + offset, nanosecond: Int(instant.nanoseconds)),
                          of: request.trigger, fire: item)
        }
        instants.append(instant)
    }
    let ascending = zip(instants, instants.dropFirst()).allSatisfy { $0 < $1 }
    let descending = zip(instants, instants.dropFirst()).allSatisfy { $0 > $1 }
    precondition(ascending || descending, "fires are not monotonic: \(instants)")
}

/// An unadjusted fire's wall time has every plain component the trigger asks for.
func checkWallTime(_ local: CivilDateTime, of trigger: Trigger, fire: JSON) {
    func expect(_ name: String, _ wanted: Int?, _ actual: Int) {
        if let wanted { precondition(wanted == actual, "\(name) \(actual) != \(wanted) at unadjusted fire \(fire.serialized)") }
    }
    switch trigger {
    case .calendar(let t):
        let c = t.components
        let monthLength = Int(CivilArithmetic.daysInMonth(year: Int64(local.year), month: Int64(local.month)))
        expect("year", c.year, local.year); expect("month", c.month, local.month); expect("day", c.day.map { $0 < 0 ? monthLength + $0 + 1 : $0 }, local.day)  // negative: from the month's end
        expect("hour", c.hour, local.hour); expect("minute", c.minute, local.minute); expect("second", c.second, local.second)
        expect("nanosecond", c.nanosecond, local.nanosecond); expect("weekday", c.weekday, local.weekday.rawValue)
        let dayOfYear = Int(local.dayNumber - CivilArithmetic.daysFromCivil(year: Int64(local.year), month: 1, day: 1)) + 1
        expect("dayOfYear", c.dayOfYear, dayOfYear)
    case .weekly(let t):
        precondition(t.weekdays.contains(local.weekday), "weekday \(local.weekday) at unadjusted fire \(fire.serialized)")
        expect("hour", t.hour, local.hour); expect("minute", t.minute, local.minute); expect("second", t.second, local.second)
    case .interval, .onCalendar, .cron, .rrule, .flutterAndroid:
        break
    }
}
