/* base/mail_marks.h: the placeholders a queued mail holds for what the
 * configuration decides when it is sent (issue 23; docs/NOTIFY.md).
 *
 * svc/svc_notify.c writes them into the outbox (the links of the text,
 * List-Unsubscribe, the Message-ID); jobs/mail.c's mail_fill() puts in
 * the server's base_url and the domain of its mail_from as they are when
 * the mail goes out, so a mail queued before the server was configured
 * carries the configured links and Message-ID domain.  Control
 * characters: no user text, which lib/notify cleans of them, can forge
 * one. */
#ifndef CORRCHESS_MAIL_MARKS_H
#define CORRCHESS_MAIL_MARKS_H

#define MAIL_BASE_URL                                                                              \
	"\x01"                                                                                     \
	"base_url"                                                                                 \
	"\x01"
#define MAIL_DOMAIN                                                                                \
	"\x01"                                                                                     \
	"domain"                                                                                   \
	"\x01"

#endif
