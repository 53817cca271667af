/* check_mail.c: the mail text the sweep sends (server/mail.c): headers
 * on one line each whatever the names hold, RFC 2047 subjects, CRLF line
 * ends, and the addresses refused before any connection. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jobs/mail.h"
#include "mail_testutil.h"
#include "testutil.h"

START_TEST(test_plain_message)
{
	char *m = mail_format("corrchess@club.example", "alice@example.org",
	                      "corrchess: reminder, game 7 (alice - bob)",
	                      "Hello alice,\n\nline two\n.a leading dot\n", 7);
	ck_assert_ptr_nonnull(m);
	char v[512];
	tu_mail_header_is(m, "From", "corrchess@club.example");
	tu_mail_header_is(m, "To", "alice@example.org");
	tu_mail_header_is(m, "Subject", "corrchess: reminder, game 7 (alice - bob)");
	tu_mail_header(m, "Message-ID", v, sizeof v);
	ck_assert_msg(strstr(v, "<corrchess.7.") == v && strstr(v, "@club.example>"), "%s", v);
	tu_mail_header_is(m, "Content-Type", "text/plain; charset=utf-8");
	tu_mail_header(m, "Date", v, sizeof v);
	ck_assert_msg(strlen(v) == 31 && strstr(v, " +0000"), "RFC 5322 date: %s", v);
	tu_mail_header_is(m, "Content-Transfer-Encoding", "quoted-printable");
	/* Every line ends in CRLF; the body is kept, a leading dot encoded. */
	for (const char *p = m; (p = strchr(p, '\n')) != NULL; p++)
		ck_assert_msg(p > m && p[-1] == '\r', "a bare LF at %ld", (long)(p - m));
	ck_assert_ptr_nonnull(
	        strstr(m, "\r\n\r\nHello alice,\r\n\r\nline two\r\n=2Ea leading dot\r\n"));
	free(m);
}
END_TEST

/* Decodes a quoted-printable body (RFC 2045 6.7) into out: hard line ends
 * become "\n", soft ones ("=" CRLF) vanish. */
static void qp_decode(const char *in, char *out, size_t n)
{
	size_t o = 0;
	for (const char *p = in; *p && o + 1 < n;) {
		if (p[0] == '=' && p[1] == '\r' && p[2] == '\n') {
			p += 3;
		} else if (p[0] == '=') {
			unsigned v;
			ck_assert_int_eq(sscanf(p + 1, "%2X", &v), 1);
			out[o++] = (char)v;
			p += 3;
		} else if (p[0] == '\r' && p[1] == '\n') {
			out[o++] = '\n';
			p += 2;
		} else {
			out[o++] = *p++;
		}
	}
	out[o] = '\0';
}

/* Issue 23: the body is quoted-printable: 7-bit, lines of at most 76
 * characters, trailing blanks and a leading "From " encoded, and it
 * decodes to the text given. */
START_TEST(test_quoted_printable)
{
	const char *body = "Hej Søren Ærø,\n\nDit træk 12... Sf6 = godt.  \nFrom here on\n"
	                   "a line long enough to be broken: æææææææææææææææææææææææææææææææææææ"
	                   "ææææææææææææææææææææææææææ ending\ttab\t\n.\nlast line";
	char *m = mail_format("x@example.org", "s@example.org", "s", body, 3);
	ck_assert_ptr_nonnull(m);
	const char *text = strstr(m, "\r\n\r\n") + 4;
	for (const char *l = text; *l;) {
		const char *e = strstr(l, "\r\n");
		ck_assert_ptr_nonnull(e);
		ck_assert_msg(e - l <= 76, "a line of %ld characters", (long)(e - l));
		for (const char *c = l; c < e; c++)
			ck_assert_msg(((unsigned char)*c >= 32 && (unsigned char)*c < 127) ||
			                      *c == '\t',
			              "a byte 0x%02x on the wire", (unsigned char)*c);
		ck_assert_msg(e == l || (e[-1] != ' ' && e[-1] != '\t'),
		              "a blank before a line end");
		l = e + 2;
	}
	TU_CONTAINS(text, "Hej S=C3=B8ren =C3=86r=C3=B8,\r\n", "Sf6 =3D godt. =20\r\n",
	            "\r\n=46rom here on\r\n", "\r\n=2E\r\n");
	char dec[1024];
	qp_decode(text, dec, sizeof dec);
	char want[1024];
	snprintf(want, sizeof want, "%s\n", body);
	ck_assert_str_eq(dec, want);
	free(m);
}
END_TEST

