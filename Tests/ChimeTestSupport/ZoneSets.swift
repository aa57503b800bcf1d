/// The named zone lists the tests draw from or walk, in one place, so a list shared by several
/// runs is written once and the differences between lists are visible side by side.
///
/// Order matters: a seeded run draws a zone by index (`list[random.next(in: 0...list.count - 1)]`),
/// so reordering a list, or replacing it by another with the same zones, changes every case after
/// the first draw, and with it the counts a run reports. That is why lists that share most of
/// their zones are kept as written rather than merged: each is the one its run's recorded figures
/// and explained differences were made with.
///
/// Not here: lists about spellings of one zone (aliases, case, Windows names: the reload and
/// shared-state tests), the golden corpus's required zones (a check of the corpus), and the fuzz
/// harnesses' `interesting` zones (`FuzzSupport.swift` is also compiled on its own by
/// `Fuzz/run.sh`, without this module).
enum ZoneSets {
    /// Every zone of the pinned fixture tree.
    static var all: [String] { Fixtures.zoneIdentifiers }

    /// The cron-family runs (croniter, APScheduler 3 and 4, Quartz): 1-hour DST in both
    /// hemispheres, Lord Howe's 30 minutes, Troll's 2 hours, Dublin's negative DST, Chatham's 02:45,
    /// Havana's and Beirut's midnight transitions, and no DST.
    static let cronDifferential = [
        "America/New_York", "Europe/London", "Europe/Berlin", "Australia/Lord_Howe", "Australia/Sydney",
        "America/Santiago", "Pacific/Auckland", "Asia/Tehran", "America/Havana", "Europe/Dublin",
        "Africa/Cairo", "America/Sao_Paulo", "Pacific/Chatham", "Asia/Beirut", "Antarctica/Troll",
        "America/St_Johns", "America/Nuuk", "Asia/Kolkata", "UTC", "America/Los_Angeles",
    ]

    /// The robfig/cron run: the cron family's first 16 zones, then Asuncion, Casablanca, Kolkata,
    /// UTC, Los Angeles and Gaza (no Nuuk).
    static let robfigDifferential = [
        "America/New_York", "Europe/London", "Europe/Berlin", "Australia/Lord_Howe", "Australia/Sydney",
        "America/Santiago", "Pacific/Auckland", "Asia/Tehran", "America/Havana", "Europe/Dublin",
        "Africa/Cairo", "America/Sao_Paulo", "Pacific/Chatham", "Asia/Beirut", "Antarctica/Troll",
        "America/St_Johns", "America/Asuncion", "Africa/Casablanca", "Asia/Kolkata", "UTC",
        "America/Los_Angeles", "Asia/Gaza",
    ]

    /// The RRULE runs (`RRuleCases`: dateutil, libical, the RSCALE walk): half the cases are in
    /// one of these zones with DST, the other half floating.
    static let rruleDifferential = [
        "America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Santiago", "Europe/Berlin",
        "Pacific/Auckland", "Asia/Tehran", "America/St_Johns", "Pacific/Apia", "Asia/Tokyo",
    ]

    /// RRULE stepping against the general walk: DST of 1 h and 30 min, negative DST, transitions
    /// at midnight, the date-line jump, LMT history before 1900.
    static let rruleStepping = [
        "America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Santiago", "Africa/Casablanca",
        "Europe/Dublin", "Pacific/Apia", "Pacific/Chatham", "America/St_Johns", "Asia/Tokyo", "America/Havana",
    ]

