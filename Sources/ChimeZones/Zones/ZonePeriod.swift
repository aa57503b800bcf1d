/// A stretch of UTC seconds `[start, end)` over which a zone's local time type does not change
/// (as its table stores it: a 400-year copy of the cycle counts as its own stretch).
///
/// Example: America/New_York from 2026-03-08T07:00:00Z (1_772_953_200) to 2026-11-01T06:00:00Z
/// (1_793_512_800) is EDT, -14400.
@usableFromInline
package struct ZonePeriod: Sendable {
    @usableFromInline package let start: Int64
    @usableFromInline package let end: Int64
    @usableFromInline package let type: CompactLocalTimeType

    @inlinable
    package init(start: Int64, end: Int64, type: CompactLocalTimeType) {
        self.start = start
        self.end = end
        self.type = type
    }
}
