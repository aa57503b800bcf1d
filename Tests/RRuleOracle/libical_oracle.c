/* The libical peer for Chime's RRULE differential test (Tests/ChimeTests/RRule/RRuleDifferentialTests.swift).
 * Our own driver around Debian's libical 3.0 (libical-dev): icalrecurrencetype_from_string,
 * icalrecur_iterator_new / icalrecur_iterator_next, times converted with the zone's rules
 * (icaltime_as_timet_with_zone; zones read from the pinned TZif tree by set_zone_directory).
 *
 * Build: cc -O1 -o libical_oracle libical_oracle.c $(pkg-config --cflags --libs libical)
 * Run:   libical_oracle ZONEINFO_DIR [CPU_SECONDS] [NAME] < cases
 *
 * One process answers many cases, one JSON object a line each way:
 *   in:  {"dtstart": "19970902T090000", "tz": "America/New_York" or "-", "rule": "FREQ=...", "limit": 15}
 *   out: {"status": "ok", "instances": [s1, ...]}  at most `limit`, none in a year after 2200
 *        {"status": "error", "message": "..."}     libical refuses the rule
 *        {"status": "timeout"}                    no answer within CPU_SECONDS (default 0.5) of the worker's CPU time: not compared
 *        {"status": "crash"}                      the worker died on the case (a signal): not compared
 * Instances are UTC seconds for a zone, local seconds since 1970 for a floating DTSTART.
 *
 * libical steps sub-day rules one second, minute or hour at a time (FREQ=SECONDLY;BYMONTH=12 from
 * May takes 16 million steps to reach December: tens of seconds) and searches a rule that never
 * matches for as long, and it cannot be interrupted inside icalrecur_iterator_next. So the cases
 * are answered by a worker process that lives across cases (zones stay loaded); this parent hands
 * it one case at a time and lets it spend at most CPU_SECONDS of CPU time on it (read from
 * /proc/PID/stat, so the limit does not depend on how busy the machine is; 60 s of wall time at
 * most), then kills it, answers "timeout" and starts a new worker for the next case. At the end it
 * prints on stderr how much CPU time the answered cases took (their largest, and how many took
 * more than a tenth of the limit), to show the limit cuts off only searches far longer than any answer.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <libical/ical.h>

/* Where the value of "key" begins in a flat JSON object (NULL when the key is missing). */
static const char *json_value(const char *line, const char *key) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\"", key);
    const char *p = strstr(line, pattern);
    if (!p) return NULL;
    p += strlen(pattern);
    while (*p == ' ' || *p == ':') p++;
    return p;
}

/* The value of "key" in a flat JSON object with string and integer values (the test writes no escapes). */
static int json_string(const char *line, const char *key, char *out, size_t cap) {
    const char *p = json_value(line, key);
    if (!p || *p != '"') return 0;
    p++;
    size_t n = 0;
    while (*p && *p != '"' && n + 1 < cap) {
        if (*p == '\\' && p[1]) p++;
        out[n++] = *p++;
    }
    out[n] = 0;
    return *p == '"';
}

static int json_int(const char *line, const char *key, int *out) {
    const char *p = json_value(line, key);
    if (!p) return 0;
    char *end;
    long v = strtol(p, &end, 10);
    if (end == p) return 0;
    *out = (int)v;
    return 1;
}

/* One case, answered on stdout as one line. */
static void answer(const char *line) {
    char start[64], tzid[128], rule[2048];
    int limit;
    if (!json_string(line, "dtstart", start, sizeof start) || !json_string(line, "tz", tzid, sizeof tzid)
        || !json_string(line, "rule", rule, sizeof rule) || !json_int(line, "limit", &limit)) {
        printf("{\"status\": \"error\", \"message\": \"bad input\"}\n");
        return;
    }
    icalerror_clear_errno();
    struct icalrecurrencetype recur = icalrecurrencetype_from_string(rule);
    if (recur.freq == ICAL_NO_RECURRENCE || icalerrno != ICAL_NO_ERROR) {
        printf("{\"status\": \"error\", \"message\": \"icalrecurrencetype_from_string: %s\"}\n", icalerror_strerror(icalerrno));
        return;
    }
    struct icaltimetype dtstart = icaltime_from_string(start);
    icaltimezone *zone = NULL;
    if (strcmp(tzid, "-") != 0) {
        zone = icaltimezone_get_builtin_timezone(tzid);
        if (!zone) { printf("{\"status\": \"error\", \"message\": \"unknown zone\"}\n"); return; }
        dtstart = icaltime_set_timezone(&dtstart, zone);
    }
    icalrecur_iterator *it = icalrecur_iterator_new(recur, dtstart);
    if (!it) { printf("{\"status\": \"error\", \"message\": \"icalrecur_iterator_new refused it\"}\n"); return; }
    printf("{\"status\": \"ok\", \"instances\": [");
    for (int n = 0; n < limit; n++) {
        struct icaltimetype t = icalrecur_iterator_next(it);
        if (icaltime_is_null_time(t) || t.year > 2200) break;
        long long seconds = zone ? (long long)icaltime_as_timet_with_zone(t, zone) : (long long)icaltime_as_timet(t);
        printf(n ? ", %lld" : "%lld", seconds);
    }
    printf("]}\n");
    icalrecur_iterator_free(it);
}

