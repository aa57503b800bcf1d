#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small cache keyed by the bytes of a request field (a zone id, a trigger's JSON text), so that
/// a batch that repeats them looks each up or decodes it once.
///
/// Four-way set associative: a key hashes to a set of four slots and a new key replaces the
/// oldest of them, so memory stays bounded by `slots` entries however many distinct keys a batch
/// holds, and a few keys that share a set do not evict each other.
///
/// ```swift
/// var zones = ByteKeyedCache<ZoneRules>(slots: 256)
/// zones.insert(rules, for: idBytes)
/// zones.value(for: idBytes)   // rules, until newer keys push them out of their set
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
    }

    private static var ways: Int { 4 }
    private var entries: [Entry?]
    /// Per set, the way the next insertion replaces (round robin: the oldest).
    private var nextWay: [UInt8]
    private let setMask: Int

    /// `slots` is rounded up to a power of two, at least one set.
    init(slots: Int) {
        var sets = 1
        while sets * Self.ways < slots { sets <<= 1 }
        entries = Array(repeating: nil, count: sets * Self.ways)
        nextWay = Array(repeating: 0, count: sets)
        setMask = sets - 1
    }

    func value(for key: UnsafeBufferPointer<UInt8>) -> Value? {
        let first = set(key) * Self.ways
        for slot in first..<first + Self.ways {
            guard let entry = entries[slot] else { return nil }   // sets fill in order
            if entry.key.count == key.count,
               key.isEmpty || entry.key.withUnsafeBufferPointer({ memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }) {
                return entry.value
            }
        }
        return nil
    }

    mutating func insert(_ value: Value, for key: UnsafeBufferPointer<UInt8>) {
        let set = set(key)
        let way = Int(nextWay[set])
        entries[set * Self.ways + way] = Entry(key: Array(key), value: value)
        nextWay[set] = UInt8((way + 1) % Self.ways)
    }

    /// A multiplicative hash over eight bytes at a time (keys are short; this runs per request).
    private func set(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        let raw = UnsafeRawBufferPointer(key)
        var hash = UInt64(truncatingIfNeeded: key.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < raw.count {
            tail = tail << 8 | UInt64(raw[offset])
            offset += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return Int(truncatingIfNeeded: hash >> 32) & setMask
    }
}
