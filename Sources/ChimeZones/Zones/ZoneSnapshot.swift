import Synchronization

/// One state of a `ZoneDatabase`'s sources, as read at one moment: the TZif tree (its index and
/// version, read from the directory its path resolved to then), ICU, the order they are consulted
/// in, and every lookup that depends on them. A reload reads a new snapshot and swaps it in whole,
/// so a lookup that took this one answers entirely from it, whatever happens on disk or in the
/// database meanwhile.
///
/// Immutable but for memo caches that depend only on it (the id list, recent unknown ids).
final class ZoneSnapshot: Sendable {
    let preference: ZoneDatabase.SourcePreference
    let tzif: TZifDirectoryProvider?
    let tzifError: ZoneError?
    let icu: ICUProvider
    /// The TZif tree as found just before it was read (a later change makes the two differ).
    let signature: TZifTreeSignature
    /// The sources consulted, in order (worked out once: it compares versions).
    let preferredOrder: [ZoneSource]
    /// All ids of the consulted sources, listed once (unknown-id suggestions and case-insensitive
    /// matches need them; listing ICU's ids on every miss would dominate a batch of bad ids).
    private let allIdentifiers = Mutex<[String]?>(nil)
    /// Recently asked-for unknown ids and their error (with suggestions), bounded: the same bad id
    /// repeated through a batch is answered without searching again.
    private let unknown = Mutex<[String: ZoneError]>([:])
    private static let unknownCacheLimit = 4096
    /// Zones built from POSIX TZ rules and read from file paths (`TZVariable`), emptied when full
    /// as `unknown` is; a reload starts a new snapshot, so a file is read again after one. A rule's
    /// table (its 400-year cycle) costs about 27 KB (`chime batch` of 255 distinct rules: 6.8 MB
    /// more than of one), so 256 of them about 7 MB.
    private let outside = Mutex<[String: ZoneRules]>([:])
    private static let outsideCacheLimit = 256

    /// Reads the tree `directory` names now. The directory is resolved first (symbolic links
    /// followed), and the files are read from where it resolved to: when the tree is later
    /// replaced by renaming a symlink, this snapshot still reads the tree it indexed, never a
    /// file of the new tree under the old tree's version.
    init(preference: ZoneDatabase.SourcePreference, directory: String, icu: ICUProvider) {
        self.preference = preference
        self.icu = icu
        signature = TZifTreeSignature(directory: directory)
        do {
            let provider = try TZifDirectoryProvider(directory: signature.resolvedDirectory ?? directory)
            tzif = provider
            tzifError = nil
        } catch {
            tzif = nil
            tzifError = error
        }
        switch preference {
        case .tzif: preferredOrder = [.tzif]
        case .icu: preferredOrder = [.icu]
        case .newest:
            if let tzif {
                preferredOrder = TZDataVersion.isNewer(icu.version, than: tzif.version) ? [.icu, .tzif] : [.tzif, .icu]
            } else {
                preferredOrder = [.icu]
            }
        }
    }

    /// Both sources with their versions, the preferred one first.
    var sources: [ZoneDatabase.SourceInfo] {
        let tzifInfo = ZoneDatabase.SourceInfo(source: .tzif, version: tzif?.version, unavailableReason: tzifError?.description)
        let icuInfo = ZoneDatabase.SourceInfo(source: .icu, version: icu.version, unavailableReason: nil)
        return preferredOrder.first == .icu ? [icuInfo, tzifInfo] : [tzifInfo, icuInfo]
    }

    func provider(_ source: ZoneSource) -> (any ZoneProvider)? {
        switch source {
        case .tzif: tzif
        case .icu: icu
        case .posix, .vtimezone: nil
        }
    }

    // MARK: Lookup

    /// Rules for a zone id, uncached (the database caches): an id recently found unknown is
    /// refused at once, else the id is made canonical and the answering source loads it. A POSIX
    /// TZ rule or a file path (`TZVariable`) is built here, and kept in a bounded cache of this
    /// snapshot's (any string is a key: the database's own cache holds only the sources' ids).
    func load(_ id: String) throws(ZoneError) -> ZoneRules {
        if let error = unknown.locked({ $0[id] }) { throw error }
        let found: ZoneLookup
        do {
            found = try lookup(id)
        } catch {
            if case .unknownZone = error {
                unknown.locked { if $0.count >= Self.unknownCacheLimit { $0.removeAll() }; $0[id] = error }
            }
            throw error
        }
        switch found.match {
        case .posixRule, .file:
            if let rules = outside.locked({ $0[found.identifier] }) { return rules }
            let rules = try found.match == .file
                ? TZVariable.rules(forFile: found.identifier, identifier: found.identifier, tree: tzif)
                : TZVariable.rules(forRule: found.identifier, identifier: found.identifier)
            outside.locked { if $0.count >= Self.outsideCacheLimit { $0.removeAll() }; $0[found.identifier] = rules }
            return rules
        case .canonical, .alias, .icuOnly, .windows, .caseInsensitive:
            return try provider(found.source)!.rules(for: found.identifier)
        case .vtimezone:
            // `lookup` never answers so: a VTIMEZONE's zone is built from its file (`ZoneRules.defined`).
            throw .unknownZone(id, suggestions: [])
        }
    }

