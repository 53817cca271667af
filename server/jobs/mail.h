/* mail.h: one plain-text mail over SMTP with libcurl (docs/SWEEP.md).
 *
 * The sweep writes its mail to the mail_outbox table first and sends it
 * from there, so nothing here touches the database. */
#ifndef CORRCHESS_MAIL_H
#define CORRCHESS_MAIL_H

#include <stddef.h>

struct mail_server {
	const char *url;      /* smtp://host:port or smtps://host:port */
	const char *user;     /* NULL or "" = no login */
	const char *password;
	const char *from;     /* the envelope and From: address */
};

/* Builds the message (Date, From, To, Subject, Message-ID, MIME headers;
 * a non-ASCII subject in RFC 2047 form; line ends CRLF) into a new string;
 * NULL when out of memory.  msgid_seed makes the Message-ID unique. */
char *mail_format(const char *from, const char *to, const char *subject, const char *body,
		  long long msgid_seed);

/* Sends one mail; 0, or -1 with a sentence in err (bad address, no
 * connection, refused by the server).  Addresses with CR, LF, '<' or '>'
 * are refused before anything is sent. */
int mail_send(const struct mail_server *ms, const char *to, const char *subject,
	      const char *body, long long msgid_seed, char *err, size_t errlen);

#endif
