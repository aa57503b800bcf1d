import CICUShim

/// Zone rules from system ICU's zoneinfo64 (honours `ICU_TIMEZONE_FILES_DIR`, which ICU reads itself).
///
/// ICU has offsets and DST but no tz abbreviations; types get CLDR's English short names where
/// they match the zone's current standard/daylight offsets ("EST"/"EDT") and a numeric
/// `GMT+01:00`-style name otherwise. An id ICU does not know is an error, never GMT.
final class ICUProvider: ZoneProvider {
    let source = ZoneSource.icu
    let version: String?

    init() {
        version = ICU.tzdataVersion
    }

    func identifiers() -> [String] {
        ICU.zoneIdentifiers().sorted()
    }

    func canonicalIdentifier(for id: String) -> String? {
        ICU.canonicalIdentifier(id)
    }

    func rules(for id: String) throws(ZoneError) -> ZoneRules {
        guard let raw = ICU.zoneRules(id) else { throw .icu(zone: id, reason: "ICU does not know this zone") }
        let r = raw.rules
        let standardName = ICU.shortName(id, daylight: false)
        let daylightName = ICU.shortName(id, daylight: true)
        // The offsets the CLDR names describe: the final rule's, else the last transition's.
        var currentRaw = r.has_final_rules != 0 ? r.final_raw_offset_seconds : (raw.transitions.last?.raw_offset_seconds ?? r.initial_raw_offset_seconds)
        if r.has_final_rules == 0, let last = raw.transitions.last, last.dst_savings_seconds != 0 { currentRaw = last.raw_offset_seconds }
        let currentDST = r.has_final_rules != 0 ? r.final_raw_offset_seconds + r.final_dst_savings_seconds : nil

        func type(raw rawOffset: Int32, dst: Int32) -> LocalTimeType {
            let offset = rawOffset + dst
            let name: String
            if dst == 0, offset == currentRaw, let standardName { name = standardName }
            else if dst != 0, offset == currentDST, let daylightName { name = daylightName }
            else { name = offset == 0 ? "GMT" : "GMT" + ISO8601Format.offset(Int(offset)) }
            return LocalTimeType(utcOffset: offset, isDST: dst != 0, abbreviation: name)
        }

        let transitions = raw.transitions.map { (seconds: $0.utc_seconds, type: type(raw: $0.raw_offset_seconds, dst: $0.dst_savings_seconds)) }
        var footer: POSIXTimeZoneString.Footer? = nil
        if r.has_final_rules != 0 {
            footer = .recurring(RecurringRule(
                standard: type(raw: r.final_raw_offset_seconds, dst: 0),
                daylight: type(raw: r.final_raw_offset_seconds, dst: r.final_dst_savings_seconds),
                dstStart: try Self.dateRule(r.dst_start, zone: id),
                dstEnd: try Self.dateRule(r.dst_end, zone: id),
                startYear: Int64(r.final_start_year)))
        }
        let table = try TransitionTableBuilder.build(
            initial: type(raw: r.initial_raw_offset_seconds, dst: r.initial_dst_savings_seconds),
            transitions: transitions, footer: footer, origin: "ICU zone \(id)")
        return ZoneRules(identifier: id, source: .icu, version: version, table: table)
    }

    private static func dateRule(_ rule: chime_icu_date_rule, zone: String) throws(ZoneError) -> RecurringRule.DateRule {
        let month = Int(rule.month)
        guard (1...12).contains(month), let weekday = Weekday(rawValue: Int(rule.weekday)) ?? (rule.kind == 0 ? .sunday : nil) else {
            throw .icu(zone: zone, reason: "unexpected annual rule (month \(rule.month), weekday \(rule.weekday))")
        }
        let day: RecurringRule.DateRule.Day
        switch rule.kind {
        case 0: day = .dayOfMonth(month: month, day: Int(rule.day_of_month))
        case 1: day = .nthWeekday(month: month, n: Int(rule.week_in_month), weekday: weekday)
        case 2: day = .weekdayOnOrAfter(month: month, day: Int(rule.day_of_month), weekday: weekday)
        case 3: day = .weekdayOnOrBefore(month: month, day: Int(rule.day_of_month), weekday: weekday)
        default: throw .icu(zone: zone, reason: "unknown date rule kind \(rule.kind)")
        }
        let reference: RecurringRule.DateRule.TimeReference
        switch rule.time_reference {
        case 0: reference = .wall
        case 1: reference = .standard
        default: reference = .utc
        }
        return .init(day: day, secondsOfDay: rule.seconds_in_day, reference: reference)
    }
}
