/// The ~50 zones the lookup scenarios spread over: every continent, northern and southern DST,
/// half- and quarter-hour offsets, zones with long irregular histories (Casablanca, Cairo,
/// Santiago) and zones without DST. All exist in both TZif 2025b and ICU 2022e.
enum BenchZones {
    static let identifiers: [String] = [
        "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Anchorage",
        "Pacific/Honolulu", "America/Phoenix", "America/Toronto", "America/Vancouver", "America/Mexico_City",
        "America/Sao_Paulo", "America/Argentina/Buenos_Aires", "America/Santiago", "America/Bogota", "America/Lima",
        "America/Caracas", "America/Halifax", "America/St_Johns", "America/Havana", "America/Asuncion",
        "Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Paris", "Europe/Berlin",
        "Europe/Madrid", "Europe/Rome", "Europe/Moscow", "Europe/Istanbul", "Europe/Kyiv",
        "Africa/Cairo", "Africa/Johannesburg", "Africa/Lagos", "Africa/Casablanca", "Asia/Jerusalem",
        "Asia/Tehran", "Asia/Dubai", "Asia/Kolkata", "Asia/Kathmandu", "Asia/Dhaka",
        "Asia/Shanghai", "Asia/Tokyo", "Asia/Seoul", "Asia/Singapore", "Asia/Almaty",
        "Australia/Sydney", "Australia/Adelaide", "Australia/Lord_Howe", "Pacific/Auckland", "Pacific/Chatham",
    ]

    /// The 20 zones the trigger scenarios (`next.*`, `batch.*`) spread over: 16 with a one-hour DST
    /// shift at a wall time away from midnight (North America, Europe, Israel, Australia, New
    /// Zealand; northern and southern, half-hour base offsets) and 4 without DST. Foundation is the
    /// oracle for these; the zones where it has known quirks are `triggerQuirks`.
    static let triggers: [String] = [
        "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Anchorage",
        "America/Toronto", "America/St_Johns", "Europe/London", "Europe/Lisbon", "Europe/Paris",
        "Europe/Berlin", "Europe/Kyiv", "Asia/Jerusalem", "Australia/Sydney", "Australia/Adelaide",
        "Pacific/Auckland",
        "Asia/Tokyo", "Asia/Kolkata", "America/Phoenix", "America/Sao_Paulo",
    ]

    /// Zones checked against Foundation but not timed: 30-minute DST (Lord Howe), transitions at
    /// midnight (Santiago, Havana, Cairo), negative DST (Dublin, Casablanca), DST at 02:45 (Chatham).
    /// Disagreements here are reported, not fixed by the choice of inputs.
    static let triggerQuirks: [String] = [
        "Australia/Lord_Howe", "America/Santiago", "America/Havana", "Africa/Cairo", "Europe/Dublin",
        "Africa/Casablanca", "Pacific/Chatham",
    ]

    /// The zone `zone.load.one` loads: a typical DST zone with a long history and an annual rule.
    static let loadOne = "America/New_York"
}
