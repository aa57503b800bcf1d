/*
 * chime.h — Chime's C ABI (libChimeC): `chime batch` as a library call.
 *
 * Build:   swift build -c release --product ChimeC     ->  .build/release/libChimeC.so
 * Link:    cc app.c -I Sources/ChimeC/include -L .build/release -lChimeC
 *
 * The interface is the batch contract of docs/contract.md ("chime batch"): requests go in
 * as JSON Lines (UTF-8, one request object per line, `\n` or `\r\n` line ends, blank lines
 * skipped), responses come out as JSON Lines, one per non-blank request line, in order, each
 * ending with `\n` — byte for byte what `chime batch` writes for the same input. No Swift type or
 * callback crosses the boundary: bytes in, bytes out, an int status — and, for schedules (below),
 * a struct of fixed-width integers per fire.
 *
 * Errors are data. A request that is malformed, names an unknown zone, asks for a skipped wall
 * time, ... gets its response line with `"error": {"code": ..., "message": ...}` (the codes of
 * docs/contract.md), and the call still returns CHIME_OK. No input makes the library crash, hang
 * or print. A non-zero status means no request was answered:
 *   CHIME_BAD_ARGUMENT       a NULL pointer where one is needed, or unknown flag bits; nothing
 *                            is written (an output pointer given is set to NULL, its length to 0).
 *   CHIME_BAD_CONFIGURATION  the zone data cannot be chosen (CHIME_ZONE_SOURCE names no source);
 *                            the output holds one line: {"error":{"code":"badConfiguration",...}}.
 *
 * Ownership: the library never keeps or frees the caller's input. Every output buffer it hands
 * out (chime_batch, chime_batch_read) is allocated by the library, NUL-terminated (the length
 * excludes the NUL; responses never contain a NUL byte, so the text is also a C string) and
 * belongs to the caller, who releases it with chime_free — not free() of another allocator.
 * A stream handle belongs to the caller until chime_batch_close.
 *
 * Threads: every function may be called from any thread at the same time. The zone data is
 * shared (behind locks); each call of chime_batch uses a batch processor of its own (taken from
 * a pool, so its caches stay warm across calls). A stream handle serializes the calls made on it
 * (a lock inside), so sharing one between threads is safe but gains nothing.
 *
 * Zone data: as `chime batch` — the source named by CHIME_ZONE_SOURCE (newest|tzif|icu, default
 * newest) unless a CHIME_SOURCE_* flag names one; TZif files from TZDIR (default
 * /usr/share/zoneinfo); ICU's data from the system ICU library.
 */
#ifndef CHIME_H
#define CHIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes. */
#define CHIME_OK                 0
#define CHIME_BAD_ARGUMENT       1
#define CHIME_BAD_CONFIGURATION  2
#define CHIME_ERROR              3  /* schedules: the answer is an error; *error holds its line */

/* Flags (bitwise or). At most one CHIME_SOURCE_* flag; none: CHIME_ZONE_SOURCE, else newest. */
#define CHIME_EXPLAIN        1u  /* as `chime batch --explain` */
#define CHIME_SOURCE_TZIF    2u  /* as `chime batch --source tzif` */
#define CHIME_SOURCE_ICU     4u  /* as `chime batch --source icu` */
#define CHIME_SOURCE_NEWEST  8u  /* as `chime batch --source newest` */

/* The library's version ("0.1.0", as `chime --version` names it): a static string, never freed. */
const char *chime_version(void);

/*
 * Answers `length` bytes of JSON Lines at `input` (may be NULL when `length` is 0; need not be
 * NUL-terminated; a last line without `\n` is answered too). On CHIME_OK, *output holds the
 * response lines and *output_length their length in bytes; release *output with chime_free.
 */
int chime_batch(const char *input, size_t length, unsigned flags, char **output, size_t *output_length);

/* Releases a buffer the library handed out. NULL is ignored. */
void chime_free(char *buffer);

/*
 * Streaming: feed request bytes in pieces of any size (a line may be split across feeds); every
 * complete line is answered as it arrives and its response waits in the handle until read.
 * Memory stays bounded by the longest line plus the responses not yet read.
 *
 *   chime_batch_stream *s = chime_batch_open(0);
 *   while (more input) { chime_batch_feed(s, bytes, n); chime_batch_read(s, &out, &len); use; chime_free(out); }
 *   chime_batch_end(s); chime_batch_read(s, &out, &len); use; chime_free(out);
 *   chime_batch_close(s);
 */
typedef struct chime_batch_stream chime_batch_stream;

/* A new stream; NULL only for unknown or conflicting flags. */
chime_batch_stream *chime_batch_open(unsigned flags);

/* Answers the complete lines in `bytes` (with a partial line kept from earlier feeds). */
int chime_batch_feed(chime_batch_stream *stream, const char *bytes, size_t length);

/* End of input: answers a last line that had no `\n`. The stream may be fed again afterwards. */
int chime_batch_end(chime_batch_stream *stream);

/*
 * Hands over the responses answered so far (*output NULL and *output_length 0 when there are
 * none); release *output with chime_free.
 */
