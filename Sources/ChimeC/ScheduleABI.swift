#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime
import ChimeJSON
import ChimeBatch
import Synchronization

// chime.h's schedule handles: one request compiled once, then asked for fires as plain C structs
// (no JSON per call). Python's `chime.Schedule` is built on these.

/// chime.h's `chime_fire`: the same fields, in the same order, all fixed-width integers, so the
/// layout is C's (8 + 12 × 4 bytes, no padding).
struct CFire {
    var utcSeconds: Int64
    var nanosecond: Int32
    var offsetSeconds: Int32
    var year: Int32, month: Int32, day: Int32, hour: Int32, minute: Int32, second: Int32
    var fold: Int32
    var isDST: Int32
    var adjustment: Int32
    var abbreviation: Int32

    init(_ fire: Fire, zone: ZoneRules, abbreviations: inout AbbreviationCache) {
        let local = fire.local
        utcSeconds = fire.instant.seconds
        nanosecond = fire.instant.nanoseconds
        offsetSeconds = fire.offset
        year = Int32(local.year); month = Int32(local.month); day = Int32(local.day)
        hour = Int32(local.hour); minute = Int32(local.minute); second = Int32(local.second)
        // The second pass of a repeated wall time (Python's `fold=1`). Its first pass was less than
        // the zone's offset spread earlier, across a transition: none that near, no resolving.
        let seconds = fire.instant.seconds
        if zone.period(containing: seconds).start > seconds - Int64(zone.table.maxOffset - zone.table.minOffset),
           case .overlap(_, _, let later, _) = zone.resolve(localSeconds: seconds + Int64(fire.offset)), later == seconds {
            fold = 1
        } else {
            fold = 0
        }
        isDST = fire.isDST ? 1 : 0
        adjustment = Int32(adjustmentCases.firstIndex(of: fire.adjustment)!)
        abbreviation = abbreviations.id(of: fire.abbreviation)
    }
}

/// Abbreviations as small integers and static C strings (`chime_abbreviation`): interned once per
/// process (a zone database holds a few hundred), so a fire carries no pointer to free.
struct AbbreviationCache {
    private static let table = Mutex<(ids: [String: Int32], texts: [UnsafeMutablePointer<CChar>])>(([:], []))
    private var last: (String, Int32)?

    /// The id of `text`, interning it the first time any caller meets it.
    mutating func id(of text: String) -> Int32 {
        if let last, last.0 == text { return last.1 }
        let id = Self.table.withLock { table in
            if let id = table.ids[text] { return id }
            let id = Int32(table.texts.count)
            table.texts.append(strdup(text))
            table.ids[text] = id
            return id
        }
        last = (text, id)
        return id
    }

    /// The C string of an id, or nil for an id never handed out.
    static func text(of id: Int32) -> UnsafePointer<CChar>? {
        // As an address: a pointer is not Sendable, and the string it points to is never freed.
        let address = table.withLock { table in id >= 0 && Int(id) < table.texts.count ? UInt(bitPattern: table.texts[Int(id)]) : 0 }
        return UnsafePointer(bitPattern: address)
    }
}

/// `FireAdjustment.allCases`, built once (the property builds its array at every call); a fire's
/// `adjustment` is its index here, found with `==` (a tag compare; hashing would hash the raw String).
private let adjustmentCases = FireAdjustment.allCases

/// The adjustment names as static C strings, in `FireAdjustment.allCases` order (`chime_adjustment`).
nonisolated(unsafe) private let adjustmentNames: [UnsafeMutablePointer<CChar>] = FireAdjustment.allCases.map { strdup($0.rawValue) }

final class ScheduleHandle: @unchecked Sendable {
    let compiled: BatchSchedule
    init(_ compiled: BatchSchedule) { self.compiled = compiled }
}

/// A cursor's place and state, behind a lock: a handle may be shared by threads.
final class CursorHandle: @unchecked Sendable {
    let zone: ZoneRules
    let state: Mutex<(cursor: BatchSchedule.Cursor, abbreviations: AbbreviationCache)>
    init(_ cursor: BatchSchedule.Cursor, zone: ZoneRules) {
        self.zone = zone
        state = Mutex((cursor, AbbreviationCache()))
    }
}

/// chime.h's status for an answer that is an error (`*error` holds its line).
private let chimeError: Int32 = 3

/// Writes `{"error":{"code","message"}}` to the error outputs (when given).
private func report(_ error: BatchError, _ output: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                    _ length: UnsafeMutablePointer<Int>?) -> Int32 {
    var line: [UInt8] = []
    JSON.object([("error", .object([("code", .string(error.code)), ("message", .string(error.message))]))]).write(to: &line)
    if let output, let length { handOver(line, to: output, length) }
    return chimeError
}

