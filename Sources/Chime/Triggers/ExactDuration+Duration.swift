/// `ExactDuration` and Swift's `Duration`, and the unit constructors Swift code expects:
/// `ExactDuration.minutes(90)`, `try ExactDuration(.seconds(5400))`.
extension ExactDuration {
    /// `n` seconds. Traps when `n` is negative or the result does not fit (as `Duration.seconds`
    /// traps on overflow); use `init(seconds:)` for values that come from input.
    public static func seconds(_ n: Int64) -> ExactDuration { unit(n, 1_000_000_000, "seconds") }
    /// `n` minutes of 60 s. Traps when `n` is negative or the result does not fit.
    public static func minutes(_ n: Int64) -> ExactDuration { unit(n, 60_000_000_000, "minutes") }
    /// `n` hours of 3,600 s (elapsed time, whatever the wall clock does). Traps when `n` is
    /// negative or the result does not fit.
    public static func hours(_ n: Int64) -> ExactDuration { unit(n, 3_600_000_000_000, "hours") }
    /// `n` days of exactly 86,400 seconds (elapsed time: not calendar days, which DST lengthens).
    public static func days(_ n: Int64) -> ExactDuration { unit(n, 86_400_000_000_000, "days") }
    /// `n` weeks of exactly 604,800 s. Traps when `n` is negative or the result does not fit.
    public static func weeks(_ n: Int64) -> ExactDuration { unit(n, 604_800_000_000_000, "weeks") }
    /// `n` milliseconds. Traps when `n` is negative or the result does not fit.
    public static func milliseconds(_ n: Int64) -> ExactDuration { unit(n, 1_000_000, "milliseconds") }

    private static func unit(_ n: Int64, _ scale: Int64, _ name: String) -> ExactDuration {
        precondition(n >= 0, "ExactDuration.\(name)(\(n)): a duration is not negative")
        let (product, overflow) = n.multipliedReportingOverflow(by: scale)
        precondition(!overflow, "ExactDuration.\(name)(\(n)) does not fit in Int64 nanoseconds")
        return ExactDuration(nanoseconds: product)
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension ExactDuration {
    /// A Swift `Duration`, exactly: a negative duration, one finer than a nanosecond (`Duration`
    /// counts attoseconds) or one beyond Int64 nanoseconds (~292 years) is
    /// `TriggerError.invalidInterval`, never rounded.
    public init(_ duration: Duration) throws(TriggerError) {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { throw .invalidInterval("\(duration) is negative") }
        guard attoseconds % 1_000_000_000 == 0 else { throw .invalidInterval("\(duration) is finer than a nanosecond") }
        let (whole, o1) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, o2) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !o1, !o2 else { throw .invalidInterval("\(duration) is too large (at most \(Int64.max / 1_000_000_000) s)") }
        self.init(nanoseconds: total)
    }

    /// The same length as a Swift `Duration`.
    public var duration: Duration { .nanoseconds(nanoseconds) }
}
