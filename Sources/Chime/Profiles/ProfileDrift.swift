/// A stretch of fires at another wall time than the schedule asks for, because a trigger carries
/// state from fire to fire (`FlutterAndroidTrigger`: a DST gap moved one fire and every later fire
/// keeps the moved time) — the "for how long" of the android profile.
///
/// Example, daily 02:30 in America/New_York audited over 2026–2035: one drift, from
/// 2026-03-09T03:30:00-04:00 through 2035-12-31T03:30:00-05:00, 3585 fires at 03:30:00, still
/// drifted when the audit ends (the plugin never returns to 02:30 by itself; the app must schedule
/// again). iOS fires at 02:30 on each of those days.
public struct ProfileDrift: Sendable, Hashable {
    /// The wall time asked for and the one fired at, `HH:MM:SS`.
    public let requested: String
    /// The wall time the stretch fires at, `HH:MM:SS`.
    public let firedAt: String
    /// The first and last fire of the stretch within the audited years.
    public let first: Fire
    /// The last fire of the stretch within the audited years.
    public let last: Fire
    /// How many fires the stretch holds within the audited years.
    public let fires: Int
    /// Whether the stretch lasts to the end of the audited years (it does not end by itself).
    public let lastsToEnd: Bool

    /// The drifts of `trigger` in `zone` over `years`: one schedule made at the start of the first
    /// year (a day early in UTC, so every zone's January 1 is covered), walked fire by fire.
    /// Empty for triggers that carry no state. The walk keeps to `work`'s deadline.
    public static func drifts(of trigger: Trigger, in zone: ZoneRules, years: ClosedRange<Int>, work: inout AuditWork) throws(TriggerError) -> [ProfileDrift] {
        guard case .flutterAndroid(let requested) = trigger else { return [] }
        let firstDay = CivilArithmetic.daysFromCivil(year: Int64(years.lowerBound), month: 1, day: 1)
        let endDay = CivilArithmetic.daysFromCivil(year: Int64(years.upperBound) + 1, month: 1, day: 1)
        var iterator = FireIterator(trigger: trigger, zone: zone, start: Instant(seconds: (firstDay - 1) * 86_400))
        var drifts: [ProfileDrift] = []
        var open: (first: Fire, last: Fire, count: Int, at: String)?
        func close(lastsToEnd: Bool) {
            if let run = open {
                drifts.append(ProfileDrift(requested: requested.requested.time, firedAt: run.at, first: run.first, last: run.last,
                                           fires: run.count, lastsToEnd: lastsToEnd))
            }
            open = nil
        }
        while let fire = try iterator.nextFire() {
            try work.check(in: zone)
            let localDay = CivilArithmetic.floorDivMod(fire.instant.seconds + Int64(fire.offset), 86_400).quotient
            if localDay >= endDay { close(lastsToEnd: true); return drifts }
            guard localDay >= firstDay else { continue }
            let at = FlutterAndroidTrigger.WallFields(fire.local, match: .time).time
            if fire.adjustment == .gapShiftCarried {
                if let run = open, run.at == at {
                    open = (run.first, fire, run.count + 1, at)
                } else {
                    close(lastsToEnd: false)
                    open = (fire, fire, 1, at)
                }
            } else {
                close(lastsToEnd: false)
            }
        }
        close(lastsToEnd: true)
        return drifts
    }
}
