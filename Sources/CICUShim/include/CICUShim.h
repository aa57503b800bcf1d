#ifndef CICUSHIM_H
#define CICUSHIM_H
// The only bridge from Swift to system ICU. Plain C, <stdint.h> types only, so Swift
// modules that import full Foundation (with its private ICU) can still import this.
// Strings are NUL-terminated UTF-8. Functions that write text into (buf, capacity)
// return the full length needed (excluding NUL), or a negative value on error; the
// output is truncated (and NUL-terminated) when capacity is too small.
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// ICU's tz data version, e.g. "2022e" (honours ICU_TIMEZONE_FILES_DIR).
int32_t chime_icu_tzdata_version(char *buf, int32_t capacity);

/// Every zone id ICU knows (canonical ids and aliases), separated by '\n'.
int32_t chime_icu_zone_ids(char *buf, int32_t capacity);

/// Canonical id for `zone_id` (e.g. "Asia/Calcutta" -> "Asia/Kolkata"); negative if ICU does not know the id.
int32_t chime_icu_canonical_id(const char *zone_id, char *buf, int32_t capacity);

/// IANA id for a Windows zone id ("Eastern Standard Time" -> "America/New_York"), region "001" when NULL.
/// Returns 0 (empty output) when there is no mapping.
int32_t chime_icu_windows_to_iana(const char *windows_id, const char *region, char *buf, int32_t capacity);

/// Windows id for an IANA id; 0 when there is none.
int32_t chime_icu_iana_to_windows(const char *zone_id, char *buf, int32_t capacity);

/// CLDR short display name in `locale` (e.g. "en_US"): dst = 0 standard ("EST"), 1 daylight ("EDT").
int32_t chime_icu_short_name(const char *zone_id, int32_t dst, const char *locale, char *buf, int32_t capacity);

/// A locale's week rules from CLDR via ICU: first_weekday 1 = Sunday … 7, minimal days 1…7.
/// Returns 0, or negative when ICU does not recognise the locale (it would fall back to root).
int32_t chime_icu_week_rules(const char *locale, int32_t *first_weekday, int32_t *minimal_days);

/// One historical transition: at `utc_seconds` the zone switches to raw_offset + dst_savings.
typedef struct {
    int64_t utc_seconds;
    int32_t raw_offset_seconds;
    int32_t dst_savings_seconds;
} chime_icu_transition;

/// When an annual rule fires (ICU DateTimeRule). Months 1...12, weekdays 1 = Sunday ... 7.
typedef struct {
    int32_t kind;            // 0 = day of month, 1 = nth weekday of month (week_in_month, -1 = last),
                             // 2 = weekday on or after day_of_month, 3 = weekday on or before day_of_month
    int32_t month;
    int32_t day_of_month;
    int32_t weekday;
    int32_t week_in_month;
    int32_t seconds_in_day;  // may exceed 86400 or be negative only in theory; ICU keeps it within a day
    int32_t time_reference;  // 0 = wall time, 1 = standard time, 2 = UTC
} chime_icu_date_rule;

/// The zone's rules as ICU has them. Transitions are every historical transition before the
/// final annual rules take over (in ascending order). When has_final_rules is 1, from
/// final_start_year on the zone alternates between standard (raw_offset) and daylight
/// (raw_offset + dst_savings) by dst_start / dst_end.
typedef struct {
    int32_t initial_raw_offset_seconds;
    int32_t initial_dst_savings_seconds;
    int32_t transition_count;       // number written (<= capacity)
    int32_t transition_total;       // number that exist; caller retries with more capacity if larger
    int32_t has_final_rules;
    int32_t final_start_year;
    int32_t final_raw_offset_seconds;
    int32_t final_dst_savings_seconds;
    chime_icu_date_rule dst_start;
    chime_icu_date_rule dst_end;
} chime_icu_zone_rules;

/// Fills `out` and up to `capacity` transitions. Returns 0 on success, negative when the id is
/// unknown to ICU (never silently GMT) or ICU fails.
int32_t chime_icu_zone_rules_get(const char *zone_id, chime_icu_zone_rules *out,
                                 chime_icu_transition *transitions, int32_t capacity);

/// ICU's own field computation (proleptic Gregorian) for one instant in milliseconds:
/// fields[0..8] = year, month (1...12), day, hour, minute, second, millisecond,
/// zone offset seconds, dst offset seconds. Returns 0, or negative on error/unknown zone.
/// A test oracle and benchmark peer; the engine never calls it on its hot path.
int32_t chime_icu_fields(const char *zone_id, int64_t utc_millis, int32_t *fields);

/// Opaque reusable calendar for repeated field computation (benchmarks): open once, query many.
void *chime_icu_calendar_open(const char *zone_id);
int32_t chime_icu_calendar_fields(void *calendar, int64_t utc_millis, int32_t *fields);
void chime_icu_calendar_close(void *calendar);

/// RFC 7529 RSCALE: a calendar of ICU's by CLDR name ("hebrew", "chinese", "islamic-civil"),
/// proleptic Gregorian where it builds on the Gregorian calendar; days are civil days (midnight
/// to midnight). NULL when ICU does not implement that calendar itself (for an unknown name ICU
/// silently answers with another calendar: "islamic-rgsa" is "islamic" in ICU 72).
/// Not thread-safe: the caller serializes access to one handle.
void *chime_icu_rscale_open(const char *cldr_name);
void chime_icu_rscale_close(void *calendar);

/// The calendar year (ICU's extended year: one number per year, no eras) holding `day`
/// (days since 1970-01-01). Returns 0, or negative on error.
int32_t chime_icu_rscale_year_of_day(void *calendar, int64_t day, int32_t *year);

/// One month of a calendar year: its first day (days since 1970-01-01), its length in days,
/// ICU's month field (0-based) and leap flag (Chinese and Dangi leap months).
typedef struct {
    int64_t first_day;
    int32_t length;
    int32_t month;
    int32_t is_leap;
} chime_icu_rscale_month;

/// The months of calendar year `year`, in order: writes up to `capacity`, returns how many the
/// year has (<= 14), or negative on error. `near_day` is a guess of a day in that year (days since
/// 1970-01-01); the year is found from there, or at once from `first_day_hint` (the day after the
/// previous year's last; INT64_MIN when unknown) when ICU agrees it is the year's first day.
int32_t chime_icu_rscale_year_months(void *calendar, int32_t year, int64_t near_day, int64_t first_day_hint,
                                     chime_icu_rscale_month *months, int32_t capacity);

/// ICU's English name of the month holding `day` in calendar `cldr_name` ("Tishri", "Adar I",
/// "Ramadan"), as a date format's "MMMM" gives it; negative on error.
int32_t chime_icu_rscale_month_name(const char *cldr_name, int64_t day, char *buf, int32_t capacity);

#ifdef __cplusplus
}
#endif
#endif
