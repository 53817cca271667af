/* mail.h: one plain-text mail over SMTP with libcurl (docs/SWEEP.md).
 *
 * The sweep writes its mail to the mail_outbox table first and sends it
 * from there, so nothing here touches the database. */
#ifndef CORRCHESS_MAIL_H
#define CORRCHESS_MAIL_H

#include <stddef.h>

#include "base/mail_marks.h"

struct mail_server {
	const char *url;  /* smtp://host:port or smtps://host:port */
	const char *user; /* NULL or "" = no login */
	const char *password;
	const char *from;     /* the envelope and From: address */
	const char *base_url; /* put for MAIL_BASE_URL when sending; NULL = "" */
};

/* MAIL_BASE_URL and MAIL_DOMAIN (base/mail_marks.h): the placeholders a
 * queued mail holds (body, List-Unsubscribe, Message-ID), filled by
 * mail_send_msg() as the mail goes out. */

/* text with MAIL_BASE_URL replaced by base_url (NULL = "", a trailing
 * '/' dropped) and MAIL_DOMAIN by the domain of the address from
 * ("localhost" without one): new string, NULL when out of memory. */
char *mail_fill(const char *text, const char *base_url, const char *from);

/* One mail as the outbox holds it. */
struct mail_msg {
	const char *to, *subject, *body;
	const char *message_id;  /* "<...@...>" fixed when queued; NULL = made from seed */
	const char *unsubscribe; /* a URL: List-Unsubscribe with the one-click
	                            List-Unsubscribe-Post of RFC 8058; NULL = none */
	long long seed;          /* makes a Message-ID unique when message_id is NULL */
};

/* Builds the message m from `from` as mail_format() does, with its own
 * Message-ID and the List-Unsubscribe headers when given (new string;
 * NULL when out of memory).  A header value with CR or LF in it is put
 * on one line. */
char *mail_format_msg(const char *from, const struct mail_msg *m);

/* mail_send_msg()'s answer when the relay refused the mail for good (an
 * SMTP 5xx reply, RFC 5321 4.2.1) or the recipient is not an address at
 * all: it must not be tried again. */
#define MAIL_REFUSED (-2)

/* Sends m like mail_send(), its placeholders filled from ms (mail_fill());
 * 0, or -1 with a sentence in err (try again later), or MAIL_REFUSED. */
int mail_send_msg(const struct mail_server *ms, const struct mail_msg *m, char *err, size_t errlen);

/* Builds the message (Date, From, To, Subject, Message-ID, MIME headers;
 * a non-ASCII subject in RFC 2047 form; the body quoted-printable, RFC
 * 2045 6.7, so that it is 7-bit on the wire whatever the server offers;
 * line ends CRLF) into a new string; NULL when out of memory.  msgid_seed
 * makes the Message-ID unique. */
char *mail_format(const char *from, const char *to, const char *subject, const char *body,
                  long long msgid_seed);

/* Sends one mail; 0, or -1 with a sentence in err (bad address, no
 * connection, refused by the server).  Addresses with CR, LF, '<' or '>'
 * are refused before anything is sent. */
int mail_send(const struct mail_server *ms, const char *to, const char *subject, const char *body,
              long long msgid_seed, char *err, size_t errlen);

#endif
