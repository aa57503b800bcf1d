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
/// on it (`tableNumber`), so only a trigger the cache decoded anew is looked up here
/// (`OpenAddressingIndex`, by a seeded hash of its bytes).
struct PendingTriggerTexts {
    /// A text's place in `bytes`, and whether its rows anchor it at their creation (an interval
    /// without an anchor; the text decides it, so equal texts agree).
    private struct Slot {
        let start: Int
        let count: Int32
        let anchoredAtCreation: Bool

        var range: Range<Int> { start..<start + Int(count) }
    }

    private var slots: [Slot] = []
    private var bytes: [UInt8] = []
    private var index = OpenAddressingIndex()

    /// The number of `text`, stored now if it is new.
    mutating func number(of text: UnsafeBufferPointer<UInt8>, anchoredAtCreation: Bool) -> UInt32 {
        do {   // the columns as they are (released before they grow below, so not copied)
            let slots = slots, bytes = bytes
            index.makeRoom { number in
                bytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[slots[Int(number)].range])) }
            }
        }
        let (bucket, found) = index.slot(for: Self.hash(text)) { equals($0, text) }
        if let found { return found }
        let number = UInt32(slots.count)
        slots.append(Slot(start: bytes.count, count: Int32(text.count), anchoredAtCreation: anchoredAtCreation))
        bytes.append(contentsOf: text)
        index.store(number, at: bucket, new: true)
        return number
    }

    /// Calls `body` with the text numbered `number` and whether it is anchored at its rows' creation.
    func withText<R>(_ number: UInt32, _ body: (UnsafeBufferPointer<UInt8>, _ anchoredAtCreation: Bool) -> R) -> R {
        let slot = slots[Int(number)]
        return bytes.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[slot.range]), slot.anchoredAtCreation)
        }
    }

    private func equals(_ number: UInt32, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let slot = slots[Int(number)]
        guard Int(slot.count) == text.count else { return false }
        guard let theirs = text.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + slot.start, theirs, text.count) == 0 }
    }

    private static func hash(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(text))
        return hasher.finalize()
    }
}
