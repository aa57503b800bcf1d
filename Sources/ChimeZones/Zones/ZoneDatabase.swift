import Synchronization

/// Looks zones up by id across the two sources, caches loaded rules, and says which source answered.
///
/// - Ids: canonical tz ids, aliases (`US/Eastern`, `Asia/Calcutta`), Windows ids via ICU
///   (`Eastern Standard Time`), and a case-insensitive exact match (`america/new_york`); when
///   no source knows a string, glibc's other `$TZ` forms (`TZVariable`): a POSIX TZ rule
///   (`EST5EDT,M3.2.0,M11.1.0`, source `posix`), `:X` for `X`, a TZif file's absolute path.
/// - Source choice (`SourcePreference`): by default the source with the newer tz data version
///   (on Debian 12: TZif 2025b over ICU 2022e); override with `preference:` or `CHIME_ZONE_SOURCE`.
/// - An unknown id is `ZoneError.unknownZone` with the closest known ids; never GMT.
/// - New tz data in a running process: `reload()` (or `reloadIfChanged()`) reads the TZif tree
///   again and swaps it in whole; lookups under way finish on the data they started with, and a
///   tree that cannot be read is refused with the old data kept (`ZoneDatabase+Reload.swift`).
public final class ZoneDatabase: Sendable {
    /// The environment variable that overrides the source: `tzif`, `icu` or `newest`.
    public static let sourceEnvironmentVariable = "CHIME_ZONE_SOURCE"

    /// A database configured from the environment (`TZDIR`, `CHIME_ZONE_SOURCE`).
    public static let shared = ZoneDatabase()

    /// Which source answers: the one with the newest tz data version, or one only.
    public enum SourcePreference: String, Sendable, CaseIterable {
        /// Whichever source has the newest tz data version (ties go to TZif, which has abbreviations).
        case newest
        /// Only the TZif directory.
        case tzif
        /// Only system ICU.
        case icu
    }

    /// A source and its tz data version, for display.
    public struct SourceInfo: Sendable, Hashable {
        /// The source.
        public let source: ZoneSource
        /// Its tz data version (`2025b`); nil when it does not say or is unavailable.
        public let version: String?
        /// Why the source cannot be used, when it cannot.
        public let unavailableReason: String?
    }

    /// The source preference this database was made with (from `init`, `CHIME_ZONE_SOURCE`, or
    /// `.newest`).
    public let preference: SourcePreference
    /// The TZif directory as configured (the `tzifDirectory` given, else `TZDIR`, else
    /// /usr/share/zoneinfo), before symbolic links are resolved: what `reload()` reads again.
    public let tzifDirectory: String
    /// ICU's data is read once per process (ICU caches it and cannot be reloaded safely while
    /// other threads use it); every snapshot shares this provider.
    let icu: ICUProvider
    /// The current snapshot of the sources and the rules loaded from it, swapped together by a
    /// reload: a cached zone always comes from the snapshot it is stored beside.
    let state: Mutex<State>
    /// `State.generation`, readable without the lock (`chime batch` checks it per line).
    let publishedGeneration = Atomic<Int>(0)
    /// Held for a whole reload (reloads one at a time, in order); remembers the tree last refused.
    let reloading = Mutex<ReloadState>(ReloadState())

    struct State {
        var snapshot: ZoneSnapshot
        var cache: [String: ZoneRules] = [:]
        var generation = 0
    }

    /// What a cache probe found: the rules, or the snapshot to load them from.
    private enum Probe {
        case hit(ZoneRules)
        case miss(ZoneSnapshot)
    }

    /// - Parameters:
    ///   - preference: `nil` reads `CHIME_ZONE_SOURCE` (default `.newest`).
    ///   - tzifDirectory: `nil` reads `TZDIR` (default /usr/share/zoneinfo).
    public init(preference: SourcePreference? = nil, tzifDirectory: String? = nil) {
        self.preference = preference
            ?? FileSystem.environment(Self.sourceEnvironmentVariable).flatMap { SourcePreference(rawValue: $0.lowercased()) }
            ?? .newest
        self.tzifDirectory = tzifDirectory ?? FileSystem.environment("TZDIR") ?? TZifDirectoryProvider.defaultDirectory
        icu = ICUProvider()
        state = Mutex(State(snapshot: ZoneSnapshot(preference: self.preference, directory: self.tzifDirectory, icu: icu)))
    }

    /// Reads `CHIME_ZONE_SOURCE`; an invalid value is an error rather than a silent default.
    public static func preferenceFromEnvironment() throws(ZoneError) -> SourcePreference? {
        guard let value = FileSystem.environment(sourceEnvironmentVariable) else { return nil }
        guard let preference = SourcePreference(rawValue: value.lowercased()) else {
            throw .invalidConfiguration("\(sourceEnvironmentVariable)='\(value)' is not a zone source: use newest, tzif or icu")
        }
        return preference
    }

    /// The snapshot lookups start from now.
    var current: ZoneSnapshot { state.locked { $0.snapshot } }

