/// What the clocks say in a zone during one period: offset from UTC, DST flag and abbreviation.
///
/// Example: America/New_York has `EST` (-18000, not DST) and `EDT` (-14400, DST).
public struct LocalTimeType: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Seconds east of UTC (New York in winter: -18000).
    public let utcOffset: Int32
    /// Whether this is daylight saving time, as the source marks it (TZif `isdst`).
    public let isDST: Bool
    /// e.g. `EST`; for ICU-sourced rules, CLDR's short name or a numeric form such as `GMT+01:00`.
    public let abbreviation: String
    /// `abbreviation` interned once here, so fires copy an id rather than the string.
    let abbreviationID: UInt32

    /// A local time type from its parts; the abbreviation is interned once per process.
    public init(utcOffset: Int32, isDST: Bool, abbreviation: String) {
        self.utcOffset = utcOffset
        self.isDST = isDST
        self.abbreviation = abbreviation
        self.abbreviationID = AbbreviationRegistry.id(of: abbreviation)
    }

    var compact: CompactLocalTimeType {
        CompactLocalTimeType(utcOffset: utcOffset, abbreviationID: abbreviationID, isDST: isDST)
    }

    /// The abbreviation, offset and DST flag: `EDT (-04:00, DST)`.
    public var description: String {
        "\(abbreviation) (\(ISO8601Format.offset(Int(utcOffset)))\(isDST ? ", DST" : ""))"
    }

    // The id is derived, not part of the JSON shape.
    private enum CodingKeys: String, CodingKey { case utcOffset, isDST, abbreviation }

    /// Reads `{"utcOffset", "isDST", "abbreviation"}`.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(utcOffset: try c.decode(Int32.self, forKey: .utcOffset), isDST: try c.decode(Bool.self, forKey: .isDST),
                  abbreviation: try c.decode(String.self, forKey: .abbreviation))
    }
}
