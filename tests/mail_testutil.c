/* mail_testutil.c: reading a mail as its tests do (mail_testutil.h). */
#include "mail_testutil.h"

#include <string.h>

#include <sodium.h>

#include "testutil.h"

/* The value of header name in msg, unfolded, or "". */
void tu_mail_header(const char *msg, const char *name, char *out, size_t n)
{
	out[0] = '\0';
	size_t len = strlen(name);
	const char *end = strstr(msg, "\r\n\r\n");
	for (const char *p = msg; p && p < end;
	     p = strstr(p, "\r\n") ? strstr(p, "\r\n") + 2 : NULL) {
		if (strncmp(p, name, len) == 0 && p[len] == ':') {
			size_t o = 0;
			for (const char *q = p + len + 2; q < end && o + 1 < n; q++) {
				if (q[0] == '\r' && q[1] == '\n' && q[2] != ' ')
					break;
				if (*q != '\r' && *q != '\n')
					out[o++] = *q;
			}
			out[o] = '\0';
			return;
		}
	}
}

void tu_mail_header_is(const char *msg, const char *name, const char *want)
{
	char v[1024];
	tu_mail_header(msg, name, v, sizeof v);
	ck_assert_msg(strcmp(v, want) == 0, "%s: \"%s\", not \"%s\"", name, v, want);
}

/* Decodes a header of RFC 2047 "B" words (as mail_format writes them). */
void tu_mail_decode_words(const char *h, char *out, size_t n)
{
	size_t o = 0;
	for (const char *w = strstr(h, "=?utf-8?B?"); w; w = strstr(w, "=?utf-8?B?")) {
		w += 10;
		const char *end = strchr(w, '?');
		ck_assert(end != NULL);
		size_t got = 0;
		ck_assert_msg(sodium_base642bin((unsigned char *)out + o, n - 1 - o, w,
		                                (size_t)(end - w), NULL, &got, NULL,
		                                sodium_base64_VARIANT_ORIGINAL) == 0,
		              "not base64: %.*s", (int)(end - w), w);
		o += got;
		w = end;
	}
	out[o] = '\0';
}
