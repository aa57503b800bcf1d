#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime
import ChimeJSON

/// Writes `chime batch` response lines: gathers a line's pieces in a buffer of its own and hands
/// them to the output in one append, and keeps the end of recent fire objects — `","offset":-18000,
/// "abbreviation":"EST","adjustment":"exact"}` — for recent distinct (offset, abbreviation,
/// adjustment), ready to copy: 64 slots, each key in the one its hash picks (a batch of requests
/// in 20 zones has ~40 tails; 8 kept round robin were rewritten for nearly every request).
///
/// The fires of one request nearly always share all three (a DST change or an adjustment is the
/// exception), and writing the offset's digits and escaping two strings again for every fire
/// cost as much as its two timestamps; an `Array.append` per fire cost nearly as much again. The
/// bytes are those of `FireFormatting.write`, which writes every fire the same way without a
/// cache. A tail is keyed by the abbreviation's interned id (`AbbreviationRegistry`, keyed by
/// UTF-8 bytes, so canonically equivalent spellings that are different bytes keep different
/// tails): finding a fire's tail reads no `String`.
///
/// A fire whole days after the one written before it, with the same tail (a daily schedule's
/// next fire, nearly always), is that fire's bytes with both dates moved on: the writer keeps the
/// last fire object it wrote and moves its dates in place (`ISO8601Format.advanceDate`) instead of
/// writing two timestamps and looking up the tail again. Example: after
/// `{"at":"2026-07-31T08:30:00-04:00","utc":"2026-07-31T12:30:00Z",…}` a fire 86,400 s later is
/// `{"at":"2026-08-01T08:30:00-04:00","utc":"2026-08-01T12:30:00Z",…}`, the rest unchanged.
///
/// A class holding its buffers, so that a copy of the `BatchProcessor` that owns it shares one
/// consistent cache (nothing is pending between response lines); not for use from two threads.
///
/// ```swift
/// let writer = FireWriter()
/// writer.write(maximum: 32, to: &out) { $0.literal(#"{"fires":["#) }
/// writer.append(fire, comma: false, to: &out)
/// writer.write(maximum: 2, to: &out) { $0.literal("]}") }
/// writer.flush(to: &out)   // the line's bytes are in `out` from here on
/// ```
final class FireWriter {
    static let slotCount = 64
    /// Room per slot; a longer tail is not kept, and its fire is written by `FireFormatting.write`.
    static let slotSize = 128
    /// Room for pending bytes: a few fires. A piece that does not fit is appended on its own.
    static let stagingSize = 4096

    /// What a tail depends on; plain bits, so that comparing costs no reference counting.
    private struct Key {
        let offset: Int32
        let adjustment: FireAdjustment
        let abbreviation: UInt32

        init(offset: Int32, adjustment: FireAdjustment, abbreviation: UInt32) {
            self.offset = offset
            self.adjustment = adjustment
            self.abbreviation = abbreviation
        }

        init(_ fire: Fire) {
            offset = fire.offset
            adjustment = fire.adjustment
            abbreviation = fire.type.abbreviationID
        }

        func matches(_ other: Key) -> Bool {
            offset == other.offset && adjustment == other.adjustment && abbreviation == other.abbreviation
        }