    /// The OnCalendar runs (`OnCalendarGenerator`): DST nights of every kind: ±1 h, 30 min (Lord
    /// Howe), midnight transitions (Havana, Asuncion, Santiago), negative DST (Dublin, Windhoek),
    /// Ramadan suspensions (Casablanca), southern hemisphere, offset changes without DST (Caracas,
    /// Pyongyang, Volgograd), a skipped day (Apia), and no DST at all.
    static let onCalendar = [
        "America/New_York", "America/Los_Angeles", "America/Chicago", "America/Denver", "America/Phoenix", "America/St_Johns",
        "America/Havana", "America/Asuncion", "America/Santiago", "America/Sao_Paulo", "America/Caracas", "America/Godthab",
        "America/Mexico_City", "America/Halifax", "America/Adak", "America/Scoresbysund", "America/Araguaina",
        "Europe/London", "Europe/Berlin", "Europe/Paris", "Europe/Dublin", "Europe/Moscow", "Europe/Volgograd", "Europe/Lisbon",
        "Europe/Kyiv", "Europe/Istanbul", "Europe/Minsk", "Africa/Casablanca", "Africa/Cairo", "Africa/Windhoek", "Africa/Juba",
        "Asia/Tehran", "Asia/Jerusalem", "Asia/Beirut", "Asia/Damascus", "Asia/Amman", "Asia/Gaza", "Asia/Pyongyang",
        "Asia/Kolkata", "Asia/Kathmandu", "Asia/Tokyo", "Asia/Dhaka", "Asia/Karachi",
        "Australia/Sydney", "Australia/Lord_Howe", "Australia/Adelaide", "Pacific/Auckland", "Pacific/Chatham", "Pacific/Apia",
        "Pacific/Fiji", "Pacific/Norfolk", "Antarctica/Troll", "UTC",
    ]

    /// Foundation parity for patterns with a fixed year.
    static let fixedYearParity = [
        "UTC", "Europe/Berlin", "America/New_York", "America/Sao_Paulo", "Australia/Lord_Howe",
        "Asia/Tokyo", "America/Havana", "Pacific/Apia", "Asia/Kolkata", "America/Santiago",
    ]

    /// The android profile against `java.time`: zones with DST in 2020–2040 (the test keeps those
    /// whose transitions java.time and the system's tz data agree on).
    static let androidProfile = [
        "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Anchorage", "America/Halifax",
        "America/St_Johns", "America/Havana", "America/Santiago", "America/Asuncion", "America/Nuuk", "America/Scoresbysund",
        "America/Miquelon", "America/Mexico_City", "America/Ciudad_Juarez", "Atlantic/Azores", "Atlantic/Bermuda",
        "Europe/London", "Europe/Dublin", "Europe/Berlin", "Europe/Paris", "Europe/Athens", "Europe/Helsinki", "Europe/Chisinau",
        "Europe/Kyiv", "Africa/Cairo", "Asia/Beirut", "Asia/Gaza", "Asia/Jerusalem", "Asia/Tehran", "Australia/Sydney",
        "Australia/Adelaide", "Australia/Lord_Howe", "Australia/Hobart", "Pacific/Auckland", "Pacific/Chatham", "Pacific/Norfolk",
        "Pacific/Easter", "Antarctica/Troll", "Antarctica/Macquarie", "America/Coyhaique",
    ]

    /// Wall-time resolution against Python's `zoneinfo`, every transition 1900–2100.
    static let resolutionOracle = [
        "America/New_York", "Europe/London", "Europe/Dublin", "Australia/Lord_Howe", "Australia/Sydney",
        "Pacific/Apia", "America/Sao_Paulo", "Africa/Casablanca", "Asia/Tehran", "Pacific/Chatham",
        "America/St_Johns", "Antarctica/Troll", "America/Santiago", "Europe/Moscow", "Pacific/Kiritimati",
        "Asia/Kolkata", "America/Havana", "Asia/Gaza", "America/Godthab", "Europe/Berlin",
    ]

    /// The schedule audit against `zoneinfo`: the resolution zones and four with transitions at
    /// other hours (Jerusalem, Asuncion, Cairo, Norfolk).
    static let scheduleAudit = resolutionOracle + ["Asia/Jerusalem", "America/Asuncion", "Africa/Cairo", "Pacific/Norfolk"]

    /// `GlibcMktime` against glibc's mktime, one process per zone.
    static let glibcMktime = [
        "America/New_York", "Europe/Dublin", "Australia/Lord_Howe", "America/Sao_Paulo", "Africa/Casablanca",
        "Pacific/Apia", "Antarctica/Troll", "Africa/Windhoek", "Europe/Lisbon", "Pacific/Chatham",
    ]