    // MARK: Sources

    /// Both sources with their versions, the preferred one first.
    public var sources: [SourceInfo] { current.sources }

    /// The sources consulted, in order.
    public var preferredOrder: [ZoneSource] { current.preferredOrder }

    /// Why the TZif directory cannot be used, or nil when it can: it is missing, is not a tz
    /// database directory (`/proc`, `/`), or holds an index file that cannot be read. Under
    /// `.newest` ICU answers alone then; a program whose `TZDIR` was set on purpose should
    /// rather stop and say so (`chime` does).
    public var tzifError: ZoneError? { current.tzifError }

    // MARK: Lookup

    /// Rules for a zone id: the id is made canonical first (`lookup(_:)`), then the preferred
    /// source that knows the canonical id answers. Cached; thread-safe.
    ///
    /// One call answers from one state of the tz data: while `reload()` replaces it, a call
    /// already under way finishes on the data it started with (and does not cache its answer
    /// beside the new data); a call that starts after the reload sees only the new data.
    public func rules(for id: String) throws(ZoneError) -> ZoneRules {
        let snapshot: ZoneSnapshot
        switch state.locked({ state -> Probe in
            if let cached = state.cache[id] { return .hit(cached) }
            return .miss(state.snapshot)
        }) {
        case .hit(let rules): return rules
        case .miss(let from): snapshot = from
        }
        let rules = try snapshot.load(id)
        // POSIX rules and paths are any strings: the snapshot keeps them in a bounded cache.
        guard rules.source != .posix, !TZVariable.isPath(rules.identifier) else { return rules }
        state.locked { state in
            if state.snapshot === snapshot { state.cache[id] = rules }
        }
        return rules
    }

    /// Which source would answer for `id`, and the canonical id it knows it by.
    public func locate(_ id: String) throws(ZoneError) -> (source: ZoneSource, canonicalIdentifier: String) {
        let found = try lookup(id)
        return (found.source, found.identifier)
    }

    /// The canonical id for `id` and the source that answers for it.
    ///
    /// Canonical means the tz database's own name (a `Zone` line of `tzdata.zi`), whatever source
    /// answers: a backward link (`Asia/Calcutta`, `US/Eastern`) names its target, an id only ICU
    /// knows (`ART`, `PST`, Java's three-letter ids) names the zone ICU maps it to, a Windows id
    /// (`Eastern Standard Time`) names CLDR's zone for it, and a spelling that differs only in case
    /// names the id it matches. Then the first source in `preferredOrder` that knows the canonical
    /// id answers, so `ART` gets the same (newest) rules as `Africa/Cairo`.
    public func lookup(_ id: String) throws(ZoneError) -> ZoneLookup {
        try current.lookup(id)
    }

    /// The longest id looked up, in UTF-8 bytes: the tz database's longest names are about 30, and
    /// Windows ids about 40.
    static let longestIdentifier = 128

    /// The Windows id for a zone, when ICU has one.
    public func windowsIdentifier(for id: String) -> String? {
        ICU.windowsIdentifier(forIANA: id)
    }

    /// Every id the consulted sources know, sorted, optionally filtered by a case-insensitive substring.
    public func identifiers(matching search: String? = nil) -> [String] {
        Self.filter(current.identifiers(), search)
    }

    /// The canonical ids (the tz database's `Zone` names) that an answering source has, with
    /// region ids (`Area/City`) first and then the legacy ones (`CET`, `EST5EDT`, `Etc/GMT+5`),
    /// each group sorted; optionally filtered by a case-insensitive substring. Without the TZif
    /// source, ICU's canonical ids.
    public func canonicalIdentifiers(matching search: String? = nil) -> [String] {
        Self.filter(current.canonicalIdentifiers(), search)
    }

    /// Ids outside the `Area/City` scheme: `CET`, `EST`, `Etc/GMT-14`, `Factory`.
    public static func isLegacy(_ id: String) -> Bool {
        !id.contains("/") || id.hasPrefix("Etc/")
    }

    /// Case-insensitive, and a space matches the `_` ids spell it with: `new york` finds
    /// America/New_York.
    private static func filter(_ ids: [String], _ search: String?) -> [String] {
        guard let search, !search.isEmpty else { return ids }
        let needle = String(search.lowercased().map { $0 == " " ? "_" : $0 })
        return ids.filter { $0.lowercased().contains(needle) }
    }

    /// Every id the given source knows (empty if unavailable).
    public func identifiers(in source: ZoneSource) -> [String] {
        current.provider(source)?.identifiers() ?? []
    }

    /// Rules for `id` from one specific source, bypassing the preference (for comparison and tests).
    public func rules(for id: String, source: ZoneSource) throws(ZoneError) -> ZoneRules {
        try current.rules(for: id, source: source)
    }

    /// Up to three known ids closest to `id` (edit distance on the whole id and on its last part).
    public func suggestions(for id: String) -> [String] {
        current.suggestions(for: id)
    }
}
