// The C bridge between Chime (Swift) and system ICU. See include/CICUShim.h for the contract.
//
// Return codes used here: >= 0 success (or length needed), kUnknown (-1) for NULL arguments or
// an id ICU does not know, kICUError (-2) when ICU itself fails or gives data we cannot express.

#include "CICUShim.h"

#include <unicode/basictz.h>
#include <unicode/dtrule.h>
#include <unicode/gregocal.h>
#include <unicode/timezone.h>
#include <unicode/tzrule.h>
#include <unicode/tztrans.h>
#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/uenum.h>
#include <unicode/unistr.h>
#include <unicode/ures.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr int32_t kUnknown = -1;
constexpr int32_t kICUError = -2;

// Far enough before any tz data (about -3 billion years) that the first getNextTransition
// call returns the zone's very first transition.
constexpr UDate kFarPast = -1.0e20;

// Gregorian change date meaning "never Julian": ICU clamps any cutover below INT32_MIN days
// to INT32_MIN days (~5.8 million years BC), which precedes every date ICU can represent,
// so the calendar is proleptic Gregorian throughout.
constexpr UDate kProlepticGregorianChange = -1.8446744073709552e19;

// A zone has a few hundred transitions at most; this only stops runaway iteration.
constexpr int32_t kMaxTransitions = 100000;

// Writes `s` into (buf, capacity) per the header contract: returns the full length, truncates
// (at a UTF-8 character boundary) and always NUL-terminates when capacity > 0.
int32_t writeOut(const std::string &s, char *buf, int32_t capacity) {
    if (capacity < 0 || (buf == nullptr && capacity > 0)) return kUnknown;
    const int32_t length = static_cast<int32_t>(s.size());
    if (capacity > 0) {
        int32_t n = length < capacity ? length : capacity - 1;
        if (n < length) {
            // Do not leave a partial multi-byte sequence: back up over continuation bytes.
            while (n > 0 && (static_cast<unsigned char>(s[static_cast<size_t>(n)]) & 0xC0) == 0x80) --n;
        }
        std::memcpy(buf, s.data(), static_cast<size_t>(n));
        buf[n] = '\0';
    }
    return length;
}

int32_t writeOut(const icu::UnicodeString &s, char *buf, int32_t capacity) {
    std::string utf8;
    s.toUTF8String(utf8);
    return writeOut(utf8, buf, capacity);
}

// Canonical system id for `id`, or false when ICU does not know it. Custom ids ("GMT+05:00")
// and "Etc/Unknown" succeed in ICU with isSystemID == false; both count as unknown here, so a
// typo never silently becomes GMT.
bool canonicalID(const icu::UnicodeString &id, icu::UnicodeString &canonical) {
    UErrorCode status = U_ZERO_ERROR;
    UBool isSystemID = false;
    icu::TimeZone::getCanonicalID(id, canonical, isSystemID, status);
    if (U_FAILURE(status) || !isSystemID) return false;
    if (canonical == icu::UnicodeString(u"Etc/Unknown")) return false;
    return true;
}

bool isKnownZone(const icu::UnicodeString &id) {
    icu::UnicodeString canonical;
    return canonicalID(id, canonical);
}

// The tz Zone that `id` links to in ICU's zoneinfo64 data ("Names" is sorted; a link's "Zones"
// entry is the integer index of its target), or `id` itself when it is a Zone or not found.
icu::UnicodeString zoneinfoTarget(const icu::UnicodeString &id) {
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString target = id;
    UResourceBundle *top = ures_openDirect(nullptr, "zoneinfo64", &status);
    UResourceBundle *names = ures_getByKey(top, "Names", nullptr, &status);
    UResourceBundle *zones = ures_getByKey(top, "Zones", nullptr, &status);
    if (U_SUCCESS(status)) {
        int32_t lo = 0, hi = ures_getSize(names) - 1;
        while (lo <= hi && U_SUCCESS(status)) {
            const int32_t mid = lo + (hi - lo) / 2;
            int32_t length = 0;
            const UChar *name = ures_getStringByIndex(names, mid, &length, &status);
            const int8_t order = id.compare(icu::UnicodeString(false, name, length));
            if (order == 0) {
                UResourceBundle *zone = ures_getByIndex(zones, mid, nullptr, &status);
                if (U_SUCCESS(status) && ures_getType(zone) == URES_INT) {
                    const int32_t index = ures_getInt(zone, &status);
                    const UChar *linked = ures_getStringByIndex(names, index, &length, &status);
                    if (U_SUCCESS(status)) target.setTo(linked, length);
                }
                ures_close(zone);
                break;
            }
            if (order < 0) hi = mid - 1; else lo = mid + 1;
        }
    }
    ures_close(zones);
    ures_close(names);
    ures_close(top);
    return target;
}

