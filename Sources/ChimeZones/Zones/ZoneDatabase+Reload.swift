import Synchronization

/// Picking up new tz data in a running process.
///
/// ```swift
/// let report = try ZoneDatabase.shared.reload()       // after a tzdata update (SIGHUP, a timer)
/// // report.previousVersion "2025b", report.version "2025c"
/// if let report = try ZoneDatabase.shared.reloadIfChanged() { … }   // only when the tree changed
/// ```
///
/// A reload reads the TZif directory again (`tzifDirectory`, its symbolic links resolved anew),
/// checks the new tree, and swaps it in whole with the zones in use already read from it:
/// - Lookups under way finish on the data they started with; every lookup that starts after the
///   swap answers from the new data. No answer mixes the two: a `ZoneRules` is an immutable
///   value, and each lookup reads one snapshot of the sources.
/// - A tree that cannot be read or holds a corrupt file is refused: the database keeps answering
///   from the data it had, and `reload()` throws `ZoneError.reloadRefused` saying why.
/// - ICU's data is the one read at start-up (ICU caches it per process).
/// - Rules handed out before stay as they were: a `Schedule` keeps the rules it was made with.
extension ZoneDatabase {
    /// What a reload did.
    public struct Reload: Sendable, Hashable, CustomStringConvertible {
        /// The TZif directory read, symbolic links resolved.
        public let directory: String
        /// The TZif data's version before and after (nil: the tree does not say).
        public let previousVersion: String?
        /// The TZif data's version now answering.
        public let version: String?
        /// How many zones were in use (cached) and were read again from the new data.
        public let zonesReloaded: Int
        /// The database's `generation` after the reload.
        public let generation: Int

        /// "tzif 2025b → 2025c from /usr/share/zoneinfo, 12 zones in use read again".
        public var description: String {
            "tzif \(previousVersion ?? "unknown") → \(version ?? "unknown") from \(directory), "
                + "\(zonesReloaded) zone\(zonesReloaded == 1 ? "" : "s") in use read again"
        }
    }

    /// How many reloads have replaced the data since the database was made (0: none). A program
    /// that keeps rules of its own (a `Schedule`, a cache) can compare it to decide when to look
    /// its zones up again. Reading it takes no lock.
    public var generation: Int { publishedGeneration.load(ordering: .acquiring) }

    /// Reads the TZif tree again and makes it the data every later lookup answers from.
    ///
    /// The new tree is checked before it replaces the current one: its directory must exist and
    /// list zones, every zone file in it must load, and every zone in use (cached) must still be
    /// found. The zones in use are read from it before the swap, so the first lookups after a
    /// reload are as fast as before it.
    ///
    /// - Returns: the versions before and after, and how many zones in use were read again.
    /// - Throws: `ZoneError.reloadRefused` (with the reason: a missing directory, a file that
    ///   cannot be read or parsed, a zone in use that the new tree lacks); the database then goes
    ///   on answering from the data it had.
    @discardableResult
    public func reload() throws(ZoneError) -> Reload {
        try reloading.locked { (reloads: inout ReloadState) throws(ZoneError) -> Reload in
            try replaceSnapshot(&reloads)
        }
    }

    /// Reloads only when the TZif tree on disk is not the one the database read: its directory
    /// now resolves elsewhere (a symlink renamed onto a new tree), or its `tzdata.zi`, `+VERSION`
    /// or the directory itself was replaced or modified. A tree that was refused is not tried
    /// again until it changes again. Costs a `realpath` and three `stat` calls when nothing
    /// changed.
    ///
    /// - Returns: nil when the tree did not change (or is the one refused last time), else what
    ///   the reload did.
    /// - Throws: as `reload()`.
    @discardableResult
    public func reloadIfChanged() throws(ZoneError) -> Reload? {
        try reloading.locked { (reloads: inout ReloadState) throws(ZoneError) -> Reload? in
            let onDisk = TZifTreeSignature(directory: tzifDirectory)
            if onDisk == current.signature || onDisk == reloads.refused { return nil }
            return try replaceSnapshot(&reloads)
        }
    }

    /// Serializes reloads (so that they take effect in the order they read the disk) and
    /// remembers the tree last refused.
    struct ReloadState {
        var refused: TZifTreeSignature?
    }

    /// Reads, checks and swaps in a new snapshot; called with `reloading` held.
    private func replaceSnapshot(_ reloads: inout ReloadState) throws(ZoneError) -> Reload {
        let (old, inUse) = state.locked { ($0.snapshot, Array($0.cache.keys)) }
        let fresh = ZoneSnapshot(preference: preference, directory: tzifDirectory, icu: icu)
        var warmed: [String: ZoneRules] = [:]
        do {
            try fresh.checkTZifTree()
            warmed.reserveCapacity(inUse.count)
            for id in inUse { warmed[id] = try fresh.load(id) }
        } catch {
            reloads.refused = fresh.signature
            throw .reloadRefused(directory: fresh.signature.resolvedDirectory ?? tzifDirectory, cause: error)
        }
        reloads.refused = nil
        let generation = state.locked { state in
            state = State(snapshot: fresh, cache: warmed, generation: state.generation + 1)
            return state.generation
        }
        publishedGeneration.store(generation, ordering: .releasing)
        return Reload(directory: fresh.signature.resolvedDirectory ?? tzifDirectory, previousVersion: old.tzif?.version,
                      version: fresh.tzif?.version, zonesReloaded: warmed.count, generation: generation)
    }
}