    /// See `ZoneDatabase.lookup(_:)`.
    func lookup(_ id: String) throws(ZoneError) -> ZoneLookup {
        // No source has an id this long or with control characters (a NUL would end it early in
        // ICU's C strings and name another zone); refuse them before any search.
        guard id.utf8.count <= TZVariable.longestPath, !id.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw .unknownZone(id, suggestions: [])
        }
        // glibc's `:X` is `X`: one colon dropped, the rest read as any zone, named as it names.
        if let rest = TZVariable.withoutColon(id) {
            guard !rest.isEmpty, TZVariable.withoutColon(rest) == nil else { throw .unknownZone(id, suggestions: []) }
            do {
                let found = try lookup(rest)
                return ZoneLookup(requested: id, identifier: found.identifier, source: found.source, match: found.match)
            } catch .unknownZone(_, let suggestions) {
                throw .unknownZone(id, suggestions: suggestions)
            }
        }
        if TZVariable.isPath(id) { return ZoneLookup(requested: id, identifier: id, source: .tzif, match: .file) }
        guard id.utf8.count <= ZoneDatabase.longestIdentifier else { throw .unknownZone(id, suggestions: []) }
        // A path into a tz directory that is not a name (`posix/America/New_York`, `Etc//UTC`,
        // `localtime`) is no source's id: refused before ICU could read it its own way.
        if ZoneName.refusal(id) == nil, let (canonical, how) = canonicalize(id, depth: 0) {
            for source in preferredOrder where provider(source)?.canonicalIdentifier(for: canonical) != nil {
                return ZoneLookup(requested: id, identifier: canonical, source: source, match: how)
            }
        }
        // Not a zone any source knows: a POSIX TZ rule, as glibc reads it when no file has the name.
        if (try? POSIXTimeZoneString.parse(id)) != nil {
            return ZoneLookup(requested: id, identifier: id, source: .posix, match: .posixRule)
        }
        if preferredOrder == [.tzif], tzif == nil, let tzifError { throw tzifError }
        throw .unknownZone(id, suggestions: TZVariable.ruleRefusal(id) == nil || ZoneName.isValid(id) ? suggestions(for: id) : [])
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

    /// Every id the consulted sources know, sorted.
    func identifiers() -> [String] {
        allIdentifiers.locked { cached in
            if let cached { return cached }
            var all = Set<String>()
            for source in preferredOrder { all.formUnion(provider(source)?.identifiers() ?? []) }
            cached = all.sorted()
            return cached!
        }
    }

    /// See `ZoneDatabase.canonicalIdentifiers(matching:)`.
    func canonicalIdentifiers() -> [String] {
        var ids: Set<String>
        if let tzif {
            ids = tzif.canonicalIdentifiers
            if !preferredOrder.contains(.tzif) {
                ids = ids.filter { icu.canonicalIdentifier(for: $0) != nil }
            }
        } else {
            ids = Set(icu.identifiers().filter { ICU.canonicalIdentifier($0) == $0 })
        }
        return ids.sorted { (ZoneDatabase.isLegacy($0) ? 1 : 0, $0) < (ZoneDatabase.isLegacy($1) ? 1 : 0, $1) }
    }

    /// See `ZoneDatabase.rules(for:source:)`.
    func rules(for id: String, source: ZoneSource) throws(ZoneError) -> ZoneRules {
        if source == .posix { return try TZVariable.rules(forRule: id, identifier: id) }
        if source == .vtimezone { throw .sourceUnavailable(source, reason: "a VTIMEZONE's zone is read from its iCalendar file, not looked up") }
        guard let provider = provider(source) else {
            throw tzifError ?? .sourceUnavailable(source, reason: "not configured")
        }
        guard let canonical = provider.canonicalIdentifier(for: id) else {
            throw .unknownZone(id, suggestions: suggestions(for: id))
        }
        return try provider.rules(for: canonical)
    }

    /// Up to three known ids closest to `id` (edit distance on the whole id and on its last part).
    /// An id refused for its form (`posix/America/New_York`) suggests the name it contains first.
    func suggestions(for id: String) -> [String] {
        let closest = ZoneNameSuggester.closest(to: id, among: identifiers(), limit: 3)
        guard let repaired = ZoneName.repaired(id), (try? lookup(repaired)) != nil else { return closest }
        return [repaired] + closest.filter { $0 != repaired }.prefix(2)
    }

    // MARK: Checking a new tree

    /// Loads every zone of the TZif tree (each file read and parsed once), so that a tree with a
    /// corrupt, truncated, missing or escaping file is refused as a whole before it replaces a working one.
    /// Throws the first failure, naming the file. Without a TZif source in use (preference
    /// `icu`), nothing to check.
    func checkTZifTree() throws(ZoneError) {
        guard preference != .icu else { return }
        guard let tzif else { throw tzifError ?? .sourceUnavailable(.tzif, reason: "not configured") }
        for id in tzif.canonicalIdentifiers { _ = try tzif.rules(for: id) }
    }
}
