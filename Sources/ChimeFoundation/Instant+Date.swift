import Foundation
import Chime

extension Instant {
    /// The instant `date` stands for, to the nanosecond nearest its `timeIntervalSince1970` (a
    /// `Date` is a `Double` of seconds: about a tenth of a microsecond apart today). Traps on a
    /// date that is not finite, as integer conversion of such a `Double` does.
    public init(_ date: Date) {
        let interval = date.timeIntervalSince1970
        precondition(interval.isFinite, "Instant(Date): the date is not finite")
        var seconds = interval.rounded(.down)
        var nanos = ((interval - seconds) * 1_000_000_000).rounded()
        if nanos >= 1_000_000_000 { seconds += 1; nanos -= 1_000_000_000 }
        self.init(seconds: Int64(seconds), nanoseconds: Int32(nanos))
    }

    /// The same instant as a `Date` (a `Double` of seconds: nanoseconds may round).
    public var date: Date {
        Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1_000_000_000)
    }
}

extension Fire {
    /// The fire's instant as a `Date`.
    public var date: Date { instant.date }
}
