/// The two-digit fields of the texts `ISO8601Format` writes: the digit table, and a written date
/// moved on by days in place (inlinable: `chime batch` moves its fires' dates so).
extension ISO8601Format {
    /// "00", "01", … "99": the two digits of `n` are the bytes at `2 * n`.
    @usableFromInline
    static var digitPairs: StaticString { """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """ }

    /// The two digits of `n` (0...99) at `p`, one unaligned 16-bit copy.
    @inlinable @inline(__always)
    static func twoDigits(_ n: UInt32, at p: UnsafeMutablePointer<UInt8>) {
        let pair = UnsafeRawPointer(digitPairs.utf8Start).loadUnaligned(fromByteOffset: Int(n &* 2), as: UInt16.self)
        UnsafeMutableRawPointer(p).storeBytes(of: pair, as: UInt16.self)
    }

    /// Moves the `YYYY-MM-DD` that `writeWholeSecond` wrote at `p` (a year 1...9999) `days`
    /// (1...28) days later, in place, rewriting only the fields that change: `2026-02-27` by 3 is
    /// `2026-03-02`, `2028-02-27` by 3 is `2028-03-01`. For the dates of an instant a whole number of
    /// days after one whose text is at hand, at the same offset (`chime batch` writes a daily
    /// schedule's fires so). `false`, having written nothing, past year 9999.
    @inlinable @inline(__always)
    package static func advanceDate(at p: UnsafeMutablePointer<UInt8>, byDays days: Int) -> Bool {
        assert(days >= 1 && days <= 28, "advanceDate moves 1...28 days")
        func number(_ i: Int) -> UInt32 { UInt32(p[i] &- 48) &* 10 &+ UInt32(p[i + 1] &- 48) }
        var day = number(8) &+ UInt32(days)
        if day > 28 {
            var month = number(5), year = number(0) &* 100 &+ number(2)
            let length = UInt32(CivilArithmetic.daysInMonth(year: Int64(year), month: Int64(month)))
            if day > length {
                day -= length
                month += 1
                if month > 12 {
                    month = 1
                    year += 1
                    guard year <= 9999 else { return false }
                    twoDigits(year / 100, at: p)
                    twoDigits(year % 100, at: p + 2)
                }
                twoDigits(month, at: p + 5)
            }
        }
        twoDigits(day, at: p + 8)
        return true
    }
}
