/// Whose reading of an RRULE: RFC 5545's (the default) or python-dateutil 2.9's (rrule.js is its
/// port), so that rules stored by a dateutil application give the same fires (docs/rrule.md, Flavors).
///
/// dateutil expands part combinations RFC 5545 §3.3.10 forbids, and people's rules use them:
/// every BY part there filters the days of the FREQ period (`FREQ=MONTHLY;BYWEEKNO=20` is the days
/// of week 20 in each month; `FREQ=WEEKLY;BYMONTHDAY=1` the first of each month; `FREQ=DAILY;
/// BYYEARDAY=100` day 100 of each year). It also reads BYDAY's plain and numbered weekdays as two
/// filters that must both pass (`BYDAY=SA,-3SU` gives nothing), a numbered weekday as a plain one
/// outside MONTHLY and YEARLY, BYSETPOS alone, COUNT with UNTIL, and begins the first WEEKLY period
/// at DTSTART rather than at WKST; DTSTART is an instance only when the rule matches it.
public enum RRuleFlavor: String, Sendable, Codable, CaseIterable, Hashable, NamedChoice {
    /// RFC 5545 §3.3.10 (and RFC 7529's RSCALE): every "MUST NOT" is an error. The default.
    case rfc5545
    /// python-dateutil 2.9.0's `rrulestr`: RFC 5545's forbidden combinations are expanded as it does.
    case dateutil

    /// The DTSTART mode when none is given: RFC 5545 counts DTSTART always; dateutil only when the
    /// rule matches it (`rrule._iter` yields only what the rule makes at or after DTSTART).
    public var defaultDTStartMode: RRuleTrigger.DTStartMode { self == .dateutil ? .ifMatching : .always }
}