// IANA's name for a known id. ICU 72's getCanonicalID gives the CLDR canonical id, which keeps
// obsolete spellings ("Asia/Calcutta", "Europe/Kiev"); ICU 74 added getIanaID for this. Here:
// follow the CLDR id's tz link and accept the target only when CLDR considers it the same zone
// (Calcutta -> Kolkata), not when tz merely merged zones (Amsterdam -> Brussels stays Amsterdam).
bool ianaID(const icu::UnicodeString &id, icu::UnicodeString &iana) {
    icu::UnicodeString cldr;
    if (!canonicalID(id, cldr)) return false;
    iana = cldr;
    const icu::UnicodeString target = zoneinfoTarget(cldr);
    icu::UnicodeString targetCLDR;
    if (target != cldr && canonicalID(target, targetCLDR) && targetCLDR == cldr) iana = target;
    return true;
}

int32_t seconds(int32_t millis) { return millis / 1000; }

chime_icu_date_rule convertDateRule(const icu::DateTimeRule &rule) {
    chime_icu_date_rule out = {};
    switch (rule.getDateRuleType()) {
        case icu::DateTimeRule::DOM: out.kind = 0; break;
        case icu::DateTimeRule::DOW: out.kind = 1; break;
        case icu::DateTimeRule::DOW_GEQ_DOM: out.kind = 2; break;
        case icu::DateTimeRule::DOW_LEQ_DOM: out.kind = 3; break;
    }
    out.month = rule.getRuleMonth() + 1;          // ICU months are 0-based
    out.day_of_month = rule.getRuleDayOfMonth();
    out.weekday = rule.getRuleDayOfWeek();        // UCAL_SUNDAY == 1
    out.week_in_month = rule.getRuleWeekInMonth();
    out.seconds_in_day = rule.getRuleMillisInDay() / 1000;
    switch (rule.getTimeRuleType()) {
        case icu::DateTimeRule::WALL_TIME: out.time_reference = 0; break;
        case icu::DateTimeRule::STANDARD_TIME: out.time_reference = 1; break;
        case icu::DateTimeRule::UTC_TIME: out.time_reference = 2; break;
    }
    return out;
}

// The never-ending annual rules that take over after the historical transitions.
const icu::AnnualTimeZoneRule *finalAnnualRule(const icu::TimeZoneRule *rule) {
    auto annual = dynamic_cast<const icu::AnnualTimeZoneRule *>(rule);
    if (annual != nullptr && annual->getEndYear() == icu::AnnualTimeZoneRule::MAX_YEAR) return annual;
    return nullptr;
}

// One historical transition as recorded in a TimeArrayTimeZoneRule: at `time` (UTC millis) the
// zone switches to that rule's offsets.
struct HistoricalTransition {
    UDate time;
    int32_t raw;
    int32_t dst;
};

// Every start time of the zone's TimeArrayTimeZoneRules (ICU's OlsonTimeZone keeps one such rule
// per offset pair, holding exactly its historical transitions), in ascending order.
// Reading them here costs O(n log n); walking them with getNextTransition costs O(n^2), because
// each call clones its two rules, copying and re-sorting their start times.
// Returns false when the times cannot be ordered without knowing the previous offsets (a rule
// in wall or standard time) or are ambiguous (two rules at one instant); the caller then walks
// getNextTransition from the start instead.
bool historicalTransitions(const icu::TimeZoneRule *const *rules, int32_t count,
                           std::vector<HistoricalTransition> &out) {
    out.clear();
    for (int32_t i = 0; i < count; ++i) {
        auto array = dynamic_cast<const icu::TimeArrayTimeZoneRule *>(rules[i]);
        if (array == nullptr) continue;  // the final AnnualTimeZoneRules; found by getNextTransition
        if (array->getTimeType() != icu::DateTimeRule::UTC_TIME) return false;
        for (int32_t j = 0, n = array->countStartTimes(); j < n; ++j) {
            UDate time;
            if (!array->getStartTimeAt(j, time)) return false;
            out.push_back({time, array->getRawOffset(), array->getDSTSavings()});
        }
    }
    std::sort(out.begin(), out.end(),
              [](const HistoricalTransition &a, const HistoricalTransition &b) { return a.time < b.time; });
    for (size_t i = 1; i < out.size(); ++i) {
        if (out[i].time == out[i - 1].time) return false;
    }
    return true;
}

