/* check_negotiate.c: the header rules of server/http/negotiate.c (issue
 * 23, docs/HTTP.md): Accept-Encoding's q=0, If-None-Match's weak
 * comparison, the CORS allow-list, and what negotiate() does to a body;
 * and the client's address as server/http/http.c writes it. */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "testutil.h"
#include "http/http.h"
#include "http/negotiate.h"

START_TEST(test_accepts_gzip)
{
	ck_assert(negotiate_accepts_gzip("gzip"));
	ck_assert(negotiate_accepts_gzip("deflate, gzip;q=0.5, br"));
	ck_assert(negotiate_accepts_gzip("GZIP"));
	ck_assert(negotiate_accepts_gzip("x-gzip"));
	ck_assert(negotiate_accepts_gzip("*"));
	ck_assert(!negotiate_accepts_gzip(NULL));
	ck_assert(!negotiate_accepts_gzip(""));
	ck_assert(!negotiate_accepts_gzip("identity"));
	ck_assert(!negotiate_accepts_gzip("gzip;q=0"));
	ck_assert(!negotiate_accepts_gzip("gzip; q=0.000"));
	ck_assert(!negotiate_accepts_gzip("*, gzip;q=0")); /* named beats * */
	ck_assert(!negotiate_accepts_gzip("*;q=0"));
	ck_assert(!negotiate_accepts_gzip("gzipx, xgzip"));
}
END_TEST

START_TEST(test_etag_matches)
{
	const char *tag = "\"abc\"";
	ck_assert(negotiate_etag_matches("\"abc\"", tag));
	ck_assert(negotiate_etag_matches("W/\"abc\"", tag));
	ck_assert(negotiate_etag_matches("\"x\", \"abc\"", tag));
	ck_assert(negotiate_etag_matches("*", tag));
	ck_assert(!negotiate_etag_matches("\"abcd\"", tag));
	ck_assert(!negotiate_etag_matches("\"ab\"", tag));
	ck_assert(!negotiate_etag_matches("abc", tag)); /* unquoted: not a tag */
	ck_assert(!negotiate_etag_matches("\"abc", tag));
	ck_assert(!negotiate_etag_matches(NULL, tag));
	ck_assert(!negotiate_etag_matches("\"abc\"", ""));
}
END_TEST

START_TEST(test_cors_allowed)
{
	const char *list = "https://a.example, https://b.example:8443";
	ck_assert(negotiate_cors_allowed(list, "https://a.example"));
	ck_assert(negotiate_cors_allowed(list, "HTTPS://A.EXAMPLE"));
	ck_assert(negotiate_cors_allowed(list, "https://b.example:8443"));
	ck_assert(!negotiate_cors_allowed(list, "https://b.example"));
	ck_assert(!negotiate_cors_allowed(list, "https://a.example.evil"));
	ck_assert(!negotiate_cors_allowed(list, "null"));
	ck_assert(!negotiate_cors_allowed("", "https://a.example"));
	ck_assert(!negotiate_cors_allowed(NULL, "https://a.example"));
	ck_assert(!negotiate_cors_allowed(list, NULL));
}
END_TEST

static char *body_of(size_t n)
{
	char *b = malloc(n);
	ck_assert_ptr_nonnull(b);
	for (size_t i = 0; i < n; i++)
		b[i] = "{\"moves\":[\"e4\",\"e5\"]}"[i % 21];
	return b;
}

