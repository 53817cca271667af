/* textbuf.h: a growable text buffer with a hard maximum (every growable
 * buffer has one), for the writers of lib/ (PGN, transcripts). */
#ifndef CORRCHESS_TEXTBUF_H
#define CORRCHESS_TEXTBUF_H

#include <stdbool.h>
#include <stddef.h>

struct textbuf {
	char *p;    /* new, NUL-terminated once anything was put; the caller frees */
	size_t len; /* bytes in p */
	size_t cap; /* room in p */
	size_t max; /* the largest text allowed, with its NUL */
	bool full;  /* out of memory or over max: everything after is dropped */
};

/* An empty buffer that holds at most max - 1 bytes of text. */
#define TEXTBUF_INIT(max)                                                                          \
	{                                                                                          \
		NULL, 0, 0, (max), false                                                           \
	}

/* Appends n bytes of s; sets full instead when there is no room. */
void textbuf_put(struct textbuf *b, const char *s, size_t n);

#endif
