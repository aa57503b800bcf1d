/*
 * chime.h — Chime's C ABI (libChimeC): `chime batch` as a library call.
 *
 * Build:   swift build -c release --product ChimeC     ->  .build/release/libChimeC.so
 * Link:    cc app.c -I Sources/ChimeC/include -L .build/release -lChimeC
 *
 * The whole interface is the batch contract of docs/contract.md ("chime batch"): requests go in
 * as JSON Lines (UTF-8, one request object per line, `\n` or `\r\n` line ends, blank lines
 * skipped), responses come out as JSON Lines, one per non-blank request line, in order, each
 * ending with `\n` — byte for byte what `chime batch` writes for the same input. No Swift type,
 * struct or callback crosses the boundary: bytes in, bytes out, an int status.
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

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes. */
#define CHIME_OK                 0
#define CHIME_BAD_ARGUMENT       1
#define CHIME_BAD_CONFIGURATION  2

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

#ifdef __cplusplus
}
#endif

#endif /* CHIME_H */
