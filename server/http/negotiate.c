/* negotiate.c: entity tags, 304, gzip and the CORS allow-list (see
 * negotiate.h; issue 23, docs/HTTP.md). */
#include "autoconfig.h"
#include "http/negotiate.h"

#include <ctype.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

static const char *skip_ows(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* The q of one "coding;q=0.5" member (RFC 9110 §12.4.2), 1 when none:
 * only whether it is zero matters here. */
static bool q_is_zero(const char *p, const char *end)
{
	while (p < end) {
		const char *semi = memchr(p, ';', (size_t)(end - p));
		if (!semi)
			return false;
		p = skip_ows(semi + 1);
		if (p < end && (*p == 'q' || *p == 'Q') && p + 1 < end && p[1] == '=') {
			p += 2;
			bool zero = true;
			for (; p < end && *p != ';' && *p != ' ' && *p != '\t'; p++)
				if (*p != '0' && *p != '.')
					zero = false;
			return zero;
		}
	}
	return false;
}

bool negotiate_accepts_gzip(const char *ae)
{
	if (!ae)
		return false;
	int gzip = -1, star = -1; /* -1 not named, 0 refused, 1 accepted */
	const char *p = ae;
	while (*p) {
		p = skip_ows(p);
		const char *end = strchr(p, ',');
		if (!end)
			end = p + strlen(p);
		size_t n = 0;
		while (p + n < end && p[n] != ';' && p[n] != ' ' && p[n] != '\t')
			n++;
		int ok = q_is_zero(p + n, end) ? 0 : 1;
		if ((n == 4 && strncasecmp(p, "gzip", 4) == 0) ||
		    (n == 6 && strncasecmp(p, "x-gzip", 6) == 0))
			gzip = ok;
		else if (n == 1 && *p == '*')
			star = ok;
		p = *end ? end + 1 : end;
	}
	return gzip == 1 || (gzip == -1 && star == 1);
}

bool negotiate_etag_matches(const char *inm, const char *etag)
{
	if (!inm || !etag || !*etag)
		return false;
	size_t elen = strlen(etag);
	const char *p = inm;
	while (*p) {
		p = skip_ows(p);
		if (*p == ',') {
			p++;
			continue;
		}
		if (*p == '*')
			return true;
		if (p[0] == 'W' && p[1] == '/')
			p += 2;
		if (*p != '"')
			return false; /* not a list of entity tags: no match */
		const char *close = strchr(p + 1, '"');
		if (!close)
			return false;
		size_t n = (size_t)(close - p) + 1;
		if (n == elen && memcmp(p, etag, n) == 0)
			return true;
		p = close + 1;
	}
	return false;
}

bool negotiate_cors_allowed(const char *list, const char *origin)
{
	if (!list || !origin || !*origin)
		return false;
	size_t olen = strlen(origin);
	const char *p = list;
	while (*p) {
		while (*p == ',' || *p == ' ' || *p == '\t')
			p++;
		size_t n = strcspn(p, ", \t");
		if (n && n == olen && strncasecmp(p, origin, n) == 0)
			return true;
		p += n;
	}
	return false;
}

/* gzip of body (RFC 1952 framing, zlib's windowBits 15 + 16): 0, or -1
 * (the body then stays as it is). */
static int gzip_body(char **body, size_t *len)
{
	z_stream z;
	memset(&z, 0, sizeof z);
	if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return -1;
	uLong cap = deflateBound(&z, (uLong)*len);
	unsigned char *out = malloc(cap);
	if (!out) {
		deflateEnd(&z);
		return -1;
	}
	z.next_in = (unsigned char *)*body;
	z.avail_in = (uInt)*len;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	int rc = deflate(&z, Z_FINISH);
	size_t n = z.total_out;
	deflateEnd(&z);
	if (rc != Z_STREAM_END) {
		free(out);
		return -1;
	}
	free(*body);
	*body = (char *)out;
	*len = n;
	return 0;
}

void negotiate(const struct negotiate_in *in, int status, char **body, size_t *len,
               struct negotiate_out *out)
{
	memset(out, 0, sizeof *out);
	bool get =
	        in->method && (strcmp(in->method, "GET") == 0 || strcmp(in->method, "HEAD") == 0);
	if (!get || status != 200 || !*body)
		return;
	bool big = *len >= NEGOTIATE_GZIP_MIN;
	bool gz = big && negotiate_accepts_gzip(in->accept_encoding);
	out->vary_encoding = big;
	/* A strong tag per representation (RFC 9110 §8.8.3.3): the gzip form
	 * is other bytes, so it has its own tag. */
	char hex[33];
	if (in->tag && strlen(in->tag) == 32) { /* the handler hashed these bytes already */
		memcpy(hex, in->tag, sizeof hex);
	} else {
		unsigned char h[16];
		crypto_generichash(h, sizeof h, (const unsigned char *)*body, *len, NULL, 0);
		sodium_bin2hex(hex, sizeof hex, h, sizeof h);
	}
	snprintf(out->etag, sizeof out->etag, "\"%s%s\"", hex, gz ? "-gz" : "");
	if (negotiate_etag_matches(in->if_none_match, out->etag)) {
		out->not_modified = true;
		free(*body);
		*body = NULL;
		*len = 0;
		return;
	}
	if (gz && gzip_body(body, len) == 0)
		out->gzip = true;
	else if (gz) /* compression failed: the tag must name the plain bytes */
		snprintf(out->etag, sizeof out->etag, "\"%s\"", hex);
}