    /// Zones with interesting histories, always in the zdump comparison: negative DST (Dublin),
    /// 30-minute DST (Lord_Howe), date-line jumps (Apia, Kiritimati, Manila), Ramadan suspensions
    /// (Casablanca, Cairo, Gaza), double summer time (London, Berlin, Paris), DST-flag-only changes
    /// (London 1968–71), 2-hour DST (Troll) and recent rule changes (Coyhaique, Asuncion,
    /// Mexico_City, Almaty, Tehran).
    static let zdumpNamed = [
        "America/New_York", "Europe/London", "Europe/Dublin", "Australia/Lord_Howe", "Pacific/Apia",
        "America/Sao_Paulo", "Africa/Casablanca", "Asia/Tehran", "Pacific/Chatham", "America/St_Johns",
        "Antarctica/Troll", "America/Coyhaique", "Africa/Cairo", "Asia/Almaty", "America/Asuncion",
        "America/Mexico_City", "Asia/Kolkata", "Europe/Moscow", "Pacific/Kiritimati", "Asia/Gaza",
        "Australia/Sydney", "America/Santiago", "America/Havana", "America/Nuuk", "Europe/Berlin",
        "Europe/Paris", "Europe/Volgograd", "Europe/Kyiv", "Asia/Pyongyang", "Asia/Manila",
        "Asia/Dhaka", "Asia/Shanghai", "America/Caracas", "America/Los_Angeles", "America/Juneau",
        "Pacific/Fiji", "Pacific/Tongatapu", "Antarctica/Casey", "Africa/Juba", "Etc/UTC",
    ]

    /// The host's own TZif tree against zdump.
    static let zdumpSystemTree = [
        "America/New_York", "Europe/London", "Europe/Dublin", "Australia/Sydney", "Australia/Lord_Howe",
        "America/Santiago", "Africa/Casablanca", "Asia/Tehran", "Pacific/Chatham", "Asia/Kolkata",
    ]

    /// zdump after the explicit transitions (the POSIX footer, the far future): both hemispheres,
    /// 30-minute DST (Lord_Howe), negative DST (Dublin), 2-hour DST (Troll), DST at odd times
    /// (Chatham 2:45, Gaza's Thursday/Saturday rules), no DST any more (Casablanca after 2087).
    static let zdumpFooterEra = [
        "America/New_York", "Australia/Sydney", "America/Santiago", "Europe/Dublin", "Australia/Lord_Howe",
        "Africa/Casablanca", "Pacific/Chatham", "America/St_Johns", "Antarctica/Troll", "Asia/Gaza",
    ]

    /// Real TZif files to corrupt, chosen for variety: v2 and v3, negative DST (Dublin), negative
    /// rule times (Nuuk), 30-minute DST (Lord Howe), 2-hour DST (Troll), :45 offsets (Chatham), a
    /// fixed footer with many transitions (Casablanca), no transitions at all (Etc/UTC).
    static let tzifCorruption = [
        "America/New_York", "Europe/Dublin", "America/Nuuk", "Australia/Lord_Howe", "Antarctica/Troll",
        "Pacific/Chatham", "Africa/Casablanca", "Asia/Tehran", "America/Sao_Paulo", "Etc/UTC",
    ]

    /// The pending store's selection against Foundation: 8 zones, both hemispheres, :45 and :30
    /// offsets, no DST.
    static let pendingSelection = [
        "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata", "America/Sao_Paulo",
        "Pacific/Chatham", "Asia/Tokyo", "Etc/UTC",
    ]

    /// The pending columns' packed shapes against Foundation: zones where Foundation has no known
    /// quirk.
    static let pendingPackedShapes = [
        "America/New_York", "America/Los_Angeles", "America/St_Johns", "Europe/London", "Europe/Paris", "Europe/Kyiv",
        "Asia/Jerusalem", "Australia/Sydney", "Australia/Adelaide", "Pacific/Auckland", "Asia/Tokyo", "Asia/Kolkata",
        "America/Sao_Paulo", "America/Phoenix",
    ]

    /// Every list above but `all`, by name (for the checks that each zone exists and no two
    /// lists are the same).
    static let named: [(name: String, zones: [String])] = [
        ("cronDifferential", cronDifferential), ("robfigDifferential", robfigDifferential),
        ("rruleDifferential", rruleDifferential), ("rruleStepping", rruleStepping), ("onCalendar", onCalendar),
        ("fixedYearParity", fixedYearParity), ("androidProfile", androidProfile), ("resolutionOracle", resolutionOracle),
        ("scheduleAudit", scheduleAudit), ("glibcMktime", glibcMktime), ("zdumpNamed", zdumpNamed),
        ("zdumpSystemTree", zdumpSystemTree), ("zdumpFooterEra", zdumpFooterEra), ("tzifCorruption", tzifCorruption),
        ("pendingSelection", pendingSelection), ("pendingPackedShapes", pendingPackedShapes),
    ]
}
