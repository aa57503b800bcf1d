import Chime
import ChimeJSON

extension ByteWriter {
    /// At most `ISO8601Format.maximumInstantLength` bytes: `2026-03-08T03:00:00-04:00`, or UTC
    /// with `Z` without an offset.
    @inline(__always)
    package mutating func instant(_ instant: Instant, offsetSeconds: Int?) {
        count += ISO8601Format.write(instant, offsetSeconds: offsetSeconds, to: start + count)
    }
}
