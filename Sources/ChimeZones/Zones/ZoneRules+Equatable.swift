/// Two `ZoneRules` are equal when they were loaded as the same zone (canonical id, source, tz data
/// version) and give the same answer at every instant: the same transitions, the same type
/// (offset, DST flag, abbreviation) in every period, and the same 400-year cycle. Rules the
/// database hands out twice for one id share their table, which answers at once.
///
/// `description` names the zone and where it came from: `America/New_York (tzif 2025b)`, the
/// form every `chime` answer starts with.
extension ZoneRules: Hashable, CustomStringConvertible {
    /// Equal when loaded as the same zone (id, source, version) and giving the same answer at every
    /// instant.
    public static func == (lhs: ZoneRules, rhs: ZoneRules) -> Bool {
        guard lhs.identifier == rhs.identifier, lhs.source == rhs.source, lhs.version == rhs.version else { return false }
        let a = lhs.table, b = rhs.table
        if a === b { return true }
        return a.cycleStart == b.cycleStart && a.cycleEnd == b.cycleEnd && a.cycleCoversPast == b.cycleCoversPast
            && a.slots.elementsEqual(b.slots) && a.slotTypes.elementsEqual(b.slotTypes)
    }

    /// Hashes the identity only (equal rules have equal identities).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(source)
        hasher.combine(version)
    }

    /// The zone and where it came from: `America/New_York (tzif 2025b)`.
    public var description: String {
        "\(identifier) (\(source.rawValue)\(version.map { " " + $0 } ?? ""))"
    }
}
