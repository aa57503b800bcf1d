/* The libical peer for Chime's VTIMEZONE differential test (Tests/ChimeOracleTests/VTimeZoneDifferentialTests.swift).
 * Our own driver around Debian's libical 3.0 (libical-dev): each VTIMEZONE of the file becomes an
 * icaltimezone (icaltimezone_set_component: libical expands the component's own observances,
 * whatever its TZID), asked for its UTC offset at UTC instants (icaltimezone_get_utc_offset_of_utc_time);
 * and the file's first VEVENT's RRULE is expanded from its DTSTART (icalrecur_iterator, wall times)
 * and each instance converted to UTC in the zone the DTSTART's TZID names in the file
 * (icaltime_as_timet_with_zone): libical follows the file's VTIMEZONE even for an IANA name.
 *
 * Build: cc -O1 -o libical_vtimezone libical_vtimezone.c $(pkg-config --cflags --libs libical)
 * Run:   libical_vtimezone FILE.ics COUNT < samples
 * stdin: lines "TZID<TAB>UTC seconds"; stdout: one line each, the offset in seconds east of UTC
 * (or "unknown" for a TZID the file does not define), then "events" and the event's first COUNT
 * instances as UTC seconds, one a line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libical/ical.h>

#define MAX_ZONES 64

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(2); }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (fread(text, 1, (size_t)n, f) != (size_t)n) { perror(path); exit(2); }
    text[n] = 0;
    fclose(f);
    return text;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: libical_vtimezone FILE.ics COUNT < samples\n"); return 2; }
    icalcomponent *calendar = icalparser_parse_string(read_file(argv[1]));
    if (!calendar) { fprintf(stderr, "libical cannot parse %s\n", argv[1]); return 2; }
    const char *ids[MAX_ZONES];
    icaltimezone *zones[MAX_ZONES];
    int count = 0;
    for (icalcomponent *c = icalcomponent_get_first_component(calendar, ICAL_VTIMEZONE_COMPONENT);
         c && count < MAX_ZONES; c = icalcomponent_get_next_component(calendar, ICAL_VTIMEZONE_COMPONENT)) {
        icaltimezone *zone = icaltimezone_new();
        if (!icaltimezone_set_component(zone, icalcomponent_new_clone(c))) { fprintf(stderr, "libical refuses a VTIMEZONE\n"); return 2; }
        ids[count] = icaltimezone_get_tzid(zone);
        zones[count++] = zone;
    }
    icaltimezone *utc = icaltimezone_get_utc_timezone();
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        long long t = atoll(tab + 1);
        int i = 0;
        while (i < count && strcmp(ids[i], line) != 0) i++;
        if (i == count) { printf("unknown\n"); continue; }
        struct icaltimetype tt = icaltime_from_timet_with_zone((time_t)t, 0, utc);
        int daylight = 0;
        printf("%d\n", icaltimezone_get_utc_offset_of_utc_time(zones[i], &tt, &daylight));
    }
    printf("events\n");
    icalcomponent *event = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT);
    icalproperty *start = event ? icalcomponent_get_first_property(event, ICAL_DTSTART_PROPERTY) : NULL;
    icalproperty *rule = event ? icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY) : NULL;
    if (start && rule) {
        icalparameter *tzid = icalproperty_get_first_parameter(start, ICAL_TZID_PARAMETER);
        icaltimezone *zone = NULL;
        for (int i = 0; tzid && i < count; i++) if (strcmp(ids[i], icalparameter_get_tzid(tzid)) == 0) zone = zones[i];
        struct icaltimetype dtstart = icalproperty_get_dtstart(start);
        icalrecur_iterator *it = icalrecur_iterator_new(icalproperty_get_rrule(rule), dtstart);
        int limit = atoi(argv[2]);
        for (int n = 0; n < limit; n++) {
            struct icaltimetype next = icalrecur_iterator_next(it);
            if (icaltime_is_null_time(next)) break;
            printf("%lld\n", (long long)icaltime_as_timet_with_zone(next, zone ? zone : utc));
        }
        icalrecur_iterator_free(it);
    }
    return 0;
}
