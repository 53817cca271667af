/* names.c: names and e-mail addresses (names.h). */
#include "util/names.h"

#include <string.h>

/* The code point of the UTF-8 sequence at s (at most n bytes) into *cp;
 * its length, or 0 when it is not valid UTF-8 (overlong forms and
 * surrogates included). */
static size_t utf8_next(const unsigned char *s, size_t n, unsigned long *cp)
{
	unsigned char c = s[0];
	size_t len;
	unsigned long v, min;
	if (c < 0x80) {
		*cp = c;
		return 1;
	} else if ((c & 0xE0) == 0xC0) {
		len = 2, v = c & 0x1F, min = 0x80;
	} else if ((c & 0xF0) == 0xE0) {
		len = 3, v = c & 0x0F, min = 0x800;
	} else if ((c & 0xF8) == 0xF0) {
		len = 4, v = c & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = (v << 6) | (s[i] & 0x3F);
	}
	if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return len;
}

enum name_verdict name_check(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	int visible = 0;
	for (size_t i = 0; i < n;) {
		unsigned long cp;
		size_t len = utf8_next(p + i, n - i, &cp);
		if (!len)
			return NAME_UTF8;
		i += len;
		if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F))
			return NAME_CONTROL;
		/* U+2028/2029, the line and paragraph separators, end a line too. */
		if (cp == 0x2028 || cp == 0x2029)
			return NAME_CONTROL;
		if ((cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069))
			return NAME_BIDI;
		/* Spaces that show nothing: U+0020, U+00A0, U+2000-200B, U+3000,
		 * U+FEFF. */
		if (!(cp == 0x20 || cp == 0xA0 || (cp >= 0x2000 && cp <= 0x200B) || cp == 0x3000 ||
		      cp == 0xFEFF))
			visible = 1;
	}
	return visible ? NAME_OK : NAME_BLANK;
}

const char *name_verdict_text(enum name_verdict v)
{
	switch (v) {
	case NAME_OK:
		return "is fine";
	case NAME_BLANK:
		return "is empty or only spaces";
	case NAME_CONTROL:
		return "holds a control character (such as a line break)";
	case NAME_BIDI:
		return "holds a bidirectional override or isolate";
	case NAME_UTF8:
		return "is not valid UTF-8";
	}
	return "is not allowed";
}

static int atext(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("!#$%&'*+-/=?^_`{|}~", c));
}

static int ldh(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '-';
}

int name_email_ok(const char *s)
{
	if (!s)
		return 0;
	size_t n = strlen(s);
	const char *at = strchr(s, '@');
	if (n > 254 || !at || strchr(at + 1, '@') || at == s || at - s > 64)
		return 0;
	/* The local part: dot-atoms. */
	int prev_dot = 1;
	for (const char *p = s; p < at; p++) {
		if (*p == '.') {
			if (prev_dot)
				return 0;
			prev_dot = 1;
		} else if (atext((unsigned char)*p)) {
			prev_dot = 0;
		} else {
			return 0;
		}
	}
	if (prev_dot)
		return 0;
	/* The domain: labels of 1..63 letters, digits and
	 * hyphens, no hyphen at either end. */
	const char *d = at + 1;
	int labels = 0;
	while (*d) {
		const char *e = d;
		while (*e && *e != '.')
			e++;
		size_t len = (size_t)(e - d);
		if (len < 1 || len > 63 || d[0] == '-' || e[-1] == '-')
			return 0;
		for (const char *p = d; p < e; p++)
			if (!ldh((unsigned char)*p))
				return 0;
		labels++;
		if (!*e)
			break;
		d = e + 1;
		if (!*d)
			return 0; /* a trailing dot */
	}
	return labels >= 1;
}
