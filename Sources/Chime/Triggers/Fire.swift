/// One firing of a trigger, as data: when, what the wall clock says, and what was adjusted.
///
/// Example: `{hour: 2, minute: 30}` in America/New_York after 2026-03-07T12:00:00Z fires at
/// instant 2026-03-08T07:00:00Z, local 2026-03-08T03:00:00, offset -14400, "EDT", `gapNextTime`.
public struct Fire: Sendable, Hashable, Codable {
    public let instant: Instant
    /// Seconds east of UTC at the instant.
    public let offset: Int32
    public let abbreviation: String
    public let isDST: Bool
    public let adjustment: FireAdjustment

    public init(instant: Instant, type: LocalTimeType, adjustment: FireAdjustment) {
        self.instant = instant
        self.offset = type.utcOffset
        self.abbreviation = type.abbreviation
        self.isDST = type.isDST
        self.adjustment = adjustment
    }

    /// The wall time at the fire.
    public var local: CivilDateTime {
        CivilDateTime(localSeconds: instant.seconds + Int64(offset), nanosecond: Int(instant.nanoseconds))
    }
}
