#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Chime
import ChimeJSON

/// Writes `chime batch` response lines: gathers a line's pieces in a buffer of its own and hands
/// them to the output in one append, and keeps the end of recent fire objects — `","offset":-18000,
/// "abbreviation":"EST","adjustment":"exact"}` — for the last few distinct (offset, abbreviation,
/// adjustment), ready to copy.
///
/// The fires of one request nearly always share all three (a DST change or an adjustment is the
/// exception), and writing the offset's digits and escaping two strings again for every fire
/// cost as much as its two timestamps; an `Array.append` per fire cost nearly as much again. The
/// bytes are those of `FireFormatting.write`, which writes every fire the same way without a
/// cache. A tail is keyed by the abbreviation's bytes (up to 16), not by `String ==`, which
/// equates canonically equivalent spellings that are different bytes.
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
    static let slotCount = 8
    /// Room per slot; a longer tail is not kept, and its fire is written by `FireFormatting.write`.
    static let slotSize = 128
    /// Room for pending bytes: a few fires. A piece that does not fit is appended on its own.
    static let stagingSize = 4096

    /// What a tail depends on; plain bits, so that comparing costs no reference counting.
    private struct Key {
        let offset: Int32
        let adjustment: FireAdjustment
        let abbreviationLength: Int
        let abbreviation: (UInt64, UInt64)

        func matches(_ other: Key) -> Bool {
            offset == other.offset && adjustment == other.adjustment && abbreviationLength == other.abbreviationLength
                && abbreviation.0 == other.abbreviation.0 && abbreviation.1 == other.abbreviation.1
        }
    }

    private let keys = UnsafeMutablePointer<Key>.allocate(capacity: slotCount)
    private let lengths = UnsafeMutablePointer<Int>.allocate(capacity: slotCount)
    private let tails = UnsafeMutablePointer<UInt8>.allocate(capacity: slotCount * slotSize)
    private let staging = UnsafeMutablePointer<UInt8>.allocate(capacity: stagingSize)
    /// Slots in use (they fill in order), the one used last (asked first), and the one the next
    /// new tail replaces once all are in use (round robin).
    private var keyCount = 0, lastSlot = 0, nextSlot = 0
    private var stagedCount = 0

    deinit {
        keys.deinitialize(count: keyCount)
        keys.deallocate()
        lengths.deallocate()
        tails.deallocate()
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
        guard let slot = slot(for: fire) else {
            return write(maximum: 1 + FireFormatting.maximumLength(of: fire), to: &out) { w in
                if comma { w.byte(UInt8(ascii: ",")) }
                FireFormatting.write(fire, into: &w)
            }
        }
        let tail = UnsafeBufferPointer(start: tails + slot * Self.slotSize, count: lengths[slot])
        write(maximum: 1 + FireFormatting.maximumTimesLength + tail.count, to: &out) { w in
            if comma { w.byte(UInt8(ascii: ",")) }
            FireFormatting.writeTimes(fire, into: &w)
            w.bytes(tail)
        }
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
    private func slot(for fire: Fire) -> Int? {
        let abbreviation = fire.abbreviation
        guard let key = Self.key(fire, abbreviation) else { return nil }
        if lastSlot < keyCount, keys[lastSlot].matches(key) { return lastSlot }
        for slot in 0..<keyCount where keys[slot].matches(key) {
            lastSlot = slot
            return slot
        }
        // Written where there is room for the worst case (every byte escaped), kept if it fits.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: FireFormatting.maximumTailLength(abbreviation: abbreviation)) { buffer in
            let length = ByteWriter.write(at: buffer.baseAddress!) { FireFormatting.writeTail(fire, abbreviation: abbreviation, into: &$0) }
            guard length <= Self.slotSize else { return nil }
            let slot: Int
            if keyCount < Self.slotCount {
                slot = keyCount
                (keys + slot).initialize(to: key)
                keyCount += 1
            } else {
                slot = nextSlot
                nextSlot = (nextSlot + 1) % Self.slotCount
                keys[slot] = key
            }
            (tails + slot * Self.slotSize).update(from: buffer.baseAddress!, count: length)
            lengths[slot] = length
            lastSlot = slot
            return slot
        }
    }

    /// The fire's key, or nil when its abbreviation is longer than 16 bytes.
    @inline(__always)
    private static func key(_ fire: Fire, _ abbreviation: String) -> Key? {
        var bytes: (UInt64, UInt64) = (0, 0)
        let length = withUnsafeMutableBytes(of: &bytes) { raw in
            // Contiguous for every native String (a short one is copied to the stack).
            abbreviation.utf8.withContiguousStorageIfAvailable { utf8 in
                guard utf8.count <= 16 else { return 17 }
                if let start = utf8.baseAddress { raw.baseAddress!.copyMemory(from: start, byteCount: utf8.count) }
                return utf8.count
            } ?? {
                var n = 0
                for byte in abbreviation.utf8 {
                    guard n < 16 else { return 17 }
                    raw[n] = byte
                    n += 1
                }
                return n
            }()
        }
        guard length <= 16 else { return nil }
        return Key(offset: fire.offset, adjustment: fire.adjustment, abbreviationLength: length, abbreviation: bytes)
    }
}