        /// The slot this key lives in (by offset and abbreviation: an adjustment other than
        /// `exact` is rare, and shares its slot).
        var slot: Int {
            let bits = UInt64(UInt32(bitPattern: offset)) | UInt64(abbreviation) << 32
            return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 58) & (FireWriter.slotCount - 1)
        }
    }

    private let keys = UnsafeMutablePointer<Key>.allocate(capacity: slotCount)
    private let lengths = UnsafeMutablePointer<Int>.allocate(capacity: slotCount)
    private let tails = UnsafeMutablePointer<UInt8>.allocate(capacity: slotCount * slotSize)
    private let staging = UnsafeMutablePointer<UInt8>.allocate(capacity: stagingSize)
    /// Whether each slot holds a tail.
    private let used = UnsafeMutablePointer<Bool>.allocate(capacity: slotCount)
    private var stagedCount = 0

    /// The last fire written through a tail, as bytes (its object without a comma), with its key
    /// and instant; `previousLength` 0 when there is none to move on from.
    private static let previousSize = FireFormatting.maximumTimesLength + slotSize
    private let previous = UnsafeMutablePointer<UInt8>.allocate(capacity: FireWriter.previousSize)
    private var previousLength = 0
    private var previousKey = Key(offset: 0, adjustment: .exact, abbreviation: 0)
    private var previousSeconds: Int64 = 0
    /// Where the UTC date starts in `previous` (after `{"at":"…","utc":"`).
    private var previousUTCDate = 0
    /// Fires are kept to move on from only between 0001-01-03T00:00:00Z and
    /// 9999-12-01T00:00:00Z: both dates then have four-digit years, as do those 1...28 days later
    /// (an offset is under a day and a half either way).
    private static let keptSeconds: Range<Int64> = -62_135_424_000 ..< 253_399_622_400

    init() { used.initialize(repeating: false, count: Self.slotCount) }

    deinit {
        keys.deallocate()
        used.deallocate()
        lengths.deallocate()
        tails.deallocate()
        previous.deallocate()
        staging.deallocate()
    }

    /// Lets `body` write at most `maximum` bytes after those pending.
    func write(maximum: Int, to out: inout [UInt8], _ body: (inout ByteWriter) -> Void) {
        if stagedCount + maximum > Self.stagingSize {
            flush(to: &out)
            if maximum > Self.stagingSize { return ByteWriter.append(to: &out, maximum: maximum, body) }
        }
        stagedCount += ByteWriter.write(at: staging + stagedCount, body)
    }

    /// `fire` as docs/contract.md's fire object, after a comma when `comma`.
    func append(_ fire: Fire, comma: Bool, to out: inout [UInt8]) {
        let key = Key(fire)
        if previousLength > 0, key.matches(previousKey), fire.instant.nanoseconds == 0, fire.instant.seconds < Self.keptSeconds.upperBound {
            let elapsed = fire.instant.seconds &- previousSeconds
            if elapsed > 0, elapsed <= 28 * 86_400, elapsed % 86_400 == 0 {
                return writeKept(movedBy: Int(elapsed / 86_400), comma: comma, to: &out)
            }
        }
        guard let slot = slot(for: fire, key) else {
            previousLength = 0
            return write(maximum: 1 + FireFormatting.maximumLength(of: fire), to: &out) { w in
                if comma { w.byte(UInt8(ascii: ",")) }
                FireFormatting.write(fire, into: &w)
            }
        }
        let tail = UnsafeBufferPointer(start: tails + slot * Self.slotSize, count: lengths[slot])
        var objectLength = 0
        write(maximum: 1 + FireFormatting.maximumTimesLength + tail.count, to: &out) { w in
            if comma { w.byte(UInt8(ascii: ",")) }
            let start = w.count
            FireFormatting.writeTimes(fire, into: &w)
            w.bytes(tail)
            objectLength = w.count - start
        }
        keep(fire, key, bytes: staging + stagedCount - objectLength, count: objectLength)
    }

    /// Whether `fire` is the last fire appended and kept to move on from: then `repeatLast` can
    /// write the fires whole days after it.
    func isLast(_ fire: Fire) -> Bool {
        previousLength > 0 && previousSeconds == fire.instant.seconds && fire.instant.nanoseconds == 0 && Key(fire).matches(previousKey)
    }

    /// Appends `count` fires, each `stride` seconds (1…28 days) after the one before, from the
    /// last fire appended (`isLast`), at its offset and with its tail, each after a comma; the
    /// last one's instant. A daily walk's run of fires with no transition between them
    /// (`CalendarFireStepper.skipRun`): each is the one before with both dates moved.
    func repeatLast(_ count: Int, stride: Int64, to out: inout [UInt8]) -> Instant {
        let days = Int(stride / 86_400)
        assert(previousLength > 0 && stride % 86_400 == 0 && (1...28).contains(days), "repeatLast after an unkept fire")
        assert(previousSeconds + Int64(count) * stride < Self.keptSeconds.upperBound, "repeatLast past the four-digit years")
        for _ in 0..<count { writeKept(movedBy: days, comma: true, to: &out) }
        return Instant(seconds: previousSeconds)
    }

    /// Writes the kept fire `days` (1…28) later, at its offset (after a comma when `comma`): both
    /// its dates move, its time of day and tail stay.
    @inline(__always)
    private func writeKept(movedBy days: Int, comma: Bool, to out: inout [UInt8]) {
        _ = ISO8601Format.advanceDate(at: previous + 7, byDays: days)
        _ = ISO8601Format.advanceDate(at: previous + previousUTCDate, byDays: days)
        previousSeconds += Int64(days) * 86_400
        if stagedCount + 1 + previousLength > Self.stagingSize { flush(to: &out) }
        if comma {
            staging[stagedCount] = UInt8(ascii: ",")
            stagedCount += 1
        }
        (staging + stagedCount).update(from: previous, count: previousLength)
        stagedCount += previousLength
    }

    /// Keeps the fire just written (its object's bytes at `bytes`) to move on from, when its two
    /// timestamps are whole seconds with four-digit years (`ISO8601Format.writeWholeSecond`).
    private func keep(_ fire: Fire, _ key: Key, bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        let offset = Int(fire.offset)
        guard fire.instant.nanoseconds == 0, Self.keptSeconds.contains(fire.instant.seconds), offset.magnitude < 129_600 else {
            previousLength = 0
            return
        }
        // `{"at":"` + `YYYY-MM-DDTHH:MM:SS±HH:MM[:SS]` + `","utc":"` + `YYYY-MM-DDTHH:MM:SSZ`.
        let localLength = offset % 60 == 0 ? 25 : 28
        assert(count >= 16 + localLength + 20 && bytes[7 + localLength + 9 + 19] == UInt8(ascii: "Z"), "unexpected fire bytes")
        previous.update(from: bytes, count: count)
        previousLength = count
        previousKey = key
        previousSeconds = fire.instant.seconds
        previousUTCDate = 7 + localLength + 9
    }

    /// Appends the pending bytes to `out`.
    func flush(to out: inout [UInt8]) {
        guard stagedCount > 0 else { return }
        out.append(contentsOf: UnsafeBufferPointer(start: staging, count: stagedCount))
        stagedCount = 0
    }

    /// Drops the pending bytes (a response abandoned for the general path's).
    func discard() { stagedCount = 0 }

    /// The slot holding `fire`'s tail, writing it there on first sight; nil when it is not kept.
    private func slot(for fire: Fire, _ key: Key) -> Int? {
        let slot = key.slot
        if used[slot], keys[slot].matches(key) { return slot }
        // Written where there is room for the worst case (every byte escaped), kept if it fits.
        let abbreviation = fire.abbreviation
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: FireFormatting.maximumTailLength(abbreviation: abbreviation)) { buffer in
            let length = ByteWriter.write(at: buffer.baseAddress!) { FireFormatting.writeTail(fire, abbreviation: abbreviation, into: &$0) }
            guard length <= Self.slotSize else { return nil }
            (keys + slot).initialize(to: key)   // a trivial type: overwriting needs no deinit
            used[slot] = true
            (tails + slot * Self.slotSize).update(from: buffer.baseAddress!, count: length)
            lengths[slot] = length
            return slot
        }
    }
}