static void worker(void) {
    char *line = NULL;
    size_t cap = 0;
    /* A fresh stream on the pipe: the inherited stdin buffer holds the parent's unread cases. */
    FILE *cases = fdopen(0, "r");
    if (!cases) _exit(1);
    while (getline(&line, &cap, cases) > 0) {
        answer(line);
        fflush(stdout);
    }
    _exit(0);
}

struct worker { pid_t pid; int to, from; };

static struct worker start_worker(void) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) { perror("pipe"); exit(1); }
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); exit(1); }
    if (pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        worker();
    }
    close(in[0]);
    close(out[1]);
    return (struct worker){pid, in[1], out[0]};
}

static void stop_worker(struct worker *w) {
    kill(w->pid, SIGKILL);
    close(w->to);
    close(w->from);
    waitpid(w->pid, NULL, 0);
    w->pid = 0;
}

/* CPU time (user + system) a process has used, in seconds (clock-tick resolution). */
static double cpu_seconds(pid_t pid) {
    char path[64], buffer[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t n = fread(buffer, 1, sizeof buffer - 1, f);
    fclose(f);
    buffer[n] = 0;
    char *p = strrchr(buffer, ')');      /* the command name may hold spaces */
    if (!p) return 0;
    unsigned long utime = 0, stime = 0;
    /* after ")": state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime */
    if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2) return 0;
    return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

static double now_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) { if (errno == EINTR) continue; return 0; }
        p += w;
        n -= (size_t)w;
    }
    return 1;
}

int main(int argc, char **argv) {
    if (argc > 1) set_zone_directory(argv[1]);
    double limit = argc > 2 ? atof(argv[2]) : 0.5;
    const char *name = argc > 3 ? argv[3] : "libical";
    signal(SIGPIPE, SIG_IGN);
    struct worker w = start_worker();
    char *line = NULL;
    size_t cap = 0;
    ssize_t length;
    char *reply = malloc(1 << 16);
    long cases = 0, timeouts = 0, crashes = 0, slow = 0;
    double began = now_seconds(), most = 0;
    while ((length = getline(&line, &cap, stdin)) > 0) {
        if (line[length - 1] != '\n') { line = realloc(line, (size_t)length + 2); line[length++] = '\n'; line[length] = 0; }
        if (length == 1) continue;
        if (w.pid == 0) w = start_worker();
        size_t used = 0;
        double cpu0 = cpu_seconds(w.pid), wall0 = now_seconds(), cpu = 0;
        int done = 0, dead = !write_all(w.to, line, (size_t)length);
        while (!done && !dead) {
            cpu = cpu_seconds(w.pid) - cpu0;
            if (cpu > limit || now_seconds() - wall0 > 60) break;
            struct pollfd p = {w.from, POLLIN, 0};
            int ready = poll(&p, 1, 20);
            if (ready < 0 && errno == EINTR) continue;
            if (ready <= 0) continue;
            ssize_t got = read(w.from, reply + used, (1 << 16) - 1 - used);
            if (got <= 0) { dead = 1; break; }
            used += (size_t)got;
            if (reply[used - 1] == '\n') done = 1;
        }
        cases++;
        if (done) {
            cpu = cpu_seconds(w.pid) - cpu0;
            if (cpu > most) most = cpu;
            if (cpu > limit / 10) slow++;
            reply[used] = 0;
            fputs(reply, stdout);
        } else if (dead) {
            crashes++;
            stop_worker(&w);
            fputs("{\"status\": \"crash\"}\n", stdout);
        } else {
            timeouts++;
            stop_worker(&w);
            fputs("{\"status\": \"timeout\"}\n", stdout);
        }
        if (cases % 5000 == 0) {
            fflush(stdout);
            fprintf(stderr, "%s: %ld cases, %ld timeouts, %ld crashes, %.0f s\n", name, cases, timeouts, crashes, now_seconds() - began);
        }
    }
    fflush(stdout);
    if (w.pid) stop_worker(&w);
    fprintf(stderr, "%s: %ld cases, %ld timeouts (over %.1f s of CPU), %ld crashes; answered cases took at most %.2f s of CPU, %ld more than %.2f s\n",
            name, cases, timeouts, limit, crashes, most, slow, limit / 10);
    return 0;
}
