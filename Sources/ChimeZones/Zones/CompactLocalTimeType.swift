/// A `LocalTimeType` without its `String`: offset, DST flag and the interned abbreviation id
/// (`AbbreviationRegistry`). Plain bits, so a `Fire` built from it is plain bits too.
///
/// Example: America/New_York's EDT is `(utcOffset: -14400, isDST: true, abbreviationID: id("EDT"))`.
@usableFromInline
package struct CompactLocalTimeType: Sendable, Hashable, BitwiseCopyable {
    @usableFromInline package let utcOffset: Int32
    @usableFromInline package let abbreviationID: UInt32
    @usableFromInline package let isDST: Bool

    @inlinable
    package init(utcOffset: Int32, abbreviationID: UInt32, isDST: Bool) {
        self.utcOffset = utcOffset
        self.abbreviationID = abbreviationID
        self.isDST = isDST
    }

    package var abbreviation: String { AbbreviationRegistry.abbreviation(abbreviationID) }
}
