/* jsonw.h: writing JSON text straight into one growable buffer.
 *
 * The GAME object is the daemon's hot output (every move answers with
 * it); building it as a jansson tree cost a dozen allocations per move
 * listed.  This writer appends to one buffer instead.  The caller writes
 * the punctuation ({ } [ ] , :) itself with jsonw_raw(); strings are
 * quoted and escaped here.  Input strings must be UTF-8 (everything the
 * daemon stores came through jansson or a UTF-8 check). */
#ifndef CORRCHESS_JSONW_H
#define CORRCHESS_JSONW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JSONW_MAX (16u << 20) /* hard limit of one document */

struct jsonw {
	char *buf; /* new; NUL-terminated; owned until jsonw_take() */
	size_t len, cap;
	bool failed; /* out of memory or over JSONW_MAX: the text is unusable */
};

void jsonw_init(struct jsonw *w);
void jsonw_raw(struct jsonw *w, const char *text);
/* Room for n bytes (and the NUL) at the end of the text, to be written in
 * place and then counted by jsonw_wrote(w, k), k <= n; NULL when the
 * writer failed.  Saves a copy where a caller builds its text itself
 * (the moves of the GAME, issue 19). */
char *jsonw_room(struct jsonw *w, size_t n);
void jsonw_wrote(struct jsonw *w, size_t n);
/* "key": (with the quotes and the colon), after a comma when !first. */
void jsonw_key(struct jsonw *w, const char *key, bool first);
/* A quoted, escaped string; NULL writes null. */
void jsonw_str(struct jsonw *w, const char *s);
void jsonw_int(struct jsonw *w, long long v);
void jsonw_bool(struct jsonw *w, bool v);
/* Hands the buffer over (new; caller frees) and its length; NULL when
 * the writer failed.  The writer is empty afterwards. */
char *jsonw_take(struct jsonw *w, size_t *len);
/* Frees the buffer; the writer is empty afterwards. */
void jsonw_free(struct jsonw *w);

#endif
