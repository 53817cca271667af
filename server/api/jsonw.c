#include "api/jsonw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void jsonw_init(struct jsonw *w)
{
	memset(w, 0, sizeof *w);
}

/* Makes room for n more bytes and the NUL; false when the writer fails. */
static bool grow(struct jsonw *w, size_t n)
{
	if (w->failed)
		return false;
	size_t cap = w->cap ? w->cap : 4096;
	while (cap < w->len + n + 1)
		cap *= 2;
	char *b = cap <= JSONW_MAX ? realloc(w->buf, cap) : NULL;
	if (!b) {
		w->failed = true;
		return false;
	}
	w->buf = b;
	w->cap = cap;
	return true;
}

static inline void put(struct jsonw *w, const char *s, size_t n)
{
	if (w->len + n + 1 > w->cap && !grow(w, n))
		return;
	memcpy(w->buf + w->len, s, n);
	w->len += n;
	w->buf[w->len] = '\0';
}

char *jsonw_room(struct jsonw *w, size_t n)
{
	if (w->len + n + 1 > w->cap && !grow(w, n))
		return NULL;
	return w->buf + w->len;
}

void jsonw_wrote(struct jsonw *w, size_t n)
{
	if (w->failed || w->len + n + 1 > w->cap)
		return;
	w->len += n;
	w->buf[w->len] = '\0';
}

void jsonw_raw(struct jsonw *w, const char *text)
{
	put(w, text, strlen(text));
}

void jsonw_key(struct jsonw *w, const char *key, bool first)
{
	/* Keys are the API's own names (no character to escape): copied as
	 * they are, one put, not escaped character by character. */
	size_t n = strlen(key);
	/* the comma, two quotes, the colon, and the NUL after them */
	if (w->len + n + 5 > w->cap && !grow(w, n + 4))
		return;
	char *p = w->buf + w->len;
	if (!first)
		*p++ = ',';
	*p++ = '"';
	memcpy(p, key, n);
	p += n;
	*p++ = '"';
	*p++ = ':';
	*p = '\0';
	w->len = (size_t)(p - w->buf);
}

/* RFC 8259 section 7: quote, backslash and control characters escaped;
 * everything else (UTF-8 included) as it is. */
void jsonw_str(struct jsonw *w, const char *s)
{
	if (!s) {
		put(w, "null", 4);
		return;
	}
	put(w, "\"", 1);
	const char *run = s;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		put(w, run, (size_t)(s - run));
		char esc[8];
		switch (c) {
		case '"':
			put(w, "\\\"", 2);
			break;
		case '\\':
			put(w, "\\\\", 2);
			break;
		case '\n':
			put(w, "\\n", 2);
			break;
		case '\t':
			put(w, "\\t", 2);
			break;
		case '\r':
			put(w, "\\r", 2);
			break;
		default:
			snprintf(esc, sizeof esc, "\\u%04x", c);
			put(w, esc, 6);
		}
		run = s + 1;
	}
	put(w, run, (size_t)(s - run));
	put(w, "\"", 1);
}

void jsonw_int(struct jsonw *w, long long v)
{
	char num[24];
	char *p = num + sizeof num;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	do {
		*--p = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*--p = '-';
	put(w, p, (size_t)(num + sizeof num - p));
}

void jsonw_bool(struct jsonw *w, bool v)
{
	if (v)
		put(w, "true", 4);
	else
		put(w, "false", 5);
}

char *jsonw_take(struct jsonw *w, size_t *len)
{
	char *b = w->failed ? NULL : w->buf;
	if (!b)
		free(w->buf);
	if (len)
		*len = b ? w->len : 0;
	jsonw_init(w);
	return b;
}

void jsonw_free(struct jsonw *w)
{
	free(w->buf);
	jsonw_init(w);
}
