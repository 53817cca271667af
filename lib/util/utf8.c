/* utf8.c: the UTF-8 helpers (utf8.h). */
#include "util/utf8.h"

size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
	if (n == 0)
		return 0;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	size_t len;
	uint32_t v, min;
	if ((s[0] & 0xE0) == 0xC0) {
		len = 2, v = s[0] & 0x1Fu, min = 0x80;
	} else if ((s[0] & 0xF0) == 0xE0) {
		len = 3, v = s[0] & 0x0Fu, min = 0x800;
	} else if ((s[0] & 0xF8) == 0xF0) {
		len = 4, v = s[0] & 0x07u, min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if (!utf8_is_cont(s[i]))
			return 0;
		v = (v << 6) | (s[i] & 0x3Fu);
	}
	if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return len;
}

bool utf8_valid(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	while (i < n) {
		uint32_t cp;
		size_t k = utf8_decode(u + i, n - i, &cp);
		if (k == 0)
			return false;
		i += k;
	}
	return true;
}

size_t utf8_count(const char *s, size_t n)
{
	size_t c = 0;
	for (size_t i = 0; i < n; i++)
		c += !utf8_is_cont((unsigned char)s[i]);
	return c;
}

size_t utf8_cut(const char *s, size_t len, size_t max)
{
	if (len <= max)
		return len;
	size_t k = max;
	while (k > 0 && utf8_is_cont((unsigned char)s[k]))
		k--;
	return k > 0 ? k : max; /* not UTF-8 at all: cut anywhere */
}
