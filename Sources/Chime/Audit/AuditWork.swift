/// The bounds of one audit over all its zones (docs/contract.md, "Limits"), and the fires it has
/// examined so far. Around each transition the audit asks the trigger for its fires in a window of
/// a few hours, and those fires count against `fireLimit`: an every-second schedule needs about
/// 25,000 of them a transition, so 10,000,000 cover some 400 transitions (`*/5 * * * *` over all
/// 447 zones × 200 years needs 3.65 million). The walks across the years (missing days, the
/// android profile's drifts) are at most four fires a day by construction and count only towards
/// the deadline. Past either bound, `limitReached`, instead of keeping the caller waiting.
public struct AuditWork: Sendable {
    /// The transition-window fires the audit may examine in all; past it, `limitReached`.
    public let fireLimit: Int
    /// When the audit must have finished, if ever.
    public let deadline: Deadline?
    /// The transition-window fires examined so far.
    public private(set) var firesExamined = 0
    /// Fires walked across the years (not limited but for the deadline).
    private var firesWalked = 0

    /// What `fireLimit` is unless the caller sets it.
    public static let defaultFireLimit = 10_000_000

    /// Bounds for one audit: at most `fireLimit` transition-window fires, within `deadline` if given.
    public init(fireLimit: Int = defaultFireLimit, deadline: Deadline? = nil) {
        self.fireLimit = fireLimit
        self.deadline = deadline
    }

    /// One more transition-window fire examined in `zone`.
    @inline(__always)
    mutating func count(in zone: ZoneRules) throws(TriggerError) {
        firesExamined += 1
        if firesExamined > fireLimit { throw .limitReached(.auditFires(fireLimit), done: "in \(zone.identifier)") }
        try check(in: zone)
    }

    /// One more fire walked in `zone`: the deadline, every 256 fires.
    @inline(__always)
    mutating func check(in zone: ZoneRules) throws(TriggerError) {
        firesWalked += 1
        if firesWalked % 256 == 0, let deadline {
            try deadline.check("in \(zone.identifier), after \(WorkLimit.grouped(firesExamined + firesWalked)) fires")
        }
    }
}
