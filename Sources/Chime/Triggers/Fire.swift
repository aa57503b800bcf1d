/// One firing of a trigger, as data: when, what the wall clock says, and what was adjusted.
///
/// Example: `{hour: 2, minute: 30}` in America/New_York after 2026-03-07T12:00:00Z fires at
/// instant 2026-03-08T07:00:00Z, local 2026-03-08T03:00:00, offset -14400, "EDT", `gapNextTime`.
///
/// Plain bits (the abbreviation is an interned id, `AbbreviationRegistry`): making, copying and
/// dropping a fire costs no reference counting.
public struct Fire: Sendable, Hashable, Codable {
    public let instant: Instant
    @usableFromInline let type: CompactLocalTimeType
    public let adjustment: FireAdjustment

    public init(instant: Instant, type: LocalTimeType, adjustment: FireAdjustment) {
        self.init(instant: instant, compact: type.compact, adjustment: adjustment)
    }

    @inlinable
    init(instant: Instant, compact type: CompactLocalTimeType, adjustment: FireAdjustment) {
        self.instant = instant
        self.type = type
        self.adjustment = adjustment
    }

    /// Seconds east of UTC at the instant.
    public var offset: Int32 { type.utcOffset }
    public var isDST: Bool { type.isDST }
    /// e.g. "EDT" (looked up by id; the hot path never touches it).
    public var abbreviation: String { type.abbreviation }

    /// The wall time at the fire.
    public var local: CivilDateTime {
        CivilDateTime(localSeconds: instant.seconds + Int64(offset), nanosecond: Int(instant.nanoseconds))
    }

    // The JSON shape of the stored-abbreviation days: instant, offset, abbreviation, isDST, adjustment.
    private enum CodingKeys: String, CodingKey { case instant, offset, abbreviation, isDST, adjustment }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = LocalTimeType(utcOffset: try c.decode(Int32.self, forKey: .offset), isDST: try c.decode(Bool.self, forKey: .isDST),
                                 abbreviation: try c.decode(String.self, forKey: .abbreviation))
        self.init(instant: try c.decode(Instant.self, forKey: .instant), type: type,
                  adjustment: try c.decode(FireAdjustment.self, forKey: .adjustment))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(instant, forKey: .instant)
        try c.encode(offset, forKey: .offset)
        try c.encode(abbreviation, forKey: .abbreviation)
        try c.encode(isDST, forKey: .isDST)
        try c.encode(adjustment, forKey: .adjustment)
    }
}
