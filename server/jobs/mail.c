/* mail.c: one plain-text mail over SMTP with libcurl. */
#include "autoconfig.h"
#include "jobs/mail.h"

#include <curl/curl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "util/textbuf.h"
#include "util/utf8.h"

/* A whole message: a body of lib/notify NOTIFY_BODY_MAX, its line ends
 * made CRLF (and, encoded, up to three times as long), and the headers. */
#define MAIL_MAX (32 * 1024 * 1024)

static void puts_buf(struct textbuf *b, const char *s)
{
	textbuf_put(b, s, strlen(s));
}

/* A header value on one line: control characters (CR, LF, ...) become
 * spaces, so a user name can never start a header of its own. */
static void put_header_text(struct textbuf *b, const char *s)
{
	for (; *s; s++) {
		char c = (unsigned char)*s < 0x20 || *s == 0x7f ? ' ' : *s;
		textbuf_put(b, &c, 1);
	}
}

static bool is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return false;
	return true;
}

/* RFC 2047 "B" encoding of a UTF-8 header text, in words short enough
 * for RFC 5322 lines (39 bytes of text a word, never splitting a UTF-8
 * sequence). */
static void put_encoded_words(struct textbuf *b, const char *s)
{
	size_t n = strlen(s), i = 0;
	bool first = true;
	while (i < n) {
		size_t take = utf8_cut(s + i, n - i, 39); /* do not cut a character */
		puts_buf(b, first ? "=?utf-8?B?" : "\r\n =?utf-8?B?");
		first = false;
		char enc[sodium_base64_ENCODED_LEN(39, sodium_base64_VARIANT_ORIGINAL)];
		sodium_bin2base64(enc, sizeof enc, (const unsigned char *)s + i, take,
		                  sodium_base64_VARIANT_ORIGINAL);
		puts_buf(b, enc);
		puts_buf(b, "?=");
		i += take;
	}
}

/* ---- the body on the wire: quoted-printable (RFC 2045 6.7) ---- */

#define QP_LINE 76 /* RFC 2045 6.7 (5): encoded lines of at most 76 characters */

/* One encoded unit (a byte as it is, or "=XX") onto the line, with a soft
 * line break "=" CRLF first when it would not fit. */
static void qp_unit(struct textbuf *b, size_t *col, const char *u, size_t n)
{
	if (*col + n > QP_LINE - 1) {
		textbuf_put(b, "=\r\n", 3);
		*col = 0;
	}
	textbuf_put(b, u, n);
	*col += n;
}

/* The body, its lines ending in LF or CRLF, as quoted-printable lines
 * ending in CRLF: printable ASCII stays (RFC 2045 6.7 rules 1, 2), other
 * bytes and '=' become =XX, a blank before a line end =20 or =09 (rule
 * 3); a line's leading "From " and "." are encoded too, so that no mbox
 * or SMTP layer on the way changes them.  7-bit on the wire whatever the
 * server offers (no need for BODY=8BITMIME, RFC 6152). */
static void put_quoted_printable(struct textbuf *b, const char *body)
{
	static const char hex[] = "0123456789ABCDEF";
	const char *p = body;
	while (*p) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		size_t col = 0;
		for (size_t i = 0; i < n; i++) {
			unsigned char c = (unsigned char)p[i];
			bool last = i + 1 == n;
			bool literal = (c >= 33 && c <= 126 && c != '=') ||
			               ((c == ' ' || c == '\t') && !last);
			if (i == 0 && (c == '.' || (c == 'F' && strncmp(p, "From ", 5) == 0)))
				literal = false;
			if (literal) {
				char ch = (char)c;
				qp_unit(b, &col, &ch, 1);
			} else {
				char q[3] = {'=', hex[c >> 4], hex[c & 15]};
				qp_unit(b, &col, q, 3);
			}
		}
		textbuf_put(b, "\r\n", 2);
		if (!end)
			break;
		p = end + 1;
	}
}

/* ---- placeholders filled when sending ---- */

/* The domain of address from (RFC 5322 3.6.4 id-right), or "localhost". */
static void from_domain(const char *from, char *out, size_t len)
{
	const char *at = from ? strrchr(from, '@') : NULL;
	snprintf(out, len, "%s", at && at[1] ? at + 1 : "localhost");
	out[strcspn(out, "<>()[]\\,;:\"@ \t\r\n")] = '\0';
	if (!out[0])
		snprintf(out, len, "localhost");
}

