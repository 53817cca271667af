#include "util/textbuf.h"

#include <stdlib.h>
#include <string.h>

void textbuf_put(struct textbuf *b, const char *s, size_t n)
{
	if (b->full)
		return;
	if (n >= b->max - b->len) { /* room for the text and the NUL */
		b->full = true;
		return;
	}
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 1024;
		while (cap < b->len + n + 1)
			cap *= 2;
		if (cap > b->max)
			cap = b->max;
		char *p = realloc(b->p, cap);
		if (!p) {
			b->full = true;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}
