/// Where to start: zones by id, schedules from any trigger or dialect, instants from text.
///
/// ```swift
/// import Chime
///
/// let ny = try Chime.zone("America/New_York")                   // ZoneRules; print(ny): America/New_York (tzif 2025b)
/// let job = try Chime.schedule(cron: "30 2 * * *", in: "America/New_York")
/// let after = try Chime.instant("2026-03-07T12:00:00Z")
/// for fire in try job.fires(after: after).prefix(2) { print(fire) }
/// // 2026-03-08T03:00:00-04:00 EDT (2026-03-08T07:00:00Z, gapNextTime)
/// // 2026-03-09T02:30:00-04:00 EDT (2026-03-09T06:30:00Z, exact)
/// ```
///
/// Everything here is a thin door onto the layers below, which stay public: `ZoneDatabase`
/// (sources, versions, lookups), `Trigger` and its kinds, `FireIterator`, `ISO8601Format`,
/// `PendingStore` and `Planner`. Note: inside a module that imports Chime, `Chime.X` names this
/// namespace, so qualify a Chime type by its own name (`Instant`, not `Chime.Instant`).
public enum Chime {
    /// The zone database every door here uses (`ZoneDatabase.shared`: the newest of the TZif files
    /// and ICU, loaded zones cached).
    public static var zones: ZoneDatabase { .shared }

    /// A zone's rules by any id the database takes (`America/New_York`, `US/Eastern`,
    /// `"Eastern Standard Time"`, `america/new_york`), made canonical, or glibc's other `$TZ`
    /// forms (`EST5EDT,M3.2.0,M11.1.0`, `:Europe/Berlin`, `/etc/localtime`). An unknown id is
    /// `ZoneError.unknownZone` with the closest ids, never UTC.
    public static func zone(_ identifier: String) throws(ZoneError) -> ZoneRules {
        try ZoneDatabase.shared.rules(for: identifier)
    }

    /// Reads the tz data again (`ZoneDatabase.reload()` on the shared database): lookups under
    /// way finish on the old data, later ones answer from the new; data that cannot be read or
    /// is corrupt is refused (`ZoneError.reloadRefused`) and the old data stays in use. A
    /// `Schedule` keeps the rules it was made with: make it again to use the new ones.
    @discardableResult
    public static func reloadZones() throws(ZoneError) -> ZoneDatabase.Reload {
        try ZoneDatabase.shared.reload()
    }

    /// `trigger` in a zone (see `Schedule.init(_:in:zones:)`).
    public static func schedule(_ trigger: Trigger, in zone: String? = nil) throws -> Schedule {
        try Schedule(trigger, in: zone)
    }

    /// A cron line as `flavor` reads it.
    public static func schedule(cron expression: String, flavor: CronFlavor = .posix, in zone: String? = nil) throws -> Schedule {
        try Schedule(cron: expression, flavor: flavor, in: zone)
    }

    /// A systemd `OnCalendar=` expression.
    public static func schedule(onCalendar expression: String, in zone: String? = nil) throws -> Schedule {
        try Schedule(onCalendar: expression, in: zone)
    }

    /// An instant from RFC 3339 text (`2026-03-08T07:00:00Z`, `…T03:00:00-04:00`). Never the clock:
    /// `now` is refused here; ask `Instant.now()`.
    public static func instant(_ text: String) throws(TimeError) -> Instant {
        try ISO8601Format.parseInstant(text)
    }
}