char *mail_fill(const char *text, const char *base_url, const char *from)
{
	char domain[128];
	from_domain(from, domain, sizeof domain);
	const char *base = base_url ? base_url : "";
	size_t bl = strlen(base);
	if (bl && base[bl - 1] == '/')
		bl--;
	struct textbuf b = TEXTBUF_INIT(MAIL_MAX);
	textbuf_put(&b, "", 0);
	const size_t ml = strlen(MAIL_BASE_URL), dl = strlen(MAIL_DOMAIN);
	for (const char *p = text ? text : ""; *p;) {
		if (strncmp(p, MAIL_BASE_URL, ml) == 0) {
			textbuf_put(&b, base, bl);
			p += ml;
		} else if (strncmp(p, MAIL_DOMAIN, dl) == 0) {
			puts_buf(&b, domain);
			p += dl;
		} else {
			textbuf_put(&b, p++, 1);
		}
	}
	if (b.full || !b.p) {
		free(b.p);
		return NULL;
	}
	return b.p;
}

char *mail_format_msg(const char *from, const struct mail_msg *m)
{
	const char *to = m->to, *subject = m->subject, *body = m->body;
	long long msgid_seed = m->seed;

	struct textbuf b = TEXTBUF_INIT(MAIL_MAX);
	char line[256];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	/* RFC 5322 3.3; the English names regardless of the locale. */
	static const char *const wd[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
	static const char *const mo[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
	                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
	snprintf(line, sizeof line, "Date: %s, %02d %s %04d %02d:%02d:%02d +0000\r\n",
	         wd[tm.tm_wday], tm.tm_mday, mo[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour,
	         tm.tm_min, tm.tm_sec);
	puts_buf(&b, line);
	puts_buf(&b, "From: ");
	put_header_text(&b, from);
	puts_buf(&b, "\r\nTo: ");
	put_header_text(&b, to);
	puts_buf(&b, "\r\nSubject: ");
	if (is_ascii(subject))
		put_header_text(&b, subject);
	else
		put_encoded_words(&b, subject);
	const char *at = strchr(from, '@');
	if (m->message_id && *m->message_id) {
		/* Fixed when queued: a mail sent again is the same message. */
		puts_buf(&b, "\r\nMessage-ID: ");
		put_header_text(&b, m->message_id);
		puts_buf(&b, "\r\n");
	} else {
		snprintf(line, sizeof line, "\r\nMessage-ID: <corrchess.%lld.%lld.%ld@%s>\r\n",
		         msgid_seed, (long long)now, (long)getpid(),
		         at && at[1] ? at + 1 : "localhost");
		puts_buf(&b, line);
	}
	if (m->unsubscribe && *m->unsubscribe) {
		/* RFC 2369 3.2 and RFC 8058: one click, an HTTPS POST. */
		puts_buf(&b, "List-Unsubscribe: <");
		put_header_text(&b, m->unsubscribe);
		puts_buf(&b, ">\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
	}
	/* RFC 3834: written by a program, not to be answered by one. */
	puts_buf(&b, "Auto-Submitted: auto-generated\r\n");
	puts_buf(&b, "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n"
	             "Content-Transfer-Encoding: quoted-printable\r\n\r\n");
	/* Line ends CRLF (RFC 5321 2.3.8), 7-bit, lines of at most 76. */
	put_quoted_printable(&b, body);
	if (b.len < 2 || b.p[b.len - 1] != '\n')
		puts_buf(&b, "\r\n");
	if (b.full) {
		free(b.p);
		return NULL;
	}
	return b.p;
}

char *mail_format(const char *from, const char *to, const char *subject, const char *body,
                  long long msgid_seed)
{
	struct mail_msg m = {to, subject, body, NULL, NULL, msgid_seed};
	return mail_format_msg(from, &m);
}

struct upload {
	const char *p;
	size_t left;
};

static size_t read_cb(char *buf, size_t size, size_t nitems, void *ctx)
{
	struct upload *u = ctx;
	size_t n = size * nitems < u->left ? size * nitems : u->left;
	memcpy(buf, u->p, n);
	u->p += n;
	u->left -= n;
	return n;
}

static bool address_ok(const char *a)
{
	return a && *a && !strpbrk(a, "\r\n<>") && strchr(a, '@');
}

int mail_send(const struct mail_server *ms, const char *to, const char *subject, const char *body,
              long long msgid_seed, char *err, size_t errlen)
{
	struct mail_msg m = {to, subject, body, NULL, NULL, msgid_seed};
	return mail_send_msg(ms, &m, err, errlen);
}

/* The message mm as it goes out from ms: its placeholders filled
 * (mail_fill()), then formatted; new, NULL when out of memory. */
static char *format_filled(const struct mail_server *ms, const struct mail_msg *mm)
{
	struct mail_msg m = *mm;
	char *body = mail_fill(mm->body, ms->base_url, ms->from);
	char *unsub = mm->unsubscribe ? mail_fill(mm->unsubscribe, ms->base_url, ms->from) : NULL;
	char *id = mm->message_id ? mail_fill(mm->message_id, ms->base_url, ms->from) : NULL;
	char *msg = NULL;
	if (body && (unsub || !mm->unsubscribe) && (id || !mm->message_id)) {
		m.body = body;
		m.unsubscribe = unsub;
		m.message_id = id;
		msg = mail_format_msg(ms->from, &m);
	}
	free(body);
	free(unsub);
	free(id);
	return msg;
}

int mail_send_msg(const struct mail_server *ms, const struct mail_msg *mm, char *err, size_t errlen)
{
	const char *to = mm->to;
	if (!ms->url || !*ms->url) {
		snprintf(err, errlen, "smtp_url is not set");
		return -1;
	}
	if (!address_ok(to)) { /* never deliverable: not tried again */
		snprintf(err, errlen, "not a usable address: \"%s\"", to ? to : "");
		return MAIL_REFUSED;
	}
	if (!address_ok(ms->from)) { /* the operator's to fix: tried again */
		snprintf(err, errlen, "not a usable address: \"%s\"", ms->from ? ms->from : "");
		return -1;
	}
	char *msg = format_filled(ms, mm);
	CURL *c = curl_easy_init();
	if (!msg || !c) {
		free(msg);
		curl_easy_cleanup(c);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	char from_env[320], to_env[320];
	snprintf(from_env, sizeof from_env, "<%s>", ms->from);
	snprintf(to_env, sizeof to_env, "<%s>", to);
	struct curl_slist *rcpt = curl_slist_append(NULL, to_env);
	struct upload up = {msg, strlen(msg)};
	char cerr[CURL_ERROR_SIZE] = "";
	curl_easy_setopt(c, CURLOPT_URL, ms->url);
	curl_easy_setopt(c, CURLOPT_MAIL_FROM, from_env);
	curl_easy_setopt(c, CURLOPT_MAIL_RCPT, rcpt);
	curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
	curl_easy_setopt(c, CURLOPT_READFUNCTION, read_cb);
	curl_easy_setopt(c, CURLOPT_READDATA, &up);
	curl_easy_setopt(c, CURLOPT_INFILESIZE, (long)up.left);
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, cerr);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 15L);
	curl_easy_setopt(c, CURLOPT_TIMEOUT, 60L);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	/* smtps:// is TLS from the start.  On smtp:// a password must never
	 * cross the wire in clear: with smtp_user set STARTTLS is required
	 * (CURLUSESSL_ALL), so a man in the middle who strips the server's
	 * STARTTLS offer gets a failed send, not the password (issue 10).
	 * Without a login, STARTTLS when offered (a relay on the host). */
	bool login = ms->user && *ms->user;
	curl_easy_setopt(c, CURLOPT_USE_SSL, (long)(login ? CURLUSESSL_ALL : CURLUSESSL_TRY));
	if (login) {
		curl_easy_setopt(c, CURLOPT_USERNAME, ms->user);
		curl_easy_setopt(c, CURLOPT_PASSWORD, ms->password ? ms->password : "");
	}
	CURLcode rc = rcpt ? curl_easy_perform(c) : CURLE_OUT_OF_MEMORY;
	long code = 0;
	if (rc != CURLE_OK) {
		curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
		snprintf(err, errlen, "%s: %s", ms->url, cerr[0] ? cerr : curl_easy_strerror(rc));
		if (code >= 400 && code <= 599) {
			size_t n = strlen(err);
			snprintf(err + n, errlen - n, " (SMTP %ld)", code);
		}
	}
	curl_slist_free_all(rcpt);
	curl_easy_cleanup(c);
	free(msg);
	/* RFC 5321 4.2.1: a 5yz reply is a permanent failure (the address does
	 * not exist, is not accepted, is malformed): trying again cannot
	 * help.  4yz and no reply at all are tried again. */
	if (rc == CURLE_OK)
		return 0;
	return code >= 500 && code <= 599 ? MAIL_REFUSED : -1;
}