/* Issue 23: the placeholders of a queued mail take base_url and the
 * domain of mail_from as they are when it is sent. */
START_TEST(test_fill)
{
	char *s = mail_fill("See " MAIL_BASE_URL "/games/7 and " MAIL_BASE_URL
	                    "/account.\n<corrchess.ab@" MAIL_DOMAIN ">",
	                    "https://chess.example/", "Corrchess <corrchess@club.example>");
	ck_assert_str_eq(s, "See https://chess.example/games/7 and https://chess.example/account.\n"
	                    "<corrchess.ab@club.example>");
	free(s);
	s = mail_fill(MAIL_BASE_URL "/x " MAIL_DOMAIN, NULL, "nobody");
	ck_assert_str_eq(s, "/x localhost");
	free(s);
	s = mail_fill("plain \x01text\x01 kept", "https://a", "a@b");
	ck_assert_str_eq(s, "plain \x01text\x01 kept");
	free(s);
}
END_TEST

START_TEST(test_header_injection)
{
	/* A user name with line breaks must not add a header. */
	char *m = mail_format("x@example.org", "bob@example.org",
	                      "game 1 (eve\r\nBcc: victim@example.org - bob)", "body", 1);
	ck_assert_ptr_nonnull(m);
	const char *end = strstr(m, "\r\n\r\n");
	const char *bcc = strstr(m, "Bcc:");
	ck_assert_msg(!bcc || bcc > end || bcc[-1] != '\n', "a header was injected:\n%s", m);
	tu_mail_header_is(m, "Subject", "game 1 (eve  Bcc: victim@example.org - bob)");
	free(m);
}
END_TEST

START_TEST(test_utf8_subject)
{
	/* Danish names: RFC 2047 words that decode to the subject, never a
	 * character cut in two, lines short enough (RFC 5322 2.1.1). */
	const char *subject = "corrchess: reminder, game 12 (Søren Ærø - Åse Øberg-Jørgensen "
	                      "og endnu længere navne for at få flere ord)";
	char *m = mail_format("x@example.org", "s@example.org", subject, "body", 12);
	ck_assert_ptr_nonnull(m);
	char v[1024], decoded[512];
	tu_mail_header(m, "Subject", v, sizeof v);
	tu_mail_decode_words(v, decoded, sizeof decoded);
	ck_assert_str_eq(decoded, subject);
	for (const char *l = m; l && *l; l = strstr(l, "\r\n") ? strstr(l, "\r\n") + 2 : NULL) {
		const char *e = strstr(l, "\r\n");
		ck_assert_msg(!e || e - l <= 78, "a header line of %ld characters", (long)(e - l));
		if (e && e[2] == '\r')
			break; /* the end of the headers */
	}
	free(m);
	/* Bytes that are not UTF-8 (continuation bytes only) still end. */
	char junk[100];
	memset(junk, 0x80, sizeof junk - 1);
	junk[sizeof junk - 1] = '\0';
	m = mail_format("x@example.org", "s@example.org", junk, "body", 13);
	ck_assert_ptr_nonnull(m);
	free(m);
}
END_TEST

START_TEST(test_refused_addresses)
{
	struct mail_server ms = {"smtp://127.0.0.1:9", NULL, NULL, "corrchess@example.org", NULL};
	char err[256];
	const char *bad[] = {"", "no-at-sign", "a@b>\r\nRCPT TO:<c@d", "<a@b>", "a@b\n"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		err[0] = '\0';
		/* Never deliverable: refused for good, not tried again (issue 20). */
		ck_assert_int_eq(mail_send(&ms, bad[i], "s", "b", 1, err, sizeof err),
		                 MAIL_REFUSED);
		ck_assert_msg(strstr(err, "not a usable address"), "%s: %s", bad[i], err);
	}
	struct mail_server none = {"", NULL, NULL, "corrchess@example.org", NULL};
	ck_assert_int_eq(mail_send(&none, "a@example.org", "s", "b", 1, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "smtp_url"), "%s", err);
}
END_TEST

TU_MAIN("mail", 0, test_plain_message, test_header_injection, test_utf8_subject,
        test_refused_addresses, test_quoted_printable, test_fill)
