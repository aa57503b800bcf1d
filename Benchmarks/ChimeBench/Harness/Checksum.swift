/// Where every scenario's results end up, so the optimiser cannot drop the work being timed.
///
/// A scenario body accumulates what it computes (offsets, instants, field values) into a
/// `UInt64` and returns it; the runner hands that to `absorb`, which the compiler cannot see
/// through (`@inline(never)`, and it writes to memory that is printed at the end of the run).
final class Checksum {
    private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15

    @inline(never)
    func absorb(_ x: UInt64) {
        value = (value &<< 7 | value &>> 57) ^ x
    }
}
