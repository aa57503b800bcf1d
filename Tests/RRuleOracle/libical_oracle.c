/* The libical peer for Chime's RRULE differential test (Tests/ChimeTests/RRule/RRuleDifferentialTests.swift).
 * Our own driver around Debian's libical 3.0 (libical-dev): icalrecurrencetype_from_string,
 * icalrecur_iterator_new / icalrecur_iterator_next, times converted with the zone's rules.
 *
 * Build: cc -O1 -o libical_oracle libical_oracle.c $(pkg-config --cflags --libs libical)
 * Run:   libical_oracle ZONEINFO_DIR < cases
 * Input, one case a line, tab-separated: DTSTART (19970902T090000) TZID (or -) RRULE LIMIT
 * Output, one line a case: "ok" then each instance's seconds (UTC seconds for a TZID, local
 * seconds since 1970 for a floating DTSTART), at most LIMIT of them and none after 2200;
 * "error" when libical refuses the rule; "timeout" when it has not answered in 1 s (the parent kills the child).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>
#include <sys/wait.h>
#include <sys/select.h>
#include <time.h>
#include <libical/ical.h>

/* One case, in a child process so that a rule libical never finishes with cannot stall the run. */
static void answer(char *start, char *tzid, char *rule, int limit) {
    icalerror_clear_errno();
    struct icalrecurrencetype recur = icalrecurrencetype_from_string(rule);
    if (recur.freq == ICAL_NO_RECURRENCE || icalerrno != ICAL_NO_ERROR) { printf("error\n"); return; }
    struct icaltimetype dtstart = icaltime_from_string(start);
    icaltimezone *zone = NULL;
    if (strcmp(tzid, "-") != 0) {
        zone = icaltimezone_get_builtin_timezone(tzid);
        if (!zone) { printf("error unknown zone %s\n", tzid); return; }
        dtstart = icaltime_set_timezone(&dtstart, zone);
    }
    icalrecur_iterator *it = icalrecur_iterator_new(recur, dtstart);
    if (!it) { printf("error\n"); return; }
    printf("ok");
    for (int n = 0; n < limit; n++) {
        struct icaltimetype t = icalrecur_iterator_next(it);
        if (icaltime_is_null_time(t) || t.year > 2200) break;
        long long seconds = zone ? (long long)icaltime_as_timet_with_zone(t, zone) : (long long)icaltime_as_timet(t);
        printf(" %lld", seconds);
    }
    printf("\n");
    icalrecur_iterator_free(it);
}

int main(int argc, char **argv) {
    if (argc > 1) set_zone_directory(argv[1]);
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = 0;
        char *start = strtok(line, "\t"), *tzid = strtok(NULL, "\t"), *rule = strtok(NULL, "\t"), *limitText = strtok(NULL, "\t");
        if (!start || !tzid || !rule || !limitText) { printf("error bad input\n"); fflush(stdout); continue; }
        int limit = atoi(limitText);
        int fds[2];
        if (pipe(fds) != 0) return 1;
        fflush(stdout);
        pid_t child = fork();
        if (child == 0) {
            close(fds[0]);
            dup2(fds[1], 1);
            alarm(1);
            answer(start, tzid, rule, limit);
            fflush(stdout);
            _exit(0);
        }
        close(fds[1]);
        char out[65536];
        size_t used = 0;
        ssize_t got = 1;
        /* The parent keeps the clock: libical may ignore SIGALRM, so the child is killed after 1 s. */
        struct timespec began, now;
        clock_gettime(CLOCK_MONOTONIC, &began);
        int killed = 0;
        while (got > 0) {
            fd_set set;
            FD_ZERO(&set);
            FD_SET(fds[0], &set);
            struct timeval wait = {0, 50000};
            if (select(fds[0] + 1, &set, NULL, NULL, &wait) > 0) {
                got = read(fds[0], out + used, sizeof out - 1 - used);
                if (got > 0) used += (size_t)got;
            }
            clock_gettime(CLOCK_MONOTONIC, &now);
            if (got > 0 && (now.tv_sec - began.tv_sec) * 1000 + (now.tv_nsec - began.tv_nsec) / 1000000 > 1000) {
                kill(child, SIGKILL);
                killed = 1;
                break;
            }
        }
        close(fds[0]);
        int status = 0;
        waitpid(child, &status, 0);
        if (killed) status = 1;
        out[used] = 0;
        if (!WIFEXITED(status) || used == 0 || out[used - 1] != '\n') printf("timeout\n");
        else fputs(out, stdout);
        fflush(stdout);
    }
    return 0;
}
