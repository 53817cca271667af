/* check_utf8.c: lib/util/utf8.c, the one UTF-8 decoder, validity check,
 * count and cut of the tree (RFC 3629: no overlong forms, no surrogates,
 * nothing past U+10FFFF), and ALLOC_GROW (lib/util/grow.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "util/grow.h"
#include "util/utf8.h"

static size_t dec(const char *s, size_t n, uint32_t *cp)
{
	return utf8_decode((const unsigned char *)s, n, cp);
}

START_TEST(test_decode)
{
	uint32_t cp = 0;
	ck_assert_uint_eq(dec("A", 1, &cp), 1);
	ck_assert_uint_eq(cp, 'A');
	ck_assert_uint_eq(dec("\xc3\xa6", 2, &cp), 2); /* æ */
	ck_assert_uint_eq(cp, 0xE6);
	ck_assert_uint_eq(dec("\xe2\x82\xac", 3, &cp), 3); /* € */
	ck_assert_uint_eq(cp, 0x20AC);
	ck_assert_uint_eq(dec("\xf0\x9f\x98\x80", 4, &cp), 4); /* U+1F600 */
	ck_assert_uint_eq(cp, 0x1F600);
	ck_assert_uint_eq(dec("\xf4\x8f\xbf\xbf", 4, &cp), 4); /* U+10FFFF */
	/* not UTF-8 */
	ck_assert_uint_eq(dec("\xc0\xaf", 2, &cp), 0);         /* overlong '/' */
	ck_assert_uint_eq(dec("\xe0\x80\xaf", 3, &cp), 0);     /* overlong */
	ck_assert_uint_eq(dec("\xed\xa0\x80", 3, &cp), 0);     /* surrogate U+D800 */
	ck_assert_uint_eq(dec("\xf4\x90\x80\x80", 4, &cp), 0); /* U+110000 */
	ck_assert_uint_eq(dec("\x80", 1, &cp), 0);             /* a lone continuation */
	ck_assert_uint_eq(dec("\xc3", 1, &cp), 0);             /* cut short */
	ck_assert_uint_eq(dec("\xc3(", 2, &cp), 0);
	ck_assert_uint_eq(dec("\xff", 1, &cp), 0);
	ck_assert_uint_eq(dec("", 0, &cp), 0);
}
END_TEST

START_TEST(test_valid_count_cut)
{
	ck_assert(utf8_valid("", 0));
	ck_assert(utf8_valid("bl\xc3\xa5 gr\xc3\xb8"
	                     "d",
	                     10));
	ck_assert(!utf8_valid("bl\xe5", 3)); /* Latin-1 å */
	ck_assert_uint_eq(utf8_count("bl\xc3\xa5 gr\xc3\xb8"
	                             "d",
	                             10),
	                  8);
	/* "æøå" is 6 bytes: a cut at 3 keeps "æ" whole, at 4 "æø" */
	const char *s = "\xc3\xa6\xc3\xb8\xc3\xa5";
	ck_assert_uint_eq(utf8_cut(s, 6, 3), 2);
	ck_assert_uint_eq(utf8_cut(s, 6, 4), 4);
	ck_assert_uint_eq(utf8_cut(s, 6, 6), 6);
	ck_assert_uint_eq(utf8_cut(s, 6, 10), 6);
	ck_assert_uint_eq(utf8_cut("\xe2\x82\xac!", 4, 2), 2); /* no character starts: cut at max */
	ck_assert_uint_eq(utf8_cut("ab\xe2\x82\xac", 5, 4), 2);
}
END_TEST

START_TEST(test_alloc_grow)
{
	int *a = NULL;
	size_t cap = 0;
	for (int i = 0; i < 1000; i++) {
		ck_assert_int_eq(ALLOC_GROW(a, (size_t)i + 1, cap), 0);
		ck_assert_uint_ge(cap, (size_t)i + 1);
		a[i] = i;
	}
	for (int i = 0; i < 1000; i++)
		ck_assert_int_eq(a[i], i);
	size_t was = cap;
	ck_assert_int_eq(ALLOC_GROW(a, 10, cap), 0); /* room already: nothing */
	ck_assert_uint_eq(cap, was);
	/* a size that overflows: refused, the array kept */
	int *keep = a;
	ck_assert_int_eq(ALLOC_GROW(a, SIZE_MAX / 2, cap), -1);
	ck_assert_ptr_eq(a, keep);
	ck_assert_uint_eq(cap, was);
	ck_assert_int_eq(a[999], 999);
	free(a);
}
END_TEST

TU_MAIN("utf8", 0, test_decode, test_valid_count_cut, test_alloc_grow)
