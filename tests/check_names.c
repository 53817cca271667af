/* check_names.c: lib/util/names.c, what a name and an e-mail address may
 * hold (issue 20): the findings of the issue (CR/LF, U+202E, a lone
 * space, "x@example.org,inj@evil.org") and their neighbours. */
#include <string.h>

#include "testutil.h"
#include "util/names.h"

static enum name_verdict check(const char *s)
{
	return name_check(s, strlen(s));
}

START_TEST(test_good_names)
{
	static const char *const ok[] = {
	        "alice",    "Bjørn Ågård", "Ægir Ødegaard", "O'Brien", "DM 2027 klasse M",
	        "Jean-Luc", " padded ",    "Øst–Vest",      "日本",    "a"};
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
		ck_assert_msg(check(ok[i]) == NAME_OK, "\"%s\" is a good name", ok[i]);
}
END_TEST

START_TEST(test_bad_names)
{
	static const struct {
		const char *s;
		enum name_verdict v;
	} bad[] = {
	        {"", NAME_BLANK},
	        {" ", NAME_BLANK},
	        {"   ", NAME_BLANK},
	        {"\xc2\xa0", NAME_BLANK},      /* U+00A0 */
	        {"\xe2\x80\x8b", NAME_BLANK},  /* U+200B */
	        {"\xe3\x80\x80 ", NAME_BLANK}, /* U+3000 */
	        {"eve\r\nBcc: x", NAME_CONTROL},
	        {"eve\n", NAME_CONTROL},
	        {"eve\r", NAME_CONTROL},
	        {"a\tb", NAME_CONTROL},
	        {"a\x7f", NAME_CONTROL},
	        {"a\xc2\x85", NAME_CONTROL},        /* U+0085 NEL, a C1 control */
	        {"a\xe2\x80\xa8", NAME_CONTROL},    /* U+2028 */
	        {"\xe2\x80\xaegpj.exe", NAME_BIDI}, /* U+202E */
	        {"a\xe2\x80\xaa", NAME_BIDI},       /* U+202A */
	        {"a\xe2\x80\xac", NAME_BIDI},       /* U+202C */
	        {"a\xe2\x81\xa6", NAME_BIDI},       /* U+2066 */
	        {"a\xe2\x81\xa9", NAME_BIDI},       /* U+2069 */
	        {"a\xff", NAME_UTF8},
	        {"a\xc0\xaf", NAME_UTF8},     /* overlong '/' */
	        {"a\xed\xa0\x80", NAME_UTF8}, /* a surrogate */
	        {"a\xe2\x80", NAME_UTF8},     /* cut short */
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		ck_assert_msg(check(bad[i].s) == bad[i].v, "case %zu: %d, want %d", i,
		              check(bad[i].s), bad[i].v);
	/* A NUL inside the bytes is a control character. */
	ck_assert_int_eq(name_check("a\0b", 3), NAME_CONTROL);
	/* U+2069 is the last isolate; U+206A is none of them. */
	ck_assert_int_eq(check("a\xe2\x81\xaa"), NAME_OK);
	ck_assert_int_eq(check("a\xe2\x80\xa9"), NAME_CONTROL); /* U+2029 */
	ck_assert_str_eq(name_verdict_text(NAME_BIDI), "holds a bidirectional override or isolate");
}
END_TEST

START_TEST(test_email)
{
	static const char *const ok[] = {"alice@example.org", "a.b+c@mail.example.dk",
	                                 "x_y@sub-domain.example.com", "o'brien@example.ie",
	                                 "root@localhost"};
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
		ck_assert_msg(name_email_ok(ok[i]), "\"%s\" is an address", ok[i]);
	static const char *const bad[] = {"x@example.org,inj@evil.org",
	                                  "x@example.org inj@evil.org",
	                                  "a@b@c.org",
	                                  "no-at-sign",
	                                  "@example.org",
	                                  "a@",
	                                  "a@.org",
	                                  "a@org.",
	                                  "a@-x.org",
	                                  "a@x-.org",
	                                  ".a@x.org",
	                                  "a.@x.org",
	                                  "a..b@x.org",
	                                  "<a@x.org>",
	                                  "a@x.org\r\n",
	                                  "a b@x.org",
	                                  "\"a\"@x.org",
	                                  "a@x..org",
	                                  "",
	                                  "a@x_y.org",
	                                  "Alice <a@x.org>"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		ck_assert_msg(!name_email_ok(bad[i]), "\"%s\" is not one address", bad[i]);
	ck_assert(!name_email_ok(NULL));
	char longest[300];
	memset(longest, 'a', sizeof longest);
	memcpy(longest + 250, "@x.dk", 6);
	ck_assert(!name_email_ok(longest));
}
END_TEST

TU_MAIN("names", 0, test_good_names, test_bad_names, test_email)
