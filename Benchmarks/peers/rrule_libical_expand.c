/* libical's side of Benchmarks/peers/rrule_speed.py: expands a rule REPEATS times, each instance
 * as an instant (icaltime_as_timet_with_zone) and its UTC offset (the wall time read as UTC,
 * icaltime_as_timet, minus the instant), and prints the median over the repetitions of ns per
 * instance, the instances per expansion and a checksum. With a fifth argument `list`, prints one
 * expansion's "instant offset" lines instead (for the agreement check).
 * cc -O2 -o rrule_libical_expand rrule_libical_expand.c $(pkg-config --cflags --libs libical)
 * rrule_libical_expand 'FREQ=DAILY;COUNT=3653' 20260101T090000 America/New_York REPEATS [list] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <libical/ical.h>

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: %s RRULE DTSTART ZONE REPEATS [list]\n", argv[0]);
        return 2;
    }
    struct icalrecurrencetype recur = icalrecurrencetype_from_string(argv[1]);
    struct icaltimetype start = icaltime_from_string(argv[2]);
    icaltimezone *zone = icaltimezone_get_builtin_timezone(argv[3]);
    start = icaltime_set_timezone(&start, zone);
    int repeats = atoi(argv[4]);
    int list = argc > 5 && strcmp(argv[5], "list") == 0;
    if (list) repeats = 1;
    double *samples = calloc(repeats, sizeof(double));
    long long instances = 0, checksum = 0;
    for (int r = 0; r < repeats; r++) {
        struct timespec a, b;
        long long n = 0;
        clock_gettime(CLOCK_MONOTONIC, &a);
        icalrecur_iterator *it = icalrecur_iterator_new(recur, start);
        for (struct icaltimetype t = icalrecur_iterator_next(it); !icaltime_is_null_time(t); t = icalrecur_iterator_next(it)) {
            time_t instant = icaltime_as_timet_with_zone(t, zone);
            long long offset = (long long)icaltime_as_timet(t) - (long long)instant;
            if (list) printf("%lld %lld\n", (long long)instant, offset);
            checksum += (long long)instant + offset * 31;
            n++;
        }
        icalrecur_iterator_free(it);
        clock_gettime(CLOCK_MONOTONIC, &b);
        samples[r] = ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / (double)n;
        instances = n;
    }
    if (!list) {
        qsort(samples, repeats, sizeof(double), compare);
        printf("%.1f %lld %lld\n", samples[repeats / 2], instances, checksum);
    }
    free(samples);
    return 0;
}
