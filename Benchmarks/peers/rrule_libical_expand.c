/* libical's side of Benchmarks/peers/rrule_speed.py: expands a rule N times, prints ns per instance.
 * cc -O2 -o rrule_libical_expand rrule_libical_expand.c $(pkg-config --cflags --libs libical)
 * rrule_libical_expand 'FREQ=DAILY;COUNT=3653' 20260101T090000 America/New_York REPEATS */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <libical/ical.h>

int main(int argc, char **argv) {
    struct icalrecurrencetype recur = icalrecurrencetype_from_string(argv[1]);
    struct icaltimetype start = icaltime_from_string(argv[2]);
    icaltimezone *zone = icaltimezone_get_builtin_timezone(argv[3]);
    start = icaltime_set_timezone(&start, zone);
    int repeats = atoi(argv[4]);
    long long instances = 0, checksum = 0;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int r = 0; r < repeats; r++) {
        icalrecur_iterator *it = icalrecur_iterator_new(recur, start);
        for (struct icaltimetype t = icalrecur_iterator_next(it); !icaltime_is_null_time(t); t = icalrecur_iterator_next(it)) {
            checksum += (long long)icaltime_as_timet_with_zone(t, zone);
            instances++;
        }
        icalrecur_iterator_free(it);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
    printf("%.1f %lld %lld\n", ns / instances, instances / repeats, checksum);
    return 0;
}