// A Gregorian UCalendar for a known zone id that is proleptic Gregorian for all years.
UCalendar *openCalendar(const char *zone_id) {
    if (zone_id == nullptr) return nullptr;
    icu::UnicodeString id = icu::UnicodeString::fromUTF8(zone_id);
    if (!isKnownZone(id)) return nullptr;
    UErrorCode status = U_ZERO_ERROR;
    UCalendar *cal = ucal_open(id.getTerminatedBuffer(), id.length(), "en_US_POSIX", UCAL_GREGORIAN, &status);
    if (U_FAILURE(status)) {
        if (cal != nullptr) ucal_close(cal);
        return nullptr;
    }
    ucal_setGregorianChange(cal, kProlepticGregorianChange, &status);
    // These only matter for wall time -> instant, which we never do; set so behaviour is pinned anyway.
    ucal_setAttribute(cal, UCAL_REPEATED_WALL_TIME, UCAL_WALLTIME_FIRST);
    ucal_setAttribute(cal, UCAL_SKIPPED_WALL_TIME, UCAL_WALLTIME_NEXT_VALID);
    if (U_FAILURE(status)) {
        ucal_close(cal);
        return nullptr;
    }
    return cal;
}

int32_t calendarFields(UCalendar *cal, int64_t utc_millis, int32_t *fields) {
    if (cal == nullptr || fields == nullptr) return kUnknown;
    UErrorCode status = U_ZERO_ERROR;
    ucal_setMillis(cal, static_cast<UDate>(utc_millis), &status);
    static const UCalendarDateFields kFields[9] = {
        UCAL_EXTENDED_YEAR,  // astronomical year: 0 = 1 BC, -1 = 2 BC, ...
        UCAL_MONTH, UCAL_DATE, UCAL_HOUR_OF_DAY, UCAL_MINUTE, UCAL_SECOND, UCAL_MILLISECOND,
        UCAL_ZONE_OFFSET, UCAL_DST_OFFSET,
    };
    int32_t values[9];
    for (int i = 0; i < 9; ++i) values[i] = ucal_get(cal, kFields[i], &status);
    if (U_FAILURE(status)) return kICUError;
    values[1] += 1;                  // UCAL_JANUARY == 0
    values[7] = seconds(values[7]);  // offsets come in milliseconds
    values[8] = seconds(values[8]);
    std::memcpy(fields, values, sizeof values);
    return 0;
}

}  // namespace

