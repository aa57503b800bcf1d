#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small cache keyed by the bytes of a request field (a zone id, a trigger's JSON text), so that
/// a batch that repeats them looks each up or decodes it once.
///
/// Four-way set associative, so memory stays bounded by `slots` entries however many distinct
/// keys a batch holds. A new key in a full set replaces the way hit least lately (a small count
/// per way: +1 a hit, up to 7, and every way of a set −1 at every other insertion there): a file
/// whose few common triggers are mixed with many one-off ones keeps the common ones, where
/// replacing the oldest let each one-off push a common trigger out. Equal counts go round robin.
/// A lookup compares a 64-bit hash of the key first and the bytes only when it matches.
///
/// ```swift
/// var zones = ByteKeyedCache<ZoneRules>(slots: 256)
/// zones.insert(rules, for: idBytes)
/// zones.value(for: idBytes)   // rules, until newer, more used keys push them out of their set
/// ```
struct ByteKeyedCache<Value> {
    /// A class, so that a lookup copies a reference rather than the key and value.
    private final class Entry {
        let key: [UInt8]
        let value: Value

        init(key: [UInt8], value: Value) {
            self.key = key
            self.value = value
        }

        func holds(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            key.count == bytes.count && (bytes.isEmpty || key.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
        }
    }

    private static var ways: Int { 4 }
    private static var maximumUses: UInt8 { 7 }
    private var entries: [Entry?]
    /// Per slot, its key's hash (compared before the key's bytes) and its recent uses.
    private var hashes: [UInt64]
    private var uses: [UInt8]
    /// Per set, how many keys were inserted there (their parity ages the set; their count starts
    /// the round robin among equal ways).
    private var insertions: [UInt8]
    private let setMask: Int

    /// `slots` is rounded up to a power of two, at least one set.
    init(slots: Int) {
        var sets = 1
        while sets * Self.ways < slots { sets <<= 1 }
        entries = Array(repeating: nil, count: sets * Self.ways)
        hashes = Array(repeating: 0, count: sets * Self.ways)
        uses = Array(repeating: 0, count: sets * Self.ways)
        insertions = Array(repeating: 0, count: sets)
        setMask = sets - 1
    }

    mutating func value(for key: UnsafeBufferPointer<UInt8>) -> Value? {
        value(for: key, hash: Self.hash(key))
    }

    /// `value(for:)` with the key's `hash(_:)`, for a caller that has it.
    mutating func value(for key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Value? {
        let first = set(hash) * Self.ways
        // The entry is read in place (`entries[slot]?.…`), not bound to a local: binding it cost
        // a reference count up and down per lookup.
        for slot in first..<first + Self.ways where hashes[slot] == hash && entries[slot]?.holds(key) == true {
            if uses[slot] < Self.maximumUses { uses[slot] += 1 }
            return entries[slot]?.value
        }
        return nil
    }

    mutating func insert(_ value: Value, for key: UnsafeBufferPointer<UInt8>) {
        insert(value, for: key, hash: Self.hash(key))
    }

    /// `insert(_:for:)` with the key's `hash(_:)`, for a caller that has it.
    mutating func insert(_ value: Value, for key: UnsafeBufferPointer<UInt8>, hash: UInt64) {
        let set = set(hash)
        let first = set * Self.ways
        let turn = Int(insertions[set])
        insertions[set] &+= 1
        // An empty way if there is one, else the least used (ties: the round robin's turn first).
        var victim = first + turn % Self.ways
        if let empty = (first..<first + Self.ways).first(where: { entries[$0] == nil }) {
            victim = empty
        } else {
            for offset in 1..<Self.ways where uses[first + (turn + offset) % Self.ways] < uses[victim] {
                victim = first + (turn + offset) % Self.ways
            }
        }
        if turn & 1 == 1 {   // aging: uses seen long ago count for less
            for slot in first..<first + Self.ways where uses[slot] > 0 { uses[slot] -= 1 }
        }
        entries[victim] = Entry(key: Array(key), value: value)
        hashes[victim] = hash
        uses[victim] = 0
    }

    private func set(_ hash: UInt64) -> Int { Int(truncatingIfNeeded: hash >> 32) & setMask }

    /// A multiplicative hash over eight bytes at a time (keys are short; this runs per request).
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let raw = UnsafeRawBufferPointer(key)
        var hash = UInt64(truncatingIfNeeded: key.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        if offset < raw.count, raw.count >= 8 {
            // The last eight bytes, overlapping words already mixed: one load, not a byte loop.
            tail = raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)
        } else {
            while offset < raw.count {
                tail = tail << 8 | UInt64(raw[offset])
                offset += 1
            }
        }
        return (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
    }
}

/// Entries are immutable once made (a key and a value); a cache of sendable values may sit
/// behind a lock that workers share (`TriggerCache`).
extension ByteKeyedCache: @unchecked Sendable where Value: Sendable {}
