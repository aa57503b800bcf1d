/// One firing of a trigger, as data: when, what the wall clock says, and what was adjusted.
///
/// Example: `{hour: 2, minute: 30}` in America/New_York after 2026-03-07T12:00:00Z fires at
/// instant 2026-03-08T07:00:00Z, local 2026-03-08T03:00:00, offset -14400, "EDT", `gapNextTime`.
///
/// Plain bits (the abbreviation is an interned id, `AbbreviationRegistry`): making, copying and
/// dropping a fire costs no reference counting.
public struct Fire: Sendable, Hashable, Codable {
    /// The instant it fires at.
    public let instant: Instant
    @usableFromInline package let type: CompactLocalTimeType
    /// What, if anything, was adjusted to fire here: `exact`, or which DST or missing-day rule
    /// moved it.
    public let adjustment: FireAdjustment

    /// A fire at `instant` with the offset, DST flag and abbreviation of `type` (the abbreviation
    /// is interned once per process).
    public init(instant: Instant, type: LocalTimeType, adjustment: FireAdjustment) {
        self.init(instant: instant, compact: type.compact, adjustment: adjustment)
    }

    @inlinable
    package init(instant: Instant, compact type: CompactLocalTimeType, adjustment: FireAdjustment) {
        self.instant = instant
        self.type = type
        self.adjustment = adjustment
    }

    /// Seconds east of UTC at the instant.
    public var offset: Int32 { type.utcOffset }
    /// Whether daylight saving time is in force at the instant.
    public var isDST: Bool { type.isDST }
    /// e.g. "EDT" (looked up by id; the hot path never touches it).
    public var abbreviation: String { type.abbreviation }

    /// The wall time at the fire.
    public var local: CivilDateTime {
        CivilDateTime(localSeconds: instant.seconds + Int64(offset), nanosecond: Int(instant.nanoseconds))
    }

    // docs/contract.md's fire object, the one shape every interface writes (`chime batch`, `next
    // --json`, the C ABI, Python, and this `Codable`):
    // {"at": "2026-03-08T03:00:00-04:00", "utc": "2026-03-08T07:00:00Z", "offset": -14400,
    //  "abbreviation": "EDT", "adjustment": "gapNextTime"}
    private enum CodingKeys: String, CodingKey, CaseIterable { case at, utc, offset, abbreviation, adjustment }

    /// Reads the contract's fire object. `utc` is the instant; `at`, when present, must be the same
    /// instant. A field that is present but wrong is a `DecodingError.dataCorrupted` at that field's
    /// coding path; a member the object does not have is an `UnknownFieldError`.
    ///
    /// The object does not carry the DST flag, so a decoded fire's `isDST` is `false`: the zone's
    /// `ZoneRules.period(at:)` at `instant` has it.
    public init(from decoder: Decoder) throws {
        try UnknownFieldError.check(decoder, CodingKeys.self)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let utcText = try c.decode(String.self, forKey: .utc)
        let instant: Instant
        do { instant = try ISO8601Format.parseInstant(utcText) } catch {
            throw DecodingError.dataCorruptedError(forKey: .utc, in: c, debugDescription: error.description)
        }
        let offset = try c.decode(Int32.self, forKey: .offset)
        if let atText = try c.decodeIfPresent(String.self, forKey: .at) {
            // Chime writes `at` with the fire's offset (±HH:MM:SS for a local mean time); another
            // spelling of the same instant (`…T03:00:00.000-04:00`) reads too.
            guard atText == instant.iso8601(offsetSeconds: Int(offset)) || (try? ISO8601Format.parseInstant(atText)) == instant else {
                throw DecodingError.dataCorruptedError(forKey: .at, in: c, debugDescription: "'\(atText)' is not the instant \(utcText)")
            }
        }
        let type = LocalTimeType(utcOffset: offset, isDST: false, abbreviation: try c.decode(String.self, forKey: .abbreviation))
        self.init(instant: instant, type: type, adjustment: try c.decode(FireAdjustment.self, forKey: .adjustment))
    }

    /// Writes docs/contract.md's fire object: `at` (with the offset), `utc`, `offset`,
    /// `abbreviation` and `adjustment`, the bytes `chime batch` writes for the same fire.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(instant.iso8601(offsetSeconds: Int(offset)), forKey: .at)
        try c.encode(instant.utcString, forKey: .utc)
        try c.encode(offset, forKey: .offset)
        try c.encode(abbreviation, forKey: .abbreviation)
        try c.encode(adjustment, forKey: .adjustment)
    }
}

/// Fires order by instant; fires at the same instant (which differ only when built by hand) by
/// offset, DST flag, abbreviation and adjustment, so that the order is total and agrees with `==`.
extension Fire: Comparable {
    /// Earlier first; at one instant by offset, DST flag, abbreviation, then adjustment.
    public static func < (lhs: Fire, rhs: Fire) -> Bool {
        if lhs.instant != rhs.instant { return lhs.instant < rhs.instant }
        if lhs.offset != rhs.offset { return lhs.offset < rhs.offset }
        if lhs.isDST != rhs.isDST { return !lhs.isDST }
        if lhs.type.abbreviationID != rhs.type.abbreviationID { return lhs.abbreviation < rhs.abbreviation }
        return lhs.adjustment.rawValue < rhs.adjustment.rawValue
    }
}

/// `2026-03-08T03:00:00-04:00 EDT (2026-03-08T07:00:00Z, gapNextTime)`: the wall time with its
/// offset and abbreviation, then the instant in UTC and the adjustment.
extension Fire: CustomStringConvertible {
    /// The wall time with offset and abbreviation, then the instant in UTC and the adjustment:
    /// `2026-03-08T03:00:00-04:00 EDT (2026-03-08T07:00:00Z, gapNextTime)`.
    public var description: String {
        "\(instant.iso8601(offsetSeconds: Int(offset))) \(abbreviation) (\(instant.utcString), \(adjustment.rawValue))"
    }
}
