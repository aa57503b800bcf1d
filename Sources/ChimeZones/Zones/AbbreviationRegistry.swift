import Synchronization

/// Every zone abbreviation the process has seen, interned: a `Fire` keeps a 32-bit id instead of
/// a `String`, so making, copying and dropping fires never touches reference counts.
///
/// Append-only and keyed by the UTF-8 bytes (not by `String ==`, which would merge canonically
/// equivalent spellings). Ids are assigned when a `LocalTimeType` is made — a zone's handful of
/// types at load, or a caller's own — so the table holds one entry per distinct abbreviation
/// (a few hundred for all of tzdata and ICU), never one per fire.
///
/// Interning takes a lock; looking an id up does not. `chime batch` formats an abbreviation for
/// every fire it writes (hundreds of thousands a second), and a lock per lookup cost about as
/// much as writing the fire's two timestamps. Entries live in fixed chunks that never move and
/// are never freed, each written before its id is published, so a reader needs only the
/// published count (an acquiring load, a plain load on x86 and ARM64's `ldar`).
enum AbbreviationRegistry {
    private struct State {
        var ids: [[UInt8]: UInt32] = [:]
        var count = 0
        /// Entries past the chunks' capacity (`chunkCount × chunkSize`, a million): read under
        /// the lock. No real process gets here; it keeps the registry unbounded as it always was.
        var overflow: [String] = []
    }

    private static let state = Mutex(State())

    private static let chunkShift = 10
    private static let chunkSize = 1 << chunkShift
    private static let chunkCount = 1024

    /// Ids below this are in `chunks` and readable without the lock.
    private static let published = Atomic<Int>(0)

    /// `chunkCount` chunk pointers, allocated once; chunk `i` is allocated (under the lock) before
    /// any id in it is published, and entries are initialized before `published` covers them.
    /// Never freed, never moved: the pointers handed to readers stay valid for the process.
    private nonisolated(unsafe) static let chunks: UnsafeMutablePointer<UnsafeMutablePointer<String>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<String>?>.allocate(capacity: chunkCount)
        table.initialize(repeating: nil, count: chunkCount)
        return table
    }()

    /// The id of `abbreviation`, interning it on first sight.
    static func id(of abbreviation: String) -> UInt32 {
        let key = Array(abbreviation.utf8)
        return state.locked { state in
            if let id = state.ids[key] { return id }
            let id = state.count
            if id < chunkCount * chunkSize {
                let chunk = id >> chunkShift
                if chunks[chunk] == nil { chunks[chunk] = UnsafeMutablePointer<String>.allocate(capacity: chunkSize) }
                (chunks[chunk]! + (id & (chunkSize - 1))).initialize(to: abbreviation)
                published.store(id + 1, ordering: .releasing)
            } else {
                state.overflow.append(abbreviation)
            }
            state.count += 1
            state.ids[key] = UInt32(id)
            return UInt32(id)
        }
    }

    /// The abbreviation interned as `id`.
    @inline(__always)
    static func abbreviation(_ id: UInt32) -> String {
        let index = Int(id)
        guard index < published.load(ordering: .acquiring) else { return overflowed(index) }
        return chunks[index >> chunkShift].unsafelyUnwrapped[index & (chunkSize - 1)]
    }

    /// An id past the chunks, read under the lock (also any id not yet seen as published, which
    /// the lock then makes visible: it was interned under it).
    private static func overflowed(_ index: Int) -> String {
        state.locked { state in
            index < chunkCount * chunkSize ? chunks[index >> chunkShift]![index & (chunkSize - 1)]
                : state.overflow[index - chunkCount * chunkSize]
        }
    }
}
