#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The distinct trigger texts of a pending file, each stored once and numbered: a row names its
/// trigger by number, and the few rows a command keeps decode theirs again from the text
/// (`PendingRequestTable.request(_:)`).
///
/// A decoder's cache hands the same `DecodedTrigger` to many lines, and the number is remembered
/// on it (`tableNumber`), so only a trigger the cache decoded anew is looked up here: by a seeded
/// hash of its bytes (a file cannot choose colliding texts), probing linearly in buckets kept at
/// most half full.
struct PendingTriggerTexts {
    /// A text's place in `bytes`, and whether its rows anchor it at their creation (an interval
    /// without an anchor; the text decides it, so equal texts agree).
    private struct Slot {
        let start: Int
        let count: Int32
        let anchoredAtCreation: Bool
    }

    private var slots: [Slot] = []
    private var bytes: [UInt8] = []
    private var buckets: [UInt32] = Array(repeating: Self.empty, count: 16)
    private static let empty = UInt32.max

    /// The number of `text`, stored now if it is new.
    mutating func number(of text: UnsafeBufferPointer<UInt8>, anchoredAtCreation: Bool) -> UInt32 {
        if 2 * (slots.count + 1) > buckets.count { rebuild(2 * buckets.count) }
        let mask = buckets.count - 1
        var bucket = Self.hash(text) & mask
        while true {
            let number = buckets[bucket]
            if number == Self.empty { break }
            if equals(number, text) { return number }
            bucket = (bucket + 1) & mask
        }
        let number = UInt32(slots.count)
        slots.append(Slot(start: bytes.count, count: Int32(text.count), anchoredAtCreation: anchoredAtCreation))
        bytes.append(contentsOf: text)
        buckets[bucket] = number
        return number
    }

    /// Calls `body` with the text numbered `number` and whether it is anchored at its rows' creation.
    func withText<R>(_ number: UInt32, _ body: (UnsafeBufferPointer<UInt8>, _ anchoredAtCreation: Bool) -> R) -> R {
        let slot = slots[Int(number)]
        return bytes.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[slot.start..<slot.start + Int(slot.count)]), slot.anchoredAtCreation)
        }
    }

    private func equals(_ number: UInt32, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let slot = slots[Int(number)]
        guard Int(slot.count) == text.count else { return false }
        guard let theirs = text.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + slot.start, theirs, text.count) == 0 }
    }

    private mutating func rebuild(_ size: Int) {
        buckets = Array(repeating: Self.empty, count: size)
        let mask = size - 1
        for number in slots.indices {
            var bucket = withText(UInt32(number)) { text, _ in Self.hash(text) } & mask
            while buckets[bucket] != Self.empty { bucket = (bucket + 1) & mask }
            buckets[bucket] = UInt32(number)
        }
    }

    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(text))
        return hasher.finalize()
    }
}