extern "C" {

int32_t chime_icu_tzdata_version(char *buf, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    const char *version = ucal_getTZDataVersion(&status);
    if (U_FAILURE(status) || version == nullptr) return kICUError;
    return writeOut(std::string(version), buf, capacity);
}

int32_t chime_icu_zone_ids(char *buf, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *ids = ucal_openTimeZones(&status);
    if (U_FAILURE(status)) {
        if (ids != nullptr) uenum_close(ids);
        return kICUError;
    }
    std::string joined;
    int32_t length = 0;
    const char *id;
    while ((id = uenum_next(ids, &length, &status)) != nullptr && U_SUCCESS(status)) {
        if (!joined.empty()) joined += '\n';
        joined.append(id, static_cast<size_t>(length));
    }
    uenum_close(ids);
    if (U_FAILURE(status)) return kICUError;
    return writeOut(joined, buf, capacity);
}

int32_t chime_icu_canonical_id(const char *zone_id, char *buf, int32_t capacity) {
    if (zone_id == nullptr) return kUnknown;
    icu::UnicodeString canonical;
    if (!ianaID(icu::UnicodeString::fromUTF8(zone_id), canonical)) return kUnknown;
    return writeOut(canonical, buf, capacity);
}

int32_t chime_icu_windows_to_iana(const char *windows_id, const char *region, char *buf, int32_t capacity) {
    if (windows_id == nullptr) return kUnknown;
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString iana;
    // No mapping yields an empty string with U_ZERO_ERROR, i.e. a return of 0.
    icu::TimeZone::getIDForWindowsID(icu::UnicodeString::fromUTF8(windows_id),
                                     region != nullptr ? region : "001", iana, status);
    if (U_FAILURE(status)) return kICUError;
    return writeOut(iana, buf, capacity);
}

int32_t chime_icu_iana_to_windows(const char *zone_id, char *buf, int32_t capacity) {
    if (zone_id == nullptr) return kUnknown;
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString windows;
    // ICU canonicalizes aliases itself and returns "" (success) for unknown or unmapped ids.
    icu::TimeZone::getWindowsID(icu::UnicodeString::fromUTF8(zone_id), windows, status);
    if (U_FAILURE(status)) return kICUError;
    return writeOut(windows, buf, capacity);
}

int32_t chime_icu_short_name(const char *zone_id, int32_t dst, const char *locale, char *buf, int32_t capacity) {
    UCalendar *cal = openCalendar(zone_id);
    if (cal == nullptr) return kUnknown;
    UErrorCode status = U_ZERO_ERROR;
    UChar name[128];
    const UCalendarDisplayNameType type = dst != 0 ? UCAL_SHORT_DST : UCAL_SHORT_STANDARD;
    const char *loc = locale != nullptr ? locale : "en_US";
    int32_t length = ucal_getTimeZoneDisplayName(cal, type, loc, name, 128, &status);
    icu::UnicodeString result;
    if (status == U_BUFFER_OVERFLOW_ERROR) {  // display names are short; handle it anyway
        status = U_ZERO_ERROR;
        std::vector<UChar> big(static_cast<size_t>(length) + 1);
        length = ucal_getTimeZoneDisplayName(cal, type, loc, big.data(), length + 1, &status);
        result.setTo(big.data(), length);
    } else {
        result.setTo(name, length);
    }
    ucal_close(cal);
    if (U_FAILURE(status)) return kICUError;
    return writeOut(result, buf, capacity);
}

int32_t chime_icu_zone_rules_get(const char *zone_id, chime_icu_zone_rules *out,
                                 chime_icu_transition *transitions, int32_t capacity) {
    if (zone_id == nullptr || out == nullptr) return kUnknown;
    if (capacity < 0 || (transitions == nullptr && capacity > 0)) return kUnknown;
    const icu::UnicodeString id = icu::UnicodeString::fromUTF8(zone_id);
    // createTimeZone returns a GMT clone for unknown ids, so check first.
    if (!isKnownZone(id)) return kUnknown;

    std::unique_ptr<icu::TimeZone> zone(icu::TimeZone::createTimeZone(id));
    auto basic = dynamic_cast<const icu::BasicTimeZone *>(zone.get());
    if (basic == nullptr) return kICUError;

    std::memset(out, 0, sizeof *out);

    // The initial rule (e.g. LMT) comes from getTimeZoneRules; zones without any transitions
    // have nothing else.
    UErrorCode status = U_ZERO_ERROR;
    int32_t ruleCount = basic->countTransitionRules(status);
    if (U_FAILURE(status)) return kICUError;
    std::vector<const icu::TimeZoneRule *> rules(static_cast<size_t>(ruleCount) + 1);
    const icu::InitialTimeZoneRule *initial = nullptr;
    basic->getTimeZoneRules(initial, rules.data(), ruleCount, status);
    if (U_FAILURE(status) || initial == nullptr) return kICUError;
    out->initial_raw_offset_seconds = seconds(initial->getRawOffset());
    out->initial_dst_savings_seconds = seconds(initial->getDSTSavings());

    int32_t lastRaw = initial->getRawOffset();
    int32_t lastDst = initial->getDSTSavings();
    int32_t total = 0;
    // Records one transition unless it changes nothing. ICU already skips no-op historical
    // transitions when walking, but its TimeArrayTimeZoneRules still hold them, and the first
    // transition into a fixed-offset final zone can repeat the current offsets; drop them all.
    auto record = [&](UDate time, int32_t raw, int32_t dst) {
        if (raw == lastRaw && dst == lastDst) return;
        lastRaw = raw;
        lastDst = dst;
        if (total < capacity) {
            chime_icu_transition &t = transitions[total];
            // Whole seconds in practice; floor-divide anyway (integer math: no libm needed).
            const int64_t millis = static_cast<int64_t>(time);
            t.utc_seconds = millis / 1000 - (millis % 1000 < 0 ? 1 : 0);
            t.raw_offset_seconds = seconds(raw);
            t.dst_savings_seconds = seconds(dst);
        }
        ++total;
    };

    // Historical transitions come straight from the rules; getNextTransition then only has to
    // find what follows the last of them (the final rules), normally in a single call. If the
    // rules cannot be read that way, the walk below starts from the far past and finds everything.
    UDate base = kFarPast;
    std::vector<HistoricalTransition> history;
    if (historicalTransitions(rules.data(), ruleCount, history)) {
        for (const HistoricalTransition &h : history) record(h.time, h.raw, h.dst);
        if (!history.empty()) base = history.back().time;
    }

    icu::TimeZoneTransition tzt;
    for (int32_t iteration = 0;; ++iteration) {
        if (iteration >= kMaxTransitions) return kICUError;
        if (!basic->getNextTransition(base, false, tzt)) break;  // no final rules: offsets fixed from here
        base = tzt.getTime();
        const icu::TimeZoneRule *to = tzt.getTo();
        if (to == nullptr) return kICUError;

        if (const icu::AnnualTimeZoneRule *first = finalAnnualRule(to)) {
            // The final rules alternate forever; the next transition is the other one.
            icu::TimeZoneTransition next;
            if (!basic->getNextTransition(base, false, next)) return kICUError;
            const icu::AnnualTimeZoneRule *second = finalAnnualRule(next.getTo());
            if (second == nullptr) return kICUError;
            const icu::AnnualTimeZoneRule *dstRule = first->getDSTSavings() != 0 ? first : second;
            const icu::AnnualTimeZoneRule *stdRule = first->getDSTSavings() != 0 ? second : first;
            // Exactly one of the pair must be daylight (ICU data is rearguard: no negative DST).
            if (dstRule->getDSTSavings() == 0 || stdRule->getDSTSavings() != 0) return kICUError;
            out->has_final_rules = 1;
            out->final_start_year = first->getStartYear() > second->getStartYear() ? first->getStartYear()
                                                                                   : second->getStartYear();
            out->final_raw_offset_seconds = seconds(dstRule->getRawOffset());
            out->final_dst_savings_seconds = seconds(dstRule->getDSTSavings());
            out->dst_start = convertDateRule(*dstRule->getRule());
            out->dst_end = convertDateRule(*stdRule->getRule());
            break;
        }
        record(tzt.getTime(), to->getRawOffset(), to->getDSTSavings());
    }
    out->transition_total = total;
    out->transition_count = total < capacity ? total : capacity;
    return 0;
}

int32_t chime_icu_fields(const char *zone_id, int64_t utc_millis, int32_t *fields) {
    if (fields == nullptr) return kUnknown;
    UCalendar *cal = openCalendar(zone_id);
    if (cal == nullptr) return kUnknown;
    int32_t result = calendarFields(cal, utc_millis, fields);
    ucal_close(cal);
    return result;
}

void *chime_icu_calendar_open(const char *zone_id) {
    return openCalendar(zone_id);
}

int32_t chime_icu_calendar_fields(void *calendar, int64_t utc_millis, int32_t *fields) {
    return calendarFields(static_cast<UCalendar *>(calendar), utc_millis, fields);
}

void chime_icu_calendar_close(void *calendar) {
    if (calendar != nullptr) ucal_close(static_cast<UCalendar *>(calendar));
}

}  // extern "C"