/// The instant of C's (seconds, nanosecond), or an error for one outside `Instant.readableRange`
/// (wall times in years 1–9999).
private func instant(_ seconds: Int64, _ nanosecond: Int32) throws(BatchError) -> Instant {
    let instant = Instant(seconds: seconds, nanoseconds: nanosecond)
    guard Instant.readableRange.contains(instant) else {
        throw BatchError(code: "yearOutOfRange", message: "\(seconds) seconds since 1970 is outside the instants of years 1–9999 "
                         + "(0000-12-30T22:00:01Z to 10000-01-02T01:59:58Z)")
    }
    return instant
}

@_cdecl("chime_schedule_open")
public func chime_schedule_open(_ request: UnsafePointer<CChar>?, _ length: Int, _ flags: UInt32,
                                _ errorOutput: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                _ errorLength: UnsafeMutablePointer<Int>?) -> OpaquePointer? {
    errorOutput?.pointee = nil
    errorLength?.pointee = 0
    // Explaining is a batch answer's; a schedule's `chime_schedule_info` says it all.
    guard let request, length >= 0, flags & BatchEngine.explainFlag == 0 else { return nil }
    let configuration: BatchEngine.Configuration
    do { configuration = try BatchEngine.configuration(flags: flags) } catch {
        if case .badConfiguration(let line) = error, let errorOutput, let errorLength { handOver(line, to: errorOutput, errorLength) }
        return nil
    }
    let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(request).assumingMemoryBound(to: UInt8.self), count: length))
    do {
        let compiled = try BatchSchedule(line: bytes, database: BatchEngine.database(configuration.preference))
        return OpaquePointer(Unmanaged.passRetained(ScheduleHandle(compiled)).toOpaque())
    } catch {
        _ = report(error, errorOutput, errorLength)
        return nil
    }
}

@_cdecl("chime_schedule_close")
public func chime_schedule_close(_ schedule: OpaquePointer?) {
    guard let schedule else { return }
    Unmanaged<ScheduleHandle>.fromOpaque(UnsafeRawPointer(schedule)).release()
}

private func scheduleHandle(_ handle: OpaquePointer?) -> ScheduleHandle? {
    handle.map { Unmanaged<ScheduleHandle>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
}

@_cdecl("chime_schedule_info")
public func chime_schedule_info(_ schedule: OpaquePointer?, _ output: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                _ outputLength: UnsafeMutablePointer<Int>?) -> Int32 {
    output?.pointee = nil
    outputLength?.pointee = 0
    guard let handle = scheduleHandle(schedule), let output, let outputLength else { return ChimeStatus.badArgument }
    var line: [UInt8] = []
    handle.compiled.info.write(to: &line)
    handOver(line, to: output, outputLength)
    return ChimeStatus.ok
}

@_cdecl("chime_schedule_instant")
public func chime_schedule_instant(_ schedule: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int,
                                   _ seconds: UnsafeMutablePointer<Int64>?, _ nanosecond: UnsafeMutablePointer<Int32>?,
                                   _ errorOutput: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                   _ errorLength: UnsafeMutablePointer<Int>?) -> Int32 {
    errorOutput?.pointee = nil
    errorLength?.pointee = 0
    guard let handle = scheduleHandle(schedule), let text, length >= 0, let seconds, let nanosecond else { return ChimeStatus.badArgument }
    let typed = String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: length), as: UTF8.self)
    do {
        let instant = try handle.compiled.instant(typed)
        seconds.pointee = instant.seconds
        nanosecond.pointee = instant.nanoseconds
        return ChimeStatus.ok
    } catch {
        return report(error, errorOutput, errorLength)
    }
}

@_cdecl("chime_schedule_fires")
public func chime_schedule_fires(_ schedule: OpaquePointer?, _ seconds: Int64, _ nanosecond: Int32, _ backward: Int32,
                                 _ fires: UnsafeMutableRawPointer?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?,
                                 _ errorOutput: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                 _ errorLength: UnsafeMutablePointer<Int>?) -> Int32 {
    errorOutput?.pointee = nil
    errorLength?.pointee = 0
    count?.pointee = 0
    guard let handle = scheduleHandle(schedule), let count, capacity >= 0, fires != nil || capacity == 0,
          (0..<1_000_000_000).contains(nanosecond) else { return ChimeStatus.badArgument }
    do {
        var cursor = BatchSchedule.Cursor(handle.compiled, from: try instant(seconds, nanosecond), backward: backward != 0)
        try backwardSupported(handle, backward != 0)
        var abbreviations = AbbreviationCache()
        count.pointee = try write(try cursor.next(capacity), zone: handle.compiled.schedule.zone, to: fires, &abbreviations)
        return ChimeStatus.ok
    } catch {
        return report(error, errorOutput, errorLength)
    }
}

