/// A `LocalTimeType` without its `String`: offset, DST flag and the interned abbreviation id
/// (`AbbreviationRegistry`). Plain bits, so a `Fire` built from it is plain bits too.
///
/// Example: America/New_York's EDT is `(utcOffset: -14400, isDST: true, abbreviationID: id("EDT"))`.
@usableFromInline
struct CompactLocalTimeType: Sendable, Hashable, BitwiseCopyable {
    @usableFromInline let utcOffset: Int32
    @usableFromInline let abbreviationID: UInt32
    @usableFromInline let isDST: Bool

    @inlinable
    init(utcOffset: Int32, abbreviationID: UInt32, isDST: Bool) {
        self.utcOffset = utcOffset
        self.abbreviationID = abbreviationID
        self.isDST = isDST
    }

    var abbreviation: String { AbbreviationRegistry.abbreviation(abbreviationID) }
}
