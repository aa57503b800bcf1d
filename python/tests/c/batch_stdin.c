/* chime batch through the C ABI, from C: reads stdin in 1,000-byte pieces into a stream and writes
 * the responses to stdout; with an argument, the whole input through one chime_batch call instead.
 * python/tests/test_c_header.py compiles it against Sources/ChimeC/include/chime.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chime.h"

int main(int argc, char **argv) {
    (void)argv;
    char piece[1000];
    size_t n, length = 0, capacity = 1 << 16;
    char *out;
    size_t out_length;
    if (argc > 1) {
        char *all = malloc(capacity);
        while ((n = fread(piece, 1, sizeof piece, stdin)) > 0) {
            if (length + n > capacity) all = realloc(all, capacity *= 2);
            memcpy(all + length, piece, n);
            length += n;
        }
        int status = chime_batch(all, length, 0, &out, &out_length);
        free(all);
        if (status != CHIME_OK) return 10 + status;
        fwrite(out, 1, out_length, stdout);
        chime_free(out);
        return 0;
    }
    chime_batch_stream *stream = chime_batch_open(0);
    if (stream == NULL) return 20;
    while ((n = fread(piece, 1, sizeof piece, stdin)) > 0) {
        if (chime_batch_feed(stream, piece, n) != CHIME_OK) return 21;
        if (chime_batch_read(stream, &out, &out_length) != CHIME_OK) return 22;
        if (out != NULL) fwrite(out, 1, out_length, stdout);
        chime_free(out);
    }
    if (chime_batch_end(stream) != CHIME_OK) return 23;
    if (chime_batch_read(stream, &out, &out_length) != CHIME_OK) return 24;
    if (out != NULL) fwrite(out, 1, out_length, stdout);
    chime_free(out);
    chime_batch_close(stream);
    fprintf(stderr, "%s\n", chime_version());
    return 0;
}
