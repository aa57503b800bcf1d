import Synchronization

/// Looks zones up by id across the two sources, caches loaded rules, and says which source answered.
///
/// - Ids: canonical tz ids, aliases (`US/Eastern`, `Asia/Calcutta`), Windows ids via ICU
///   (`Eastern Standard Time`), and a case-insensitive exact match (`america/new_york`).
/// - Source choice (`SourcePreference`): by default the source with the newer tz data version
///   (on Debian 12: TZif 2025b over ICU 2022e); override with `preference:` or `CHIME_ZONE_SOURCE`.
/// - An unknown id is `ZoneError.unknownZone` with the closest known ids; never GMT.
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
    private let tzif: TZifDirectoryProvider?
    private let tzifError: ZoneError?
    private let icu: ICUProvider
    private let cache = Mutex<[String: ZoneRules]>([:])
    /// All ids of the consulted sources, listed once (unknown-id suggestions and case-insensitive
    /// matches need them; listing ICU's ids on every miss would dominate a batch of bad ids).
    private let allIdentifiers = Mutex<[String]?>(nil)
    /// Recently asked-for unknown ids and their error (with suggestions), bounded: the same bad id
    /// repeated through a batch is answered without searching again.
    private let unknown = Mutex<[String: ZoneError]>([:])
    private static let unknownCacheLimit = 4096

    /// - Parameters:
    ///   - preference: `nil` reads `CHIME_ZONE_SOURCE` (default `.newest`).
    ///   - tzifDirectory: `nil` reads `TZDIR` (default /usr/share/zoneinfo).
    public init(preference: SourcePreference? = nil, tzifDirectory: String? = nil) {
        self.preference = preference
            ?? FileSystem.environment(Self.sourceEnvironmentVariable).flatMap { SourcePreference(rawValue: $0.lowercased()) }
            ?? .newest
        let directory = tzifDirectory ?? FileSystem.environment("TZDIR") ?? TZifDirectoryProvider.defaultDirectory
        do {
            tzif = try TZifDirectoryProvider(directory: directory)
            tzifError = nil
        } catch {
            tzif = nil
            tzifError = error
        }
        icu = ICUProvider()
    }

    /// Reads `CHIME_ZONE_SOURCE`; an invalid value is an error rather than a silent default.
    public static func preferenceFromEnvironment() throws(ZoneError) -> SourcePreference? {
        guard let value = FileSystem.environment(sourceEnvironmentVariable) else { return nil }
        guard let preference = SourcePreference(rawValue: value.lowercased()) else {
            throw .invalidConfiguration("\(sourceEnvironmentVariable)='\(value)' is not a zone source: use newest, tzif or icu")
        }
        return preference
    }

    // MARK: Sources

    /// Both sources with their versions, the preferred one first.
    public var sources: [SourceInfo] {
        let tzifInfo = SourceInfo(source: .tzif, version: tzif?.version, unavailableReason: tzifError?.description)
        let icuInfo = SourceInfo(source: .icu, version: icu.version, unavailableReason: nil)
        return preferredOrder.first == .icu ? [icuInfo, tzifInfo] : [tzifInfo, icuInfo]
    }

    /// The sources consulted, in order.
    public var preferredOrder: [ZoneSource] {
        switch preference {
        case .tzif: return [.tzif]
        case .icu: return [.icu]
        case .newest:
            guard tzif != nil else { return [.icu] }
            return TZDataVersion.isNewer(icu.version, than: tzif?.version) ? [.icu, .tzif] : [.tzif, .icu]
        }
    }

    private func provider(_ source: ZoneSource) -> (any ZoneProvider)? {
        source == .icu ? icu : tzif
    }

    // MARK: Lookup

    /// Rules for a zone id: the id is made canonical first (`lookup(_:)`), then the preferred
    /// source that knows the canonical id answers. Cached; thread-safe.
    public func rules(for id: String) throws(ZoneError) -> ZoneRules {
        if let cached = cache.withLock({ $0[id] }) { return cached }
        if let error = unknown.withLock({ $0[id] }) { throw error }
        let found: ZoneLookup
        do {
            found = try lookup(id)
        } catch {
            if case .unknownZone = error {
                unknown.withLock { if $0.count >= Self.unknownCacheLimit { $0.removeAll() }; $0[id] = error }
            }
            throw error
        }
        let rules = try provider(found.source)!.rules(for: found.identifier)
        cache.withLock { $0[id] = rules }
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
        // No source has an id this long or with control characters (a NUL would end it early in
        // ICU's C strings and name another zone); refuse them before any search.
        guard id.utf8.count <= Self.longestIdentifier, !id.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw .unknownZone(id, suggestions: [])
        }
        if let (canonical, how) = canonicalize(id, depth: 0) {
            for source in preferredOrder where provider(source)?.canonicalIdentifier(for: canonical) != nil {
                return ZoneLookup(requested: id, identifier: canonical, source: source, match: how)
            }
        }
        if preferredOrder == [.tzif], tzif == nil, let tzifError { throw tzifError }
        throw .unknownZone(id, suggestions: suggestions(for: id))
    }

    /// The tz database's name for `id`, and how it was found; nil when no source knows it.
    private func canonicalize(_ id: String, depth: Int) -> (String, ZoneLookup.Match)? {
        if let tzif {
            if tzif.isCanonical(id) { return (id, .canonical) }
            if let target = tzif.canonicalIdentifier(for: id) { return (target, .alias) }
        }
        if let icuCanonical = ICU.canonicalIdentifier(id) {
            // ICU's canonical ids are CLDR's (`Asia/Calcutta`): name the tz database's zone when the
            // TZif source knows it, else keep ICU's.
            let target = tzif?.canonicalIdentifier(for: icuCanonical) ?? icuCanonical
            if target == id { return (id, .canonical) }
            return (target, tzif == nil ? .alias : .icuOnly)
        }
        guard depth == 0 else { return nil }
        if let iana = ICU.ianaIdentifier(forWindowsID: id), let (canonical, _) = canonicalize(iana, depth: 1) {
            return (canonical, .windows)
        }
        let lowered = id.lowercased()
        if let match = identifiers().first(where: { $0.lowercased() == lowered && $0 != id }),
           let (canonical, _) = canonicalize(match, depth: 1) {
            return (canonical, .caseInsensitive)
        }
        return nil
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
        let sorted = allIdentifiers.withLock { cached in
            if let cached { return cached }
            var all = Set<String>()
            for source in preferredOrder { all.formUnion(provider(source)?.identifiers() ?? []) }
            cached = all.sorted()
            return cached!
        }
        return Self.filter(sorted, search)
    }

    /// The canonical ids (the tz database's `Zone` names) that an answering source has, with
    /// region ids (`Area/City`) first and then the legacy ones (`CET`, `EST5EDT`, `Etc/GMT+5`),
    /// each group sorted; optionally filtered by a case-insensitive substring. Without the TZif
    /// source, ICU's canonical ids.
    public func canonicalIdentifiers(matching search: String? = nil) -> [String] {
        var ids: Set<String>
        if let tzif {
            ids = tzif.canonicalIdentifiers
            if !preferredOrder.contains(.tzif) {
                ids = ids.filter { icu.canonicalIdentifier(for: $0) != nil }
            }
        } else {
            ids = Set(icu.identifiers().filter { ICU.canonicalIdentifier($0) == $0 })
        }
        return Self.filter(ids.sorted { (Self.isLegacy($0) ? 1 : 0, $0) < (Self.isLegacy($1) ? 1 : 0, $1) }, search)
    }

    /// Ids outside the `Area/City` scheme: `CET`, `EST`, `Etc/GMT-14`, `Factory`.
    public static func isLegacy(_ id: String) -> Bool {
        !id.contains("/") || id.hasPrefix("Etc/")
    }

    private static func filter(_ ids: [String], _ search: String?) -> [String] {
        guard let search, !search.isEmpty else { return ids }
        let needle = search.lowercased()
        return ids.filter { $0.lowercased().contains(needle) }
    }

    /// Every id the given source knows (empty if unavailable).
    public func identifiers(in source: ZoneSource) -> [String] {
        provider(source)?.identifiers() ?? []
    }

    /// Rules for `id` from one specific source, bypassing the preference (for comparison and tests).
    public func rules(for id: String, source: ZoneSource) throws(ZoneError) -> ZoneRules {
        guard let provider = provider(source) else {
            throw tzifError ?? .sourceUnavailable(source, reason: "not configured")
        }
        guard let canonical = provider.canonicalIdentifier(for: id) else {
            throw .unknownZone(id, suggestions: suggestions(for: id))
        }
        return try provider.rules(for: canonical)
    }

    /// Up to three known ids closest to `id` (edit distance on the whole id and on its last part).
    public func suggestions(for id: String) -> [String] {
        ZoneNameSuggester.closest(to: id, among: identifiers(), limit: 3)
    }
}
