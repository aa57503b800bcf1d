import Chime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ZoneDatabase {
    /// The error every interface reports before answering anything, when the zone data it was
    /// told to use cannot be read: a `$TZDIR` that is set (or source `tzif` asked for) but holds no
    /// readable tree. Answering from ICU's older data instead would be silently wrong; so `chime`
    /// exits 2, and the C ABI and Python answer `badConfiguration`-class errors with this message
    /// ("TZDIR=/nowhere: zone source 'tzif' is unavailable: /nowhere is not a directory …").
    package var configurationError: BatchError? {
        guard preference != .icu, let error = tzifError else { return nil }
        let tzdir = getenv("TZDIR").map { String(cString: $0) } ?? ""
        guard !tzdir.isEmpty || preference == .tzif else { return nil }
        return BatchError(code: error.code, message: (tzdir.isEmpty ? "" : "TZDIR=\(tzdir): ") + error.description)
    }
}