int32_t chime_icu_week_rules(const char *locale, int32_t *first_weekday, int32_t *minimal_days) {
    if (locale == nullptr || first_weekday == nullptr || minimal_days == nullptr || *locale == '\0') return -1;
    UErrorCode status = U_ZERO_ERROR;
    UCalendar *cal = ucal_open(nullptr, 0, locale, UCAL_GREGORIAN, &status);
    if (U_FAILURE(status) || cal == nullptr) return -2;
    // ICU silently falls back to the default locale (here en_US_POSIX) for unknown ones: accept
    // the answer only when the locale ICU used has the requested language.
    UErrorCode localeStatus = U_ZERO_ERROR;
    const char *valid = ucal_getLocaleByType(cal, ULOC_VALID_LOCALE, &localeStatus);
    auto language = [](const char *id) { return std::string(id, std::strcspn(id, "_-@")); };
    bool known = U_SUCCESS(localeStatus) && valid != nullptr && language(valid) == language(locale);
    *first_weekday = ucal_getAttribute(cal, UCAL_FIRST_DAY_OF_WEEK);
    *minimal_days = ucal_getAttribute(cal, UCAL_MINIMAL_DAYS_IN_FIRST_WEEK);
    ucal_close(cal);
    return known ? 0 : -1;
}

