/// What the clocks say in a zone during one period: offset from UTC, DST flag and abbreviation.
///
/// Example: America/New_York has `EST` (-18000, not DST) and `EDT` (-14400, DST).
public struct LocalTimeType: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Seconds east of UTC (New York in winter: -18000).
    public let utcOffset: Int32
    public let isDST: Bool
    /// e.g. `EST`; for ICU-sourced rules, CLDR's short name or a numeric form such as `GMT+01:00`.
    public let abbreviation: String

    public init(utcOffset: Int32, isDST: Bool, abbreviation: String) {
        self.utcOffset = utcOffset
        self.isDST = isDST
        self.abbreviation = abbreviation
    }

    public var description: String {
        "\(abbreviation) (\(ISO8601Format.offset(Int(utcOffset)))\(isDST ? ", DST" : ""))"
    }
}