START_TEST(test_negotiate_body)
{
	/* A large GET answer: a tag; gzip when asked, with its own tag, and
	 * the bytes inflate back to the body. */
	size_t n = 5000, len = n;
	char *body = body_of(n);
	struct negotiate_out plain, gz;
	struct negotiate_in in = {"GET", NULL, NULL, NULL};
	negotiate(&in, 200, &body, &len, &plain);
	ck_assert_uint_eq(len, n);
	ck_assert(!plain.gzip && plain.vary_encoding && !plain.not_modified);
	ck_assert_uint_eq(strlen(plain.etag), 34);
	in.accept_encoding = "gzip";
	negotiate(&in, 200, &body, &len, &gz);
	ck_assert(gz.gzip);
	ck_assert_uint_lt(len, n / 4);
	ck_assert_str_ne(gz.etag, plain.etag);
	char back[6000];
	uLongf blen = sizeof back;
	z_stream z;
	memset(&z, 0, sizeof z);
	ck_assert_int_eq(inflateInit2(&z, 15 + 16), Z_OK);
	z.next_in = (unsigned char *)body;
	z.avail_in = (uInt)len;
	z.next_out = (unsigned char *)back;
	z.avail_out = (uInt)blen;
	ck_assert_int_eq(inflate(&z, Z_FINISH), Z_STREAM_END);
	ck_assert_uint_eq(z.total_out, n);
	inflateEnd(&z);
	char *again = body_of(n);
	ck_assert_int_eq(memcmp(back, again, n), 0);
	free(body);

	/* If-None-Match with the tag: 304, the body gone. */
	len = n;
	in.accept_encoding = NULL;
	in.if_none_match = plain.etag;
	struct negotiate_out nm;
	negotiate(&in, 200, &again, &len, &nm);
	ck_assert(nm.not_modified);
	ck_assert_ptr_null(again);
	ck_assert_uint_eq(len, 0);

	/* The tag a handler computed of its bytes (api/game_json.c's answer
	 * cache) is the tag, without hashing them again. */
	char hex[33];
	memcpy(hex, plain.etag + 1, 32);
	hex[32] = '\0';
	struct negotiate_in known = {"GET", NULL, NULL, hex};
	struct negotiate_out kt;
	len = n;
	again = body_of(n);
	negotiate(&known, 200, &again, &len, &kt);
	ck_assert_str_eq(kt.etag, plain.etag);
	known.tag = "0123456789abcdef0123456789abcdef";
	negotiate(&known, 200, &again, &len, &kt);
	ck_assert_str_eq(kt.etag, "\"0123456789abcdef0123456789abcdef\"");
	free(again);
}
END_TEST

START_TEST(test_negotiate_leaves_others)
{
	/* No tag on errors, on POST, on small bodies no gzip and no Vary. */
	size_t len = 100;
	char *body = body_of(len);
	struct negotiate_out o;
	struct negotiate_in post = {"POST", NULL, "gzip", NULL};
	negotiate(&post, 200, &body, &len, &o);
	ck_assert(!o.etag[0] && !o.gzip && !o.vary_encoding);
	struct negotiate_in get = {"GET", "*", "gzip", NULL};
	negotiate(&get, 404, &body, &len, &o);
	ck_assert(!o.etag[0] && !o.not_modified);
	ck_assert_ptr_nonnull(body);
	get.if_none_match = NULL;
	negotiate(&get, 200, &body, &len, &o);
	ck_assert(o.etag[0] && !o.gzip && !o.vary_encoding);
	ck_assert_uint_eq(len, 100);
	free(body);
}
END_TEST

/* http_ipv4_text() writes what inet_ntop() writes, for every byte value
 * in every place, and cuts to the buffer. */
START_TEST(test_ipv4_text_is_inet_ntop)
{
	for (unsigned v = 0; v < 256; v++)
		for (int place = 0; place < 4; place++) {
			unsigned char b[4] = {192, 0, 2, 1};
			b[place] = (unsigned char)v;
			struct in_addr a;
			memcpy(&a.s_addr, b, 4);
			char want[INET_ADDRSTRLEN], got[INET_ADDRSTRLEN];
			ck_assert_ptr_nonnull(inet_ntop(AF_INET, &a, want, sizeof want));
			http_ipv4_text(&a, got, sizeof got);
			ck_assert_str_eq(got, want);
		}
	struct in_addr a;
	inet_pton(AF_INET, "255.255.255.255", &a);
	char small[8];
	http_ipv4_text(&a, small, sizeof small);
	ck_assert_str_eq(small, "255.255");
}
END_TEST

TU_MAIN("negotiate", 0, test_accepts_gzip, test_etag_matches, test_cors_allowed,
        test_negotiate_body, test_negotiate_leaves_others, test_ipv4_text_is_inet_ntop)