// MARK: RFC 7529 RSCALE calendars

namespace {

constexpr double kMillisPerDay = 86400000.0;

// A CLDR calendar name as RFC 7529 writes it, lower-cased: letters, digits and '-', short.
bool validCalendarName(const char *name) {
    if (name == nullptr || *name == '\0') return false;
    size_t n = 0;
    for (const char *p = name; *p != '\0'; ++p, ++n) {
        const char c = *p;
        if (n >= 40 || !((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    }
    return true;
}

std::string calendarLocale(const char *name) { return std::string("en@calendar=") + name; }

}  // namespace

void *chime_icu_rscale_open(const char *cldr_name) {
    if (!validCalendarName(cldr_name)) return nullptr;
    UErrorCode status = U_ZERO_ERROR;
    const std::string locale = calendarLocale(cldr_name);
    UCalendar *cal = ucal_open(u"UTC", -1, locale.c_str(), UCAL_DEFAULT, &status);
    if (U_FAILURE(status) || cal == nullptr) {
        if (cal != nullptr) ucal_close(cal);
        return nullptr;
    }
    // ICU falls back to another calendar for a name it does not implement: accept only its own.
    const char *type = ucal_getType(cal, &status);
    if (U_FAILURE(status) || type == nullptr || std::strcmp(type, cldr_name) != 0) {
        ucal_close(cal);
        return nullptr;
    }
    // Calendars built on the Gregorian one (buddhist, japanese, roc) would turn Julian before
    // 1582. ucal_setGregorianChange refuses any but GregorianCalendar itself, so the C++ class's.
    auto gregorian = dynamic_cast<icu::GregorianCalendar *>(reinterpret_cast<icu::Calendar *>(cal));
    if (gregorian != nullptr) {
        gregorian->setGregorianChange(kProlepticGregorianChange, status);
        if (U_FAILURE(status)) {
            ucal_close(cal);
            return nullptr;
        }
    }
    return cal;
}

void chime_icu_rscale_close(void *calendar) {
    if (calendar != nullptr) ucal_close(static_cast<UCalendar *>(calendar));
}

int32_t chime_icu_rscale_year_of_day(void *calendar, int64_t day, int32_t *year) {
    if (calendar == nullptr || year == nullptr) return kUnknown;
    UCalendar *cal = static_cast<UCalendar *>(calendar);
    UErrorCode status = U_ZERO_ERROR;
    ucal_setMillis(cal, static_cast<UDate>(day) * kMillisPerDay, &status);
    const int32_t value = ucal_get(cal, UCAL_EXTENDED_YEAR, &status);
    if (U_FAILURE(status)) return kICUError;
    *year = value;
    return 0;
}

int32_t chime_icu_rscale_year_months(void *calendar, int32_t year, int64_t near_day, int64_t first_day_hint,
                                     chime_icu_rscale_month *months, int32_t capacity) {
    if (calendar == nullptr || capacity < 0 || (months == nullptr && capacity > 0)) return kUnknown;
    UCalendar *cal = static_cast<UCalendar *>(calendar);
    UErrorCode status = U_ZERO_ERROR;
    // Only ICU's fields of an instant (year, month, leap flag, day of month) are read: resolving
    // fields back to a date (ucal_set … ucal_getMillis) and ucal_getLimit(UCAL_ACTUAL_MAXIMUM) go
    // through ChineseCalendar code that keeps state between calls and answered days off after
    // other years' work, and Dangi's UCAL_DAY_OF_YEAR disagrees with its own year starts. Each
    // field computation costs (the Chinese calendar's is astronomy), so they are counted: a year
    // takes about one and a half a month.
    struct Fields {
        int32_t year, month, leap, date;
    };
    auto fieldsOf = [&](int64_t d) {
        ucal_setMillis(cal, static_cast<UDate>(d) * kMillisPerDay, &status);
        Fields f;
        f.year = ucal_get(cal, UCAL_EXTENDED_YEAR, &status);
        f.month = ucal_get(cal, UCAL_MONTH, &status);
        f.leap = ucal_get(cal, UCAL_IS_LEAP_MONTH, &status);
        f.date = ucal_get(cal, UCAL_DATE, &status);
        return f;
    };
    // The year's first day: the caller's hint (the day after the previous year's last) when ICU
    // agrees, else found from a day in the year (the caller's guess, moved by whole years of 354
    // days, the shortest, then by 200 days) and walked back a month at a time.
    int64_t first = 0;
    Fields f{};
    bool found = false;
    if (first_day_hint != INT64_MIN) {
        f = fieldsOf(first_day_hint);
        if (U_FAILURE(status)) return kICUError;
        if (f.year == year && f.date == 1) {
            const Fields before = fieldsOf(first_day_hint - 1);
            if (U_FAILURE(status)) return kICUError;
            if (before.year != year) {
                first = first_day_hint;
                found = true;
            }
        }
    }
    if (!found) {
        int64_t day = near_day;
        for (int attempt = 0;; ++attempt) {
            if (attempt >= 64) return kICUError;
            f = fieldsOf(day);
            if (U_FAILURE(status)) return kICUError;
            if (f.year == year) break;
            const int64_t years = static_cast<int64_t>(year) - f.year;
            day += (years > 1 || years < -1) ? years * 354 : (years > 0 ? 200 : -200);
        }
        first = day - (f.date - 1);
        for (int steps = 0;; ++steps) {
            if (steps > 14) return kICUError;
            const Fields before = fieldsOf(first - 1);
            if (U_FAILURE(status)) return kICUError;
            if (before.year != year) break;
            first = first - 1 - (before.date - 1);
        }
        f = fieldsOf(first);
        if (U_FAILURE(status)) return kICUError;
    }
    // Each month's length: where the next day 1 is — 29 days ahead first (lunar months have 29 or
    // 30), then 30, 31, 28, then every day (the Coptic and Ethiopic thirteenth month has 5 or 6).
    // The next month's fields are the probe that found its first day.
    int32_t count = 0;
    int64_t day = first;
    while (f.year == year) {
        // Every month must start on its day 1; else ICU's answer is not a year of months we can use.
        if (f.date != 1 || count >= 14) return kICUError;
        int32_t length = 0;
        Fields next{};
        auto startsMonth = [&](int32_t k) {
            next = fieldsOf(day + k);
            return next.date == 1;
        };
        auto sameMonth = [&]() { return next.month == f.month && next.leap == f.leap; };
        if (startsMonth(29)) {
            length = 29;
        } else if (U_SUCCESS(status) && next.date == 30 && sameMonth()) {
            if (startsMonth(30)) length = 30;
            else if (U_SUCCESS(status) && next.date == 31 && sameMonth() && startsMonth(31)) length = 31;
        } else if (U_SUCCESS(status) && startsMonth(28)) {
            length = 28;
        }
        if (U_FAILURE(status)) return kICUError;
        for (int32_t k = 1; length == 0 && k <= 27; ++k) {
            if (startsMonth(k)) length = k;
            if (U_FAILURE(status)) return kICUError;
        }
        if (length == 0) return kICUError;
        if (count < capacity) months[count] = {day, length, f.month, f.leap != 0 ? 1 : 0};
        ++count;
        day += length;
        f = next;
    }
    return count;
}

int32_t chime_icu_rscale_month_name(const char *cldr_name, int64_t day, char *buf, int32_t capacity) {
    if (!validCalendarName(cldr_name)) return kUnknown;
    UErrorCode status = U_ZERO_ERROR;
    const std::string locale = calendarLocale(cldr_name);
    UDateFormat *format = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale.c_str(), u"UTC", -1, u"MMMM", -1, &status);
    if (U_FAILURE(status) || format == nullptr) {
        if (format != nullptr) udat_close(format);
        return kICUError;
    }
    UChar text[128];
    const int32_t length = udat_format(format, static_cast<UDate>(day) * kMillisPerDay, text, 128, nullptr, &status);
    udat_close(format);
    if (U_FAILURE(status) || length > 128) return kICUError;
    return writeOut(icu::UnicodeString(text, length), buf, capacity);
}
