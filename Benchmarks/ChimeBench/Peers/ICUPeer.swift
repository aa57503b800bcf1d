import CICUShim

/// System ICU's ucal (tz data 2022e here) through the shim: one reusable calendar per zone;
/// each call is `ucal_setMillis` plus nine `ucal_get` field reads.
final class ICUPeer {
    private let calendars: [UnsafeMutableRawPointer]

    /// `nil` when ICU cannot open a calendar for one of the zones.
    init?(identifiers: [String]) {
        var calendars: [UnsafeMutableRawPointer] = []
        for id in identifiers {
            guard let calendar = chime_icu_calendar_open(id) else {
                calendars.forEach { chime_icu_calendar_close($0) }
                return nil
            }
            calendars.append(calendar)
        }
        self.calendars = calendars
    }

    deinit {
        calendars.forEach { chime_icu_calendar_close($0) }
    }

    /// Year, month (1–12), day, hour, minute, second, millisecond, zone offset and DST offset
    /// (seconds); `nil` if ICU reports an error.
    typealias Fields = (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)

    @inline(__always)
    func fields(_ zone: Int, atSeconds seconds: Int64) -> Fields? {
        var fields: Fields = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        let status = withUnsafeMutableBytes(of: &fields) {
            chime_icu_calendar_fields(calendars[zone], seconds * 1000, $0.baseAddress!.assumingMemoryBound(to: Int32.self))
        }
        return status == 0 ? fields : nil
    }

    /// Total offset (zone + DST) in seconds.
    @inline(__always)
    func offset(_ zone: Int, atSeconds seconds: Int64) -> Int32? {
        fields(zone, atSeconds: seconds).map { $0.7 + $0.8 }
    }
}
