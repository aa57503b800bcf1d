/// One source of zone rules (TZif files or system ICU) behind a common interface.
protocol ZoneProvider: Sendable {
    var source: ZoneSource { get }
    /// tz data version, e.g. "2025b"; `nil` when the source does not say.
    var version: String? { get }
    /// Every id the source knows, canonical ids and aliases, sorted.
    func identifiers() -> [String]
    /// The canonical id for `id` (itself, or the target of an alias), or `nil` when unknown.
    func canonicalIdentifier(for id: String) -> String?
    /// Loads the rules for an id the source knows.
    func rules(for id: String) throws(ZoneError) -> ZoneRules
}