int chime_batch_read(chime_batch_stream *stream, char **output, size_t *output_length);

/* Releases the stream (responses not read are dropped). NULL is ignored. */
void chime_batch_close(chime_batch_stream *stream);

/*
 * Schedules: one request compiled once, then asked for fires as structs — no JSON per call (what
 * Python's chime.Schedule uses). A request is a batch request object (docs/contract.md):
 * {"zone": ..., "trigger": {...}}, with "after" anchoring an interval given without an anchor
 * (default: now). An answer that is an error (a malformed request, an unknown zone, gap policy
 * reject meeting a skipped wall time, a backward search of a kind searched forward only) returns
 * CHIME_ERROR (or NULL from an open) and, when `error` is given, its line in *error:
 * {"error":{"code":...,"message":...}} (release with chime_free). Instants are seconds since
 * 1970-01-01T00:00:00Z and a nanosecond 0–999,999,999, within years 1–9999 UTC.
 *
 *   chime_schedule *s = chime_schedule_open(request, n, 0, &error, &error_length);
 *   chime_fire fire; size_t count;
 *   chime_schedule_fires(s, 1772884800, 0, 0, &fire, 1, &count, NULL, NULL);   // the next fire
 *   chime_fire_cursor *c = chime_fire_cursor_open(s, 1772884800, 0, 0, NULL, NULL);
 *   chime_fire fires[256]; while (chime_fire_cursor_next(c, fires, 256, &count, NULL, NULL) == CHIME_OK && count) { use; }
 *   chime_fire_cursor_close(c); chime_schedule_close(s);
 *
 * Handles may be used from any thread (a cursor serializes its calls); close each once.
 */
typedef struct chime_schedule chime_schedule;
typedef struct chime_fire_cursor chime_fire_cursor;

typedef struct {
    int64_t utc_seconds;      /* the instant */
    int32_t nanosecond;
    int32_t offset_seconds;   /* UTC offset at the instant */
    int32_t year, month, day, hour, minute, second;   /* the wall time at the instant */
    int32_t fold;             /* 1 when that wall time happens twice and this is its second pass */
    int32_t is_dst;
    int32_t adjustment;       /* chime_adjustment(adjustment): "exact", "gapNextTime", ... */
    int32_t abbreviation;     /* chime_abbreviation(abbreviation): "EDT", ... */
} chime_fire;

/* A schedule, or NULL: a bad argument (NULL request, unknown flags, CHIME_EXPLAIN), or an error
 * (its line in *error, as CHIME_ERROR describes; CHIME_ZONE_SOURCE naming no source included). */
chime_schedule *chime_schedule_open(const char *request, size_t length, unsigned flags, char **error, size_t *error_length);

/* {"zone", "requested", "source", "version", "trigger", "description", "backward"} as JSON in
 * *output (release with chime_free): the zone answered in, the trigger as understood, the
 * schedule in words, and whether it can be searched backward. */
int chime_schedule_info(const chime_schedule *schedule, char **output, size_t *output_length);

/* An instant as a person types it (RFC 3339, @EPOCH, now, or a local time read in the schedule's
 * zone: docs/contract.md "Instants (input)"). */
int chime_schedule_instant(const chime_schedule *schedule, const char *text, size_t length,
                           int64_t *seconds, int32_t *nanosecond, char **error, size_t *error_length);

/* Up to `capacity` fires strictly after the instant (backward != 0: strictly before it, latest
 * first), in *fires; *count says how many (fewer: the schedule ends). */
int chime_schedule_fires(const chime_schedule *schedule, int64_t seconds, int32_t nanosecond, int backward,
                         chime_fire *fires, size_t capacity, size_t *count, char **error, size_t *error_length);

/* The one fire strictly after the instant (backward != 0: strictly before it), in *fire: returns
 * 1 when written, 0 when there is none, -CHIME_ERROR when the answer is an error (the same call
 * of chime_schedule_fires has its words), -CHIME_BAD_ARGUMENT for a bad argument. The fastest
 * way to ask one question. */
int chime_schedule_next(const chime_schedule *schedule, int64_t seconds, int32_t nanosecond, int backward, chime_fire *fire);

/* A walk through the fires after (or before) the instant that keeps its place, and a trigger's
 * state from fire to fire (the android profile's), between calls. NULL: a bad argument or an
 * error (*error). */
chime_fire_cursor *chime_fire_cursor_open(const chime_schedule *schedule, int64_t seconds, int32_t nanosecond,
                                          int backward, char **error, size_t *error_length);

/* The walk's next `capacity` fires (*count 0: it has ended). */
int chime_fire_cursor_next(chime_fire_cursor *cursor, chime_fire *fires, size_t capacity, size_t *count,
                           char **error, size_t *error_length);

/* Releases a cursor, a schedule (its cursors stay valid). NULL is ignored. */
void chime_fire_cursor_close(chime_fire_cursor *cursor);
void chime_schedule_close(chime_schedule *schedule);

/* Static strings, never freed; NULL for an id never handed out. */
const char *chime_abbreviation(int32_t id);
const char *chime_adjustment(int32_t id);

#ifdef __cplusplus
}
#endif

#endif /* CHIME_H */
