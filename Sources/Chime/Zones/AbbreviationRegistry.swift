import Synchronization

/// Every zone abbreviation the process has seen, interned: a `Fire` keeps a 32-bit id instead of
/// a `String`, so making, copying and dropping fires never touches reference counts.
///
/// Append-only and keyed by the UTF-8 bytes (not by `String ==`, which would merge canonically
/// equivalent spellings). Ids are assigned when a `LocalTimeType` is made — a zone's handful of
/// types at load, or a caller's own — so the table holds one entry per distinct abbreviation
/// (a few hundred for all of tzdata and ICU), never one per fire.
enum AbbreviationRegistry {
    private struct State {
        var ids: [[UInt8]: UInt32] = [:]
        var abbreviations: [String] = []
    }

    private static let state = Mutex(State())

    /// The id of `abbreviation`, interning it on first sight.
    static func id(of abbreviation: String) -> UInt32 {
        let key = Array(abbreviation.utf8)
        return state.withLock { state in
            if let id = state.ids[key] { return id }
            let id = UInt32(state.abbreviations.count)
            state.abbreviations.append(abbreviation)
            state.ids[key] = id
            return id
        }
    }

    /// The abbreviation interned as `id`.
    static func abbreviation(_ id: UInt32) -> String {
        state.withLock { $0.abbreviations[Int(id)] }
    }
}
