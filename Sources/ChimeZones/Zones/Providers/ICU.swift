import CICUShim

/// Thin Swift wrappers over `CICUShim`: the only file in the engine that calls C for ICU.
package enum ICU {
    /// Calls a shim function that writes UTF-8 into a buffer, growing the buffer when needed.
    private static func string(initialCapacity: Int = 128, _ body: (UnsafeMutablePointer<CChar>, Int32) -> Int32) -> String? {
        var capacity = initialCapacity
        while true {
            var buffer = [CChar](repeating: 0, count: capacity + 1)
            let needed = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32(capacity + 1)) }
            if needed < 0 { return nil }
            if Int(needed) <= capacity {
                return String(decoding: buffer[..<Int(needed)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
            capacity = Int(needed)
        }
    }

    static var tzdataVersion: String? {
        string { chime_icu_tzdata_version($0, $1) }
    }

    static func zoneIdentifiers() -> [String] {
        guard let joined = string(initialCapacity: 1 << 16, { chime_icu_zone_ids($0, $1) }) else { return [] }
        return joined.split(separator: "\n").map(String.init)
    }

    /// `nil` when ICU does not know the id.
    static func canonicalIdentifier(_ id: String) -> String? {
        string { chime_icu_canonical_id(id, $0, $1) }
    }

    static func ianaIdentifier(forWindowsID windowsID: String, region: String? = nil) -> String? {
        let result = string { buffer, capacity in
            if let region { return chime_icu_windows_to_iana(windowsID, region, buffer, capacity) }
            return chime_icu_windows_to_iana(windowsID, nil, buffer, capacity)
        }
        return result?.isEmpty == false ? result : nil
    }

    static func windowsIdentifier(forIANA id: String) -> String? {
        let result = string { chime_icu_iana_to_windows(id, $0, $1) }
        return result?.isEmpty == false ? result : nil
    }

    static func shortName(_ id: String, daylight: Bool, locale: String = "en_US") -> String? {
        string { chime_icu_short_name(id, daylight ? 1 : 0, locale, $0, $1) }
    }

    /// CLDR week rules for a locale (`de_DE` -> Monday, 4 days), or nil when ICU does not know it.
    package static func weekRules(locale: String) -> (firstWeekday: Int, minimumDays: Int)? {
        var first: Int32 = 0, minimum: Int32 = 0
        guard chime_icu_week_rules(locale, &first, &minimum) == 0 else { return nil }
        return (Int(first), Int(minimum))
    }

    struct RawRules {
        var rules: chime_icu_zone_rules
        var transitions: [chime_icu_transition]
    }

    /// ICU's rules for a zone, or `nil` when ICU does not know it.
    static func zoneRules(_ id: String) -> RawRules? {
        var capacity = 512
        while true {
            var rules = chime_icu_zone_rules()
            var transitions = [chime_icu_transition](repeating: chime_icu_transition(), count: capacity)
            let status = transitions.withUnsafeMutableBufferPointer {
                chime_icu_zone_rules_get(id, &rules, $0.baseAddress, Int32(capacity))
            }
            guard status == 0 else { return nil }
            if Int(rules.transition_total) <= capacity {
                transitions.removeSubrange(Int(rules.transition_count)...)
                return RawRules(rules: rules, transitions: transitions)
            }
            capacity = Int(rules.transition_total)
        }
    }

    // MARK: RFC 7529 RSCALE calendars (RScaleCalendar serializes the use of one handle)

    /// ICU's calendar named `cldrName` ("hebrew"), or nil when ICU does not implement it itself.
    package static func rscaleOpen(_ cldrName: String) -> UnsafeMutableRawPointer? {
        chime_icu_rscale_open(cldrName)
    }

    package static func rscaleClose(_ handle: UnsafeMutableRawPointer) {
        chime_icu_rscale_close(handle)
    }

    /// The calendar year (ICU's extended year) holding day `day` (days since 1970-01-01).
    package static func rscaleYear(_ handle: UnsafeMutableRawPointer, ofDay day: Int64) -> Int64? {
        var year: Int32 = 0
        guard chime_icu_rscale_year_of_day(handle, day, &year) == 0 else { return nil }
        return Int64(year)
    }

    /// The months of calendar year `year` in order (`nearDay`: a guess of a day in it; `firstDay`:
    /// its first day when known, the day after the previous year's last), or nil when ICU fails (or
    /// the year is out of its range).
    package static func rscaleMonths(_ handle: UnsafeMutableRawPointer, year: Int64, nearDay: Int64, firstDay: Int64?) -> [chime_icu_rscale_month]? {
        guard let y = Int32(exactly: year) else { return nil }
        var months = [chime_icu_rscale_month](repeating: chime_icu_rscale_month(), count: 16)
        let count = months.withUnsafeMutableBufferPointer {
            chime_icu_rscale_year_months(handle, y, nearDay, firstDay ?? Int64.min, $0.baseAddress, 16)
        }
        guard count > 0, count <= 16 else { return nil }
        return Array(months[..<Int(count)])
    }

    /// ICU's English name of the month holding `day` in calendar `cldrName` ("Adar I").
    package static func rscaleMonthName(_ cldrName: String, day: Int64) -> String? {
        string { chime_icu_rscale_month_name(cldrName, day, $0, $1) }
    }
}