@_cdecl("chime_schedule_next")
public func chime_schedule_next(_ schedule: OpaquePointer?, _ seconds: Int64, _ nanosecond: Int32, _ backward: Int32,
                                _ fire: UnsafeMutableRawPointer?) -> Int32 {
    guard let handle = scheduleHandle(schedule), let fire, (0..<1_000_000_000).contains(nanosecond) else { return -ChimeStatus.badArgument }
    let compiled = handle.compiled
    let found: Fire?
    do {
        let start = try instant(seconds, nanosecond)
        if backward != 0 {
            try backwardSupported(handle, true)
            found = try compiled.schedule.trigger.previousFire(before: start, in: compiled.schedule.zone)
        } else {
            found = try compiled.schedule.trigger.nextFire(after: start, in: compiled.schedule.zone)
        }
    } catch {
        return -chimeError   // chime_schedule_fires with the same arguments has the words
    }
    guard let found else { return 0 }
    var abbreviations = AbbreviationCache()
    fire.bindMemory(to: CFire.self, capacity: 1).pointee = CFire(found, zone: compiled.schedule.zone, abbreviations: &abbreviations)
    return 1
}

@_cdecl("chime_fire_cursor_open")
public func chime_fire_cursor_open(_ schedule: OpaquePointer?, _ seconds: Int64, _ nanosecond: Int32, _ backward: Int32,
                                   _ errorOutput: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                   _ errorLength: UnsafeMutablePointer<Int>?) -> OpaquePointer? {
    errorOutput?.pointee = nil
    errorLength?.pointee = 0
    guard let handle = scheduleHandle(schedule), (0..<1_000_000_000).contains(nanosecond) else { return nil }
    do {
        try backwardSupported(handle, backward != 0)
        let cursor = BatchSchedule.Cursor(handle.compiled, from: try instant(seconds, nanosecond), backward: backward != 0)
        return OpaquePointer(Unmanaged.passRetained(CursorHandle(cursor, zone: handle.compiled.schedule.zone)).toOpaque())
    } catch {
        _ = report(error, errorOutput, errorLength)
        return nil
    }
}

@_cdecl("chime_fire_cursor_next")
public func chime_fire_cursor_next(_ cursor: OpaquePointer?, _ fires: UnsafeMutableRawPointer?, _ capacity: Int,
                                   _ count: UnsafeMutablePointer<Int>?,
                                   _ errorOutput: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                   _ errorLength: UnsafeMutablePointer<Int>?) -> Int32 {
    errorOutput?.pointee = nil
    errorLength?.pointee = 0
    count?.pointee = 0
    guard let cursor, let count, capacity >= 0, fires != nil || capacity == 0 else { return ChimeStatus.badArgument }
    let handle = Unmanaged<CursorHandle>.fromOpaque(UnsafeRawPointer(cursor)).takeUnretainedValue()
    do {
        count.pointee = try handle.state.withLock { state throws(BatchError) in
            try write(try state.cursor.next(capacity), zone: handle.zone, to: fires, &state.abbreviations)
        }
        return ChimeStatus.ok
    } catch {
        return report(error, errorOutput, errorLength)
    }
}

@_cdecl("chime_fire_cursor_close")
public func chime_fire_cursor_close(_ cursor: OpaquePointer?) {
    guard let cursor else { return }
    Unmanaged<CursorHandle>.fromOpaque(UnsafeRawPointer(cursor)).release()
}

@_cdecl("chime_abbreviation")
public func chime_abbreviation(_ id: Int32) -> UnsafePointer<CChar>? {
    AbbreviationCache.text(of: id)
}

@_cdecl("chime_adjustment")
public func chime_adjustment(_ id: Int32) -> UnsafePointer<CChar>? {
    id >= 0 && Int(id) < adjustmentNames.count ? UnsafePointer(adjustmentNames[Int(id)]) : nil
}

/// Refuses a backward search of a kind that has none (OnCalendar, RRULE, the android profile)
/// rather than answering "no earlier fire".
private func backwardSupported(_ handle: ScheduleHandle, _ backward: Bool) throws(BatchError) {
    guard !backward || handle.compiled.searchesBackward else {
        throw BatchError(code: "invalidTrigger", message: "this trigger is searched forward only (\(handle.compiled.words))")
    }
}

/// Writes `fires` as `chime_fire`s at `output`; returns how many.
private func write(_ fires: [Fire], zone: ZoneRules, to output: UnsafeMutableRawPointer?, _ abbreviations: inout AbbreviationCache) -> Int {
    guard let output, !fires.isEmpty else { return 0 }
    let structs = output.bindMemory(to: CFire.self, capacity: fires.count)
    for (i, fire) in fires.enumerated() { structs[i] = CFire(fire, zone: zone, abbreviations: &abbreviations) }
    return fires.count
}
